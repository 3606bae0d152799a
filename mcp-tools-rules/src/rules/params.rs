//! Rules on parameters: names that say what they hold, units, bounds, timestamps.

use super::evidence;
use crate::{
    catalog::{Evidence, Rule},
    model::{Kind, Origin, Param, Tool},
    report::{ParamPart, Reports, Target},
    words,
};

/// Whether a parameter's name says nothing about what it holds and nothing else does:
/// no doc, or a doc that only restates the name ("The id."), and a plain type.
pub(crate) fn is_vague_generic(tool: &Tool, param: &Param) -> bool {
    let key = param.key.as_str();
    if !words::GENERIC_PARAM_NAMES.contains(&key) {
        return false;
    }
    // A type of the user's own (`target: ElementRef`) says what it holds.
    let plain = param.kind.is_plain();
    // Only a doc that repeats the name itself ("The id.") says nothing: "The project ID"
    // on `get_project` says whose id it is, even though the tool's name says it too.
    let doc = evidence::doc_of(tool, param);
    plain && (doc.trim().is_empty() || evidence::restates(&doc, key))
}

/// Words of a number's name that make it a position, whose base a model must be told.
const INDEX_WORDS: &[&str] = &["index", "idx", "position", "row", "col", "column", "line"];

/// Whether a parameter needs no doc: its name says what it holds and its type how
/// (`title: String`, `labels: Vec<String>`, `include_archived: bool`), or its type is the
/// user's own, whose schema (an enum's values, a struct's documented fields) describes it.
/// A string whose format is open (a `path`, a `query`, a `sort`) is not self-describing.
pub(crate) fn is_self_describing(param: &Param) -> bool {
    let own_type = param.kind.describes_itself();
    let key = param.key.as_str();
    let named = words::SELF_DESCRIBING_PARAMS.contains(&key)
        || (key.contains('_') && words::SELF_DESCRIBING_SUFFIXES.contains(&words::last_word(key)));
    // A flag is named for what is true when it is set (`include_archived`, `billable`).
    let switch = param.kind == Kind::Boolean;
    // A number's open questions are its unit and its bound, which `unit_in_name` and
    // `bounded_limit` ask; an index's is its base (0 or 1?), which only a doc answers.
    let counted = param.is_numeric() && !key.split('_').any(|w| INDEX_WORDS.contains(&w));
    // A type of the user's own is described by its schema, whatever its name
    // (`params: SearchParams`, whose fields are each documented).
    own_type || (!words::GENERIC_PARAM_NAMES.contains(&key) && (named || switch || counted))
}

/// Whether values of a kind are written as text by the model: text, a list of it, or a
/// value the schema does not type. Objects and enums are described by their own schema.
fn written_as_text(kind: &Kind) -> bool {
    match kind {
        Kind::Text | Kind::Any => true,
        Kind::List(item) => matches!(**item, Kind::Text | Kind::Any),
        _ => false,
    }
}

/// Whether a parameter holds a path or a file name: `path`, `repo_path`, `filename`,
/// `output_file`, `dir`, `folder` (in any case style).
pub(crate) fn is_path_like(param: &Param) -> bool {
    let key = param.key.as_str();
    // `save_to_file` switches something on; `file_pattern` matches names, it locates none;
    // a `file` object (`{"name", "size"}`) is described by its own fields.
    written_as_text(&param.kind)
        && !key
            .split('_')
            .any(|w| matches!(w, "pattern" | "patterns" | "glob" | "globs" | "mask" | "extension" | "extensions"))
        && key.split('_').any(|w| {
            matches!(
                w,
                "path" | "paths" | "filepath" | "filename" | "filenames" | "file" | "dir"
                    | "directory" | "folder"
            )
        })
        // `file_id`, `file_url`, `path_count`: the last word says what it holds.
        && !matches!(words::last_word(key), "id" | "ids" | "url" | "count" | "type" | "content" | "contents")
}

