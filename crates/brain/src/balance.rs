//! Balanced-position decisions (BALANCE, yxbalance*, swap2 placements): try candidate moves,
//! score each with a short search, keep the one whose score is nearest the target.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use renzoku_engine::{Engine, Limits, Score};
use renzoku_rules::{Board, Point, Rule, is_legal};

use crate::output::Output;
use crate::settings::Settings;
use crate::think::Progress;

/// How many candidate moves are scored at most.
const MAX_CANDIDATES: usize = 16;

/// The time one decision may take under the current clock settings (a turn, contract §5).
pub fn turn_budget(settings: &Settings) -> Duration {
    let mut ms = u64::try_from(settings.timeout_turn).unwrap_or(10_000);
    if settings.time_left < i64::from(i32::MAX) {
        ms = ms.min(u64::try_from(settings.time_left / 10).unwrap_or(0));
    }
    let lag = u64::try_from(settings.protocol_lag).unwrap_or(0);
    Duration::from_millis(ms.saturating_sub(lag).max(5) * 8 / 10)
}

/// Legal moves for the side to move near the stones (or the centre), closest first.
pub fn candidates(board: &Board, rule: Rule) -> Vec<Point> {
    let stones: Vec<Point> = board.history().iter().map(|m| m.point).collect();
    let center = board.center();
    let color = board.side_to_move();
    let distance = |p: Point| {
        stones.iter().map(|&s| s.chebyshev(p)).min().unwrap_or_else(|| p.chebyshev(center))
    };
    let mut points: Vec<Point> = board
        .empty_points()
        .filter(|&p| distance(p) <= 2 && is_legal(board, p, color, rule))
        .collect();
    points.sort_by_key(|&p| (distance(p), p.chebyshev(center), p));
    points.truncate(MAX_CANDIDATES);
    points
}

/// A number on one scale for "how good for the side to move": evaluations as they are, proven
/// results far beyond them.
pub fn score_value(score: Score) -> i64 {
    match score {
        Score::Eval(v) => i64::from(v),
        Score::Win(n) => 100_000 - i64::from(n),
        Score::Loss(n) => -100_000 + i64::from(n),
    }
}

/// Scores `board` for its side to move with a short search.
pub fn quick_score(
    engine: &mut Engine,
    board: &Board,
    rule: Rule,
    time: Duration,
    stop: &AtomicBool,
    out: &Output,
) -> Score {
    let limits = Limits { max_depth: Some(6), ..Limits::movetime(time.as_millis().max(1) as u64) };
    engine.search(board, rule, &limits, stop, &mut Progress::silent(out)).score
}

/// The move for the side to move after which the position is closest to `target` for the
/// opponent (0 = balanced). `None` when no legal move exists.
pub fn balancing_move(
    engine: &mut Engine,
    board: &Board,
    rule: Rule,
    target: i64,
    budget: Duration,
    stop: &AtomicBool,
    out: &Output,
) -> Option<Point> {
    let moves = candidates(board, rule);
    let started = Instant::now();
    let per_move = budget / (moves.len().max(1) as u32);
    let mut best: Option<(i64, Point)> = None;
    for p in moves {
        if best.is_some() && started.elapsed() + per_move > budget {
            break;
        }
        let mut next = board.clone();
        if next.play(p).is_err() {
            continue;
        }
        let value = score_value(quick_score(engine, &next, rule, per_move, stop, out));
        let distance = (value - target).abs();
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, p));
        }
    }
    best.map(|(_, p)| p)
}
