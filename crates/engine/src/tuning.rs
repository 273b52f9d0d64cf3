//! Experiment switch for A/B tests in one process (the `selfplay` example): searches started
//! while a variant is set use that variant of an experimental feature. Variant 0 is the normal
//! engine; nothing else should set it. No experiment is active at the moment: a new one reads
//! `variant()` where it branches (e.g. in `Worker::new`) and is removed once decided.

use std::sync::atomic::{AtomicU32, Ordering};

static VARIANT: AtomicU32 = AtomicU32::new(0);

/// Selects the experimental variant used by searches started from now on.
pub fn set_variant(v: u32) {
    VARIANT.store(v, Ordering::Relaxed);
}

pub fn variant() -> u32 {
    VARIANT.load(Ordering::Relaxed)
}

/// Evaluation features of a position for its side to move, for fitting the evaluation weights
/// offline (the `features` example): for the side to move, then for the opponent, the number of
/// (empty square, direction) pairs with each line code (`CODES` counts) and the number of empty
/// squares of each threat class (`CLASSES` counts). The static evaluation is a linear function
/// of these counts. Also returns whether the position is tactical (a five to make or to block,
/// or an open four for the side to move), where the static evaluation is never used.
pub fn eval_features(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> (Vec<i32>, bool) {
    use crate::eval::{CL_FIVE, CL_FLEX4, CLASSES};
    use crate::pattern::CODES;
    let pos = crate::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let mut features = Vec::with_capacity(2 * (CODES + CLASSES));
    for c in [me, me.opponent()] {
        let mut codes = [0i32; CODES];
        let mut classes = [0i32; CLASSES];
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                if !pos.is_empty(i) {
                    continue;
                }
                for d in 0..4 {
                    codes[pos.line_pattern(i, c, d) as usize] += 1;
                }
                classes[pos.class(i, c) as usize] += 1;
            }
        }
        features.extend_from_slice(&codes);
        features.extend_from_slice(&classes);
    }
    let tactical = pos.has_class(me, CL_FIVE)
        || pos.has_class(me.opponent(), CL_FIVE)
        || pos.has_class(me, CL_FLEX4);
    (features, tactical)
}
