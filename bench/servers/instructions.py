#!/usr/bin/env python3
"""Instructions per HTTP request, counted by callgrind in the server: ours against rmcp's
(with `TCP_NODELAY`), the same tools, stateful and stateless.

    python3 bench/servers/instructions.py [--tools add,search] [--modes stateful,stateless]

Each server runs under `valgrind --tool=callgrind` while the load generator makes its
handshake and then a sequential pass of N calls on one connection (`--clients 0`: no
concurrent pass); two runs, with 200 and 600 calls, differ by 400 calls, so the difference
of their totals over 400 is the cost of one request, free of start-up, the handshake and
the first call. Unlike calls/s on a shared machine, the count does not move with the load.
Needs the release build `run.py` makes (`cargo build --release -p mcp-tools-peer-bench`).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
RELEASE = REPO / "target" / "release"
FEWER, MORE = 200, 600

SERVERS = {
    "mcp-tools": ("ours-server", []),
    "rmcp + TCP_NODELAY": ("rmcp-server", ["nodelay"]),
}


def fail(message: str) -> None:
    sys.exit(f"instructions.py: {message}")


def total(binary: str, extra: list[str], mode: str, tool: str, calls: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        server = (
            f"valgrind --tool=callgrind --callgrind-out-file={out} {RELEASE / binary} "
            f"http $0 {mode} {' '.join(extra)}"
        )
        command = [
            str(RELEASE / "load"), "--server", binary, "--transport", "http", "--mode", mode,
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
            if out.exists():
                text = out.read_text()
                for line in text.splitlines():
                    if line.startswith("summary:"):
                        return int(line.split()[1])
            time.sleep(0.2)
        fail(f"{binary} {mode} {tool}: callgrind wrote no totals")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", default="add,search")
    parser.add_argument("--modes", default="stateful,stateless")
    args = parser.parse_args()
    for binary in ("load", "ours-server", "rmcp-server"):
        if not (RELEASE / binary).exists():
            fail(f"{RELEASE / binary} is missing: run `cargo build --release -p mcp-tools-peer-bench`")
    print("| tool | mode | mcp-tools | rmcp + TCP_NODELAY | ours / rmcp |")
    print("|---|---|---:|---:|---:|")
    for tool in args.tools.split(","):
        for mode in args.modes.split(","):
            counts = []
            for label, (binary, extra) in SERVERS.items():
                more = total(binary, extra, mode, tool, MORE)
                fewer = total(binary, extra, mode, tool, FEWER)
                counts.append(round((more - fewer) / (MORE - FEWER)))
                print(f"{label} {mode} {tool}: {counts[-1]:,} instructions per request", file=sys.stderr, flush=True)
            print(f"| {tool} | {mode} | {counts[0]:,} | {counts[1]:,} | {counts[0] / counts[1]:.3f} |", flush=True)


if __name__ == "__main__":
    main()
