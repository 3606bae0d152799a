//! Helpers for a server's own tests (feature `testing`): a contract test for the catalog,
//! [`assert_catalog`], and [`cursor_for`], a page cursor as the registry would mint it.

use std::{collections::BTreeMap, fmt::Write as _, path::Path};

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use crate::{page, page::PageCursor, registry::Registry};

/// The environment variable that accepts a changed catalog: `MCP_TOOLS_UPDATE_CATALOG=1`.
pub const UPDATE_ENV: &str = "MCP_TOOLS_UPDATE_CATALOG";

/// The reviewed form of the catalog: every listed definition, and where each alias leads;
/// with the prompts, resources and resource templates of a registry that has them.
#[must_use]
pub fn catalog_json(registry: &Registry) -> Value {
    let aliases: BTreeMap<&str, &str> = registry
        .inner
        .entries
        .iter()
        .flat_map(|t| t.aliases().iter().map(move |a| (a.name, t.name())))
        .collect();
    let mut catalog = json!({ "tools": registry.tool_definitions(), "aliases": aliases });
    let prompts = registry.prompt_definitions();
    if !prompts.is_empty() {
        catalog["prompts"] = as_sent(&prompts);
    }
    let (resources, templates) = registry.resource_definitions();
    if !resources.is_empty() {
        catalog["resources"] = as_sent(&resources);
    }
    if !templates.is_empty() {
        catalog["resourceTemplates"] = as_sent(&templates);
    }
    catalog
}

/// `value` as the wire has it: through its JSON text, so an `f32` (a resource's priority)
/// reads `0.9`, not the `0.8999999761581421` a direct conversion makes of it.
fn as_sent(value: &impl serde::Serialize) -> Value {
    serde_json::to_string(value)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// The sections of the catalog besides the tools: key, the field that names an entry, and
/// what an entry is called.
const ITEM_SECTIONS: [(&str, &str, &str); 3] = [
    ("prompts", "name", "prompt"),
    ("resources", "uri", "resource"),
    ("resourceTemplates", "uriTemplate", "resource template"),
];

/// Compares `registry`'s `tools/list` (names, titles, descriptions, schemas,
/// annotations), its prompts and resources (if it has any) and aliases with the reviewed file at `path`, and panics with a readable
/// diff on any change. A removed name that is not an alias of another tool is called
/// out: clients still calling it would fail, so its successor should keep it as an
/// alias. Run with `MCP_TOOLS_UPDATE_CATALOG=1` to write the file after reviewing.
///
/// # Panics
///
/// When the catalog differs from the file or the file is missing (the test fails), or
/// when updating and the file cannot be written.
///
/// ```no_run
/// # fn registry() -> mcp_tools::Registry {
/// #     mcp_tools::Registry::builder().server_info("shipments", "1.0.0").build().unwrap()
/// # }
/// #[test]
/// fn the_catalog_is_reviewed() {
///     mcp_tools::testing::assert_catalog(&registry(), "tests/catalog.json");
/// }
/// ```
#[track_caller]
pub fn assert_catalog(registry: &Registry, path: impl AsRef<Path>) {
    let update = std::env::var(UPDATE_ENV).is_ok_and(|v| v == "1");
    check_catalog(registry, path.as_ref(), update);
}

/// [`assert_catalog`], with `update` read from the environment.
#[track_caller]
fn check_catalog(registry: &Registry, path: &Path, update: bool) {
    let current = catalog_json(registry);
    let reviewed = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok());
    if reviewed.as_ref() == Some(&current) {
        return;
    }
    if update {
        let text = serde_json::to_string_pretty(&current).unwrap_or_default() + "\n";
        // The first catalog of a crate goes where it says, `tests/` included.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Err(err) = std::fs::create_dir_all(dir)
        {
            panic!("cannot create {} for the catalog: {err}", dir.display());
        }
        if let Err(err) = std::fs::write(path, text) {
            panic!("cannot write the catalog to {}: {err}", path.display());
        }
        return;
    }
    let Some(reviewed) = reviewed else {
        panic!(
            "no reviewed catalog at {}; review the tools and write it with {UPDATE_ENV}=1",
            path.display()
        );
    };
    panic!("{}", describe_changes(&reviewed, &current, path));
}

