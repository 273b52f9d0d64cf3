//! The AlphaGomoku search summary line (document §2.13, contract §2):
//! `MESSAGE depth 1-17 ev 56.2 winrate 54.0 drawrate 4.4 n 1234567 n/s 812345 tm 1519 pv Xh8 Oi9`.
//!
//! PV moves are `X` (black) or `O` (white), the column as a lower-case letter from `a`, and the
//! row counted from the top starting at 0. AlphaGomoku writes one letter (`'a' + column`), which
//! stops making sense past `z`; for boards wider than 26 Renzoku continues the way spreadsheet
//! columns do (`z` = 25, `aa` = 26, `ab` = 27, …), which leaves every narrower board unchanged
//! and stays unambiguous because the row is digits.

use std::fmt;

use renzoku_rules::{Color, Point};

use crate::text::excerpt;

/// A percentage with one decimal, stored exactly as tenths (`562` is `56.2`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Tenths(pub u32);

impl Tenths {
    /// Rounds a percentage to the nearest tenth (negative and NaN become 0).
    pub fn from_percent(percent: f64) -> Tenths {
        let tenths = (percent * 10.0).round();
        if tenths.is_nan() || tenths <= 0.0 {
            Tenths(0)
        } else if tenths >= f64::from(u32::MAX) {
            Tenths(u32::MAX)
        } else {
            Tenths(tenths as u32)
        }
    }

    /// `56`, `56.2`, `56.25` (rounded half up to `56.3`).
    fn parse(text: &str) -> Result<Tenths, String> {
        let bad = || format!("`{}` is not a percentage", excerpt(text));
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        if !fraction.bytes().all(|b| b.is_ascii_digit())
            || (text.contains('.') && fraction.is_empty())
        {
            return Err(bad());
        }
        let whole: u32 = whole.parse().map_err(|_| bad())?;
        let mut digits = fraction.bytes().map(|b| u32::from(b - b'0'));
        let tenth = digits.next().unwrap_or(0);
        let round_up = u32::from(digits.next().unwrap_or(0) >= 5);
        whole
            .checked_mul(10)
            .and_then(|t| t.checked_add(tenth + round_up))
            .map(Tenths)
            .ok_or_else(bad)
    }
}

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The `ev` field: an expected score, or a proven result in a number of moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ev {
    /// Expected score in percent (P(win) + P(draw)/2).
    Expected(Tenths),
    Loss(u32),
    /// `D` alone or `D<n>`.
    Draw(Option<u32>),
    Win(u32),
}

impl Ev {
    fn parse(text: &str) -> Result<Ev, String> {
        let bad = || format!("`{}` is not an ev value", excerpt(text));
        let number = |rest: &str| rest.parse::<u32>().map_err(|_| bad());
        let mut chars = text.chars();
        match chars.next() {
            Some('L' | 'l') => Ok(Ev::Loss(number(chars.as_str())?)),
            Some('W' | 'w') => Ok(Ev::Win(number(chars.as_str())?)),
            Some('D' | 'd') if chars.as_str().is_empty() => Ok(Ev::Draw(None)),
            Some('D' | 'd') => Ok(Ev::Draw(Some(number(chars.as_str())?))),
            _ => Tenths::parse(text).map(Ev::Expected),
        }
    }
}

impl fmt::Display for Ev {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ev::Expected(t) => write!(f, "{t}"),
            Ev::Loss(n) => write!(f, "L{n}"),
            Ev::Draw(None) => write!(f, "D"),
            Ev::Draw(Some(n)) => write!(f, "D{n}"),
            Ev::Win(n) => write!(f, "W{n}"),
        }
    }
}

/// One PV move, e.g. `Xh8` (black on column 7, row 8 from the top).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PvMove {
    pub color: Color,
    pub point: Point,
}

impl PvMove {
    pub fn parse(text: &str) -> Result<PvMove, String> {
        let bad = || format!("`{}` is not a PV move like Xh8", excerpt(text));
        let mut chars = text.chars();
        let color = match chars.next() {
            Some('X' | 'x') => Color::Black,
            Some('O' | 'o') => Color::White,
            _ => return Err(bad()),
        };
        let rest = chars.as_str();
        let split = rest.find(|c: char| !c.is_ascii_alphabetic()).ok_or_else(bad)?;
        let (letters, digits) = rest.split_at(split);
        if letters.is_empty() || letters.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // Bijective base 26: a..z = 1..26, so `aa` follows `z`.
        let column = letters
            .bytes()
            .fold(0u32, |acc, b| acc * 26 + u32::from(b.to_ascii_lowercase() - b'a') + 1)
            - 1;
        let x = u8::try_from(column).map_err(|_| bad())?;
        let y = digits.parse::<u8>().map_err(|_| bad())?;
        Ok(PvMove { color, point: Point::new(x, y) })
    }
}

impl fmt::Display for PvMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.color {
            Color::Black => 'X',
            Color::White => 'O',
        };
        write!(f, "{sign}{}{}", column_letters(self.point.x), self.point.y)
    }
}

