//! [`LineStart`]: where a page of a line-numbered document starts, a line or a character
//! inside one, so a line longer than a page can be read to its end.

use std::{borrow::Cow, fmt, str::FromStr};

use rmcp::model::JsonObject;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use serde_json::Value;

use crate::validate::Validator;

/// Where a page of a line-numbered document starts: a line, and a character inside it.
///
/// Take it as the parameter a tool resumes by
/// ([`ToolOutput::resume_at_line`](crate::output::ToolOutput::resume_at_line)): a cut result
/// then fills its page to the budget, ending inside a line when that line is long, and its
/// notice names the next call with the exact position to go on from.
///
/// On the wire it is an integer, `8` (line 8 from its start, as a `u64` line parameter
/// takes), or a string `"line:column"`, `"7:16961"` (line 7 from its 16,961st character), as
/// compilers print positions. Lines and columns count from 1; columns count characters
/// (Unicode scalar values, Python's `str` and JavaScript's code points), never splitting one.
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// Show the diff of the working tree, one page at a time.
/// ///
/// /// Use to review changes before committing; it changes nothing.
/// #[tool(namespace = "git", read_only)]
/// async fn diff(
///     /// Where to start, as a cut result's notice names it: a line (1-based), or
///     /// "line:column" to go on inside a long line.
///     #[param(default = 1)]
///     from_line: LineStart,
/// ) -> Result<ToolOutput, ToolError> {
///     let diff = "--- a/app.min.js\n+++ b/app.min.js\n".to_owned();
///     ToolOutput::lines_from(&diff, "from_line", from_line)
/// }
///
/// let start: LineStart = serde_json::from_value(serde_json::json!("7:16961")).unwrap();
/// assert_eq!((start.line(), start.column()), (7, 16_961));
/// assert_eq!(serde_json::to_value(LineStart::from(8)).unwrap(), serde_json::json!(8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineStart {
    line: u64,
    column: u64,
}

/// The wire form's pattern (integers meet `minimum` instead).
const PATTERN: &str = "^[1-9][0-9]*(:[1-9][0-9]*)?$";

impl LineStart {
    /// Line `line` from its character `column`, both counted from 1 (a 0 counts as 1).
    #[must_use]
    pub const fn new(line: u64, column: u64) -> Self {
        LineStart {
            line: if line == 0 { 1 } else { line },
            column: if column == 0 { 1 } else { column },
        }
    }

    /// The line, counted from 1.
    #[must_use]
    pub const fn line(self) -> u64 {
        self.line
    }

    /// The character of the line it starts at, counted from 1.
    #[must_use]
    pub const fn column(self) -> u64 {
        self.column
    }

    /// The part of `text` from this position on, or `None` if nothing is there (the line or
    /// the column is past the end; an empty text has nothing at line 1).
    ///
    /// Lines end at `\n`, which is the last character of its line: a column one past a
    /// line's other characters starts at its `\n`. Costs O(the bytes skipped).
    ///
    /// ```
    /// use mcp_tools::LineStart;
    ///
    /// let text = "alpha\nβeta gamma\ndelta\n";
    /// assert_eq!(LineStart::from(2).slice(text), Some("βeta gamma\ndelta\n"));
    /// assert_eq!(LineStart::new(2, 2).slice(text), Some("eta gamma\ndelta\n"));
    /// assert_eq!(LineStart::from(4).slice(text), None);
    /// ```
    #[must_use]
    pub fn slice(self, text: &str) -> Option<&str> {
        let line_at = match usize::try_from(self.line - 1).ok()? {
            0 => 0,
            n => memchr::memchr_iter(b'\n', text.as_bytes()).nth(n - 1)? + 1,
        };
        let rest = &text[line_at..];
        let skip = usize::try_from(self.column - 1).ok()?;
        if skip == 0 {
            return (!rest.is_empty()).then_some(rest);
        }
        let line_len = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        let at = nth_char(&rest[..line_len], skip)?;
        Some(&rest[at..])
    }

    /// Which of `arguments` take a position inside a line, as the tool's input schema
    /// describes them: the type admits strings and `"1:2"` passes. Decided once, when the
    /// tool is defined.
    pub(crate) fn taken_by(
        schema: &JsonObject,
        validator: &Validator,
        arguments: &[Cow<'static, str>],
    ) -> Vec<Cow<'static, str>> {
        let position = Value::String("1:2".to_owned());
        let properties = schema.get("properties");
        arguments
            .iter()
            .filter(|name| {
                let admits_strings = properties
                    .and_then(|p| p.get(name.as_ref()))
                    .and_then(|p| p.get("type"))
                    .is_some_and(|ty| match ty {
                        Value::String(ty) => ty == "string",
                        Value::Array(types) => types.iter().any(|t| t == "string"),
                        _ => false,
                    });
                admits_strings && validator.check_property(name, &position).is_none()
            })
            .cloned()
            .collect()
    }
}

/// The byte offset of character `n` (from 0) of `text`, if it has one. Counts the bytes that
/// start a character a block at a time, which vectorizes: a column deep in a long line
/// costs a fraction of walking its characters one by one.
fn nth_char(text: &str, n: usize) -> Option<usize> {
    const BLOCK: usize = 64;
    let bytes = text.as_bytes();
    let starts = |block: &[u8]| block.iter().filter(|b| starts_char(**b)).count();
    let (mut at, mut left) = (0, n);
    while let Some(block) = bytes.get(at..at + BLOCK) {
        let here = starts(block);
        if here > left {
            break;
        }
        left -= here;
        at += BLOCK;
    }
    // Character `n` starts at or after `at`, `left` starts on (`at` may be inside a
    // character, whose continuation bytes are no starts).
    bytes[at..]
        .iter()
        .enumerate()
        .filter(|(_, b)| starts_char(**b))
        .nth(left)
        .map(|(i, _)| at + i)
}

