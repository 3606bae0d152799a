//! Reading a template: [`parse`] and the reasons it refuses one.

use super::{MAX_LEN, Part, Template, TemplateError, percent};

const SUPPORTED: &str =
    "resource templates support RFC 6570 level 1 `{name}` and level 2's `{+name}` only";

const HELP_EXPRESSION: &str = "write `{name}` for a value without `/`, `?` or `#`, or `{+name}` for one that may hold them; write the rest of the URI as literal text, queries included (`search://books?q={query}`)";

/// Parses a URI template or a fixed URI (see the [module docs](super) for the syntax).
///
/// On error, `offset` and `len` are the bytes of `template` to point at.
///
/// ```
/// use mcp_tools_shared::uri_template::parse;
///
/// let template = parse("loan://{loan_id}").unwrap();
/// assert_eq!(template.variables().collect::<Vec<_>>(), ["loan_id"]);
///
/// let err = parse("loan://{?page}").unwrap_err();
/// assert_eq!((err.offset, err.len), (7, 7));
/// assert!(err.message.contains("level 3"), "{}", err.message);
/// ```
pub fn parse(template: &str) -> Result<Template<'_>, TemplateError> {
    if template.len() > MAX_LEN {
        return Err(error(
            MAX_LEN,
            template.len() - MAX_LEN,
            format!(
                "{} bytes, longer than the {MAX_LEN} a URI template may have",
                template.len()
            ),
            "shorten the URI; move long fixed text into the resource's content",
        ));
    }
    if let Some((at, c)) = template
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || c.is_control())
    {
        return Err(error(
            at,
            c.len_utf8(),
            format!("{c:?}: a URI holds no whitespace or control characters"),
            "remove it; in a fixed URI, percent-encode it (`%20` for a space)",
        ));
    }
    scheme(template)?;
    let bytes = template.as_bytes();
    let mut parts = Vec::new();
    let mut literal = 0;
    let mut previous: Option<usize> = None;
    let mut percent = None;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                let close = bytes[i + 1..]
                    .iter()
                    .position(|&b| b == b'{' || b == b'}')
                    .map(|k| i + 1 + k)
                    .filter(|&k| bytes[k] == b'}')
                    .ok_or_else(|| {
                        error(
                            i,
                            1,
                            "`{` is never closed".to_owned(),
                            "close the variable with `}`; a URI holds no literal `{`",
                        )
                    })?;
                let part = variable(template, i, close)?;
                if literal < i {
                    parts.push(Part::Literal(&template[literal..i]));
                } else if let Some(start) = previous {
                    return Err(error(
                        start,
                        close + 1 - start,
                        format!(
                            "`{}`: no text between two variables, so no URI says where the first ends",
                            &template[start..=close]
                        ),
                        "put literal text between them, such as `/` or `-`",
                    ));
                }
                if let Part::Var { name, .. } = part
                    && parts
                        .iter()
                        .any(|p| matches!(p, Part::Var { name: n, .. } if *n == name))
                {
                    return Err(error(
                        i,
                        close + 1 - i,
                        format!("`{name}` appears twice: a URI gives a variable one value"),
                        "rename one of them, or make one literal text",
                    ));
                }
                parts.push(part);
                previous = Some(i);
                i = close + 1;
                literal = i;
                continue;
            }
            b'}' => {
                return Err(error(
                    i,
                    1,
                    "`}` without a `{` before it".to_owned(),
                    "remove it, or open the variable with `{`; a URI holds no literal `}`",
                ));
            }
            b'%' => {
                percent.get_or_insert(i);
            }
            _ => {}
        }
        i += 1;
    }
    if literal < bytes.len() {
        parts.push(Part::Literal(&template[literal..]));
    }
    if let Some(at) = percent {
        escapes(template, at, previous.is_none())?;
    }
    Ok(Template {
        source: template,
        parts,
    })
}

