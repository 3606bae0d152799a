#!/usr/bin/env python3
"""End-to-end checks of the fixture server with the official MCP Python SDK (`pip install mcp`).

Usage:
    client_e2e.py FIXTURE_SERVER --expect-server NAME/VERSION --expect-tools a,b,c

Runs the same checks over four connections: stdio and Streamable HTTP, each with the legacy
`initialize` handshake (`ClientSession`) and with the SDK's automatic negotiation (`mcp.Client`,
which prefers the 2026-07-28 revision). Besides the tools, the checks cover the server's prompt,
its fixed and template resources, completions, and the update a subscriber hears after a tool
changes a resource (`resources/subscribe` in a 2025-11-25 session, `Client.listen` under
2026-07-28). Prints one line per check and a closing "python-e2e: N passed, M failed" line;
exits non-zero if any check failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable

import anyio
import mcp.types as types
from mcp import Client, ClientSession, MCPError, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.client.subscriptions import ResourceUpdated
from mcp.shared.exceptions import MCPDeprecationWarning

# Upper bound of one check, so a hung server fails the run instead of hanging it.
CHECK_TIMEOUT_S = 30
# Upper bound of connecting (spawning the server, handshake).
CONNECT_TIMEOUT_S = 30

INVALID_PARAMS = -32602
ERROR_META = "mcp-tools/error"
DEPRECATED_META = "mcp-tools/deprecated"
MASKED = re.compile(
    r"^internal error \(reference ([0-9a-f]{8})\): the server could not complete this call and "
    r"logged the details\. Retrying the same call is unlikely to help; report the reference if it "
    r"persists\.$"
)


class Failed(AssertionError):
    """A check found the server doing something other than expected."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Failed(message)


def expect_eq(actual: Any, expected: Any, what: str) -> None:
    if actual != expected:
        raise Failed(f"{what}: expected {expected!r}, got {actual!r}")


def text_of(result: types.CallToolResult) -> str:
    expect_eq(len(result.content), 1, "number of content blocks")
    block = result.content[0]
    expect(isinstance(block, types.TextContent), f"expected a text block, got {block!r}")
    return block.text


def meta_of(result: types.CallToolResult, key: str) -> Any:
    return (result.meta or {}).get(key)


def expect_error(result: types.CallToolResult, kind: str) -> str:
    expect(result.is_error is True, f"expected isError, got {result!r}")
    detail = meta_of(result, ERROR_META)
    expect(detail is not None and detail.get("kind") == kind, f"expected error kind {kind}: {result!r}")
    return text_of(result)


def expect_masked(result: types.CallToolResult) -> str:
    text = expect_error(result, "internal")
    match = MASKED.match(text)
    expect(match is not None, f"not a masked internal error: {text!r}")
    reference = match.group(1)
    expect_eq(meta_of(result, ERROR_META).get("reference"), reference, "reference in _meta")
    return reference


