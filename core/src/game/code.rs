//! Decision codes: bits written as Crockford base32 symbols, grouped by four (`7KQ2-M9XP-R3`),
//! ending in a check symbol.
//!
//! * **Alphabet.** `0-9A-Z` without `I L O U`; reading is case-insensitive and takes `O` for `0`
//!   and `I`/`L` for `1` (Crockford's rules), so a code read aloud or typed from a projector
//!   survives the usual slips.
//! * **Check symbol.** The symbols `d_0 … d_{n−1}` are elements of GF(32) (polynomial
//!   `x⁵ + x² + 1`, primitive, generator α = 2). The check symbol is `c = Σ α^{i+1} · d_i`, so a
//!   code is correct exactly when `Σ α^{i+1} · d_i + c = 0` (the check's own weight is α⁰ = 1).
//!   The weights of the at most [`MAX_SYMBOLS`] positions are distinct non-zero elements, so one
//!   wrong symbol (error `e ≠ 0` at weight `w`: `w·e ≠ 0`) and one swap of neighbours (`a ≠ b`:
//!   `(w_i + w_{i+1})(a + b) ≠ 0`) always change the sum. Crockford's own check symbol (mod 37)
//!   needs five symbols outside the alphabet (`* ~ $ = U`); this one keeps a code in the alphabet,
//!   which QR's alphanumeric mode and any chat or form accepts as it is.

use std::fmt;

/// Crockford's base32 alphabet, in value order.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The longest code, check symbol included (GF(32)* has 31 distinct weights).
pub const MAX_SYMBOLS: usize = 31;

/// The value of a symbol, read as Crockford does; `None` for anything else.
pub fn symbol_value(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    let c = match c {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET.iter().position(|&a| a as char == c).map(|v| v as u8)
}

const fn gf_tables() -> ([u8; 32], [u8; 32]) {
    // exp[i] = α^i for i in 0..31; log[exp[i]] = i (log[0] unused).
    let mut exp = [0u8; 32];
    let mut log = [0u8; 32];
    let mut x: u8 = 1;
    let mut i = 0;
    while i < 31 {
        exp[i] = x;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0x20 != 0 {
            x ^= 0b100101;
        }
        i += 1;
    }
    exp[31] = 1;
    (exp, log)
}

const TABLES: ([u8; 32], [u8; 32]) = gf_tables();

fn gf_mul(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        return 0;
    }
    let (exp, log) = &TABLES;
    exp[(log[a as usize] as usize + log[b as usize] as usize) % 31]
}

/// α^k.
fn alpha_pow(k: usize) -> u8 {
    TABLES.0[k % 31]
}

/// The check symbol's value for data symbols `data` (at most [`MAX_SYMBOLS`] − 1 of them).
pub fn check_value(data: &[u8]) -> u8 {
    data.iter().enumerate().fold(0, |acc, (i, &d)| acc ^ gf_mul(alpha_pow(i + 1), d))
}

/// Bits written most significant first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bits {
    bits: Vec<bool>,
}

impl Bits {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends the low `width` bits of `value` (`width` ≤ 64).
    pub fn push(&mut self, value: u64, width: u32) {
        for k in (0..width).rev() {
            self.bits.push(value >> k & 1 == 1);
        }
    }

    pub fn len(&self) -> usize {
        self.bits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// The bits as symbols' values, the last one padded with zero bits.
    pub fn symbols(&self) -> Vec<u8> {
        self.bits.chunks(5).map(|c| (0..5).fold(0u8, |v, k| v << 1 | u8::from(c.get(k) == Some(&true)))).collect()
    }

    /// The bits of symbols' values (five each).
    pub fn from_symbols(symbols: &[u8]) -> Self {
        let mut bits = Bits::new();
        for &s in symbols {
            bits.push(u64::from(s), 5);
        }
        bits
    }

    /// The bits as base32 text without groups or check (for links).
    pub fn to_text(&self) -> String {
        self.symbols().iter().map(|&v| ALPHABET[v as usize] as char).collect()
    }

    /// Bits from base32 text (no groups, no check).
    pub fn from_text(text: &str) -> Option<Self> {
        let values: Option<Vec<u8>> = text.chars().map(symbol_value).collect();
        Some(Self::from_symbols(&values?))
    }

    pub fn reader(&self) -> Reader<'_> {
        Reader { bits: &self.bits, at: 0 }
    }
}

/// Reads [`Bits`] back in the order they were pushed.
pub struct Reader<'a> {
    bits: &'a [bool],
    at: usize,
}

impl Reader<'_> {
    /// The next `width` bits as a number, or `None` past the end.
    pub fn take(&mut self, width: u32) -> Option<u64> {
        let end = self.at.checked_add(width as usize)?;
        let bits = self.bits.get(self.at..end)?;
        self.at = end;
        Some(bits.iter().fold(0u64, |v, &b| v << 1 | u64::from(b)))
    }

    /// Bits not read yet.
    pub fn remaining(&self) -> usize {
        self.bits.len() - self.at
    }

    /// Whether every bit not read yet is zero (padding).
    pub fn rest_is_zero(&self) -> bool {
        self.bits[self.at..].iter().all(|&b| !b)
    }
}

/// A code's symbols (check symbol included), as values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    symbols: Vec<u8>,
}

