//! `INFO evaluate [path]` (AlphaGomoku document §3.3.1, contract §3): "a MESSAGE in the summary
//! format about that node of the last or running search, or an empty MESSAGE".
//!
//! The controller publishes here what the searches know: the position of the last command, the
//! root of the running (or last) search with its latest completed iteration, and a handle on the
//! engine's hash table. The reader thread answers `INFO evaluate` from this at once, also while
//! a search runs, without stopping or slowing it (a lock held for a copy, and hash-table reads).
//!
//! A node on the principal variation of the search is described by that line (its score seen
//! from the node's side to move, the rest of the line as pv); any other node by the hash-table
//! entry the search stored for it, with the best-move line the table holds from it. Nodes the
//! search never reached give the empty MESSAGE; nothing is searched for an evaluate.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use renzoku_engine::{HashProbe, IterationInfo, Score, SearchResult};
use renzoku_protocol::Reply;
use renzoku_rules::{Board, Point, Rule, is_legal};

use crate::summary;

/// What the latest search is about.
#[derive(Clone)]
struct Snapshot {
    root: Board,
    rule: Rule,
    /// The latest completed iteration (or the final result) of the principal variation.
    line: Option<IterationInfo>,
    probe: HashProbe,
}

#[derive(Default)]
struct State {
    /// The position paths start from: the board of the last command, or the root while a search
    /// runs.
    board: Option<Board>,
    search: Option<Snapshot>,
}

/// Shared between the controller (writer) and the reader thread (answers `INFO evaluate`).
#[derive(Default)]
pub struct Analysis {
    state: Mutex<State>,
    /// The sequence number of the last command whose position is published (see
    /// [`Analysis::in_sync`]).
    published: AtomicU64,
    /// False from the end of a command's search until the command is done: the command may be
    /// changing the position (playing the move found) and is not published yet.
    settled: AtomicBool,
}

impl Analysis {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Controller: command `seq` has been executed and left `board` as the position.
    pub fn command_done(&self, board: Option<&Board>, seq: u64) {
        self.state().board = board.cloned();
        self.published.fetch_max(seq, Ordering::SeqCst);
        self.settled.store(true, Ordering::SeqCst);
    }

    /// Controller: a search of `root` starts (for command `seq`, or a ponder search when
    /// `None`); paths now start from `root`.
    pub fn search_started(&self, root: &Board, rule: Rule, probe: HashProbe, seq: Option<u64>) {
        {
            let mut state = self.state();
            state.board = Some(root.clone());
            state.search = Some(Snapshot { root: root.clone(), rule, line: None, probe });
        }
        if let Some(seq) = seq {
            self.published.fetch_max(seq, Ordering::SeqCst);
            self.settled.store(true, Ordering::SeqCst);
        }
    }

    /// Controller (from the search observer): an iteration of the principal variation ended.
    pub fn iteration(&self, info: &IterationInfo) {
        if let Some(search) = self.state().search.as_mut() {
            search.line = Some(info.clone());
        }
    }

    /// Controller: the search ended with `result` (which may differ from the last iteration).
    /// `in_command`: the search answers a command, which goes on (and is published when done);
    /// false for a ponder search.
    pub fn search_finished(&self, result: &SearchResult, in_command: bool) {
        if in_command {
            self.settled.store(false, Ordering::SeqCst);
        }
        if result.pv.is_empty() {
            return;
        }
        if let Some(search) = self.state().search.as_mut() {
            search.line = Some(IterationInfo {
                depth: result.depth,
                seldepth: result.seldepth,
                multipv: 1,
                score: result.score,
                winrate: result.winrate,
                nodes: result.nodes,
                elapsed: result.elapsed,
                nps: 0,
                hash_permille: 0,
                pv: result.pv.clone(),
            });
        }
    }

    /// Reader: true when every command forwarded so far (`last_forwarded` is the sequence
    /// number of the last) is done or searching, so an evaluate can be answered now; otherwise
    /// it waits in the queue behind the commands that may still change the position.
    pub fn in_sync(&self, last_forwarded: u64) -> bool {
        self.settled.load(Ordering::SeqCst)
            && self.published.load(Ordering::SeqCst) >= last_forwarded
    }

