//! Concise and detailed views of one output type, without writing it twice.
//!
//! Mark the fields an agent rarely needs (internal ids, timestamps, long text) with
//! `#[serde(skip_serializing_if = "detailed_only")]`; they appear only when the call asked
//! for `response_format: "detailed"`. The output schema, generated for serialization, lists
//! them as optional, so both views validate against it.
//!
//! ```
//! use mcp_tools::{ResponseFormat, view::{detailed_only, with_format}};
//! use serde::Serialize;
//!
//! #[derive(Serialize)]
//! struct Shipment {
//!     number: String,
//!     #[serde(skip_serializing_if = "detailed_only")]
//!     internal_id: u64,
//! }
//!
//! let s = Shipment { number: "SH-2026-000001".into(), internal_id: 7 };
//! let concise = with_format(ResponseFormat::Concise, || serde_json::to_string(&s).unwrap());
//! let detailed = with_format(ResponseFormat::Detailed, || serde_json::to_string(&s).unwrap());
//! assert_eq!(concise, r#"{"number":"SH-2026-000001"}"#);
//! assert_eq!(detailed, r#"{"number":"SH-2026-000001","internal_id":7}"#);
//! ```

use std::cell::Cell;

use crate::meta::ResponseFormat;

thread_local! {
    static FORMAT: Cell<ResponseFormat> = const { Cell::new(ResponseFormat::Detailed) };
}

/// Runs `f` (usually a serialization) with `format` as the current view.
///
/// The runtime wraps a tool's output conversion in it; outside any call the view is
/// `Detailed`, so nothing is hidden by accident.
pub fn with_format<R>(format: ResponseFormat, f: impl FnOnce() -> R) -> R {
    // Restore even if `f` panics, so a caught panic cannot leak a view into the next call.
    struct Restore(ResponseFormat);
    impl Drop for Restore {
        fn drop(&mut self) {
            FORMAT.with(|cell| cell.set(self.0));
        }
    }
    let previous = FORMAT.with(|cell| cell.replace(format));
    let _restore = Restore(previous);
    f()
}

/// The view being serialized.
#[must_use]
pub fn current_format() -> ResponseFormat {
    FORMAT.with(Cell::get)
}

/// For `#[serde(skip_serializing_if = "detailed_only")]`: skips the field in concise views.
#[must_use]
pub fn detailed_only<T: ?Sized>(_: &T) -> bool {
    current_format() == ResponseFormat::Concise
}

/// For `Option` fields: skips the field when it is `None`, or in concise views.
#[must_use]
#[allow(clippy::ref_option)] // serde passes `&Option<T>`
pub fn detailed_only_some<T>(value: &Option<T>) -> bool {
    value.is_none() || detailed_only(value)
}
