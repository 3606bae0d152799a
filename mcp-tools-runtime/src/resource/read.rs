//! A read held to the resource's budget: text is cut by whole lines where it can, inside
//! a line where it must, and the last kept text says where the rest is: the same URI with
//! `#line=L` or `#line=L:C`, which a read takes to start there.

use std::fmt::Write as _;

use rmcp::model::ResourceContents;

use crate::{meta::BinaryPolicy, output::LineStart, tokens::Encoding};

/// The fragment a read of the rest names: `#line=7:16961`.
const FRAGMENT: &str = "#line=";

/// Tokens kept back for the notice of a cut read.
const NOTICE_TOKENS: usize = 80;

/// `uri` without a trailing `#line=…` the runtime understands, and the position it names.
pub(crate) fn continuation(uri: &str) -> (&str, Option<LineStart>) {
    // A position holds no `#`, so only the last `#` can start the fragment; a byte search
    // spares every read a substring searcher's set-up.
    if let Some(at) = memchr::memrchr(b'#', uri.as_bytes())
        && let Some(position) = uri[at..].strip_prefix(FRAGMENT)
        && let Ok(start) = position.parse::<LineStart>()
    {
        return (&uri[..at], Some(start));
    }
    (uri, None)
}

/// How one read is shaped.
pub(crate) struct Reading<'a> {
    /// The URI as read, without the fragment.
    pub(crate) uri: &'a str,
    pub(crate) from: Option<LineStart>,
    pub(crate) budget: usize,
    pub(crate) binary: BinaryPolicy,
    pub(crate) encoding: Encoding,
}

impl Reading<'_> {
    /// Whether shaping `contents` may count tokens (their text is longer in bytes than the
    /// budget), so the vocabulary must be loaded first, off the runtime's workers.
    pub(crate) fn may_count(&self, contents: &[ResourceContents]) -> bool {
        let bytes: usize = contents
            .iter()
            .map(|c| match c {
                ResourceContents::TextResourceContents { text, .. } => text.len(),
                _ => 0,
            })
            .sum();
        bytes > self.budget.saturating_sub(NOTICE_TOKENS)
    }

    /// `contents` from the position asked for, held to the budget. `Err` names a position
    /// past the end.
    pub(crate) fn shape(
        &self,
        contents: Vec<ResourceContents>,
    ) -> Result<Vec<ResourceContents>, String> {
        let mut left = self.budget.saturating_sub(NOTICE_TOKENS);
        let mut shaped = Vec::with_capacity(contents.len());
        let mut started = self.from.is_none();
        for content in contents {
            match content {
                ResourceContents::TextResourceContents {
                    uri,
                    mime_type,
                    text,
                    meta,
                } => {
                    let (offset, rest) = if started {
                        (0, text.as_str())
                    } else {
                        started = true;
                        let from = self.from.unwrap_or(LineStart::new(1, 1));
                        let rest = from
                            .slice(&text)
                            .ok_or_else(|| format!("`{}` has nothing at line {from}; read it without `{FRAGMENT}…` to start from its beginning", self.uri))?;
                        (text.len() - rest.len(), rest)
                    };
                    // Bytes bound tokens from above: a text no longer in bytes than what is
                    // left fits without counting (most reads; the vocabulary is not needed).
                    let tokens = if rest.len() <= left {
                        Some(rest.len())
                    } else {
                        self.encoding.count_up_to(rest, left)
                    };
                    if let Some(tokens) = tokens {
                        left -= tokens.min(left);
                        let text = if offset == 0 { text } else { rest.to_owned() };
                        shaped.push(ResourceContents::TextResourceContents {
                            uri,
                            mime_type,
                            text,
                            meta,
                        });
                        continue;
                    }
                    let kept = keep(rest, self.encoding.prefix(rest, left).bytes);
                    let at = position(&text, offset + kept);
                    let total = self.encoding.count(rest);
                    let kept_tokens = self.encoding.count(&rest[..kept]);
                    let mut cut = rest[..kept].to_owned();
                    if !cut.ends_with('\n') {
                        cut.push('\n');
                    }
                    let _ = write!(
                        cut,
                        "[cut: kept {kept_tokens} of {total} tokens to stay within the read's budget; read `{}{FRAGMENT}{at}` for the rest]",
                        self.uri
                    );
                    shaped.push(ResourceContents::TextResourceContents {
                        uri,
                        mime_type,
                        text: cut,
                        meta,
                    });
                    return Ok(shaped);
                }
                ResourceContents::BlobResourceContents {
                    uri,
                    mime_type,
                    blob,
                    meta,
                } => {
                    // One token per four base64 characters, as for a tool's binary blocks.
                    let tokens = blob.len().div_ceil(4);
                    if self.binary == BinaryPolicy::Count && tokens <= left {
                        left -= tokens;
                        shaped.push(ResourceContents::BlobResourceContents {
                            uri,
                            mime_type,
                            blob,
                            meta,
                        });
                    } else {
                        let what = mime_type.as_deref().unwrap_or("binary");
                        shaped.push(ResourceContents::TextResourceContents {
                            uri,
                            mime_type: Some("text/plain".to_owned()),
                            text: format!(
                                "[left out: {what} content of {} bytes, {}]",
                                blob.len() / 4 * 3,
                                if self.binary == BinaryPolicy::Count {
                                    "over the read's budget"
                                } else {
                                    "this resource does not send binary content"
                                }
                            ),
                            meta,
                        });
                    }
                }
                // A kind of contents of a later revision passes as it is.
                other => shaped.push(other),
            }
        }
        Ok(shaped)
    }
}

