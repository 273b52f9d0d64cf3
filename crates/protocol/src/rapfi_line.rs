//! Rapfi's realtime search line (its "UCI-like" message mode), one per finished iteration:
//! `depth 14-22 ev 35 n 1.2M n/ms 640 tm 1870 pv h8 i9 j10`, with `multipv k` after the depth
//! when several lines are searched. Analysis clients (pygomo-lib, Gomoku Calculator-style GUIs)
//! read depth, evaluation, nodes, speed, time and the principal variation from it.
//!
//! Moves are the column letter (`a` = x 0) and the row counted from 1 (`h8` = 7,7), in protocol
//! coordinates; evaluations are the engine's own scale, or `+M<n>`/`-M<n>` for a win/loss in n
//! plies.

use std::fmt;

use renzoku_rules::Point;

use crate::summary::column_letters;

/// The `ev` field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineEval {
    /// The evaluation for the side to move, on the engine's scale.
    Value(i32),
    /// The side to move wins in this many plies.
    MateIn(u32),
    /// The side to move loses in this many plies.
    MatedIn(u32),
}

impl LineEval {
    /// Reads what `Display` writes: an integer, `+M<n>` or `-M<n>` (also the value of a Yixin
    /// detail line `INFO EVAL`). Rapfi's database marks `+M*`/`-M*` have no ply count and are
    /// read as a mate in 0 plies.
    pub fn parse(text: &str) -> Result<LineEval, String> {
        let text = text.trim();
        let bad = || format!("`{}` is not an evaluation", crate::text::excerpt(text));
        let mate = |rest: &str| {
            if rest == "*" { Ok(0) } else { rest.parse::<u32>().map_err(|_| bad()) }
        };
        if let Some(rest) = text.strip_prefix("+M").or_else(|| text.strip_prefix("+m")) {
            return mate(rest).map(LineEval::MateIn);
        }
        if let Some(rest) = text.strip_prefix("-M").or_else(|| text.strip_prefix("-m")) {
            return mate(rest).map(LineEval::MatedIn);
        }
        text.parse::<i32>().map(LineEval::Value).map_err(|_| bad())
    }
}

impl fmt::Display for LineEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineEval::Value(v) => write!(f, "{v}"),
            LineEval::MateIn(n) => write!(f, "+M{n}"),
            LineEval::MatedIn(n) => write!(f, "-M{n}"),
        }
    }
}

/// One realtime line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RapfiLine {
    pub depth: u32,
    pub seldepth: u32,
    /// `Some(k)` under multi-PV: the k-th best line (1-based).
    pub multipv: Option<u32>,
    pub eval: LineEval,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    pub time_ms: u64,
    /// Starts with the move of this line.
    pub pv: Vec<Point>,
}

/// Node counts as Rapfi's readers expect them: exact below 10 000, then `K`, `M` and `G` with
/// at most one decimal (`1.2M`).
fn nodes_text(nodes: u64) -> String {
    let scaled = |unit: u64, suffix: &str| {
        let tenths = nodes * 10 / unit;
        if tenths >= 1000 || tenths.is_multiple_of(10) {
            format!("{}{suffix}", tenths / 10)
        } else {
            format!("{}.{}{suffix}", tenths / 10, tenths % 10)
        }
    };
    match nodes {
        0..10_000 => nodes.to_string(),
        10_000..1_000_000 => scaled(1_000, "K"),
        1_000_000..1_000_000_000 => scaled(1_000_000, "M"),
        _ => scaled(1_000_000_000, "G"),
    }
}

impl fmt::Display for RapfiLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "depth {}-{}", self.depth, self.seldepth.max(self.depth))?;
        if let Some(k) = self.multipv {
            write!(f, " multipv {k}")?;
        }
        write!(
            f,
            " ev {} n {} n/ms {} tm {} pv",
            self.eval,
            nodes_text(self.nodes),
            self.nodes / self.time_ms.max(1),
            self.time_ms
        )?;
        if self.pv.is_empty() {
            // What Rapfi prints for an empty line; readers skip it.
            return write!(f, " (NONE)");
        }
        for p in &self.pv {
            write!(f, " {}{}", column_letters(p.x), u32::from(p.y) + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(nodes: u64, multipv: Option<u32>, eval: LineEval) -> RapfiLine {
        RapfiLine {
            depth: 14,
            seldepth: 22,
            multipv,
            eval,
            nodes,
            time_ms: 1870,
            pv: vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)],
        }
    }

    #[test]
    fn formats_like_rapfi() {
        assert_eq!(
            line(1_196_800, None, LineEval::Value(35)).to_string(),
            "depth 14-22 ev 35 n 1.1M n/ms 640 tm 1870 pv h8 i9 j10"
        );
        assert_eq!(
            line(1_234_567, Some(2), LineEval::MateIn(9)).to_string(),
            "depth 14-22 multipv 2 ev +M9 n 1.2M n/ms 660 tm 1870 pv h8 i9 j10"
        );
        let mut empty = line(42, None, LineEval::MatedIn(4));
        empty.pv.clear();
        empty.time_ms = 0;
        assert_eq!(empty.to_string(), "depth 14-22 ev -M4 n 42 n/ms 42 tm 0 pv (NONE)");
    }

    #[test]
    fn node_counts_shorten() {
        assert_eq!(nodes_text(9_999), "9999");
        assert_eq!(nodes_text(12_345), "12.3K");
        assert_eq!(nodes_text(640_000), "640K");
        assert_eq!(nodes_text(1_000_000), "1M");
        assert_eq!(nodes_text(123_456_789), "123M");
        assert_eq!(nodes_text(2_500_000_000), "2.5G");
    }

    #[test]
    fn wide_boards_use_two_letters() {
        let mut l = line(1, None, LineEval::Value(0));
        l.pv = vec![Point::new(25, 0), Point::new(26, 31)];
        assert!(l.to_string().ends_with("pv z1 aa32"), "{l}");
    }
}
