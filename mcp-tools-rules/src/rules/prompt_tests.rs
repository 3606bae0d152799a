//! The rules on prompts: which run, what they accept that a tool may not, and that every
//! message names a prompt and its arguments, never a tool.

use serde_json::json;

use crate::{
    Description, Dialect, Evidence, Kind, Level, Levels, Origin, PROMPT_RULES, Param, Rule, Tool,
    check, check_prompt, published,
};

/// A prompt as `#[prompt]` would model one: a namespace, a doc, text arguments.
fn prompt(name: &str, doc: Option<&str>, args: &[(&str, Option<&str>)]) -> Tool {
    Tool {
        dialect: Dialect::Rust,
        namespace: Some("ticket".to_owned()),
        namespace_written: true,
        action: name.to_owned(),
        description: doc.map(Description::text),
        params: args
            .iter()
            .enumerate()
            .map(|(id, (name, doc))| {
                let mut p = Param::new(id, *name, Origin::Param, Kind::Text);
                p.doc = doc.map(Description::text);
                p
            })
            .collect(),
        ..Tool::default()
    }
}

fn ids(reports: &[crate::Report]) -> Vec<&'static str> {
    reports.iter().map(|r| r.rule.id()).collect()
}

#[test]
fn a_prompt_meets_the_prompt_rules_only() {
    let p = prompt(
        "draft_reply",
        None,
        &[("path", None), ("since", None), ("timeout", None)],
    );
    let reports = check_prompt(&p, &Levels::default());
    // No effect, path, time or unit rule: each undocumented argument is reported as one.
    assert_eq!(
        ids(&reports),
        [
            "description_required",
            "param_description_required",
            "param_description_required",
            "param_description_required"
        ],
        "{reports:#?}"
    );
    assert!(reports.iter().all(|r| PROMPT_RULES.contains(&r.rule)));
    // The same model judged as a tool meets the tool rules, as before.
    let as_tool = ids(&check(&p, &Levels::default()));
    assert!(as_tool.contains(&"effect_declared"), "{as_tool:?}");
    assert!(as_tool.contains(&"path_format"), "{as_tool:?}");
    assert!(as_tool.contains(&"timestamp_format"), "{as_tool:?}");
}

#[test]
fn prompt_names_are_slash_commands() {
    let levels = Levels::default();
    let doc = Some("Draft a reply to a support ticket in the customer's language.");
    // Kebab-case is as usual as snake_case for a command; a tool is still held to snake_case.
    let kebab = prompt("draft-reply", doc, &[]);
    assert!(check_prompt(&kebab, &levels).is_empty());
    assert_eq!(ids(&check(&kebab, &levels))[..1], ["name_style"]);
    // Capitals are a judgment, a warning whatever the rule's level.
    let camel = prompt("draftReply", doc, &[]);
    let reports = check_prompt(&camel, &levels);
    assert_eq!(ids(&reports), ["name_style"]);
    assert_eq!(reports[0].evidence, Evidence::Judgment);
    assert_eq!(reports[0].level, Level::Warn);
    assert!(reports[0].help.starts_with("name it `draft_reply`"));
    let mut erring = Levels::default();
    erring.set(Rule::NameStyle, Level::Error);
    assert_eq!(check_prompt(&camel, &erring)[0].level, Level::Error);
    // A space is no command at all: certain.
    let spaced = prompt("draft reply", doc, &[]);
    let reports = check_prompt(&spaced, &levels);
    assert_eq!(ids(&reports), ["name_charset"]);
    assert_eq!(reports[0].level, Level::Error);
    assert!(
        reports[0].message.contains("slash command"),
        "{}",
        reports[0].message
    );
}

#[test]
fn a_long_prompt_description_is_a_judgment_and_a_fragment_is_certain() {
    let levels = Levels::default();
    let long = "Draft a reply to a support ticket. ".repeat(40);
    let reports = check_prompt(&prompt("draft_reply", Some(&long), &[]), &levels);
    assert_eq!(ids(&reports), ["description_length"]);
    assert_eq!(reports[0].evidence, Evidence::Judgment);
    // A tool pays for a manual in tokens on every listing: certain there.
    let as_tool = check(&prompt("draft_reply", Some(&long), &[]), &levels);
    let length = as_tool
        .iter()
        .find(|r| r.rule == Rule::DescriptionLength)
        .expect("a long tool description is reported");
    assert_eq!(length.evidence, Evidence::Certain);
    let fragment = check_prompt(&prompt("draft_reply", Some("Replies."), &[]), &levels);
    assert_eq!(ids(&fragment), ["description_length"]);
    assert_eq!(fragment[0].evidence, Evidence::Certain);
}

