//! Percent-escapes: whether a URI's decode to UTF-8, where a value may begin or end, decoding
//! a value and encoding one. The checks are `const` because [`super::overlap`] needs them.

/// The value of an ASCII hex digit.
pub(super) const fn hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The byte `%XY` at `at` stands for, if `uri[at..]` starts with a well-formed escape.
const fn escaped(uri: &[u8], at: usize) -> Option<u8> {
    if at + 2 >= uri.len() || uri[at] != b'%' {
        return None;
    }
    match (hex(uri[at + 1]), hex(uri[at + 2])) {
        (Some(high), Some(low)) => Some(high * 16 + low),
        _ => None,
    }
}

/// Whether every `%` in `uri` starts an escape and the decoded bytes are UTF-8.
///
/// Raw bytes of a `str` are whole characters, so feeding them and the escaped bytes through
/// one validator checks the decoded text without building it.
pub(super) const fn decodes(uri: &[u8]) -> bool {
    let mut state = Utf8::START;
    let mut i = 0;
    while i < uri.len() {
        let byte = if uri[i] == b'%' {
            match escaped(uri, i) {
                Some(byte) => {
                    i += 3;
                    byte
                }
                None => return false,
            }
        } else {
            i += 1;
            uri[i - 1]
        };
        state = match state.feed(byte) {
            Some(next) => next,
            None => return false,
        };
    }
    state.need == 0
}

/// Whether a value may begin or end before byte `at` of `uri` (a URI that [`decodes`]): not
/// inside a character, inside a `%XX` escape, or between the escapes of one character.
pub(super) const fn is_cut(uri: &[u8], at: usize) -> bool {
    if at == 0 || at >= uri.len() {
        return true;
    }
    // Every `%` starts an escape, so these are the two places inside one.
    if uri[at - 1] == b'%' || (at >= 2 && uri[at - 2] == b'%') {
        return false;
    }
    let byte = match escaped(uri, at) {
        Some(byte) => byte,
        None => uri[at],
    };
    !matches!(byte, 0x80..=0xBF)
}

/// `value` percent-decoded, if its escapes are well formed and decode to UTF-8.
pub(super) fn decode(value: &str) -> Option<String> {
    let raw = value.as_bytes();
    if !raw.contains(&b'%') {
        return Some(value.to_owned());
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            out.push(escaped(raw, i)?);
            i += 3;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Appends `value` to `out`, percent-encoding what a `{name}` (or, if `reserved`, a
/// `{+name}`) expansion must: RFC 6570 section 3.2.1.
pub(super) fn encode(out: &mut String, value: &str, reserved: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let raw = value.as_bytes();
    for (i, &byte) in raw.iter().enumerate() {
        let keep = byte.is_ascii_alphanumeric()
            || matches!(byte, b'-' | b'.' | b'_' | b'~')
            || (reserved
                && (b":/?#[]@!$&'()*+,;=".contains(&byte)
                    || (byte == b'%' && escaped(raw, i).is_some())));
        if keep {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        }
    }
}

/// A UTF-8 validator fed a byte at a time: how many continuation bytes are still due and the
/// range the next one must fall in (narrower after `E0`, `ED`, `F0` and `F4`, which is what
/// refuses overlong forms, surrogates and code points past U+10FFFF).
#[derive(Clone, Copy)]
pub(super) struct Utf8 {
    pub(super) need: u8,
    low: u8,
    high: u8,
}

impl Utf8 {
    pub(super) const START: Utf8 = Utf8 {
        need: 0,
        low: 0x80,
        high: 0xBF,
    };

    /// The state after `byte`, or `None` if no UTF-8 text continues this way.
    pub(super) const fn feed(self, byte: u8) -> Option<Utf8> {
        if self.need > 0 {
            if byte < self.low || byte > self.high {
                return None;
            }
            return Some(Utf8 {
                need: self.need - 1,
                ..Utf8::START
            });
        }
        let (need, low, high) = match byte {
            0x00..=0x7F => (0, 0x80, 0xBF),
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => return None,
        };
        Some(Utf8 { need, low, high })
    }
}
