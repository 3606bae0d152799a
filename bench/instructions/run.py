#!/usr/bin/env python3
"""Instructions per call, counted by callgrind, against a recorded baseline: the check that
a change did not make every call dearer.

    python3 bench/instructions/run.py            # count, compare, fail on a regression
    python3 bench/instructions/run.py --record   # count and write the new baseline

Builds the `call_overhead` bench (release), then, for each case, runs it twice under
`valgrind --tool=callgrind` with `CALL_OVERHEAD_CALLS=<case>:<n>` for two call counts; the
difference of the two totals over the difference of the counts is the cost of one call,
free of one-off costs (the runtime's start, the tokenizer's load). Instruction counts do
not depend on the machine's load, so a shared machine measures them as well as a quiet one.

It fails when a case of ours costs more than `--tolerance` (default 5%) over the baseline
in `baseline.json` beside this file, and prints every case beside rmcp's. Record a new
baseline when a change is meant to cost more (or got cheaper), and say why in the commit.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BASELINE = HERE / "baseline.json"

# (case, fewer calls, more calls): end-to-end calls cost about 20 times a dispatch.
CASES = [
    ("dispatch/ours", 2000, 6000),
    ("dispatch/rmcp", 2000, 6000),
    ("e2e/ours", 1000, 3000),
    ("e2e/rmcp", 1000, 3000),
    ("dispatch_bad_args/ours", 2000, 6000),
    ("dispatch_bad_args/rmcp", 2000, 6000),
    ("e2e_bad_args/ours", 1000, 3000),
    ("e2e_bad_args/rmcp", 1000, 3000),
]


def fail(message: str) -> None:
    sys.exit(f"instructions: {message}")


def build() -> str:
    """The path of the release `call_overhead` executable."""
    proc = subprocess.run(
        ["cargo", "bench", "-p", "mcp-tools-tests", "--bench", "call_overhead", "--no-run",
         "--message-format=json-render-diagnostics"],
        cwd=REPO, stdout=subprocess.PIPE, text=True,
    )
    if proc.returncode != 0:
        fail("building the call_overhead bench failed")
    for line in proc.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] == "call_overhead" \
                and message.get("executable"):
            return message["executable"]
    fail("cargo did not name the call_overhead executable")
    return ""


def total(executable: str, case: str, calls: int) -> int:
    """Instructions callgrind counts in one run of `calls` calls of `case`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, CALL_OVERHEAD_CALLS=f"{case}:{calls}")
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", executable, "--bench"],
            env=env, capture_output=True, text=True,
        )
        if proc.returncode != 0:
            fail(f"{case}:{calls} failed under callgrind:\n{proc.stderr[-2000:]}")
        for line in out.read_text().splitlines():
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    fail(f"no total in callgrind's output for {case}:{calls}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="write the counts as the new baseline")
    parser.add_argument("--tolerance", type=float, default=0.05, help="allowed growth over the baseline (default 0.05)")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        fail("valgrind is not on PATH (Debian: `apt-get install valgrind`)")
    executable = build()
    counts: dict[str, int] = {}
    for case, fewer, more in CASES:
        counts[case] = round((total(executable, case, more) - total(executable, case, fewer)) / (more - fewer))
        print(f"{case}: {counts[case]:,} instructions per call", file=sys.stderr, flush=True)
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    print("| case | instructions per call | baseline | change | rmcp | ours / rmcp |")
    print("|---|---:|---:|---:|---:|---:|")
    regressed = []
    for case, count in counts.items():
        level, side = case.split("/")
        peer = counts.get(f"{level}/rmcp")
        base = baseline.get(case)
        change = f"{count / base - 1:+.1%}" if base else "new"
        ratio = f"{count / peer:.3f}" if peer and side == "ours" else ""
        print(f"| {case} | {count:,} | {f'{base:,}' if base else ''} | {change} | {f'{peer:,}' if peer and side == 'ours' else ''} | {ratio} |")
        if side == "ours" and base and count > base * (1 + args.tolerance):
            regressed.append(f"{case}: {count:,} instructions per call, {count / base - 1:+.1%} over the baseline {base:,}")
    if args.record:
        BASELINE.write_text(json.dumps(counts, indent=2) + "\n")
        print(f"\nrecorded {BASELINE.relative_to(REPO)}", file=sys.stderr)
        return
    if regressed:
        fail(
            "a call got dearer than the tolerance allows:\n  " + "\n  ".join(regressed)
            + "\nFind the cause (callgrind_annotate on a run of the case), or, when the cost is "
            "meant, record the new baseline with --record and say why in the commit."
        )


if __name__ == "__main__":
    main()
