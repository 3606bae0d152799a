//! Bridges between the words users say and the words tools are described in: groups of
//! general English and software words that mean the same action or object, phrases, and
//! the kinds of values a task may quote (a URL, a file name). Any catalog meets these; what
//! is particular to one catalog belongs in its tools' keywords.
//!
//! A match through this table scores below a match on the word itself.

use std::{collections::HashMap, sync::LazyLock};

/// Words that stand for one another, one group a line. A word may be in two groups.
const GROUPS: &[&str] = &[
    // actions
    "delete remove erase drop discard destroy purge wipe forget trash unlink",
    "create make add new insert generate compose",
    "write save store put persist",
    "update edit change modify alter set patch amend rewrite adjust",
    "get fetch retrieve read show view display see inspect",
    "list show enumerate browse",
    "search find query lookup locate seek filter",
    "send post message tell notify publish announce",
    "reply respond answer",
    "star bookmark favorite favourite",
    "cancel abort terminate halt stop",
    "run execute trigger launch invoke start perform",
    "rerun retry restart",
    "close resolve finish complete",
    "merge combine squash integrate",
    "assign allocate delegate reassign",
    "copy duplicate clone fork replicate",
    "move relocate transfer rename",
    "upload attach",
    "download export",
    "react reaction emoji",
    "approve accept endorse",
    "reject decline deny refuse dismiss",
    "subscribe follow watch",
    "unsubscribe unfollow unwatch mute silence",
    "label tag categorize categorise",
    "compare diff difference",
    "revert undo rollback restore reset",
    "pause suspend freeze",
    "resume continue unpause",
    "enable activate",
    "disable deactivate",
    "share grant invite",
    "lock restrict protect",
    "click press tap hit",
    "type enter input fill",
    "summarize summarise summary",
    "calculate compute evaluate",
    "screenshot capture snapshot",
    "schedule book",
    "count number total tally",
    "remember memorize memorise record",
    "link connect associate relate",
    "navigate go visit open",
    "convert transform translate",
    "check verify validate",
    "sort order rank",
    "explain analyze analyse diagnose investigate debug",
    "review inspect audit examine",
    "publish release deploy ship",
    "report flag",
    "comment remark annotate feedback",
    // objects
    "folder directory dir",
    "file document",
    "image picture photo media",
    "docs documentation manual guide",
    "repo repository codebase",
    "issue ticket bug",
    "user account member person people profile",
    "team group",
    "org organization organisation company",
    "email mail inbox",
    "meeting event appointment",
    "invoice bill",
    "payment charge transaction",
    "customer client buyer",
    "product item catalog catalogue",
    "price cost pricing",
    "error exception crash failure",
    "page webpage website site",
    "address location place",
    "database db sql",
    "column field attribute property",
    "row record entry",
    "version release",
    "secret password credential token",
    "notification ping mention alert",
    "dropdown select option choice combobox",
    "popup dialog modal prompt",
    "window viewport",
    "size bytes",
    "coordinates latitude longitude",
    "note memo",
    "chat conversation",
    "channel room",
    "history log timeline activity",
    "status state",
    "author creator owner",
    "config configuration settings preferences",
    "environment env",
    "vulnerability security advisory cve",
    "dependency library",
    "shipment parcel package delivery",
    "workflow pipeline job build",
    "wiki page article",
    "permission access role",
    "quota limit",
    "distance route directions",
    "elevation altitude height",
    "code source snippet script",
    "commit revision changeset",
    "relation relationship",
    "entity node",
    "observation fact",
];

/// Phrases, matched on a query's words with its stop words, and the words they mean.
const PHRASES: &[(&str, &[&str])] = &[
    ("get rid of", &["delete", "remove"]),
    ("clean up", &["delete", "remove"]),
    ("set up", &["create"]),
    ("look up", &["search", "find"]),
    ("look for", &["search", "find"]),
    ("search for", &["search", "find"]),
    ("look through", &["search"]),
    ("find out", &["get"]),
    ("look at", &["get", "read", "view"]),
    ("money back", &["refund"]),
    ("pay back", &["refund"]),
    ("call off", &["cancel"]),
    ("kick off", &["run", "start"]),
    ("run again", &["rerun", "retry"]),
    ("re run", &["rerun", "retry"]),
    ("hand over", &["assign"]),
    ("hand off", &["assign"]),
    ("sign off", &["approve"]),
    ("roll back", &["rollback", "revert"]),
    ("go back", &["back"]),
    ("turn on", &["enable"]),
    ("switch on", &["enable"]),
    ("turn off", &["disable"]),
    ("switch off", &["disable"]),
    ("log in", &["login", "authenticate"]),
    ("sign in", &["login", "authenticate"]),
    ("logged in", &["authenticated"]),
    ("signed in", &["authenticated"]),
    ("log out", &["logout"]),
    ("sign out", &["logout"]),
    ("sign up", &["signup", "register"]),
    ("signed up", &["signup", "registered"]),
    ("how many", &["count"]),
    ("add up", &["sum"]),
    ("pull request", &["pr"]),
    ("merge request", &["mr"]),
    ("drop down", &["dropdown", "select"]),
    ("thumbs up", &["reaction", "emoji"]),
    ("how far", &["distance"]),
    ("how long", &["duration"]),
    ("right now", &["current"]),
    ("fill in", &["fill"]),
    ("fill out", &["fill"]),
    ("write down", &["note", "record"]),
    ("note down", &["note", "record"]),
    ("back up", &["backup"]),
    ("check out", &["checkout"]),
];

