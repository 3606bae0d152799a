#!/usr/bin/env python3
"""Compile-time benchmark: the same N tools written with our `#[tool]` and with rmcp's macros.

    python3 bench/compile-time/run.py --tools 100 --reps 3

Measures, for `cargo check` and `cargo build` (dev profile, `CARGO_INCREMENTAL=0`):

* clean: from an empty target dir, dependencies included (registry sources fetched first);
* crate: the tool crate alone, dependencies prebuilt (`touch src/main.rs`, rebuild), for N
  tools and for a baseline crate with `--baseline-tools` tools, giving a per-tool cost.

Sides alternate (ours, rmcp, rmcp, ours, ...) so that load from other processes hits both
alike; each figure is a median over `--reps` runs, with min and max. Wall time is what a user
waits; CPU time (user + sys of cargo and every rustc) is steadier on a loaded machine.

Scratch files go to `--scratch`, else `$COMPILE_BENCH_DIR`, else `target/compile-bench/`.
Results: a markdown report on stdout and `<scratch>/results.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen  # noqa: E402

REPO_ROOT = gen.REPO_ROOT
SIDES = ("ours", "rmcp")
CMDS = ("check", "build")

# Incremental compilation off: a dependency from crates.io is never built incrementally, and
# the runtime is a path dependency here, which cargo would otherwise build incrementally.
# No wrapper: a compiler cache would turn "from clean" into "from cache".
BASE_ENV = {
    "CARGO_INCREMENTAL": "0",
    "CARGO_TERM_COLOR": "never",
    "RUSTC_WRAPPER": "",
    "CARGO_BUILD_RUSTC_WRAPPER": "",
}


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def cargo(args: list[str], crate: Path, target: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, **BASE_ENV, "CARGO_TARGET_DIR": str(target)}
    p = subprocess.run(["cargo", *args], cwd=crate, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"cargo {' '.join(args)} failed in {crate}:\n{p.stderr[-4000:]}")
    return p


def timed_cargo(cmd: str, crate: Path, target: Path) -> dict:
    """Run `cargo <cmd> --timings`; return wall and CPU seconds and the per-unit timings."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = cargo([cmd, "--timings"], crate, target)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # Units cargo actually compiled; in a crate-only run that must be the tool crate alone.
    compiled = re.findall(r"^\s+(?:Compiling|Checking) (\S+) ", p.stderr, re.M)
    return {"wall": wall, "cpu": cpu, "compiled": compiled, "units": read_timings(target)}


def read_timings(target: Path) -> list[dict]:
    """Per-unit durations from cargo's `--timings` report (the JSON embedded in the HTML)."""
    html = target / "cargo-timings" / "cargo-timing.html"
    if not html.exists():
        return []
    m = re.search(r"const UNIT_DATA = (\[.*?\n\]);", html.read_text(), re.S)
    if not m:
        return []
    units = []
    for u in json.loads(m.group(1)):
        if u["duration"] <= 0:
            continue  # fresh, not rebuilt
        units.append({"name": u["name"], "target": u["target"].strip(), "duration": u["duration"]})
    return units


