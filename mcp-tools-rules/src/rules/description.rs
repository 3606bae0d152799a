//! Rules on the descriptions the model reads.

use super::{evidence, params};
use crate::{
    catalog::{Evidence, Rule},
    model::{Dialect, Origin, Param, Tool},
    report::{DescriptionPart, ParamPart, Reports, Target},
    words,
};

/// The longest useful tool description, in characters.
pub(crate) const MAX_DESCRIPTION: usize = 1200;

/// `description_required`: the tool has a doc comment with text in it.
pub(crate) fn check_description_required(tool: &Tool, cx: &mut Reports<'_>) {
    let empty = tool.description.as_ref().is_none_or(|d| !d.is_written());
    if empty && cx.is_prompt() {
        let (what, fix) = match tool.dialect {
            Dialect::Rust => (
                "no doc comment",
                "add `///` lines: what the prompt has the model do, and when to use it",
            ),
            Dialect::Json => (
                "no description",
                "write its `description`: what the prompt has the model do, and when to use it",
            ),
        };
        cx.rule(
            Rule::DescriptionRequired,
            Target::Description(DescriptionPart::Missing),
            format!(
                "prompt `{}` has {what}: clients show the description beside the command, and it is all a user has to choose by",
                tool.wire_name()
            ),
            fix,
        );
    } else if empty {
        let (what, fix) = match tool.dialect {
            Dialect::Rust => (
                "no doc comment",
                "add `///` lines: what it does, when to use it, what it returns",
            ),
            Dialect::Json => (
                "no description",
                "write its `description`: what it does, when to use it, what it returns",
            ),
        };
        cx.rule(
            Rule::DescriptionRequired,
            Target::Description(DescriptionPart::Missing),
            format!(
                "tool `{}` has {what}: the description is all a model knows about when to call it",
                tool.wire_name()
            ),
            fix,
        );
    }
}

/// `description_length`: more than a bare fragment, short enough to read.
///
/// Short is fine ("Star a GitHub repository."): a well-named tool with documented
/// parameters needs little more. A fragment is a single word. Over 1,200 characters is a
/// manual, whatever it holds; one that also documents parameters says so.
pub(crate) fn check_description_length(tool: &Tool, cx: &mut Reports<'_>) {
    let Some(text) = tool.description_text() else {
        return;
    };
    if cx.is_prompt() {
        check_prompt_description_length(tool, text, cx);
        return;
    }
    let len = text.chars().count();
    // Long when-to-use guidance earns its tokens; parameter details in the tool's
    // description do not, since each parameter has a doc of its own.
    let mentioned = (len > MAX_DESCRIPTION)
        .then(|| mentioned_params(text, tool))
        .flatten();
    if let Some(param) = mentioned {
        cx.rule(
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::FirstLine),
            format!("the description of `{}` is {len} characters and documents its parameters ({param}): every listing pays for it in tokens", tool.wire_name()),
            format!("cut it to {MAX_DESCRIPTION} characters: keep what it does and when to use it; move what it says of each parameter into that parameter's doc"),
        );
    } else if len > MAX_DESCRIPTION {
        cx.rule(
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::FirstLine),
            format!("the description of `{}` is {len} characters: every listing pays for it in tokens, and a model skims a manual", tool.wire_name()),
            format!("cut it to {MAX_DESCRIPTION} characters: what it does, when to use it, what it needs first"),
        );
    } else if !text.trim().is_empty() && restates_name(text, tool) {
        // A judgment: reviewers ask for more than "Delete a route." on `route_delete`
        // about four times in five, whether or not its parameters are documented.
        cx.on(
            Evidence::Judgment,
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::Whole),
            format!("the description of `{}` only restates its name: the model learns nothing about what it returns or when to use it", tool.wire_name()),
            "say what it does beyond the name: what it returns, when to use it, what it needs first",
        );
    } else if !text.trim().is_empty() && is_fragment(text) {
        cx.rule(
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::Whole),
            format!("the description of `{}` is a bare fragment: the model learns nothing about what it does or when to use it", tool.wire_name()),
            "say what it does beyond the name: what it returns, when to use it, what it needs first",
        );
    }
}