/// How much of `text` to keep of the `fits` bytes that fit: up to the end of the last
/// whole line, when that keeps at least nineteen twentieths of them.
fn keep(text: &str, fits: usize) -> usize {
    match memchr::memrchr(b'\n', &text.as_bytes()[..fits]) {
        Some(newline) if (newline + 1) * 20 >= fits * 19 => newline + 1,
        _ => fits,
    }
}

/// The position of byte `at` of `text`, a char boundary.
fn position(text: &str, at: usize) -> LineStart {
    let before = &text.as_bytes()[..at];
    let line = memchr::memchr_iter(b'\n', before).count() as u64 + 1;
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
    let column = text[line_start..at].chars().count() as u64 + 1;
    LineStart::new(line, column)
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::{Reading, continuation, position};
    use crate::{meta::BinaryPolicy, output::LineStart, tokens::Encoding};
    use rmcp::model::ResourceContents;

    fn text_of(contents: &[ResourceContents]) -> &str {
        match &contents[0] {
            ResourceContents::TextResourceContents { text, .. } => text,
            other => panic!("not text: {other:?}"),
        }
    }

    #[test]
    fn a_cut_read_names_where_the_rest_starts_and_the_pages_rejoin() {
        let line = "Loans run three weeks; a renewal adds two more. ".repeat(40);
        let doc: String = (1..=60).fold(String::new(), |mut doc, i| {
            let _ = writeln!(doc, "{i}. {line}");
            doc
        });
        let mut rejoined = String::new();
        let mut uri = "library://policy".to_owned();
        for _ in 0..200 {
            let (base, from) = continuation(&uri);
            let reading = Reading {
                uri: base,
                from,
                budget: 2_000,
                binary: BinaryPolicy::Count,
                encoding: Encoding::default(),
            };
            let shaped = reading
                .shape(vec![ResourceContents::text(doc.clone(), base)])
                .unwrap();
            let text = text_of(&shaped);
            match text.rfind("\n[cut: kept ") {
                Some(at) => {
                    let notice = &text[at..];
                    let page = &text[..at];
                    // The newline added before the notice belongs to it when the cut was inside a line.
                    let next = notice.split('`').nth(1).unwrap().to_owned();
                    let (_, start) = continuation(&next);
                    rejoined.push_str(page);
                    // A cut after a whole line keeps its newline before the notice; a cut
                    // inside a line gets one added, which is not part of the text.
                    if start.unwrap().column() == 1 {
                        rejoined.push('\n');
                    }
                    uri = next;
                }
                None => {
                    rejoined.push_str(text);
                    break;
                }
            }
        }
        assert_eq!(rejoined, doc);
    }

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        let text = "ab\nβγδ\n";
        assert_eq!(position(text, 0), LineStart::new(1, 1));
        assert_eq!(position(text, 3), LineStart::new(2, 1));
        assert_eq!(position(text, 5), LineStart::new(2, 2));
        assert_eq!(
            continuation("a://b#line=7:3"),
            ("a://b", Some(LineStart::new(7, 3)))
        );
        assert_eq!(continuation("a://b#section"), ("a://b#section", None));
    }
}
