//! Texts whose tokens were computed by independent implementations, for the exactness tests.

// Ids and fingerprints as tiktoken prints them, to compare at a glance.
#![allow(clippy::unreadable_literal)]

/// The texts, by name: every branch of both patterns (cases, contractions, digits,
/// punctuation runs, newlines, whitespace runs before a word and at the end), several
/// scripts, combining marks, emoji sequences, and a generated mix of all of them.
pub(super) fn texts() -> Vec<(&'static str, String)> {
    let fixed = [
        ("empty", ""),
        (
            "prose",
            "The quick brown fox jumps over the lazy dog. It was 3:45 p.m. when the \
             train left—nobody noticed; everyone had gone home (or so they said).",
        ),
        (
            "contractions",
            "He's here, she'S not; THEY'RE late, we'Ve gone, I'M sure you'LL see it'D \
             work. Don't, can't, won't, 'tis the season's end, rock'n'roll, O'Neill's.",
        ),
        (
            "numbers",
            "1 12 123 1234 12345 123456 3.14159 -42 +7 1,000,000 0x1F 1e-9 \
             2026-01-15T10:30:00Z ٣٤٥ ½ ⅔ 𝟙𝟚𝟛 ⑦",
        ),
        (
            "json",
            r#"{"id":"SH-2026-000123","status":"in_transit","weight_kg":12.5,"items":[{"sku":"A-1","qty":3},{"sku":"B-22","qty":10}],"notes":null,"tags":["fragile","express"],"ok":true,"path":"/a/b/c","url":"https://example.com/x?y=1&z=2"}"#,
        ),
        (
            "code",
            "fn main() {\n    let xs: Vec<u32> = (0..10).map(|i| i * 2).collect();\n    \
             if xs.len() >= 10 && !xs.is_empty() {\n        println!(\"{xs:?} // done\");\n    \
             }\n}\n\n#[derive(Debug)]\nstruct HTTPServerError { code: u16 }\n",
        ),
        (
            "cases",
            "HTTPServerError camelCase snake_case SCREAMING_CASE PascalCase iPhone McDonald's \
             ǅungla ǈubljana ALLCAPS'S lowercase'd",
        ),
        (
            "unicode",
            "naïve café Ünïcödé — 日本語のテキスト、한국어 텍스트, Ελληνικά, русский язык, \
             עברית, العربية, हिन्दी, ไทย, 🚚📦👍🏽 👨\u{200d}👩\u{200d}👧 🇩🇪, e\u{301}\u{302}, \
             \u{200b}zero\u{feff}width, Ⅻ ℝ ﬁ, \u{1F600}\u{FE0F}",
        ),
        (
            "whitespace",
            "a    b\t\tc \n\n\n   \t  d  \r\n\r\n  e\u{a0}\u{a0}f\u{3000}g   \n   h \u{2028} i   ",
        ),
        (
            "paths",
            "C:\\Windows\\System32\\drivers /usr/local/bin/../lib //comment\n/* block */ a/b/c\n",
        ),
    ];
    let mut texts: Vec<(&'static str, String)> = fixed
        .into_iter()
        .map(|(name, text)| (name, text.to_owned()))
        .collect();
    texts.push(("spaces_then_word", format!("{}word", " ".repeat(2_000))));
    texts.push(("spaces_at_end", format!("end{}", " ".repeat(777))));
    texts.push(("newlines", format!("x{}y", "\n".repeat(300))));
    texts.push(("one_letter_run", "a".repeat(5_000)));
    texts.push(("digit_run", "7".repeat(1_001)));
    texts.push(("mixed", mixed(60_000)));
    texts
}

/// A deterministic mix of the fragments the patterns treat differently, about `len` bytes.
pub(super) fn mixed(len: usize) -> String {
    const PARTS: &[&str] = &[
        "the",
        "The",
        "THE",
        " ",
        "  ",
        "   ",
        "\n",
        "\r\n",
        "\t",
        "'s",
        "'T",
        "'re",
        "'LL",
        "1",
        "23",
        "456",
        "7890",
        ".",
        ",",
        "!?",
        "\"",
        "{",
        "}:",
        "[",
        "]",
        "/",
        "//",
        "_",
        "-",
        "é",
        "É",
        "ß",
        "日本",
        "語",
        "한국",
        "Ω",
        "й",
        "ש",
        "ع",
        "ह",
        "\u{301}",
        "🚚",
        "👍🏽",
        "\u{200d}",
        "\u{a0}",
        "\u{3000}",
        "ǅ",
        "ʼ",
        "٣",
        "½",
        "x",
        "Zebra",
        "camelCase",
    ];
    // SplitMix64, so every run makes the same text.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut out = String::with_capacity(len + 16);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        out.push_str(PARTS[(z % PARTS.len() as u64) as usize]);
    }
    out
}