def snapshot_runtime(dest: Path) -> Path:
    """Copy the runtime's crates, so edits to the repo during a run change nothing."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    crates = ("mcp-tools-shared", "mcp-tools-rules", "mcp-tools-macros", "mcp-tools-runtime")
    for crate in crates:
        shutil.copytree(REPO_ROOT / crate, dest / crate, ignore=shutil.ignore_patterns("target"))
    # The crates inherit from the workspace manifest; keep it, minus the members not copied.
    ws = (REPO_ROOT / "Cargo.toml").read_text()
    members = ", ".join(f'"{c}"' for c in crates)
    ws = re.sub(r"members\s*=\s*\[[^\]]*\]", f"members = [{members}]", ws, count=1)
    (dest / "Cargo.toml").write_text(ws)
    for f in ("rust-toolchain.toml", "README.md"):
        if (REPO_ROOT / f).exists():
            shutil.copy(REPO_ROOT / f, dest / f)
    return dest / "mcp-tools-runtime"


# --- smoke test: both binaries answer tools/list with the same N tools ---------------------


def list_tools(binary: Path, timeout: float = 30.0) -> list[str]:
    proc = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    timer = threading.Timer(timeout, proc.kill)  # a hung server must not hang the benchmark
    timer.start()

    def send(msg: dict) -> None:
        proc.stdin.write(json.dumps(msg) + "\n")
        proc.stdin.flush()

    def reply(id_: int) -> dict:
        while line := proc.stdout.readline():
            msg = json.loads(line)
            if msg.get("id") == id_:
                return msg
        raise RuntimeError(f"{binary.name} closed stdout before answering request {id_}")

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "compile-bench", "version": "0"}}})
        reply(1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        names, cursor, id_ = [], None, 2
        while True:  # follow pagination cursors
            send({"jsonrpc": "2.0", "id": id_, "method": "tools/list",
                  "params": {"cursor": cursor} if cursor else {}})
            result = reply(id_)["result"]
            names += [t["name"] for t in result["tools"]]
            cursor, id_ = result.get("nextCursor"), id_ + 1
            if not cursor:
                return names
    finally:
        timer.cancel()
        proc.kill()
        proc.wait()


# --- statistics and report -----------------------------------------------------------------


def stats(xs: list[float]) -> dict:
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "n": len(xs)}


def fmt(s: dict) -> str:
    d = 2 if s["max"] < 10 else 1
    return f"{s['median']:.{d}f} ({s['min']:.{d}f}–{s['max']:.{d}f})"


def per_crate_times(runs: list[list[dict]]) -> dict[str, float]:
    """Median over runs of each crate's summed unit durations (lib, build script, bin)."""
    per_run = []
    for units in runs:
        acc: dict[str, float] = {}
        for u in units:
            name = "(the tool crate)" if u["name"].startswith("bench-") else u["name"]
            acc[name] = acc.get(name, 0.0) + u["duration"]
        per_run.append(acc)
    names = set().union(*per_run) if per_run else set()
    return {n: statistics.median([r.get(n, 0.0) for r in per_run]) for n in names}


