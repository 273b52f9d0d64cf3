//! Running the engine for one reply: progress output while it thinks (Yixin realtime and detail
//! lines; the summaries come from [`crate::summary`]), and a last legality guard on the move.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use renzoku_engine::{
    Engine, IterationInfo, Limits, RootMoveInfo, Score, SearchObserver, SearchResult,
};
use renzoku_protocol::{Realtime, Reply};
use renzoku_rules::{Board, Color, Point, Rule, is_legal, makes_five};

use crate::analysis::Analysis;
use crate::output::Output;
use crate::settings::MessageFormat;
use crate::summary::iteration_reply;

/// `MESSAGE REALTIME POS|DONE` (one pair per root move, thousands per second) start only after
/// the search has run this long: a quick search shows just its best move, as in Rapfi.
const ROOT_MOVES_AFTER: Duration = Duration::from_millis(100);
/// At most one `REALTIME POS` per this interval; the root moves in between are not shown.
const ROOT_MOVE_INTERVAL: Duration = Duration::from_millis(40);

/// Turns engine progress into protocol lines according to `show_detail`: bit 0 the
/// `MESSAGE REALTIME` stream (per iteration `REFRESH` + `BEST`, `LOST` for a line proven lost;
/// throttled `POS`/`DONE` for the root move being searched), bit 1 the `INFO PV n` … `INFO PV
/// DONE` detail blocks. All lines go through the single writer before the reply, so they never
/// interleave with it.
pub struct Progress<'a> {
    pub out: &'a Output,
    pub show_detail: i64,
    /// The root move announced with `REALTIME POS` and not yet closed with `DONE`.
    last_root: Option<Point>,
    /// When the last `REALTIME POS` was sent.
    last_pos: Option<Instant>,
    /// When the search started.
    started: Instant,
    /// How many principal variations the search reports (`INFO NUMPV`).
    num_pv: u32,
    /// The latest iteration of each principal variation (index = multipv − 1).
    pub lines: Vec<IterationInfo>,
    /// Where the principal variation's iterations are published for `INFO evaluate`.
    analysis: Option<&'a Analysis>,
    /// The last move announced with `REALTIME BEST`.
    last_best: Option<Point>,
    /// One `MESSAGE` line per finished iteration about this position, in this format (`None`:
    /// no search lines, e.g. pondering and the short searches of opening decisions).
    report: Option<(Board, MessageFormat)>,
}

impl<'a> Progress<'a> {
    pub fn new(out: &'a Output, show_detail: i64) -> Self {
        Progress {
            out,
            show_detail,
            last_root: None,
            last_pos: None,
            started: Instant::now(),
            num_pv: 1,
            lines: Vec::new(),
            analysis: None,
            last_best: None,
            report: None,
        }
    }

    /// Sends a `MESSAGE` line about `board` for each finished iteration, in `format`.
    #[must_use]
    pub fn reporting(mut self, board: &Board, format: MessageFormat) -> Self {
        self.report = Some((board.clone(), format));
        self
    }

    /// The search chose `best`: when a stopped iteration changed its mind after the last
    /// `REALTIME BEST`, the GUI's best-move mark is moved to the move actually played.
    pub fn finish(&mut self, best: Option<Point>) {
        if self.show_detail & 1 != 0
            && let Some(best) = best
            && self.last_best.is_some_and(|shown| shown != best)
        {
            self.close_root();
            self.realtime(Realtime::Refresh);
            self.realtime(Realtime::Best(best));
            self.last_best = Some(best);
        }
    }

    /// Publishes each iteration of the principal variation to `analysis` (`INFO evaluate`).
    #[must_use]
    pub fn publishing(mut self, analysis: &'a Analysis) -> Self {
        self.analysis = Some(analysis);
        self
    }

    /// The number of principal variations searched (multi-PV), for `INFO NUMPV`.
    #[must_use]
    pub fn with_num_pv(mut self, num_pv: u32) -> Self {
        self.num_pv = num_pv.max(1);
        self
    }