/// FNV-1a over the ids' little-endian bytes: a long id sequence in one number.
pub(super) fn fingerprint(ids: &[u32]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in ids.iter().flat_map(|id| id.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Computed once with tiktoken 0.14, the reference implementation (Python,
/// `Encoding.encode_ordinary`), on these texts and the same vocabulary files, and found equal
/// to what `bpe-openai` 0.3.2 gives: each text's token count and [`fingerprint`] of its ids.
pub(super) const O200K: &[(&str, usize, u64)] = &[
    ("empty", 0, 0xcbf29ce484222325),
    ("prose", 38, 0x71379eca9f748655),
    ("contractions", 51, 0x03bc5cd045064f15),
    ("numbers", 75, 0xea4be0bed07d3c2b),
    ("json", 88, 0xaabb2f1479eea6e7),
    ("code", 70, 0x09e03df84314e76e),
    ("cases", 33, 0x44034284f70742fc),
    ("unicode", 75, 0xc46ac9aec4bbdd26),
    ("whitespace", 23, 0xee1eb52fbb7c4c36),
    ("paths", 25, 0x33b7ce3aa0ef08a6),
    ("spaces_then_word", 17, 0x64c0f4f4b5a114dc),
    ("spaces_at_end", 8, 0x967d4804c4c0b4c7),
    ("newlines", 22, 0xfd5e26153dae9df3),
    ("one_letter_run", 625, 0xd9e82122acd41820),
    ("digit_run", 334, 0xf28b9df7d2511aad),
    ("mixed", 26882, 0xa6691aea25bbbbbe),
];

pub(super) const CL100K: &[(&str, usize, u64)] = &[
    ("empty", 0, 0xcbf29ce484222325),
    ("prose", 38, 0x03cfb347c1ff5c92),
    ("contractions", 54, 0x7181e7ee5f5f6e55),
    ("numbers", 78, 0x10ac8c25c947488a),
    ("json", 85, 0xa831245da92c1808),
    ("code", 69, 0xe1989e305aaac60c),
    ("cases", 32, 0x5322f4b69ea3b6fd),
    ("unicode", 123, 0xea06903e9b49fa93),
    ("whitespace", 24, 0x7449d7ef898199af),
    ("paths", 23, 0x481bfb5427aec460),
    ("spaces_then_word", 17, 0x0afa84024223f526),
    ("spaces_at_end", 8, 0xf600faa0ac3c6cea),
    ("newlines", 12, 0x30e53c9b7690efab),
    ("one_letter_run", 625, 0xe7d5a9d71c1d6f91),
    ("digit_run", 334, 0x01755109d1445a12),
    ("mixed", 32588, 0x5bfe345fa9f0c06f),
];

/// The ids themselves for a few short texts, from the same tiktoken run, so a failure shows
/// where the sequences part.
pub(super) const O200K_IDS: &[(&str, &[u32])] = &[
    (
        "contractions",
        &[
            98880, 2105, 11, 1770, 31233, 625, 26, 95381, 6, 1099, 7844, 11, 581, 6, 27493, 12299,
            11, 3413, 44, 3239, 481, 6, 7454, 1921, 480, 78685, 1101, 13, 19666, 11, 8535, 11,
            14219, 11, 461, 109773, 290, 5217, 885, 1268, 11, 8707, 15245, 6, 1484, 11, 532, 6,
            132915, 885, 13,
        ],
    ),
    (
        "cases",
        &[
            17893, 6444, 2255, 83330, 6187, 46964, 43667, 15580, 32924, 2694, 66492, 93550, 6187,
            575, 7081, 7935, 155802, 220, 131, 227, 988, 1675, 220, 131, 230, 2949, 63192, 19465,
            56928, 50, 31233, 90395, 11062,
        ],
    ),
    (
        "whitespace",
        &[
            64, 271, 287, 197, 2736, 25980, 271, 7758, 272, 162199, 220, 319, 5310, 5310, 69, 1397,
            70, 10190, 256, 312, 121514, 575, 271,
        ],
    ),
];

pub(super) const CL100K_IDS: &[(&str, &[u32])] = &[
    (
        "contractions",
        &[
            1548, 596, 1618, 11, 1364, 13575, 539, 26, 63593, 95253, 3389, 11, 584, 6, 43712, 8208,
            11, 358, 28703, 2771, 499, 6, 4178, 1518, 433, 28805, 990, 13, 4418, 956, 11, 649, 956,
            11, 2834, 956, 11, 364, 83, 285, 279, 3280, 596, 842, 11, 7091, 44886, 6, 1119, 11,
            507, 88805, 596, 13,
        ],
    ),
    (
        "cases",
        &[
            9412, 39609, 50252, 4301, 26332, 19640, 7683, 16294, 1753, 29640, 58459, 4301, 12443,
            32014, 596, 220, 131, 227, 2234, 4355, 220, 131, 230, 392, 53835, 3444, 13398, 32500,
            50, 13575, 43147, 4265,
        ],
    ),
    (
        "whitespace",
        &[
            64, 262, 293, 197, 1470, 15073, 262, 3762, 294, 73845, 220, 384, 4194, 4194, 69, 23249,
            70, 5996, 256, 305, 639, 101, 602, 262,
        ],
    ),
];
