//! Search scores: an evaluation in centi-pawn-like units, or a forced win/loss with its distance.

use std::fmt;

use renzoku_rules::Rule;

/// Internal score bound; mate scores sit just below it.
pub(crate) const INF: i32 = 30_000;
/// A win at ply `n` from the root is `MATE - n`.
pub(crate) const MATE: i32 = 29_000;
/// Scores beyond this magnitude are mate scores.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;

/// The value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// A heuristic evaluation; positive is good for the side to move. About 100 per "pawn", the
    /// engine rarely reports beyond ±5000.
    Eval(i32),
    /// The side to move wins: its winning five is made on ply `n` from now (1 = the move itself).
    Win(u32),
    /// The side to move loses: the opponent's five comes on ply `n` from now (2 = the reply).
    Loss(u32),
}

impl Score {
    /// Converts an internal root-relative score.
    pub(crate) fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Win((MATE - v).max(0) as u32)
        } else if v <= -MATE_BOUND {
            Score::Loss((MATE + v).max(0) as u32)
        } else {
            Score::Eval(v)
        }
    }

    /// The internal encoding (root-relative mate scores).
    #[cfg(test)]
    pub(crate) fn to_internal(self) -> i32 {
        match self {
            Score::Eval(v) => v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            Score::Win(n) => MATE - n.min(999) as i32,
            Score::Loss(n) => -MATE + n.min(999) as i32,
        }
    }

    /// A win probability for the side to move under `rule`, in 0.0..=1.0: logistic in the
    /// evaluation over [`winrate_scale`].
    pub fn winrate(self, rule: Rule) -> f64 {
        match self {
            Score::Win(_) => 1.0,
            Score::Loss(_) => 0.0,
            Score::Eval(v) => 1.0 / (1.0 + (-f64::from(v) / winrate_scale(rule)).exp()),
        }
    }

    pub fn is_decisive(self) -> bool {
        !matches!(self, Score::Eval(_))
    }
}

/// The evaluation difference that multiplies the odds of winning by e under `rule`: the scale
/// that best predicts the outcomes of self-play games from the search's own scores (log-loss
/// over 77k freestyle 15x15 positions: 0.5131 at 500, 0.5113 at 550, 0.5114 at 600; 20x20
/// best at 600; over 274k renju positions 0.5471 at 800, 0.5433 at 1000, 0.5467 at 1200;
/// `selfplay-*` games of `tuning/data` by `tuning/winrate_scale.py`, docs/experiments.md
/// session 46). Renju's values are on a wider scale (its own net, fitted with a scale of 700
/// against the generic net's 500).
pub fn winrate_scale(rule: Rule) -> f64 {
    if rule == Rule::Renju { 1000.0 } else { 550.0 }
}

/// `+123`, `-40`, `W7` (win in 7 plies), `L4` (loss in 4 plies).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v:+}"),
            Score::Win(n) => write!(f, "W{n}"),
            Score::Loss(n) => write!(f, "L{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_round_trip() {
        for s in [Score::Eval(0), Score::Eval(-250), Score::Win(1), Score::Win(13), Score::Loss(2)]
        {
            assert_eq!(Score::from_internal(s.to_internal()), s);
        }
        assert!(Score::Win(3).to_internal() > Score::Win(5).to_internal());
        assert!(Score::Loss(6).to_internal() > Score::Loss(2).to_internal());
        for rule in [Rule::Freestyle, Rule::Renju] {
            assert!(Score::Eval(100).winrate(rule) > 0.5 && Score::Eval(-100).winrate(rule) < 0.5);
            assert!(Score::Win(9).winrate(rule) > 0.999_999);
            assert!((Score::Eval(0).winrate(rule) - 0.5).abs() < 1e-12);
        }
        // The same value is a surer win in freestyle than under renju, whose values are wider.
        assert!(Score::Eval(400).winrate(Rule::Freestyle) > Score::Eval(400).winrate(Rule::Renju));
    }
}
