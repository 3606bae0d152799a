#!/usr/bin/env python3
"""Instructions per call, counted by callgrind, against a recorded baseline: the check that
a change did not make every call dearer.

    python3 bench/instructions/run.py                      # count, compare, fail on a regression
    python3 bench/instructions/run.py --record             # count and write the new baseline
    python3 bench/instructions/run.py --cases http,e2e/ours  # only these cases (ids or prefixes)

Builds the `call_overhead` bench (release), then, for each case, runs it twice under
`valgrind --tool=callgrind` with `CALL_OVERHEAD_CALLS=<case>:<n>` for two call counts; the
difference of the two totals over the difference of the counts is the cost of one call,
free of one-off costs (the runtime's start, the tokenizer's load). Instruction counts do
not depend on the machine's load, so a shared machine measures them as well as a quiet one.

The cases (see `tests/benches/call_overhead.rs`): `calc_add` through `ServerHandler::call_tool`
(`dispatch`) and through rmcp's client over an in-process duplex (`e2e`), with good and bad
arguments, ours beside rmcp's `#[tool_router]`; a good call over Streamable HTTP on
127.0.0.1 with sessions (`http`) and without (`http_stateless`), ours beside rmcp's
`StreamableHttpService`; and ours only, on a registry that also holds a budgeted, a handle and
a task tool: a call cut by its budget (`*_budget_cut`), a call that opens a state handle
(`*_handle`), a call that starts a task and lets it finish (`*_task_start`), and a plain
`calc_add` there (`*_rich`); and, each side on a server that holds only them, `prompts/get` of
a prompt with two string arguments (`*_prompt`) and `resources/read` of a template resource
(`*_read`), ours (`#[prompt]`, `#[resource]`) beside rmcp's (`#[prompt_router]`, a
hand-written `read_resource`).

It fails when a case of ours costs more than `--tolerance` (default 3%: the counts of one
build repeat to 0.1%, and a change elsewhere in the binary moves inlining by up to about
1%) over the baseline in `baseline.json` beside this file, and when a plain call on the rich registry costs more
than 2% over the same call on the registry that holds only `calc_add` (`dispatch_rich/ours`
against `dispatch/ours`, `e2e_rich/ours` against `e2e/ours`, when both were counted). It
prints every case beside rmcp's where rmcp has one. Record a new baseline when a change is
meant to cost more (or got cheaper), and say why in the commit; `--record` with `--cases`
updates only the cases counted.
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

# (case, fewer calls, more calls): end-to-end calls cost about 20 times a dispatch. Each
# run also makes 1,000 calls to warm up, and builds and checks what its case needs: the
# budget cases load the tokenizer's vocabulary, about 25 s of each of their runs.
CASES = [
    ("dispatch/ours", 2000, 6000),
    ("dispatch/rmcp", 2000, 6000),
    ("e2e/ours", 1000, 3000),
    ("e2e/rmcp", 1000, 3000),
    ("dispatch_bad_args/ours", 2000, 6000),
    ("dispatch_bad_args/rmcp", 2000, 6000),
    ("e2e_bad_args/ours", 1000, 3000),
    ("e2e_bad_args/rmcp", 1000, 3000),
    ("http/ours", 500, 1500),
    ("http/rmcp", 500, 1500),
    ("http_stateless/ours", 500, 1500),
    ("http_stateless/rmcp", 500, 1500),
    ("dispatch_rich/ours", 2000, 6000),
    ("e2e_rich/ours", 1000, 3000),
    ("dispatch_budget_cut/ours", 300, 900),
    ("e2e_budget_cut/ours", 300, 900),
    ("dispatch_handle/ours", 2000, 6000),
    ("e2e_handle/ours", 1000, 3000),
    ("dispatch_task_start/ours", 1000, 3000),
    ("e2e_task_start/ours", 1000, 3000),
    ("dispatch_prompt/ours", 2000, 6000),
    ("dispatch_prompt/rmcp", 2000, 6000),
    ("e2e_prompt/ours", 1000, 3000),
    ("e2e_prompt/rmcp", 1000, 3000),
    ("dispatch_read/ours", 2000, 6000),
    ("dispatch_read/rmcp", 2000, 6000),
    ("e2e_read/ours", 1000, 3000),
    ("e2e_read/rmcp", 1000, 3000),
]

# (rich case, plain case): a plain call may cost at most RICH_TOLERANCE more on a registry
# that also holds budgeted, handle and task tools than on one that holds only it.
RICH_PAIRS = [
    ("dispatch_rich/ours", "dispatch/ours"),
    ("e2e_rich/ours", "e2e/ours"),
]
RICH_TOLERANCE = 0.02


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


def selected(spec: str | None) -> list[tuple[str, int, int]]:
    """The cases `--cases` names: comma-separated ids (`http/ours`) or prefixes (`http`,
    `e2e_`), in CASES' order; every case without it."""
    if spec is None:
        return CASES
    wanted = [part.strip() for part in spec.split(",") if part.strip()]
    chosen = [entry for entry in CASES if any(entry[0].startswith(w) for w in wanted)]
    unmatched = [w for w in wanted if not any(case.startswith(w) for case, _, _ in CASES)]
    if unmatched or not chosen:
        fail(f"no case matches {', '.join(unmatched) or spec!r}; the cases are "
             + ", ".join(case for case, _, _ in CASES))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="write the counts as the new baseline")
    parser.add_argument("--tolerance", type=float, default=0.03, help="allowed growth over the baseline (default 0.03)")
    parser.add_argument("--cases", metavar="IDS", help="only these cases: comma-separated ids or prefixes (e.g. http,e2e/ours)")
    args = parser.parse_args()
    cases = selected(args.cases)
    if not shutil.which("valgrind"):
        fail("valgrind is not on PATH (Debian: `apt-get install valgrind`)")
    executable = build()
    counts: dict[str, int] = {}
    for case, fewer, more in cases:
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
    rich_problems = []
    pairs = [(rich, plain) for rich, plain in RICH_PAIRS if rich in counts and plain in counts]
    if pairs:
        print()
    for rich, plain in pairs:
        over = counts[rich] / counts[plain] - 1
        print(f"{rich} against {plain}: {over:+.2%} (at most {RICH_TOLERANCE:+.0%})")
        if over > RICH_TOLERANCE:
            rich_problems.append(
                f"{rich}: {counts[rich]:,} instructions per call, {over:+.2%} over {plain} "
                f"({counts[plain]:,}); a plain call pays for the other tools of its registry"
            )
    if args.record:
        # A subset updates its cases only; a whole run writes the baseline anew.
        recorded = {**baseline, **counts} if args.cases else counts
        BASELINE.write_text(json.dumps(recorded, indent=2) + "\n")
        print(f"\nrecorded {BASELINE.relative_to(REPO)}", file=sys.stderr)
        return
    if regressed or rich_problems:
        message = []
        if regressed:
            message.append(
                "a call got dearer than the tolerance allows:\n  " + "\n  ".join(regressed)
                + "\nFind the cause (callgrind_annotate on a run of the case), or, when the cost is "
                "meant, record the new baseline with --record and say why in the commit."
            )
        if rich_problems:
            message.append(
                "a plain call costs more on the rich registry:\n  " + "\n  ".join(rich_problems)
                + "\nFind what the other tools' features add to every call (callgrind_annotate on "
                "both cases); a new baseline does not change this check, which compares two cases of one run."
            )
        fail("\n".join(message))


if __name__ == "__main__":
    main()
