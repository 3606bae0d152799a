//! `Page<T>`: a page of items with an opaque cursor to the next one, and `PageCursor`, the
//! parameter that takes it back.
//!
//! The runtime mints cursors: each names an offset, the minute it was issued and a
//! fingerprint of the call's other arguments, sealed with the registry's key for this tool
//! (HMAC-SHA256, see `seal.rs`). A cursor used with different arguments, for another tool,
//! after a restart (unless replicas share a `token_secret`), after its lifetime, or edited by
//! hand is refused with a message that says what to do instead.

use std::time::{SystemTime, UNIX_EPOCH};

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

use crate::{
    arg::{ArgError, Call, ParamRole, ToolArg},
    error::ToolError,
    limits,
    meta::ParamMeta,
    output::IntoToolOutput,
    output::PageInfo,
    output::ToolOutput,
    schema::{self, InputSchema, OutputSchema},
    seal::{Fields, Reader, Sealer},
};

/// A page of results. Build it with [`Page::window`] from everything that matched, or with
/// [`Page::new`] when the data source pages itself.
///
/// Sent as `{"items": [...], "total": N, "next_cursor": "..."}`; `next_cursor` is present
/// when more items follow. If the page is over the tool's token budget, the runtime keeps
/// whole items, sets `next_cursor` to the first item it left out, and says so.
#[derive(Clone, Debug)]
pub struct Page<T> {
    items: Vec<T>,
    start: u64,
    total: Option<u64>,
    has_more: bool,
}

impl<T> Page<T> {
    /// A page of `items` starting at offset `start` of the full result; `total` if known.
    #[must_use]
    pub fn new(items: Vec<T>, start: u64, total: Option<u64>, has_more: bool) -> Self {
        Page {
            items,
            start,
            total,
            has_more,
        }
    }

    /// The page of `all` that `cursor` points at (the first page without one), at most
    /// `limit` items.
    #[must_use]
    pub fn window(all: Vec<T>, cursor: Option<&PageCursor>, limit: usize) -> Self {
        let total = all.len();
        let start = cursor
            .map_or(0, |c| usize::try_from(c.offset).unwrap_or(usize::MAX))
            .min(total);
        let items: Vec<T> = all.into_iter().skip(start).take(limit).collect();
        let end = start + items.len();
        Page {
            items,
            start: start as u64,
            total: Some(total as u64),
            has_more: end < total,
        }
    }

    /// The items.
    #[must_use]
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// Converts every item, keeping the page's position.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            start: self.start,
            total: self.total,
            has_more: self.has_more,
        }
    }
}

/// The wire shape of a page, for its output schema.
#[derive(Serialize, JsonSchema)]
struct PageShape<T> {
    /// The items of this page.
    items: Vec<T>,
    /// How many items match in all, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<u64>,
    /// Pass as `cursor` (with the same other arguments) to get the next page; absent on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_cursor: Option<String>,
    /// Present when the page was cut to fit the response budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<Truncated>,
}

/// How a page was cut.
#[derive(Serialize, JsonSchema)]
struct Truncated {
    /// Items kept on this page.
    kept_items: u64,
    /// Items the page had before the cut.
    page_items: u64,
}

impl<T: Serialize + JsonSchema> IntoToolOutput for Page<T> {
    fn output_schema() -> Option<OutputSchema> {
        Some(schema::output_schema_for::<PageShape<T>>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        let items = self
            .items
            .iter()
            .map(serde_json::to_value)
            .collect::<Result<Vec<Value>, _>>()
            .map_err(|e| ToolError::internal(format!("a page item did not serialize: {e}")))?;
        let mut value = json!({ "items": items });
        if let Some(total) = self.total {
            value["total"] = json!(total);
        }
        let mut output = ToolOutput::structured(value);
        output.page = Some(PageInfo {
            start: self.start,
            total: self.total,
            has_more: self.has_more,
        });
        Ok(output)
    }
}

/// The `cursor` parameter of a paged tool: take it as `cursor: Option<PageCursor>` and pass
/// it to [`Page::window`].
///
/// Its role is [`ParamRole::Cursor`]: a string property of the input schema, optional as an
/// `Option`. A plain `cursor: PageCursor` is required (for a tool that only continues a
/// listing another tool started): a call without it, or with a cursor this server did not
/// mint for the same tool and arguments, fails with a message naming the parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageCursor {
    offset: u64,
}

impl PageCursor {
    /// The offset of the first item of the page it points at.
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// A cursor at `offset`, for calling a tool fn directly in tests.
    #[must_use]
    pub fn at(offset: u64) -> Self {
        PageCursor { offset }
    }
}

