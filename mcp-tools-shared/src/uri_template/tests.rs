use super::{
    MAX_LEN, Part, overlap, parse, path_danger,
    percent::{Utf8, decodes},
};

fn values(template: &str, uri: &str) -> Option<Vec<(String, String)>> {
    let template = parse(template).unwrap();
    let found = template.matches(uri)?;
    Some(found.into_iter().map(|(n, v)| (n.to_owned(), v)).collect())
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

// Syntax.

#[test]
fn parses_level_1_and_reserved_expansion() {
    let template = parse("file:///{dir}/{+path}.md").unwrap();
    assert_eq!(
        template.parts(),
        [
            Part::Literal("file:///"),
            Part::Var {
                name: "dir",
                reserved: false
            },
            Part::Literal("/"),
            Part::Var {
                name: "path",
                reserved: true
            },
            Part::Literal(".md"),
        ]
    );
    assert_eq!(template.variables().collect::<Vec<_>>(), ["dir", "path"]);
    assert!(!template.is_fixed());
    let fixed = parse("library://policy/loans").unwrap();
    assert!(fixed.is_fixed());
    assert_eq!(fixed.parts(), [Part::Literal("library://policy/loans")]);
    for ok in [
        "loan://{loan_id}",
        "a+b.c-d://{_x}",
        "search://books?q={query}&page={page}",
        "urn:isbn:{isbn}",
        "x:{a}é{b}",
        "file:///My%20Notes.md",
        "mailto:é",
    ] {
        assert!(parse(ok).is_ok(), "{ok}: {:?}", parse(ok));
    }
}

#[test]
fn refuses_the_rest_of_rfc_6570_naming_the_supported_levels() {
    // (template, bytes pointed at, words the message must hold)
    let cases: &[(&str, &str, &str)] = &[
        ("a://{#x}", "{#x}", "level 2"),
        ("a://{/x}", "{/x}", "level 3"),
        ("a://{?x}", "{?x}", "level 3"),
        ("a://{&x}", "{&x}", "level 3"),
        ("a://{.x}", "{.x}", "level 3"),
        ("a://{;x}", "{;x}", "level 3"),
        ("a://{=x}", "{=x}", "reserves"),
        ("a://{a,b}", "{a,b}", "level 3"),
        ("a://{+a,b}", "{+a,b}", "level 3"),
        ("a://{x*}", "{x*}", "level 4"),
        ("a://{x:3}", "{x:3}", "level 4"),
    ];
    for &(template, at, words) in cases {
        let err = parse(template).unwrap_err();
        assert_eq!(
            &template[err.offset..err.offset + err.len],
            at,
            "{template}"
        );
        assert!(err.message.contains(words), "{template}: {}", err.message);
        assert!(
            err.message
                .contains("level 1 `{name}` and level 2's `{+name}`"),
            "{template}: {}",
            err.message
        );
    }
}

#[test]
fn refuses_malformed_templates_at_the_offending_bytes() {
    let cases: &[(&str, &str, &str)] = &[
        ("a://{}", "{}", "empty"),
        ("a://{+}", "{+}", "no variable name"),
        ("a://{x", "{", "never closed"),
        ("a://{x{y}", "{", "never closed"),
        ("a://x}", "}", "without a `{`"),
        ("a://{1x}", "{1x}", "not a variable name"),
        ("a://{x-y}", "{x-y}", "not a variable name"),
        ("a://{é}", "{é}", "not a variable name"),
        ("a://{id}/{id}", "{id}", "twice"),
        ("a://{a}{b}", "{a}{b}", "no text between"),
        ("a://{a}{+b}", "{a}{+b}", "no text between"),
        ("//x/{a}", "", "scheme"),
        ("{s}://x", "{", "scheme"),
        ("1a://x", "1a", "scheme"),
        ("loan//x", "loan", "scheme"),
        ("a://x y", " ", "whitespace"),
        ("a://x\ty", "\t", "whitespace"),
        ("a://{x }", " ", "whitespace"),
        ("a://x\u{7}", "\u{7}", "control"),
        ("a://x\u{a0}", "\u{a0}", "whitespace"),
        ("a://%41/{x}", "%", "`%` escape"),
        ("a://{x}/%2F", "%", "`%` escape"),
        ("a://x%4", "%4", "two hex digits"),
        ("a://x%zz", "%zz", "two hex digits"),
        ("a://x%41%", "%", "two hex digits"),
    ];
    for &(template, at, words) in cases {
        let err = parse(template).unwrap_err();
        let shown = &template[err.offset..err.offset + err.len];
        if at.is_empty() {
            assert_eq!(err.offset, 0, "{template}");
        } else {
            assert_eq!(shown, at, "{template}");
        }
        assert!(err.message.contains(words), "{template}: {}", err.message);
        assert!(!err.help.is_empty());
    }
    let err = parse("").unwrap_err();
    assert_eq!(
        (err.offset, err.len, err.message.as_str()),
        (0, 0, "an empty URI")
    );
    let long = format!("a://{}", "x".repeat(MAX_LEN));
    let err = parse(&long).unwrap_err();
    assert_eq!(err.offset, MAX_LEN);
    assert!(parse(&long[..MAX_LEN]).is_ok());
}

// Matching.

#[test]
fn matches_literals_byte_for_byte_and_variables_by_kind() {
    assert_eq!(
        values("loan://{id}", "loan://L-1"),
        Some(pairs(&[("id", "L-1")]))
    );
    assert_eq!(values("loan://{id}", "LOAN://L-1"), None);
    assert_eq!(
        values("loan://{id}", "loan://"),
        None,
        "a value is never empty"
    );
    for refused in ["loan://a/b", "loan://a?b", "loan://a#b"] {
        assert_eq!(values("loan://{id}", refused), None, "{refused}");
    }
    assert_eq!(
        values("file:///{+path}", "file:///a/b?c#d"),
        Some(pairs(&[("path", "a/b?c#d")]))
    );
    assert_eq!(values("loan://policy", "loan://policy"), Some(vec![]));
    assert_eq!(
        values("loan://policy", "loan://polic%79"),
        None,
        "not normalized"
    );
    assert_eq!(values("x:{a}é", "x:ééé"), Some(pairs(&[("a", "éé")])));
    assert_eq!(
        values(
            "search://books?q={q}&page={page}",
            "search://books?q=dune&page=2"
        ),
        Some(pairs(&[("q", "dune"), ("page", "2")]))
    );
}

#[test]
fn decodes_values_after_matching() {
    assert_eq!(
        values("file:///{name}", "file:///a%2Fb%20c%C3%A9"),
        Some(pairs(&[("name", "a/b cé")]))
    );
    assert_eq!(
        values("file:///{name}", "file:///..%2F..%2Fetc"),
        Some(pairs(&[("name", "../../etc")]))
    );
    for malformed in ["file:///%", "file:///%4", "file:///%zz", "file:///a%4/"] {
        assert_eq!(values("file:///{+name}", malformed), None, "{malformed}");
    }
    for not_utf8 in [
        "file:///%FF",
        "file:///%C3",
        "file:///%C3x",
        "file:///%ED%A0%80",
    ] {
        assert_eq!(values("file:///{+name}", not_utf8), None, "{not_utf8}");
    }
    // A value never ends inside an escape, nor between the escapes of one character.
    assert_eq!(values("x://{a}1", "x://z%41"), None);
    assert_eq!(values("x://{a}1", "x://z%411"), Some(pairs(&[("a", "zA")])));
    assert_eq!(
        values("x://{a}-{b}", "x://%C3%A9-%C3%A9"),
        Some(pairs(&[("a", "é"), ("b", "é")]))
    );
}

#[test]
fn the_leftmost_variable_takes_the_shortest_value() {
    assert_eq!(
        values("x://{a}-{b}", "x://1-2-3"),
        Some(pairs(&[("a", "1"), ("b", "2-3")]))
    );
    assert_eq!(
        values("x://{+a}/{+b}", "x://p/q/r"),
        Some(pairs(&[("a", "p"), ("b", "q/r")]))
    );
    // The shortest that lets the rest match: `b` cannot hold the `/`, so `a` takes it.
    assert_eq!(
        values("x://{+a}/{b}", "x://p/q/r"),
        Some(pairs(&[("a", "p/q"), ("b", "r")]))
    );
    assert_eq!(
        values("x://{a}.{b}.{c}", "x://1.2.3.4.5"),
        Some(pairs(&[("a", "1"), ("b", "2"), ("c", "3.4.5")]))
    );
    // The shortest value that decodes: `%4` would split an escape.
    assert_eq!(
        values("x://{a}4{b}", "x://%414y"),
        Some(pairs(&[("a", "A"), ("b", "y")]))
    );
}

#[test]
fn matching_stays_linear_where_backtracking_would_not_finish() {
    // Each of the 4 variables could end at any `/`: a backtracking matcher tries ~n^4 splits.
    let uri = format!("x://{}z", "a/".repeat(5_000));
    assert_eq!(values("x://{+a}/{+b}/{+c}/{+d}/{e}z", &uri), None);
    let found = values("x://{+a}/{+b}/{+c}/{+d}/z", &uri).unwrap();
    assert_eq!(found[0].1, "a");
    assert_eq!(found[3].1.len(), 2 * 5_000 - 7);
}

#[test]
fn expands_with_the_encoding_of_each_kind() {
    let template = parse("x://{a}/{+b}").unwrap();
    assert_eq!(
        template.expand(&[("a", "a b/c?é~"), ("b", "p/q?r#s %41 %zz")]),
        "x://a%20b%2Fc%3F%C3%A9~/p/q?r#s%20%41%20%25zz"
    );
    assert_eq!(
        template.expand(&[("b", "p")]),
        "x:///p",
        "a missing value expands to nothing"
    );
    // What expands matches back to the same values.
    for (a, b) in [
        ("1", "2"),
        ("a/b c", "d/e f"),
        ("é?#%", "x/y?z#w"),
        ("..", "../.."),
    ] {
        let uri = template.expand(&[("a", a), ("b", b)]);
        assert_eq!(
            template.matches(&uri).unwrap(),
            [("a", a.to_owned()), ("b", b.to_owned())],
            "{uri}"
        );
    }
}

#[test]
fn path_danger_refuses_traversal_absolute_paths_and_nul() {
    for (value, danger) in [
        ("..", Some("a `..` segment")),
        ("a/../b", Some("a `..` segment")),
        ("a\\..\\b", Some("a `..` segment")),
        ("a/..", Some("a `..` segment")),
        ("/etc/passwd", Some("an absolute path")),
        ("\\\\server\\share", Some("an absolute path")),
        ("C:", Some("an absolute path")),
        ("c:\\windows", Some("an absolute path")),
        ("a\0b", Some("a NUL byte")),
        ("reports/q1.csv", None),
        ("..a/b..", None),
        ("a.b", None),
        ("1:2", None),
        ("", None),
    ] {
        assert_eq!(path_danger(value), danger, "{value:?}");
    }
    // What is checked is the decoded value.
    let template = parse("file:///{name}").unwrap();
    let found = template.matches("file:///..%2F..%2Fetc").unwrap();
    assert_eq!(path_danger(&found[0].1), Some("a `..` segment"));
    let found = template.matches("file:///a%00").unwrap();
    assert_eq!(path_danger(&found[0].1), Some("a NUL byte"));
}

// Overlap.

#[test]
fn overlap_of_realistic_pairs() {
    for (a, b, both) in [
        ("loan://{id}", "loan://policy", true),
        ("loan://{id}/history", "loan://{id}", false),
        ("file:///{+path}", "file:///{name}.txt", true),
        ("a://{x}/b", "a://{y}/c", false),
        ("loan://{id}", "book://{id}", false),
        ("loan://{id}", "loan://{loan_id}", true),
        ("loan://{id}", "loan://a/b", false),
        ("loan://{+id}", "loan://a/b", true),
        ("file:///{dir}/{name}.md", "file:///{+path}.txt", false),
        ("file:///{dir}/{name}.md", "file:///{+path}", true),
        ("x://{a}-{b}", "x://{c}", true),
        ("search://books?q={q}", "search://books{rest}", false),
        ("search://books?q={q}", "search://books{+rest}", true),
        ("loan://policy", "loan://policy", true),
        ("loan://policy", "loan://policies", false),
        // A fixed URI's escapes: the template's value must decode and not split one.
        ("x://{a}", "x://%41", true),
        ("x://{a}1", "x://%41", false),
        ("x://{a}1", "x://%411", true),
        ("x://{a}", "x://%FF", false),
        ("x://{a}", "x://%zz", false),
        ("x://{a}", "x://%2F", true),
        ("x://{a}", "x://%C3%A9", true),
        ("x://{a}A9", "x://%C3%A9", false),
    ] {
        assert_eq!(overlap(a, b), both, "{a} / {b}");
        assert_eq!(overlap(b, a), both, "{b} / {a}");
    }
}

// Overlap against brute force: every string up to a length that must hold a witness if one
// exists. A shortest common URI of two templates (literal text and variables of lengths
// `m_a` and `m_b` at their shortest) is at most `m_a + m_b` long: a character inside a
// variable of each, both longer than one character, can be dropped.

/// `count` characters from `alphabet`, as the `n`th of all such strings.
fn nth(alphabet: &[char], mut n: usize, count: usize) -> String {
    let mut out = String::new();
    for _ in 0..count {
        out.push(alphabet[n % alphabet.len()]);
        n /= alphabet.len();
    }
    out
}

/// Every `s:` URI with at most `max` characters from `alphabet` after the scheme.
fn uris(alphabet: &[char], max: usize) -> Vec<String> {
    let mut all = Vec::new();
    for len in 0..=max {
        for n in 0..alphabet.len().pow(len as u32) {
            all.push(format!("s:{}", nth(alphabet, n, len)));
        }
    }
    all
}

/// A bit per URI: whether `template` matches it.
fn matched(template: &str, uris: &[String]) -> Vec<u64> {
    let template = parse(template).unwrap();
    let mut bits = vec![0u64; uris.len().div_ceil(64)];
    for (i, uri) in uris.iter().enumerate() {
        if template.matches(uri).is_some() {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

/// Checks `overlap` on every pair of `templates` against the URIs both match.
fn agrees_with_brute_force(templates: &[String], uris: &[String]) {
    let sets: Vec<Vec<u64>> = templates.iter().map(|t| matched(t, uris)).collect();
    for (i, a) in templates.iter().enumerate() {
        for (j, b) in templates.iter().enumerate().skip(i) {
            let both = sets[i].iter().zip(&sets[j]).position(|(x, y)| x & y != 0);
            let witness = both.map(|w| {
                let bit = (sets[i][w] & sets[j][w]).trailing_zeros() as usize;
                &uris[w * 64 + bit]
            });
            assert_eq!(overlap(a, b), witness.is_some(), "{a} / {b}: {witness:?}");
            assert_eq!(overlap(b, a), witness.is_some(), "{b} / {a}: {witness:?}");
        }
    }
}

/// A template after `s:` from tokens: `0..literals.len()` a literal character, then `{vN}`
/// and `{+vN}`. `None` if two variables touch.
fn template(literals: &[char], tokens: &[usize]) -> Option<String> {
    let mut out = String::from("s:");
    let mut var = false;
    for (i, &token) in tokens.iter().enumerate() {
        if token < literals.len() {
            out.push(literals[token]);
            var = false;
        } else {
            if var {
                return None;
            }
            let plus = if token == literals.len() { "" } else { "+" };
            out.extend(["{", plus, "v", &i.to_string(), "}"]);
            var = true;
        }
    }
    Some(out)
}

#[test]
fn overlap_agrees_with_brute_force_on_random_templates() {
    let literals = ['a', '/', '?'];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |below: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % below
    };
    let mut templates = Vec::new();
    while templates.len() < 300 {
        // At most 4 tokens, so a witness has at most 8 characters.
        let tokens: Vec<usize> = (0..=next(4)).map(|_| next(literals.len() + 2)).collect();
        if let Some(t) = template(&literals, &tokens)
            && !templates.contains(&t)
        {
            assert!(parse(&t).is_ok(), "{t}");
            templates.push(t);
        }
    }
    agrees_with_brute_force(&templates, &uris(&literals, 8));
}

#[test]
fn overlap_agrees_with_brute_force_on_every_small_template() {
    // `é` is two bytes: variables and literal text must part on character boundaries.
    let literals = ['a', 'é', '/'];
    let mut templates = Vec::new();
    for len in 1..=3 {
        for n in 0..(literals.len() + 2).pow(len) {
            let tokens: Vec<usize> = (0..len)
                .map(|i| n / (literals.len() + 2).pow(i) % (literals.len() + 2))
                .collect();
            templates.extend(template(&literals, &tokens));
        }
    }
    agrees_with_brute_force(&templates, &uris(&literals, 6));
}

#[test]
fn overlap_agrees_with_matching_on_fixed_uris_with_escapes() {
    // Fixed URIs hold escapes: well formed (`%4a`), not (`%4`), decoding to UTF-8 (`%c4%a4`)
    // or not (`%a4`). A fixed URI overlaps a template exactly when the template matches it.
    let literals = ['a', '4', '/'];
    let mut templates = Vec::new();
    for len in 1..=3 {
        for n in 0..(literals.len() + 2).pow(len) {
            let tokens: Vec<usize> = (0..len)
                .map(|i| n / (literals.len() + 2).pow(i) % (literals.len() + 2))
                .collect();
            templates.extend(template(&literals, &tokens));
        }
    }
    let fixed: Vec<String> = uris(&['%', 'a', '4', 'c', '/'], 6)
        .into_iter()
        .filter(|uri| uri.contains('%') && parse(uri).is_ok())
        .collect();
    assert!(fixed.iter().any(|f| f.contains("%c4%a4")));
    for t in &templates {
        let parsed = parse(t).unwrap();
        for f in &fixed {
            let both = parsed.matches(f).is_some();
            assert_eq!(overlap(t, f), both, "{t} / {f}");
            assert_eq!(overlap(f, t), both, "{f} / {t}");
        }
    }
}

// The validator behind `decodes`, against the standard library's.

#[test]
fn utf8_validator_agrees_with_std() {
    fn valid(bytes: &[u8]) -> bool {
        let mut state = Utf8::START;
        for &b in bytes {
            match state.feed(b) {
                Some(next) => state = next,
                None => return false,
            }
        }
        state.need == 0
    }
    for a in 0..=255u8 {
        assert_eq!(valid(&[a]), std::str::from_utf8(&[a]).is_ok(), "{a:x}");
        for b in 0..=255u8 {
            assert_eq!(
                valid(&[a, b]),
                std::str::from_utf8(&[a, b]).is_ok(),
                "{a:x} {b:x}"
            );
        }
    }
    for a in 0xE0..=0xF4u8 {
        for b in 0x70..=0xC0u8 {
            for c in [0x7F, 0x80, 0xBF, 0xC0] {
                assert_eq!(valid(&[a, b, c]), std::str::from_utf8(&[a, b, c]).is_ok());
                for d in [0x7F, 0x80, 0xBF, 0xC0] {
                    let four = [a, b, c, d];
                    assert_eq!(
                        valid(&four),
                        std::str::from_utf8(&four).is_ok(),
                        "{four:x?}"
                    );
                }
            }
        }
    }
    assert!(decodes(b"a%C3%A9b%f0%9f%98%80"));
    assert!(!decodes(b"a%C3b"));
    assert!(!decodes(b"%F4%90%80%80"));
}

#[test]
fn one_variable_templates_match_as_the_general_split_does() {
    // Escapes (`%2F`, `%C3%A9`, a stray `%`), a two-byte character, and what `{v}` stops at.
    let alphabet = ['a', '%', '2', 'F', 'C', '3', 'é', '/', '?'];
    let uris = uris(&alphabet, 5);
    for head in ["s:", "s:a", "s:é", "s:/"] {
        for var in ["{v}", "{+v}"] {
            for tail in ["", "a", "é", "/", "?a", "/a"] {
                let source = format!("{head}{var}{tail}");
                let template = parse(&source).unwrap();
                for uri in &uris {
                    let general =
                        (uri.starts_with(head) && uri.ends_with(tail) && decodes(uri.as_bytes()))
                            .then(|| template.split(uri))
                            .flatten();
                    assert_eq!(template.matches(uri), general, "{source} / {uri}");
                }
            }
        }
    }
}
