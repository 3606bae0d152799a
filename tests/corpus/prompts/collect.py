#!/usr/bin/env python3
"""Collect the corpus of real prompt definitions in tests/corpus/prompts/servers/.

A maintainer's tool; CI does not run it. For each server it installs and starts the
package exactly as the tool corpus does (it reuses `../collect.py`: the same spec keys,
install folders and fake credentials), sends `initialize`, and, when the server announces
the `prompts` capability, asks `prompts/list` (following `nextCursor`) and writes each
prompt object exactly as it came over the wire.

How to run (from the repository root; the same venv as the tool corpus):

    /tmp/corpus-venv/bin/python tests/corpus/prompts/collect.py            # every server
    /tmp/corpus-venv/bin/python tests/corpus/prompts/collect.py fetch sqlite  # some of them

A server file whose `collect.kind` is `source` was transcribed from the server's source at
a pinned commit (see its `source`); this script leaves it alone.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

import anyio
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.message import SessionMessage
from mcp.types import JSONRPCNotification, JSONRPCRequest, JSONRPCResponse

HERE = Path(__file__).resolve().parent
OUT = HERE / "servers"

# The tool corpus's collector: its installers, its outside check and its spec keys.
_spec = importlib.util.spec_from_file_location("tool_corpus", HERE.parent / "collect.py")
tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tools)


async def list_prompts(params: StdioServerParameters) -> list[dict] | None:
    """Initialize, then prompts/list until no nextCursor; None when the server announces
    no prompts capability."""
    next_id = 0
    async with stdio_client(params, errlog=sys.stderr) as (read, write):

        async def request(method: str, p: dict) -> dict:
            nonlocal next_id
            next_id += 1
            await write.send(SessionMessage(JSONRPCRequest(jsonrpc="2.0", id=next_id, method=method, params=p)))
            async for item in read:
                if isinstance(item, Exception):
                    raise item
                msg = item.message
                if getattr(msg, "id", None) != next_id:
                    continue
                if isinstance(msg, JSONRPCResponse):
                    return msg.result
                raise RuntimeError(f"{method}: {msg.model_dump_json()}")
            raise RuntimeError(f"{method}: the server closed the connection")

        init = await request("initialize", {
            "protocolVersion": tools.PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "mcp-tools-corpus", "version": "1"},
        })
        await write.send(SessionMessage(JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")))
        if "prompts" not in init.get("capabilities", {}):
            return None
        prompts: list[dict] = []
        cursor = None
        while True:
            result = await request("prompts/list", {"cursor": cursor} if cursor else {})
            prompts.extend(result["prompts"])
            cursor = result.get("nextCursor")
            if not cursor:
                return prompts


def collect(sid: str, spec: dict) -> dict:
    bin_path = tools.install_npm(sid, spec) if spec["kind"] == "npm" else tools.install_pypi(sid, spec)
    with tempfile.TemporaryDirectory(prefix=f"prompts-{sid}-") as tmp:
        ctx = {"tmp": tmp, "node22": tools.node22() if spec.get("node") else "",
               "venv": str(tools.WORK / "py" / sid) if spec["kind"] == "pypi" else ""}
        if "git_init" in spec:
            tools.run(["git", "init", "-q", tools.subst(spec["git_init"], ctx)])
        for name, content in spec.get("files", {}).items():
            path = Path(tools.subst(name, ctx))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content if isinstance(content, str) else json.dumps(content))
        args = [tools.subst(a, ctx) for a in spec.get("args", [])]
        env = {k: tools.subst(v, ctx) for k, v in spec.get("env", {}).items()}
        if spec["kind"] == "npm":
            command, args = tools.subst(spec.get("node", "node"), ctx), [str(bin_path), *args]
        elif "module" in spec:
            command, args = str(bin_path), ["-m", spec["module"], *args]
        else:
            command = str(bin_path)
        params = StdioServerParameters(command=command, args=args, env=env, cwd=tmp)

        async def bounded():
            with anyio.fail_after(tools.TIMEOUT):
                return await list_prompts(params)

        prompts = anyio.run(bounded)
    if prompts is None:
        raise RuntimeError("the server announces no prompts capability")
    return {
        "server": sid,
        "source": f"{spec['kind']} {spec['package']} {spec['version']}{spec.get('note', '')}, prompts/list",
        "prompts": prompts,
    }


def main(argv: list[str]) -> int:
    specs = {}
    for path in sorted(OUT.glob("*.json")):
        doc = json.loads(path.read_text())
        if doc.get("collect", {}).get("kind") in ("npm", "pypi"):
            specs[path.stem] = doc
    wanted = argv or list(specs)
    failed = []
    for sid in wanted:
        if sid not in specs:
            print(f"{sid}: no collectable spec in {OUT}", file=sys.stderr)
            failed.append(sid)
            continue
        old = specs[sid]
        if name := tools.outside_check(sid, old["collect"]):
            print(f"{sid}: refused: {name} is a server of the outside check", file=sys.stderr)
            failed.append(sid)
            continue
        try:
            doc = collect(sid, old["collect"])
        except Exception as exc:
            print(f"{sid}: FAILED: {exc!r}", file=sys.stderr)
            failed.append(sid)
            continue
        doc = {"server": sid, "source": doc["source"], "collect": old["collect"], "prompts": doc["prompts"]}
        (OUT / f"{sid}.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print(f"{sid}: {len(doc['prompts'])} prompts")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
