#!/usr/bin/env python3
"""What the official MCP Python SDK sees of an `everything` server's prompts and resources.

Usage:
    everything_port.py URL

Connects to the Streamable HTTP server at URL with `ClientSession` (a 2025-11-25 session),
lists its prompts, resources and templates, gets each prompt, reads fixed and template
resources, asks for completions, subscribes to a resource and waits for the update that
`toggle-subscriber-updates` makes the server send. Prints one line per observation and a
closing `observations: {json}` line, which the test (tests/tests/end_to_end/everything_port.rs)
compares between the reference server and its port. Exits non-zero if a request fails in a
way the checks do not expect.
"""

from __future__ import annotations

import asyncio
import json
import sys
import warnings
from typing import Any

import anyio
import mcp.types as types
from mcp import ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPDeprecationWarning

# Upper bound of the whole run, so a hung server fails it instead of hanging it.
RUN_TIMEOUT_S = 120
# The reference server announces updates every five seconds, the first at once.
UPDATE_TIMEOUT_S = 30

SUBSCRIBED = "demo://resource/dynamic/text/1"

PROMPTS: list[tuple[str, str, dict[str, str]]] = [
    ("simple-prompt", "simple-prompt", {}),
    ("args-prompt city state", "args-prompt", {"city": "Paris", "state": "Texas"}),
    ("args-prompt city", "args-prompt", {"city": "Paris"}),
    ("completable-prompt", "completable-prompt", {"department": "Sales", "name": "Eve"}),
    ("resource-prompt Text 1", "resource-prompt", {"resourceType": "Text", "resourceId": "1"}),
    ("resource-prompt Blob 2", "resource-prompt", {"resourceType": "Blob", "resourceId": "2"}),
    ("args-prompt without city", "args-prompt", {}),
    ("resource-prompt Foo", "resource-prompt", {"resourceType": "Foo", "resourceId": "1"}),
    ("resource-prompt id 0", "resource-prompt", {"resourceType": "Text", "resourceId": "0"}),
]

READS = [
    "demo://resource/static/document/instructions.md",
    "demo://resource/dynamic/text/1",
    "demo://resource/dynamic/blob/2",
    "demo://resource/dynamic/text/abc",
    "demo://nothing",
]

PROMPT_COMPLETIONS: list[tuple[str, str, str, str, dict[str, str] | None]] = [
    ("department S", "completable-prompt", "department", "S", None),
    ("name of Sales", "completable-prompt", "name", "", {"department": "Sales"}),
    ("name without department", "completable-prompt", "name", "", None),
    ("resourceType B", "resource-prompt", "resourceType", "B", None),
    ("resourceId 3", "resource-prompt", "resourceId", "3", None),
]

TEMPLATE_COMPLETIONS: list[tuple[str, str, str, str]] = [
    ("text resourceId 7", "demo://resource/dynamic/text/{resourceId}", "resourceId", "7"),
    ("blob resourceId x", "demo://resource/dynamic/blob/{resourceId}", "resourceId", "x"),
]


def dumped(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def observe(url: str) -> dict[str, Any]:
    updates: list[str] = []

    async def on_message(message: Any) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(str(message.params.uri))

    seen: dict[str, Any] = {}

    def record(key: str, value: Any) -> None:
        seen[key] = value
        print(f"{key}: {json.dumps(value)[:200]}", flush=True)

    async def outcome(request: Any) -> Any:
        try:
            return dumped(await request)
        except MCPError as err:
            return {"error": err.error.code}

    async with streamable_http_client(url) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            init = await session.initialize()
            record("server", init.server_info.name)
            record("instructions", init.instructions)
            record("prompts", [dumped(p) for p in (await session.list_prompts()).prompts])
            record("resources", [dumped(r) for r in (await session.list_resources()).resources])
            templates = (await session.list_resource_templates()).resource_templates
            record("templates", [dumped(t) for t in templates])
            tools = [t.name for t in (await session.list_tools()).tools]
            record("toggle listed", "toggle-subscriber-updates" in tools)
            for key, name, arguments in PROMPTS:
                record(f"get {key}", await outcome(session.get_prompt(name, arguments)))
            for uri in READS:
                record(f"read {uri}", await outcome(session.read_resource(uri)))
            for key, prompt, argument, value, given in PROMPT_COMPLETIONS:
                ref = types.PromptReference(name=prompt)
                answer = await session.complete(ref, {"name": argument, "value": value}, given)
                record(f"complete {key}", dumped(answer.completion))
            for key, template, argument, value in TEMPLATE_COMPLETIONS:
                ref = types.ResourceTemplateReference(uri=template)
                answer = await session.complete(ref, {"name": argument, "value": value})
                record(f"complete {key}", dumped(answer.completion))

            # A client reads a resource, subscribes, and hears of its updates while the
            # simulation runs. The SDK deprecates `resources/subscribe` for 2026-07-28 only.
            await session.read_resource(SUBSCRIBED)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                await session.subscribe_resource(SUBSCRIBED)
            started = await session.call_tool("toggle-subscriber-updates", {})
            record("toggle on is an error", bool(started.is_error))
            with anyio.fail_after(UPDATE_TIMEOUT_S):
                while SUBSCRIBED not in updates:
                    await anyio.sleep(0.01)
            record("updated", SUBSCRIBED)
            stopped = await session.call_tool("toggle-subscriber-updates", {})
            record("toggle off is an error", bool(stopped.is_error))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                await session.unsubscribe_resource(SUBSCRIBED)
    return seen


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2

    async def run() -> dict[str, Any]:
        with anyio.fail_after(RUN_TIMEOUT_S):
            return await observe(sys.argv[1])

    seen = asyncio.run(run())
    print("observations: " + json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