/// Whether the tool's description says how every path is written ("always use absolute
/// paths", "paths are relative to the workspace").
fn says_how_paths_are_written(tool: &Tool) -> bool {
    let text = tool.description_text().unwrap_or("").to_lowercase();
    [
        "absolute path",
        "relative path",
        "relative to",
        "absolute or relative",
        "full path",
    ]
    .iter()
    .any(|phrase| text.contains(phrase))
}

/// `path_format`: a path says how it is written. An undocumented one leaves the model to
/// guess absolute or relative, and relative to what, the mistake absolute paths exist to
/// design out.
pub(crate) fn check_path_format(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params().filter(|p| {
        is_path_like(p)
            && !super::description::documented_anywhere(tool, p)
            && !says_how_paths_are_written(tool)
    }) {
        let name = &param.path;
        let fix = match param.origin {
            Origin::Param | Origin::Field => {
                "say in its doc how it is written: \"Absolute path of the file\", or \"Path relative to the repository root\""
            }
            Origin::Property => {
                "say in its `description` how it is written: \"Absolute path of the file\", or \"Path relative to the repository root\""
            }
        };
        cx.rule(
            Rule::PathFormat,
            Target::Param { id: param.id, part: ParamPart::Name },
            format!("{} `{name}` is a path with no doc: a model guesses absolute or relative, and relative to what", noun(param)),
            fix,
        );
    }
}

/// `generic_param_name`: `user_id`, or a `user` whose doc says what it holds.
pub(crate) fn check_generic_param_name(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params().filter(|p| is_vague_generic(tool, p)) {
        let name = &param.path;
        let better = match param.key.as_str() {
            "id" => format!(
                "`{}_id`",
                words::last_word(
                    &tool
                        .namespace
                        .as_ref()
                        .map_or_else(|| "user".to_owned(), |n| words::normalize(n))
                )
            ),
            "user" | "target" | "entity" | "record" | "item" | "object" | "obj" => {
                format!("`{name}_id`, `{name}_email`")
            }
            _ => "a name for what it holds, like `message_text`".to_owned(),
        };
        let doc = match param.origin {
            Origin::Param | Origin::Field => "doc",
            Origin::Property => "description",
        };
        let noun = if cx.is_prompt() {
            "argument"
        } else {
            noun(param)
        };
        let guesser = if cx.is_prompt() {
            "a user"
        } else {
            "the model"
        };
        let (what, fix) = if evidence::is_documented(param) {
            (
                format!("its {doc} only repeats the name"),
                format!("or say in its {doc} what it holds and in what form"),
            )
        } else {
            (
                format!("it has no {doc}"),
                match param.origin {
                    Origin::Param | Origin::Field => "or document what it holds".to_owned(),
                    Origin::Property => "or give it a `description` of what it holds".to_owned(),
                },
            )
        };
        // `get_monitor(id)`: the tool's name says whose id it is, which a model may well
        // read right; with no object named anywhere, nothing does.
        // A field's object names what it is of (`assignee.id`).
        let evidence = if names_an_object(tool) || param.path.contains('.') {
            Evidence::Judgment
        } else {
            Evidence::Certain
        };
        cx.on(
            evidence,
            Rule::GenericParamName,
            Target::Param { id: param.id, part: ParamPart::Name },
            format!("{noun} `{name}` does not say what it holds, and {what}: {guesser} has to guess whether it is an id, a name or an email"),
            format!("name it for its content, e.g. {better}, {fix}"),
        );
    }
}

/// Whether a word of the tool's name, namespace included, names the object it acts on
/// (`get_monitor`, `issue_close`): a word that is no verb and no filler.
fn names_an_object(tool: &Tool) -> bool {
    let mut name = tool.action_key();
    if let Some(ns) = &tool.namespace {
        name = format!("{}_{name}", words::normalize(ns));
    }
    name.split('_').any(|w| {
        w.len() > 2
            && !words::is_verb(w)
            && !matches!(w, "by" | "for" | "all" | "one" | "the" | "and" | "with")
    })
}