/// `description_length` of a prompt: what a user reads in the command list. A bare
/// fragment is certain; a restated name, or a manual (which a tool pays for in tokens, a
/// prompt only in a longer list), a judgment.
fn check_prompt_description_length(prompt: &Tool, text: &str, cx: &mut Reports<'_>) {
    const SAY_MORE: &str =
        "say what it does beyond the name: what it has the model do, when to use it, what it needs";
    let name = prompt.wire_name();
    let len = text.chars().count();
    if len > MAX_DESCRIPTION {
        let (what, fix) = match mentioned_params(text, prompt) {
            Some(args) => (
                format!(" and documents its arguments ({args})"),
                "; move what it says of each argument into that argument's description",
            ),
            None => (String::new(), ""),
        };
        cx.on(
            Evidence::Judgment,
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::FirstLine),
            format!("the description of prompt `{name}` is {len} characters{what}: clients show it in the command list, where a user skims a manual"),
            format!("cut it to {MAX_DESCRIPTION} characters: what it does and when to use it{fix}"),
        );
    } else if !text.trim().is_empty() && restates_name(text, prompt) {
        cx.on(
            Evidence::Judgment,
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::Whole),
            format!("the description of prompt `{name}` only restates its name: a user learns nothing about what it does or when to use it"),
            SAY_MORE,
        );
    } else if !text.trim().is_empty() && is_fragment(text) {
        cx.rule(
            Rule::DescriptionLength,
            Target::Description(DescriptionPart::Whole),
            format!("the description of prompt `{name}` is a bare fragment: a user learns nothing about what it does or when to use it"),
            SAY_MORE,
        );
    }
}

/// The parameters the description names as words (`total_thoughts`, `issueUrl=`), when it
/// names at least three: one named in an example is guidance, several are a manual.
fn mentioned_params(text: &str, tool: &Tool) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let named = tool
        .params
        .iter()
        .map(|p| p.name.as_str())
        // Short names (`id`, `q`) are ordinary words too often to count.
        .filter(|name| name.len() >= 5)
        .filter(|name| words.contains(name))
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>();
    (named.len() >= 3).then(|| named.join(", "))
}

/// Whether a description of one short sentence only restates the tool's name: every word
/// of it is a word of the name (namespace included, in any inflection) or a filler word
/// ("Delete a route." on `route_delete`, "Get issue details" on `get_issue`).
fn restates_name(text: &str, tool: &Tool) -> bool {
    let text = text.trim().trim_end_matches('.');
    if text.contains(['.', '\n', ':', '(']) || text.chars().count() > 80 {
        return false;
    }
    let mut name = tool.action_key();
    if let Some(ns) = &tool.namespace {
        name = format!("{}_{name}", words::normalize(ns));
    }
    let name_words: Vec<&str> = name.split('_').filter(|w| !w.is_empty()).collect();
    // `issues` for `issue`, `creates` and `created` for `create`.
    let stem = |w: &str| -> String {
        let w = w.trim_end_matches('s');
        w.strip_suffix("ed")
            .or_else(|| w.strip_suffix('e'))
            .unwrap_or(w)
            .to_owned()
    };
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.len() >= 2
        && words.iter().all(|w| {
            words::RESTATING_WORDS.contains(&w.as_str())
                || name_words.iter().any(|n| *n == w || stem(n) == stem(w))
        })
}

/// A bare fragment: fewer than two words ("Weather.", "Deprecated").
fn is_fragment(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .count()
        < 2
}

/// `description_placeholder`: no TODO, TBD, FIXME, XXX or lorem ipsum.
pub(crate) fn check_description_placeholder(tool: &Tool, cx: &mut Reports<'_>) {
    let Some(text) = tool.description_text() else {
        return;
    };
    if let Some(marker) = placeholder_marker(text) {
        let (message, fix) = if cx.is_prompt() {
            (
                format!(
                    "the description of prompt `{}` contains the placeholder `{marker}`: clients show it to users as what the prompt is for",
                    tool.wire_name()
                ),
                match tool.dialect {
                    Dialect::Rust => {
                        "replace the placeholder with what the prompt does and when to use it, or move the note into a `//` comment"
                    }
                    Dialect::Json => {
                        "replace the placeholder with what the prompt does and when to use it"
                    }
                },
            )
        } else {
            (
                format!(
                    "the description of `{}` contains the placeholder `{marker}`: the model reads it as part of the tool's purpose",
                    tool.wire_name()
                ),
                match tool.dialect {
                    Dialect::Rust => {
                        "replace the placeholder with what the tool does and when to use it, or move the note into a `//` comment"
                    }
                    Dialect::Json => {
                        "replace the placeholder with what the tool does and when to use it"
                    }
                },
            )
        };
        cx.rule(
            Rule::DescriptionPlaceholder,
            Target::Description(DescriptionPart::Containing(marker.clone())),
            message,
            fix,
        );
    }
}

