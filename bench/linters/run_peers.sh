#!/usr/bin/env bash
# Re-runs every working linter on every held-out server and rebuilds the JSONL files.
# The installs are in bench/linters/README.md. Offline: only loopback and stdio.
set -u
# PEER_LINT: the work directory holding the installs (bench/linters/README.md), default
# target/tmp/peer-lint. Run from the repository root.
REPO=$(pwd)
P=${PEER_LINT:-$REPO/target/tmp/peer-lint}
export PEER_LINT=$P
mkdir -p "$P/input"
python3 "$REPO/bench/linters/compare.py" --list-held-out > "$P/held_out.txt"
cd "$P"
SERVERS=$(cat held_out.txt)
REPLAY="$P/replay/venv/bin/python $REPO/bench/linters/replay_server.py"

# 0. inputs: {"tools":[...]} and bare-array copies of each held-out server's saved tools/list
REPO=$REPO python3 -c '
import json, os
for n in open("held_out.txt").read().split():
    d = json.load(open(os.environ["REPO"] + f"/tests/corpus/servers/{n}.json"))
    json.dump({"tools": d["tools"]}, open(f"input/{n}.tools.json", "w"), indent=1, ensure_ascii=False)
    json.dump(d["tools"], open(f"input/{n}.array.json", "w"), indent=1, ensure_ascii=False)
'

# agent-friend 0.209.0 crashes on two sonarqube tools (`issues`, `hotspots`: "unhashable type:
# 'list'"); its validate and grade passes read the other 26.
mkdir -p agent-friend
python3 -c '
import json
tools = json.load(open("input/sonarqube.array.json"))
json.dump([t for t in tools if t["name"] not in ("issues", "hotspots")],
          open("agent-friend/sonarqube.minus-issues-hotspots.array.json", "w"), indent=1)
'

mkdir -p raw/{agent-friend,toollint,tdqs,spidershield,mcp-gatekeeper,mcplint-cli/snap,mcp-lint}

for n in $SERVERS; do
  # agent-friend 0.209.0 (reads MCP tool arrays directly)
  in=input/$n.array.json
  [ $n = sonarqube ] && in=agent-friend/sonarqube.minus-issues-hotspots.array.json  # see README
  agent-friend/venv/bin/agent-friend validate $in --json > raw/agent-friend/$n.validate.json 2> raw/agent-friend/$n.validate.err
  agent-friend/venv/bin/agent-friend grade    $in --json > raw/agent-friend/$n.grade.json    2> raw/agent-friend/$n.grade.err
  agent-friend/venv/bin/agent-friend optimize input/$n.array.json --json > raw/agent-friend/$n.optimize.json 2> raw/agent-friend/$n.optimize.err

  # toollint 0.1.2 (needs its own tool format; semantic check uses a local all-MiniLM-L6-v2 dir in cwd)
  python3 "$REPO/bench/linters/mcp_to_toollint.py" input/$n.array.json toollint/converted/$n.json
  (cd toollint/run && HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 ../venv/bin/toollint check ../converted/$n.json --format json \
      > $P/raw/toollint/$n.check.json 2> $P/raw/toollint/$n.err)

  # tdqs 0.1.0, deterministic lint stage only
  tdqs/venv/bin/tdqs lint --file input/$n.tools.json --server-name $n --format json --fail-on never \
      > raw/tdqs/$n.lint.json 2> raw/tdqs/$n.err

  # spidershield 0.3.4 (SpiderRating's scanner): description-quality part from --tools-json
  spidershield/venv/bin/spidershield scan spidershield/empty_target --tools-json input/$n.tools.json --format json \
      > raw/spidershield/$n.scan.json 2> raw/spidershield/$n.err

  # mcp-gatekeeper 0.1.0 (mcpgate): needs a server command -> replay stub
  mcp-gatekeeper/venv/bin/mcpgate lint "$REPLAY $P/input/$n.tools.json $n" --format json \
      > raw/mcp-gatekeeper/$n.lint.json 2> raw/mcp-gatekeeper/$n.err

  # mcplint-cli 0.2.0: snapshot via replay stub, then offline scan of the snapshot
  (cd mcplint-cli && ./venv/bin/mcplint snapshot --server "$REPLAY $P/input/$n.tools.json $n" \
      --output $P/raw/mcplint-cli/snap/$n.json > /dev/null 2> $P/raw/mcplint-cli/$n.snap.err && \
   ./venv/bin/mcplint scan --snapshot $P/raw/mcplint-cli/snap/$n.json --format json --fail-on never \
      --output $P/raw/mcplint-cli/$n.scan.json > /dev/null 2> $P/raw/mcplint-cli/$n.scan.err)

  # mcp-lint 0.1.0 (Python 3.12 venv): replay stub, tool-definition rules only
  COLUMNS=10000 mcp-lint/venv/bin/mcp-lint "$REPLAY $P/input/$n.tools.json $n" --format json \
      --include TOOL-002,TOOL-003,TOOL-004,TOOL-005,SEC-001,SEC-002,SEC-003,SEC-004,SEC-006,SEC-007,SEC-008 \
      > raw/mcp-lint/$n.lint.json 2> raw/mcp-lint/$n.err
done

mcplint-cli/venv/bin/python "$REPO/bench/linters/mcplint_server_scores.py"
python3 "$REPO/bench/linters/convert.py"
