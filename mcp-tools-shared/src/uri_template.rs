//! URI templates for resources: the syntax `#[resource("…")]` accepts, how a URI read by a
//! client is matched against a template, and the check that no two resources of one list can
//! match the same URI.
//!
//! # Syntax
//!
//! A template is a URI with variables in braces, a subset of RFC 6570:
//!
//! | write | RFC 6570 | the variable's value in a URI |
//! |---|---|---|
//! | `{name}` | level 1, simple expansion | one or more characters, none of them `/`, `?` or `#` |
//! | `{+name}` | level 2, reserved expansion | one or more characters of any kind, `/` included |
//!
//! ```text
//! loan://{loan_id}                 loan://L-1042
//! loan://{loan_id}/history         loan://L-1042/history
//! file:///{+path}                  file:///reports/2026/q1.csv
//! search://books?q={query}         search://books?q=dune
//! ```
//!
//! - A template starts with its scheme, written out: `[A-Za-z][A-Za-z0-9+.-]*:`.
//! - A name is ASCII letters, digits and `_`, not starting with a digit. It names a parameter
//!   of the function, so it appears once.
//! - Two variables need literal text between them: in `{a}{b}` no URI says where `a` ends.
//! - The rest of RFC 6570 is refused, with the level it belongs to: the operators `{#x}`
//!   (level 2), `{.x}`, `{/x}`, `{;x}`, `{?x}`, `{&x}` and lists `{a,b}` (level 3), the
//!   modifiers `{x*}` and `{x:3}` (level 4). A query is literal text with variables in it:
//!   `search://books?q={query}`.
//! - No whitespace or control characters, no `{` or `}` outside a variable, at most
//!   [`MAX_LEN`] bytes.
//! - A `%XX` escape may appear in a fixed URI (one without variables), not in the literal
//!   text of a template: literal text is compared as sent while values are decoded, so an
//!   escape there would make what a template matches depend on how a client escapes.
//!
//! A URI without variables is a template too: a fixed resource, which matches itself only.
//!
//! # Matching
//!
//! - Literal text matches byte for byte, case included. URIs are not normalized: neither
//!   `LOAN://L-1` nor `loan://%4C-1` matches `loan://L-1`.
//! - `{name}` matches one or more characters, none of them `/`, `?` or `#`; `{+name}` one or
//!   more of any kind.
//! - Values are percent-decoded after matching (`%2F` becomes `/`). A URI holding a `%` that
//!   is not followed by two hex digits, or escapes that decode to bytes that are not UTF-8,
//!   matches no template with variables; a value never begins or ends inside an escape.
//! - When a URI splits more than one way, the leftmost variable takes the shortest value that
//!   lets the rest match: `x://{a}-{b}` reads `x://1-2-3` as `a = 1`, `b = 2-3`.
//!
//! # Collisions
//!
//! [`overlap`] tells, by exactly these rules, whether some URI matches two templates; it is a
//! `const fn`, so `catalog![...]` checks its resources at compile time and a URI that two
//! resources could both answer fails the build.
//! `loan://{id}` and `loan://policy` overlap; `loan://{id}` and `loan://{id}/history` do not.
//!
//! # Paths
//!
//! A value often names a file or a key under some root. [`path_danger`] refuses, in the
//! decoded value, a `..` segment, an absolute path (`/etc`, `\\server`, `C:`) and a NUL byte:
//! `file:///{+path}` read as `file:///..%2F..%2Fetc%2Fpasswd` gives `../../etc/passwd`, which
//! is refused.

mod overlap;
mod percent;
mod syntax;

#[cfg(test)]
mod tests;

pub use overlap::overlap;
pub use syntax::parse;

use std::fmt;

/// The longest template [`parse`] accepts, in bytes.
pub const MAX_LEN: usize = 1024;

/// A parsed URI template: literal text and variables, in order.
///
/// ```
/// use mcp_tools_shared::uri_template::{parse, Part};
///
/// let template = parse("loan://{loan_id}/history").unwrap();
/// assert_eq!(
///     template.parts(),
///     [
///         Part::Literal("loan://"),
///         Part::Var { name: "loan_id", reserved: false },
///         Part::Literal("/history"),
///     ]
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template<'a> {
    source: &'a str,
    parts: Vec<Part<'a>>,
}