/// `description_filler`: no filler opening ("This tool will…", "Tools for…") and no
/// generated boilerplate. Style: the model still understands the tool, at a cost in tokens.
pub(crate) fn check_description_filler(tool: &Tool, cx: &mut Reports<'_>) {
    let Some(text) = tool.description_text() else {
        return;
    };
    let lower = text.trim_start().to_lowercase();
    if cx.is_prompt() {
        check_prompt_filler(tool, &lower, cx);
        return;
    }
    if let Some(phrase) = words::BOILERPLATE
        .iter()
        .find(|phrase| lower.contains(*phrase))
    {
        cx.rule(
            Rule::DescriptionFiller,
            Target::Description(DescriptionPart::Containing((*phrase).to_owned())),
            format!("the description of `{}` carries generated boilerplate (\"{phrase}\"): every listing pays for it", tool.wire_name()),
            "remove it; say instead which errors the model can fix and how (a missing id, a page to fetch first)",
        );
    }
    if let Some(opening) = words::FILLER_OPENINGS
        .iter()
        .find(|opening| lower.starts_with(*opening))
    {
        cx.rule(
            Rule::DescriptionFiller,
            Target::Description(DescriptionPart::FirstLine),
            format!("the description of `{}` opens with filler (\"{opening}…\"): every listing pays for words that say nothing", tool.wire_name()),
            "start with a verb phrase that says what it does (\"Record a shipment's weight …\"), then when to use it",
        );
    }
}

/// `description_filler` of a prompt: the tools' boilerplate and filler openings, and the
/// same openings said of a prompt ("A prompt that…", "This prompt…").
fn check_prompt_filler(prompt: &Tool, lower: &str, cx: &mut Reports<'_>) {
    let name = prompt.wire_name();
    if let Some(phrase) = words::BOILERPLATE
        .iter()
        .find(|phrase| lower.contains(*phrase))
    {
        cx.rule(
            Rule::DescriptionFiller,
            Target::Description(DescriptionPart::Containing((*phrase).to_owned())),
            format!("the description of prompt `{name}` carries generated boilerplate (\"{phrase}\"): every command list shows it"),
            "remove it",
        );
    }
    if let Some(opening) = words::PROMPT_FILLER_OPENINGS
        .iter()
        .chain(words::FILLER_OPENINGS)
        .find(|opening| lower.starts_with(*opening))
    {
        cx.rule(
            Rule::DescriptionFiller,
            Target::Description(DescriptionPart::FirstLine),
            format!("the description of prompt `{name}` opens with filler (\"{opening}…\"): the command list shows a few words beside the name, and these say nothing"),
            "start with a verb phrase that says what it does (\"Draft a reply to a support ticket …\"), then when to use it",
        );
    }
}

/// The placeholder in `text`, as written: `TODO`, `TODOs`, `todo:`, `FIXME`, "lorem ipsum"…
fn placeholder_marker(text: &str) -> Option<String> {
    for word in text.split(|c: char| !c.is_ascii_alphanumeric() && c != ':') {
        let bare = word.trim_end_matches(':');
        for marker in words::PLACEHOLDER_MARKERS
            .iter()
            .filter(|m| m.chars().all(|c| c.is_ascii_uppercase()))
        {
            // `TODO`, `TODOs`, and a lower-case `todo:` note.
            if bare == *marker
                || bare.strip_suffix('s') == Some(*marker)
                || (word.ends_with(':') && bare.eq_ignore_ascii_case(marker))
            {
                return Some(word.to_owned());
            }
        }
    }
    let lower = text.to_lowercase();
    words::PLACEHOLDER_MARKERS
        .iter()
        .filter(|m| m.contains(' '))
        .find(|m| lower.contains(*m))
        .map(|m| (*m).to_owned())
}

