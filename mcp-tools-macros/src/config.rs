//! The crate's own settings for the rules, from its Cargo.toml:
//!
//! ```toml
//! [package.metadata.mcp-tools]
//! namespace = "fs"                      # for tools that give none
//! strict = true                         # every warning is an error
//!
//! [package.metadata.mcp-tools.rules]
//! namespace_required = "allow"          # "allow", "warn" or "error"
//! ```
//!
//! The macro reads the manifest of the crate being compiled (`CARGO_MANIFEST_DIR`). Cargo
//! does not rebuild a crate when only its `[package.metadata]` changes, so every expansion
//! also includes the manifest's bytes: rustc then records it as an input and a change to
//! it rebuilds the crate.

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
    sync::Mutex,
};

use mcp_tools_rules::{Level, Levels, Rule};
use mcp_tools_shared::suggest;
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::{diag::Diagnostics, kind::Kind};

/// The design rules that judge a `kind` fn: every rule for a tool; for a prompt
/// `mcp_tools_rules::PROMPT_RULES` and `async_fn` (its handler blocks the server as a tool's
/// would); for a resource [`RESOURCE_RULES`].
pub(crate) fn rules_for(kind: Kind) -> Vec<Rule> {
    match kind {
        Kind::Tool => Rule::ALL.to_vec(),
        Kind::Prompt => {
            let mut rules = mcp_tools_rules::PROMPT_RULES.to_vec();
            if !rules.contains(&Rule::AsyncFn) {
                rules.push(Rule::AsyncFn);
            }
            rules
        }
        Kind::Resource => RESOURCE_RULES.to_vec(),
    }
}

/// The design rules that judge a resource: its description (a resource's listing is read by
/// a client choosing what to put in front of the model, so a missing one is a warning, a
/// placeholder an error) and its handler. Its name is a display name, and its template
/// variables are not described on the wire, so the naming and parameter rules do not apply.
pub(crate) const RESOURCE_RULES: &[Rule] = &[
    Rule::DescriptionRequired,
    Rule::DescriptionPlaceholder,
    Rule::AsyncFn,
];

/// The keys `[package.metadata.mcp-tools]` accepts.
const KEYS: &[&str] = &["namespace", "strict", "rules"];

/// The crate's settings; problems in them are kept to be reported once.
#[derive(Default, Debug)]
pub(crate) struct Config {
    /// The manifest it was read from, if any.
    pub(crate) manifest: Option<PathBuf>,
    /// The namespace of tools that give none.
    pub(crate) namespace: Option<String>,
    pub(crate) strict: bool,
    /// Levels set per rule, in the order written.
    pub(crate) levels: Vec<(Rule, Level)>,
    /// What is wrong in the settings: a message and its help.
    pub(crate) problems: Vec<(String, String)>,
}