/// `unit_in_name`: `timeout_ms`, `#[param(unit = "ms")]`, or a doc that states the unit.
pub(crate) fn check_unit_in_name(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params().filter(|p| p.is_numeric()) {
        let name = &param.path;
        let key = param.key.as_str();
        let doc = evidence::doc_of(tool, param);
        if param.stated_unit().is_some()
            || words::COUNT_NAMES.contains(&key)
            || words::LIMIT_NAMES.contains(&key)
            || evidence::states_unit(&doc)
        {
            continue;
        }
        let Some(quantity) = words::QUANTITY_WORDS
            .iter()
            .find(|w| words::has_word(key, w))
        else {
            continue;
        };
        // A window's or an image's width is in pixels, and every model reads it so.
        let tool_doc = || tool.description_text().unwrap_or("").to_lowercase();
        if matches!(*quantity, "width" | "height")
            && (evidence::on_screen(&doc) || evidence::on_screen(&tool_doc()))
        {
            continue;
        }
        let certain = words::CERTAIN_QUANTITIES.contains(quantity);
        // A level, score, ratio or multiplier with its small range stated (a [0, 1]
        // confidence, a sampling temperature of 0–2, a speed multiplier of 0.5–4) has no unit
        // to state: the range says what it means. A physical range (-30 to 30) names none.
        let range = match (param.min, param.max) {
            (Some(min), Some(max)) => Some((min, max)),
            _ => evidence::stated_range(&doc),
        };
        let level = range
            .is_some_and(|(min, max)| (0.0..=10.0).contains(&min) && (0.0..=10.0).contains(&max));
        if level && !certain {
            continue;
        }
        let example = suggested_unit(quantity);
        let spelled = spelled_unit(example);
        let help = match param.origin {
            Origin::Param | Origin::Field => format!(
                "put the unit in the name (`{key}_{example}`), write `#[param(unit = \"{example}\")]`, or state it in the doc (\"… in {spelled}\")"
            ),
            Origin::Property => format!(
                "put the unit in the name (`{key}_{example}`), or state it in its `description` (\"… in {spelled}\")"
            ),
        };
        cx.on(
            if certain {
                Evidence::Certain
            } else {
                Evidence::Judgment
            },
            Rule::UnitInName,
            Target::Param {
                id: param.id,
                part: ParamPart::Name,
            },
            format!(
                "{} `{name}` is a {quantity} without a unit: {}",
                noun(param),
                confusion(quantity)
            ),
            help,
        );
    }
}

/// What a report calls the argument: a parameter of the fn, or a property of the
/// `input_schema` file.
fn noun(param: &Param) -> &'static str {
    match param.origin {
        Origin::Param => "parameter",
        Origin::Field => "field",
        Origin::Property => "property",
    }
}

/// The unit as a doc would say it.
fn spelled_unit(unit: &str) -> &str {
    match unit {
        "ms" => "milliseconds",
        "s" => "seconds",
        "usd" => "cents of USD",
        "pct" => "percent",
        "kg" => "kilograms",
        "m" => "metres",
        "chars" => "characters",
        "fraction" => "a fraction of 1",
        other => other,
    }
}

/// The misreading a unit-less quantity invites.
fn confusion(quantity: &str) -> &'static str {
    match suggested_unit(quantity) {
        "ms" | "s" | "days" => "a model will guess seconds where you meant milliseconds",
        "usd" => "a model will guess dollars where you meant cents, or the wrong currency",
        "kg" => "a model will guess pounds where you meant kilograms",
        "bytes" => "a model will guess megabytes where you meant bytes",
        "m" => "a model will guess feet where you meant metres",
        "chars" => "a model has to guess whether it counts characters, bytes or lines",
        "pct" => "a model will guess a fraction where you meant percent",
        "fraction" => "a model will guess 80 (percent) where you meant 0.8, or the reverse",
        _ => "a model has to guess the unit, and a wrong guess is off by orders of magnitude",
    }
}

