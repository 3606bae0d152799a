//! `mcp-tools-lint.toml`: rule levels and waivers, as a crate sets them for `#[tool]` in its
//! `[package.metadata.mcp-tools]`.
//!
//! ```toml
//! strict = false                 # every warning is an error
//!
//! [rules]
//! verb_first = "error"           # "allow", "warn" or "error"
//! description_length = "allow"
//!
//! [tools.read_file]              # one tool, by its published name
//! allow = ["path_format"]        # waived for it; say why in a comment
//!
//! [prompts.AssignCodingAgent]    # one prompt, by its published name
//! allow = ["name_style"]
//! ```
//!
//! `[rules]` and `strict` apply to tools and prompts alike.
//!
//! An unknown key, rule id or level is refused with the nearest valid one named, so a typo
//! never silently leaves a rule on or off.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use mcp_tools_rules::{Level, Levels, Rule, published};
use mcp_tools_shared::suggest;

/// The file read when `--config` is not given, if it exists.
pub const DEFAULT_FILE: &str = "mcp-tools-lint.toml";

/// Rule levels and waivers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Every warning is an error.
    pub strict: bool,
    /// Levels set per rule.
    pub levels: Vec<(Rule, Level)>,
    /// Rules waived per tool, by published name.
    pub allow: BTreeMap<String, Vec<Rule>>,
    /// Rules waived per prompt, by published name.
    pub allow_prompts: BTreeMap<String, Vec<Rule>>,
}

impl Settings {
    /// The settings in `path`, else in [`DEFAULT_FILE`] if it exists, else the defaults.
    pub fn find(path: Option<&Path>) -> Result<Settings, String> {
        let path: PathBuf = match path {
            Some(path) => path.to_owned(),
            None if Path::new(DEFAULT_FILE).exists() => PathBuf::from(DEFAULT_FILE),
            None => return Ok(Settings::default()),
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Settings::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads settings from their TOML text.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let table: toml::Table = text.parse().map_err(|e| format!("not TOML: {e}"))?;
        let mut settings = Settings::default();
        for (key, value) in &table {
            match key.as_str() {
                "strict" => {
                    settings.strict = value.as_bool().ok_or("`strict` is true or false")?;
                }
                "rules" => {
                    let rules = value
                        .as_table()
                        .ok_or("`[rules]` is a table of `rule = \"level\"`")?;
                    for (id, level) in rules {
                        let rule = rule(id)?;
                        let level = level.as_str().and_then(Level::parse).ok_or_else(|| {
                            format!("the level of `{id}` is \"allow\", \"warn\" or \"error\"")
                        })?;
                        settings.levels.push((rule, level));
                    }
                }
                "tools" => settings.allow = waivers(key, value)?,
                "prompts" => settings.allow_prompts = waivers(key, value)?,
                other => {
                    let keys = ["strict", "rules", "tools", "prompts"];
                    return Err(match suggest::closest(other, keys.iter().copied()) {
                        Some(near) => format!(
                            "unknown key `{other}`; did you mean `{near}`? the keys are `strict`, `rules`, `tools` and `prompts`"
                        ),
                        None => format!(
                            "unknown key `{other}`; the keys are `strict`, `rules`, `tools` and `prompts`"
                        ),
                    });
                }
            }
        }
        Ok(settings)
    }

    /// The levels `tool` is judged at: a published server's defaults, then the file's
    /// levels, `strict`, and the tool's waivers.
    #[must_use]
    pub fn levels_for(&self, tool: &str) -> Levels {
        self.levels_with(self.allow.get(tool))
    }

    /// The levels the prompt named `prompt` is judged at: as a tool's, with the prompt's
    /// waivers (`[prompts.<name>]`).
    #[must_use]
    pub fn levels_for_prompt(&self, prompt: &str) -> Levels {
        self.levels_with(self.allow_prompts.get(prompt))
    }

    fn levels_with(&self, waived: Option<&Vec<Rule>>) -> Levels {
        let mut levels = published::levels();
        for (rule, level) in &self.levels {
            levels.set(*rule, *level);
        }
        if self.strict {
            levels.strict();
        }
        for rule in waived.into_iter().flatten() {
            levels.set(*rule, Level::Allow);
        }
        levels
    }
}

/// `[tools.<name>]` or `[prompts.<name>]` (`section`): each name's waived rules.
fn waivers(section: &str, value: &toml::Value) -> Result<BTreeMap<String, Vec<Rule>>, String> {
    let noun = if section == "tools" { "tool" } else { "prompt" };
    let table = value
        .as_table()
        .ok_or_else(|| format!("`[{section}.<name>]` holds one {noun}'s waivers"))?;
    let mut out = BTreeMap::new();
    for (name, waiver) in table {
        let allowed = waiver
            .get("allow")
            .and_then(toml::Value::as_array)
            .ok_or_else(|| format!("`[{section}.{name}]` takes `allow = [\"rule_id\", …]`"))?;
        let rules = allowed
            .iter()
            .map(|id| {
                id.as_str()
                    .ok_or("rule ids are strings")
                    .map_err(str::to_owned)
                    .and_then(rule)
            })
            .collect::<Result<Vec<_>, _>>()?;
        out.insert(name.clone(), rules);
    }
    Ok(out)
}

/// The rule with id `id`, or an error naming the nearest.
fn rule(id: &str) -> Result<Rule, String> {
    Rule::from_id(id).ok_or_else(|| {
        let ids = Rule::ALL.iter().map(|r| r.id());
        match suggest::closest(id, ids) {
            Some(near) => format!("unknown rule `{id}`; did you mean `{near}`?"),
            None => format!("unknown rule `{id}`; the rules are {}", Rule::listed()),
        }
    })
}

#[cfg(test)]
mod tests {
    use mcp_tools_rules::{Level, Rule};

