//! The word lists behind units and the design rules, as data in one place.
//!
//! Matching is on whole `_`-separated words of `snake_case` names, so `_m` matches
//! `distance_m` but not `item`.

/// Name suffixes that carry a unit, and the unit written into the schema.
///
/// Longer suffixes come first where one is a suffix of another (`_kwh` before `_wh`).
pub const UNIT_SUFFIXES: &[(&str, &str)] = &[
    // time
    ("ns", "ns"),
    ("nanos", "ns"),
    ("us", "µs"),
    ("micros", "µs"),
    ("ms", "ms"),
    ("millis", "ms"),
    ("s", "s"),
    ("sec", "s"),
    ("secs", "s"),
    ("seconds", "s"),
    ("min", "min"),
    ("mins", "min"),
    ("minutes", "min"),
    ("h", "h"),
    ("hrs", "h"),
    ("hours", "h"),
    ("days", "days"),
    ("weeks", "weeks"),
    ("months", "months"),
    ("years", "years"),
    // data
    ("bits", "bits"),
    ("bytes", "bytes"),
    ("kb", "KB"),
    ("kib", "KiB"),
    ("mb", "MB"),
    ("mib", "MiB"),
    ("gb", "GB"),
    ("gib", "GiB"),
    ("tb", "TB"),
    ("tib", "TiB"),
    ("chars", "characters"),
    ("characters", "characters"),
    ("tokens", "tokens"),
    ("lines", "lines"),
    ("words", "words"),
    ("pages", "pages"),
    ("items", "items"),
    ("rows", "rows"),
    // mass
    ("mg", "mg"),
    ("g", "g"),
    ("grams", "g"),
    ("kg", "kg"),
    ("t", "t"),
    ("tonnes", "t"),
    ("lb", "lb"),
    ("lbs", "lb"),
    ("oz", "oz"),
    // length
    ("nm", "nm"),
    ("um", "µm"),
    ("mm", "mm"),
    ("cm", "cm"),
    ("m", "m"),
    ("meters", "m"),
    ("metres", "m"),
    ("km", "km"),
    ("in", "in"),
    ("inches", "in"),
    ("ft", "ft"),
    ("feet", "ft"),
    ("yd", "yd"),
    ("mi", "mi"),
    ("miles", "mi"),
    ("nmi", "nmi"),
    ("px", "px"),
    ("pt", "pt"),
    ("em", "em"),
    // area and volume
    ("m2", "m²"),
    ("km2", "km²"),
    ("sqft", "ft²"),
    ("m3", "m³"),
    ("ml", "ml"),
    ("l", "l"),
    ("liters", "l"),
    ("litres", "l"),
    ("gal", "gal"),
    // speed and rates
    ("kmh", "km/h"),
    ("kph", "km/h"),
    ("mph", "mph"),
    ("mps", "m/s"),
    ("knots", "kn"),
    ("rpm", "rpm"),
    ("rps", "requests/s"),
    ("qps", "queries/s"),
    ("bps", "bit/s"),
    ("kbps", "kbit/s"),
    ("mbps", "Mbit/s"),
    ("gbps", "Gbit/s"),
    ("hz", "Hz"),
    ("khz", "kHz"),
    ("mhz", "MHz"),
    ("ghz", "GHz"),
    // temperature and angles
    ("c", "°C"),
    ("celsius", "°C"),
    ("f", "°F"),
    ("fahrenheit", "°F"),
    ("k", "K"),
    ("kelvin", "K"),
    ("deg", "degrees"),
    ("degrees", "degrees"),
    ("rad", "radians"),
    ("radians", "radians"),
    // energy and power
    ("wh", "Wh"),
    ("kwh", "kWh"),
    ("mwh", "MWh"),
    ("w", "W"),
    ("kw", "kW"),
    ("mw", "MW"),
    ("j", "J"),
    ("kj", "kJ"),
    ("kcal", "kcal"),
    ("v", "V"),
    ("a", "A"),
    ("mah", "mAh"),
    ("pa", "Pa"),
    ("kpa", "kPa"),
    ("bar", "bar"),
    ("psi", "psi"),
    // ratios
    ("pct", "%"),
    ("percent", "%"),
    ("percentage", "%"),
    ("bp", "basis points"),
    ("ratio", "ratio"),
    ("fraction", "fraction of 1"),
    ("ppm", "ppm"),
    ("db", "dB"),
    // money: minor units and ISO 4217 codes
    ("cents", "cents"),
    ("pennies", "pennies"),
    ("minor", "minor currency units"),
    ("usd", "USD"),
    ("eur", "EUR"),
    ("gbp", "GBP"),
    ("jpy", "JPY"),
    ("cny", "CNY"),
    ("krw", "KRW"),
    ("inr", "INR"),
    ("chf", "CHF"),
    ("cad", "CAD"),
    ("aud", "AUD"),
    ("nzd", "NZD"),
    ("sek", "SEK"),
    ("nok", "NOK"),
    ("dkk", "DKK"),
    ("pln", "PLN"),
    ("czk", "CZK"),
    ("huf", "HUF"),
    ("brl", "BRL"),
    ("mxn", "MXN"),
    ("ars", "ARS"),
    ("clp", "CLP"),
    ("cop", "COP"),
    ("zar", "ZAR"),
    ("try", "TRY"),
    ("rub", "RUB"),
    ("uah", "UAH"),
    ("ils", "ILS"),
    ("aed", "AED"),
    ("sar", "SAR"),
    ("sgd", "SGD"),
    ("hkd", "HKD"),
    ("twd", "TWD"),
    ("thb", "THB"),
    ("idr", "IDR"),
    ("myr", "MYR"),
    ("php", "PHP"),
    ("vnd", "VND"),
    ("egp", "EGP"),
    ("ngn", "NGN"),
    ("kes", "KES"),
    ("btc", "BTC"),
    ("eth", "ETH"),
    ("sats", "satoshis"),
];

