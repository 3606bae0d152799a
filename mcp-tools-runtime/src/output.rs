//! What a tool returns: `String`, `Json<T>`, a hand-built [`ToolOutput`], or a `Result` of one.

mod line_start;

pub use line_start::{LineStart, ParseLineStartError};

use rmcp::model::{ContentBlock, MetaObject};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::{
    error::ToolError,
    meta::ResponseFormat,
    schema::{self, OutputSchema},
    view,
};

/// A tool's successful result before the server shapes it into an MCP `CallToolResult`.
#[derive(Clone, Debug, Default)]
pub struct ToolOutput {
    pub(crate) content: Vec<ContentBlock>,
    pub(crate) structured: Option<Value>,
    pub(crate) meta: Option<MetaObject>,
    pub(crate) page: Option<PageInfo>,
    pub(crate) resume: Option<Resume>,
    /// A plan or a piece of state to keep and hand a handle for
    /// ([`Plan`](crate::plan::Plan), [`Handle`](crate::handle::Handle)).
    pub(crate) keep: Option<Box<Keep>>,
}

/// How a model gets the rest of a text result that was cut to fit its budget; the notice
/// on the cut result spells out the call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Resume {
    /// The text is lines of a longer document, starting at `start` (a line, or a character
    /// inside one); the next call is the same call with the argument `param` set to where
    /// the kept text ends: a line, or, when `param` takes a [`LineStart`], a position inside
    /// a line.
    Line {
        /// The argument that selects where the text starts.
        param: &'static str,
        /// Where this text starts in the document.
        start: LineStart,
        /// The document's last line, when the text is a window of it (see
        /// [`ToolOutput::of_lines`]); else the text's own last line is the document's.
        last_line: Option<u64>,
    },
    /// The text is a window of a longer document, starting at offset `start`; the next call
    /// is the same call with the argument `param` set to the offset of the first unit left
    /// out, counted in `unit`, as the tool counts (a fetch tool's `start_index`).
    Offset {
        /// The argument that selects the first unit.
        param: &'static str,
        /// The offset this text starts at.
        start: u64,
        /// What the offset counts.
        unit: OffsetUnit,
    },
    /// Free advice, for results that cannot be resumed by an argument ("search a narrower
    /// date range").
    Hint(String),
}

/// What an offset counts, for [`Resume::Offset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffsetUnit {
    /// Unicode scalar values (Rust `char`s; Python `str` and JavaScript's code points).
    Chars,
    /// UTF-8 bytes.
    Bytes,
}