fn suggested_unit(quantity: &str) -> &'static str {
    match quantity {
        "weight" | "mass" => "kg",
        "amount" | "price" | "cost" | "fee" | "budget" | "balance" | "salary" | "revenue"
        | "spend" => "usd",
        "discount" | "margin" => "pct",
        "confidence" | "similarity" | "probability" => "fraction",
        "timeout" | "delay" | "interval" | "backoff" | "cooldown" | "latency" | "elapsed"
        | "wait" => "ms",
        "duration" | "ttl" | "lifetime" | "expiry" | "uptime" | "downtime" | "period" => "s",
        "age" => "days",
        "size" | "memory" | "storage" | "disk" | "quota" => "bytes",
        "length" => "chars",
        "width" | "height" | "thickness" | "distance" | "radius" | "diameter" | "altitude"
        | "elevation" => "m",
        "speed" | "velocity" | "pace" => "kmh",
        "temperature" | "temp" => "celsius",
        "bandwidth" | "throughput" => "mbps",
        "volume" | "capacity" => "l",
        "frequency" => "hz",
        "angle" | "heading" | "bearing" => "deg",
        "power" => "w",
        "energy" => "kwh",
        "voltage" => "v",
        "pressure" => "kpa",
        _ => "unit",
    }
}

/// Whether a number bounds how many results come back: `limit`, `maxResults`, `top_k`,
/// `tail_lines`, or a `head` whose doc says "first N lines".
pub(crate) fn is_result_count(tool: &Tool, param: &Param) -> bool {
    let key = param.key.as_str();
    // "Number of elements to remove": a count of what the call changes, not of what it
    // returns.
    let doc = evidence::doc_of(tool, param);
    let acted_on = [
        "to remove",
        "to delete",
        "to create",
        "to add",
        "to insert",
        "to generate",
        "to send",
    ]
    .iter()
    .any(|phrase| doc.contains(phrase));
    param.is_numeric()
        && !acted_on
        && (words::LIMIT_NAMES.contains(&key)
            // `tail_lines`, `num_results`; not `skip_lines`, an offset.
            || (key.contains('_')
                && words::COUNTED_SUFFIXES.contains(&words::last_word(key))
                // `context_lines` is context around each hunk, not a count of results.
                && !matches!(
                    words::first_word(key),
                    "skip" | "offset" | "start" | "from" | "min" | "total" | "context"
                ))
            || evidence::says_result_count(&doc))
}

/// The smallest `max` that bounds nothing: no context holds a million results, and
/// generators write the integer type's bound (`9007199254740991`, zod's safe integer).
const UNBOUNDED: f64 = 1_000_000.0;

/// Whether the schema caps the parameter: a `max` below [`UNBOUNDED`].
fn schema_max(param: &Param) -> bool {
    param.max.is_some_and(|m| m < UNBOUNDED)
}

/// `bounded_limit`: a result count has a maximum: in the schema, or at least in its doc.
pub(crate) fn check_bounded_limit(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params().filter(|p| is_result_count(tool, p)) {
        if schema_max(param) || evidence::states_maximum(&evidence::doc_of(tool, param)) {
            continue;
        }
        let name = &param.path;
        let bound = match param.origin {
            Origin::Param | Origin::Field => "`#[param(min = 1, max = 100)]`",
            Origin::Property => "`\"minimum\": 1, \"maximum\": 100`",
        };
        let what = if param.max.is_some() {
            "its `max` bounds nothing"
        } else {
            "states no maximum"
        };
        // `limit`, `max_results`, `per_page` say they cap results; a count known only from a
        // suffix or its doc (`tail_lines`, "number of items") may cap something else.
        let evidence = if words::LIMIT_NAMES.contains(&param.key.as_str()) {
            Evidence::Certain
        } else {
            Evidence::Judgment
        };
        cx.on(
            evidence,
            Rule::BoundedLimit,
            Target::Param { id: param.id, part: ParamPart::Name },
            format!("`{name}` counts results but {what}: a model asking for 10000 floods its own context"),
            format!("bound it in the schema, where every call is checked: {bound}, and page past the bound with a cursor"),
        );
    }
}