/// The unit a name's last word states, if any: `weight_kg` → `kg`.
#[must_use]
pub fn unit_of(name: &str) -> Option<&'static str> {
    let last = name.rsplit('_').next()?;
    if last.len() == name.len() {
        return None;
    }
    UNIT_SUFFIXES
        .iter()
        .find(|(suffix, _)| *suffix == last)
        .map(|(_, unit)| *unit)
}

/// The unit a bare suffix stands for: `ms` → `ms`, `kg` → `kg`.
#[must_use]
pub fn unit_of_suffix(suffix: &str) -> Option<&'static str> {
    UNIT_SUFFIXES
        .iter()
        .find(|(s, _)| *s == suffix)
        .map(|(_, unit)| *unit)
}

/// Verbs a tool's action may start with (`verb_first`). Generous on purpose: a false
/// positive costs a user as much as a miss.
pub const VERBS: &[&str] = &[
    "abort",
    "accept",
    "acknowledge",
    "activate",
    "add",
    "adjust",
    "aggregate",
    "allocate",
    "analyse",
    "analyze",
    "annotate",
    "answer",
    "append",
    "apply",
    "approve",
    "archive",
    "ask",
    "assign",
    "attach",
    "audit",
    "authenticate",
    "authorize",
    "backup",
    "ban",
    "batch",
    "block",
    "book",
    "bookmark",
    "broadcast",
    "browse",
    "build",
    "bump",
    "calculate",
    "call",
    "cancel",
    "capture",
    "categorize",
    "change",
    "charge",
    "check",
    "checkout",
    "claim",
    "classify",
    "clean",
    "clear",
    "click",
    "clone",
    "close",
    "cluster",
    "collect",
    "comment",
    "commit",
    "compare",
    "compile",
    "complete",
    "compose",
    "compress",
    "compute",
    "configure",
    "confirm",
    "connect",
    "convert",
    "copy",
    "count",
    "crawl",
    "create",
    "crop",
    "cut",
    "deactivate",
    "debug",
    "decline",
    "decode",
    "decrease",
    "decrement",
    "decrypt",
    "deduplicate",
    "define",
    "delete",
    "deliver",
    "deny",
    "deploy",
    "deprecate",
    "describe",
    "destroy",
    "detach",
    "detect",
    "diagnose",
    "diff",
    "disable",
    "disconnect",
    "dismiss",
    "dispatch",
    "download",
    "draft",
    "drop",
    "duplicate",
    "echo",
    "edit",
    "email",
    "embed",
    "enable",
    "encode",
    "encrypt",
    "enqueue",
    "enrich",
    "ensure",
    "enumerate",
    "erase",
    "escalate",
    "estimate",
    "evaluate",
    "execute",
    "expand",
    "expire",
    "explain",
    "explore",
    "export",
    "extend",
    "extract",
    "fetch",
    "fill",
    "filter",
    "find",
    "finish",
    "fix",
    "flag",
    "flush",
    "follow",
    "fork",
    "format",
    "forward",
    "freeze",
    "generate",
    "geocode",
    "get",
    "give",
    "grant",
    "group",
    "hash",
    "hide",
    "highlight",
    "hold",
    "identify",
    "ignore",
    "import",
    "increase",
    "increment",
    "index",
    "inspect",
    "install",
    "invalidate",
    "invite",
    "invoke",
    "issue",
    "join",
    "kill",
    "label",
    "launch",
    "lease",
    "like",
    "link",
    "list",
    "load",
    "locate",
    "lock",
    "log",
    "login",
    "logout",
    "lookup",
    "make",
    "map",
    "mark",
    "match",
    "measure",
    "mention",
    "merge",
    "message",
    "migrate",
    "mint",
    "mirror",
    "modify",
    "monitor",
    "mount",
    "move",
    "mute",
    "name",
    "navigate",
    "normalize",
    "notify",
    "obtain",
    "open",
    "optimize",
    "order",
    "overwrite",
    "page",
    "parse",
    "patch",
    "pause",
    "pay",
    "pick",
    "pin",
    "ping",
    "place",
    "plan",
    "play",
    "plot",
    "poll",
    "post",
    "predict",
    "prepare",
    "prepend",
    "preview",
    "print",
    "prioritize",
    "process",
    "promote",
    "propose",
    "protect",
    "provision",
    "publish",
    "pull",
    "purchase",
    "purge",
    "push",
    "put",
    "query",
    "queue",
    "quote",
    "rank",
    "rate",
    "read",
    "reassign",
    "rebase",
    "rebuild",
    "receive",
    "recommend",
    "reconcile",
    "record",
    "recover",
    "redact",
    "redeploy",
    "redirect",
    "redo",
    "refresh",
    "refund",
    "regenerate",
    "register",
    "reindex",
    "reject",
    "release",
    "reload",
    "remind",
    "remove",
    "rename",
    "render",
    "renew",
    "reopen",
    "reorder",
    "repair",
    "replace",
    "reply",
    "report",
    "request",
    "reschedule",
    "resend",
    "reserve",
    "reset",
    "resize",
    "resolve",
    "respond",
    "restart",
    "restore",
    "resume",
    "retrieve",
    "retry",
    "return",
    "revert",
    "review",
    "revoke",
    "rollback",
    "rotate",
    "route",
    "run",
    "sample",
    "save",
    "scale",
    "scan",
    "schedule",
    "score",
    "scrape",
    "screenshot",
    "search",
    "select",
    "sell",
    "send",
    "set",
    "settle",
    "share",
    "ship",
    "show",
    "shutdown",
    "sign",
    "simulate",
    "skip",
    "snapshot",
    "snooze",
    "solve",
    "sort",
    "split",
    "stage",
    "star",
    "start",
    "stop",
    "store",
    "stream",
    "submit",
    "subscribe",
    "suggest",
    "summarise",
    "summarize",
    "suspend",
    "swap",
    "switch",
    "sync",
    "tag",
    "take",
    "terminate",
    "test",
    "track",
    "trade",
    "train",
    "transcribe",
    "transfer",
    "transform",
    "translate",
    "trigger",
    "trim",
    "truncate",
    "type",
    "unarchive",
    "unassign",
    "unblock",
    "undo",
    "unfollow",
    "uninstall",
    "unlink",
    "unlock",
    "unmute",
    "unpin",
    "unpublish",
    "unregister",
    "unstar",
    "unsubscribe",
    "untag",
    "update",
    "upgrade",
    "upload",
    "upsert",
    "use",
    "validate",
    "verify",
    "view",
    "void",
    "vote",
    "wait",
    "warn",
    "watch",
    "weigh",
    "whitelist",
    "wipe",
    "withdraw",
    "write",
];