/// Each word of [`GROUPS`] and the others of its groups.
static EQUIVALENTS: LazyLock<HashMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| {
    let mut map: HashMap<&str, Vec<&str>> = HashMap::new();
    for group in GROUPS {
        let members: Vec<&str> = group.split(' ').collect();
        for word in &members {
            let others = map.entry(word).or_default();
            for other in &members {
                if other != word && !others.contains(other) {
                    others.push(other);
                }
            }
        }
    }
    map
});

/// The words `word` stands for, besides itself.
pub(super) fn equivalents(word: &str) -> &'static [&'static str] {
    EQUIVALENTS.get(word).map_or(&[], Vec::as_slice)
}

/// The phrases of `words` (a query's words, in order, stop words kept), each with the
/// words it means.
pub(super) fn phrases(words: &[String]) -> impl Iterator<Item = &'static [&'static str]> + '_ {
    PHRASES.iter().filter_map(move |(phrase, means)| {
        let parts: Vec<&str> = phrase.split(' ').collect();
        words
            .windows(parts.len())
            .any(|window| window.iter().zip(&parts).all(|(w, p)| w == p))
            .then_some(*means)
    })
}

/// What a quoted value says about the task: a URL is about a web page, `config.yaml` about
/// a file, `/var/log` about a path, `jane@example.com` about email, `v1.2.0` about a
/// version, the name of a release or tag.
pub(super) fn value_kind(token: &str) -> Option<&'static [&'static str]> {
    let token = super::terms::bare(token);
    let lower = token.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("www.") {
        return Some(&["url", "web", "page"]);
    }
    if let Some((user, host)) = token.split_once('@')
        && !user.is_empty()
        && host.contains('.')
        && !host.contains('@')
    {
        return Some(&["email"]);
    }
    // `v1.2.0`, `v2.1`, `1.4.2`: numbers joined by dots, after a `v` or with two dots (a
    // lone `40.7128` is a number).
    let (number, dots) = match token.strip_prefix(['v', 'V']) {
        Some(number) => (number, 1),
        None => (token, 2),
    };
    if number.matches('.').count() >= dots
        && number
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
    {
        return Some(&["version", "release", "tag"]);
    }
    if token.starts_with('/') || token.starts_with("~/") {
        return Some(&["path", "directory"]);
    }
    // `name.ext`: a short extension that starts with a letter (not a version, `1.2.0`).
    if let Some((stem, extension)) = token.rsplit_once('.')
        && stem
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        && (1..=5).contains(&extension.len())
        && extension.starts_with(|c: char| c.is_ascii_alphabetic())
        && extension.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Some(&["file"]);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_symmetric() {
        assert!(equivalents("erase").contains(&"delete"));
        assert!(equivalents("delete").contains(&"erase"));
        assert!(equivalents("bookmark").contains(&"star"));
        assert!(equivalents("refund").is_empty());
    }

    #[test]
    fn phrases_match_whole_words_in_order() {
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        let found: Vec<_> = phrases(&words("give the customer their money back")).collect();
        assert_eq!(found, [&["refund"][..]]);
        assert_eq!(phrases(&words("back money")).count(), 0);
    }

    #[test]
    fn values_tell_their_kind() {
        assert_eq!(
            value_kind("https://example.com/post"),
            Some(&["url", "web", "page"][..])
        );
        assert_eq!(value_kind("config.yaml,"), Some(&["file"][..]));
        assert_eq!(value_kind("/var/log"), Some(&["path", "directory"][..]));
        assert_eq!(value_kind("jane@example.com"), Some(&["email"][..]));
        assert_eq!(
            value_kind("v1.2.0"),
            Some(&["version", "release", "tag"][..])
        );
        assert_eq!(
            value_kind("1.4.2?"),
            Some(&["version", "release", "tag"][..])
        );
        assert_eq!(value_kind("v2.1"), Some(&["version", "release", "tag"][..]));
        assert_eq!(value_kind("40.7128,"), None);
        assert_eq!(value_kind("1."), None);
        assert_eq!(value_kind("refund"), None);
    }
}
