#!/usr/bin/env python3
"""Collect the corpus of real tool definitions in tests/corpus/servers/.

A maintainer's tool; CI does not run it. It installs each server at a pinned
version, starts it over stdio with an obviously fake credential where one is
demanded, asks `tools/list` (following `nextCursor`) through the official MCP
Python SDK's stdio transport, and writes each tool object exactly as it came
over the wire: the raw JSON-RPC result is kept, not the SDK's typed model, so
key order and every field stay as the server sent them.

How to run (from the repository root; needs python3, node and npm, and a
package registry):

    python3 -m venv /tmp/corpus-venv
    /tmp/corpus-venv/bin/pip install mcp==2.3.0
    /tmp/corpus-venv/bin/python tests/corpus/collect.py            # every server
    /tmp/corpus-venv/bin/python tests/corpus/collect.py time git   # some of them

CORPUS_SERVERS_DIR (default: tests/corpus/servers) sets the folder specs are read
from and results written to, e.g. CORPUS_SERVERS_DIR=tests/corpus/after-freeze/servers.

Packages are installed under $CORPUS_WORK (default: /tmp/mcp-corpus), one npm
prefix or Python venv per server, so servers never share dependencies.
Bump a version below, run, and review the diff under tests/corpus/servers/.

Servers that cannot be started here are taken from the files their project
publishes; see `github` below, which reads the official server's tool
snapshots from a clone of github/github-mcp-server at a pinned tag
(set GITHUB_MCP_SERVER_REPO to a clone's path; it is cloned otherwise).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import anyio
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.message import SessionMessage
from mcp.types import JSONRPCNotification, JSONRPCRequest, JSONRPCResponse

HERE = Path(__file__).resolve().parent
# CORPUS_SERVERS_DIR (relative to the working directory) replaces servers/ for specs and results.
OUT = Path(os.environ.get("CORPUS_SERVERS_DIR") or HERE / "servers").resolve()
WORK = Path(os.environ.get("CORPUS_WORK", "/tmp/mcp-corpus"))
PROTOCOL_VERSION = "2025-06-18"
TIMEOUT = 60  # seconds for one server, start to finish

# Node 22 is needed by @sentry/mcp-server; it comes from npm's `node` package.
NODE22_PACKAGE = "node@22.23.3"

# --- the servers -----------------------------------------------------------
# Each server is one file, servers/<id>.json, which says how it was collected
# ("collect") beside what was collected ("source", "tools"). To add a server,
# write its file with "collect" and an empty "tools" list, run this script
# for it, and review what it wrote. "collect" keys:
#   kind "npm":  package@version (and any "extra" packages) installed with
#                npm; run `bin` (a script of node_modules/.bin) under node,
#                or under "node": "{node22}" where the package needs Node 22.
#   kind "pypi": package==version (and any "extra" requirements) installed
#                into a venv; run its console script `bin`, or `python -m
#                <module>` where "module" is given instead; "python" (e.g.
#                "python3.12") makes the venv with that interpreter instead of
#                this script's, where the package needs a newer Python.
#   kind "toolsnaps": definitions read from a repository's published
#                snapshots ("repo", "ref", "dir").
#   args/env may use {tmp} (a fresh scratch directory), {node22} and, for
#   kind "pypi", {venv} (the server's venv, for a tool it runs); "note"
#   is added to the recorded source where an argument changes what is
#   listed; "why" says why a spec is unusual; "git_init" makes a repository;
#   "files" maps paths (which may use {tmp}) to contents written before the
#   server starts (a JSON value is written as JSON), e.g. a fake credential
#   file that a server insists on reading.
#
# The outside check of the design rules: tools of these servers are judged
# against the rules by someone who never tuned them, so no corpus of this
# repository may hold them, in any packaging.
OUTSIDE_CHECK = (
    "grafana", "mongodb", "azure-devops", "supabase", "firecrawl",
    "desktop-commander", "kubernetes", "hubspot", "obsidian", "circleci",
    "tavily", "elasticsearch",
)


def outside_check(sid: str, spec: dict) -> str | None:
    """The outside-check server a spec would collect, if any."""
    text = " ".join([sid, spec.get("package", ""), spec.get("repo", "")]).lower().replace("_", "-")
    squashed = text.replace("-", "")
    for name in OUTSIDE_CHECK:
        if name in text or name.replace("-", "") in squashed:
            return name
    return None


def load_servers() -> dict[str, dict]:
    servers = {}
    for path in sorted(OUT.glob("*.json")):
        doc = json.loads(path.read_text())
        if "collect" in doc:
            servers[path.stem] = doc["collect"]
    return servers


SERVERS: dict[str, dict] = load_servers()


# --- installing ------------------------------------------------------------
def run(cmd: list[str], **kw) -> None:
    subprocess.run(cmd, check=True, timeout=600, stdout=subprocess.DEVNULL, **kw)


def node22() -> str:
    prefix = WORK / "node22"
    if not (prefix / "node_modules/node/bin/node").exists():
        run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(prefix), NODE22_PACKAGE])
    return str(prefix / "node_modules/node/bin/node")


def install_npm(sid: str, spec: dict) -> Path:
    prefix = WORK / "npm" / sid
    bin_path = prefix / "node_modules/.bin" / spec["bin"]
    if not bin_path.exists():
        env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1", PUPPETEER_SKIP_CHROMIUM_DOWNLOAD="1",
                   PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
        run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(prefix),
             f"{spec['package']}@{spec['version']}", *spec.get("extra", [])], env=env)
    return bin_path.resolve()


def python_for(spec: dict) -> str:
    """The interpreter a venv is made with: this one, or spec "python" (e.g. "python3.12")
    found on PATH or among pyenv's versions, for a package that needs a newer Python."""
    want = spec.get("python")
    if not want:
        return sys.executable
    candidates = [shutil.which(want)]
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += sorted(str(p) for p in pyenv_root.glob(f"versions/*/bin/{want}"))
    for found in filter(None, candidates):
        if subprocess.run([found, "-V"], capture_output=True).returncode == 0:
            return found
    raise RuntimeError(f"no working {want} found for the venv")


