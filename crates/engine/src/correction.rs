//! Correction history: what searches found the static value missed, remembered per colour's
//! stones, and added to later static values of positions that share them.
//!
//! Siblings in the tree differ by one stone of the side that just moved, so the table keyed by
//! the side to move's stones collects the error of every move tried at their parent: a threat the
//! evaluation does not see (a hidden VCT, say) shows in all of them, and the static values of
//! the later siblings, and of the same position deeper in the tree, are moved towards what the
//! search found. It is Stockfish's non-pawn correction history with Gomoku's stones as the
//! pieces; the weight is the `corr_weight` constant (0: off).

use renzoku_rules::Color;

use crate::position::Position;

/// Entries per table (a power of two: the stone hash is masked).
const SIZE: usize = 1 << 14;
/// Entries hold the error in sixteenths of an evaluation point (room for slow averaging).
const GRAIN: i32 = 16;
/// The largest error one search result teaches, in evaluation points: beyond it a result says
/// "tactics", which the table cannot generalise.
const MAX_ERROR: i32 = 400;

/// Per side to move, one table over its own stones' hash and one over the opponent's.
#[derive(Debug)]
pub struct Correction {
    tables: [[Vec<i32>; 2]; 2],
}

impl Default for Correction {
    fn default() -> Self {
        Correction { tables: std::array::from_fn(|_| std::array::from_fn(|_| vec![0; SIZE])) }
    }
}

impl Correction {
    fn slots(pos: &Position) -> (usize, [usize; 2]) {
        let me = pos.side_to_move();
        let slot = |c: Color| (pos.stone_hash(c) as usize) & (SIZE - 1);
        (me.index(), [slot(me), slot(me.opponent())])
    }

    /// The correction of `pos`'s static value, in evaluation points, at `weight` percent.
    pub fn value(&self, pos: &Position, weight: i32) -> i32 {
        let (side, [own, opp]) = Correction::slots(pos);
        let t = &self.tables[side];
        (t[0][own] + t[1][opp]) * weight / (2 * 100 * GRAIN)
    }

    /// Moves `pos`'s entries towards `error` (search result minus raw static value) by a share
    /// that grows with the search's depth: a deep result is the better witness.
    pub fn update(&mut self, pos: &Position, error: i32, depth: i32) {
        let (side, [own, opp]) = Correction::slots(pos);
        let target = error.clamp(-MAX_ERROR, MAX_ERROR) * GRAIN;
        let rate = depth.clamp(1, 8);
        let [own_table, opp_table] = &mut self.tables[side];
        for e in [&mut own_table[own], &mut opp_table[opp]] {
            *e += (target - *e) * rate / 64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use renzoku_rules::{Board, Point, Rule};

    fn position(moves: &[(u8, u8)]) -> Position {
        let mut board = Board::square(15).expect("size");
        for (n, &(x, y)) in moves.iter().enumerate() {
            let color = if n % 2 == 0 { Color::Black } else { Color::White };
            board.put(Point::new(x, y), color).expect("empty square");
        }
        board.set_side_to_move(if moves.len() % 2 == 0 { Color::Black } else { Color::White });
        Position::new(&board, Rule::Freestyle)
    }

    #[test]
    fn learns_towards_the_error_and_stays_bounded() {
        let pos = position(&[(7, 7), (7, 8), (8, 8)]);
        let mut c = Correction::default();
        assert_eq!(c.value(&pos, 100), 0);
        for _ in 0..200 {
            c.update(&pos, 10_000, 8);
        }
        // Both tables converge to the capped error; their mean is the correction.
        assert!((MAX_ERROR - 2..=MAX_ERROR).contains(&c.value(&pos, 100)));
        assert_eq!(c.value(&pos, 50), c.value(&pos, 100) / 2);
        for _ in 0..200 {
            c.update(&pos, -30, 8);
        }
        assert!((-31..=-28).contains(&c.value(&pos, 100)));
    }

    #[test]
    fn a_sibling_shares_the_opponents_table_only() {
        // After black's 8,8 or 6,6 it is white to move with the same white stones.
        let a = position(&[(7, 7), (7, 8), (8, 8)]);
        let b = position(&[(7, 7), (7, 8), (6, 6)]);
        let mut c = Correction::default();
        for _ in 0..200 {
            c.update(&a, 200, 8);
        }
        assert!((198..=200).contains(&c.value(&a, 100)));
        // b shares a's white stones (the side to move's own table) but not black's.
        let shared = c.value(&b, 100);
        assert!((98..=100).contains(&shared), "{shared}");
    }
}