/// One piece of a [`Template`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// Text matched byte for byte.
    Literal(&'a str),
    /// `{name}`, or `{+name}` when `reserved`.
    Var {
        /// The variable's name.
        name: &'a str,
        /// Written `{+name}`: the value may hold `/`, `?` and `#`.
        reserved: bool,
    },
}

/// Why [`parse`] refused a template, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// The first byte to point at.
    pub offset: usize,
    /// How many bytes to point at (at least 1, unless the template is empty).
    pub len: usize,
    /// What is wrong, naming the levels of RFC 6570 supported where that is the reason.
    pub message: String,
    /// How to fix it.
    pub help: &'static str,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TemplateError {}

impl<'a> Template<'a> {
    /// The template as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.source
    }

    /// Its literal text and variables, in order; a fixed URI is one literal.
    #[must_use]
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    /// The names of its variables, in order.
    pub fn variables(&self) -> impl Iterator<Item = &'a str> {
        self.parts.iter().filter_map(|part| match *part {
            Part::Var { name, .. } => Some(name),
            Part::Literal(_) => None,
        })
    }

    /// Whether it has no variables: a fixed URI.
    #[must_use]
    pub fn is_fixed(&self) -> bool {
        self.variables().next().is_none()
    }

    /// The variables' values, percent-decoded, in template order, if `uri` is one of this
    /// template's URIs (see the [module docs](self) for the rules).
    ///
    /// ```
    /// use mcp_tools_shared::uri_template::parse;
    ///
    /// let template = parse("file:///{dir}/{+path}").unwrap();
    /// assert_eq!(
    ///     template.matches("file:///docs/a/b%20c.md").unwrap(),
    ///     [("dir", "docs".to_owned()), ("path", "a/b c.md".to_owned())]
    /// );
    /// assert_eq!(template.matches("file:///docs"), None);
    /// assert_eq!(template.matches("file:///docs/%zz"), None);
    /// ```
    #[must_use]
    pub fn matches(&self, uri: &str) -> Option<Vec<(&'a str, String)>> {
        if self.is_fixed() {
            return (uri == self.source).then(Vec::new);
        }
        // Most templates a registry tries differ from the URI in their scheme or their tail.
        if let Some(Part::Literal(head)) = self.parts.first()
            && !uri.starts_with(head)
        {
            return None;
        }
        if let Some(Part::Literal(tail)) = self.parts.last()
            && !uri.ends_with(tail)
        {
            return None;
        }
        let bytes = uri.as_bytes();
        if !percent::decodes(bytes) {
            return None;
        }
        if let Some((head, name, reserved, tail)) = self.one_variable() {
            // The value is what lies between the head and the tail: no split to search for.
            let (start, end) = (head.len(), uri.len() - tail.len());
            let value = uri.get(start..end).filter(|value| !value.is_empty())?;
            let fits = (reserved || !value.contains(['/', '?', '#']))
                && percent::is_cut(bytes, start)
                && percent::is_cut(bytes, end);
            if !fits {
                return None;
            }
            return percent::decode(value).map(|value| vec![(name, value)]);
        }
        self.split(uri)
    }

    /// The head, the variable's name and kind, and the tail (empty if none) of a template of
    /// one variable after its head and before its tail, if it is one (most are).
    fn one_variable(&self) -> Option<(&'a str, &'a str, bool, &'a str)> {
        match *self.parts.as_slice() {
            [Part::Literal(head), Part::Var { name, reserved }] => Some((head, name, reserved, "")),
            [
                Part::Literal(head),
                Part::Var { name, reserved },
                Part::Literal(tail),
            ] => Some((head, name, reserved, tail)),
            _ => None,
        }
    }

    /// [`matches`](Self::matches) for any template, past the checks of its head, its tail
    /// and the escapes.
    fn split(&self, uri: &str) -> Option<Vec<(&'a str, String)>> {
        let bytes = uri.as_bytes();
        let fits = Fits::new(&self.parts, bytes);
        if !fits.get(0, 0) {
            return None;
        }
        let mut values = Vec::new();
        let mut at = 0;
        for (p, part) in self.parts.iter().enumerate() {
            match *part {
                Part::Literal(text) => at += text.len(),
                Part::Var { name, .. } => {
                    // The nearest end is the one `Fits` checked the class up to.
                    let mut end = at + 1;
                    while !(fits.get(p + 1, end) && percent::is_cut(bytes, end)) {
                        end += 1;
                    }
                    values.push((name, percent::decode(&uri[at..end])?));
                    at = end;
                }
            }
        }
        Some(values)
    }

    /// The URI for these values: each percent-encoded as its variable's kind requires
    /// (`{name}` keeps only unreserved characters, `{+name}` keeps reserved ones and `%XX`
    /// escapes too); a variable without a value expands to nothing, as in RFC 6570.
    ///
    /// ```
    /// use mcp_tools_shared::uri_template::parse;
    ///
    /// let template = parse("file:///{dir}/{+path}").unwrap();
    /// let uri = template.expand(&[("dir", "my docs"), ("path", "a/b.md")]);
    /// assert_eq!(uri, "file:///my%20docs/a/b.md");
    /// ```
    #[must_use]
    pub fn expand(&self, values: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(self.source.len());
        for part in &self.parts {
            match *part {
                Part::Literal(text) => out.push_str(text),
                Part::Var { name, reserved } => {
                    if let Some((_, value)) = values.iter().find(|(n, _)| *n == name) {
                        percent::encode(&mut out, value, reserved);
                    }
                }
            }
        }
        out
    }
}