/// The column as letters in bijective base 26: `a` … `z`, then `aa`, `ab`, … (boards up to 32).
pub(crate) fn column_letters(x: u8) -> String {
    let mut letters = Vec::new();
    let mut n = u32::from(x) + 1;
    while n > 0 {
        n -= 1;
        letters.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    letters.into_iter().rev().collect()
}

/// The summary sent after every search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchSummary {
    pub depth_min: u32,
    pub depth_max: u32,
    pub ev: Ev,
    pub winrate: Tenths,
    pub drawrate: Tenths,
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    pub time_ms: u64,
    /// Starts with the move played.
    pub pv: Vec<PvMove>,
}

impl SearchSummary {
    /// Parses the text after `MESSAGE `; the keys must come in the document's order.
    pub fn parse(text: &str) -> Result<SearchSummary, String> {
        let mut tokens = text.split_whitespace();
        let mut field = |key: &str| -> Result<&str, String> {
            match (tokens.next(), tokens.next()) {
                (Some(k), Some(v)) if k.eq_ignore_ascii_case(key) => Ok(v),
                _ => Err(format!("summary: expected `{key} <value>`")),
            }
        };
        let depth = field("depth")?;
        let (min, max) = depth
            .split_once('-')
            .ok_or_else(|| format!("summary: `{}` is not min-max", excerpt(depth)))?;
        let int = |v: &str| {
            v.parse::<u64>().map_err(|_| format!("summary: `{}` is not a count", excerpt(v)))
        };
        let depth_min =
            u32::try_from(int(min)?).map_err(|_| "summary: depth too large".to_owned())?;
        let depth_max =
            u32::try_from(int(max)?).map_err(|_| "summary: depth too large".to_owned())?;
        let ev = Ev::parse(field("ev")?)?;
        let winrate = Tenths::parse(field("winrate")?)?;
        let drawrate = Tenths::parse(field("drawrate")?)?;
        let nodes = int(field("n")?)?;
        let nps = int(field("n/s")?)?;
        let time_ms = int(field("tm")?)?;
        match tokens.next() {
            Some(k) if k.eq_ignore_ascii_case("pv") => {}
            _ => return Err("summary: expected `pv`".to_owned()),
        }
        let pv = tokens.map(PvMove::parse).collect::<Result<Vec<_>, _>>()?;
        Ok(SearchSummary { depth_min, depth_max, ev, winrate, drawrate, nodes, nps, time_ms, pv })
    }
}

impl fmt::Display for SearchSummary {
    /// The text after `MESSAGE ` (the reply adds the prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {}-{} ev {} winrate {} drawrate {} n {} n/s {} tm {} pv",
            self.depth_min,
            self.depth_max,
            self.ev,
            self.winrate,
            self.drawrate,
            self.nodes,
            self.nps,
            self.time_ms
        )?;
        for m in &self.pv {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_example_reads_and_writes_back() {
        let text = "depth 1-45 ev 60.1 winrate 56.7 drawrate 6.9 n 288959 n/s 12487 tm 23140 pv Xf4 Of6 Xe6";
        let s = SearchSummary::parse(text).expect("example parses");
        assert_eq!(s.depth_max, 45);
        assert_eq!(s.ev, Ev::Expected(Tenths(601)));
        assert_eq!(s.pv[0], PvMove { color: Color::Black, point: Point::new(5, 4) });
        assert_eq!(s.to_string(), text);
    }

    #[test]
    fn proven_values() {
        assert_eq!(Ev::parse("W3"), Ok(Ev::Win(3)));
        assert_eq!(Ev::parse("L12"), Ok(Ev::Loss(12)));
        assert_eq!(Ev::parse("D"), Ok(Ev::Draw(None)));
        assert!(Ev::parse("W").is_err());
        assert!(Ev::parse("X3").is_err());
    }

    #[test]
    fn percentages_round_to_tenths() {
        assert_eq!(Tenths::parse("56"), Ok(Tenths(560)));
        assert_eq!(Tenths::parse("56.25"), Ok(Tenths(563)));
        assert!(Tenths::parse("56.").is_err());
        assert!(Tenths::parse("-1").is_err());
        assert!(Tenths::parse("99999999999").is_err());
        assert_eq!(Tenths::from_percent(54.04), Tenths(540));
        assert_eq!(Tenths::from_percent(f64::NAN), Tenths(0));
    }

    #[test]
    fn wide_boards_use_two_letters() {
        let m = |x, y| PvMove { color: Color::White, point: Point::new(x, y) };
        assert_eq!(m(0, 0).to_string(), "Oa0");
        assert_eq!(m(25, 3).to_string(), "Oz3");
        assert_eq!(m(26, 3).to_string(), "Oaa3");
        assert_eq!(m(31, 31).to_string(), "Oaf31");
        assert_eq!(PvMove::parse("Oaf31"), Ok(m(31, 31)));
        assert!(PvMove::parse("Oa").is_err());
        assert!(PvMove::parse("Ozzz1").is_err());
        assert!(PvMove::parse("O8").is_err());
    }
}
