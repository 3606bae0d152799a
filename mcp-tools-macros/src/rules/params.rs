//! Rules on parameters: names that say what they hold, units, bounds, timestamps.

use quote::ToTokens;

use super::{Rule, evidence};
use crate::{
    diag::Diagnostics,
    model::{Origin, Param, ToolFn},
    words,
};

/// Whether a parameter's name says nothing about what it holds and nothing else does:
/// no doc, or a doc that only restates the name ("The id."), and a plain type.
pub(crate) fn is_vague_generic(param: &Param, tool: &ToolFn) -> bool {
    let key = param.key.as_str();
    if !words::GENERIC_PARAM_NAMES.contains(&key) {
        return false;
    }
    // A type of the user's own (`target: ElementRef`) says what it holds.
    let plain = matches!(
        last_type_segment(&param.value_ty).as_deref(),
        Some("String" | "str" | "Value" | "Vec" | "bool" | "Map" | "HashMap" | "BTreeMap")
    ) || param.is_numeric;
    // "Value to select" on `select`: the tool's own words say no more than the name.
    let own_words = format!("{key}_{}", tool.action_key);
    plain
        && (!evidence::is_documented(param)
            || evidence::restates(&evidence::doc_of(param), &own_words))
}

/// Types whose schema says nothing of what the value means.
const PLAIN_TYPES: &[&str] = &[
    "String",
    "str",
    "Value",
    "Vec",
    "bool",
    "Map",
    "HashMap",
    "BTreeMap",
    "char",
    "f32",
    "f64",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "NonZeroU8",
    "NonZeroU16",
    "NonZeroU32",
    "NonZeroU64",
    "NonZeroUsize",
    "Box",
    "Cow",
    "HashSet",
    "BTreeSet",
];

/// Whether a parameter needs no doc: its name says what it holds and its type how
/// (`title: String`, `labels: Vec<String>`), or its type is the user's own, whose schema
/// (an enum's values, a struct's documented fields) describes it.
pub(crate) fn is_self_describing(param: &Param) -> bool {
    let own_type =
        last_type_segment(&param.value_ty).is_some_and(|t| !PLAIN_TYPES.contains(&t.as_str()));
    let key = param.key.as_str();
    let named = words::SELF_DESCRIBING_PARAMS.contains(&key)
        || (key.contains('_') && words::SELF_DESCRIBING_SUFFIXES.contains(&words::last_word(key)));
    !words::GENERIC_PARAM_NAMES.contains(&key) && (own_type || named)
}

fn last_type_segment(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(r) => last_type_segment(&r.elem),
        _ => None,
    }
}

/// `generic_param_name`: `user_id`, or a `user` whose doc says what it holds.
pub(crate) fn check_generic_param_name(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in tool.arguments().filter(|p| is_vague_generic(p, tool)) {
        let name = &param.wire_name.value;
        let better = match param.key.as_str() {
            "id" => format!(
                "`{}_id`",
                words::last_word(
                    &tool
                        .namespace
                        .as_ref()
                        .map_or_else(|| "user".to_owned(), |n| words::normalize(&n.value))
                )
            ),
            "user" | "target" | "entity" | "record" | "item" | "object" | "obj" => {
                format!("`{name}_id`, `{name}_email`")
            }
            _ => "a name for what it holds, like `message_text`".to_owned(),
        };
        let doc = match param.origin {
            Origin::Param => "doc",
            Origin::Property => "description",
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
                    Origin::Param => "or document what it holds".to_owned(),
                    Origin::Property => "or give it a `description` of what it holds".to_owned(),
                },
            )
        };
        cx.rule(
            Rule::GenericParamName,
            param.wire_name.span,
            format!("{} `{name}` does not say what it holds, and {what}: the model has to guess whether it is an id, a name or an email", noun(param)),
            format!("name it for its content, e.g. {better}, {fix}"),
        );
    }
}