/// Whether a byte of UTF-8 starts a character: it is no continuation byte (`0b10xx_xxxx`).
fn starts_char(byte: u8) -> bool {
    byte & 0xC0 != 0x80
}

impl Default for LineStart {
    /// The document's start, line 1.
    fn default() -> Self {
        LineStart::new(1, 1)
    }
}

impl From<u64> for LineStart {
    /// Line `line` from its start (a 0 counts as 1).
    fn from(line: u64) -> Self {
        LineStart::new(line, 1)
    }
}

impl fmt::Display for LineStart {
    /// `8` for a line's start, `7:16961` inside it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 1 {
            write!(f, "{}", self.line)
        } else {
            write!(f, "{}:{}", self.line, self.column)
        }
    }
}

/// Why a text is not a [`LineStart`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLineStartError(String);

impl fmt::Display for ParseLineStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a line (`8`) or a line and a column (`7:120`), each from 1",
            self.0
        )
    }
}

impl std::error::Error for ParseLineStartError {}

impl FromStr for LineStart {
    type Err = ParseLineStartError;

    /// `"8"` or `"7:16961"`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let number = |part: &str| {
            part.parse::<u64>()
                .ok()
                .filter(|n| *n > 0 && part.bytes().all(|b| b.is_ascii_digit()))
        };
        let (line, column) = match s.split_once(':') {
            Some((line, column)) => (number(line), number(column)),
            None => (number(s), Some(1)),
        };
        match (line, column) {
            (Some(line), Some(column)) => Ok(LineStart::new(line, column)),
            _ => Err(ParseLineStartError(s.to_owned())),
        }
    }
}

impl Serialize for LineStart {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.column == 1 {
            serializer.serialize_u64(self.line)
        } else {
            serializer.collect_str(self)
        }
    }
}

impl<'de> Deserialize<'de> for LineStart {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;

        impl de::Visitor<'_> for Visitor {
            type Value = LineStart;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a line from 1, or \"line:column\" such as \"7:120\"")
            }

            fn visit_u64<E: de::Error>(self, line: u64) -> Result<LineStart, E> {
                if line == 0 {
                    return Err(E::invalid_value(de::Unexpected::Unsigned(0), &self));
                }
                Ok(LineStart::from(line))
            }

            fn visit_i64<E: de::Error>(self, line: i64) -> Result<LineStart, E> {
                match u64::try_from(line) {
                    Ok(line) => self.visit_u64(line),
                    Err(_) => Err(E::invalid_value(de::Unexpected::Signed(line), &self)),
                }
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<LineStart, E> {
                s.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_any(Visitor)
    }
}

impl JsonSchema for LineStart {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("LineStart")
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["integer", "string"],
            "minimum": 1,
            "pattern": PATTERN,
            "description": "A line, from 1, or \"line:column\" to start inside a line (columns count characters from 1), as a cut result's notice names it.",
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::LineStart;

    #[test]
    fn the_wire_form_is_an_integer_or_line_colon_column() {
        let at = |v| serde_json::from_value::<LineStart>(v).map_err(|e| e.to_string());
        assert_eq!(at(json!(8)), Ok(LineStart::new(8, 1)));
        assert_eq!(at(json!("8")), Ok(LineStart::new(8, 1)));
        assert_eq!(at(json!("7:16961")), Ok(LineStart::new(7, 16_961)));
        for bad in [
            json!(0),
            json!(-3),
            json!("0:5"),
            json!("7:0"),
            json!("7:"),
            json!("+7"),
            json!("7:1:2"),
            json!(true),
        ] {
            assert!(at(bad.clone()).is_err(), "{bad}");
        }
        assert_eq!(
            serde_json::to_value(LineStart::new(8, 1)).unwrap(),
            json!(8)
        );
        assert_eq!(
            serde_json::to_value(LineStart::new(7, 16_961)).unwrap(),
            json!("7:16961")
        );
    }

    #[test]
    fn slices_count_characters_and_never_split_one() {
        let text = "one\n🚚é\u{301}x\n\nlast";
        assert_eq!(LineStart::from(1).slice(text), Some(text));
        assert_eq!(LineStart::new(2, 2).slice(text), Some("é\u{301}x\n\nlast"));
        // The combining mark is a character of its own.
        assert_eq!(LineStart::new(2, 4).slice(text), Some("x\n\nlast"));
        // One past the line's other characters is its `\n`; further is nothing.
        assert_eq!(LineStart::new(2, 5).slice(text), Some("\n\nlast"));
        assert_eq!(LineStart::new(2, 6).slice(text), None);
        assert_eq!(LineStart::from(3).slice(text), Some("\nlast"));
        assert_eq!(LineStart::new(4, 4).slice(text), Some("t"));
        assert_eq!(LineStart::new(4, 5).slice(text), None);
        assert_eq!(LineStart::from(5).slice(text), None);
        assert_eq!(LineStart::from(1).slice(""), None);
        assert_eq!(LineStart::new(2, 1).slice("a\n"), None);
        assert_eq!(LineStart::new(u64::MAX, 1).slice(text), None);
    }

    #[test]
    fn columns_deep_in_a_long_line_are_found_as_walking_its_characters_finds_them() {
        let line = "e\u{301}부산🚚x".repeat(40);
        for n in 0..=line.chars().count() + 1 {
            let walked = line.char_indices().nth(n).map(|(i, _)| i);
            assert_eq!(super::nth_char(&line, n), walked, "character {n}");
        }
    }
}
