//! The search driver: root move generation, root threat probes, iterative deepening with
//! aspiration windows and multi-PV, Lazy SMP helper threads, and the result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use renzoku_rules::{Board, Point, Rule};

use crate::board::position::Position;
use crate::board::static_eval::static_eval;
use crate::observer::{IterationInfo, RootMoveInfo, SearchObserver};
use crate::score::{INF, MATE, MATE_BOUND, Score};
use crate::search::limits::{Limits, SearchMode};
use crate::search::movegen::{
    all_legal, blocks_can_spoil, defence_moves, legal_flex4, quiet_moves,
};
use crate::search::params::Param;
use crate::search::result::SearchResult;
use crate::search::timeman::TimeBudget;
use crate::search::tt::TranspositionTable;
use crate::search::worker::{MAX_PLY, PLY, Shared, Worker};

/// Fours a root VCF probe may chain, and its node budget before the main search.
const ROOT_VCF_DEPTH: u32 = 40;
const ROOT_VCF_NODES: u64 = 200_000;

#[derive(Clone, Debug)]
struct RootMove {
    idx: usize,
    score: i32,
    pv: Vec<usize>,
}

/// Root candidates in search order: a five if we have one; else blocks of the opponent's fives;
/// else the defences against its open fours; else every candidate. Excluded moves are dropped
/// unless nothing would remain.
fn root_moves(w: &Worker<'_>, excluded: &[Point], caution: u8) -> Vec<usize> {
    let pos = &w.pos;
    let me = pos.side_to_move();
    let opp = me.opponent();
    let mut moves = Vec::new();
    if pos.has_five(me) {
        moves.extend(pos.fives(me).iter());
    } else if pos.has_five(opp) {
        moves.extend(pos.fives(opp).iter().filter(|&i| pos.is_legal(i, me)));
    } else if legal_flex4(pos, opp).is_some() {
        defence_moves(pos, &mut moves);
    }
    if moves.is_empty() {
        quiet_moves(pos, &mut moves);
        crate::search::caution::widen_root_moves(pos, caution, &mut moves);
    }
    let kept: Vec<usize> =
        moves.iter().copied().filter(|&i| !excluded.contains(&pos.point(i))).collect();
    if !kept.is_empty() {
        moves = kept;
    } else if !excluded.is_empty() {
        // Every threat answer is excluded: fall back to any legal non-excluded square.
        let mut all = Vec::new();
        all_legal(pos, &mut all);
        all.retain(|&i| !excluded.contains(&pos.point(i)));
        if !all.is_empty() {
            moves = all;
        }
    }
    // On an empty board the generation order (nearest the centre first) is the order: the
    // fitted ordering corrections know nothing of empty boards and would rank a corner first.
    if pos.area(0).is_some() {
        w.order(&mut moves, None, 0);
    }
    moves
}

/// The static score reported by [`crate::evaluate`].
pub fn static_score(board: &Board, rule: Rule) -> Score {
    let pos = Position::new(board, rule);
    let me = pos.side_to_move();
    let opp = me.opponent();
    let spoil = blocks_can_spoil(rule);
    if pos.has_five(me) {
        Score::Win(1)
    } else if !spoil && pos.five_count(opp) >= 2 {
        Score::Loss(2)
    } else if !spoil && !pos.has_five(opp) && legal_flex4(&pos, me).is_some() {
        Score::Win(3)
    } else {
        Score::Eval(static_eval(&pos))
    }
}

/// Progress of one search for the result.
struct Outcome {
    best: usize,
    score: i32,
    depth: u32,
    pv: Vec<usize>,
}

fn points(pos: &Position, line: &[usize]) -> Vec<Point> {
    line.iter().map(|&i| pos.point(i)).collect()
}

