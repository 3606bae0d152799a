//! Descriptions as a model reads them: lines of one paragraph joined.
//!
//! rustdoc wraps prose at a fixed width, and so do many published descriptions; a model
//! gains nothing from those breaks, so lines of one paragraph are joined with spaces.
//! Paragraphs, list items and code blocks keep theirs. `#[tool]` turns doc comments into
//! descriptions this way, and [`crate::published`] reads a published description the same
//! way, so the rules see one text whichever way the tool was written.

/// Joins wrapped lines into paragraphs.
#[must_use]
pub fn reflow(lines: &[String]) -> String {
    let mut out = String::new();
    let mut in_code = false;
    // The separator owed before the next text: none (same paragraph), a line, or a blank line.
    let mut owed = "";
    for line in lines {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            if in_code {
                out.push('\n');
            } else if !out.is_empty() {
                out.push_str("\n\n");
            }
            out.push_str(line);
            in_code = !in_code;
            owed = "\n\n";
            continue;
        }
        if in_code {
            out.push('\n');
            out.push_str(line);
            continue;
        }
        if trimmed.is_empty() {
            owed = "\n\n";
            continue;
        }
        if out.is_empty() {
            out.push_str(trimmed);
        } else if !owed.is_empty() {
            out.push_str(owed);
            out.push_str(if is_block_start(trimmed) {
                line
            } else {
                trimmed
            });
        } else if is_block_start(trimmed) {
            out.push('\n');
            out.push_str(line);
        } else {
            out.push(' ');
            out.push_str(trimmed);
        }
        owed = "";
    }
    out
}

fn is_block_start(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    line.starts_with("- ")
        || line.starts_with("* ")
        || line.starts_with("+ ")
        || line.starts_with('#')
        || line.starts_with('|')
        || line.starts_with('>')
        || (digits > 0 && line[digits..].starts_with(". "))
}

/// A published text, line by line as a doc comment would hold it, reflowed: each line
/// loses one leading space, its trailing whitespace and a `\r`.
#[must_use]
pub fn reflow_text(text: &str) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| {
            let l = l.strip_suffix('\r').unwrap_or(l);
            l.strip_prefix(' ').unwrap_or(l).trim_end().to_owned()
        })
        .collect();
    reflow(&lines)
}
