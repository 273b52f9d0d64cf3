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

/// Whether the static evaluation of a position is never used: a five to make or to block, or an
/// open four for the side to move (the search answers those before it evaluates).
pub fn is_tactical(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> bool {
    use crate::eval::{CL_FIVE, CL_FLEX4};
    let pos = crate::position::Position::new(board, rule);
    let me = pos.side_to_move();
    pos.has_class(me, CL_FIVE)
        || pos.has_class(me.opponent(), CL_FIVE)
        || pos.has_class(me, CL_FLEX4)
}

/// Pattern-combination features of a position for its side to move, for fitting the
/// evaluation tables offline (the `features` example with `--combos`): for every empty square,
/// the combination index (`eval::combo_index`, 0..`COMBOS`) of the side to move's four line
/// codes, counted in `counts[index]`, and of the waiting side's, counted in
/// `counts[COMBOS + index]`; the static evaluation is `table0 · counts[..COMBOS] - table1 ·
/// counts[COMBOS..]`. The last entry is the position's threat mask ([`threat_mask`]).
/// Squares forbidden to renju black count nowhere (they are worth nothing
/// to black). Also returns whether the position is tactical (see [`is_tactical`]).
pub fn combo_features(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> (Vec<i32>, bool) {
    use crate::eval::{COMBOS, combo_index};
    let pos = crate::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let mut counts = vec![0i32; 2 * COMBOS];
    for (role, c) in [me, me.opponent()].into_iter().enumerate() {
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                if !pos.is_empty(i) || pos.info(i, c).forbidden {
                    continue;
                }
                let codes: [u8; 4] = std::array::from_fn(|d| pos.line_pattern(i, c, d));
                counts[role * COMBOS + combo_index(codes)] += 1;
            }
        }
    }
    let opp = me.opponent();
    let mask = threat_mask(|mine, class| pos.has_class(if mine { me } else { opp }, class));
    counts.push(mask as i32);
    (counts, is_tactical(board, rule))
}

/// The evaluation table in use, per combination: `[side to move's share, waiting side's
/// share]` of a square whose four line codes form that combination (not renju-forbidden).
pub fn combo_table_in_use() -> Vec<[i32; 2]> {
    use crate::eval::{COMBOS, combo_index};
    use crate::pattern::CODES;
    let mut table = vec![[0, 0]; COMBOS];
    let n = CODES as u8;
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                for d in c..n {
                    let info = crate::eval::classify([a, b, c, d], false);
                    table[combo_index([a, b, c, d])] =
                        [i32::from(info.eval[0]), i32::from(info.eval[1])];
                }
            }
        }
    }
    table
}

/// One candidate move of [`order_features`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderCandidate {
    pub point: renzoku_rules::Point,
    /// The static ordering score without the fitted corrections (default search constants).
    pub base: i32,
    /// Combination index of the mover's four line codes on the square.
    pub mine: usize,
    /// Combination index of the opponent's four line codes on the square.
    pub theirs: usize,
}

/// Move-ordering features of a position for its side to move, for fitting the ordering
/// corrections offline (`features --order`): the moves the search orders in such a node (the
/// defences when the opponent threatens an open four, else the quiet candidates). None for a
/// tactical position (see [`is_tactical`]), whose moves are forced.
pub fn order_features(
    board: &renzoku_rules::Board,
    rule: renzoku_rules::Rule,
) -> Option<Vec<OrderCandidate>> {
    use crate::eval::combo_index;
    use crate::movegen::{defence_moves, legal_flex4, quiet_moves};
    if is_tactical(board, rule) {
        return None;
    }
    let pos = crate::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let opp = me.opponent();
    let mut moves = Vec::new();
    if legal_flex4(&pos, opp).is_some() {
        defence_moves(&pos, &mut moves);
    } else {
        quiet_moves(&pos, &mut moves);
    }
    let params = crate::params::Params::default();
    let combo = |i: usize, c| combo_index(std::array::from_fn(|d| pos.line_pattern(i, c, d)));
    Some(
        moves
            .into_iter()
            .map(|m| OrderCandidate {
                point: pos.point(m),
                base: crate::worker::static_order_score(&pos, m, &params)
                    - i32::from(pos.info(m, me).order[0])
                    - i32::from(pos.info(m, opp).order[1]),
                mine: combo(m, me),
                theirs: combo(m, opp),
            })
            .collect(),
    )
}