impl ToolOutput {
    /// A text result.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            content: vec![ContentBlock::text(text.into())],
            ..Self::default()
        }
    }

    /// A structured result; its compact JSON is mirrored into a text block for clients that
    /// read only `content`.
    #[must_use]
    pub fn structured(value: Value) -> Self {
        Self {
            structured: Some(value),
            ..Self::default()
        }
    }

    /// Any content blocks (images, audio, resources, several texts).
    #[must_use]
    pub fn content(content: Vec<ContentBlock>) -> Self {
        Self {
            content,
            ..Self::default()
        }
    }

    /// Adds a content block after the existing ones.
    #[must_use]
    pub fn with_block(mut self, block: ContentBlock) -> Self {
        self.content.push(block);
        self
    }

    /// Sets the result's `_meta`.
    #[must_use]
    pub fn with_meta(mut self, meta: MetaObject) -> Self {
        self.meta = Some(meta);
        self
    }

    /// Says how to get the rest if the text is cut: it is lines of a longer document
    /// from `start` on (a line, `u64`, or a [`LineStart`]), selected by the argument `param`.
    ///
    /// When `param` takes a position inside a line (it is a [`LineStart`]), a cut page is
    /// filled to the budget and may end inside a line; the notice's next call then names
    /// the position, `"7:16961"`. A `param` that takes only whole lines (a `u64`) gets
    /// pages that end after a whole line, and of a line longer than the budget only its
    /// start: the notice says the rest of that line cannot be asked for.
    #[must_use]
    pub fn resume_at_line(mut self, param: &'static str, start: impl Into<LineStart>) -> Self {
        self.resume = Some(Resume::Line {
            param,
            start: start.into(),
            last_line: None,
        });
        self
    }

    /// The text of a document from `start` on, resumable by the argument `param`: the
    /// whole document in, the page the call asked for out, as
    /// [`LineStart::slice`] and [`ToolOutput::resume_at_line`] make it.
    ///
    /// ```
    /// use mcp_tools::{LineStart, ToolOutput};
    ///
    /// let diff = "--- a/app.min.js\n+++ b/app.min.js\n@@ -1 +1 @@\n";
    /// let page = ToolOutput::lines_from(diff, "from_line", LineStart::new(2, 5)).unwrap();
    /// assert_eq!(page.blocks()[0].as_text().unwrap().text, "b/app.min.js\n@@ -1 +1 @@\n");
    /// assert!(ToolOutput::lines_from(diff, "from_line", LineStart::from(9)).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// An invalid-input error naming `param` when nothing of `text` is at `start` (past its
    /// last line, or past the end of the line).
    pub fn lines_from(
        text: &str,
        param: &'static str,
        start: LineStart,
    ) -> Result<Self, ToolError> {
        // A document's start is there even when the document is empty.
        let rest = if start == LineStart::default() {
            Some(text)
        } else {
            start.slice(text)
        };
        match rest {
            Some(rest) => Ok(Self::text(rest).resume_at_line(param, start)),
            None => Err(past_the_end(text, param, start)),
        }
    }

    /// Says the document has `last_line` lines, for a tool that returns only a window of it
    /// (as much as its [budget](crate::context::ToolContext::budget) holds, and a line more): the
    /// notice of the cut counts the document's lines, not the window's. Goes with
    /// [`ToolOutput::resume_at_line`].
    #[must_use]
    pub fn of_lines(mut self, last_line: u64) -> Self {
        if let Some(Resume::Line { last_line: l, .. }) = &mut self.resume {
            *l = Some(last_line);
        }
        self
    }

    /// Says how to get the rest if the text is cut: it is the text of a longer document from
    /// character `start` on, selected by the argument `param` (a fetch tool's
    /// `start_index`); the notice of a cut result names `param` set to the first character
    /// left out.
    #[must_use]
    pub fn resume_at_offset(mut self, param: &'static str, start: u64) -> Self {
        self.resume = Some(Resume::Offset {
            param,
            start,
            unit: OffsetUnit::Chars,
        });
        self
    }

    /// As [`ToolOutput::resume_at_offset`], for a tool whose offsets count UTF-8 bytes.
    #[must_use]
    pub fn resume_at_byte_offset(mut self, param: &'static str, start: u64) -> Self {
        self.resume = Some(Resume::Offset {
            param,
            start,
            unit: OffsetUnit::Bytes,
        });
        self
    }

    /// Says what to do to see the rest if the result is cut.
    #[must_use]
    pub fn resume_hint(mut self, hint: impl Into<String>) -> Self {
        self.resume = Some(Resume::Hint(hint.into()));
        self
    }

    /// The content blocks.
    #[must_use]
    pub fn blocks(&self) -> &[ContentBlock] {
        &self.content
    }

    /// The structured value, if any.
    #[must_use]
    pub fn structured_value(&self) -> Option<&Value> {
        self.structured.as_ref()
    }
}

/// The error for a position past the end of a document.
#[cold]
fn past_the_end(text: &str, param: &str, start: LineStart) -> ToolError {
    let lines = memchr::memchr_iter(b'\n', text.as_bytes()).count() as u64
        + u64::from(!text.is_empty() && !text.ends_with('\n'));
    let message = if lines == 0 {
        format!("`{param}` {start} is past the end of the text, which is empty")
    } else if start.line() > lines {
        format!(
            "`{param}` {start} is past the end of the text, whose last line is {lines}; ask for {lines} or less"
        )
    } else {
        format!(
            "`{param}` \"{start}\" is past the end of line {line}; ask for {line}, its start",
            line = start.line()
        )
    };
    ToolError::invalid_input(message)
}

/// A structured result: sent as `structuredContent`, described by the tool's `outputSchema`
/// (generated from `T`), and mirrored as JSON text.
///
/// A `T` whose schema is not an object (a list, a number) is wrapped as `{"result": …}`,
/// because MCP clients before 2026-07-28 accept only object results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Json<T>(pub T);