const CURSOR_DOC: &str = "`next_cursor` from the previous page, with the same other arguments; leave out for the first page.";

impl ToolArg for PageCursor {
    const ROLE: ParamRole = ParamRole::Cursor;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        let description = param.description.unwrap_or(CURSOR_DOC);
        schema.properties.insert(
            param.name.to_owned(),
            json!({ "type": "string", "description": description }),
        );
        if param.required {
            schema.required.push(param.name.to_owned());
        }
        schema.cursor_param = Some(param.name);
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        let Some(value) = call.arg(param.name) else {
            return Err(ArgError::invalid(
                param,
                format!(
                    "missing required argument `{0}`: pass `next_cursor` from the previous page of this tool, with the same other arguments",
                    param.name
                ),
            ));
        };
        let Some(text) = value.as_str() else {
            return Err(ArgError::invalid(
                param,
                format!("{} must be a string; got {value}", param.name),
            ));
        };
        verify(
            call.sealer,
            text,
            call.tool,
            call.fingerprint,
            SystemTime::now(),
        )
        .map(|offset| PageCursor { offset })
        .map_err(|problem| ArgError::invalid(param, problem.message(param.name, param.required)))
    }
}

#[derive(Debug, PartialEq, Eq)]
enum CursorProblem {
    Invalid,
    OtherArguments,
    Expired,
}

impl CursorProblem {
    /// What went wrong and what to do; a required cursor cannot be left out, so the advice
    /// for it is to start over from the call that issued it.
    fn message(&self, name: &str, required: bool) -> String {
        let restart = if required {
            "; get a fresh one from the call that lists the first page".to_owned()
        } else {
            format!(", or leave {name} out to start from the first page")
        };
        match self {
            CursorProblem::Invalid => format!(
                "{name} is not a cursor this server issued (or it restarted since); pass `next_cursor` from the previous page unchanged{restart}"
            ),
            CursorProblem::OtherArguments => format!(
                "{name} belongs to a call with different arguments; repeat the other arguments of the call that returned it{restart}"
            ),
            CursorProblem::Expired => format!(
                "{name} has expired (cursors last {} hours){restart}",
                limits::CURSOR_LIFETIME.as_secs() / 3600
            ),
        }
    }
}

fn minutes(now: SystemTime) -> u64 {
    now.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 60)
}

/// What a page cursor of `tool` is sealed for: a cursor of one tool never opens as another's.
fn purpose(tool: &str) -> String {
    format!("page cursor of {tool}")
}

/// Mints the cursor of the page at `offset` for `tool` called with arguments of
/// `fingerprint`: the offset, the minute it was issued and the fingerprint, sealed.
pub(crate) fn mint(
    sealer: &Sealer,
    offset: u64,
    tool: &str,
    fingerprint: u32,
    now: SystemTime,
) -> String {
    let fields = Fields::default()
        .u64(offset)
        .u64(minutes(now))
        .u64(u64::from(fingerprint));
    sealer.seal(&purpose(tool), fields.bytes())
}

fn verify(
    sealer: &Sealer,
    cursor: &str,
    tool: &str,
    fingerprint: u32,
    now: SystemTime,
) -> Result<u64, CursorProblem> {
    let fields = sealer
        .open(&purpose(tool), cursor)
        .ok_or(CursorProblem::Invalid)?;
    let mut read = Reader::new(&fields);
    let (Some(offset), Some(issued), Some(found_fp), true) =
        (read.u64(), read.u64(), read.u64(), read.is_done())
    else {
        return Err(CursorProblem::Invalid);
    };
    if found_fp != u64::from(fingerprint) {
        return Err(CursorProblem::OtherArguments);
    }
    if minutes(now).saturating_sub(issued) * 60 > limits::CURSOR_LIFETIME.as_secs() {
        return Err(CursorProblem::Expired);
    }
    Ok(offset)
}

/// The offset a cursor opens to, for the optimizer's tests.
#[cfg(test)]
pub(crate) fn verify_for_test(
    sealer: &Sealer,
    cursor: &str,
    tool: &str,
    fingerprint: u32,
) -> Option<u64> {
    verify(sealer, cursor, tool, fingerprint, SystemTime::now()).ok()
}

/// Names of arguments that may change between pages without starting a new query.
const PAGING_ARGUMENTS: &[&str] = &[
    "limit",
    "page_size",
    "max_results",
    "per_page",
    "top_k",
    "count",
];