/// Runs a search; see [`crate::Engine::search`].
pub fn run(
    tt: &TranspositionTable,
    threads: usize,
    board: &Board,
    rule: Rule,
    limits: &Limits,
    stop: &AtomicBool,
    observer: &mut dyn SearchObserver,
) -> SearchResult {
    let budget = TimeBudget::new(limits);
    let shared = Shared {
        hard: budget.hard,
        max_nodes: limits.max_nodes,
        ..Shared::new(tt, stop, limits.params)
    };
    let start = shared.start;
    let pos = Position::new(board, rule);
    let mut main = Worker::new(pos.clone(), &shared, 0);
    let moves = root_moves(&main, &limits.excluded_moves, limits.caution);
    let finish = |w: &Worker<'_>, o: Option<Outcome>| -> SearchResult {
        let elapsed = start.elapsed();
        let nodes = shared.nodes.load(Ordering::Relaxed);
        match o {
            None => SearchResult {
                best_move: None,
                score: Score::Eval(0),
                depth: 0,
                seldepth: 0,
                nodes,
                elapsed,
                pv: Vec::new(),
                winrate: 0.5,
            },
            Some(o) => {
                let score = Score::from_internal(o.score);
                let mut pv = points(&w.pos, &o.pv);
                if pv.first() != Some(&w.pos.point(o.best)) {
                    pv = vec![w.pos.point(o.best)];
                }
                SearchResult {
                    best_move: Some(w.pos.point(o.best)),
                    score,
                    depth: o.depth,
                    seldepth: w.seldepth,
                    nodes,
                    elapsed,
                    pv,
                    winrate: score.winrate(w.pos.rule),
                }
            }
        }
    };
    let Some(&first) = moves.first() else {
        return finish(&main, None);
    };
    let me = main.pos.side_to_move();
    if main.pos.fives(me).contains(first) {
        return finish(
            &main,
            Some(Outcome { best: first, score: MATE - 1, depth: 1, pv: vec![first] }),
        );
    }
    // The worker's value, so that an instant answer reports it on the search's scale
    // (`eval_scale`).
    let quick = Outcome { best: first, score: main.evaluate(), depth: 0, pv: vec![first] };
    // No stone yet: the centre (root moves of an empty board come nearest the centre first).
    let no_stones = main.pos.area(0).is_none();
    if budget.is_instant() || stop.load(Ordering::Relaxed) || no_stones {
        return finish(&main, Some(quick));
    }
    tt.new_search();

    // Root threat probes: a proven VCF (or, in VCT mode, VCT) answers at once.
    let vcf_nodes = match limits.mode {
        SearchMode::Normal => ROOT_VCF_NODES,
        SearchMode::VcfOnly | SearchMode::VctOnly => u64::MAX,
    };
    main.threat_limit = vcf_nodes;
    let vcf = main.vcf(ROOT_VCF_DEPTH, 0);
    main.threat_limit = u64::MAX;
    main.flush();
    if let Some(n) = vcf
        && let Some(&m) = main.threat_line.first()
        && moves.contains(&m)
    {
        let line = main.threat_line.clone();
        report_proof(&main, observer, n, &line);
        return finish(
            &main,
            Some(Outcome { best: m, score: MATE - n as i32, depth: n, pv: line }),
        );
    }
    match limits.mode {
        SearchMode::Normal => {}
        SearchMode::VcfOnly => return finish(&main, Some(quick)),
        SearchMode::VctOnly => {
            let max = limits.max_depth.unwrap_or(30).min(60);
            for depth in 1..=max {
                main.vcf_memo.fill((0, 0));
                if let Some(n) = main.vct(depth, 0)
                    && let Some(&m) = main.threat_line.first()
                    && moves.contains(&m)
                {
                    let line = main.threat_line.clone();
                    report_proof(&main, observer, n, &line);
                    main.flush();
                    return finish(
                        &main,
                        Some(Outcome { best: m, score: MATE - n as i32, depth, pv: line }),
                    );
                }
                if main.stopped {
                    break;
                }
            }
            main.flush();
            return finish(&main, Some(quick));
        }
    }

    let outcome = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let pos = pos.clone();
                let shared = &shared;
                let moves = moves.clone();
                scope.spawn(move || {
                    let mut helper = Worker::new(pos, shared, id);
                    let o = iterate(&mut helper, moves, limits, &budget, None, id);
                    helper.flush();
                    o
                })
            })
            .collect();
        let o = iterate(&mut main, moves.clone(), limits, &budget, Some(observer), 0);
        shared.stop_int.store(true, Ordering::Relaxed);
        main.flush();
        let vote = limits.params.get(Param::SmpVote) != 0 && limits.multi_pv <= 1;
        match o {
            Some(main_outcome) if vote => {
                let mut all = vec![main_outcome];
                // A helper's panic goes on as it does without the vote (the scope would
                // re-raise it for a helper not joined here).
                all.extend(helpers.into_iter().filter_map(|h| {
                    h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                }));
                let chosen = voted(&all);
                Some(all.swap_remove(chosen))
            }
            o => o,
        }
    });
    finish(&main, Some(outcome.unwrap_or(quick)))
}

