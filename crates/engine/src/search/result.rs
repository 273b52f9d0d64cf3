//! What a search returns.

use std::time::Duration;

use renzoku_rules::Point;

use crate::score::Score;

/// What a search found.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult {
    /// The move to play: always a legal move when one exists (empty square, and not forbidden for
    /// black under renju), even when the search was stopped at once. `None` only when the side to
    /// move has no legal move at all.
    pub best_move: Option<Point>,
    pub score: Score,
    /// Deepest completed nominal depth (0 if no iteration completed).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Principal variation starting with `best_move`.
    pub pv: Vec<Point>,
    /// Estimated probability that the side to move wins.
    pub winrate: f64,
}
