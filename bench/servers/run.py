#!/usr/bin/env python3
"""Whole servers against peers: the same two tools served by mcp-tools, rmcp, FastMCP
(Python), the official TypeScript SDK and fastmcp (TypeScript), under one load generator,
with a floor for HTTP: bare hyper and serde_json, no MCP framework.

    python3 bench/servers/run.py                       # everything, default settings
    python3 bench/servers/run.py --quick --servers ours,rmcp

Builds the Rust servers and the load generator (release), installs the peers into
bench/servers/.peers/ on first use (a Python venv from requirements.txt; Node 22 and the npm
packages from node/package-lock.json), then runs every server x transport x mode x tool,
in passes whose order alternates, and prints a markdown table of the medians with the
machine's load and every peer's version; over HTTP, each row's calls/s is also given as a
share of the floor's in the same pass. See README.md beside this file.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PEERS = HERE / ".peers"
VENV = PEERS / "venv"
NODE_DIR = PEERS / "node"
NODE = NODE_DIR / "node_modules" / "node" / "bin" / "node"

SIDES = ("ours", "rmcp", "fastmcp-py", "ts-sdk", "fastmcp-ts", "floor")
# The floor's label: the row every HTTP row of the same tool and mode is divided by.
FLOOR = "floor (hyper + serde_json)"
TOOLS = ("add", "search")
TRANSPORTS = ("http", "stdio")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def fail(message: str) -> None:
    sys.exit(f"run.py: {message}")


# --- building and installing ---


def build() -> dict[str, str]:
    """`cargo build --release` of the bench crate; the paths of its executables by name."""
    if not shutil.which("cargo"):
        fail("cargo is not on PATH; the Rust servers and the load generator need it")
    log("building the Rust servers and the load generator (release)")
    proc = subprocess.run(
        ["cargo", "build", "--release", "-p", "mcp-tools-peer-bench", "--message-format=json-render-diagnostics"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    if proc.returncode != 0:
        fail("cargo build failed (its errors are above)")
    bins = {}
    for line in proc.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            bins[message["target"]["name"]] = message["executable"]
    for name in ("ours-server", "rmcp-server", "floor-server", "load"):
        if name not in bins:
            fail(f"cargo built no `{name}`")
    return bins


def install_python() -> Path:
    """The venv's interpreter, with requirements.txt installed (again if it changed)."""
    python = VENV / "bin" / "python"
    wanted = (HERE / "requirements.txt").read_text()
    stamp = VENV / "installed.stamp"
    if stamp.exists() and stamp.read_text() == wanted:
        return python
    log("installing FastMCP (Python) into .peers/venv")
    if VENV.exists():
        shutil.rmtree(VENV)
    made = subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True)
    if made.returncode != 0:
        fail(
            "`python3 -m venv` failed; the Python peer needs the venv module "
            f"(Debian: `apt-get install python3-venv`):\n{made.stderr}"
        )
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if subprocess.run([*pip, "-r", str(HERE / "requirements.txt")]).returncode != 0:
        fail("pip could not install requirements.txt (is PyPI reachable?)")
    stamp.write_text(wanted)
    return python