/// Lazy SMP's choice among the threads' outcomes (Stockfish's `get_best_thread`): each
/// thread's move gets (score - lowest + 20) times the depth of its last finished iteration, and
/// the thread whose move has the most wins; a proven result is settled by score instead (the
/// shortest win, the longest loss), and a proven win beats any value. Ties keep the earlier
/// thread (the main thread first). Returns the index into `outcomes`.
fn voted(outcomes: &[Outcome]) -> usize {
    let lowest = outcomes.iter().map(|o| i64::from(o.score)).min().unwrap_or(0);
    let votes = |m: usize| -> i64 {
        outcomes
            .iter()
            .filter(|o| o.best == m)
            .map(|o| (i64::from(o.score) - lowest + 20) * i64::from(o.depth))
            .sum()
    };
    let mut best = 0;
    for (i, o) in outcomes.iter().enumerate().skip(1) {
        let b = &outcomes[best];
        let better = if b.score.abs() >= MATE_BOUND {
            o.score > b.score
        } else {
            o.score >= MATE_BOUND || (o.score > -MATE_BOUND && votes(o.best) > votes(b.best))
        };
        if better {
            best = i;
        }
    }
    best
}

fn report_proof(w: &Worker<'_>, observer: &mut dyn SearchObserver, n: u32, line: &[usize]) {
    let elapsed = w.shared.start.elapsed();
    let nodes = w.shared.nodes.load(Ordering::Relaxed);
    observer.on_iteration(&IterationInfo {
        depth: n,
        seldepth: w.seldepth.max(n),
        multipv: 1,
        score: Score::Win(n),
        winrate: 1.0,
        nodes,
        elapsed,
        nps: nps(nodes, elapsed),
        hash_permille: w.shared.tt.usage_permille(),
        pv: points(&w.pos, line),
    });
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64
}

/// Whether helper thread `id` skips iteration `depth` under `smp_skip`'s scheme, so the
/// threads spread over neighbouring depths instead of all searching the same one.
fn skips(scheme: i32, depth: u32, id: usize) -> bool {
    match scheme {
        1 => (depth as usize + id).is_multiple_of(3),
        2 => (depth as usize + id).is_multiple_of(2),
        _ => false,
    }
}