class Connection:
    """One client connection, the same surface over `ClientSession` and `mcp.Client`."""

    def __init__(self, label: str, client: ClientSession | Client, updates: list[str] | None = None) -> None:
        self.label = label
        self.client = client
        # The URIs of the `notifications/resources/updated` a legacy session received.
        self.updates = updates

    @property
    def server_info(self) -> types.Implementation | None:
        return self.client.server_info

    @property
    def protocol_version(self) -> str | None:
        return self.client.protocol_version

    async def list_page(self, cursor: str | None) -> types.ListToolsResult:
        if isinstance(self.client, Client):
            return await self.client.list_tools(cursor=cursor)
        params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
        return await self.client.list_tools(params=params)

    async def list_all(self) -> list[types.Tool]:
        tools: list[types.Tool] = []
        cursor: str | None = None
        for _ in range(100):
            page = await self.list_page(cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if cursor is None:
                return tools
        raise Failed("tools/list pagination does not end")

    async def call(self, name: str, arguments: dict[str, Any], **kwargs: Any) -> types.CallToolResult:
        return await self.client.call_tool(name, arguments, **kwargs)


async def pending_shipment(conn: Connection) -> str:
    """A shipment whose weight may still be set, found the way an agent would."""
    result = await conn.call("shipment_search", {"query": "SH-2026", "status": "pending", "limit": 1})
    expect(result.is_error is not True, f"search failed: {result!r}")
    shipments = result.structured_content["items"]
    expect(len(shipments) == 1, f"the demo depot has pending shipments: {result!r}")
    return shipments[0]["shipment_number"]


# --- the checks -----------------------------------------------------------------------------


async def check_initialize(conn: Connection, args: argparse.Namespace) -> None:
    info = conn.server_info
    expect(info is not None, "the server identifies itself")
    expect_eq(f"{info.name}/{info.version}", args.expect_server, "server name/version")
    expect(conn.protocol_version is not None, "a protocol version was negotiated")


async def check_tools_list(conn: Connection, args: argparse.Namespace) -> None:
    tools = await conn.list_all()
    names = [tool.name for tool in tools]
    expect_eq(names, args.expect_tools, "tools/list names in order")
    expect("set_weight" not in names, "the deprecated alias `set_weight` is not listed")
    for tool in tools:
        schema = tool.input_schema
        expect_eq(schema.get("type"), "object", f"{tool.name} inputSchema type")
        expect_eq(schema.get("additionalProperties"), False, f"{tool.name} inputSchema is closed")
        expect(bool(tool.description), f"{tool.name} has a description")
    weight = next(t for t in tools if t.name == "shipment_set_weight")
    expect_eq(weight.input_schema["properties"]["weight_kg"].get("maximum"), 30000, "weight_kg maximum")


async def check_valid_call(conn: Connection, args: argparse.Namespace) -> None:
    result = await conn.call("shipment_get_status", {"shipment_number": "SH-2026-000001"})
    expect(result.is_error is not True, f"expected success: {result!r}")
    structured = result.structured_content
    expect(isinstance(structured, dict), f"structuredContent is an object: {result!r}")
    expect_eq(structured.get("shipment_number"), "SH-2026-000001", "shipment_number")
    expect_eq(json.loads(text_of(result)), structured, "the text block mirrors structuredContent")


async def check_bad_arguments(conn: Connection, args: argparse.Namespace) -> None:
    result = await conn.call("shipment_set_weight", {"shipment_number": "SH-2026-000001", "weight_kg": 45000})
    expect_eq(
        expect_error(result, "invalid_input"),
        "invalid input: weight_kg must be at most 30000 (kg); got 45000",
        "out-of-range message",
    )
    result = await conn.call("shipment_set_weight", {"shipment_number": "SH-2026-000001", "weight": 12})
    expect_eq(
        expect_error(result, "invalid_input").split("\n"),
        [
            "invalid input: unknown argument `weight`; did you mean `weight_kg`?",
            "missing required argument `weight_kg`",
        ],
        "one line per problem",
    )


async def check_unknown_tool(conn: Connection, args: argparse.Namespace) -> None:
    try:
        result = await conn.call("shipment_get_stats", {})
    except MCPError as err:
        expect_eq(err.code, INVALID_PARAMS, "error code")
        expect(
            err.message.startswith("unknown tool `shipment_get_stats`; did you mean `shipment_get_status`"),
            f"the message names the nearest tool: {err.message!r}",
        )
        return
    raise Failed(f"expected a JSON-RPC error, got a result: {result!r}")


async def check_alias(conn: Connection, args: argparse.Namespace) -> None:
    shipment = await pending_shipment(conn)
    result = await conn.call("set_weight", {"shipment_number": shipment, "weight_kg": 4.2})
    expect(result.is_error is not True, f"the alias works: {result!r}")
    expect_eq(result.structured_content.get("weight_kg"), 4.2, "weight recorded")
    expect_eq(
        meta_of(result, DEPRECATED_META),
        {"alias": "set_weight", "use": "shipment_set_weight"},
        "deprecation notice",
    )
    last = result.content[-1]
    expect_eq(
        last.text if isinstance(last, types.TextContent) else last,
        "Note: `set_weight` is deprecated; call `shipment_set_weight` instead, with the same arguments.",
        "the note that names the new tool",
    )


async def check_panic_then_recovery(conn: Connection, args: argparse.Namespace) -> None:
    result = await conn.call("diag_trigger_panic", {"message": "kaboom secret=hunter2"})
    expect_masked(result)
    dumped = result.model_dump_json()
    expect("kaboom" not in dumped and "hunter2" not in dumped, f"panic text leaked: {dumped}")
    after = await conn.call("shipment_get_status", {"shipment_number": "SH-2026-000002"})
    expect(after.is_error is not True, f"the server keeps serving after a panic: {after!r}")


async def check_internal_error(conn: Connection, args: argparse.Namespace) -> None:
    result = await conn.call("diag_check_database", {"table_name": "shipments"})
    expect_masked(result)
    expect("db-7" not in result.model_dump_json(), "the internal detail stays in the server log")


async def check_timeout(conn: Connection, args: argparse.Namespace) -> None:
    result = await conn.call("diag_wait_for_job", {"duration_ms": 20000})
    expect_eq(
        expect_error(result, "retry_later"),
        "temporarily unavailable: timed out after 200 ms; retry, or narrow the request so it does less work",
        "timeout message",
    )


async def check_progress(conn: Connection, args: argparse.Namespace) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    result = await conn.call("diag_count_steps", {"steps": 3}, progress_callback=on_progress)
    expect_eq(text_of(result), "counted 3 steps", "result")
    for _ in range(100):
        if len(seen) >= 3:
            break
        await anyio.sleep(0.02)
    expect_eq(
        seen,
        [(1.0, 3.0, "step 1 of 3"), (2.0, 3.0, "step 2 of 3"), (3.0, 3.0, "step 3 of 3")],
        "progress notifications",
    )


# --- prompts and resources -------------------------------------------------------------------

PROMPT = "shipment_delay_notice"
POLICY = "policy://shipping/handling"
TEMPLATE = "notes://shipments/{shipment_number}"
HANDLING_POLICY = (
    "# Handling\n"
    "Fragile parcels travel on the upper shelf and are never stacked.\n"
    "Parcels over 30 kg need two people or the lift.\n"
)
UNKNOWN_URI = "policy://shipping/returns"


def dumped(model: Any) -> dict[str, Any]:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def notes_uri(shipment: str) -> str:
    return f"notes://shipments/{shipment}"


async def expect_rpc_error(what: str, request: Awaitable[Any]) -> MCPError:
    try:
        result = await request
    except MCPError as err:
        return err
    raise Failed(f"{what}: expected a JSON-RPC error, got a result: {result!r}")


async def check_prompts_list(conn: Connection, args: argparse.Namespace) -> None:
    prompts = (await conn.client.list_prompts()).prompts
    expect_eq([p.name for p in prompts], [PROMPT], "prompts/list names")
    prompt = prompts[0]
    expect_eq(prompt.title, "Shipment: Delay Notice", "the prompt's title")
    expect(
        (prompt.description or "").startswith("Draft the message that tells a recipient their shipment will be late."),
        f"the doc comment is the description: {prompt.description!r}",
    )
    expect_eq(
        [dumped(a) for a in prompt.arguments or []],
        [
            {"name": "shipment_number", "description": "The late shipment, like `SH-2026-000042`.", "required": True},
            {"name": "days_late", "description": "How many days late it will arrive, if known.", "required": False},
        ],
        "the prompt's arguments",
    )


async def check_resources_list(conn: Connection, args: argparse.Namespace) -> None:
    resources = (await conn.client.list_resources()).resources
    expect_eq(
        [(r.uri, r.name, r.mime_type) for r in resources],
        [(POLICY, "handling_policy", "text/markdown")],
        "resources/list",
    )
    expect(
        (resources[0].description or "").startswith("How the depot handles parcels"),
        f"the doc comment is the description: {resources[0].description!r}",
    )
    templates = (await conn.client.list_resource_templates()).resource_templates
    expect_eq(
        [(t.uri_template, t.name, t.mime_type) for t in templates],
        [(TEMPLATE, "shipment_notes", "text/plain")],
        "resources/templates/list",
    )


async def check_resources_read(conn: Connection, args: argparse.Namespace) -> None:
    policy = await conn.client.read_resource(POLICY)
    expect_eq(
        [dumped(c) for c in policy.contents],
        [{"uri": POLICY, "mimeType": "text/markdown", "text": HANDLING_POLICY}],
        "the fixed resource",
    )
    uri = notes_uri("SH-2026-000042")
    notes = await conn.client.read_resource(uri)
    expect_eq(
        [dumped(c) for c in notes.contents],
        [{"uri": uri, "mimeType": "text/plain", "text": "no notes on SH-2026-000042 yet; add one with `shipment_add_note`"}],
        "a resource of the template",
    )


async def check_resources_read_errors(conn: Connection, args: argparse.Namespace) -> None:
    err = await expect_rpc_error("an unknown URI", conn.client.read_resource(UNKNOWN_URI))
    expect_eq(err.code, INVALID_PARAMS, "error code of an unknown URI")
    expect_eq(err.data, {"uri": UNKNOWN_URI}, "the unknown URI in data")
    climbing = "notes://shipments/..%2F..%2Fetc%2Fpasswd"
    err = await expect_rpc_error("a `..` variable", conn.client.read_resource(climbing))
    expect_eq(err.code, INVALID_PARAMS, "error code of a `..` variable")
    expect_eq(err.data, {"uri": climbing}, "the refused URI in data")
    expect(
        "`shipment_number` holds a `..` segment, which this resource refuses" in err.message,
        f"the message names the variable: {err.message!r}",
    )


async def check_prompts_get(conn: Connection, args: argparse.Namespace) -> None:
    got = await conn.client.get_prompt(PROMPT, {"shipment_number": "SH-2026-000042", "days_late": "3"})
    expect_eq(
        [dumped(m) for m in got.messages],
        [
            {
                "role": "user",
                "content": {
                    "type": "text",
                    "text": "Write a short apology to the recipient of shipment SH-2026-000042: it will arrive "
                    "3 days later than promised. Offer to re-route it to a nearer depot, and do not promise a "
                    "new date.",
                },
            }
        ],
        "the prompt's messages",
    )
    got = await conn.client.get_prompt(PROMPT, {"shipment_number": "SH-2026-000042"})
    expect(
        "it will arrive later than promised." in got.messages[0].content.text,
        f"without the optional argument: {got.messages!r}",
    )
    err = await expect_rpc_error("a missing argument", conn.client.get_prompt(PROMPT, {"days_late": "3"}))
    expect_eq(err.code, INVALID_PARAMS, "error code of a missing argument")
    expect_eq(
        err.message,
        "invalid arguments for prompt `shipment_delay_notice`:\nmissing required argument `shipment_number`",
        "the message names the missing argument",
    )


async def check_completion(conn: Connection, args: argparse.Namespace) -> None:
    prompt = types.PromptReference(name=PROMPT)
    answer = (await conn.client.complete(prompt, {"name": "shipment_number", "value": "SH-2026-00001"})).completion
    expect_eq(
        (answer.values, answer.total, answer.has_more),
        ([f"SH-2026-{n:06}" for n in range(10, 20)], 10, False),
        "completions of SH-2026-00001",
    )
    answer = (await conn.client.complete(prompt, {"name": "shipment_number", "value": "sh-2026-000"})).completion
    expect_eq(
        (len(answer.values), answer.values[0], answer.values[-1], answer.total, answer.has_more),
        (100, "SH-2026-000001", "SH-2026-000100", 300, True),
        "completions of sh-2026-000, cut to 100",
    )
    template = types.ResourceTemplateReference(uri=TEMPLATE)
    answer = (await conn.client.complete(template, {"name": "shipment_number", "value": "SH-2026-0003"})).completion
    expect_eq(
        (answer.values, answer.total, answer.has_more),
        (["SH-2026-000300"], 1, False),
        "completions of the template's variable",
    )


async def check_resource_updated(conn: Connection, args: argparse.Namespace) -> None:
    uri = notes_uri("SH-2026-000007")
    note = {"shipment_number": "SH-2026-000007", "text": "left at the back door"}
    if isinstance(conn.client, Client):
        # 2026-07-28: the update arrives on a `subscriptions/listen` stream.
        expect_eq(conn.protocol_version, "2026-07-28", "the revision that listens")
        async with conn.client.listen(resource_subscriptions=[uri]) as subscription:
            expect_eq(subscription.honored.resource_subscriptions, [uri], "the acknowledged URIs")
            result = await conn.call("shipment_add_note", note)
            expect_eq(text_of(result), f"note 1 added to {uri}; 1 subscriber(s) told", "the tool's result")
            event = await subscription.__anext__()
            expect_eq(event, ResourceUpdated(uri=uri), "the event on the stream")
    else:
        # 2025-11-25: `resources/subscribe`, and a notification to the session. The SDK
        # deprecates the call for 2026-07-28, where `listen` replaces it.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await conn.client.subscribe_resource(uri)
        result = await conn.call("shipment_add_note", note)
        expect_eq(text_of(result), f"note 1 added to {uri}; 1 subscriber(s) told", "the tool's result")
        for _ in range(500):
            if conn.updates:
                break
            await anyio.sleep(0.01)
        expect_eq(conn.updates, [uri], "notifications/resources/updated")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await conn.client.unsubscribe_resource(uri)
        again = await conn.call("shipment_add_note", {**note, "text": "signed for"})
        expect_eq(text_of(again), f"note 2 added to {uri}; 0 subscriber(s) told", "after unsubscribing")
    notes = await conn.client.read_resource(uri)
    expect_eq(notes.contents[0].text.splitlines()[0], "1. left at the back door", "the note, read back")


CHECKS: list[tuple[str, Callable[[Connection, argparse.Namespace], Awaitable[None]]]] = [
    ("initialize", check_initialize),
    ("tools/list", check_tools_list),
    ("valid call", check_valid_call),
    ("bad arguments", check_bad_arguments),
    ("unknown tool", check_unknown_tool),
    ("deprecated alias", check_alias),
    ("panic, then another call", check_panic_then_recovery),
    ("internal error masked", check_internal_error),
    ("timeout", check_timeout),
    ("progress", check_progress),
    ("prompts/list", check_prompts_list),
    ("resources/list, templates/list", check_resources_list),
    ("resources/read", check_resources_read),
    ("resources/read errors", check_resources_read_errors),
    ("prompts/get", check_prompts_get),
    ("completion/complete", check_completion),
    ("resource updated", check_resource_updated),
]


# --- connections ----------------------------------------------------------------------------


@asynccontextmanager
async def http_server(server: str, log: Any) -> AsyncIterator[str]:
    """Starts the fixture server on a free loopback port; yields its endpoint URL."""
    process = subprocess.Popen(
        [server, "--http", "127.0.0.1:0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    try:
        url = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), CONNECT_TIMEOUT_S)
        url = url.strip()
        expect(url.startswith("http://127.0.0.1:"), f"the server prints its URL first, got {url!r}")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stdio_params(server: str) -> StdioServerParameters:
    env = dict(os.environ)
    env.setdefault("RUST_LOG", "info")
    return StdioServerParameters(command=server, args=[], env=env)


def update_recorder() -> tuple[list[str], Callable[[Any], Awaitable[None]]]:
    """A `message_handler` that records the URIs of `notifications/resources/updated`."""
    updates: list[str] = []

    async def on_message(message: Any) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(str(message.params.uri))

    return updates, on_message


@asynccontextmanager
async def legacy_stdio(server: str, log: Any) -> AsyncIterator[Connection]:
    updates, on_message = update_recorder()
    async with stdio_client(stdio_params(server), errlog=log) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            with anyio.fail_after(CONNECT_TIMEOUT_S):
                await session.initialize()
            yield Connection("stdio, initialize", session, updates)


@asynccontextmanager
async def legacy_http(server: str, log: Any) -> AsyncIterator[Connection]:
    updates, on_message = update_recorder()
    async with http_server(server, log) as url:
        async with streamable_http_client(url) as (read, write):
            async with ClientSession(read, write, message_handler=on_message) as session:
                with anyio.fail_after(CONNECT_TIMEOUT_S):
                    await session.initialize()
                yield Connection("streamable HTTP, initialize", session, updates)


@asynccontextmanager
async def auto_stdio(server: str, log: Any) -> AsyncIterator[Connection]:
    transport = stdio_client(stdio_params(server), errlog=log)
    async with Client(transport, mode="auto", read_timeout_seconds=CHECK_TIMEOUT_S) as client:
        yield Connection(f"stdio, auto ({client.protocol_version})", client)


@asynccontextmanager
async def auto_http(server: str, log: Any) -> AsyncIterator[Connection]:
    async with http_server(server, log) as url:
        async with Client(url, mode="auto", read_timeout_seconds=CHECK_TIMEOUT_S) as client:
            yield Connection(f"streamable HTTP, auto ({client.protocol_version})", client)


CONNECTIONS = [legacy_stdio, legacy_http, auto_stdio, auto_http]


# --- runner ---------------------------------------------------------------------------------


async def run(args: argparse.Namespace, log: Any) -> tuple[int, int]:
    passed = failed = 0
    for connect in CONNECTIONS:
        label = connect.__name__
        try:
            async with connect(args.server, log) as conn:
                label = conn.label
                for name, check in CHECKS:
                    started = time.monotonic()
                    try:
                        with anyio.fail_after(CHECK_TIMEOUT_S):
                            await check(conn, args)
                    except Exception as err:  # noqa: BLE001 - report every failure, keep going
                        failed += 1
                        detail = "".join(traceback.format_exception_only(type(err), err)).strip()
                        print(f"FAIL [{label}] {name}: {detail}", flush=True)
                    else:
                        passed += 1
                        elapsed_ms = (time.monotonic() - started) * 1000
                        print(f"ok   [{label}] {name} ({elapsed_ms:.0f} ms)", flush=True)
        except Exception as err:  # noqa: BLE001 - a connection that fails counts as one failure
            failed += 1
            print(f"FAIL [{label}] connection: {err!r}", flush=True)
            traceback.print_exc(file=sys.stdout)
    return passed, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server", help="path of the fixture-server binary")
    parser.add_argument("--expect-server", required=True, help="NAME/VERSION the server announces")
    parser.add_argument("--expect-tools", required=True, type=lambda s: s.split(","), help="listed tools, in order")
    args = parser.parse_args()
    with tempfile.TemporaryFile(mode="w+") as log:
        passed, failed = asyncio.run(run(args, log))
        if failed:
            log.seek(0)
            print("--- server log ---")
            print(log.read()[-20000:])
    print(f"python-e2e: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
