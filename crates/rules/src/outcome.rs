//! Game results: what a move ends.

use std::fmt;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::forbidden;
use crate::geometry::{Direction, Point};
use crate::rule::Rule;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// `winner` made a winning line under the rule.
    Five { winner: Color },
    /// Black played a forbidden point under renju and lost.
    Forbidden,
    /// No empty square left.
    FullBoard,
    /// The agreed number of moves was reached.
    MoveLimit,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Five { winner } => Some(winner),
            Outcome::Forbidden => Some(Color::White),
            Outcome::FullBoard | Outcome::MoveLimit => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Five { winner } => write!(f, "{winner} wins with five"),
            Outcome::Forbidden => f.write_str("black played a forbidden move, white wins"),
            Outcome::FullBoard => f.write_str("draw, the board is full"),
            Outcome::MoveLimit => f.write_str("draw by move limit"),
        }
    }
}

/// Whether a stone of `color` on `p` (whatever `p` holds now) makes a winning line under `rule`.
pub fn makes_five(board: &Board, p: Point, color: Color, rule: Rule) -> bool {
    let opponent = Cell::Stone(color.opponent());
    Direction::ALL.into_iter().any(|dir| {
        let run = board.run_through(p, dir, color);
        let blocked_both = run.before == opponent && run.after == opponent;
        match rule {
            Rule::Freestyle => run.length >= 5,
            Rule::Standard => run.length == 5,
            Rule::Renju => match color {
                Color::Black => run.length == 5,
                Color::White => run.length >= 5,
            },
            Rule::CaroFreestyle => run.length >= 6 || (run.length == 5 && !blocked_both),
            Rule::CaroStandard => run.length == 5 && !blocked_both,
        }
    })
}

/// The result of the stone just placed on `p` (it must be on the board), if the game ends.
/// A five wins even when the same stone makes a forbidden shape.
pub fn outcome_after(board: &Board, p: Point, rule: Rule) -> Option<Outcome> {
    let Cell::Stone(color) = board.get(p) else {
        return None;
    };
    if makes_five(board, p, color, rule) {
        return Some(Outcome::Five { winner: color });
    }
    if rule.has_forbidden_moves() && color == Color::Black {
        let mut before = board.clone();
        if before.remove(p).is_ok() && forbidden::is_forbidden(&before, p) {
            return Some(Outcome::Forbidden);
        }
    }
    if board.is_full() {
        return Some(Outcome::FullBoard);
    }
    None
}

/// As [`outcome_after`], and a draw once the board holds `move_limit` stones.
pub fn outcome_with_limit(
    board: &Board,
    p: Point,
    rule: Rule,
    move_limit: Option<usize>,
) -> Option<Outcome> {
    outcome_after(board, p, rule)
        .or_else(|| move_limit.filter(|&n| board.stone_count() >= n).map(|_| Outcome::MoveLimit))
}

/// Whether `color` may play on `p` under `rule`: the square is empty and, for black under renju,
/// not forbidden.
pub fn is_legal(board: &Board, p: Point, color: Color, rule: Rule) -> bool {
    board.is_empty_square(p)
        && !(rule.has_forbidden_moves()
            && color == Color::Black
            && forbidden::is_forbidden(board, p))
}
