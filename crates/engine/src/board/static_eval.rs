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
pub fn position_threat_mask(pos: &Position) -> usize {
    let me = pos.side_to_move();
    let opp = me.opponent();
    crate::eval::square::threat_mask(|mine, class| {
        pos.has_class(if mine { me } else { opp }, class)
    })
}