/// A fingerprint of the arguments that define the query: all but the cursor, the response
/// format and the page size, in any key order.
pub(crate) fn fingerprint(
    args: &JsonObject,
    defaults: &[(&'static str, Value)],
    skip: &[Option<&str>],
) -> u32 {
    // A default left out and the same value sent are the same query.
    let absent_defaults = defaults
        .iter()
        .filter(|(name, _)| !args.contains_key(*name))
        .map(|(name, value)| (*name, value));
    let mut entries: Vec<(&str, &Value)> = args
        .iter()
        .map(|(k, v)| (k.as_str(), v))
        .chain(absent_defaults)
        .filter(|(k, _)| !skip.contains(&Some(*k)) && !PAGING_ARGUMENTS.contains(k))
        .collect();
    entries.sort_by_key(|(k, _)| *k);
    // A digest of our own, so a cursor one replica issued matches the query in another,
    // whatever compiler built it.
    let texts: Vec<String> = entries.iter().map(|(_, v)| v.to_string()).collect();
    let parts: Vec<&[u8]> = entries
        .iter()
        .zip(&texts)
        .flat_map(|((k, _), v)| [k.as_bytes(), v.as_bytes()])
        .collect();
    crate::seal::digest64(&parts) as u32
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::limits::CURSOR_LIFETIME;

    #[test]
    fn cursors_round_trip_and_refuse_misuse() {
        let sealer = Sealer::random();
        let now = SystemTime::now();
        let c = mint(&sealer, 40, "shipment_search", 7, now);
        assert_eq!(verify(&sealer, &c, "shipment_search", 7, now), Ok(40));
        assert_eq!(
            verify(&sealer, &c, "shipment_search", 8, now),
            Err(CursorProblem::OtherArguments)
        );
        assert_eq!(
            verify(&sealer, &c, "shipment_get_log", 7, now),
            Err(CursorProblem::Invalid)
        );
        assert_eq!(
            verify(&Sealer::random(), &c, "shipment_search", 7, now),
            Err(CursorProblem::Invalid),
            "another server's key"
        );
        assert_eq!(
            verify(&sealer, "garbage", "shipment_search", 7, now),
            Err(CursorProblem::Invalid)
        );
        let mut tampered = c.clone().into_bytes();
        tampered[2] = if tampered[2] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).unwrap();
        assert_eq!(
            verify(&sealer, &tampered, "shipment_search", 7, now),
            Err(CursorProblem::Invalid)
        );
        let later = now + CURSOR_LIFETIME + Duration::from_secs(120);
        assert_eq!(
            verify(&sealer, &c, "shipment_search", 7, later),
            Err(CursorProblem::Expired)
        );
    }

    #[test]
    fn fingerprints_ignore_paging_and_order() {
        let a: JsonObject =
            serde_json::from_value(json!({"query": "x", "limit": 5, "cursor": "c"})).unwrap();
        let b: JsonObject = serde_json::from_value(json!({"limit": 9, "query": "x"})).unwrap();
        let c: JsonObject = serde_json::from_value(json!({"query": "y"})).unwrap();
        assert_eq!(
            fingerprint(&a, &[], &[Some("cursor")]),
            fingerprint(&b, &[], &[Some("cursor")])
        );
        assert_ne!(
            fingerprint(&a, &[], &[Some("cursor")]),
            fingerprint(&c, &[], &[Some("cursor")])
        );
    }

    #[test]
    fn a_default_left_out_fingerprints_as_sent() {
        let defaults = [("sort", json!("newest"))];
        let sent: JsonObject =
            serde_json::from_value(json!({"query": "x", "sort": "newest"})).unwrap();
        let left_out: JsonObject = serde_json::from_value(json!({"query": "x"})).unwrap();
        let other: JsonObject =
            serde_json::from_value(json!({"query": "x", "sort": "oldest"})).unwrap();
        assert_eq!(
            fingerprint(&sent, &defaults, &[]),
            fingerprint(&left_out, &defaults, &[])
        );
        assert_ne!(
            fingerprint(&other, &defaults, &[]),
            fingerprint(&left_out, &defaults, &[])
        );
    }

    #[test]
    fn windows_page_through_everything() {
        let all: Vec<u32> = (0..25).collect();
        let first = Page::window(all.clone(), None, 10);
        assert_eq!(first.items(), (0..10).collect::<Vec<_>>());
        assert!(first.has_more);
        let last = Page::window(all, Some(&PageCursor::at(20)), 10);
        assert_eq!(last.items(), (20..25).collect::<Vec<_>>());
        assert!(!last.has_more);
    }
}
