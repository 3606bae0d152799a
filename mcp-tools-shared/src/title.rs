//! The title a tool gets when it gives none: its action in title case.

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
    use super::title_case;

    #[test]
    fn titles_come_from_the_action() {
        assert_eq!(title_case("set_weight"), "Set Weight");
        assert_eq!(title_case("search"), "Search");
    }
}