/// One line per change, with a line diff of each changed definition.
#[must_use]
pub fn describe_changes(reviewed: &Value, current: &Value, path: &Path) -> String {
    let (old, new) = (
        by_key(reviewed, "tools", "name"),
        by_key(current, "tools", "name"),
    );
    let aliases = current["aliases"].as_object().cloned().unwrap_or_default();
    let mut out = format!("the tool catalog differs from {}:\n", path.display());
    for name in old.keys().filter(|n| !new.contains_key(*n)) {
        match aliases.get(name).and_then(Value::as_str) {
            Some(successor) => {
                let _ = writeln!(
                    out,
                    "- `{name}` is no longer listed; calls still reach `{successor}` through its alias"
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "- `{name}` was removed and is not an alias of any tool: clients calling it will fail. If it was renamed, add `aliases(\"{name}\")` to its successor's #[tool]"
                );
            }
        }
    }
    for name in new.keys().filter(|n| !old.contains_key(*n)) {
        let _ = writeln!(out, "- `{name}` was added");
    }
    changed(&mut out, "", &old, &new);
    for (section, key, what) in ITEM_SECTIONS {
        let (old, new) = (
            by_key(reviewed, section, key),
            by_key(current, section, key),
        );
        for name in old.keys().filter(|n| !new.contains_key(*n)) {
            let _ = writeln!(
                out,
                "- {what} `{name}` was removed: clients that use it will fail"
            );
        }
        for name in new.keys().filter(|n| !old.contains_key(*n)) {
            let _ = writeln!(out, "- {what} `{name}` was added");
        }
        changed(&mut out, &format!("{what} "), &old, &new);
    }
    if reviewed["aliases"] != current["aliases"] {
        let _ = writeln!(
            out,
            "- aliases changed: {} → {}",
            reviewed["aliases"], current["aliases"]
        );
    }
    let _ = write!(
        out,
        "review the changes, then accept them with {UPDATE_ENV}=1"
    );
    out
}

/// The entries of `catalog[section]`, by their `key` field.
fn by_key(catalog: &Value, section: &str, key: &str) -> BTreeMap<String, Value> {
    catalog[section]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| (t[key].as_str().unwrap_or_default().to_owned(), t.clone()))
        .collect()
}

/// A line diff of each entry of both `old` and `new` that changed.
fn changed(
    out: &mut String,
    what: &str,
    old: &BTreeMap<String, Value>,
    new: &BTreeMap<String, Value>,
) {
    for (name, before) in old {
        let Some(after) = new.get(name) else { continue };
        if before == after {
            continue;
        }
        let _ = writeln!(out, "- {what}`{name}` changed:");
        let before = serde_json::to_string_pretty(before).unwrap_or_default();
        let after = serde_json::to_string_pretty(after).unwrap_or_default();
        let diff = similar::TextDiff::from_lines(&before, &after);
        for change in diff.iter_all_changes() {
            let sign = match change.tag() {
                similar::ChangeTag::Delete => "-",
                similar::ChangeTag::Insert => "+",
                similar::ChangeTag::Equal => continue,
            };
            let _ = write!(out, "    {sign} {change}");
        }
    }
}

/// The wire form of `cursor` as `registry` mints it for `tool` called with `arguments`
/// (the cursor and the response format left out), for tests that call a tool whose cursor
/// is required.
#[must_use]
pub fn cursor_for(
    registry: &Registry,
    tool: &str,
    cursor: &PageCursor,
    arguments: &JsonObject,
) -> String {
    // Fingerprinted as a call of the tool is: its defaults count, its cursor and format do not.
    let entry = registry.inner.entries.iter().find(|e| e.name() == tool);
    let defaults = entry.map_or(&[][..], |e| e.validator.defaults());
    let skip = entry.map_or([None, None], |e| [e.cursor_param, e.format_param]);
    page::mint(
        &registry.inner.sealer,
        cursor.offset(),
        tool,
        page::fingerprint(arguments, defaults, &skip),
        std::time::SystemTime::now(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updating_writes_the_first_catalog_where_it_says_folders_included() {
        let registry = Registry::builder()
            .server_info("empty", "1.0.0")
            .build()
            .expect("builds");
        let dir = std::env::temp_dir().join(format!("mcp-tools-catalog-{}", std::process::id()));
        let path = dir.join("tests").join("catalog.json");
        check_catalog(&registry, &path, true);
        assert!(path.is_file(), "{} was written", path.display());
        // Now reviewed: the same catalog passes without updating.
        check_catalog(&registry, &path, false);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