/// Verbs added from real servers' tool names, and the verbs other lists name (a test
/// checks that every verb a rule knows is one).
const MORE_VERBS: &[&str] = &[
    "act",
    "assert",
    "await",
    "cache",
    "chat",
    "compact",
    "continue",
    "deduce",
    "downvote",
    "drag",
    "draw",
    "emulate",
    "finalize",
    "focus",
    "forget",
    "go",
    "grow",
    "guess",
    "gunzip",
    "gzip",
    "handle",
    "hover",
    "infer",
    "inject",
    "insert",
    "interact",
    "lint",
    "lower",
    "manage",
    "observe",
    "offset",
    "paginate",
    "paste",
    "press",
    "raise",
    "recall",
    "reduce",
    "refine",
    "remember",
    "reprioritize",
    "rerun",
    "retrigger",
    "reverse",
    "scroll",
    "seed",
    "sequence",
    "shift",
    "shrink",
    "sleep",
    "spawn",
    "subtract",
    "summon",
    "tap",
    "tar",
    "think",
    "toggle",
    "unignore",
    "unresolve",
    "unset",
    "unstage",
    "untar",
    "unwatch",
    "unzip",
    "upvote",
    "visit",
    "visualize",
    "zip",
    "zoom",
];

/// Words that make a listed set one the server's configuration bounds (`search_not_list`).
pub const CONFIGURED_SETS: &[&str] = &[
    "allowed",
    "available",
    "configured",
    "enabled",
    "installed",
    "registered",
    "supported",
];

