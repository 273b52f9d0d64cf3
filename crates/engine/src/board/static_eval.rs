//! A position's static evaluation for its side to move: the square shares kept by the position,
//! the threat-mask term and the hidden layer, clamped away from mate scores.

use crate::board::position::Position;
use crate::score::MATE_BOUND;

/// How far a static value may go: half the mate bound, so that no evaluation (scaled by
/// `eval_scale` too) reads as a mate score.
pub(crate) const EVAL_LIMIT: i32 = MATE_BOUND / 2;

/// Static evaluation of a position for its side to move: the side to move's square shares
/// minus the waiting side's, plus the term of the position's threat mask, plus the hidden
/// layer's share (weights fitted offline, see `eval.rs` and `hidden.rs`).
pub fn static_eval(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    let mask = position_threat_mask(pos);
    let score = pos.eval_sum(me, true) - pos.eval_sum(me.opponent(), false)
        + pos.net.mask_eval(mask)
        + pos.hidden_eval(mask);
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The threat mask (`eval::threat_mask`) of a position, for its side to move.
/// Renju black's double threes are not threats (they are forbidden where both threes are
/// true), as they count nowhere in the squares' shares (`square::counts_nowhere`).
pub fn position_threat_mask(pos: &Position) -> usize {
    use crate::eval::square::CL_33;
    let me = pos.side_to_move();
    let opp = me.opponent();
    let renju = pos.rule == renzoku_rules::Rule::Renju;
    crate::eval::square::threat_mask(|mine, class| {
        let c = if mine { me } else { opp };
        if renju && class == CL_33 && c == renzoku_rules::Color::Black {
            return false;
        }
        pos.has_class(c, class)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::square::{CL_3, CL_33, threat_mask};
    use renzoku_rules::Rule;

    /// Black to move has a double three at the centre (two open twos crossing there): a threat
    /// in the mask under freestyle, none under renju, where black may not play it; its threes
    /// count under both.
    #[test]
    fn renju_black_double_threes_are_no_threat_in_the_mask() {
        let board = renzoku_rules::parse_diagram(
            "
            O . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . X . . . .
            . . . . . . X X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . O . . . . . O .",
        )
        .expect("diagram")
        .board;
        let only = |class| threat_mask(|mine, c| mine && c == class);
        for (rule, double_three) in [(Rule::Freestyle, true), (Rule::Renju, false)] {
            let pos = Position::new(&board, rule);
            assert_eq!(pos.side_to_move(), renzoku_rules::Color::Black);
            assert!(pos.has_class(renzoku_rules::Color::Black, CL_33), "{rule:?}");
            let mask = position_threat_mask(&pos);
            assert_eq!(mask & only(CL_33) != 0, double_three, "{rule:?}");
            assert_ne!(mask & only(CL_3), 0, "{rule:?}");
        }
    }
}
