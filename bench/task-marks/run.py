#!/usr/bin/env python3
"""What the task marks cost a `tools/list`: the example server's 12 tools, `depot_audit`
marked with `execution.taskSupport` in a 2025-11-25 session, against the same list unmarked
in a 2025-06-18 session (the revision before the field), over stdio and over Streamable
HTTP with a session.

    python3 bench/task-marks/run.py            # 8 rounds of 5,000 stdio and 1,000 HTTP lists
    python3 bench/task-marks/run.py --rounds 4

Builds the `shipments` example (release). Over stdio, the requests of a round are written at
once and the answers counted as they arrive (the server's time, not this script's); over
HTTP, one keep-alive connection sends them one by one, so the figure includes the client's
side, the same for both revisions. The two revisions alternate round by round, and the median
of the rounds is printed, so a shared machine's drift falls on both alike.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
MARKED, UNMARKED = "2025-11-25", "2025-06-18"


def build() -> str:
    subprocess.run(
        ["cargo", "build", "--release", "-p", "mcp-tools-examples", "--bin", "shipments"],
        cwd=REPO, check=True,
    )
    return str(REPO / "target" / "release" / "shipments")


def line(message: dict) -> bytes:
    return (json.dumps(message) + "\n").encode()


def initialize(revision: str, id_: int = 0) -> dict:
    return {"jsonrpc": "2.0", "id": id_, "method": "initialize", "params": {
        "protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}}


def marked_tools(listing: bytes) -> list[str]:
    tools = json.loads(listing)["result"]["tools"]
    return [tool["name"] for tool in tools if "execution" in tool]


def stdio_round(server: str, revision: str, n: int) -> float:
    """Microseconds per `tools/list` over stdio, `n` of them pipelined."""
    proc = subprocess.Popen([server], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=dict(os.environ, RUST_LOG="off"))
    assert proc.stdin and proc.stdout
    # As a client does: nothing but `notifications/initialized` before the answer.
    proc.stdin.write(line(initialize(revision)))
    proc.stdin.flush()
    proc.stdout.readline()
    proc.stdin.write(line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    proc.stdin.write(line({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
    proc.stdin.flush()
    expected = ["depot_audit"] if revision == MARKED else []
    if marked_tools(proc.stdout.readline()) != expected:
        sys.exit(f"the {revision} listing is not marked as expected")
    requests = b"".join(line({"jsonrpc": "2.0", "id": i + 2, "method": "tools/list"}) for i in range(n))
    writer = threading.Thread(target=lambda: (proc.stdin.write(requests), proc.stdin.flush()))
    started = time.perf_counter()
    writer.start()
    for _ in range(n):
        proc.stdout.readline()
    elapsed = time.perf_counter() - started
    writer.join()
    proc.stdin.close()
    proc.wait()
    return elapsed / n * 1e6


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http_round(port: int, revision: str, n: int) -> float:
    """Microseconds per `tools/list` over Streamable HTTP with a session, one at a time."""
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    conn.request("POST", "/mcp", json.dumps(initialize(revision)), headers)
    reply = conn.getresponse()
    session = reply.getheader("mcp-session-id")
    reply.read()
    headers |= {"mcp-session-id": session, "mcp-protocol-version": revision}
    conn.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}), headers)
    conn.getresponse().read()
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    conn.request("POST", "/mcp", body, headers)
    first = conn.getresponse().read()
    if (b'"execution"' in first) != (revision == MARKED):
        sys.exit(f"the {revision} listing over HTTP is not marked as expected")
    started = time.perf_counter()
    for _ in range(n):
        conn.request("POST", "/mcp", body, headers)
        conn.getresponse().read()
    elapsed = time.perf_counter() - started
    conn.close()
    return elapsed / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--stdio-lists", type=int, default=5000)
    parser.add_argument("--http-lists", type=int, default=1000)
    args = parser.parse_args()
    server = build()
    port = free_port()
    http_server = subprocess.Popen([server, "--http", f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=dict(os.environ, RUST_LOG="off"))
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for revision in (MARKED, UNMARKED):
                times.setdefault(("stdio", revision), []).append(stdio_round(server, revision, args.stdio_lists))
                times.setdefault(("http", revision), []).append(http_round(port, revision, args.http_lists))
    finally:
        http_server.terminate()
        http_server.wait()
    print("| transport | 2025-11-25, marked | 2025-06-18, unmarked | difference |")
    print("|---|---:|---:|---:|")
    for transport in ("stdio", "http"):
        marked = statistics.median(times[(transport, MARKED)])
        unmarked = statistics.median(times[(transport, UNMARKED)])
        print(f"| {transport} | {marked:.1f} µs | {unmarked:.1f} µs | {marked - unmarked:+.1f} µs |")


if __name__ == "__main__":
    main()