    /// An observer that prints nothing (pondering, internal evaluations).
    pub fn silent(out: &'a Output) -> Self {
        Progress::new(out, 0)
    }

    fn realtime(&self, message: Realtime) {
        self.out.send(&Reply::Realtime(message));
    }

    /// Closes the open `REALTIME POS` with its `DONE`.
    fn close_root(&mut self) {
        if let Some(previous) = self.last_root.take() {
            self.realtime(Realtime::Done(previous));
        }
    }
}

fn eval_text(score: Score) -> String {
    match score {
        Score::Eval(v) => v.to_string(),
        Score::Win(n) => format!("+M{n}"),
        Score::Loss(n) => format!("-M{n}"),
    }
}

impl SearchObserver for Progress<'_> {
    fn on_iteration(&mut self, info: &IterationInfo) {
        let index = info.multipv.max(1) as usize - 1;
        if self.lines.len() <= index {
            self.lines.resize(index + 1, info.clone());
        }
        self.lines[index] = info.clone();
        if info.multipv <= 1
            && let Some(analysis) = self.analysis
        {
            analysis.iteration(info);
        }
        if let Some((board, format)) = &self.report
            && let Some(reply) = iteration_reply(board, info, *format, self.num_pv)
        {
            self.out.send(&reply);
        }
        if self.show_detail & 1 != 0
            && let Some(&best) = info.pv.first()
        {
            if info.multipv <= 1 {
                // A new best line: the marks of the moves being searched are cleared.
                self.close_root();
                self.realtime(Realtime::Refresh);
                self.realtime(Realtime::Best(best));
                self.last_best = Some(best);
            }
            if matches!(info.score, Score::Loss(_)) {
                self.realtime(Realtime::Lost(best));
            }
        }
        if self.show_detail & 2 != 0 {
            let ms = info.elapsed.as_millis();
            let line: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
            for (key, value) in [
                ("PV", info.multipv.max(1).to_string()),
                ("NUMPV", self.num_pv.to_string()),
                ("DEPTH", info.depth.to_string()),
                ("SELDEPTH", info.seldepth.to_string()),
                ("NODES", info.nodes.to_string()),
                ("TOTALNODES", info.nodes.to_string()),
                ("TOTALTIME", ms.to_string()),
                ("SPEED", info.nps.to_string()),
                ("EVAL", eval_text(info.score)),
                ("WINRATE", format!("{:.4}", info.winrate)),
                ("BESTLINE", line.join(" ")),
                ("PV", "DONE".to_owned()),
            ] {
                self.out.send(&Reply::Detail { key: key.to_owned(), value });
            }
        }
    }

    fn on_root_move(&mut self, info: &RootMoveInfo) {
        if self.show_detail & 1 == 0 || self.started.elapsed() < ROOT_MOVES_AFTER {
            return;
        }
        self.close_root();
        if self.last_pos.is_none_or(|t| t.elapsed() >= ROOT_MOVE_INTERVAL) {
            self.realtime(Realtime::Pos(info.point));
            self.last_root = Some(info.point);
            self.last_pos = Some(Instant::now());
        }
    }
}

/// Ends the realtime stream of a finished search (the last `REALTIME POS` gets its `DONE`).
impl Drop for Progress<'_> {
    fn drop(&mut self) {
        self.close_root();
    }
}

/// Some legal move for the side to move, nearest the centre first (the guard's fallback).
fn any_legal_move(board: &Board, rule: Rule) -> Option<Point> {
    let center = board.center();
    let color = board.side_to_move();
    board
        .empty_points()
        .filter(|&p| is_legal(board, p, color, rule))
        .min_by_key(|&p| (p.chebyshev(center), p))
}

/// Searches and returns the move to play, never an illegal one (`None`: no legal move left).
pub fn search(
    engine: &mut Engine,
    board: &Board,
    rule: Rule,
    limits: &Limits,
    stop: &AtomicBool,
    observer: &mut dyn SearchObserver,
) -> (Option<Point>, SearchResult) {
    let result = engine.search(board, rule, limits, stop, observer);
    let color: Color = board.side_to_move();
    let chosen = match result.best_move {
        Some(p) if board.contains(p) && is_legal(board, p, color, rule) => Some(p),
        Some(p) => {
            eprintln!("pbrain-renzoku: engine proposed illegal move {p}; using a fallback");
            any_legal_move(board, rule)
        }
        None => any_legal_move(board, rule),
    };
    (chosen, result)
}