def install_pypi(sid: str, spec: dict) -> Path:
    venv = WORK / "py" / sid
    bin_path = venv / "bin" / spec.get("bin", "python")
    marker = venv / ".installed"
    if not marker.exists():
        run([python_for(spec), "-m", "venv", str(venv)])
        run([str(venv / "bin/pip"), "install", "-q", f"{spec['package']}=={spec['version']}",
             *spec.get("extra", [])])
        marker.touch()
    return bin_path


# --- listing over stdio -----------------------------------------------------
async def list_tools(params: StdioServerParameters) -> tuple[list[dict], dict]:
    """Initialize, then tools/list until no nextCursor; returns (tools, serverInfo)."""
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
                    continue  # a notification or a request from the server
                if isinstance(msg, JSONRPCResponse):
                    return msg.result
                raise RuntimeError(f"{method}: {msg.model_dump_json()}")
            raise RuntimeError(f"{method}: the server closed the connection")

        init = await request("initialize", {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "mcp-tools-corpus", "version": "1"},
        })
        await write.send(SessionMessage(JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")))
        tools: list[dict] = []
        cursor = None
        while True:
            result = await request("tools/list", {"cursor": cursor} if cursor else {})
            tools.extend(result["tools"])
            cursor = result.get("nextCursor")
            if not cursor:
                break
        return tools, init.get("serverInfo", {})


def subst(value: str, ctx: dict) -> str:
    return value.format(**ctx)


def collect_running(sid: str, spec: dict) -> dict:
    bin_path = install_npm(sid, spec) if spec["kind"] == "npm" else install_pypi(sid, spec)
    with tempfile.TemporaryDirectory(prefix=f"corpus-{sid}-") as tmp:
        ctx = {"tmp": tmp, "node22": node22() if spec.get("node") else "",
               "venv": str(WORK / "py" / sid) if spec["kind"] == "pypi" else ""}
        if "git_init" in spec:
            run(["git", "init", "-q", subst(spec["git_init"], ctx)])
        for name, content in spec.get("files", {}).items():
            path = Path(subst(name, ctx))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content if isinstance(content, str) else json.dumps(content))
        args = [subst(a, ctx) for a in spec.get("args", [])]
        env = {k: subst(v, ctx) for k, v in spec.get("env", {}).items()}
        if spec["kind"] == "npm":
            command, args = subst(spec.get("node", "node"), ctx), [str(bin_path), *args]
        elif "module" in spec:
            command, args = str(bin_path), ["-m", spec["module"], *args]
        else:
            command = str(bin_path)
        params = StdioServerParameters(command=command, args=args, env=env, cwd=tmp)

        async def bounded():
            with anyio.fail_after(TIMEOUT):
                return await list_tools(params)

        tools, info = anyio.run(bounded)
    return {
        "server": sid,
        "source": f"{spec['kind']} {spec['package']} {spec['version']}{spec.get('note', '')}, tools/list",
        "tools": tools,
    }


def collect_toolsnaps(sid: str, spec: dict) -> dict:
    repo = os.environ.get("GITHUB_MCP_SERVER_REPO")
    if not repo:
        repo = str(WORK / "src" / spec["repo"].replace("/", "+"))
        if not Path(repo).exists():
            run(["git", "clone", "-q", "--bare", f"https://github.com/{spec['repo']}", repo])
    git = ["git", "--git-dir", repo] if not (Path(repo) / ".git").exists() else ["git", "-C", repo]
    commit = subprocess.check_output([*git, "rev-parse", f"{spec['ref']}^{{commit}}"], text=True).strip()
    names = subprocess.check_output([*git, "ls-tree", "--name-only", f"{commit}:{spec['dir']}"], text=True).split()
    tools = []
    for name in sorted(names):
        if name.endswith(".snap"):
            text = subprocess.check_output([*git, "show", f"{commit}:{spec['dir']}/{name}"], text=True)
            tools.append(json.loads(text))
    return {
        "server": sid,
        "source": f"repository {spec['repo']} {spec['ref']} (commit {commit}), {spec['dir']}/*.snap"
                  " (every tool snapshot, all toolsets and feature flags; keys as the snapshot files sort them)",
        "tools": tools,
    }


def main(argv: list[str]) -> int:
    wanted = argv or list(SERVERS)
    unknown = [s for s in wanted if s not in SERVERS]
    if unknown:
        print(f"unknown server(s): {', '.join(unknown)}; known: {', '.join(SERVERS)}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    failed = []
    for sid in wanted:
        spec = SERVERS[sid]
        if name := outside_check(sid, spec):
            print(f"{sid}: refused: {name} is a server of the outside check; no corpus here may hold it",
                  file=sys.stderr)
            failed.append(sid)
            continue
        try:
            doc = collect_toolsnaps(sid, spec) if spec["kind"] == "toolsnaps" else collect_running(sid, spec)
        except Exception as exc:  # report and go on with the others
            print(f"{sid}: FAILED: {exc!r}", file=sys.stderr)
            failed.append(sid)
            continue
        doc = {"server": doc["server"], "source": doc["source"], "collect": spec, "tools": doc["tools"]}
        path = OUT / f"{sid}.json"
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        shown = path.relative_to(HERE.parent.parent) if path.is_relative_to(HERE.parent.parent) else path
        print(f"{sid}: {len(doc['tools'])} tools -> {shown}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