/// Whether `word` is a verb: listed, or a listed verb with `un`/`re` before it
/// (`unresolve`, `reprioritize`).
#[must_use]
pub fn is_verb(word: &str) -> bool {
    let listed = |w: &str| VERBS.contains(&w) || MORE_VERBS.contains(&w);
    listed(word)
        || ["un", "re"].iter().any(|p| {
            word.strip_prefix(p)
                .is_some_and(|rest| rest.len() > 2 && listed(rest))
        })
}

/// Whether a word of a name states an action: a verb (`get`, `unregister`), a verb by its
/// form (`containerize`, `summarise`, `classify`), or the doer or the doing of one
/// (`reader`, `updater`, `generation`): `deploy_services_reader` says it reads.
#[must_use]
pub fn states_action(word: &str) -> bool {
    if is_verb(word) {
        return true;
    }
    let by_form = word.len() > 6 && ["ize", "ise", "ify"].iter().any(|s| word.ends_with(s));
    let derived = [
        ("ation", "ate"),
        ("tion", "te"),
        ("er", ""),
        ("er", "e"),
        ("or", ""),
        ("or", "e"),
    ]
    .iter()
    .any(|(suffix, back)| {
        word.strip_suffix(suffix)
            .is_some_and(|stem| stem.len() > 2 && is_verb(&format!("{stem}{back}")))
    });
    by_form || derived
}

