//! The extended Gomocup commands (contract §5) and the Yixin-Board dialect (contract §6).

use std::sync::atomic::Ordering;
use std::time::Duration;

use renzoku_protocol::{Command, ForbidFormat, Reply, Stone, YxPathKind};
use renzoku_rules::{Board, Color, Point, Rule, Symmetry, forbidden_points, position_symmetries};

use crate::balance;
use crate::controller::Controller;
use crate::openings::{BALANCED, Choice, SWAP_MARGIN, Zone};
use crate::position;
use crate::settings::MAX_HASH_BYTES;

/// The empty squares that are images, under a symmetry of the position, of an empty square
/// earlier in reading order: excluding them leaves one square of each class of equivalent
/// moves.
fn symmetric_duplicates(board: &Board) -> Vec<Point> {
    let (w, h) = (board.width(), board.height());
    let symmetries: Vec<_> =
        position_symmetries(board).into_iter().filter(|&s| s != Symmetry::Identity).collect();
    let key = |p: Point| (p.y, p.x);
    board
        .empty_points()
        .filter(|&p| symmetries.iter().any(|s| key(s.apply(p, w, h)) < key(p)))
        .collect()
}

/// The deepest round of a balance search without limits (far beyond what finishes in hours).
const BALANCE_MAX_DEPTH: u32 = 60;

/// The file name of a hash command: the text as sent, without surrounding blanks or quotes
/// (Yixin-Board's console passes names with spaces in quotes).
fn hash_path(text: &str) -> Option<&std::path::Path> {
    let name = text.trim();
    let name = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')).unwrap_or(name);
    (!name.is_empty()).then(|| std::path::Path::new(name))
}

/// The second player's answer to three swap2 stones.
pub(crate) enum Swap2 {
    Swap,
    Fourth(Point),
    PutTwo(Point, Point),
}

impl Controller {
    pub(crate) fn extended(&mut self, seq: u64, command: Command) {
        match command {
            Command::Swap2Board(stones) => self.swap2board(seq, &stones),
            Command::ShowForbid(stones) => {
                let Some(board) = self.board() else { return };
                match position::for_inspection(board, &stones) {
                    Ok(b) => self.send_forbid(&b, ForbidFormat::Gomocup),
                    Err(reason) => self.error(format!("SHOWFORBID: {reason}")),
                }
            }
            Command::Balance { count, stones } => self.balance(seq, count, &stones, 0),
            Command::Opening { step, arg, stones, candidates } => {
                self.opening(seq, step, arg, &stones, &candidates);
            }
            Command::YxBoard(stones) => {
                let Some(board) = self.board() else { return };
                match position::from_block(board, &stones) {
                    Ok(b) => self.board = Some(b),
                    Err(reason) => self.error(format!("yxboard: {reason}")),
                }
            }
            Command::YxShowForbid => {
                if let Some(board) = self.board().cloned() {
                    self.send_forbid(&board, ForbidFormat::Yixin);
                }
            }
            Command::YxShowInfo => {
                let threads =
                    std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
                self.out.send(&Reply::MaxThreadNum(threads.min(256) as u32));
                self.out.send(&Reply::MaxHashSize((MAX_HASH_BYTES / 1024).ilog2()));
            }
            Command::YxShowHashUsage => {
                let permille = self.engine.as_ref().map_or(0, renzoku_engine::Engine::hash_usage);
                self.out.send(&Reply::Message(format!(
                    "Hash usage: {}.{}%",
                    permille / 10,
                    permille % 10
                )));
            }
            Command::YxPath { kind: YxPathKind::HashDump, path } => self.hash_dump(&path),
            Command::YxPath { kind: YxPathKind::HashLoad, path } => self.hash_load(&path),
            Command::YxPath { kind, .. } => {
                self.error(format!("{}: Renzoku has no opening database", kind.word()));
            }
            Command::YxNbest(n) => self.multi_pv(seq, n.max(1)),
            Command::YxSearchDefend => self.multi_pv(seq, 1000),
            Command::YxBalanceOne(bias) => self.yx_balance(seq, 1, bias),
            Command::YxBalanceTwo(bias) => self.yx_balance(seq, 2, -bias),
            Command::YxBlock(stones) => {
                for s in stones {
                    if !self.excluded.contains(&s.point) {
                        self.excluded.push(s.point);
                    }
                }
            }
            Command::YxBlockUndo(stones) => {
                self.excluded.retain(|p| !stones.iter().any(|s| s.point == *p));
            }
            Command::YxBlockReset | Command::YxBlockPathReset => self.excluded.clear(),
            Command::YxBlockPath(stones) => {
                if let Some(root) = self.path_root(&stones)
                    && !self.excluded.contains(&root)
                {
                    self.excluded.push(root);
                }
            }
            Command::YxBlockPathUndo(stones) => {
                if let Some(root) = self.path_root(&stones) {
                    self.excluded.retain(|p| *p != root);
                }
            }
            Command::YxSwap2Step(step) => self.yx_swap2(seq, step),
            Command::YxForbid { .. } | Command::YxDatabase { .. } => {
                // User-defined forbidden marks and the opening database: Renzoku has neither;
                // the GUI needs no answer.
            }
            Command::YxSoosorvStep { step, arg, stones } => {
                self.yx_soosorv(seq, step, arg, &stones);
            }
            other => self.out.send(&Reply::Unknown(other.to_string())),
        }
    }