/// Iterative deepening on one thread. The main thread (with an observer) reports each
/// iteration and decides when to stop; helpers skip depths so the threads spread out.
fn iterate<'o>(
    w: &mut Worker<'_>,
    moves: Vec<usize>,
    limits: &Limits,
    budget: &TimeBudget,
    mut observer: Option<&mut (dyn SearchObserver + 'o)>,
    id: usize,
) -> Option<Outcome> {
    let mut root: Vec<RootMove> =
        moves.into_iter().map(|idx| RootMove { idx, score: -INF, pv: vec![idx] }).collect();
    let max_depth = limits.max_depth.map_or(MAX_PLY as u32 - 8, |d| d.clamp(1, MAX_PLY as u32 - 8));
    let multi_pv = (limits.multi_pv.max(1) as usize).min(root.len());
    let mut outcome: Option<Outcome> = None;
    let mut prev_score: i32 = 0;
    // Time scaling of the soft limit: unstable best moves and falling scores earn more time, a
    // best move that has not changed for several iterations less.
    let mut stable_iterations = 0u32;
    let mut time_scale = 1.0f64;
    // The main thread's clock at the end of its last finished iteration, and how long that
    // iteration took (`time_iteration_predict` compares it with the next one's time).
    let mut iteration_end = Duration::ZERO;
    let mut previous_iteration: Option<Duration> = None;
    let start_depth = limits.start_depth.clamp(1, max_depth);
    for depth in start_depth..=max_depth {
        if id > 0 && depth > 2 && skips(limits.params.get(Param::SmpSkip), depth, id) {
            continue;
        }
        for pv_index in 0..multi_pv {
            let (mut alpha, mut beta, mut delta) = if depth >= 5
                && multi_pv == 1
                && outcome.is_some()
                && prev_score.abs() < MATE_BOUND
            {
                let window = limits.params.get(Param::AspirationWindow);
                (prev_score - window, prev_score + window, window)
            } else {
                (-INF, INF, INF)
            };
            let score = loop {
                let s = root_search(
                    w,
                    &mut root[pv_index..],
                    alpha,
                    beta,
                    depth,
                    observer.as_deref_mut(),
                    pv_index == 0,
                );
                if w.stopped {
                    break s;
                }
                if s <= alpha && alpha > -INF {
                    alpha = (s - delta).max(-INF);
                    beta = i32::midpoint(alpha, beta) + delta.min(INF / 4);
                } else if s >= beta && beta < INF {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta = delta.saturating_mul(2);
                if delta > 600 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            let searched = &mut root[pv_index..];
            searched.sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if w.stopped {
                // A move that beat the previous best in this unfinished iteration is trusted.
                if pv_index == 0
                    && let Some(o) = outcome.as_mut()
                    && root[0].score > -INF
                    && root[0].idx != o.best
                    && root[0].score > prev_score - 30
                {
                    o.best = root[0].idx;
                    o.score = root[0].score;
                    o.pv.clone_from(&root[0].pv);
                }
                if outcome.is_none() && root[0].score > -INF {
                    outcome = Some(Outcome {
                        best: root[0].idx,
                        score: root[0].score,
                        depth: 0,
                        pv: root[0].pv.clone(),
                    });
                }
                return outcome;
            }
            if pv_index == 0 {
                if depth >= 4 {
                    let changed = outcome.as_ref().is_some_and(|o| o.best != root[0].idx);
                    stable_iterations = if changed { 0 } else { stable_iterations + 1 };
                    let dropped = prev_score - score > 30 && prev_score.abs() < MATE_BOUND;
                    time_scale = crate::search::caution::time_scale(
                        limits.caution,
                        dropped,
                        changed,
                        stable_iterations >= 3,
                    );
                }
                prev_score = score;
                outcome = Some(Outcome {
                    best: root[0].idx,
                    score: root[0].score,
                    depth,
                    pv: root[0].pv.clone(),
                });
            }
            if let Some(obs) = observer.as_deref_mut() {
                let elapsed = w.shared.start.elapsed();
                let nodes = w.shared.nodes.load(Ordering::Relaxed) + w.unflushed();
                let rm = &root[pv_index];
                let s = Score::from_internal(rm.score);
                obs.on_iteration(&IterationInfo {
                    depth,
                    seldepth: w.seldepth,
                    multipv: pv_index as u32 + 1,
                    score: s,
                    winrate: s.winrate(w.pos.rule),
                    nodes,
                    elapsed,
                    nps: nps(nodes, elapsed),
                    hash_permille: w.shared.tt.usage_permille(),
                    pv: points(&w.pos, &rm.pv),
                });
            }
        }
        if id == 0 {
            let elapsed = w.shared.start.elapsed();
            // A found win ends the search once the iteration depth covers it. A "proven" loss
            // does not: pruning can make losses look forced, and a deeper search may still
            // find the defence.
            let proven = prev_score >= MATE_BOUND && depth as i32 > MATE - prev_score + 2;
            let out_of_time = budget.soft.is_some_and(|s| elapsed >= s.mul_f64(time_scale));
            let this_iteration = elapsed.saturating_sub(iteration_end);
            // An unstable or falling move keeps its unfinished iteration: a new best move
            // found there is trusted.
            let hopeless = time_scale <= 1.0
                && next_iteration_hopeless(
                    limits,
                    budget,
                    depth,
                    elapsed,
                    this_iteration,
                    previous_iteration,
                );
            iteration_end = elapsed;
            previous_iteration = Some(this_iteration);
            if proven || out_of_time || hopeless || root.len() == 1 && depth >= 2 {
                break;
            }
        }
        if w.stopped {
            break;
        }
    }
    outcome
}

/// Whether the next iteration, predicted from the last one's time and its growth over the one
/// before, would not end before the hard limit (`time_iteration_predict`, only with a game
/// clock: the time is then kept for later moves instead of spent on an unfinished iteration).
fn next_iteration_hopeless(
    limits: &Limits,
    budget: &TimeBudget,
    depth: u32,
    elapsed: Duration,
    last: Duration,
    before: Option<Duration>,
) -> bool {
    let percent = limits.params.get(Param::TimeIterationPredict);
    let (Some(hard), Some(before)) = (budget.hard, before) else {
        return false;
    };
    // Iterations under a millisecond or two grow erratically: no prediction from them.
    if percent == 0 || !budget.paced || depth < 5 || before < Duration::from_millis(2) {
        return false;
    }
    let growth = (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 6.0);
    let next = last.as_secs_f64() * growth * f64::from(percent) / 100.0;
    elapsed.as_secs_f64() + next > hard.as_secs_f64()
}

/// Searches the root moves at `depth` with PVS; updates their scores and PVs. Moves that fail
/// low keep -INF so that sorting puts the best first.
fn root_search<'o>(
    w: &mut Worker<'_>,
    root: &mut [RootMove],
    mut alpha: i32,
    beta: i32,
    depth: u32,
    mut observer: Option<&mut (dyn SearchObserver + 'o)>,
    report_moves: bool,
) -> i32 {
    let total = root.len() as u32;
    let mut best = -INF;
    for (n, rm) in root.iter_mut().enumerate() {
        if let Some(obs) = observer.as_deref_mut()
            && report_moves
        {
            obs.on_root_move(&RootMoveInfo {
                depth,
                point: w.pos.point(rm.idx),
                index: n as u32 + 1,
                total,
            });
        }
        let d = (depth as i32 - 1) * PLY;
        w.note_attack(0, rm.idx);
        w.pos.make(rm.idx);
        let score = if n == 0 {
            -w.search(-beta, -alpha, d, 1, true, false)
        } else {
            let s = -w.search(-alpha - 1, -alpha, d, 1, false, true);
            if s > alpha && s < beta { -w.search(-beta, -alpha, d, 1, true, false) } else { s }
        };
        w.pos.unmake();
        if w.stopped {
            break;
        }
        if n == 0 || score > alpha {
            rm.score = score;
            rm.pv.clear();
            rm.pv.push(rm.idx);
            rm.pv.extend_from_slice(w.child_pv());
        } else {
            rm.score = -INF;
        }
        if score > best {
            best = score;
        }
        if score > alpha {
            alpha = score;
            if score >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::Params;

    /// With two threads the helper (id 1) skips depths 5, 8, 11 under the default scheme and
    /// every odd depth under `smp_skip 2`; scheme 0 searches them all.
    #[test]
    fn the_helpers_skip_schemes() {
        let skipped = |scheme| (3..=12).filter(|&d| skips(scheme, d, 1)).collect::<Vec<u32>>();
        assert_eq!(skipped(0), Vec::<u32>::new());
        assert_eq!(skipped(1), vec![5, 8, 11]);
        assert_eq!(skipped(2), vec![3, 5, 7, 9, 11]);
        assert_eq!(Params::default().get(Param::SmpSkip), 1, "the default is the old scheme");
    }

    fn clocked(percent: i32) -> (Limits, TimeBudget) {
        let mut params = Params::default();
        params.set("time_iteration_predict", i64::from(percent)).expect("in range");
        let limits = Limits {
            turn_time_ms: Some(1000),
            time_left_ms: Some(10_000),
            match_time_ms: Some(10_000),
            protocol_lag_ms: 0,
            params,
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits);
        (limits, budget)
    }

    fn outcome(best: usize, score: i32, depth: u32) -> Outcome {
        Outcome { best, score, depth, pv: vec![best] }
    }

    #[test]
    fn the_vote_weighs_depth_and_score_and_settles_proofs_by_score() {
        // One thread alone, or threads agreeing: the first.
        assert_eq!(voted(&[outcome(3, 50, 12)]), 0);
        assert_eq!(voted(&[outcome(3, 50, 12), outcome(3, 60, 14)]), 0);
        // A helper a depth ahead with the same value outvotes the main thread...
        assert_eq!(voted(&[outcome(3, 50, 12), outcome(4, 50, 13)]), 1);
        // ...but not with a value far lower: (0 + 20) * 13 against (100 + 20) * 12.
        assert_eq!(voted(&[outcome(3, 50, 12), outcome(4, -50, 13)]), 0);
        // Two threads on one move outvote a third on another.
        assert_eq!(voted(&[outcome(3, 10, 12), outcome(4, 10, 13), outcome(3, 10, 12)]), 0);
        // A proven win beats any value; of two wins the shorter; a proven loss gives way to a
        // thread that has none, and of two losses the longer is kept.
        assert_eq!(voted(&[outcome(3, 400, 20), outcome(4, MATE - 9, 8)]), 1);
        assert_eq!(voted(&[outcome(3, MATE - 9, 12), outcome(4, MATE - 5, 9)]), 1);
        assert_eq!(voted(&[outcome(3, MATE - 5, 12), outcome(4, MATE - 9, 15)]), 0);
        assert_eq!(voted(&[outcome(3, -MATE + 6, 12), outcome(4, -300, 9)]), 1);
        assert_eq!(voted(&[outcome(3, -MATE + 6, 12), outcome(4, -MATE + 10, 9)]), 1);
        // An unfinished first iteration (depth 0) carries no vote.
        assert_eq!(voted(&[outcome(3, 0, 1), outcome(4, 500, 0)]), 0);
    }

    #[test]
    fn an_iteration_that_cannot_end_before_the_hard_limit_is_not_started() {
        let ms = Duration::from_millis;
        let (limits, budget) = clocked(100);
        let hard = budget.hard.expect("a clocked budget has a hard limit");
        assert!(hard >= ms(800) && budget.paced, "{budget:?}");
        // 400 ms in, the last iteration took 200 ms, three times the one before: the next
        // would take 600 ms and end after the hard limit (949 ms).
        assert!(next_iteration_hopeless(&limits, &budget, 12, ms(400), ms(200), Some(ms(66))));
        // Growth is taken as at least 1.5: 100 ms in, a 50 ms iteration after a 45 ms one.
        assert!(!next_iteration_hopeless(&limits, &budget, 12, ms(100), ms(50), Some(ms(45))));
        // Shallow or tiny iterations predict nothing.
        assert!(!next_iteration_hopeless(&limits, &budget, 4, ms(400), ms(200), Some(ms(66))));
        assert!(!next_iteration_hopeless(&limits, &budget, 12, ms(400), ms(200), Some(ms(1))));
        // Off by default, and without a game clock (a turn limit alone: the time would be lost).
        let (off, budget_off) = clocked(0);
        assert!(!next_iteration_hopeless(&off, &budget_off, 12, ms(400), ms(200), Some(ms(66))));
        let turn_only = Limits { time_left_ms: None, match_time_ms: None, ..limits.clone() };
        let unpaced = TimeBudget::new(&turn_only);
        assert!(!unpaced.paced);
        assert!(!next_iteration_hopeless(&turn_only, &unpaced, 12, ms(400), ms(200), Some(ms(66))));
    }
}