/// Nouns of tool names that also read as a verb that changes something: a read-only
/// `git_branch` reads as "create a branch" (`verb_first`). Plurals (`branches`) read as
/// nouns only, and verbs whose reading is itself a read (`snapshot`, `log` as in
/// `git log`) are not here.
pub const NOUN_VERBS: &[&str] = &[
    "archive",
    "ban",
    "block",
    "book",
    "bookmark",
    "branch",
    "charge",
    "comment",
    "commit",
    "deploy",
    "draft",
    "email",
    "flag",
    "follow",
    "fork",
    "invite",
    "invoice",
    "issue",
    "label",
    "like",
    "lock",
    "merge",
    "message",
    "note",
    "order",
    "pin",
    "post",
    "publish",
    "record",
    "refund",
    "release",
    "reply",
    "schedule",
    "star",
    "stash",
    "subscribe",
    "tag",
    "transfer",
    "upload",
    "vote",
];

/// `branch` → `branches`, `tag` → `tags`.
#[must_use]
pub fn plural(word: &str) -> String {
    if ["s", "x", "ch", "sh"].iter().any(|e| word.ends_with(e)) {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

/// Parameter names that say nothing about what they hold (`generic_param_name`).
pub const GENERIC_PARAM_NAMES: &[&str] = &[
    "arg", "args", "data", "entity", "id", "info", "input", "item", "misc", "obj", "object",
    "param", "params", "payload", "record", "stuff", "target", "thing", "tmp", "user", "val",
    "value",
];

/// Parameter names that say what they hold, whose plain type says the form: free text,
/// names everyone knows, flags (`param_description_required` does not ask them for a doc).
pub const SELF_DESCRIBING_PARAMS: &[&str] = &[
    // free text
    "title",
    "body",
    "content",
    "text",
    "message",
    "description",
    "comment",
    "summary",
    "subject",
    "prompt",
    "question",
    // names and ids everyone knows
    "owner",
    "repo",
    "branch",
    "sha",
    "url",
    "uri",
    "email",
    "name",
    "username",
    "login",
    "issue_number",
    "pull_number",
    // lists of names
    "labels",
    "tags",
    "assignees",
    "reviewers",
    "emails",
    // flags and paging; a plain-string `state`, `sort` or `query` has open values or syntax
    "page",
    "archived",
    "private",
    "draft",
    "recursive",
    "in_trash",
    "dry_run",
    // paging, and git's own words
    "per_page",
    "page_size",
    "limit",
    "offset",
    "cursor",
    "start_cursor",
    "page_token",
    "branch_name",
    "base_branch",
    "revision",
    "ref",
];

/// Last words that make a name say what it holds: `user_id`, `project_name`, `issue_url`.
pub const SELF_DESCRIBING_SUFFIXES: &[&str] = &["email", "id", "ids", "name", "title", "url"];

/// Words that name a measurable quantity; a number named with one needs a unit (`unit_in_name`).
pub const QUANTITY_WORDS: &[&str] = &[
    "weight",
    "mass",
    "amount",
    "price",
    "cost",
    "fee",
    "budget",
    "balance",
    "salary",
    "revenue",
    "spend",
    "timeout",
    "duration",
    "delay",
    "interval",
    "ttl",
    "age",
    "elapsed",
    "latency",
    "period",
    "lifetime",
    "expiry",
    "backoff",
    "cooldown",
    "uptime",
    "downtime",
    "wait",
    "size",
    "length",
    "width",
    "height",
    "thickness",
    "distance",
    "radius",
    "diameter",
    "altitude",
    "elevation",
    "speed",
    "velocity",
    "pace",
    "temperature",
    "temp",
    "memory",
    "storage",
    "disk",
    "bandwidth",
    "throughput",
    "volume",
    "capacity",
    "power",
    "energy",
    "voltage",
    "pressure",
    "frequency",
    "angle",
    "heading",
    "bearing",
    "discount",
    "margin",
    "quota",
    "confidence",
    "similarity",
    "probability",
];

/// Quantity words that always have a unit, where a wrong guess is off by a factor
/// (`unit_in_name` reports them on certain evidence): a time span, money, a weight, a
/// distance. Other quantity words may be unitless in a domain (a sampling `temperature`, a
/// `speed` multiplier, a `size` in items) or have a unit every reader assumes.
pub const CERTAIN_QUANTITIES: &[&str] = &[
    "altitude",
    "backoff",
    "balance",
    "budget",
    "cooldown",
    "cost",
    "delay",
    "diameter",
    "distance",
    "downtime",
    "duration",
    "elapsed",
    "elevation",
    "expiry",
    "fee",
    "interval",
    "latency",
    "lifetime",
    "mass",
    "price",
    "radius",
    "revenue",
    "salary",
    "spend",
    "timeout",
    "ttl",
    "uptime",
    "wait",
    "weight",
];

/// Names with a quantity word that count things, so need no unit: `page_size` is items.
pub const COUNT_NAMES: &[&str] = &[
    "batch_size",
    "group_size",
    "page_size",
    "pool_size",
    "sample_size",
    "team_size",
];

/// Parameter names that bound how many results come back (`bounded_limit`).
pub const LIMIT_NAMES: &[&str] = &[
    "count",
    "first",
    "last",
    "limit",
    "max_count",
    "max_items",
    "max_results",
    "n_results",
    "num_results",
    "page_size",
    "per_page",
    "take",
    "top_k",
    "top_n",
];

/// Last words of a name that counts results: `tail_lines`, `max_results`, `num_items`.
pub const COUNTED_SUFFIXES: &[&str] = &[
    "entries", "items", "lines", "matches", "records", "results", "rows",
];

/// Exact names that are timestamps (`timestamp_format`). `before` and `after` are often
/// pagination cursors; they count only when their doc speaks of a date or time.
pub const TIMESTAMP_NAMES: &[&str] = &["deadline", "expires", "since", "timestamp", "until"];

/// Last words that make a name a timestamp: `created_at`, `start_time`, `due_date`.
pub const TIMESTAMP_SUFFIXES: &[&str] = &[
    "at",
    "date",
    "datetime",
    "deadline",
    "since",
    "time",
    "timestamp",
    "until",
];

/// Words that make a parameter or action a relative change (`absolute_value`).
pub const RELATIVE_PREFIXES: &[&str] = &[
    "increase",
    "decrease",
    "increment",
    "decrement",
    "add_to",
    "subtract",
];
/// Last words of a relative-change parameter: `weight_delta`, `increase_by`.
pub const RELATIVE_SUFFIXES: &[&str] = &["decrement", "delta", "diff", "increment"];

/// Verbs that, before a final `_by`, make a change relative: `increase_by`, `adjust_by`
/// (but not `group_by` or `requested_by`).
pub const RELATIVE_BY_VERBS: &[&str] = &[
    "add",
    "adjust",
    "bump",
    "change",
    "decrease",
    "decrement",
    "extend",
    "grow",
    "increase",
    "increment",
    "lower",
    "move",
    "offset",
    "raise",
    "reduce",
    "shift",
    "shrink",
    "subtract",
];

/// Verbs whose tools destroy or overwrite data and must say `destructive = true`.
pub const DESTRUCTIVE_VERBS: &[&str] = &[
    "delete",
    "destroy",
    "drop",
    "erase",
    "kill",
    "overwrite",
    "purge",
    "remove",
    "reset",
    "revoke",
    "terminate",
    "truncate",
    "uninstall",
    "unregister",
    "wipe",
];

/// Verbs whose tools only add, never delete or overwrite (`effect_declared`).
pub const ADDITIVE_VERBS: &[&str] = &[
    "add",
    "append",
    "book",
    "bookmark",
    "clone",
    "comment",
    "copy",
    "create",
    "draft",
    "duplicate",
    "enqueue",
    "follow",
    "fork",
    "insert",
    "invite",
    "like",
    "open",
    "pin",
    "post",
    "react",
    "register",
    "reply",
    "request",
    "send",
    "star",
    "submit",
    "subscribe",
    "upload",
    "upvote",
    "vote",
];

/// Verbs whose tools only read and must say `read_only`.
pub const READ_ONLY_VERBS: &[&str] = &[
    "browse", "check", "compare", "count", "describe", "diff", "estimate", "explain", "fetch",
    "find", "get", "inspect", "list", "locate", "lookup", "preview", "query", "read", "retrieve",
    "search", "show", "view",
];

/// Verbs that replace what is there: a tool named with one may destroy data, as MCP's
/// default assumes, so `effect_declared` does not ask it to declare (`destructive_verb`
/// does not ask it to be destructive either: an update may only add a field).
pub const OVERWRITE_VERBS: &[&str] = &[
    "edit", "modify", "patch", "put", "replace", "save", "set", "update", "upsert", "write",
];

/// Phrases that start with a read-only verb but change state.
pub const STATEFUL_PHRASES: &[&str] = &[
    "check_in",
    "check_out",
    "checkout",
    "read_mark",
    "get_or_create",
    "find_or_create",
];

/// Words that, as the whole description or its start, say nothing (`description_placeholder`).
pub const PLACEHOLDER_MARKERS: &[&str] = &["TODO", "TBD", "FIXME", "XXX", "lorem ipsum"];

/// Openings that spend the model's attention on filler (`description_placeholder`).
pub const FILLER_OPENINGS: &[&str] = &[
    "this tool",
    "this function",
    "this method",
    "this endpoint",
    "a tool that",
    "a tool to",
    "tool that",
    "tool to",
    "function that",
    "function to",
    "tools for",
    "tool for",
    "a tool for",
    "description",
];

/// [`FILLER_OPENINGS`] said of a prompt: the same openings with `prompt` for `tool`
/// (`description_filler` on a prompt checks both lists).
pub const PROMPT_FILLER_OPENINGS: &[&str] = &[
    "this prompt",
    "a prompt that",
    "a prompt to",
    "prompt that",
    "prompt to",
    "prompts for",
    "prompt for",
    "a prompt for",
];

/// Words a description may add to a tool's name without saying anything more
/// (`description_length`: "Get the details of an issue." on `get_issue`).
pub const RESTATING_WORDS: &[&str] = &[
    "a",
    "all",
    "an",
    "and",
    "by",
    "current",
    "data",
    "details",
    "existing",
    "for",
    "from",
    "given",
    "id",
    "in",
    "info",
    "information",
    "item",
    "its",
    "list",
    "my",
    "new",
    "of",
    "on",
    "one",
    "or",
    "single",
    "specific",
    "that",
    "the",
    "this",
    "to",
    "with",
    "your",
];

/// Generated text that says nothing wherever it stands (`description_placeholder`): an
/// `OpenAPI` error list of bare status codes.
pub const BOILERPLATE: &[&str] = &["error responses:"];

/// A name in any case style as lower-case `snake_case` words, so the word lists match
/// the names real servers use: `maxResults`, `max-results` and `MAX_RESULTS` are all
/// `max_results`; `getHTTPHeaders` is `get_http_headers`.
pub fn normalize(name: &str) -> String {
    let name = name.strip_prefix("r#").unwrap_or(name);
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            // `maxResults`, and the `R` of `HTTPResponse`.
            if (prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase() && next_lower))
                && !out.ends_with('_')
            {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out.trim_end_matches('_').to_owned()
}

/// Whether `word` is one of the `_`-separated words of `name`.
#[must_use]
pub fn has_word(name: &str, word: &str) -> bool {
    name.split('_').any(|w| w == word)
}

/// The first `_`-separated word.
#[must_use]
pub fn first_word(name: &str) -> &str {
    name.split('_').next().unwrap_or(name)
}

/// The last `_`-separated word.
#[must_use]
pub fn last_word(name: &str) -> &str {
    name.rsplit('_').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists read by membership, by name.
    const SETS: &[(&str, &[&str])] = &[
        ("VERBS", VERBS),
        ("MORE_VERBS", MORE_VERBS),
        ("CONFIGURED_SETS", CONFIGURED_SETS),
        ("NOUN_VERBS", NOUN_VERBS),
        ("GENERIC_PARAM_NAMES", GENERIC_PARAM_NAMES),
        ("SELF_DESCRIBING_SUFFIXES", SELF_DESCRIBING_SUFFIXES),
        ("COUNT_NAMES", COUNT_NAMES),
        ("LIMIT_NAMES", LIMIT_NAMES),
        ("COUNTED_SUFFIXES", COUNTED_SUFFIXES),
        ("TIMESTAMP_NAMES", TIMESTAMP_NAMES),
        ("TIMESTAMP_SUFFIXES", TIMESTAMP_SUFFIXES),
        ("RELATIVE_SUFFIXES", RELATIVE_SUFFIXES),
        ("RELATIVE_BY_VERBS", RELATIVE_BY_VERBS),
        ("DESTRUCTIVE_VERBS", DESTRUCTIVE_VERBS),
        ("ADDITIVE_VERBS", ADDITIVE_VERBS),
        ("READ_ONLY_VERBS", READ_ONLY_VERBS),
        ("OVERWRITE_VERBS", OVERWRITE_VERBS),
        ("RESTATING_WORDS", RESTATING_WORDS),
        ("CERTAIN_QUANTITIES", CERTAIN_QUANTITIES),
    ];

    #[test]
    fn certain_quantities_are_quantities() {
        for word in CERTAIN_QUANTITIES {
            assert!(QUANTITY_WORDS.contains(word), "{word}");
        }
    }

    #[test]
    fn word_sets_are_sorted_without_duplicates() {
        for (name, words) in SETS {
            for pair in words.windows(2) {
                assert!(
                    pair[0] < pair[1],
                    "{name}: `{}` then `{}`",
                    pair[0],
                    pair[1]
                );
            }
        }
        let both: Vec<&&str> = VERBS.iter().filter(|v| MORE_VERBS.contains(v)).collect();
        assert!(both.is_empty(), "in VERBS and MORE_VERBS: {both:?}");
    }

    /// A verb a rule reads as deleting, adding, reading or changing by an amount is a verb
    /// to `verb_first` too, or `stock_reduce` would be told it states no action.
    /// (`NOUN_VERBS` are nouns first: `git_branch` reads a branch.)
    #[test]
    fn every_verb_a_rule_knows_is_a_verb() {
        for (name, words) in [
            ("DESTRUCTIVE_VERBS", DESTRUCTIVE_VERBS),
            ("ADDITIVE_VERBS", ADDITIVE_VERBS),
            ("READ_ONLY_VERBS", READ_ONLY_VERBS),
            ("OVERWRITE_VERBS", OVERWRITE_VERBS),
            ("RELATIVE_BY_VERBS", RELATIVE_BY_VERBS),
        ] {
            let missing: Vec<&&str> = words.iter().filter(|w| !is_verb(w)).collect();
            assert!(
                missing.is_empty(),
                "{name} has words `is_verb` does not know: {missing:?}"
            );
        }
    }

    #[test]
    fn names_in_any_style_normalize_to_snake_words() {
        assert_eq!(normalize("maxResults"), "max_results");
        assert_eq!(normalize("max-results"), "max_results");
        assert_eq!(normalize("MAX_RESULTS"), "max_results");
        assert_eq!(normalize("getHTTPHeaders"), "get_http_headers");
        assert_eq!(normalize("API-get-user"), "api_get_user");
        assert_eq!(normalize("r#type"), "type");
        assert_eq!(normalize("timeoutMs"), "timeout_ms");
        assert_eq!(normalize("page2Token"), "page2_token");
        assert_eq!(normalize("weight_kg"), "weight_kg");
    }

    #[test]
    fn reads_the_unit_from_the_last_word() {
        assert_eq!(unit_of("weight_kg"), Some("kg"));
        assert_eq!(unit_of("timeout_ms"), Some("ms"));
        assert_eq!(unit_of("budget_krw"), Some("KRW"));
        assert_eq!(unit_of("kg"), None);
        assert_eq!(unit_of("weight"), None);
        assert_eq!(unit_of("item_name"), None);
    }
}
