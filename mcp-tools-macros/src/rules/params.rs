//! Rules on parameters: names that say what they hold, units, bounds, timestamps.

use quote::ToTokens;

use super::Rule;
use crate::{
    diag::Diagnostics,
    model::{Param, ToolFn},
    words,
};

fn schema_params(tool: &ToolFn) -> impl Iterator<Item = &Param> {
    tool.params
        .iter()
        .filter(|p| p.in_schema() && !p.is_response_format)
}

/// `generic_param_name`: `user_id`, not `user`.
pub(crate) fn check_generic_param_name(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in schema_params(tool) {
        let name = &param.wire_name.value;
        if words::GENERIC_PARAM_NAMES.contains(&name.as_str()) {
            let better = match name.as_str() {
                "id" => format!(
                    "`{}_id`",
                    words::last_word(
                        tool.args
                            .namespace
                            .as_ref()
                            .map_or("user", |n| n.value.as_str())
                    )
                ),
                "user" | "target" | "entity" | "record" | "item" | "object" | "obj" => {
                    format!("`{name}_id`, `{name}_email`")
                }
                _ => "a name for what it holds, like `message_text`".to_owned(),
            };
            cx.rule(
                Rule::GenericParamName,
                param.wire_name.span,
                format!("parameter `{name}` does not say what it holds: the model has to guess whether it is an id, a name or an email"),
                format!("name it for its content, e.g. {better}"),
            );
        }
    }
}

/// `unit_in_name`: `timeout_ms`, not `timeout`.
pub(crate) fn check_unit_in_name(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in schema_params(tool).filter(|p| p.is_numeric) {
        let name = &param.wire_name.value;
        if param.unit.is_some()
            || words::COUNT_NAMES.contains(&name.as_str())
            || words::LIMIT_NAMES.contains(&name.as_str())
        {
            continue;
        }
        let Some(quantity) = words::QUANTITY_WORDS
            .iter()
            .find(|w| words::has_word(name, w))
        else {
            continue;
        };
        let example = suggested_unit(quantity);
        cx.rule(
            Rule::UnitInName,
            param.wire_name.span,
            format!("parameter `{name}` is a {quantity} without a unit: {}", confusion(quantity)),
            format!("put the unit in the name (`{name}_{example}`) or write `#[param(unit = \"{example}\")]`"),
        );
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
        "pct" => "a model will guess a fraction where you meant percent",
        _ => "a model has to guess the unit, and a wrong guess is off by orders of magnitude",
    }
}

fn suggested_unit(quantity: &str) -> &'static str {
    match quantity {
        "weight" | "mass" => "kg",
        "amount" | "price" | "cost" | "fee" | "budget" | "balance" | "salary" | "revenue"
        | "spend" => "usd",
        "discount" | "margin" => "pct",
        "timeout" | "delay" | "interval" | "backoff" | "cooldown" | "latency" | "elapsed"
        | "wait" => "ms",
        "duration" | "ttl" | "lifetime" | "expiry" | "uptime" | "downtime" | "period" => "s",
        "age" => "days",
        "size" | "memory" | "storage" | "disk" | "quota" => "bytes",
        "length" | "width" | "height" | "thickness" | "distance" | "radius" | "diameter"
        | "altitude" | "elevation" => "m",
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

/// `bounded_limit`: result counts have `min = 1` and a `max`.
pub(crate) fn check_bounded_limit(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in schema_params(tool) {
        let name = &param.wire_name.value;
        if !words::LIMIT_NAMES.contains(&name.as_str()) || !param.is_numeric {
            continue;
        }
        let a = &param.attrs;
        match (&a.min, &a.max) {
            (_, None) => cx.rule(
                Rule::BoundedLimit,
                param.wire_name.span,
                format!(
                    "`{name}` has no `max`: a model asking for 10000 results floods its own context"
                ),
                "bound it: `#[param(min = 1, max = 100)]`",
            ),
            (None, Some(_)) => cx.rule(
                Rule::BoundedLimit,
                param.wire_name.span,
                format!("`{name}` has no `min`: 0 or a negative count returns nothing useful"),
                "add `min = 1`",
            ),
            (Some(min), Some(_)) if min.value.value < 1.0 => cx.rule(
                Rule::BoundedLimit,
                min.span,
                format!(
                    "`{name}` allows {}: a count below 1 returns nothing useful",
                    min.value.value
                ),
                "set `min = 1`",
            ),
            _ => {}
        }
    }
}

/// `timestamp_format`: timestamps are RFC 3339 with an offset.
pub(crate) fn check_timestamp_format(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in schema_params(tool) {
        let name = &param.wire_name.value;
        let last = words::last_word(name);
        let is_timestamp = words::TIMESTAMP_NAMES.contains(&name.as_str())
            || (name.contains('_') && words::TIMESTAMP_SUFFIXES.contains(&last));
        // A malformed `format` is reported where it is written; do not report it missing.
        if !is_timestamp
            || param.unit.is_some()
            || param.attrs.written.iter().any(|k| k == "format") && param.attrs.format.is_none()
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
        let help = if param.is_numeric {
            format!(
                "take an RFC 3339 string: `#[param(format = \"date-time\")] {name}: String`, or a `chrono::DateTime<Utc>`; if it is a duration, name it with a unit (`{}_ms`)",
                name.trim_end_matches(&format!("_{last}"))
            )
        } else {
            "add `#[param(format = \"date-time\")]`, or take a `chrono::DateTime<Utc>`".to_owned()
        };
        cx.rule(
            Rule::TimestampFormat,
            param.wire_name.span,
            format!("`{name}` is a timestamp without a declared format: models write \"yesterday\", local times and epoch seconds"),
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
    let action = &tool.action.value;
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
    for param in schema_params(tool) {
        let name = &param.wire_name.value;
        if relative(name) {
            cx.rule(
                Rule::AbsoluteValue,
                param.wire_name.span,
                format!("`{name}` is a relative change: when a call is retried after a timeout, the change is applied twice"),
                "take the absolute target (`weight_kg`, `quantity`), which makes the call idempotent",
            );
        }
    }
}
