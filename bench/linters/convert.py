"""Turn the raw outputs under $PEER_LINT/raw/<linter>/ into neutral JSONL:
  $PEER_LINT/<linter>.jsonl          one object per report
  $PEER_LINT/<linter>.scores.jsonl   scores, where the linter scores (per tool or per server)

Report fields: linter, server, tool, target, check, severity, message.
  tool   = the published tool name, or "*" when the linter reports on the tool set / server.
  target = "-" for the tool itself, else the property name or dotted path (nested: a.b; array
           items: a[].b as the linter wrote it). Where one report names several parameters, the
           names are joined with ", " (the report is not split, so line counts = report counts).
  severity = the linter's own word; "" when the linter has none.
"""
import json
import os
import re

import os
BASE = os.environ["PEER_LINT"]
SERVERS = [l.strip() for l in open(os.path.join(BASE, "held_out.txt")) if l.strip()]


def tools_of(server):
    return json.load(open(f"{BASE}/input/{server}.array.json", encoding="utf-8"))


def rec(linter, server, tool, target, check, severity, message):
    return {"linter": linter, "server": server, "tool": tool, "target": target,
            "check": check, "severity": severity, "message": message}


def write(name, rows):
    with open(f"{BASE}/{name}", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return len(rows)


def param_paths(schema, prefix=""):
    """All property paths in an inputSchema, as a.b and a[].b."""
    out = set()
    if not isinstance(schema, dict):
        return out
    props = schema.get("properties")
    if isinstance(props, dict):
        for k, v in props.items():
            p = f"{prefix}.{k}" if prefix else k
            out.add(p)
            out |= param_paths(v, p)
    items = schema.get("items")
    if isinstance(items, dict):
        out |= param_paths(items, f"{prefix}[]" if prefix else "[]")
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key) or []:
            out |= param_paths(sub, prefix)
    return out


# ---------------------------------------------------------------- agent-friend
AF_SERVER_LEVEL = {"tool_count_exceeds_limit", "tool_name_redundant_prefix"}
AF_SINGLE = re.compile(
    r"(?:^|\s)(?:(?:optional |required )?(?:boolean |enum |array |nested object |nested )?"
    r"(?:param(?:eter)?(?: name)?|Parameter|property)) '([^']+)'")
AF_MULTI = re.compile(
    r"^\d+ (?:nested )?(?:parameters?|properties|parameter descriptions?|property)\b[^:]*: (.*)$",
    re.S)


def af_target(msg, tool):
    m = AF_MULTI.match(msg)
    if m:
        names = re.findall(r"'([^']+)'", m.group(1).split(". ")[0])
        paths = param_paths(tool.get("inputSchema") if tool else None) if tool else set()
        roots = {re.split(r"[.\[]", p)[0] for p in paths}
        keep = [n for n in names if n in paths or re.split(r"[.\[]", n)[0] in roots]
        if keep:
            return ", ".join(dict.fromkeys(keep))
    m = AF_SINGLE.search(msg)
    if m:
        # agent-friend sometimes writes JSON-Schema-style paths (a.items.properties.b)
        return re.sub(r"\.items\b", "[]", m.group(1)).replace(".properties.", ".")
    return "-"


def agent_friend():
    rows, scores = [], []
    for s in SERVERS:
        tmap = {t["name"]: t for t in tools_of(s)}
        v = json.load(open(f"{BASE}/raw/agent-friend/{s}.validate.json"))
        for i in v["issues"]:
            tool = "*" if i["check"] in AF_SERVER_LEVEL else i["tool"]
            tgt = "-" if tool == "*" else af_target(i["message"], tmap.get(i["tool"]))
            rows.append(rec("agent-friend", s, tool, tgt, "validate." + i["check"],
                            i["severity"], i["message"]))
        o = json.load(open(f"{BASE}/raw/agent-friend/{s}.optimize.json"))
        for i in o["suggestions"]:
            tool = "*" if i["tool"] == "(cross-tool)" else i["tool"]
            tgt = af_target(i["message"], tmap.get(i["tool"]))
            if tool == "*":
                m = re.search(r"for '([^']+)'", i["message"])
                tgt = m.group(1) if m else "-"
            msg = i["message"] + (f" — {i['detail']}" if i.get("detail") else "")
            rows.append(rec("agent-friend", s, tool, tgt, "optimize." + i["rule"],
                            "suggestion", msg))
        g = json.load(open(f"{BASE}/raw/agent-friend/{s}.grade.json"))
        scores.append({"linter": "agent-friend", "server": s, "tool": "*", "scope": "server",
                       "score": g["overall_score"], "grade": g["overall_grade"],
                       "correctness": g["correctness"], "efficiency": g["efficiency"],
                       "quality": g["quality"], "tool_count": g["tool_count"],
                       "note": ("validate/grade ran on 26 of 28 tools: 'issues' and 'hotspots' "
                                "crash agent-friend 0.209.0") if s == "sonarqube" else ""})
    return write("agent-friend.jsonl", rows), write("agent-friend.scores.jsonl", scores)