/// A move without the engine, for the rare turn whose deadline comes before the pattern tables
/// are built (a search asked for right after the process started, on a loaded machine): win at
/// once if possible, else block the opponent's five, else the legal square with the most stones
/// around it (near ones count double), nearest the centre on ties. Moves in `excluded` (Yixin's
/// `yxblock`) are avoided while any other legal move exists.
pub fn quick_move(board: &Board, rule: Rule, excluded: &[Point]) -> Option<Point> {
    let own = board.side_to_move();
    let mut legal: Vec<Point> =
        board.empty_points().filter(|&p| is_legal(board, p, own, rule)).collect();
    if legal.iter().any(|p| !excluded.contains(p)) {
        legal.retain(|p| !excluded.contains(p));
    }
    let makes = |color: Color| legal.iter().copied().find(|&p| makes_five(board, p, color, rule));
    if let Some(p) = makes(own).or_else(|| makes(own.opponent())) {
        return Some(p);
    }
    let center = board.center();
    let crowd = |p: Point| -> i32 {
        let mut n = 0;
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let c = board.cell_at(i32::from(p.x) + dx, i32::from(p.y) + dy);
                if matches!(c, renzoku_rules::Cell::Stone(_)) {
                    n += if dx.abs() <= 1 && dy.abs() <= 1 { 2 } else { 1 };
                }
            }
        }
        n
    };
    legal.into_iter().max_by_key(|&p| (crowd(p), std::cmp::Reverse((p.chebyshev(center), p))))
}

/// The summary of a [`quick_move`] turn: depth 0, no nodes.
pub fn quick_result(best: Option<Point>, elapsed: std::time::Duration) -> SearchResult {
    SearchResult {
        best_move: best,
        score: Score::Eval(0),
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed,
        pv: best.into_iter().collect(),
        winrate: 0.5,
    }
}

#[cfg(test)]
mod quick_move_tests {
    use renzoku_rules::{Point, Rule, parse_diagram};

    use super::quick_move;

    fn pick(diagram: &str, rule: Rule) -> Option<Point> {
        quick_move(&parse_diagram(diagram).expect("diagram").board, rule, &[])
    }

    #[test]
    fn wins_first_then_blocks_then_plays_near_the_stones() {
        // Black to move (equal counts) completes its own four before blocking white's.
        let both_fours = "
            . . . . . . . . .
            . X X X X . . . .
            . . . . . . . . .
            . O O O O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ";
        assert_eq!(pick(both_fours, Rule::Freestyle), Some(Point::new(0, 1)));
        let must_block = "
            . . . . . . . . .
            . X . . X . . . .
            . . . . . . . . .
            . O O O O . . X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
        ";
        assert_eq!(pick(must_block, Rule::Freestyle), Some(Point::new(0, 3)));
        let quiet = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .
        ";
        let p = pick(quiet, Rule::Freestyle).expect("a move");
        assert!(p.chebyshev(Point::new(4, 3)) <= 1, "{p}");
        let board = parse_diagram(quiet).expect("diagram").board;
        let q = quick_move(&board, Rule::Freestyle, &[p]).expect("a move");
        assert_ne!(p, q, "an excluded move is avoided");
    }

    #[test]
    fn never_a_forbidden_point_for_black() {
        // The only squares near the stones that make a double three are avoided by black.
        let renju = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . X . . . .
            . . X X . O O O .
            . . . . . . . . .
            . . . O . . . . .
        ";
        let board = parse_diagram(renju).expect("diagram").board;
        let p = quick_move(&board, Rule::Renju, &[]).expect("a move");
        assert!(!renzoku_rules::is_forbidden(&board, p), "{p}");
        assert_ne!(p, Point::new(4, 4));
    }
}
