//! Yixin's "caution factor" (`INFO caution_factor`, 0 = rash … 4 = cautious; Rapfi takes 0..5):
//! how much the search double-checks before it commits to a move. 1 is the engine's normal
//! behaviour. It acts in two places, both outside the tree search itself:
//!
//! - the root moves: from 3 on, the quiet candidates at the root reach three squares from the
//!   stones instead of two (Rapfi reads the factor as a candidate range), so distant defences
//!   and quiet moves are looked at too;
//! - the time: a cautious search keeps iterating longer when the best move changes or its score
//!   drops, and does not cut its time short for a stable best move; a rash one stops sooner.

use crate::board::position::Position;

/// The normal caution (the engine's behaviour without the setting).
pub const NORMAL: u8 = 1;

/// The largest caution factor that has its own effect (larger values act as this one).
pub const MAX: u8 = 5;

/// Chebyshev distance from the stones of the quiet root candidates.
pub fn root_range(caution: u8) -> u8 {
    if caution >= 3 { 3 } else { 2 }
}

/// Adds to `moves` the empty squares legal for the side to move at distance exactly 3 from the
/// stones (the quiet generator gives those up to 2), when `caution` asks for the wider range.
pub fn widen_root_moves(pos: &Position, caution: u8, moves: &mut Vec<usize>) {
    if root_range(caution) < 3 {
        return;
    }
    let Some((x0, y0, x1, y1)) = pos.area(3) else { return };
    let me = pos.side_to_move();
    let stride = pos.stride as isize;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = pos.index(x, y);
            if !pos.is_empty(i) || pos.near(i) || moves.contains(&i) {
                continue;
            }
            // Within 3 of a stone exactly when a neighbour is within 2 of one (the padding
            // around the board keeps its own counts, so edge squares need no special case).
            let neighbour_near = (-1..=1isize).any(|dy| {
                (-1..=1isize).any(|dx| pos.near((i as isize + dy * stride + dx) as usize))
            });
            if neighbour_near && pos.is_legal(i, me) {
                moves.push(i);
            }
        }
    }
}

/// How much the soft time limit is stretched after an iteration, for `caution`: when the score
/// `dropped`, when the best move `changed`, when it has been `stable` for three iterations, else
/// 1. Caution 1 keeps the engine's normal factors (1.5, 1.3, 0.7).
pub fn time_scale(caution: u8, dropped: bool, changed: bool, stable: bool) -> f64 {
    let c = f64::from(caution.min(MAX));
    if dropped {
        1.2 + 0.3 * c
    } else if changed {
        1.15 + 0.15 * c
    } else if stable {
        (0.55 + 0.15 * c).min(1.0)
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use renzoku_rules::{Board, Point, Rule};

    use super::*;

    #[test]
    fn normal_caution_keeps_the_normal_factors() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(time_scale(NORMAL, true, false, false), 1.5));
        assert!(close(time_scale(NORMAL, false, true, false), 1.3));
        assert!(close(time_scale(NORMAL, false, false, true), 0.7));
        assert!(close(time_scale(NORMAL, false, false, false), 1.0));
        // Rash stops sooner, cautious later; a stable move never shortens a cautious search.
        assert!(time_scale(0, false, false, true) < 0.7);
        assert!(time_scale(4, true, false, false) > 2.0);
        assert!(close(time_scale(4, false, false, true), 1.0));
    }

    #[test]
    fn cautious_root_reaches_three_squares() {
        let mut board = Board::square(15).expect("15x15");
        board.play(Point::new(7, 7)).expect("empty");
        let pos = Position::new(&board, Rule::Freestyle);
        let mut moves = Vec::new();
        widen_root_moves(&pos, NORMAL, &mut moves);
        assert!(moves.is_empty());
        widen_root_moves(&pos, 4, &mut moves);
        // The ring at distance 3 around one stone: 7 × 7 − 5 × 5 squares.
        assert_eq!(moves.len(), 24);
        assert!(moves.iter().all(|&i| pos.point(i).chebyshev(Point::new(7, 7)) == 3));
    }
}
