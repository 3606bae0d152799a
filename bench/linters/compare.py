#!/usr/bin/env python3
"""mcp-tools-lint beside other MCP tool linters, on the held-out half of the corpus.

Every linter's reports are scored against the same blind annotations
(tests/corpus/annotations/<server>.txt): a report is *on a flaw* when the annotations hold a
scored flaw of any kind at its place (the same tool, and the same parameter, or the tool
itself), and *on a certain flaw* when one of them is marked certain. The match is by place,
not by kind, because each linter names its checks its own way. Recall is the share of
flawed places (certain ones, and all) some report of the linter names.

Usage (from the repository root):

    python3 bench/linters/compare.py --peers DIR

DIR holds one `<linter>.jsonl` per peer, one report per line:
{"linter", "server", "tool", "target" ("-" or a parameter path), "check", "severity",
"message"}; bench/linters/README.md says how each peer was installed and run to write it.
mcp-tools-lint itself is built (release) and run here (`--format json`) on each held-out
server; MCP_TOOLS_LINT names a binary to run instead.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "corpus"
KINDS_OK = {"ok", "other"}


def held_out(name: str) -> bool:
    h = 0xCBF29CE484222325
    for b in name.encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h % 2 == 1


def servers() -> list[str]:
    names = sorted(p.stem for p in (CORPUS / "servers").glob("*.json"))
    return [n for n in names if held_out(n)]


def flawed_places(server: str) -> dict[tuple[str, str], bool]:
    """(tool, target) -> whether some flaw there is certain."""
    places: dict[tuple[str, str], bool] = {}
    for line in (CORPUS / "annotations" / f"{server}.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split("#", 1)[0].split()
        if len(fields) < 3 or fields[1] in KINDS_OK:
            continue
        tool, _kind, target = fields[:3]
        certain = len(fields) > 3 and fields[3] == "certain"
        places[(tool, target)] = places.get((tool, target), False) or certain
    return places


def place_of(report: dict, places: dict) -> tuple[str, str]:
    """A report's place; a parameter given by its last name alone matches its path."""
    tool, target = report["tool"], report.get("target") or "-"
    if (tool, target) in places or target == "-":
        return tool, target
    for (t, path) in places:
        if t == tool and path.split(".")[-1] == target:
            return t, path
    return tool, target


def ours(names: list[str]) -> list[dict]:
    binary = os.environ.get("MCP_TOOLS_LINT")
    if binary is None:
        subprocess.run(
            ["cargo", "build", "--quiet", "--release", "-p", "mcp-tools-lint"], cwd=REPO, check=True
        )
        binary = REPO / "target" / "release" / "mcp-tools-lint"
    out = []
    for server in names:
        run = subprocess.run(
            [str(binary), "--format", "json", str(CORPUS / "servers" / f"{server}.json")],
            capture_output=True, text=True, cwd=REPO,
        )
        if run.returncode not in (0, 1):
            sys.exit(f"mcp-tools-lint failed on {server}: {run.stderr}")
        for r in json.loads(run.stdout)["reports"]:
            pointer = r["pointer"].split("/")
            path = [pointer[i + 1] for i, p in enumerate(pointer[:-1]) if p == "properties"]
            out.append({
                "linter": "mcp-tools-lint", "server": server, "tool": r["tool"],
                "target": ".".join(path) if path else "-", "check": r["rule"],
                "severity": r["level"], "message": r["message"],
            })
    return out