def dep_packages(crate: Path) -> set[str]:
    """Packages compiled for the crate: normal, build and proc-macro dependencies."""
    p = subprocess.run(["cargo", "tree", "-e", "normal,build", "--prefix", "none", "-f", "{p}"],
                       cwd=crate, capture_output=True, text=True, check=True)
    pkgs = {re.sub(r"\s*\(.*$", "", line).strip() for line in p.stdout.splitlines() if line.strip()}
    return {p for p in pkgs if not p.startswith("bench-")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", type=int, default=100, help="tools per crate (default 100)")
    ap.add_argument("--baseline-tools", type=int, default=0, help="tools in the per-tool baseline (default 0)")
    ap.add_argument("--reps", type=int, default=3, help="repetitions of each measurement (default 3)")
    ap.add_argument("--scratch", type=Path, default=Path(os.environ.get("COMPILE_BENCH_DIR", REPO_ROOT / "target" / "compile-bench")))
    ap.add_argument("--skip-clean", action="store_true", help="skip the from-clean measurements")
    ap.add_argument("--skip-crate", action="store_true", help="skip the crate-only measurements")
    ap.add_argument("--live-runtime", action="store_true", help="build against the repo's runtime, not a snapshot")
    ap.add_argument("--report-only", action="store_true", help="print the report of <scratch>/results.json again")
    a = ap.parse_args()
    if a.report_only:
        res = json.loads((a.scratch / "results.json").read_text())
        print(report(res))
        return
    if a.tools == a.baseline_tools:
        sys.exit("--tools and --baseline-tools must differ")
    scratch = a.scratch.resolve()
    scratch.mkdir(parents=True, exist_ok=True)
    t_start = time.time()

    runtime = REPO_ROOT / "mcp-tools-runtime" if a.live_runtime else snapshot_runtime(scratch / "runtime-snapshot")
    crates = {n: gen.generate(n, scratch / f"gen-{n}", runtime) for n in (a.tools, a.baseline_tools)}
    for dirs in crates.values():
        for d in dirs.values():
            cargo(["fetch"], d, scratch / "fetch-target")
    log(f"generated {a.tools}- and {a.baseline_tools}-tool crates under {scratch}")

    results: dict = {"tools": a.tools, "baseline_tools": a.baseline_tools, "reps": a.reps,
                     "cpus": os.cpu_count(), "crate": {}, "clean": {}}
    order = lambda rep: SIDES if rep % 2 == 0 else SIDES[::-1]  # noqa: E731  alternate who goes first
    warm = {side: scratch / f"warm-{side}" for side in SIDES}
    names: dict[str, list[str]] = {}

    def smoke(side: str, target: Path) -> None:
        """Both binaries must answer tools/list with the same N tools."""
        names[side] = list_tools(target / "debug" / gen.package_name(side, a.tools))
        log(f"{side}: tools/list answers {len(names[side])} tools")
        if len(names[side]) != a.tools:
            sys.exit(f"smoke test failed: {side} lists {len(names[side])} tools, expected {a.tools}")
        if len(names) == 2 and sorted(names["ours"]) != sorted(names["rmcp"]):
            sys.exit("smoke test failed: the two sides list different tool names")

    # (a) from clean: a fresh target dir per measurement. The last `build` dir of each side is
    # kept as the warm dir of the crate-only runs, which saves a build from clean per side.
    if not a.skip_clean:
        raw_clean = {(cmd, side): [] for cmd in CMDS for side in SIDES}
        for rep in range(a.reps):
            for cmd in CMDS:
                for side in order(rep):
                    target = scratch / f"clean-{side}"
                    shutil.rmtree(target, ignore_errors=True)
                    r = timed_cargo(cmd, crates[a.tools][side], target)
                    raw_clean[(cmd, side)].append(r)
                    log(f"clean {cmd:5} {side}: {r['wall']:.1f} s wall, {r['cpu']:.1f} s cpu, {len(r['units'])} units")
                    if cmd == "build" and side not in names:
                        smoke(side, target)
                    if cmd == "build" and rep == a.reps - 1:
                        shutil.rmtree(warm[side], ignore_errors=True)
                        target.rename(warm[side])
                    shutil.rmtree(target, ignore_errors=True)
        for (cmd, side), runs in raw_clean.items():
            results["clean"][f"{cmd}/{side}"] = {
                "wall": stats([r["wall"] for r in runs]),
                "cpu": stats([r["cpu"] for r in runs]),
                "units": statistics.median([len(r["units"]) for r in runs]),
                "per_crate": per_crate_times([r["units"] for r in runs]),
            }

    # (b) crate only: deps prebuilt, the tool crate rebuilt after a touch.
    if not a.skip_crate:
        for side in SIDES:  # warm up: every crate checked and built once, deps included
            for n, dirs in crates.items():
                for cmd in CMDS:
                    cargo([cmd], dirs[side], warm[side])
            if side not in names:
                smoke(side, warm[side])
        log("warm target dirs ready")
        raw = {(n, cmd, side): [] for n in crates for cmd in CMDS for side in SIDES}
        for rep in range(a.reps):
            for cmd in CMDS:
                for n, dirs in crates.items():
                    for side in order(rep):
                        (dirs[side] / "src" / "main.rs").touch()
                        r = timed_cargo(cmd, dirs[side], warm[side])
                        if r["compiled"] != [gen.package_name(side, n)]:
                            log(f"warning: crate-only {side} {cmd} also rebuilt {r['compiled']}")
                        raw[(n, cmd, side)].append(r)
                        log(f"crate {cmd:5} n={n:<3} {side}: {r['wall']:.2f} s wall, {r['cpu']:.2f} s cpu")
        for (n, cmd, side), runs in raw.items():
            own = [u for r in runs for u in r["units"] if u["name"] == gen.package_name(side, n)]
            results["crate"][f"{n}/{cmd}/{side}"] = {
                "wall": stats([r["wall"] for r in runs]),
                "cpu": stats([r["cpu"] for r in runs]),
                # rustc's time on the tool crate alone, without cargo's start-up and fingerprinting.
                "rustc": statistics.median([u["duration"] for u in own]) if own else None,
            }

    results["packages"] = {side: sorted(dep_packages(crates[a.tools][side])) for side in SIDES}
    results["elapsed_min"] = (time.time() - t_start) / 60
    (scratch / "results.json").write_text(json.dumps(results, indent=1))
    print(report(results))


def report(res: dict) -> str:
    pkgs = {side: set(p) for side, p in res["packages"].items()}
    a = argparse.Namespace(tools=res["tools"], baseline_tools=res["baseline_tools"], reps=res["reps"])
    out = [f"`python3 bench/compile-time/run.py --tools {a.tools} --reps {a.reps}` — "
           f"{res['cpus']} CPUs, dev profile, `CARGO_INCREMENTAL=0`, {res['elapsed_min']:.0f} min in all. "
           "Seconds: median (min–max); ratio = ours / rmcp of the medians.", ""]
    out += ["| what | command | ours wall | rmcp wall | ratio | ours CPU | rmcp CPU | ratio |",
            "|---|---|---|---|---|---|---|---|"]

    def row(label: str, cmd: str, o: dict, r: dict) -> None:
        out.append(f"| {label} | `cargo {cmd}` | {fmt(o['wall'])} | {fmt(r['wall'])} | "
                   f"**{o['wall']['median'] / r['wall']['median']:.2f}** | {fmt(o['cpu'])} | {fmt(r['cpu'])} | "
                   f"**{o['cpu']['median'] / r['cpu']['median']:.2f}** |")

    for cmd in CMDS:
        if res["clean"]:
            row(f"from clean, {a.tools} tools", cmd, res["clean"][f"{cmd}/ours"], res["clean"][f"{cmd}/rmcp"])
    for cmd in CMDS:
        for n in (a.tools, a.baseline_tools):
            if res["crate"]:
                row(f"crate only, {n} tools", cmd, res["crate"][f"{n}/{cmd}/ours"], res["crate"][f"{n}/{cmd}/rmcp"])

    if res["crate"] and a.tools != a.baseline_tools:
        out += ["", f"Per-tool cost (crate only: difference of the medians at {a.tools} and {a.baseline_tools} tools, "
            "divided by the difference) and rustc's time on the tool crate (`--timings`, median):", "",
                f"| command | side | wall ms/tool | CPU ms/tool | rustc s, {a.tools} tools | rustc s, {a.baseline_tools} tools |", "|---|---|---|---|---|---|"]
        for cmd in CMDS:
            for side in SIDES:
                hi, lo = res["crate"][f"{a.tools}/{cmd}/{side}"], res["crate"][f"{a.baseline_tools}/{cmd}/{side}"]
                d = a.tools - a.baseline_tools
                hi_s = f"{hi['rustc']:.2f}" if hi.get("rustc") is not None else "–"
                lo_s = f"{lo['rustc']:.2f}" if lo.get("rustc") is not None else "–"
                out.append(f"| `cargo {cmd}` | {side} | {1000 * (hi['wall']['median'] - lo['wall']['median']) / d:.0f} | "
                           f"{1000 * (hi['cpu']['median'] - lo['cpu']['median']) / d:.0f} | {hi_s} | {lo_s} |")

    only_ours, only_rmcp = sorted(pkgs["ours"] - pkgs["rmcp"]), sorted(pkgs["rmcp"] - pkgs["ours"])
    out += ["", f"Dependency packages compiled (normal, build and proc-macro): ours {len(pkgs['ours'])}, "
            f"rmcp {len(pkgs['rmcp'])}.", f"Only ours: {', '.join(only_ours) or '–'}.", f"Only rmcp: {', '.join(only_rmcp) or '–'}."]

    if res["clean"]:
        for cmd in CMDS:
            o, r = res["clean"][f"{cmd}/ours"]["per_crate"], res["clean"][f"{cmd}/rmcp"]["per_crate"]
            names = sorted(set(o) | set(r), key=lambda n: -max(o.get(n, 0), r.get(n, 0)))
            diff = sorted(set(o) | set(r), key=lambda n: -abs(o.get(n, 0) - r.get(n, 0)))
            out += ["", f"From-clean `cargo {cmd}`, per crate: median seconds of its units (lib, build script, its run) "
                    "from `--timings`. These are wall times of each rustc, stretched when units share the "
                    f"{res['cpus']} cores or the machine is busy; they sum to more than the wall time. "
                    f"Sums: ours {sum(o.values()):.1f} s, rmcp {sum(r.values()):.1f} s.", "",
                    "| crate | ours s | rmcp s | | crate (largest differences) | ours s | rmcp s |", "|---|---|---|---|---|---|---|"]
            for top, dd in zip(names[:12], diff[:12]):
                out.append(f"| {top} | {o.get(top, 0):.1f} | {r.get(top, 0):.1f} | | {dd} | {o.get(dd, 0):.1f} | {r.get(dd, 0):.1f} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