/// `unit_in_name`: `timeout_ms`, `#[param(unit = "ms")]`, or a doc that states the unit.
pub(crate) fn check_unit_in_name(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in tool.arguments().filter(|p| p.is_numeric) {
        let name = &param.wire_name.value;
        let key = param.key.as_str();
        let doc = evidence::doc_of(param);
        if param.unit.is_some()
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
        let tool_doc = || {
            let text = tool.doc.as_ref().and_then(|d| d.text.as_deref());
            text.unwrap_or("").to_lowercase()
        };
        if matches!(*quantity, "width" | "height")
            && (evidence::on_screen(&doc) || evidence::on_screen(&tool_doc()))
        {
            continue;
        }
        let example = suggested_unit(quantity);
        let spelled = spelled_unit(example);
        let help = match param.origin {
            Origin::Param => format!(
                "put the unit in the name (`{key}_{example}`), write `#[param(unit = \"{example}\")]`, or state it in the doc (\"… in {spelled}\")"
            ),
            Origin::Property => format!(
                "put the unit in the name (`{key}_{example}`), or state it in its `description` (\"… in {spelled}\")"
            ),
        };
        cx.rule(
            Rule::UnitInName,
            param.wire_name.span,
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
pub(crate) fn is_result_count(param: &Param) -> bool {
    let key = param.key.as_str();
    param.is_numeric
        && (words::LIMIT_NAMES.contains(&key)
            // `tail_lines`, `num_results`; not `skip_lines`, an offset.
            || (key.contains('_')
                && words::COUNTED_SUFFIXES.contains(&words::last_word(key))
                // `context_lines` is context around each hunk, not a count of results.
                && !matches!(
                    words::first_word(key),
                    "skip" | "offset" | "start" | "from" | "min" | "total" | "context"
                ))
            || evidence::says_result_count(&evidence::doc_of(param)))
}

/// `bounded_limit`: a result count has a `max` in the schema.
pub(crate) fn check_bounded_limit(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in tool.arguments().filter(|p| is_result_count(p)) {
        // A bound in the doc ("max 100") tells the model; one in the schema is also enforced.
        if param.attrs.max.is_some() || evidence::states_maximum(&evidence::doc_of(param)) {
            continue;
        }
        let name = &param.wire_name.value;
        let bound = match param.origin {
            Origin::Param => "`#[param(min = 1, max = 100)]`",
            Origin::Property => "`\"minimum\": 1, \"maximum\": 100`",
        };
        cx.rule(
            Rule::BoundedLimit,
            param.wire_name.span,
            format!("`{name}` counts results but states no maximum: a model asking for 10000 floods its own context"),
            format!("bound it in the schema, where every call is checked: {bound}, and page past the bound with a cursor"),
        );
    }
}

/// `timestamp_format`: a point in time states its format: a timestamp type,
/// `format = "date-time"`, or a doc that says it ("ISO 8601", "YYYY-MM-DD", an example).
pub(crate) fn check_timestamp_format(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in tool.arguments() {
        let name = &param.wire_name.value;
        let key = param.key.as_str();
        let last = words::last_word(key);
        let doc = evidence::doc_of(param);
        let is_timestamp = words::TIMESTAMP_NAMES.contains(&key)
            || (key.contains('_') && words::TIMESTAMP_SUFFIXES.contains(&last))
            // `before`, `after`: a time, or a pagination cursor; the doc tells.
            || (matches!(key, "before" | "after")
                && ["date", "time", "timestamp"].iter().any(|w| words::has_word(&doc.replace(' ', "_"), w)));
        // A malformed `format` is reported where it is written; do not report it missing.
        if !is_timestamp
            || param.unit.is_some()
            || param.attrs.written.iter().any(|k| k == "format") && param.attrs.format.is_none()
            || key
                .split('_')
                .any(|w| matches!(w, "cursor" | "id" | "ids" | "token" | "ts"))
            || evidence::says_cursor_or_id(&doc)
            || evidence::names_an_object(&doc)
            || evidence::states_time_format(&doc)
        {
            continue;
        }
        let format = param.attrs.format.as_ref().map(|f| f.value.as_str());
        let ty = param.value_ty.to_token_stream().to_string();
        let typed = [
            "DateTime",
            "Timestamp",
            "OffsetDateTime",
            "Zoned",
            "UtcDateTime",
        ]
        .iter()
        .any(|t| ty.contains(t));
        let date_only = last == "date"
            && (format == Some("date") || ty.contains("NaiveDate") || ty.contains("Date"));
        let time_only = last == "time" && format == Some("time");
        if typed || format == Some("date-time") || date_only || time_only {
            continue;
        }
        let duration = key.trim_end_matches(&format!("_{last}"));
        let help = match (param.origin, param.is_numeric) {
            (Origin::Param, true) => format!(
                "say it in the doc (\"Unix time in seconds\"), take an RFC 3339 string (`#[param(format = \"date-time\")] {name}: String`) or a `chrono::DateTime<Utc>`; if it is a duration, name it with a unit (`{duration}_ms`)"
            ),
            (Origin::Param, false) => "add `#[param(format = \"date-time\")]`, take a `chrono::DateTime<Utc>`, or say the format in its doc (\"ISO 8601\", \"YYYY-MM-DD\")".to_owned(),
            (Origin::Property, true) => format!(
                "say it in its `description` (\"Unix time in seconds\"), or take an RFC 3339 string (`\"type\": \"string\", \"format\": \"date-time\"`); if it is a duration, name it with a unit (`{duration}_ms`)"
            ),
            (Origin::Property, false) => "add `\"format\": \"date-time\"` to it, or say the format in its `description` (\"ISO 8601\", \"YYYY-MM-DD\")".to_owned(),
        };
        cx.rule(
            Rule::TimestampFormat,
            param.wire_name.span,
            format!("`{name}` is a point in time without a stated format: models write \"yesterday\", local times and epoch seconds"),
            help,
        );
    }
}

/// `absolute_value`: state-changing tools take targets, not deltas.
pub(crate) fn check_absolute_value(tool: &ToolFn, cx: &mut Diagnostics) {
    if tool.args.read_only.as_ref().is_some_and(|r| r.value) {
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
    let action = &tool.action_key;
    // Actions are judged by their verb only: `apply_diff` applies a patch, it adds nothing.
    if prefixed(action) {
        cx.rule(
            Rule::AbsoluteValue,
            tool.action.span,
            format!(
                "`{action}` changes a value relatively: a retried call applies the change twice"
            ),
            "take the target value instead (`set_…` with the new value), which is safe to retry",
        );
    }
    for param in tool.arguments() {
        let name = &param.wire_name.value;
        if relative(&param.key) {
            cx.rule(
                Rule::AbsoluteValue,
                param.wire_name.span,
                format!("`{name}` is a relative change: when a call is retried after a timeout, the change is applied twice"),
                "take the absolute target (`weight_kg`, `quantity`), which makes the call idempotent",
            );
        }
    }
}
