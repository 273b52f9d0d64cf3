//! Opening and balance decisions (BALANCE, yxbalance*, swap placements, offered fifth moves):
//! try candidate moves, score each with a short search, keep what fits the aim.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use renzoku_engine::{Engine, Limits, Score};
use renzoku_rules::{Board, Point, Rule, are_pairwise_non_symmetric, is_legal};

use crate::output::Output;
use crate::settings::Settings;
use crate::think::Progress;

/// How many candidate moves are scored at most for one decision.
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

/// Legal moves for the side to move that `allowed` accepts, near the stones (or the centre)
/// first, at most `limit`; when nothing near the stones is allowed, the nearest allowed squares.
pub fn candidates(
    board: &Board,
    rule: Rule,
    limit: usize,
    allowed: &dyn Fn(Point) -> bool,
) -> Vec<Point> {
    let stones: Vec<Point> = board.history().iter().map(|m| m.point).collect();
    let center = board.center();
    let color = board.side_to_move();
    let distance = |p: Point| {
        stones.iter().map(|&s| s.chebyshev(p)).min().unwrap_or_else(|| p.chebyshev(center))
    };
    let legal = |p: Point| allowed(p) && is_legal(board, p, color, rule);
    let mut points: Vec<Point> =
        board.empty_points().filter(|&p| distance(p) <= 2 && legal(p)).collect();
    if points.is_empty() {
        points = board.empty_points().filter(|&p| legal(p)).collect();
    }
    points.sort_by_key(|&p| (distance(p), p.chebyshev(center), p));
    points.truncate(limit);
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

/// The win-rate estimate of a [`score_value`] under `rule` (proven results are certain).
pub fn winrate_of(value: i64, rule: Rule) -> f64 {
    if value >= 50_000 {
        1.0
    } else if value <= -50_000 {
        0.0
    } else {
        Score::Eval(value.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32).winrate(rule)
    }
}

/// Short searches for opening decisions.
pub struct Scorer<'a> {
    pub engine: &'a mut Engine,
    pub rule: Rule,
    pub stop: &'a AtomicBool,
    pub out: &'a Output,
    /// The rule's pattern tables were not ready in time for this turn: no searches, every
    /// candidate is worth 0 (decisions fall back to the nearest legal squares).
    pub blind: bool,
    /// Search every candidate to this depth, with no time limit (a balance search without a
    /// time limit deepens round by round, see `Controller::balance_deepening`); `None`: short
    /// searches within the time given.
    pub fixed_depth: Option<u32>,
    /// Squares never to be chosen (Yixin `yxblock`), whatever the decision.
    pub blocked: &'a [Point],
}

impl Scorer<'_> {
    /// Value of `board` for its side to move after a search of at most `time`.
    pub fn value(&mut self, board: &Board, time: Duration) -> i64 {
        if self.blind {
            return 0;
        }
        let limits = match self.fixed_depth {
            Some(depth) => Limits::depth(depth),
            None => {
                Limits { max_depth: Some(6), ..Limits::movetime(time.as_millis().max(1) as u64) }
            }
        };
        let result = self.engine.search(
            board,
            self.rule,
            &limits,
            self.stop,
            &mut Progress::silent(self.out),
        );
        score_value(result.score)
    }

    /// Scores each move (value for the opponent after it), within `budget` overall; the first
    /// move is always scored.
    fn score_moves(
        &mut self,
        board: &Board,
        moves: &[Point],
        budget: Duration,
    ) -> Vec<(Point, i64)> {
        let started = Instant::now();
        let per_move = budget / (moves.len().max(1) as u32);
        let mut scored = Vec::new();
        for &p in moves {
            if self.fixed_depth.is_none()
                && !scored.is_empty()
                && started.elapsed() + per_move > budget
            {
                break;
            }
            let mut next = board.clone();
            if next.play(p).is_ok() {
                scored.push((p, self.value(&next, per_move)));
            }
        }
        scored
    }

    /// The allowed move after which the opponent's value is nearest `target` (0 = balanced).
    pub fn balancing_move(
        &mut self,
        board: &Board,
        target: i64,
        budget: Duration,
        allowed: &dyn Fn(Point) -> bool,
    ) -> Option<Point> {
        let blocked = self.blocked;
        let allowed = |p: Point| allowed(p) && !blocked.contains(&p);
        let moves = candidates(board, self.rule, MAX_CANDIDATES, &allowed);
        self.score_moves(board, &moves, budget)
            .into_iter()
            .min_by_key(|&(_, v)| (v - target).abs())
            .map(|(p, _)| p)
    }

    /// `count` pairwise non-symmetric moves for the side to move, best for it first (an offer
    /// of fifth moves: the opponent will pick the one it likes best).
    pub fn offer(
        &mut self,
        board: &Board,
        count: usize,
        budget: Duration,
        allowed: &dyn Fn(Point) -> bool,
    ) -> Vec<Point> {
        let blocked = self.blocked;
        let allowed = |p: Point| allowed(p) && !blocked.contains(&p);
        let moves = candidates(board, self.rule, MAX_CANDIDATES.max(count * 2), &allowed);
        let mut scored = self.score_moves(board, &moves, budget);
        // Lowest value for the opponent first = best for us.
        scored.sort_by_key(|&(_, v)| v);
        let mut ordered: Vec<Point> = scored.into_iter().map(|(p, _)| p).collect();
        // Moves not scored in time and then any legal square, so the count is always met.
        ordered.extend(moves.iter().copied());
        ordered.extend(candidates(board, self.rule, usize::MAX, &allowed));
        let mut chosen: Vec<Point> = Vec::new();
        for p in ordered {
            if chosen.len() == count {
                break;
            }
            let mut with = chosen.clone();
            with.push(p);
            if !chosen.contains(&p) && are_pairwise_non_symmetric(board, &with) {
                chosen = with;
            }
        }
        chosen
    }

    /// Among offered moves for the side to move, the one that leaves it worst off (we are the
    /// opponent choosing); blocked squares only when every offered move is blocked.
    pub fn worst_of(
        &mut self,
        board: &Board,
        offered: &[Point],
        budget: Duration,
    ) -> Option<Point> {
        let open: Vec<Point> =
            offered.iter().copied().filter(|p| !self.blocked.contains(p)).collect();
        let offered = if open.is_empty() { offered } else { &open };
        self.score_moves(board, offered, budget).into_iter().max_by_key(|&(_, v)| v).map(|(p, _)| p)
    }
}
