//! The title a tool gets when it gives none: its namespace and action in title case, so a
//! client's tool picker can show it alone ("Shipment: Set Weight", not "Set Weight" beside
//! "Set Weight" of another namespace).

/// `("shipment", "set_weight")` → `Shipment: Set Weight`; without a namespace, the action.
#[must_use]
pub fn tool_title(namespace: Option<&str>, action: &str) -> String {
    match namespace.filter(|ns| !ns.is_empty()) {
        Some(ns) => format!("{}: {}", title_case(ns), title_case(action)),
        None => title_case(action),
    }
}

/// `set_weight` → `Set Weight`.
#[must_use]
pub fn title_case(action: &str) -> String {
    action
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::{title_case, tool_title};

    #[test]
    fn titles_come_from_the_namespace_and_action() {
        assert_eq!(title_case("set_weight"), "Set Weight");
        assert_eq!(
            tool_title(Some("shipment"), "set_weight"),
            "Shipment: Set Weight"
        );
        assert_eq!(tool_title(Some("order_item"), "get"), "Order Item: Get");
        assert_eq!(tool_title(None, "search"), "Search");
        assert_eq!(tool_title(Some(""), "search"), "Search");
    }
}