/// A type a `#[tool]` fn may return.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a #[tool] fn",
    label = "not a tool output",
    note = "return `String`, `Json<T>` (with `T: Serialize + JsonSchema`), `ToolOutput`, or `Result<_, ToolError>` of one of them"
)]
pub trait IntoToolOutput {
    /// The `outputSchema` of the tool, if its results are structured.
    #[must_use]
    fn output_schema() -> Option<OutputSchema> {
        None
    }

    /// The type of the state handle the tool makes, for [`Handle`](crate::handle::Handle):
    /// it ties the tool to the tools that take the handle back.
    #[doc(hidden)]
    #[must_use]
    fn handle_kind() -> Option<String> {
        None
    }

    /// Converts the value into the tool's result.
    fn into_tool_output(self) -> Result<ToolOutput, ToolError>;
}

impl IntoToolOutput for ToolOutput {
    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(self)
    }
}

impl IntoToolOutput for String {
    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::text(self))
    }
}

impl IntoToolOutput for &'static str {
    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::text(self))
    }
}

impl IntoToolOutput for ContentBlock {
    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::content(vec![self]))
    }
}

impl IntoToolOutput for Vec<ContentBlock> {
    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::content(self))
    }
}

impl<T: Serialize + JsonSchema> IntoToolOutput for Json<T> {
    fn output_schema() -> Option<OutputSchema> {
        Some(schema::output_schema_for::<T>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        let value = serde_json::to_value(&self.0)
            .map_err(|e| ToolError::internal(format!("result did not serialize: {e}")))?;
        Ok(ToolOutput::structured(value))
    }
}

/// What the generated code calls on a tool fn's return value: an output, or a `Result` of one.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a #[tool] fn",
    label = "not a tool output",
    note = "return `String`, `Json<T>` (with `T: Serialize + JsonSchema`), `ToolOutput`, or `Result<_, ToolError>` of one of them"
)]
#[doc(hidden)]
pub trait ToolReturn {
    /// The `outputSchema`, as the output type describes it.
    fn output_schema() -> Option<OutputSchema>;
    /// The state handle the output type makes, if it is a [`Handle`](crate::handle::Handle).
    fn handle_kind() -> Option<String>;
    /// The result, or the error the handler returned, serialized in the `format` view.
    fn into_output(self, format: ResponseFormat) -> Result<ToolOutput, ToolError>;
}

impl<T: IntoToolOutput> ToolReturn for T {
    fn output_schema() -> Option<OutputSchema> {
        T::output_schema()
    }

    fn handle_kind() -> Option<String> {
        T::handle_kind()
    }

    fn into_output(self, format: ResponseFormat) -> Result<ToolOutput, ToolError> {
        view::with_format(format, || self.into_tool_output())
    }
}

impl<T: IntoToolOutput, E: Into<ToolError>> ToolReturn for Result<T, E> {
    fn output_schema() -> Option<OutputSchema> {
        T::output_schema()
    }

    fn handle_kind() -> Option<String> {
        T::handle_kind()
    }

    fn into_output(self, format: ResponseFormat) -> Result<ToolOutput, ToolError> {
        let value = self.map_err(Into::into)?;
        view::with_format(format, || value.into_tool_output())
    }
}

/// Where a page sits in the full result, for the optimizer to mint cursors.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PageInfo {
    pub(crate) start: u64,
    pub(crate) total: Option<u64>,
    pub(crate) has_more: bool,
}

/// What a result asks the runtime to keep, and to add the handle of.
#[derive(Clone, Debug)]
pub(crate) enum Keep {
    Plan(PlanDraft),
    Handle(HandleDraft),
}

/// A tool's new state handle: the runtime stores the state and adds the handle.
#[derive(Clone, Debug)]
pub(crate) struct HandleDraft {
    /// The state, serialized.
    pub(crate) state: Vec<u8>,
}

/// A plan on its way out of a preview tool: the runtime stores it and adds the handle.
#[derive(Clone, Debug)]
pub(crate) struct PlanDraft {
    /// The plan as the store keeps it.
    pub(crate) bytes: Vec<u8>,
    pub(crate) ttl: std::time::Duration,
    /// The plan's type (`plan::plan_kind`), which binds its handle to commits of the same
    /// type.
    pub(crate) kind: String,
}