/// Which suffixes of a URI which suffixes of a template match: `get(p, i)` is whether
/// `parts[p..]` match `uri[i..]`. Built from the end, so finding the split is linear in the
/// URI for each part, whatever the URI holds.
struct Fits {
    width: usize,
    bits: Vec<bool>,
}

impl Fits {
    fn new(parts: &[Part<'_>], uri: &[u8]) -> Fits {
        let n = uri.len();
        let width = n + 1;
        let mut bits = vec![false; (parts.len() + 1) * width];
        bits[parts.len() * width + n] = true;
        for (p, part) in parts.iter().enumerate().rev() {
            let (here, after) = bits.split_at_mut((p + 1) * width);
            let (here, after) = (&mut here[p * width..], &after[..width]);
            match *part {
                Part::Literal(text) => {
                    let text = text.as_bytes();
                    for i in 0..=n {
                        here[i] = uri[i..].starts_with(text) && after[i + text.len()];
                    }
                }
                Part::Var { reserved, .. } => {
                    // Walking back, `nearest` is the first place after `i` the rest can take
                    // over, and `stop` the first `/`, `?` or `#` at or after `i`.
                    let mut nearest = None;
                    let mut stop = n;
                    for i in (0..=n).rev() {
                        if i < n && matches!(uri[i], b'/' | b'?' | b'#') {
                            stop = i;
                        }
                        let cut = percent::is_cut(uri, i);
                        here[i] = cut && nearest.is_some_and(|end| reserved || end <= stop);
                        if cut && after[i] {
                            nearest = Some(i);
                        }
                    }
                }
            }
        }
        Fits { width, bits }
    }

    fn get(&self, part: usize, at: usize) -> bool {
        self.bits[part * self.width + at]
    }
}

/// Why a decoded variable value is refused as a path, if it is: `a NUL byte`, `an absolute
/// path` (a leading `/` or `\`, or a drive such as `C:`), or `a `..` segment` (between `/`
/// or `\`).
///
/// ```
/// use mcp_tools_shared::uri_template::{parse, path_danger};
///
/// let template = parse("file:///{+path}").unwrap();
/// let values = template.matches("file:///..%2F..%2Fetc%2Fpasswd").unwrap();
/// assert_eq!(path_danger(&values[0].1), Some("a `..` segment"));
/// assert_eq!(path_danger("reports/q1.csv"), None);
/// ```
#[must_use]
pub fn path_danger(value: &str) -> Option<&'static str> {
    let bytes = value.as_bytes();
    if bytes.contains(&0) {
        return Some("a NUL byte");
    }
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if drive || matches!(bytes.first(), Some(b'/' | b'\\')) {
        return Some("an absolute path");
    }
    if value.split(['/', '\\']).any(|segment| segment == "..") {
        return Some("a `..` segment");
    }
    None
}