    /// `yxhashdump path`: the hash table to a file; `MESSAGE` on success, `ERROR` naming the
    /// problem otherwise.
    fn hash_dump(&mut self, path: &str) {
        let Some(path) = hash_path(path) else {
            self.error("yxhashdump: no file name");
            return;
        };
        let settings = self.settings();
        let result = self.engine(&settings).dump_hash(path);
        match result {
            Ok(n) => self
                .out
                .send(&Reply::Message(format!("hash dumped to {}: {n} entries", path.display()))),
            Err(e) => self.error(format!("yxhashdump {}: {e}", path.display())),
        }
    }

    /// `yxhashload path`: the hash table from a file written by `yxhashdump`; a file that is
    /// unreadable, foreign, of another version, truncated or corrupt → `ERROR` and the table is
    /// unchanged.
    fn hash_load(&mut self, path: &str) {
        let Some(path) = hash_path(path) else {
            self.error("yxhashload: no file name");
            return;
        };
        let settings = self.settings();
        let result = self.engine(&settings).load_hash(path);
        match result {
            Ok(n) => {
                self.out.send(&Reply::Message(format!(
                    "hash loaded from {}: {n} entries",
                    path.display()
                )));
            }
            Err(e) => self.error(format!("yxhashload {}: {e}", path.display())),
        }
    }

    /// A blocked path lists the position's moves and then the path: its first move past the
    /// current position is the root move to exclude (only root moves can be excluded).
    fn path_root(&self, stones: &[Stone]) -> Option<Point> {
        let count = self.board.as_ref().map_or(0, Board::stone_count);
        stones.get(count).map(|s| s.point)
    }

    fn send_forbid(&self, board: &Board, format: ForbidFormat) {
        let rule = self.settings().rule;
        // SHOWFORBID lists black's fouls whoever is to move (document §3.7).
        let black_or_gomocup =
            board.side_to_move() == Color::Black || format == ForbidFormat::Gomocup;
        let points = if rule == Rule::Renju && black_or_gomocup {
            forbidden_points(board)
        } else {
            Vec::new()
        };
        self.out.send(&Reply::Forbid { points, format });
    }

    /// Official SWAP2BOARD: 0 stones → three stones; 3 → SWAP or the 4th; 5 → SWAP or the 6th.
    fn swap2board(&mut self, seq: u64, stones: &[Stone]) {
        let Some(template) = self.board() else { return };
        let board = match position::from_move_order(template, stones) {
            Ok(b) => b,
            Err(reason) => {
                self.error(format!("SWAP2BOARD: {reason}"));
                return;
            }
        };
        match board.stone_count() {
            0 => {
                let Some(moves) = self.propose_three(seq, &board) else {
                    self.error("SWAP2BOARD: no room for an opening");
                    return;
                };
                let mut next = board;
                for &p in &moves {
                    let _ = next.play(p);
                }
                self.board = Some(next);
                self.out.send(&Reply::Moves(moves));
            }
            3 => self.swap2_three(seq, board),
            5 => match self.swap_or_move(seq, &board, Zone::Anywhere) {
                Choice::NoLegalMove => self.error("SWAP2BOARD: no legal move left"),
                Choice::Swap => {
                    self.board = Some(board);
                    self.out.send(&Reply::Swap);
                }
                Choice::Stay(p) => {
                    let mut next = board;
                    let _ = next.play(p);
                    self.board = Some(next);
                    self.out.send(&Reply::Move(p));
                }
            },
            n => self.error(format!("SWAP2BOARD: {n} stones; 0, 3 or 5 expected")),
        }
    }

    /// SWAP2BOARD with three stones: see [`Controller::swap2_decision`].
    fn swap2_three(&mut self, seq: u64, board: Board) {
        match self.swap2_decision(seq, &board) {
            None => self.error("SWAP2BOARD: no legal move left"),
            Some(Swap2::Swap) => {
                self.board = Some(board);
                self.out.send(&Reply::Swap);
            }
            Some(Swap2::Fourth(p)) => {
                let mut next = board;
                let _ = next.play(p);
                self.board = Some(next);
                self.out.send(&Reply::Move(p));
            }
            Some(Swap2::PutTwo(fourth, fifth)) => {
                let mut next = board;
                let _ = next.play(fourth);
                let _ = next.play(fifth);
                self.board = Some(next);
                self.out.send(&Reply::Moves(vec![fourth, fifth]));
            }
        }
    }