impl Config {
    /// The settings of the crate being compiled; empty outside Cargo.
    pub(crate) fn load() -> Config {
        let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
            return Config::default();
        };
        let path = Path::new(&dir).join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Config::default();
        };
        let mut config = Config::parse(&text);
        config.manifest = Some(path);
        config
    }

    /// Reads `[package.metadata.mcp-tools]` from a manifest's text.
    pub(crate) fn parse(text: &str) -> Config {
        let mut config = Config::default();
        // Cargo has already refused a manifest that does not parse.
        let Ok(manifest) = text.parse::<toml::Table>() else {
            return config;
        };
        let Some(settings) = manifest
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("mcp-tools"))
        else {
            return config;
        };
        let Some(settings) = settings.as_table() else {
            config.problem(
                "`[package.metadata.mcp-tools]` is not a table",
                "write it as a table: `[package.metadata.mcp-tools]` followed by `key = value` lines",
            );
            return config;
        };
        for (key, value) in settings {
            match key.as_str() {
                "namespace" => match value.as_str() {
                    Some(ns) => config.namespace = Some(ns.to_owned()),
                    None => config.problem(
                        format!(
                            "`namespace` in `[package.metadata.mcp-tools]` is {}, not a string",
                            shown(value)
                        ),
                        "write `namespace = \"shipment\"`",
                    ),
                },
                "strict" => match value.as_bool() {
                    Some(strict) => config.strict = strict,
                    None => config.problem(
                        format!(
                            "`strict` in `[package.metadata.mcp-tools]` is {}, not true or false",
                            shown(value)
                        ),
                        "write `strict = true` to make every warning an error",
                    ),
                },
                "rules" => config.read_rules(value),
                other => {
                    let help = match suggest::closest(other, KEYS.iter().copied()) {
                        Some(near) => format!(
                            "did you mean `{near}`? the keys are `namespace`, `strict` and `rules`"
                        ),
                        None => "the keys are `namespace`, `strict` and `rules`".to_owned(),
                    };
                    config.problem(
                        format!("unknown key `{other}` in `[package.metadata.mcp-tools]`"),
                        help,
                    );
                }
            }
        }
        config
    }

    fn read_rules(&mut self, value: &toml::Value) {
        let Some(rules) = value.as_table() else {
            self.problem(
                "`rules` in `[package.metadata.mcp-tools]` is not a table",
                "write `[package.metadata.mcp-tools.rules]` followed by lines like `verb_first = \"allow\"`",
            );
            return;
        };
        for (id, level) in rules {
            let rule = Rule::from_id(id);
            let parsed = level.as_str().and_then(Level::parse);
            match (rule, parsed) {
                (Some(rule), Some(level)) => self.levels.push((rule, level)),
                (None, _) => {
                    let help = match suggest::closest(id, Rule::ALL.iter().map(|r| r.id())) {
                        Some(near) => {
                            format!("did you mean `{near}`? rule ids: {}", Rule::listed())
                        }
                        None => format!("rule ids: {}", Rule::listed()),
                    };
                    self.problem(
                        format!("unknown rule `{id}` in `[package.metadata.mcp-tools.rules]`"),
                        help,
                    );
                }
                (Some(_), None) => self.problem(
                    format!(
                        "`{id} = {}` in `[package.metadata.mcp-tools.rules]` is not a level",
                        shown(level)
                    ),
                    format!("write `{id} = \"allow\"`, `\"warn\"` or `\"error\"`"),
                ),
            }
        }
    }

    fn problem(&mut self, message: impl Into<String>, help: impl Into<String>) {
        self.problems.push((message.into(), help.into()));
    }

    /// The levels for tools of this crate, before a tool's own `allow(...)`.
    pub(crate) fn levels(&self) -> Levels {
        self.levels_over(Levels::default())
    }

    /// The levels for a `kind` fn of this crate, before its own `allow(...)`. A prompt is
    /// judged by the rules `mcp_tools_rules::check_prompt` runs (and `async_fn`), at the
    /// crate's levels; a resource by [`RESOURCE_RULES`], a missing description a warning
    /// unless the crate says otherwise.
    pub(crate) fn levels_for(&self, kind: Kind) -> Levels {
        match kind {
            Kind::Tool | Kind::Prompt => self.levels(),
            Kind::Resource => {
                let mut base = Levels::default();
                base.set(Rule::DescriptionRequired, Level::Warn);
                let mut levels = self.levels_over(base);
                for rule in Rule::ALL {
                    if !RESOURCE_RULES.contains(rule) {
                        levels.set(*rule, Level::Allow);
                    }
                }
                levels
            }
        }
    }

    /// `base`, then the crate's settings, then `strict`.
    fn levels_over(&self, base: Levels) -> Levels {
        let mut levels = base;
        for (rule, level) in &self.levels {
            levels.set(*rule, *level);
        }
        if self.strict {
            levels.strict();
        }
        levels
    }

    /// Reports the settings' problems at the first tool of the build only, so that one
    /// mistake in Cargo.toml gives one error, not one per tool.
    pub(crate) fn report(&self, cx: &mut Diagnostics) {
        static REPORTED: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);
        if self.problems.is_empty() {
            return;
        }
        let first = {
            let mut reported = REPORTED
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let key = self.manifest.clone().unwrap_or_default();
            reported.get_or_insert_with(HashSet::new).insert(key)
        };
        if first {
            for (message, help) in &self.problems {
                cx.error(Span::call_site(), format!("{message} (Cargo.toml)"), help);
            }
        }
    }

    /// Makes the manifest an input of the crate, so that editing the settings rebuilds it.
    pub(crate) fn tracking(&self) -> TokenStream {
        match self.manifest.as_ref().and_then(|p| p.to_str()) {
            Some(path) => quote! {
                const _: &[u8] = ::core::include_bytes!(#path);
            },
            None => TokenStream::new(),
        }
    }
}

/// A TOML value as the user wrote it, for messages.
fn shown(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("{s:?}"),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        other => format!("a {}", other.type_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::Config;
    use mcp_tools_rules::{Level, Rule};

    #[test]
    fn reads_namespace_strict_and_levels() {
        let config = Config::parse(
            r#"
[package]
name = "x"

[package.metadata.mcp-tools]
namespace = "fs"
strict = true

[package.metadata.mcp-tools.rules]
namespace_required = "allow"
verb_first = "error"
"#,
        );
        assert!(config.problems.is_empty(), "{:?}", config.problems);
        assert_eq!(config.namespace.as_deref(), Some("fs"));
        let levels = config.levels();
        assert_eq!(levels.get(Rule::NamespaceRequired), Level::Allow);
        assert_eq!(levels.get(Rule::VerbFirst), Level::Error);
        // strict raises every warning, and leaves what is allowed alone.
        assert_eq!(levels.get(Rule::NameStyle), Level::Error);
    }

    #[test]
    fn no_settings_means_defaults() {
        let config = Config::parse("[package]\nname = \"x\"\n");
        assert!(config.problems.is_empty());
        assert_eq!(config.levels().get(Rule::VerbFirst), Level::Warn);
        assert_eq!(config.levels().get(Rule::UnitInName), Level::Error);
    }

    #[test]
    fn mistakes_are_named_with_the_fix() {
        let config = Config::parse(
            r#"
[package.metadata.mcp-tools]
namespce = "fs"
strict = "yes"
rules = { verb_frist = "allow", name_style = "off" }
"#,
        );
        let text = format!("{:?}", config.problems);
        assert!(text.contains("unknown key `namespce`"), "{text}");
        assert!(text.contains("did you mean `namespace`"), "{text}");
        assert!(text.contains("`strict`"), "{text}");
        assert!(text.contains("unknown rule `verb_frist`"), "{text}");
        assert!(text.contains("did you mean `verb_first`"), "{text}");
        assert!(text.contains("`name_style = \\\"off\\\"`"), "{text}");
        assert_eq!(config.problems.len(), 4);
    }
}
