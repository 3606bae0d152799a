//! The compile-time check behind `catalog![...]`: tools as `tools![...]` checks them, no two
//! prompts with one name, and no two resources whose URIs or templates can match one URI.

use mcp_tools_shared::uri_template::overlap;

use crate::collision::{Collision, between, same};

/// What the check compares of one listed item.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum ItemKey {
    /// A tool's wire name and aliases.
    Tool {
        name: &'static str,
        aliases: &'static [&'static str],
    },
    /// A prompt's wire name.
    Prompt { name: &'static str },
    /// A resource's URI or URI template.
    Resource { uri: &'static str },
}

/// The first collision of `items[i]` with an item listed before it, if any. `catalog![...]`
/// checks each item in a const of its own: a const's evaluation has a step budget, which one
/// check of a hundred resources against each other would exceed.
#[doc(hidden)]
#[must_use]
pub const fn find_item_collision_at(items: &[(ItemKey, &str)], i: usize) -> Option<Collision> {
    let mut j = 0;
    while j < i {
        if let Some(found) = pair(items[j], items[i]) {
            return Some(found);
        }
        j += 1;
    }
    None
}

const fn pair(a: (ItemKey, &str), b: (ItemKey, &str)) -> Option<Collision> {
    let ((a, a_path), (b, b_path)) = (a, b);
    if same(a_path, b_path) {
        return Some(
            Collision::new()
                .push("`")
                .push(a_path)
                .push("` is listed twice in catalog![...]\n= help: remove one of them"),
        );
    }
    match (a, b) {
        (
            ItemKey::Tool {
                name: a_name,
                aliases: a_aliases,
            },
            ItemKey::Tool {
                name: b_name,
                aliases: b_aliases,
            },
        ) => between((a_name, a_aliases, a_path), (b_name, b_aliases, b_path)),
        (ItemKey::Prompt { name: a_name }, ItemKey::Prompt { name: b_name }) => {
            if same(a_name, b_name) {
                Some(
                    Collision::new()
                        .push("prompts `")
                        .push(a_path)
                        .push("` and `")
                        .push(b_path)
                        .push("` share the name `")
                        .push(a_name)
                        .push("`: prompts/get could reach only one of them\n= help: rename one with #[prompt(name = \"…\")] or a different namespace"),
                )
            } else {
                None
            }
        }
        (ItemKey::Resource { uri: a_uri }, ItemKey::Resource { uri: b_uri }) => {
            if overlap(a_uri, b_uri) {
                Some(
                    Collision::new()
                        .push("resources `")
                        .push(a_path)
                        .push("` (`")
                        .push(a_uri)
                        .push("`) and `")
                        .push(b_path)
                        .push("` (`")
                        .push(b_uri)
                        .push("`) can match the same URI: a read of it could reach only one of them\n= help: give one of them a literal part the other cannot match, such as a different path segment"),
                )
            } else {
                None
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{ItemKey, find_item_collision_at};
    use crate::collision::Collision;

    /// The first collision of any item with one before it, as `catalog![...]`'s consts find.
    fn first(items: &[(ItemKey, &str)]) -> Option<Collision> {
        (1..items.len()).find_map(|i| find_item_collision_at(items, i))
    }

    #[test]
    fn prompts_by_name_and_resources_by_overlap() {
        let prompt = |name| ItemKey::Prompt { name };
        let resource = |uri| ItemKey::Resource { uri };
        let found = first(&[(prompt("a_b"), "f"), (prompt("a_b"), "g")]).unwrap();
        assert!(
            found
                .as_str()
                .starts_with("prompts `f` and `g` share the name `a_b`")
        );
        let found = first(&[
            (resource("loan://{loan_id}"), "read_loan"),
            (resource("loan://policy"), "policy"),
        ])
        .unwrap();
        assert!(
            found.as_str().starts_with("resources `read_loan`"),
            "{}",
            found.as_str()
        );
        assert!(
            first(&[
                (resource("loan://{loan_id}/history"), "history"),
                (resource("loan://{loan_id}"), "loan"),
                (prompt("loan"), "p"),
                (
                    ItemKey::Tool {
                        name: "loan",
                        aliases: &[]
                    },
                    "t"
                ),
            ])
            .is_none()
        );
    }

    /// A catalog's worth of resources; the last is checked against all the others in one
    /// const evaluation, as `catalog![...]` checks it: a check too slow for the compiler's
    /// const-evaluation limit fails to build this test.
    const CATALOG: [(ItemKey, &str); 40] = {
        const URIS: [&str; 40] = [
            "library://policy/loans",
            "library://policy/fines",
            "library://policy/holds",
            "library://policy/renewals",
            "library://branches",
            "library://branches/{branch_id}",
            "library://branches/{branch_id}/hours",
            "library://branches/{branch_id}/events/{event_id}",
            "loan://{loan_id}",
            "loan://{loan_id}/history",
            "loan://{loan_id}/renewals",
            "loan://{loan_id}/fines/{fine_id}",
            "book://{isbn}",
            "book://{isbn}/cover.png",
            "book://{isbn}/reviews",
            "book://{isbn}/reviews/{review_id}",
            "book://{isbn}/editions",
            "member://{member_id}",
            "member://{member_id}/loans",
            "member://{member_id}/holds",
            "member://{member_id}/holds/{hold_id}",
            "member://{member_id}/notices",
            "search://books?q={query}",
            "search://members?q={query}",
            "search://events?from={from}&to={to}",
            "file:///catalog/{+path}",
            "file:///exports/{year}/{month}.csv",
            "file:///exports/{year}/summary.md",
            "https://library.example.org/api/v2/books/{isbn}/availability",
            "https://library.example.org/api/v2/branches/{branch_id}/stock/{isbn}",
            "https://library.example.org/api/v2/members/{member_id}/card",
            "stats://loans/daily/{date}",
            "stats://loans/monthly/{month}",
            "stats://fines/{year}",
            "report://overdue/{branch_id}",
            "report://overdue",
            "report://popular/{genre}/{period}",
            "config://features",
            "config://limits/{kind}",
            "audit://{date}/{+entry}",
        ];
        let mut items = [(ItemKey::Resource { uri: "" }, ""); 40];
        let mut i = 0;
        while i < URIS.len() {
            items[i] = (ItemKey::Resource { uri: URIS[i] }, URIS[i]);
            i += 1;
        }
        items
    };
    // Evaluated when this test builds: the check of the last item against the 39 before it.
    const _: () = assert!(find_item_collision_at(&CATALOG, 39).is_none());

    #[test]
    fn a_catalog_checks_in_const_evaluation() {
        assert!(first(&CATALOG).is_none());
        let clash = [
            (
                ItemKey::Resource {
                    uri: "file:///catalog/{+path}",
                },
                "catalog",
            ),
            (
                ItemKey::Resource {
                    uri: "file:///catalog/{kind}/index.md",
                },
                "index",
            ),
        ];
        assert!(first(&clash).is_some());
    }
}