    /// The answer to `INFO evaluate path`.
    pub fn evaluate(&self, path: &[Point]) -> Reply {
        let empty = Reply::Message(String::new());
        let (board, search) = {
            let state = self.state();
            (state.board.clone(), state.search.clone())
        };
        let (Some(mut node), Some(search)) = (board, search) else { return empty };
        for &p in path {
            if !node.contains(p) || !is_legal(&node, p, node.side_to_move(), search.rule) {
                return empty;
            }
            if node.play(p).is_err() {
                return empty;
            }
        }
        let stored = search.probe.node(&node, search.rule);
        if let Some(mut info) = search.on_line(&node) {
            // The end of the line (a stopped search may keep only its first move): the rest
            // comes from the hash table, as far as it knows.
            if info.pv.is_empty()
                && let Some(stored) = stored
            {
                info.pv = stored.line;
            }
            return Reply::Summary(summary::line_summary(&node, &info));
        }
        let Some(stored) = stored else { return empty };
        let (nodes, elapsed) =
            search.line.as_ref().map_or((0, std::time::Duration::ZERO), |l| (l.nodes, l.elapsed));
        let depth = u32::try_from(stored.depth).unwrap_or(0).max(1);
        let info = IterationInfo {
            depth,
            seldepth: depth,
            multipv: 1,
            score: stored.score,
            winrate: stored.score.winrate(search.rule),
            nodes,
            elapsed,
            nps: 0,
            hash_permille: 0,
            pv: stored.line,
        };
        Reply::Summary(summary::line_summary(&node, &info))
    }
}

impl Snapshot {
    /// The line's view of `node` when `node` is the root or lies on the principal variation:
    /// the score seen from the node's side to move, the depth left and the rest of the line.
    fn on_line(&self, node: &Board) -> Option<IterationInfo> {
        let line = self.line.as_ref()?;
        let k = node.stone_count().checked_sub(self.root.stone_count())?;
        if k > line.pv.len() {
            return None;
        }
        let mut walk = self.root.clone();
        for &p in &line.pv[..k] {
            walk.play(p).ok()?;
        }
        if walk.hash() != node.hash() || walk.side_to_move() != node.side_to_move() {
            return None;
        }
        let plies = k as u32;
        let odd = k % 2 == 1;
        Some(IterationInfo {
            depth: line.depth.saturating_sub(plies).max(1),
            seldepth: line.seldepth.saturating_sub(plies).max(1),
            score: after_plies(line.score, plies),
            winrate: if odd { 1.0 - line.winrate } else { line.winrate },
            pv: line.pv[k..].to_vec(),
            ..line.clone()
        })
    }
}

/// A score for the root's side to move, seen `plies` moves further down the line by the side
/// to move there (mate distances shrink, the sign alternates).
fn after_plies(score: Score, plies: u32) -> Score {
    let odd = plies % 2 == 1;
    match score {
        Score::Eval(v) => Score::Eval(if odd { -v } else { v }),
        Score::Win(n) => {
            let n = n.saturating_sub(plies);
            if odd { Score::Loss(n) } else { Score::Win(n) }
        }
        Score::Loss(n) => {
            let n = n.saturating_sub(plies);
            if odd { Score::Win(n) } else { Score::Loss(n) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_down_the_line() {
        assert_eq!(after_plies(Score::Eval(40), 0), Score::Eval(40));
        assert_eq!(after_plies(Score::Eval(40), 1), Score::Eval(-40));
        assert_eq!(after_plies(Score::Win(5), 1), Score::Loss(4));
        assert_eq!(after_plies(Score::Win(5), 2), Score::Win(3));
        assert_eq!(after_plies(Score::Loss(4), 1), Score::Win(3));
    }

    #[test]
    fn nothing_known_before_any_search() {
        let a = Analysis::default();
        assert_eq!(a.evaluate(&[]), Reply::Message(String::new()));
        let board = Board::square(15).expect("15x15");
        a.command_done(Some(&board), 3);
        assert!(a.in_sync(3) && !a.in_sync(4));
        assert_eq!(a.evaluate(&[Point::new(7, 7)]), Reply::Message(String::new()));
    }
}
