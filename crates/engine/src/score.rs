//! Search scores: an evaluation in centi-pawn-like units, or a forced win/loss with its distance.

use std::fmt;

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

    /// A win probability for the side to move in 0.0..=1.0 (logistic in the evaluation).
    pub fn winrate(self) -> f64 {
        match self {
            Score::Win(_) => 1.0,
            Score::Loss(_) => 0.0,
            Score::Eval(v) => 1.0 / (1.0 + (-f64::from(v) / 400.0).exp()),
        }
    }

    pub fn is_decisive(self) -> bool {
        !matches!(self, Score::Eval(_))
    }
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
        assert!(Score::Eval(100).winrate() > 0.5 && Score::Eval(-100).winrate() < 0.5);
    }
}
