//! Engine reports as numbers for the evaluation graph: black's expected score, 0 … 1.
//!
//! Engines report on different scales: the AlphaGomoku/Renzoku summary gives the side to move's
//! expected score in percent (`ev 56.2`, or `W9`/`L4`/`D` for proven results), Rapfi and most
//! others an evaluation in their own units (`ev 35`, `Eval -120`, `+M9`/`-M4` for mates). Both
//! become the side to move's expected score: percentages as they are, evaluations through the
//! logistic curve Rapfi uses to turn its values into a win rate, and proven results or mates
//! clamped to 1 (win) or 0 (loss). The report of a move is made by the side about to play it,
//! so white's reports are flipped to black's point of view.

use crate::event::{EngineInfo, Side};

/// Evaluation units per factor e of the odds (Rapfi's scaling of values to win rates).
const EVAL_SCALE: f64 = 200.0;

/// The expected score of the side that made `info`'s search, 0 … 1; `None` when the report
/// has no evaluation in a known form.
pub fn mover_score(info: &EngineInfo) -> Option<f64> {
    let eval = info.eval.as_deref()?.trim();
    let upper = eval.to_ascii_uppercase();
    let unsigned = upper.trim_start_matches('+');
    // Proven results and mates, in the spellings engines use.
    if unsigned.starts_with('W') || unsigned.starts_with('M') {
        return Some(1.0);
    }
    if unsigned.starts_with('L') || unsigned.starts_with("-M") {
        return Some(0.0);
    }
    if unsigned.starts_with('D') {
        return Some(0.5);
    }
    let value: f64 = unsigned.parse().ok().filter(|v: &f64| v.is_finite())?;
    if is_alphagomoku_summary(&info.text) {
        Some((value / 100.0).clamp(0.0, 1.0))
    } else {
        Some(1.0 / (1.0 + (-value / EVAL_SCALE).exp()))
    }
}

/// Black's expected score from a report of `info.side`.
pub fn black_score(info: &EngineInfo) -> Option<f64> {
    let mine = mover_score(info)?;
    Some(match info.side {
        Side::Black => mine,
        Side::White => 1.0 - mine,
    })
}

/// The AlphaGomoku summary (Renzoku's default) carries `winrate`: its `ev` is a percentage.
fn is_alphagomoku_summary(text: &str) -> bool {
    text.split_whitespace().any(|w| w.eq_ignore_ascii_case("winrate"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(side: Side, text: &str) -> Option<f64> {
        black_score(&EngineInfo::from_message(1, side, text))
    }

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-3)
    }

    #[test]
    fn percentages_evaluations_and_mates() {
        let summary = "depth 1-17 ev 56.2 winrate 56.2 drawrate 0.0 n 10 n/s 10 tm 1 pv Xh8";
        assert!(close(score(Side::Black, summary), 0.562));
        assert!(close(score(Side::White, summary), 0.438));
        let proven = "depth 1-9 ev W9 winrate 100.0 drawrate 0.0 n 10 n/s 10 tm 1 pv Xh8";
        assert!(close(score(Side::White, proven), 0.0));
        assert!(close(score(Side::Black, "depth 14-22 ev 0 n 1.2M n/ms 640 tm 1870 pv h8"), 0.5));
        // Rapfi's scale: 200 units = odds of e.
        let rapfi = score(Side::Black, "depth 14-22 ev 200 n 1.2M n/ms 640 tm 1870 pv h8");
        assert!(close(rapfi, 1.0 / (1.0 + (-1.0f64).exp())));
        assert!(close(score(Side::Black, "depth 9-16 ev +M9 n 5K n/ms 1 tm 1 pv h8"), 1.0));
        assert!(close(score(Side::Black, "depth 9-16 ev -M4 n 5K n/ms 1 tm 1 pv h8"), 0.0));
        assert!(close(score(Side::White, "depth 9-16 ev -M4 n 5K n/ms 1 tm 1 pv h8"), 1.0));
        assert_eq!(score(Side::Black, "hello"), None);
    }
}