# ---------------------------------------------------------------- toollint
def toollint():
    rows = []
    for s in SERVERS:
        names = sorted((t["name"] for t in tools_of(s)), key=len, reverse=True)
        d = json.load(open(f"{BASE}/raw/toollint/{s}.check.json"))
        for sev, key in (("error", "errors"), ("warning", "warnings")):
            for f in d[key]:
                check = f["check"]
                msg = f["message"]
                if check == "short_description":
                    check += ":length" if "too short" in msg else ":verb"
                target = "-"
                m = re.search(r"[Pp]arameter '([^']+)'", msg)
                if m:
                    full = m.group(1)
                    for n in names:
                        if full.startswith(n + "."):
                            target = full[len(n) + 1:]
                            break
                for tool in f["tools"]:
                    rows.append(rec("toollint", s, tool, target, check, sev, msg))
    return write("toollint.jsonl", rows)


# ---------------------------------------------------------------- tdqs
def tdqs():
    rows, sig = [], []
    for s in SERVERS:
        d = json.load(open(f"{BASE}/raw/tdqs/{s}.lint.json"))
        for f in d["findings"]:
            rows.append(rec("tdqs", s, f["tool"] if f["tool"] else "*", "-", f["rule"],
                            f["severity"], f["message"]))
        for t in d["tools"]:
            sig.append({"linter": "tdqs", "server": s, "tool": t["name"], "scope": "tool",
                        "score": None, "flags": t["flags"],
                        "contextSignals": t["contextSignals"],
                        "note": "tdqs lint gives no score; the score needs an LLM (tdqs score)"})
    return write("tdqs.jsonl", rows), write("tdqs.signals.jsonl", sig)


# ---------------------------------------------------------------- spidershield
SS_CRITERIA = [  # (field, check name, weight out of 10, what it means)
    ("has_action_verb", "action_verb", 1.5, "description does not start with an action verb"),
    ("has_scenario_trigger", "scenario_trigger", 2.5,
     "no 'Use when… / use for / call this' scenario guidance"),
    ("has_param_docs", "param_docs", 1.5,
     "description does not document parameters (no 'param:'/'input:'/`snake_case`/--flag)"),
    ("has_return_docs", "return_docs", 1.0, "description does not say what it returns"),
    ("has_param_examples", "param_examples", 1.0, "no examples (e.g./example/such as/like)"),
    ("has_error_guidance", "error_guidance", 1.0, "no error/failure-mode guidance"),
]


def spidershield():
    rows, scores = [], []
    for s in SERVERS:
        d = json.load(open(f"{BASE}/raw/spidershield/{s}.scan.json"))
        for t in d["tool_scores"]:
            name = t["tool_name"]
            explained = 0.0
            for field, check, w, what in SS_CRITERIA:
                if not t[field]:
                    explained += w
                    rows.append(rec("spidershield", s, name, "-", check, "",
                                    f"{what} ({field}=false; weight {w} of 10)"))
            d_score = t["disambiguation_score"]
            full = 0.5 if d["tool_count"] == 1 else 1.0
            if d_score < full:
                explained += full - d_score
                rows.append(rec("spidershield", s, name, "-", "disambiguation", "",
                                f"description overlaps a sibling's (disambiguation_score="
                                f"{d_score}; weight 1.0 of 10)"))
            scores.append({"linter": "spidershield", "server": s, "tool": name,
                           "scope": "tool", "score": t["overall_score"], "max": 10,
                           **{k: t[k] for k in ("has_action_verb", "has_scenario_trigger",
                                                "has_param_docs", "has_return_docs",
                                                "has_param_examples", "has_error_guidance",
                                                "disambiguation_score")},
                           "explained_deduction": round(explained, 2),
                           "unexplained_deduction": round(10 - t["overall_score"] - explained, 2)})
        scores.append({"linter": "spidershield", "server": s, "tool": "*", "scope": "server",
                       "score": d["description_score"], "max": 10,
                       "note": "description_score only (mean of tool scores); security and "
                               "architecture parts need server source code and are not used"})
    return write("spidershield.jsonl", rows), write("spidershield.scores.jsonl", scores)


