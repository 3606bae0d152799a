#!/usr/bin/env python3
"""Instructions per HTTP request, counted by callgrind in the server: the floor (bare hyper
and serde_json, no MCP framework), ours and rmcp's (with `TCP_NODELAY`), the same tools,
stateful and stateless.

    python3 bench/servers/instructions.py [--tools add,search]
        [--modes stateful,stateless,2026-07-28] [--servers floor,ours,rmcp]
        [--target-dir DIR] [--keep DIR]

Each server runs under `valgrind --tool=callgrind` while the load generator makes its
handshake and then a sequential pass of N calls on one connection (`--clients 0`: no
concurrent pass); two runs, with 200 and 600 calls, differ by 400 calls, so the difference
of their totals over 400 is the cost of one request, free of start-up, the handshake and
the first call. Unlike calls/s on a shared machine, the count does not move with the load.

Mode `2026-07-28` (not run by default) counts self-contained requests of that revision on a
stateless server: no handshake, each `tools/call` with the `_meta` the revision requires
(`protocolVersion`, `clientCapabilities`, `clientInfo`) and the `MCP-Protocol-Version`,
`Mcp-Method` and `Mcp-Name` headers, sent one at a time on one keep-alive connection by a
client in this script (the load generator speaks 2025-11-25), each reply checked.
Needs the release build `run.py` makes (`cargo build --release -p mcp-tools-peer-bench`),
or the one in `--target-dir`. `--keep DIR` keeps callgrind's outputs there, named
`SERVER-MODE-TOOL-CALLS.out`, for `callgrind_annotate` (see FLOOR-NOTES.md).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FEWER, MORE = 200, 600

# Column order; the keys are what `--servers` takes.
SERVERS = {
    "floor": ("floor", "floor-server", []),
    "ours": ("mcp-tools", "ours-server", []),
    "rmcp": ("rmcp + TCP_NODELAY", "rmcp-server", ["nodelay"]),
}


def fail(message: str) -> None:
    sys.exit(f"instructions.py: {message}")


def whole(out: Path) -> str | None:
    """callgrind's output once written whole: `summary:` is in its header, `totals:` its last
    line."""
    if out.exists() and "\ntotals:" in (text := out.read_text()):
        return text
    return None


def summary(text: str) -> int:
    return next(int(line.split()[1]) for line in text.splitlines() if line.startswith("summary:"))


def total(release: Path, binary: str, extra: list[str], mode: str, tool: str, calls: int, keep: Path | None) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        server = (
            f"valgrind --tool=callgrind --callgrind-out-file={out} {release / binary} "
            f"http $0 {mode} {' '.join(extra)}"
        )
        command = [
            str(release / "load"), "--server", binary, "--transport", "http", "--mode", mode,
            "--tool", tool, "--clients", "0", "--warmup-secs", "0", "--secs", "1",
            "--seq-calls", str(calls), "--seq-max-secs", "600", "--settle-ms", "0",
            # The load generator kills what it started; callgrind writes its counts only when
            # the server exits on its own. So the server runs under a shell, and a watcher
            # that outlives the shell stops the server with SIGINT once the load generator
            # has closed the shell's stdin.
            "--", "sh", "-c",
            f"exec 3<&0; {server} >/dev/null 2>&1 & p=$!; (cat <&3 >/dev/null; kill -INT $p) & wait $p",
            "{port}",
        ]
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            fail(f"{binary} {mode} {tool}: the load generator failed:\n{proc.stderr[-2000:]}")
        for _ in range(300):
            if text := whole(out):
                if keep:
                    (keep / f"{binary}-{mode}-{tool}-{calls}.out").write_text(text)
                return summary(text)
            time.sleep(0.2)
        fail(f"{binary} {mode} {tool}: callgrind wrote no totals")
    return 0


def total_2026(release: Path, binary: str, extra: list[str], tool: str, calls: int, keep: Path | None) -> int:
    """The total of a stateless server that answered `calls` self-contained 2026-07-28
    requests (and one more first, as the load generator's probe)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(release / binary),
             "http", str(port), "stateless", *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(600):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            meta = {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "instructions.py", "version": "0"},
            }
            headers = {
                "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": tool,
            }
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            for n in range(1, calls + 2):
                a, b = n * 997 - 500_000_000, 123_456_789 - n
                arguments = {"a": a, "b": b} if tool == "add" else {"query": f"query{n % 100}"}
                body = {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                        "params": {"name": tool, "arguments": arguments, "_meta": meta}}
                # Compact JSON and no `Accept-Encoding`, as the load generator sends.
                data = json.dumps(body, separators=(",", ":")).encode()
                conn.putrequest("POST", "/mcp", skip_accept_encoding=True)
                for name, value in (*headers.items(), ("Content-Length", str(len(data)))):
                    conn.putheader(name, value)
                conn.endheaders(data)
                response = conn.getresponse()
                text = response.read().decode()
                if response.status != 200:
                    fail(f"{binary} 2026-07-28 {tool}: HTTP {response.status}: {text[:300]}")
                if not text.lstrip().startswith("{"):  # an SSE stream: its last data line
                    text = [line[5:] for line in text.splitlines() if line.startswith("data:") and line[5:].strip()][-1]
                result = json.loads(text).get("result") or {}
                content = (result.get("content") or [{}])[0].get("text")
                if result.get("isError") or (tool == "add" and content != str(a + b)) or content is None:
                    fail(f"{binary} 2026-07-28 {tool}: a wrong reply: {text[:300]}")
            conn.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=300)
        for _ in range(300):
            if text := whole(out):
                if keep:
                    (keep / f"{binary}-2026-07-28-{tool}-{calls}.out").write_text(text)
                return summary(text)
            time.sleep(0.2)
        fail(f"{binary} 2026-07-28 {tool}: callgrind wrote no totals")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", default="add,search")
    parser.add_argument("--modes", default="stateful,stateless", help="of stateful,stateless,2026-07-28")
    parser.add_argument("--servers", default=",".join(SERVERS), help=f"subset of {','.join(SERVERS)}")
    parser.add_argument("--target-dir", type=Path, default=REPO / "target", help="cargo's target directory")
    parser.add_argument("--keep", type=Path, help="keep callgrind's outputs in this directory")
    args = parser.parse_args()
    release = args.target_dir.resolve() / "release"
    servers = [s for s in SERVERS if s in args.servers.split(",")]
    for name in args.servers.split(","):
        if name not in SERVERS:
            fail(f"unknown server `{name}`; known: {', '.join(SERVERS)}")
    for mode in args.modes.split(","):
        if mode not in ("stateful", "stateless", "2026-07-28"):
            fail(f"unknown mode `{mode}`; known: stateful, stateless, 2026-07-28")
    for binary in ("load", *(SERVERS[s][1] for s in servers)):
        if not (release / binary).exists():
            fail(f"{release / binary} is missing: run `cargo build --release -p mcp-tools-peer-bench`")
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    # Ratios of ours to rmcp and of each framework to the floor, where both were counted.
    ratios = [(a, b) for a, b in (("ours", "rmcp"), ("ours", "floor"), ("rmcp", "floor")) if a in servers and b in servers]
    print("| tool | mode | " + " | ".join(SERVERS[s][0] for s in servers) + "".join(f" | {a} / {b}" for a, b in ratios) + " |")
    print("|---|---|" + "---:|" * (len(servers) + len(ratios)))
    for tool in args.tools.split(","):
        for mode in args.modes.split(","):
            counts = {}
            for name in servers:
                label, binary, extra = SERVERS[name]
                if mode == "2026-07-28":
                    more = total_2026(release, binary, extra, tool, MORE, args.keep)
                    fewer = total_2026(release, binary, extra, tool, FEWER, args.keep)
                else:
                    more = total(release, binary, extra, mode, tool, MORE, args.keep)
                    fewer = total(release, binary, extra, mode, tool, FEWER, args.keep)
                counts[name] = round((more - fewer) / (MORE - FEWER))
                print(f"{label} {mode} {tool}: {counts[name]:,} instructions per request", file=sys.stderr, flush=True)
            cells = [f"{counts[s]:,}" for s in servers] + [f"{counts[a] / counts[b]:.3f}" for a, b in ratios]
            print(f"| {tool} | {mode} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