/// Why text is not a well-formed code (before any game looks at its content).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("`{0}` is not a symbol of a code (codes use 0–9 and A–Z without U)")]
    Symbol(char),
    #[error("a code has 3 to 31 symbols; this one has {0}")]
    Length(usize),
    #[error("a symbol is wrong or two are swapped (the check symbol does not match); type it again")]
    Check,
}

impl CodeError {
    /// What is wrong, as data (`core/locales/{lang}/game.ftl`; its English is the error's own).
    pub fn text(&self) -> super::Text {
        match self {
            CodeError::Symbol(c) => super::Text::new("game-err-code-symbol", vec![("symbol", c.to_string())]),
            CodeError::Length(n) => super::Text::new("game-err-code-length", vec![("n", n.to_string())]),
            CodeError::Check => super::Text::new("game-err-code-check", vec![]),
        }
    }
}

impl Code {
    /// The code of `bits`: their symbols and a check symbol. `None` if the bits need more than
    /// [`MAX_SYMBOLS`] − 1 symbols.
    pub fn of_bits(bits: &Bits) -> Option<Self> {
        let mut symbols = bits.symbols();
        if symbols.len() >= MAX_SYMBOLS {
            return None;
        }
        symbols.push(check_value(&symbols));
        Some(Code { symbols })
    }

    /// Reads a code: any case, with or without hyphens and spaces between symbols.
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let mut symbols = Vec::new();
        for c in text.trim().chars() {
            if c == '-' || c == ' ' {
                continue;
            }
            symbols.push(symbol_value(c).ok_or(CodeError::Symbol(c))?);
            if symbols.len() > MAX_SYMBOLS {
                return Err(CodeError::Length(text.chars().filter(|c| *c != '-' && *c != ' ').count()));
            }
        }
        if symbols.len() < 3 {
            return Err(CodeError::Length(symbols.len()));
        }
        let (check, data) = symbols.split_last().expect("three symbols");
        if check_value(data) != *check {
            return Err(CodeError::Check);
        }
        Ok(Code { symbols })
    }

    /// The data bits (without the check symbol).
    pub fn bits(&self) -> Bits {
        Bits::from_symbols(&self.symbols[..self.symbols.len() - 1])
    }

    /// Number of symbols, check included.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }
}

impl fmt::Display for Code {
    /// Groups of four symbols joined by hyphens.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &v) in self.symbols.iter().enumerate() {
            if i > 0 && i % 4 == 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", ALPHABET[v as usize] as char)?;
        }
        Ok(())
    }
}

/// The most text [`find`] reads (a pasted chat log or form export); more is refused.
pub const MAX_PASTE: usize = 1 << 20;

/// Every code-shaped piece of `text`, in order: groups of four symbols joined by hyphens, the last
/// group one to four symbols, at least three groups, not touching other letters or digits. Words
/// such as `well-known` do not qualify; the pieces are returned as written, to be parsed (a piece
/// may still fail its check).
pub fn find(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let is_symbolish = |b: u8| b.is_ascii_alphanumeric();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !is_symbolish(bytes[i]) || (i > 0 && (is_symbolish(bytes[i - 1]) || bytes[i - 1] == b'-')) {
            i += 1;
            continue;
        }
        // A run of alphanumerics and hyphens starting here.
        let mut end = i;
        while end < bytes.len() && (is_symbolish(bytes[end]) || bytes[end] == b'-') {
            end += 1;
        }
        let piece = &text[i..end];
        let piece = piece.trim_end_matches('-');
        let groups: Vec<&str> = piece.split('-').collect();
        let shaped = groups.len() >= 3
            && groups[..groups.len() - 1].iter().all(|g| g.len() == 4)
            && (1..=4).contains(&groups[groups.len() - 1].len())
            && groups.iter().all(|g| g.chars().all(|c| symbol_value(c).is_some()));
        if shaped {
            found.push(piece);
        }
        i = end.max(i + 1);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_distinct_and_non_zero() {
        let mut seen = std::collections::HashSet::new();
        for k in 0..MAX_SYMBOLS {
            let w = alpha_pow(k);
            assert_ne!(w, 0);
            assert!(seen.insert(w), "weight α^{k} repeats");
        }
    }

    #[test]
    fn field_multiplication_is_a_group() {
        for a in 1..32u8 {
            let inverse = (1..32u8).filter(|&b| gf_mul(a, b) == 1).count();
            assert_eq!(inverse, 1, "{a} has one inverse");
        }
    }

    #[test]
    fn a_code_reads_back_in_any_case_with_slips() {
        let mut bits = Bits::new();
        bits.push(0x1234_5678_9abc, 48);
        let code = Code::of_bits(&bits).unwrap();
        let text = code.to_string();
        assert_eq!(Code::parse(&text).unwrap(), code);
        assert_eq!(Code::parse(&text.to_lowercase()).unwrap(), code);
        assert_eq!(Code::parse(&text.replace('-', " ")).unwrap(), code);
        let slipped = text.replace('0', "O").replace('1', "l");
        assert_eq!(Code::parse(&slipped).unwrap(), code);
        let mut r = code.bits();
        assert_eq!(r.reader().take(48), Some(0x1234_5678_9abc));
        r = Bits::new();
        assert!(r.is_empty());
    }

    #[test]
    fn codes_are_found_in_a_chat_log() {
        let log = "anna: 7KQ2-M9XP-R3 thanks\nbob: a well-known fact, code ab12-cd34-ef\nX7KQ2-M9XP-R3 no\n";
        assert_eq!(find(log), vec!["7KQ2-M9XP-R3", "ab12-cd34-ef"]);
    }
}