# ---------------------------------------------------------------- mcp-gatekeeper (mcpgate)
def mcpgate():
    rows = []
    for s in SERVERS:
        for f in json.load(open(f"{BASE}/raw/mcp-gatekeeper/{s}.lint.json")):
            src = f["source"]
            tool = src[len("tools/"):] if src.startswith("tools/") else "*"
            m = re.search(r"parameter `([^`]+)`", f["message"])
            rows.append(rec("mcp-gatekeeper", s, tool, m.group(1) if m else "-", f["code"],
                            f["severity"], f["message"]))
    return write("mcp-gatekeeper.jsonl", rows)


# ---------------------------------------------------------------- mcplint-cli
def jsonpath_target(jp):
    # $.inputSchema.properties.a.properties.b.minLength -> a.b ; $.description -> -
    if not jp or not jp.startswith("$.inputSchema.properties."):
        return "-"
    parts = jp[len("$.inputSchema."):].split(".")
    out, i = [], 0
    while i < len(parts):
        if parts[i] == "properties" and i + 1 < len(parts):
            out.append(parts[i + 1])
            i += 2
        elif parts[i] == "items":
            out[-1] += "[]"
            i += 1
        else:
            break
    return ".".join(out) if out else "-"


def mcplint_cli():
    rows, scores = [], []
    for s in SERVERS:
        d = json.load(open(f"{BASE}/raw/mcplint-cli/{s}.scan.json"))
        for f in d["findings"]:
            loc = f.get("location") or {}
            rows.append(rec("mcplint-cli", s, loc.get("tool_name") or "*",
                            jsonpath_target(loc.get("json_path")), f["rule_id"], f["severity"],
                            f["message"]))
        sc = json.load(open(f"{BASE}/raw/mcplint-cli/{s}.score.json"))
        scores.append({"linter": "mcplint-cli", "server": s, "tool": "*", "scope": "server",
                       "score": sc["total_score"], "max": 100, "deductions": sc["deductions"]})
    return write("mcplint-cli.jsonl", rows), write("mcplint-cli.scores.jsonl", scores)


# ---------------------------------------------------------------- mcp-lint
def mcp_lint():
    rows, scores = [], []
    for s in SERVERS:
        names = sorted((t["name"] for t in tools_of(s)), key=len, reverse=True)
        d = json.load(open(f"{BASE}/raw/mcp-lint/{s}.lint.json"))
        for r in d["results"]:
            if r["status"] == "pass" or r["status"] == "skip":
                continue
            items = []
            for frag in r["details"].split("; ") if r["details"] else []:
                if items and not (frag.startswith("'") or frag.startswith("Tool ")):
                    items[-1] += "; " + frag
                else:
                    items.append(frag)
            if not items:
                items = [""]
            for it in items:
                tool, target = "*", "-"
                m = re.match(r"(?:Tool name |Tool )?'(.*?)'(?=[ :]| \(|$)", it)
                if m:
                    q = m.group(1)
                    if q in names:
                        tool = q
                    else:
                        for n in names:
                            if q.startswith(n + "."):
                                tool, target = n, q[len(n) + 1:]
                                break
                m2 = re.search(r"required fields not in properties: (.*)$", it)
                if m2:
                    target = m2.group(1)
                msg = f"{r['ruleName']}: {it}" if it else f"{r['ruleName']}: {r['message']}"
                sev = r["severity"] + (" (status warn)" if r["status"] == "warn" else "")
                rows.append(rec("mcp-lint", s, tool, target, r["ruleId"], sev, msg))
        scores.append({"linter": "mcp-lint", "server": s, "tool": "*", "scope": "server",
                       "score": round(d["score"], 1), "grade": d["grade"], "max": 100,
                       "summary": d["summary"],
                       "note": "over the 11 tool-definition rules only (--include)"})
    return write("mcp-lint.jsonl", rows), write("mcp-lint.scores.jsonl", scores)


if __name__ == "__main__":
    for name, fn in [("agent-friend", agent_friend), ("toollint", toollint), ("tdqs", tdqs),
                     ("spidershield", spidershield), ("mcp-gatekeeper", mcpgate),
                     ("mcplint-cli", mcplint_cli), ("mcp-lint", mcp_lint)]:
        print(name, fn())