/// Whether the tool's description documents a parameter: a line that starts with its name
/// and says what it is ("- pid: Process ID returned by `start_process`", "path (string): …"),
/// the name quoted (`` `pattern` is a glob ``, "the 'head' parameter"), or "the `name`
/// parameter". A name that merely occurs in the prose ("files in a specified path") says
/// nothing about the parameter. Names of any length count.
fn tool_doc_names(tool: &Tool, name: &str) -> bool {
    tool.description_text()
        .is_some_and(|text| text.lines().any(|line| line_describes(line, name)))
}

/// Whether a parameter has a doc of its own, or the tool's description documents it.
pub(crate) fn documented_anywhere(tool: &Tool, param: &Param) -> bool {
    evidence::is_documented(param)
        || tool_doc_names(tool, &param.name)
        || evidence::said_in_description(tool, &param.name).is_some()
}

fn line_describes(line: &str, name: &str) -> bool {
    if ['`', '\'', '"']
        .iter()
        .any(|q| line.contains(&format!("{q}{name}{q}")))
    {
        return true;
    }
    // A list item or a definition: `- name: …`, `2. name - …`, `name (string): …`.
    let item = line
        .trim_start()
        .trim_start_matches(|c: char| {
            matches!(c, '-' | '*' | '•' | '+' | '.' | ')') || c.is_ascii_digit()
        })
        .trim_start();
    if let Some(after) = item.strip_prefix(name) {
        let after = after.trim_start();
        if after.starts_with([':', '(', '-', '–', '—', '=']) {
            return true;
        }
    }
    let lower = line.to_lowercase();
    let name = name.to_lowercase();
    ["parameter", "argument", "param", "field", "option"]
        .iter()
        .any(|w| lower.contains(&format!("{name} {w}")))
}

/// `param_description_required`: every argument the model fills has a doc comment, unless
/// its name and type already say all of it (`title: String`, `labels: Vec<String>`,
/// `state: IssueState`).
pub(crate) fn check_param_description_required(tool: &Tool, cx: &mut Reports<'_>) {
    // A bare `user` is `generic_param_name`'s to report, with a better fix: one report each.
    let generic_reports = cx.runs(Rule::GenericParamName);
    // An undocumented point in time, quantity or result count has one open question, its
    // format, unit or bound, which its own rule asks with the fix: one report each. (On a
    // prompt those rules do not run, and this one asks.)
    let timestamp_reports = cx.runs(Rule::TimestampFormat);
    let number_reports = cx.runs(Rule::UnitInName) && cx.runs(Rule::BoundedLimit);
    let path_reports = cx.runs(Rule::PathFormat);
    for param in tool.all_params() {
        if (generic_reports && params::is_vague_generic(tool, param))
            || (path_reports && params::is_path_like(param))
            || (timestamp_reports && params::is_point_in_time(tool, param))
            || (number_reports && params::asked_by_number_rules(tool, param))
        {
            continue;
        }
        if !documented_anywhere(tool, param) && !params::is_self_describing(param) {
            let name = &param.path;
            let (message, help) = match param.origin {
                _ if cx.is_prompt() => (
                    format!(
                        "argument `{name}` has no {}: clients show the name alone in the prompt's form, and a user guesses its meaning and format",
                        match tool.dialect {
                            Dialect::Rust => "doc comment",
                            Dialect::Json => "`description`",
                        }
                    ),
                    match tool.dialect {
                        Dialect::Rust => {
                            "add a `///` line above it: what it is, its format, an example"
                        }
                        Dialect::Json => {
                            "give it a `description`: what it is, its format, an example"
                        }
                    }
                    .to_owned(),
                ),
                Origin::Param | Origin::Field => (
                    format!(
                        "{} `{name}` has no doc comment: without one the model guesses its meaning and format",
                        if param.origin == Origin::Field {
                            "field"
                        } else {
                            "parameter"
                        }
                    ),
                    "add a `///` line above it: what it is, its format, an example".to_owned(),
                ),
                Origin::Property => (
                    format!(
                        "property `{name}` of the input schema has no `description`: without one the model guesses its meaning and format"
                    ),
                    match tool.dialect {
                        Dialect::Rust => format!(
                            "add `\"description\"` to `properties.{name}` in the file: what it is, its format, an example"
                        ),
                        Dialect::Json => {
                            "give it a `description`: what it is, its format, an example".to_owned()
                        }
                    },
                ),
            };
            cx.rule(
                Rule::ParamDescriptionRequired,
                Target::Param {
                    id: param.id,
                    part: ParamPart::Whole,
                },
                message,
                help,
            );
        }
    }
}