    use super::Settings;

    #[test]
    fn levels_waivers_and_strictness() {
        let settings = Settings::parse(
            "strict = true\n[rules]\nverb_first = \"allow\"\n[tools.read_file]\nallow = [\"path_format\"]\n",
        )
        .unwrap();
        let levels = settings.levels_for("read_file");
        assert_eq!(levels.get(Rule::PathFormat), Level::Allow);
        assert_eq!(levels.get(Rule::VerbFirst), Level::Allow);
        assert_eq!(levels.get(Rule::NameStyle), Level::Error, "strict");
        assert_eq!(
            settings.levels_for("other").get(Rule::PathFormat),
            Level::Error
        );
    }

    #[test]
    fn a_prompt_has_waivers_of_its_own() {
        let settings = Settings::parse(
            "[rules]\ndescription_length = \"error\"\n[prompts.AssignCodingAgent]\nallow = [\"name_style\"]\n",
        )
        .unwrap();
        let prompt = settings.levels_for_prompt("AssignCodingAgent");
        assert_eq!(prompt.get(Rule::NameStyle), Level::Allow);
        assert_eq!(prompt.get(Rule::DescriptionLength), Level::Error);
        // Waived for the prompt only: a tool of that name keeps the rule.
        assert_eq!(
            settings
                .levels_for("AssignCodingAgent")
                .get(Rule::NameStyle),
            Level::Warn
        );
        let e = Settings::parse("[prompt.x]\nallow = []\n").unwrap_err();
        assert!(e.contains("did you mean `prompts`"), "{e}");
        let e = Settings::parse("[prompts.x]\nallow = [\"name_stile\"]\n").unwrap_err();
        assert!(e.contains("did you mean `name_style`"), "{e}");
    }

    #[test]
    fn typos_are_refused_with_the_nearest_name() {
        let e = Settings::parse("[rules]\nverb_frist = \"allow\"\n").unwrap_err();
        assert!(e.contains("did you mean `verb_first`"), "{e}");
        let e = Settings::parse("[rules]\nverb_first = \"off\"\n").unwrap_err();
        assert!(e.contains("\"allow\", \"warn\" or \"error\""), "{e}");
        let e = Settings::parse("stric = true\n").unwrap_err();
        assert!(e.contains("did you mean `strict`"), "{e}");
    }
}
