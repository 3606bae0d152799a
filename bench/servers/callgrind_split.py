#!/usr/bin/env python3
"""The instructions of one HTTP request, from two callgrind outputs of the same server (a
run of MORE calls and one of FEWER, as `instructions.py --keep DIR` leaves them), written
as a callgrind output of their difference over MORE - FEWER, and split into parts.

    python3 bench/servers/callgrind_split.py MORE.out FEWER.out --calls 400 [--write DIFF.out]

`--write` gives a file in callgrind's format with the per-request difference, for
`callgrind_annotate --inclusive=yes DIFF.out` and `callgrind_annotate --tree=calling DIFF.out`
(negative differences, noise of the scheduler's spinning, are clamped to 0 there and their
sum printed). The split is printed as a markdown table; see FLOOR-NOTES.md for the rules.
It needs a build whose symbols name their generic arguments and whose lines name their
source files: `RUSTFLAGS="-C symbol-mangling-version=v0"
CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p mcp-tools-peer-bench
--target-dir target/callgrind`, then `instructions.py --target-dir target/callgrind --keep DIR`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

# (ob, file, fn): the cost of the lines of `file` inside function `fn` (callgrind_annotate's
# "file:function"), and the calls made from them: (cob, cfile, cfn) -> [count, inclusive].
Own = dict[tuple[str, str, str], float]
Calls = dict[tuple[str, str, str, str, str, str], list[float]]


def parse(path: Path) -> tuple[Own, Calls, int]:
    names: dict[str, dict[str, str]] = {"ob": {}, "fl": {}, "fn": {}}
    kind_of = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl", "fn": "fn", "cfn": "fn"}
    own: Own = defaultdict(float)
    calls: Calls = defaultdict(lambda: [0.0, 0.0])
    ob = fl = fi = fn = ""
    cob = cfl = cfn = ""  # cfl "": the caller's file
    pending_call: int | None = None
    summary = 0
    spec = re.compile(r"^(ob|cob|fl|fi|fe|cfi|cfl|fn|cfn)=(?:\((\d+)\))?\s*(.*)$")
    with path.open() as lines:
        for line in lines:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            first = line[0]
            if first.isdigit() or first in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                if pending_call is not None:
                    entry = calls[(ob, fi, fn, cob, cfl or fi, cfn)]
                    entry[0] += pending_call
                    entry[1] += cost
                    pending_call = None
                    # A call's object and file are given only where they differ from the
                    # caller's (as callgrind_annotate reads them).
                    cob, cfl = ob, ""
                else:
                    own[(ob, fi, fn)] += cost
                continue
            if line.startswith("calls="):
                pending_call = int(line[6:].split()[0])
                continue
            if line.startswith("summary:"):
                summary = int(line.split()[1])
                continue
            m = spec.match(line)
            if not m:
                continue  # header lines, jumps
            key, ident, name = m.groups()
            table = names[kind_of[key]]
            if ident is not None:
                if name:
                    table[ident] = name
                name = table.get(ident, name)
            if key == "ob":
                ob = name
                cob = ob
            elif key == "fl":
                fl = fi = name
            elif key in ("fi", "fe"):
                fi = name
            elif key == "fn":
                fn = name
                fi = fl
                cob, cfl = ob, ""
            elif key == "cob":
                cob = name
            elif key in ("cfi", "cfl"):
                cfl = name
            elif key == "cfn":
                cfn = name
    return own, calls, summary


def difference(more, fewer, calls: int):
    own_m, calls_m, sum_m = more
    own_f, calls_f, sum_f = fewer
    own = {k: (own_m.get(k, 0) - own_f.get(k, 0)) / calls for k in set(own_m) | set(own_f)}
    called = {}
    for k in set(calls_m) | set(calls_f):
        a, b = calls_m.get(k, [0, 0]), calls_f.get(k, [0, 0])
        called[k] = [(a[0] - b[0]) / calls, (a[1] - b[1]) / calls]
    return own, called, (sum_m - sum_f) / calls


def write(path: Path, own, called) -> float:
    """A callgrind output of the difference, negative costs clamped to 0; returns the sum
    clamped."""
    clamped = sum(-c for c in own.values() if c < 0)
    by_fn: dict[tuple[str, str, str], list] = defaultdict(lambda: [0.0, []])
    for k, c in own.items():
        by_fn[k][0] += c
    for k, (n, c) in called.items():
        by_fn[k[:3]][1].append((k[3:], n, c))
    total = sum(max(0, c) for c in own.values())
    with path.open("w") as out:
        out.write("# callgrind format\nversion: 1\ncreator: callgrind_split.py\npositions: line\nevents: Ir\n")
        out.write(f"summary: {round(total)}\n\n")
        for (ob, fl, fn), (cost, outs) in sorted(by_fn.items()):
            out.write(f"ob={ob}\nfl={fl}\nfn={fn}\n0 {max(0, round(cost))}\n")
            for (cob, cfl, cfn), n, c in outs:
                if round(n) <= 0 and round(c) <= 0:
                    continue
                out.write(f"cob={cob}\ncfl={cfl}\ncfn={cfn}\ncalls={max(1, round(n))} 0\n0 {max(0, round(c))}\n")
    return clamped


# --- the split ---
#
# Each instruction goes to one part. A line of code belongs to the crate of its source file
# (inlined code keeps its own file), or, for the lines of std, tokio and other plumbing
# (which work for whoever calls them), to the crate of the function it ran in; a function of
# the plumbing whose symbol names none of the crates below (v0 symbols name their generic
# arguments: `tokio::sync::mpsc::chan::Tx<rmcp::model::…>::send` is rmcp's) passes its cost
# on to its callers, in proportion to what each call cost, up to the first caller that
# belongs to a part ("via" below); what reaches the threads' roots that way is the runtime's.

HTTP = "hyper: HTTP/1 parse and write, socket I/O"
ROUTING = "axum + tower: routing"
RMCP = "rmcp: Streamable HTTP service"
FRONT = "mcp-tools: front service (transport/http)"
JSON = "JSON: parse and serialize"
DISPATCH = "tool call: dispatch, arguments, result"
ALLOC = "allocator (malloc, free)"
RUNTIME = "tokio runtime: scheduler, I/O driver, accept loop, connection task"
REST = "rest (unattributed)"
PARTS = (HTTP, ROUTING, RMCP, FRONT, JSON, DISPATCH, ALLOC, RUNTIME, REST)

# Code that works for its caller: its cost goes where its caller's goes. `http` (header
# maps, URIs) and the body types are here too: hyper's use of them is hyper's, rmcp's
# header checks are rmcp's.
PLUMBING = {
    "std", "core", "alloc", "", "tokio", "tokio-util", "tokio_util", "tokio-stream", "tokio_stream",
    "futures", "futures-util", "futures_util", "futures-core", "futures_core", "futures-channel",
    "futures_channel", "futures-task", "futures_task", "mio", "pin-project-lite", "slab", "parking_lot",
    "parking_lot_core", "lock_api", "bytes", "hashbrown", "foldhash", "indexmap", "equivalent",
    "smallvec", "atomic-waker", "atomic_waker", "memchr", "arc-swap", "scopeguard", "once_cell",
    "http", "http-body", "http_body", "http-body-util", "http_body_util", "tracing", "tracing-core",
    "tracing_core", "pin_project_lite",
}
HTTP_CRATES = {"hyper", "httparse", "hyper-util", "hyper_util", "httpdate", "want", "try-lock", "try_lock"}
ROUTING_CRATES = {"axum", "axum-core", "axum_core", "tower", "tower-service", "tower_service", "tower-layer", "tower_layer", "matchit", "sync_wrapper", "sync-wrapper"}
JSON_CRATES = {"serde_json", "serde", "serde_core", "ryu", "itoa", "zmij"}

ALLOC_FNS = re.compile(
    r"^(malloc|free|realloc|calloc|cfree|_int_malloc|_int_free|_int_realloc|malloc_consolidate|"
    r"tcache_\w+|unlink_chunk\S*|__libc_\w*alloc\w*|__libc_free|__rustc::\w+|__rust_\w*alloc\w*|"
    r"__rdl_\w+|_int_memalign|sysmalloc|arena_get2\S*|__malloc\w*|__free\w*|"
    r"posix_memalign|memalign|aligned_alloc)\b"
)
# serde's derived and hand-written impls, wherever their lines are (a derive's lines are
# in the file of the type it derives for), and serde_json's functions.
JSON_FNS = re.compile(
    r"as serde(_core)?::(de::(Deserialize|DeserializeSeed|Visitor|MapAccess|SeqAccess|EnumAccess|VariantAccess|Deserializer)|"
    r"ser::(Serialize|Serializer|SerializeMap|SerializeStruct|SerializeSeq))>|^serde(_core)?::|^serde_json::|"
    r"^<serde_json::|serde::private::|serde::__private|serde_core::__private|__FieldVisitor|__Visitor"
)
# The accept loops and the tasks that drive one connection each, on every side (matched on
# the symbol without its generic arguments, as hyper's types name the accept loop's).
RUNTIME_FNS = re.compile(r"^(floor_server|ours_server|rmcp_server)::main::\{closure|mcp_tools::transport::http::accept::|axum::serve::")
# The floor's service function: read the body, build the response; its HTTP glue.
HTTP_FNS = re.compile(r"^floor_server::serve\b")
RMCP_NAMED = re.compile(r"(^|[^A-Za-z0-9_])rmcp::")


def crate_of(path: str) -> str:
    m = re.search(r"/([A-Za-z0-9_\-]+)-\d+\.\d+\.\d+[^/]*/src/", path)
    if m:
        return m.group(1)
    if "mcp-tools-runtime/" in path:
        return "mcp-tools"
    if "bench/servers/" in path:
        return "bench"
    if path.startswith("/rustc/"):
        return "std"
    return ""


def symbol_crate(fn: str) -> str:
    """The crate a symbol is code of: its path's first segment, or for `<A as B>::f` or
    `<A>::f` the crate of A."""
    name = fn.lstrip("<")
    name = re.sub(r"^(dyn |&mut |&|\*const |\*mut |\[)+", "", name)
    m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)::", name)
    return m.group(1) if m else ""


def of_crate(crate: str, where: str) -> str | None:
    """The part of code of `crate`; `where` is its file or symbol, for the crates split by
    module. None for plumbing."""
    if crate in PLUMBING:
        return None
    if crate in HTTP_CRATES:
        return HTTP
    if crate in ROUTING_CRATES:
        return ROUTING
    if crate in JSON_CRATES:
        return JSON
    if crate == "rmcp":
        # The handler and the tool router are the call's dispatch; the rest is the service.
        return DISPATCH if re.search(r"(/src/handler/|rmcp::handler::)", where) else RMCP
    if crate in ("sse-stream", "sse_stream", "uuid"):
        return RMCP
    if crate in ("mcp-tools", "mcp_tools"):
        if re.search(r"(/src/transport/http/|mcp_tools::transport::http::)", where):
            return FRONT
        return DISPATCH
    if crate in ("bench", "mcp_tools_peer_bench", "floor_server", "ours_server", "rmcp_server"):
        return DISPATCH
    if crate in ("metrics", "schemars", "regress", "jsonschema"):
        return DISPATCH
    return REST


def of_symbol(fn: str, alloc_is_plumbing: bool = False) -> str | None:
    """The part a function belongs to by its name alone; None for plumbing."""
    if ALLOC_FNS.match(fn):
        return None if alloc_is_plumbing else ALLOC
    if JSON_FNS.search(fn):
        return JSON
    if RUNTIME_FNS.search(head(fn)):
        return RUNTIME
    if HTTP_FNS.search(head(fn)):
        return HTTP
    crate = symbol_crate(fn)
    if crate in PLUMBING:
        # Plumbing: whose is it, by its generic arguments? Only rmcp's machinery is named
        # this way (its tasks, channels and tokens); other plumbing goes to its callers.
        return RMCP if RMCP_NAMED.search(fn) else None
    return of_crate(crate, fn)


def of_line(ob: str, file: str, fn: str, alloc_is_plumbing: bool = False) -> str | None:
    if ALLOC_FNS.match(fn) or JSON_FNS.search(fn) or RUNTIME_FNS.search(head(fn)) or HTTP_FNS.search(head(fn)):
        return of_symbol(fn, alloc_is_plumbing)
    crate = crate_of(file)
    part = of_crate(crate, file) if crate not in ("", "std") else None
    if part is not None:
        return part
    if "libc.so" in ob or "ld-linux" in ob:
        # memcpy and the like work for their callers; syscall wrappers and locks do too.
        return None
    return of_symbol(fn, alloc_is_plumbing)


# What rmcp's part is spent on: the kind of the function nearest to the instruction, going
# from the function it ran in up its callers to the first that belongs to a part, whose
# name (without its generic arguments) matches one of these.
OWN_CODE = "the rest of its own code (handle_post, the service's clone, the peer)"
RMCP_KINDS = (
    ("tasks: spawn, schedule, poll, move (memcpy), free", re.compile(r"tokio::runtime::task|tokio::task::spawn|JoinSet|tokio::runtime::scheduler|Harness>|RawTask|OwnedTasks|ShardedList|TaskIdGuard|spawn_service_task|task_local|bind_new_task|JoinHandle")),
    ("channels, semaphores, oneshots, notify", re.compile(r"tokio::sync::|batch_semaphore|Notif|AtomicWaker|ReceiverStream|tokio_stream::")),
    ("sessions: lookup, LocalSessionManager's worker, event ids", re.compile(r"streamable_http_server::session|SessionManager|LocalSession|ResourceKey|EventId|CachedTx|transport::worker")),
    ("SSE: stream, framing, keep-alive timer", re.compile(r"sse_stream|SseBody|ServerSseMessage|TokioTimer|CancelOnDropStream|TakeUntil|take_until|KeepAlive")),
    ("cancellation tokens", re.compile(r"cancellation_token|CancellationToken|DropGuard|CancelOnDisconnect")),
    ("the serve loop: select!, peer, oneshot transport, tracing spans", re.compile(r"serve_inner|PollFn|Instrumented|serve_directly|Peer|RunningService|OneshotTransport|NegotiatingStatelessHttpService|tracing::")),
    ("checks: Accept, Content-Type, Host, protocol version, _meta, SEP-2243 headers", re.compile(r"validate_|accepted_media_types|quality_is_acceptable|split_unquoted|parse_host|normalize_|is_legacy_request|peer_info_for_stateless|message_has_per_request|expect_json|HeaderMap|header::")),
    ("drops of its values (messages, request parts, extensions)", re.compile(r"drop_in_place")),
)


def head(fn: str) -> str:
    """A symbol without its generic arguments (those of an impl's type too), so that
    `<Rx<rmcp::…>>::recv` reads `<Rx>::recv`."""
    keep, depth = [], 0
    top = 1 if fn.startswith("<") else 0
    for ch in fn:
        if ch == "<":
            depth += 1
            if depth <= top:
                keep.append(ch)
        elif ch == ">":
            if depth <= top:
                keep.append(ch)
            depth -= 1
        elif depth <= top:
            keep.append(ch)
    return "".join(keep)


JSON_KINDS = (
    ("parse: serde_json errors built for the variants that did not match, and dropped", re.compile(r"make_error|Error as serde_core::de::Error>::custom|Error as serde::de::Error>::custom|<serde_json::error::Error>|drop_in_place::<serde_json::error|ErrorImpl")),
    ("serialize: the reply, and for 2026-07-28 also the request, to a Value for the SEP-2243 header check", re.compile(r"serde_json::ser|Serialize|Serializer|to_vec|to_string|to_value|to_writer|format_escaped_str|itoa|ryu")),
    ("parse: buffering into serde's Content, and reading it back (untagged, flatten)", re.compile(r"private::de::content|__private::de::content|Content|FlatMap")),
    ("parse: the rest (serde_json's reader, the derived visitors)", re.compile(r".")),
)
def kind_of(fn: str, kinds=RMCP_KINDS) -> str | None:
    name = head(fn)
    for kind, pattern in kinds:
        if pattern.search(name) and pattern.pattern != ".":
            return kind
    return None


def kinds_of(fn: str) -> tuple[str | None, str | None]:
    return kind_of(fn, RMCP_KINDS), kind_of(fn, JSON_KINDS)


def split(own, called, alloc_is_plumbing: bool = False):
    """The parts; within each, the crate of the code that ran; the cost of each part by the
    function through which it came (`via`); and rmcp's and JSON's parts by kind."""
    callers: dict[tuple[str, str], dict[tuple[str, str], float]] = defaultdict(lambda: defaultdict(float))
    for (ob, _file, fn, cob, _cfile, cfn), (_n, incl) in called.items():
        if incl > 0 and (ob, fn) != (cob, cfn):
            callers[(cob, cfn)][(ob, fn)] += incl
    memo: dict[tuple[str, str], dict] = {}
    busy: set[tuple[str, str]] = set()

    def nearer(result: dict, fn: str) -> dict:
        """`result` with the kinds `fn` matches, as `fn` is nearer the instruction."""
        mine = kinds_of(fn)
        if mine == (None, None):
            return result
        merged: dict = defaultdict(float)
        for (p, via, rk, jk), f in result.items():
            merged[(p, via, mine[0] or rk, mine[1] or jk)] += f
        return merged

    def shares(node: tuple[str, str]) -> dict:
        """Where a function's cost goes: (part, via, rmcp kind, JSON kind) -> fraction."""
        if node in memo:
            return memo[node]
        own_part = of_symbol(node[1], alloc_is_plumbing)
        if own_part is not None:
            return {(own_part, node[1], *kinds_of(node[1])): 1.0}
        busy.add(node)
        ins = {c: w for c, w in callers.get(node, {}).items() if c not in busy}
        weight = sum(ins.values())
        result: dict = defaultdict(float)
        if not ins or weight <= 0:
            # A thread's root: what no part claimed on the way up is the runtime's.
            result[(RUNTIME, node[1], None, None)] = 1.0
        else:
            for caller, w in ins.items():
                for key, f in shares(caller).items():
                    result[key] += f * w / weight
        result = nearer(result, node[1])
        busy.discard(node)
        memo[node] = dict(result)
        return memo[node]

    parts: dict[str, float] = defaultdict(float)
    detail: dict[tuple[str, str], float] = defaultdict(float)
    vias: dict[tuple[str, str], float] = defaultdict(float)
    kinds: dict[tuple[str, str], float] = defaultdict(float)
    for (ob, file, fn), cost in own.items():
        if cost == 0:
            continue
        direct = of_line(ob, file, fn, alloc_is_plumbing)
        source = crate_of(file) or ("libc" if "libc.so" in ob else symbol_crate(fn) or "?")
        if direct is not None:
            spread = {(direct, fn, *kinds_of(fn)): 1.0}
        else:
            spread = nearer(shares((ob, fn)), fn)
        for (p, via, rk, jk), f in spread.items():
            parts[p] += cost * f
            detail[(p, source)] += cost * f
            vias[(p, via)] += cost * f
            if p == RMCP:
                kinds[(p, rk or OWN_CODE)] += cost * f
            elif p == JSON:
                kinds[(p, jk or JSON_KINDS[-1][0])] += cost * f
    return parts, detail, vias, kinds


def callers_of(called, pattern: str, top: int, width: int) -> None:
    """The calls into functions matching `pattern`, by caller, with what they cost."""
    into: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    regex = re.compile(pattern)
    for (_ob, file, fn, _cob, _cfile, cfn), (n, incl) in called.items():
        if regex.search(cfn):
            entry = into[(fn, file)]
            entry[0] += n
            entry[1] += incl
    total = sum(c for _, c in into.values())
    print(f"\ncalls into /{pattern}/: {total:,.0f} instructions per request, inclusive")
    for (fn, file), (n, c) in sorted(into.items(), key=lambda kv: -kv[1][1])[:top]:
        print(f"{c:10,.0f} {n:6.1f} calls  {fn[:width]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("more", type=Path)
    parser.add_argument("fewer", type=Path)
    parser.add_argument("--calls", type=int, default=400, help="MORE - FEWER (default 400)")
    parser.add_argument("--write", type=Path, help="write the per-request difference here, in callgrind's format")
    parser.add_argument("--top", type=int, default=0, help="also list, for each part, the N functions through which most of it came")
    parser.add_argument("--callers", metavar="REGEX", help="also list the callers of the functions matching REGEX")
    parser.add_argument("--width", type=int, default=200, help="characters of a function's name to show")
    args = parser.parse_args()
    own, called, total = difference(parse(args.more), parse(args.fewer), args.calls)
    if args.write:
        clamped = write(args.write, own, called)
        print(f"wrote {args.write}; {clamped:,.0f} instructions per request of negative differences clamped", file=sys.stderr)
    parts, detail, vias, kinds = split(own, called)
    # The same with the allocator's cost given to whoever allocated.
    allocating = split(own, called, alloc_is_plumbing=True)[0]
    print("| part | instructions per request | share | with its allocations | of which, by the crate of the code that ran |")
    print("|---|---:|---:|---:|---|")
    for name in PARTS:
        cost = parts.get(name, 0)
        crates = sorted(((c, src) for (p, src), c in detail.items() if p == name and c >= 50), reverse=True)
        within = ", ".join(f"{src} {c:,.0f}" for c, src in crates[:6])
        with_alloc = "" if name == ALLOC else f"{allocating.get(name, 0):,.0f}"
        print(f"| {name} | {cost:,.0f} | {cost / total:.1%} | {with_alloc} | {within} |")
    print(f"| **total** | **{total:,.0f}** | | | |")
    for part, listed in ((RMCP, [k for k, _ in RMCP_KINDS] + [OWN_CODE]), (JSON, [k for k, _ in JSON_KINDS])):
        if parts.get(part):
            print(f"\n| {part.split(':')[0]}'s part, by what it was spent on | instructions per request |")
            print("|---|---:|")
            for name in listed:
                print(f"| {name} | {kinds.get((part, name), 0):,.0f} |")
    if args.top:
        for name in PARTS:
            rows = sorted(((c, via) for (p, via), c in vias.items() if p == name), reverse=True)
            print(f"\n## {name}: {parts.get(name, 0):,.0f}")
            for c, via in rows[: args.top]:
                print(f"{c:10,.0f}  {via[:args.width]}")
    if args.callers:
        callers_of(called, args.callers, max(args.top, 20), args.width)


if __name__ == "__main__":
    main()
