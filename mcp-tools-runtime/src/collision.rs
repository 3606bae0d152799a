//! The compile-time check behind `tools![...]`: no two tools share a wire name, and no alias
//! equals another tool's name or alias. It runs in const evaluation, so a collision fails
//! the build with a message naming both functions.

/// A collision message, built in a fixed buffer because const code cannot allocate.
#[doc(hidden)]
pub struct Collision {
    buf: [u8; 512],
    len: usize,
}

impl Collision {
    pub(crate) const fn new() -> Self {
        Collision {
            buf: [0; 512],
            len: 0,
        }
    }

    pub(crate) const fn push(mut self, s: &str) -> Self {
        let bytes = s.as_bytes();
        let mut i = 0;
        // Stop on a char boundary so the text stays valid UTF-8 if the buffer fills.
        while i < bytes.len() && self.len < self.buf.len() - 4 {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
        while self.len > 0 && (self.buf[self.len - 1] & 0xC0) == 0x80 && i < bytes.len() {
            self.len -= 1;
        }
        self
    }

    /// The message.
    #[must_use]
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            Err(_) => "two tools share a wire name",
        }
    }
}

/// Whether two names are the same, at compile time (`str` equality is not `const`).
#[doc(hidden)]
#[must_use]
pub const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One listed tool: its wire name, aliases, and the path it was listed by.
#[doc(hidden)]
pub type Listed<'a> = (&'a str, &'a [&'a str], &'a str);

/// The first collision among `tools`, if any.
#[doc(hidden)]
#[must_use]
pub const fn find_collision(tools: &[Listed<'_>]) -> Option<Collision> {
    let mut i = 0;
    while i < tools.len() {
        let mut j = i + 1;
        while j < tools.len() {
            if let Some(found) = between(tools[i], tools[j]) {
                return Some(found);
            }
            j += 1;
        }
        i += 1;
    }
    None
}

pub(crate) const fn between(a: Listed<'_>, b: Listed<'_>) -> Option<Collision> {
    let (a_name, a_aliases, a_path) = a;
    let (b_name, b_aliases, b_path) = b;
    if same(a_name, b_name) {
        if same(a_path, b_path) {
            return Some(
                Collision::new()
                    .push("`")
                    .push(a_path)
                    .push("` is listed twice in tools![...]\n= help: remove one of them"),
            );
        }
        return Some(
            Collision::new()
                .push("tools `")
                .push(a_path)
                .push("` and `")
                .push(b_path)
                .push("` share the wire name `")
                .push(a_name)
                .push("`: a call could reach only one of them\n= help: rename one with #[tool(name = \"…\")] or a different namespace"),
        );
    }
    let mut k = 0;
    while k < a_aliases.len() {
        if same(a_aliases[k], b_name) {
            return Some(alias_vs_name(a_aliases[k], a_path, b_path));
        }
        let mut m = 0;
        while m < b_aliases.len() {
            if same(a_aliases[k], b_aliases[m]) {
                return Some(
                    Collision::new()
                        .push("`")
                        .push(a_aliases[k])
                        .push("` is an alias of both `")
                        .push(a_path)
                        .push("` and `")
                        .push(b_path)
                        .push("`: old clients calling it would reach only one\n= help: keep the alias on the tool that replaced the old one"),
                );
            }
            m += 1;
        }
        k += 1;
    }
    let mut m = 0;
    while m < b_aliases.len() {
        if same(b_aliases[m], a_name) {
            return Some(alias_vs_name(b_aliases[m], b_path, a_path));
        }
        m += 1;
    }
    None
}

const fn alias_vs_name(name: &str, alias_owner: &str, name_owner: &str) -> Collision {
    Collision::new()
        .push("`")
        .push(name)
        .push("` is an alias of `")
        .push(alias_owner)
        .push("` and the wire name of `")
        .push(name_owner)
        .push("`: calls would reach only one\n= help: remove the alias, or rename one of the tools")
}

#[cfg(test)]
mod tests {
    use super::find_collision;

    #[test]
    fn names_both_functions() {
        let found = find_collision(&[
            ("a_x", &[], "f"),
            ("a_y", &["old"], "g"),
            ("a_x", &[], "m::h"),
        ])
        .unwrap();
        assert!(
            found
                .as_str()
                .starts_with("tools `f` and `m::h` share the wire name `a_x`"),
            "{}",
            found.as_str()
        );
        let found = find_collision(&[("a_x", &["a_y"], "f"), ("a_y", &[], "g")]).unwrap();
        assert!(
            found
                .as_str()
                .starts_with("`a_y` is an alias of `f` and the wire name of `g`"),
            "{}",
            found.as_str()
        );
        let found = find_collision(&[("a_x", &["old"], "f"), ("a_y", &["old"], "g")]).unwrap();
        assert!(
            found
                .as_str()
                .starts_with("`old` is an alias of both `f` and `g`")
        );
        assert!(find_collision(&[("a_x", &["old"], "f"), ("a_y", &["older"], "g")]).is_none());
    }
}