/// Which threat classes each side has somewhere on the board, as 9 bits (512 masks): for the
/// side to move, a three, a double three, a four, a four-three; for the waiting side, the same
/// four and an open-four threat (an open three already on the board). A tuning feature only
/// (`FIT_MASKS=1 fit_combos.py` fits a value per mask): the engine's evaluation does not use it,
/// because the held-out gain was small (see `tuning/README.md`).
fn threat_mask(has: impl Fn(bool, u8) -> bool) -> usize {
    use crate::eval::{CL_3, CL_4, CL_33, CL_43, CL_FLEX4};
    let mut mask = 0;
    for (bit, class) in [CL_3, CL_33, CL_4, CL_43].into_iter().enumerate() {
        mask |= usize::from(has(true, class)) << bit;
        mask |= usize::from(has(false, class)) << (bit + 4);
    }
    mask | usize::from(has(false, CL_FLEX4)) << 8
}

#[cfg(test)]
mod tests {
    use renzoku_rules::{Board, Point, Rule};

    use super::*;
    use crate::eval::COMBOS;

    /// Positions of a fixed pseudo-random game near the centre, after each of its moves, until
    /// one side has a five to make or block.
    fn positions() -> Vec<Board> {
        let mut board = Board::square(15).expect("15x15");
        let mut out = Vec::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        while out.len() < 40 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let p = Point::new(3 + (seed % 9) as u8, 3 + ((seed >> 8) % 9) as u8);
            if board.play(p).is_ok() {
                if is_tactical(&board, Rule::Freestyle) {
                    break;
                }
                out.push(board.clone());
            }
        }
        out
    }

    /// The fitting pipeline sees exactly what the engine evaluates: the combination counts
    /// times the table in use give the static evaluation.
    #[test]
    fn combo_features_reproduce_the_static_evaluation() {
        let table = combo_table_in_use();
        let boards = positions();
        assert!(boards.len() >= 8, "only {} positions", boards.len());
        for board in boards {
            let (counts, _) = combo_features(&board, Rule::Freestyle);
            let sum: i32 = (0..COMBOS)
                .map(|i| counts[i] * table[i][0] - counts[COMBOS + i] * table[i][1])
                .sum();
            let pos = crate::position::Position::new(&board, Rule::Freestyle);
            assert_eq!(crate::worker::static_eval(&pos), sum, "{board:?}");
        }
    }

    /// The ordering features plus the fitted corrections give the engine's static ordering.
    #[test]
    fn order_features_reproduce_the_static_ordering() {
        use crate::eval::combo_index;
        let params = crate::params::Params::default();
        for board in positions() {
            let Some(candidates) = order_features(&board, Rule::Freestyle) else { continue };
            assert!(!candidates.is_empty());
            let pos = crate::position::Position::new(&board, Rule::Freestyle);
            let me = pos.side_to_move();
            for c in candidates {
                let m = pos.index_of(c.point);
                let codes = |col| std::array::from_fn(|d| pos.line_pattern(m, col, d));
                assert_eq!(c.mine, combo_index(codes(me)));
                assert_eq!(c.theirs, combo_index(codes(me.opponent())));
                let corrections = i32::from(pos.info(m, me).order[0])
                    + i32::from(pos.info(m, me.opponent()).order[1]);
                assert_eq!(
                    c.base + corrections,
                    crate::worker::static_order_score(&pos, m, &params)
                );
            }
        }
    }
}