    /// The second player's swap2 choice after three stones (we are white to move): take black
    /// when white is worse, stay white and play the 4th when white is better, and when it is
    /// about even put the 4th and a balancing 5th so the opponent chooses between two equal
    /// colours. Each decision gets part of the turn.
    pub(crate) fn swap2_decision(&mut self, seq: u64, board: &Board) -> Option<Swap2> {
        let (fourth, value) = self.best_in_share(seq, board, Zone::Anywhere, 50)?;
        if value < SWAP_MARGIN {
            return Some(Swap2::Swap);
        }
        if value <= BALANCED {
            let mut next = board.clone();
            next.play(fourth).ok()?;
            let budget = balance::turn_budget(&self.settings()) * 2 / 5;
            if let Some(fifth) =
                self.with_scorer(seq, |s| s.balancing_move(&next, 0, budget, &|_| true))
            {
                return Some(Swap2::PutTwo(fourth, fifth));
            }
        }
        Some(Swap2::Fourth(fourth))
    }

    /// BALANCE n / yxbalance: `count` moves from the side to move on, each leaving the position
    /// as close to `target` as the short searches can tell.
    fn balance(&mut self, seq: u64, count: u32, stones: &[Stone], target: i64) {
        let Some(template) = self.board() else { return };
        let board = match position::from_block(template, stones) {
            Ok(b) => b,
            Err(reason) => {
                self.error(format!("BALANCE: {reason}"));
                return;
            }
        };
        if count == 0 {
            self.error("BALANCE 0: the number of moves must be at least 1");
            return;
        }
        if count as usize > board.empty_count() {
            self.error(format!(
                "BALANCE {count}: only {} empty squares on the board",
                board.empty_count()
            ));
            return;
        }
        self.balance_from(seq, board, count, target);
    }

    /// `count` balancing moves, sharing one turn: each scored move gets an equal part, and
    /// once the turn is spent the remaining moves are the nearest legal squares.
    fn balance_from(&mut self, seq: u64, board: Board, count: u32, target: i64) {
        let settings = self.settings();
        if settings.no_time_limit() && settings.max_node.is_none() {
            self.balance_deepening(seq, &board, count, target);
            return;
        }
        let total = balance::turn_budget(&self.settings());
        let budget = total / count;
        let started = std::time::Instant::now();
        let rule = self.settings().rule;
        let mut next = board;
        let mut moves = Vec::new();
        for _ in 0..count {
            let p = if started.elapsed() + budget <= total {
                self.with_scorer(seq, |s| s.balancing_move(&next, target, budget, &|_| true))
            } else {
                let blocked = &self.excluded;
                balance::candidates(&next, rule, 1, &|p| !blocked.contains(&p)).first().copied()
            };
            let Some(p) = p else { break };
            let _ = next.play(p);
            moves.push(p);
        }
        match moves.len() {
            0 => self.error("BALANCE: no legal move left"),
            1 => self.out.send(&Reply::Move(moves[0])),
            _ => self.out.send(&Reply::Moves(moves)),
        }
    }

    /// Balancing without any limit (Yixin-Board's "no time limit" levels with no node limit):
    /// the `count` moves are found again with searches one step deeper each round (depth 4, 6,
    /// 8, …) until `yxstop` (or end of input, or the `max_depth` setting, or a depth no round
    /// can finish in practice); the answer is the last round that finished (the first round's,
    /// even unfinished, when none has).
    fn balance_deepening(&mut self, seq: u64, board: &Board, count: u32, target: i64) {
        let max_depth = self.settings().max_depth.unwrap_or(u32::MAX).min(BALANCE_MAX_DEPTH);
        let mut answer: Option<Vec<Point>> = None;
        let mut depth = 4;
        while depth <= max_depth {
            let (moves, stopped) = self.with_scorer_to(seq, Some(depth), |s| {
                let mut next = board.clone();
                let mut moves = Vec::new();
                for _ in 0..count {
                    let Some(p) = s.balancing_move(&next, target, Duration::ZERO, &|_| true) else {
                        break;
                    };
                    let _ = next.play(p);
                    moves.push(p);
                }
                (moves, s.stop.load(Ordering::SeqCst))
            });
            if !stopped || answer.is_none() {
                answer = Some(moves);
            }
            if stopped {
                break;
            }
            depth += 2;
        }
        match answer.unwrap_or_default().as_slice() {
            [] => self.error("BALANCE: no legal move left"),
            [one] => self.out.send(&Reply::Move(*one)),
            moves => self.out.send(&Reply::Moves(moves.to_vec())),
        }
    }

    fn yx_balance(&mut self, seq: u64, count: u32, bias: i64) {
        let Some(board) = self.board().cloned() else { return };
        self.balance_from(seq, board, count, bias);
    }

    /// yxnbest / yxsearchdefend: a multi-PV search of the current position, answered with the
    /// best move (the GUI plays it).
    fn multi_pv(&mut self, seq: u64, lines: u32) {
        let Some(board) = self.board().cloned() else { return };
        let settings = self.settings();
        let mut limits = self.turn_limits(&settings, &board);
        limits.multi_pv = lines;
        // `nbestsym 1`: symmetric moves count as one, so the n lines are n different moves
        // (Yixin-Board uses it to pick fifth-move offers).
        if settings.nbest_sym != 0 && lines > 1 {
            limits.excluded_moves.extend(symmetric_duplicates(&board));
        }
        match self.think(seq, &board, &settings, &limits) {
            Some(p) => self.out.send(&Reply::Move(p)),
            None => self.error("no legal move left"),
        }
    }
}