def install_node() -> Path:
    """Node 22 and the npm packages of node/package-lock.json in .peers/node, installed with
    `npm ci` (again if package.json or the lock changed); the servers' scripts copied next
    to node_modules, where their imports resolve."""
    source = HERE / "node"
    wanted = (source / "package.json").read_text() + (source / "package-lock.json").read_text()
    stamp = NODE_DIR / "installed.stamp"
    if not (stamp.exists() and stamp.read_text() == wanted):
        if not shutil.which("npm"):
            fail(
                "npm is not on PATH; the TypeScript peers need npm (any Node version) to install "
                "Node 22 and their packages (Debian: `apt-get install npm`)"
            )
        log("installing Node 22, the TypeScript SDK and fastmcp into .peers/node (npm ci)")
        NODE_DIR.mkdir(parents=True, exist_ok=True)
        stamp.unlink(missing_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(source / name, NODE_DIR / name)
        ci = ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=warn"]
        if subprocess.run(ci, cwd=NODE_DIR).returncode != 0:
            fail("`npm ci` failed in .peers/node (is the npm registry reachable?)")
        stamp.write_text(wanted)
    for script in source.glob("*.mjs"):
        shutil.copy(script, NODE_DIR / script.name)
    version = subprocess.run([str(NODE), "--version"], capture_output=True, text=True).stdout.strip()
    if not version.startswith("v22."):
        fail(f"{NODE} is {version or 'missing'}, not Node 22; check npm's install scripts settings")
    return NODE


# --- what runs ---


def configs(sides: list[str], bins: dict[str, str], python: Path | None, node: Path | None) -> list[dict]:
    """Every server configuration: its label, side, transport, mode and command."""
    out = []

    def add(side: str, label: str, transport: str, mode: str, command: list[str]) -> None:
        out.append({"side": side, "label": label, "transport": transport, "mode": mode, "command": command})

    def standard(side: str, label: str, base: list[str]) -> None:
        add(side, label, "http", "stateful", [*base, "http", "{port}", "stateful"])
        add(side, label, "http", "stateless", [*base, "http", "{port}", "stateless"])
        add(side, label, "stdio", "-", [*base, "stdio"])

    for side in sides:
        if side == "ours":
            standard(side, "mcp-tools", [bins["ours-server"]])
        elif side == "rmcp":
            rmcp = bins["rmcp-server"]
            for mode in ("stateful", "stateless"):
                add(side, "rmcp (axum::serve)", "http", mode, [rmcp, "http", "{port}", mode])
                add(side, "rmcp + TCP_NODELAY", "http", mode, [rmcp, "http", "{port}", mode, "nodelay"])
            add(side, "rmcp", "stdio", "-", [rmcp, "stdio"])
        elif side == "fastmcp-py":
            standard(side, "FastMCP (Python)", [str(python), str(HERE / "python" / "fastmcp_server.py")])
        elif side == "ts-sdk":
            standard(side, "TypeScript SDK", [str(node), str(NODE_DIR / "sdk_server.mjs")])
        elif side == "fastmcp-ts":
            standard(side, "fastmcp (TypeScript)", [str(node), str(NODE_DIR / "fastmcp_server.mjs")])
        elif side == "floor":
            # HTTP only: the floor has no stdio mode.
            for mode in ("stateful", "stateless"):
                add(side, FLOOR, "http", mode, [bins["floor-server"], "http", "{port}", mode])
    return out


def versions(sides: list[str], python: Path | None, node: Path | None) -> list[str]:
    lines = []
    rustc = subprocess.run(["rustc", "--version"], cwd=REPO, capture_output=True, text=True).stdout.strip()
    lines.append(f"Rust servers: {rustc}, release profile")
    lock = (REPO / "Cargo.lock").read_text()
    for crate in ("rmcp", "axum", "hyper", "tokio"):
        marker = f'name = "{crate}"\nversion = "'
        at = lock.find(marker)
        if at >= 0:
            lines.append(f"{crate} {lock[at + len(marker):].split(chr(34), 1)[0]}")
    if python:
        code = (
            "import importlib.metadata as m, platform;"
            "print('Python ' + platform.python_version(), *(p + ' ' + m.version(p) for p in "
            "('fastmcp', 'mcp', 'uvicorn', 'starlette', 'pydantic')), sep=', ')"
        )
        lines.append(subprocess.run([str(python), "-c", code], capture_output=True, text=True).stdout.strip())
    if node:
        found = [f"Node {subprocess.run([str(node), '--version'], capture_output=True, text=True).stdout.strip()}"]
        for package in ("@modelcontextprotocol/sdk", "fastmcp", "express", "zod"):
            manifest = NODE_DIR / "node_modules" / package / "package.json"
            if manifest.exists():
                found.append(f"{package} {json.loads(manifest.read_text())['version']}")
        lines.append(", ".join(found))
    return lines


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


# --- running and reporting ---


def run_one(load: str, config: dict, tool: str, args, results: Path, number: int) -> bool:
    """One run of the load generator; its JSON line is appended to `results` with the
    number of the pass it belongs to (`pass`)."""
    scratch = results.with_name("run.jsonl")
    scratch.unlink(missing_ok=True)
    command = [
        load,
        "--server", config["label"],
        "--transport", config["transport"],
        "--mode", config["mode"],
        "--tool", tool,
        "--clients", str(args.clients),
        "--warmup-secs", str(args.warmup),
        "--secs", str(args.secs),
        "--seq-calls", str(args.seq_calls),
        "--seq-max-secs", str(args.seq_max_secs),
        "--results", str(scratch),
        "--",
        *config["command"],
    ]
    proc = subprocess.run(command, capture_output=True, text=True)
    if scratch.exists():
        with results.open("a") as out:
            for line in scratch.read_text().splitlines():
                out.write(json.dumps({**json.loads(line), "pass": number}) + "\n")
        scratch.unlink()
    row = proc.stdout.strip()
    if row:
        log(row)
    if proc.returncode != 0:
        log(f"FAILED: {config['label']} {config['transport']} {config['mode']} {tool}:\n{proc.stderr.strip()}")
        return False
    return True


def median(values: list[float]) -> float:
    values = [v for v in values if v == v]  # NaN: no calls
    return statistics.median(values) if values else float("nan")


def of_floor(runs: list[dict], floors: dict[tuple, float]) -> str:
    """The median over passes of a row's calls/s divided by the floor's calls/s of the same
    tool, transport and mode in the same pass; `-` where there is no floor (stdio)."""
    shares = []
    for r in runs:
        floor = floors.get((r["tool"], r["transport"], r["mode"], r.get("pass")))
        if floor and floor == floor:  # not 0, not NaN
            shares.append(r["calls_per_s"] / floor)
    share = median(shares)
    return "-" if share != share else f"{share:.2f}"


def table(rows: list[dict], order: list[dict]) -> str:
    """Medians over passes, one row per server x transport x mode x tool."""
    groups: dict[tuple, list[dict]] = {}
    floors: dict[tuple, float] = {}
    for row in rows:
        groups.setdefault((row["server"], row["transport"], row["mode"], row["tool"]), []).append(row)
        if row["server"] == FLOOR:
            floors[(row["tool"], row["transport"], row["mode"], row.get("pass"))] = row["calls_per_s"]
    rank = {(c["label"], c["transport"], c["mode"]): i for i, c in enumerate(order)}
    keys = sorted(
        groups,
        key=lambda k: (TOOLS.index(k[3]), TRANSPORTS.index(k[1]), k[2], rank.get((k[0], k[1], k[2]), 99)),
    )
    lines = [
        "| tool | transport | mode | server | calls/s | of floor | seq p50 ms | p50 ms | p99 ms | idle RSS MiB | peak RSS MiB | reply | failures |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for key in keys:
        runs = groups[key]
        m = lambda field: median([r[field] for r in runs])  # noqa: E731
        kind = runs[0]["content_type"].split(";")[0].replace("application/", "").replace("text/event-stream", "sse")
        reply = f"{int(m('reply_bytes')):,} B {kind or 'line'}{' +sc' if runs[0]['structured'] else ''}"
        lines.append(
            f"| {key[3]} | {key[1]} | {key[2]} | {key[0]} | {m('calls_per_s'):,.0f} | {of_floor(runs, floors)} | "
            f"{m('seq_p50_ms'):.3f} | "
            f"{m('p50_ms'):.2f} | {m('p99_ms'):.2f} | {m('idle_rss_kib') / 1024:.1f} | "
            f"{m('peak_rss_kib') / 1024:.1f} | {reply} | {sum(r['failures'] for r in runs)} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--secs", type=int, default=10, help="measured seconds per run (default 10)")
    parser.add_argument("--warmup", type=int, default=3, help="warm-up seconds per run (default 3)")
    parser.add_argument("--clients", type=int, default=64, help="concurrent callers (default 64)")
    parser.add_argument("--seq-calls", type=int, default=2000, help="calls of the sequential pass (default 2000)")
    parser.add_argument("--seq-max-secs", type=int, default=10, help="time bound of the sequential pass (default 10)")
    parser.add_argument("--passes", type=int, default=2, help="passes over every run, order alternating (default 2)")
    parser.add_argument("--servers", default=",".join(SIDES), help=f"subset of {','.join(SIDES)}")
    parser.add_argument("--tools", default=",".join(TOOLS), help="subset of add,search")
    parser.add_argument("--transports", default=",".join(TRANSPORTS), help="subset of http,stdio")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 s warm-up, 2 s, 200 sequential calls, 1 pass")
    args = parser.parse_args()
    if args.quick:
        args.warmup, args.secs, args.seq_calls, args.passes = 1, 2, 200, 1
    pick = lambda given, known: [x for x in given.split(",") if x]  # noqa: E731
    sides, tools, transports = pick(args.servers, SIDES), pick(args.tools, TOOLS), pick(args.transports, TRANSPORTS)
    for given, known, what in ((sides, SIDES, "server"), (tools, TOOLS, "tool"), (transports, TRANSPORTS, "transport")):
        for name in given:
            if name not in known:
                fail(f"unknown {what} `{name}`; known: {', '.join(known)}")

    bins = build()
    python = install_python() if "fastmcp-py" in sides else None
    node = install_node() if {"ts-sdk", "fastmcp-ts"} & set(sides) else None
    order = [c for c in configs(sides, bins, python, node) if c["transport"] in transports]

    out = PEERS / "results" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)
    results = out / "results.jsonl"
    groups = [(tool, t, m) for tool in tools for t in transports for m in ("stateful", "stateless", "-")]
    total = len(order) * len(tools) * args.passes
    log(f"{total} runs of ~{args.warmup + args.secs + 4} s or more each; results in {results}")
    load_before = loadavg()
    ok = True
    for p in range(args.passes):
        for tool, transport, mode in groups:
            group = [c for c in order if c["transport"] == transport and c["mode"] == mode]
            for config in group if p % 2 == 0 else reversed(group):
                ok &= run_one(bins["load"], config, tool, args, results, p)
    load_after = loadavg()

    rows = [json.loads(line) for line in results.read_text().splitlines()] if results.exists() else []
    report = "\n".join(
        [
            f"`{' '.join(['python3 bench/servers/run.py', *sys.argv[1:]])}`",
            "",
            f"{args.passes} passes, sides alternating; medians. Each run: {args.warmup} s warm-up, "
            f"{args.secs} s measured with {args.clients} concurrent clients; sequential p50 over "
            f"{args.seq_calls} calls (at most {args.seq_max_secs} s). `of floor`: calls/s divided by "
            "the floor's (bare hyper + serde_json, no MCP framework) for the same tool, transport and "
            "mode in the same pass, median over passes; none for stdio.",
            "",
            table(rows, order),
            "",
            f"Load average (1, 5, 15 min): {load_before} before, {load_after} after; {os.cpu_count()} CPUs.",
            "",
            *[f"- {line}" for line in versions(sides, python, node)],
        ]
    )
    (out / "report.md").write_text(report + "\n")
    print(report)
    if not ok:
        fail("some runs failed (see above); their rows, if any, count the failures")


if __name__ == "__main__":
    main()
