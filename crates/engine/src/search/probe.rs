//! Read-only access to an engine's hash table from another thread, while the engine searches:
//! what the running (or last) search has stored about a position, and the line of best moves
//! the table holds from it. The brain answers AlphaGomoku's `INFO evaluate <path>` with it at
//! once, without stopping or disturbing the search (a probe only reads atomics).

use std::sync::Arc;

use renzoku_rules::{Board, Point, Rule};

use crate::board::position::Position;
use crate::score::Score;
use crate::search::tt::{Bound, TranspositionTable};

/// Longest best-move line followed through the table.
const MAX_LINE: usize = 40;

/// What kind of value a stored node holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NodeBound {
    /// The exact value at the stored depth.
    Exact,
    /// At least this value (the node failed high).
    Lower,
    /// At most this value (the node failed low).
    Upper,
}

/// What the hash table knows about one position, for its side to move.
#[derive(Clone, PartialEq, Debug)]
pub struct NodeInfo {
    /// Remaining depth the stored value was searched to.
    pub depth: i32,
    pub score: Score,
    pub bound: NodeBound,
    /// The best-move line the table holds from this position (empty when the entry has no
    /// move); it stops at the first position the table does not know or at a five.
    pub line: Vec<Point>,
}

/// A handle on an engine's hash table that can be moved to another thread. It stays valid
/// after the engine resizes its table (it then sees the old, no longer updated table: take a new
/// handle with [`crate::Engine::hash_probe`] after each resize).
#[derive(Clone, Debug)]
pub struct HashProbe {
    pub(crate) tt: Arc<TranspositionTable>,
}

impl HashProbe {
    /// The stored node of `board` (side to move = the board's) under `rule`, if the table has
    /// it. `None` also when the pattern tables of `rule` are not built yet (building them here
    /// would block the caller for tens of milliseconds).
    pub fn node(&self, board: &Board, rule: Rule) -> Option<NodeInfo> {
        if !crate::board::prepare::is_prepared(rule) {
            return None;
        }
        let salt = crate::search::tt::hash_salt(board, rule);
        let mut pos = Position::new(board, rule);
        let entry = self.tt.probe_salted(pos.hash(), salt)?;
        let bound = match entry.bound {
            Bound::Exact => NodeBound::Exact,
            Bound::Lower => NodeBound::Lower,
            Bound::Upper => NodeBound::Upper,
        };
        let mut line = Vec::new();
        let mut next = entry.best;
        while let Some(p) = next {
            if line.len() >= MAX_LINE || !board.contains(p) {
                break;
            }
            let idx = pos.index_of(p);
            let me = pos.side_to_move();
            if !pos.is_empty(idx) || !pos.is_legal(idx, me) {
                break;
            }
            let five = pos.fives(me).contains(idx);
            pos.make(idx);
            line.push(p);
            if five {
                break;
            }
            next = self.tt.probe_salted(pos.hash(), salt).and_then(|e| e.best);
        }
        Some(NodeInfo { depth: entry.depth, score: Score::from_internal(entry.score), bound, line })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use renzoku_rules::{Board, Point, Rule};

    use crate::{Engine, EngineConfig, Limits, NullObserver};

    #[test]
    fn a_searched_position_is_found_with_its_line() {
        let mut engine = Engine::new(EngineConfig { hash_bytes: 1 << 20, threads: 1 });
        let mut board = Board::square(15).expect("15x15");
        for p in [Point::new(7, 7), Point::new(8, 8), Point::new(7, 8)] {
            board.play(p).expect("empty");
        }
        let probe = engine.hash_probe();
        assert!(probe.node(&board, Rule::Freestyle).is_none(), "nothing searched yet");
        let stop = AtomicBool::new(false);
        let result =
            engine.search(&board, Rule::Freestyle, &Limits::depth(5), &stop, &mut NullObserver);
        let best = result.best_move.expect("a move");
        // The child after the best move was searched to depth 4 and stored.
        let mut child = board.clone();
        child.play(best).expect("legal");
        let node = probe.node(&child, Rule::Freestyle).expect("the child is stored");
        assert!(node.depth >= 1, "{node:?}");
        // Every move of the line is playable in turn.
        let mut walk = child.clone();
        for &p in &node.line {
            walk.play(p).expect("line moves are empty squares");
        }
        // Another rule's salt never matches.
        assert!(probe.node(&child, Rule::Standard).is_none());
        // A position never searched is unknown.
        let mut far = Board::square(15).expect("15x15");
        far.play(Point::new(0, 0)).expect("empty");
        assert!(probe.node(&far, Rule::Freestyle).is_none());
    }
}