/// Checks the `scheme:` a template must start with.
fn scheme(template: &str) -> Result<(), TemplateError> {
    let bytes = template.as_bytes();
    let end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')));
    if bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && end.is_some_and(|end| bytes[end] == b':')
    {
        return Ok(());
    }
    let shown = end.unwrap_or(bytes.len()).max(1).min(bytes.len());
    Err(error(
        0,
        shown,
        if template.is_empty() {
            "an empty URI".to_owned()
        } else {
            format!(
                "`{template}` does not start with a scheme (`[A-Za-z][A-Za-z0-9+.-]*:`), written out"
            )
        },
        "start with the scheme, as in `loan://{loan_id}` or `file:///{+path}`",
    ))
}

/// The `{…}` between `open` and `close`, as a variable, or why it is refused.
fn variable(template: &str, open: usize, close: usize) -> Result<Part<'_>, TemplateError> {
    let whole = &template[open..=close];
    let refuse =
        |message: String, help: &'static str| Err(error(open, close + 1 - open, message, help));
    let inner = &template[open + 1..close];
    let Some(first) = inner.chars().next() else {
        return refuse(
            "empty `{}`: a variable needs a name".to_owned(),
            "name it: `{loan_id}`",
        );
    };
    let kind = match first {
        '#' => Some("fragment expansion (level 2)"),
        '.' => Some("label expansion (level 3)"),
        '/' => Some("path segment expansion (level 3)"),
        ';' => Some("path parameter expansion (level 3)"),
        '?' => Some("form-style query expansion (level 3)"),
        '&' => Some("query continuation (level 3)"),
        '=' | ',' | '!' | '@' | '|' => Some("an operator RFC 6570 reserves for later"),
        _ => None,
    };
    if let Some(kind) = kind {
        return refuse(
            format!("`{whole}` is RFC 6570 {kind}; {SUPPORTED}"),
            HELP_EXPRESSION,
        );
    }
    let reserved = first == '+';
    let name = if reserved { &inner[1..] } else { inner };
    if name.contains(',') {
        return refuse(
            format!("`{whole}` is a variable list (RFC 6570 level 3); {SUPPORTED}"),
            "one variable per braces, with literal text between them: `{a}-{b}`",
        );
    }
    if name.ends_with('*') || name.contains(':') {
        let modifier = if name.contains(':') {
            "prefix"
        } else {
            "explode"
        };
        return refuse(
            format!("`{whole}` has a {modifier} modifier (RFC 6570 level 4); {SUPPORTED}"),
            "drop the modifier: the variable takes the whole value",
        );
    }
    let valid = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return refuse(
            if name.is_empty() {
                format!("`{whole}` has no variable name")
            } else {
                format!(
                    "`{name}` is not a variable name: ASCII letters, digits and `_`, not starting with a digit"
                )
            },
            "the name is a parameter of the function: write it as one, such as `loan_id`",
        );
    }
    Ok(Part::Var { name, reserved })
}

/// Checks the `%` escapes from `at` on: allowed, well formed, in a fixed URI only.
fn escapes(template: &str, at: usize, fixed: bool) -> Result<(), TemplateError> {
    let bytes = template.as_bytes();
    if !fixed {
        return Err(error(
            at,
            1,
            "a `%` escape in the literal text of a template: literal text is compared as sent and values are decoded, so what the template matches would depend on how a client escapes".to_owned(),
            "write the character itself, or make this part of the URI a variable; escapes are fine in a fixed URI",
        ));
    }
    for (i, &b) in bytes.iter().enumerate().skip(at) {
        if b == b'%'
            && !(i + 2 < bytes.len()
                && percent::hex(bytes[i + 1]).is_some()
                && percent::hex(bytes[i + 2]).is_some())
        {
            return Err(error(
                i,
                (bytes.len() - i).min(3),
                "`%` not followed by two hex digits".to_owned(),
                "write `%25` for a `%` itself",
            ));
        }
    }
    Ok(())
}

fn error(offset: usize, len: usize, message: String, help: &'static str) -> TemplateError {
    TemplateError {
        offset,
        len,
        message,
        help,
    }
}