/// `bounded_limit_unenforced`: a result count whose maximum only its doc states: the model
/// may read it, but no call is checked against it, and a client's form shows no bound.
pub(crate) fn check_bounded_limit_unenforced(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params().filter(|p| is_result_count(tool, p)) {
        if schema_max(param) || !evidence::states_maximum(&evidence::doc_of(tool, param)) {
            continue;
        }
        let name = &param.path;
        let fix = match param.origin {
            Origin::Param | Origin::Field => {
                "write the bound its doc states as `#[param(max = …)]`, so every call is checked against it"
            }
            Origin::Property => {
                "write the bound its description states as `\"maximum\"`, so every call is checked against it"
            }
        };
        cx.rule(
            Rule::BoundedLimitUnenforced,
            Target::Param { id: param.id, part: ParamPart::Name },
            format!("`{name}` states its maximum only in prose: a call over it is not refused, and the model learns the bound from an error of the upstream API, if at all"),
            fix,
        );
    }
}

/// Whether a parameter's name says it is a point in time: `since`, `created_at`,
/// `due_date`, or a `before`/`after` whose doc speaks of a date or a time.
pub(crate) fn is_point_in_time(tool: &Tool, param: &Param) -> bool {
    let key = param.key.as_str();
    words::TIMESTAMP_NAMES.contains(&key)
        || (key.contains('_') && words::TIMESTAMP_SUFFIXES.contains(&words::last_word(key)))
        // `before`, `after`: a time, or a pagination cursor; the doc tells.
        || (matches!(key, "before" | "after")
            && ["date", "time", "timestamp"]
                .iter()
                .any(|w| words::has_word(&evidence::doc_of(tool, param).replace(' ', "_"), w)))
}

/// Whether another rule reports an undocumented number for its one open question: its
/// unit (`unit_in_name`, a quantity without one) or its bound (`bounded_limit`, a result
/// count without a `max`). A `weight_kg` or a bounded `limit` still needs its doc.
pub(crate) fn asked_by_number_rules(tool: &Tool, param: &Param) -> bool {
    let quantity = words::QUANTITY_WORDS
        .iter()
        .any(|w| words::has_word(&param.key, w));
    param.is_numeric()
        && ((is_result_count(tool, param) && !schema_max(param))
            || (quantity
                && param.stated_unit().is_none()
                && !words::COUNT_NAMES.contains(&param.key.as_str())))
}