#[test]
fn filler_said_of_a_prompt_is_filler() {
    let levels = Levels::default();
    for doc in [
        "A prompt that drafts a reply to a support ticket.",
        "This prompt drafts a reply to a support ticket.",
        "A tool that drafts a reply to a support ticket.",
    ] {
        let reports = check_prompt(&prompt("draft_reply", Some(doc), &[]), &levels);
        assert_eq!(ids(&reports), ["description_filler"], "{doc}");
    }
    // For a tool the prompt's openings are no filler list of its own.
    let tool = prompt(
        "draft_reply",
        Some("A prompt that drafts a reply to a support ticket."),
        &[],
    );
    assert!(!ids(&check(&tool, &levels)).contains(&"description_filler"));
}

/// Every prompt rule, made to report in both dialects: no message or fix speaks of a
/// tool, a parameter or a property, and each names the prompt or its argument.
#[test]
fn every_prompt_message_speaks_of_a_prompt() {
    let mut levels = Levels::default();
    levels.set(Rule::NameStyle, Level::Warn);
    let mut seen = Vec::new();
    for dialect in [Dialect::Rust, Dialect::Json] {
        let long = "Draft a reply to a support ticket. ".repeat(40);
        let cases = [
            prompt(
                "draft reply",
                Some("TODO"),
                &[("id", None), ("ticket", None)],
            ),
            prompt("DraftReply", Some(&long), &[]),
            prompt("ticket_reply", Some("A prompt that replies."), &[]),
            prompt(&"x".repeat(70), None, &[]),
            Tool {
                namespace: None,
                namespace_written: false,
                ..prompt("draft_reply", Some("Replies."), &[])
            },
            Tool {
                namespace: Some("Ticket Desk".to_owned()),
                ..prompt("draft_reply", Some("Draft a reply."), &[])
            },
            prompt("", Some("Draft a reply to a ticket."), &[]),
        ];
        for mut case in cases {
            case.dialect = dialect;
            for report in check_prompt(&case, &levels) {
                let text = format!("{}\n{}", report.message, report.help)
                    .replace("mcp-tools", "")
                    .to_lowercase();
                for word in ["tool", "parameter", "property", "llm api"] {
                    assert!(
                        !text.contains(word),
                        "`{}` speaks of a {word}: {text}",
                        report.rule.id()
                    );
                }
                seen.push(report.rule);
            }
        }
    }
    for rule in PROMPT_RULES {
        assert!(seen.contains(rule), "`{}` never reported here", rule.id());
    }
}

#[test]
fn a_published_prompt_reports_at_its_arguments() {
    let prompts = [
        json!({"name": "fetch", "description": "Fetch a URL and extract its contents as markdown",
               "arguments": [{"name": "url", "description": "URL to fetch", "required": true}]}),
        json!({"name": "create_reply", "description": "Create a reply in a help desk ticket thread.",
               "arguments": [{"name": "ticket_ref", "required": true},
                             {"name": "value", "required": true}]}),
    ];
    let judged = published::judge_prompts(&prompts, |_, _| published::levels());
    let found: Vec<(&str, &str, Option<&str>)> = judged
        .iter()
        .map(|j| (j.report.rule.id(), j.pointer.as_str(), j.path.as_deref()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "param_description_required",
                "/prompts/1/arguments/0/description",
                Some("ticket_ref")
            ),
            (
                "generic_param_name",
                "/prompts/1/arguments/1/name",
                Some("value")
            ),
        ]
    );
    assert!(
        judged
            .iter()
            .all(|j| j.noun == crate::Noun::Prompt && j.index == 1)
    );
    assert!(
        judged[0]
            .report
            .message
            .starts_with("argument `ticket_ref` has no `description`"),
        "{}",
        judged[0].report.message
    );
}