def score(reports: list[dict], names: list[str]) -> dict:
    places = {s: flawed_places(s) for s in names}
    on_flaw = on_certain = 0
    named: dict[str, set] = collections.defaultdict(set)
    by_check: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    for r in reports:
        if r["server"] not in places:
            continue
        p = places[r["server"]]
        place = place_of(r, p)
        flaw = place in p
        certain = p.get(place, False)
        on_flaw += flaw
        on_certain += certain
        if flaw:
            named[r["server"]].add(place)
        row = by_check[r["check"]]
        row[0] += 1
        row[1] += flaw
        row[2] += certain
    # Each place a linter names counts once, however many of its checks name it: linters
    # that report many checks at one tool are not paid for repeating themselves.
    reported: dict[str, set] = collections.defaultdict(set)
    for r in reports:
        if r["server"] in places:
            reported[r["server"]].add(place_of(r, places[r["server"]]))
    place_count = sum(len(v) for v in reported.values())
    place_flaw = sum(1 for srv, v in reported.items() for pl in v if pl in places[srv])
    place_certain = sum(1 for srv, v in reported.items() for pl in v if places[srv].get(pl, False))
    total = sum(len(p) for p in places.values())
    certain_total = sum(sum(v) for v in (p.values() for p in places.values()))
    found = sum(len(named[s]) for s in names)
    certain_found = sum(1 for s in names for pl in named[s] if places[s][pl])
    n = sum(1 for r in reports if r["server"] in places)
    return {
        "reports": n,
        "places": place_count,
        "places_on_flaw": place_flaw / place_count if place_count else None,
        "places_on_certain": place_certain / place_count if place_count else None,
        "on_flaw": on_flaw / n if n else None,
        "on_certain": on_certain / n if n else None,
        "recall": found / total if total else None,
        "certain_recall": certain_found / certain_total if certain_total else None,
        "by_check": by_check,
    }


def shown(x):
    return "–" if x is None else f"{x:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peers", type=Path, help="folder of <linter>.jsonl files")
    ap.add_argument("--list-held-out", action="store_true", help="print the held-out servers and stop")
    ap.add_argument("--checks", action="store_true", help="also print each linter's checks")
    a = ap.parse_args()
    names = servers()
    if a.list_held_out:
        print("\n".join(names))
        return
    if a.peers is None:
        ap.error("--peers DIR is required")
    linters = {"mcp-tools-lint": ours(names)}
    for f in sorted(a.peers.glob("*.jsonl")):
        if f.name.endswith(".scores.jsonl") or f.name.endswith(".signals.jsonl"):
            continue
        linters[f.stem] = [json.loads(l) for l in f.read_text().splitlines() if l.strip()]
    print(f"held-out half: {len(names)} servers\n")
    print("| linter | reports | on a flaw | on a certain flaw | places named | on a flaw | on a certain flaw | flawed places found | certain ones found |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    results = {}
    for name, reports in linters.items():
        s = score(reports, names)
        results[name] = s
        print(f"| {name} | {s['reports']} | {shown(s['on_flaw'])} | {shown(s['on_certain'])} | "
              f"{s['places']} | {shown(s['places_on_flaw'])} | {shown(s['places_on_certain'])} | "
              f"{shown(s['recall'])} | {shown(s['certain_recall'])} |")
    print("\nBy severity, as each linter names its levels:\n")
    print("| linter | severity | reports | on a flaw | on a certain flaw | places named | on a flaw | on a certain flaw |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, reports in linters.items():
        levels = sorted({r.get("severity") or "-" for r in reports})
        for level in levels:
            subset = [r for r in reports if (r.get("severity") or "-") == level]
            s = score(subset, names)
            print(f"| {name} | {level} | {s['reports']} | {shown(s['on_flaw'])} | {shown(s['on_certain'])} | "
                  f"{s['places']} | {shown(s['places_on_flaw'])} | {shown(s['places_on_certain'])} |")
    if a.checks:
        for name, s in results.items():
            print(f"\n**{name}**\n\n| check | reports | on a flaw | on a certain flaw |\n|---|---:|---:|---:|")
            for check, (n, f, c) in sorted(s["by_check"].items(), key=lambda kv: -kv[1][0]):
                print(f"| `{check}` | {n} | {shown(f / n)} | {shown(c / n)} |")


if __name__ == "__main__":
    main()