/// `timestamp_format`: a point in time states its format: a timestamp type,
/// `format = "date-time"`, or a doc that says it ("ISO 8601", "YYYY-MM-DD", an example).
pub(crate) fn check_timestamp_format(tool: &Tool, cx: &mut Reports<'_>) {
    for param in tool.all_params() {
        let name = &param.path;
        let key = param.key.as_str();
        let last = words::last_word(key);
        let doc = evidence::doc_of(tool, param);
        // An object (`{"dateTime", "timeZone"}`) is described by its own fields.
        let is_timestamp = is_point_in_time(tool, param)
            && !matches!(
                param.kind,
                Kind::Own | Kind::Map | Kind::List(_) | Kind::Boolean
            );
        // A malformed `format` is reported where it is written; do not report it missing.
        if !is_timestamp
            || param.stated_unit().is_some()
            || param.format_unread
            || key
                .split('_')
                .any(|w| matches!(w, "cursor" | "id" | "ids" | "token" | "ts"))
            || evidence::says_cursor_or_id(&doc)
            || evidence::names_an_object(&doc)
            || evidence::states_time_format(&doc)
            // "Expiration in seconds": a span of time, not a point in it.
            || evidence::states_unit(&doc)
            // A `pattern` (`^\d{4}-\d{2}-\d{2}$`) is the format, spelled for a machine.
            || param.pattern.is_some()
        {
            continue;
        }
        let format = param.format.as_deref();
        // A timestamp type fixes the format; a date type does for a `*_date`.
        let typed = param.kind == Kind::DateTime;
        let date_only = last == "date" && (format == Some("date") || param.kind == Kind::Date);
        let time_only = last == "time" && format == Some("time");
        if typed || format == Some("date-time") || date_only || time_only {
            continue;
        }
        let duration = key.trim_end_matches(&format!("_{last}"));
        let help = match (param.origin, param.is_numeric()) {
            (Origin::Param | Origin::Field, true) => format!(
                "say it in the doc (\"Unix time in seconds\"), take an RFC 3339 string (`#[param(format = \"date-time\")] {name}: String`) or a `chrono::DateTime<Utc>`; if it is a duration, name it with a unit (`{duration}_ms`)"
            ),
            (Origin::Param | Origin::Field, false) => "add `#[param(format = \"date-time\")]`, take a `chrono::DateTime<Utc>`, or say the format in its doc (\"ISO 8601\", \"YYYY-MM-DD\")".to_owned(),
            (Origin::Property, true) => format!(
                "say it in its `description` (\"Unix time in seconds\"), or take an RFC 3339 string (`\"type\": \"string\", \"format\": \"date-time\"`); if it is a duration, name it with a unit (`{duration}_ms`)"
            ),
            (Origin::Property, false) => "add `\"format\": \"date-time\"` to it, or say the format in its `description` (\"ISO 8601\", \"YYYY-MM-DD\")".to_owned(),
        };
        // Documented nowhere, nothing tells how to write it; a doc that speaks of it may
        // mean the one form its domain uses.
        let evidence = if super::description::documented_anywhere(tool, param) {
            Evidence::Judgment
        } else {
            Evidence::Certain
        };
        cx.on(
            evidence,
            Rule::TimestampFormat,
            Target::Param { id: param.id, part: ParamPart::Name },
            format!("`{name}` is a point in time without a stated format: models write \"yesterday\", local times and epoch seconds"),
            help,
        );
    }
}

/// `absolute_value`: state-changing tools take targets, not deltas.
pub(crate) fn check_absolute_value(tool: &Tool, cx: &mut Reports<'_>) {
    if tool.read_only.is_true() {
        return;
    }
    let prefixed = |name: &str| {
        words::RELATIVE_PREFIXES
            .iter()
            .any(|p| name == *p || name.starts_with(&format!("{p}_")))
    };
    let relative = |name: &str| {
        let parts: Vec<&str> = name.split('_').collect();
        prefixed(name)
            || (parts.len() > 1 && words::RELATIVE_SUFFIXES.contains(&parts[parts.len() - 1]))
            || (parts.len() > 1
                && parts[parts.len() - 1] == "by"
                && words::RELATIVE_BY_VERBS.contains(&parts[parts.len() - 2]))
    };
    let action = &tool.action_key();
    // Actions are judged by their verb only: `apply_diff` applies a patch, it adds nothing.
    // An action's verb is relative in some domains only (`add_to_queue` queues, it adds
    // to no value): a judgment; a parameter named a delta is one in any.
    if prefixed(action) {
        cx.on(
            Evidence::Judgment,
            Rule::AbsoluteValue,
            Target::Name,
            format!(
                "`{action}` changes a value relatively: a retried call applies the change twice"
            ),
            "take the target value instead (`set_…` with the new value), which is safe to retry",
        );
    }
    for param in tool.all_params() {
        let name = &param.path;
        if relative(&param.key) {
            cx.rule(
                Rule::AbsoluteValue,
                Target::Param { id: param.id, part: ParamPart::Name },
                format!("`{name}` is a relative change: when a call is retried after a timeout, the change is applied twice"),
                "take the absolute target (`weight_kg`, `quantity`), which makes the call idempotent",
            );
        }
    }
}
