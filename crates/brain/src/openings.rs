//! The AlphaGomoku opening-rule commands (contract §5): SWAP1ST, SWAP, SWAP5, PRO, LONGPRO,
//! RIF, YAMAGUCHI, SOOSYRV, TARAGUCHI, SAKATA, TARANNIKOV, LIANHUAN.
//!
//! Every step is built from four decisions: propose balanced stones, swap or stay, offer fifth
//! moves (pairwise non-symmetric, best for us first), choose the offered fifth that is worst for
//! the opponent and answer the sixth. Each step is a turn, so all of them use the turn's budget.

use std::sync::Arc;

use renzoku_protocol::{OpeningRule as R, OpeningStep, Reply, Stone};
use renzoku_rules::{Board, Point, RENJU_OPENINGS, Rule, in_central_square, is_legal};

use crate::balance::{self, Scorer, score_value};
use crate::controller::{Controller, limits_after_wait, tables_ready_in_time};
use crate::position;
use crate::settings::Settings;
use crate::summary;
use crate::think::{self, Progress};

/// An evaluation below this (for the side to move) makes us take the other colour: we swap
/// exactly when the other colour is better.
pub(crate) const SWAP_MARGIN: i64 = 0;

/// Evaluations within this distance of 0 count as balanced (swap2: put two stones and let the
/// opponent choose).
pub(crate) const BALANCED: i64 = 30;

/// Where an opening rule lets the next stone go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Anywhere,
    /// Inside the central k × k square of the board.
    Central(u8),
    /// Outside the k × k square centred on a point (PRO: the first stone).
    Outside(Point, u8),
}

impl Zone {
    pub fn allows(self, board: &Board, p: Point) -> bool {
        match self {
            Zone::Anywhere => true,
            Zone::Central(k) => in_central_square(p, k, board),
            Zone::Outside(c, k) => p.chebyshev(c) > k / 2,
        }
    }

    /// Taraguchi/Tarannikov: stone `n` (1-based) lies in the central 1, 3, 5, 7, 9 square.
    fn taraguchi(n: usize) -> Zone {
        match n {
            1..=5 => Zone::Central((2 * n - 1) as u8),
            _ => Zone::Anywhere,
        }
    }
}

/// A colour choice: take the other colour, or stay and play a move.
pub enum Choice {
    Swap,
    Stay(Point),
    NoLegalMove,
}

impl Controller {
    /// Runs `f` with a [`Scorer`] over the engine, armed for the command `seq`. When the rule's
    /// pattern tables cannot be ready within the turn, the scorer is blind (no searches).
    pub(crate) fn with_scorer<T>(&mut self, seq: u64, f: impl FnOnce(&mut Scorer<'_>) -> T) -> T {
        self.with_scorer_to(seq, None, f)
    }

    /// As [`Controller::with_scorer`]; with `fixed_depth` every search goes to that depth
    /// without a time limit (only STOP/yxstop, or end of input, ends it early).
    pub(crate) fn with_scorer_to<T>(
        &mut self,
        seq: u64,
        fixed_depth: Option<u32>,
        f: impl FnOnce(&mut Scorer<'_>) -> T,
    ) -> T {
        let settings = self.settings();
        let blind = !self.tables_in_time(&settings);
        let out = self.out.clone();
        let flags = Arc::clone(&self.flags);
        flags.arm_stop(seq, fixed_depth.is_some());
        let blocked = self.excluded.clone();
        let engine = if blind { self.engine_unprepared(&settings) } else { self.engine(&settings) };
        let mut scorer = Scorer {
            engine,
            rule: settings.rule,
            stop: &flags.stop,
            out: &out,
            blind,
            fixed_depth,
            blocked: &blocked,
        };
        f(&mut scorer)
    }

    /// True when the pattern tables of the rule are built, or can be within this turn (waiting
    /// for them as long as the turn allows).
    fn tables_in_time(&self, settings: &Settings) -> bool {
        if renzoku_engine::is_prepared(settings.rule) {
            return true;
        }
        let stones = self.board.as_ref().map_or(0, Board::stone_count);
        let limits = limits_after_wait(&settings.limits(stones), self.received);
        tables_ready_in_time(settings.rule, &limits)
    }

    /// A full turn's search for the side to move, restricted to `zone`; the summary is sent.
    /// Returns the move and its value for the side to move.
    fn best_in(&mut self, seq: u64, board: &Board, zone: Zone) -> Option<(Point, i64)> {
        self.best_in_share(seq, board, zone, 100)
    }

    /// As [`Controller::best_in`] with `percent` of the turn's time (the rest is left for a
    /// second decision in the same turn).
    pub(crate) fn best_in_share(
        &mut self,
        seq: u64,
        board: &Board,
        zone: Zone,
        percent: u64,
    ) -> Option<(Point, i64)> {
        let settings = self.settings();
        let mut limits = self.turn_limits(&settings, board);
        limits.turn_time_ms = limits.turn_time_ms.map(|t| t * percent / 100);
        limits.excluded_moves.extend(board.empty_points().filter(|&p| !zone.allows(board, p)));
        let out = self.out.clone();
        let blocked = self.excluded.clone();
        let permitted = |p: Point| zone.allows(board, p) && !blocked.contains(&p);
        let fallback = |rule| balance::candidates(board, rule, 1, &permitted).first().copied();
        if !self.tables_in_time(&settings) {
            // No time to build the evaluation: the nearest legal square in the zone, even.
            let best = fallback(settings.rule);
            let quick = think::quick_result(best, self.received.elapsed());
            out.send(&summary::result_reply(board, &quick, settings.message_format, 1));
            return best.map(|p| (p, 0));
        }
        let flags = Arc::clone(&self.flags);
        flags.arm_stop(seq, crate::controller::unbounded(&limits));
        let received = self.received;
        let analysis = Arc::clone(&self.analysis);
        let engine = self.engine(&settings);
        let limits = limits_after_wait(&limits, received);
        analysis.search_started(board, settings.rule, engine.hash_probe(), Some(seq));
        let (best, result) = think::search(
            engine,
            board,
            settings.rule,
            &limits,
            &flags.stop,
            // The turn's search reports its iterations like any other (its short scoring
            // searches elsewhere stay silent).
            &mut Progress::silent(&out)
                .publishing(&analysis)
                .reporting(board, settings.message_format),
        );
        analysis.search_finished(&result, true);
        out.send(&summary::result_reply(board, &result, settings.message_format, 1));
        let value = score_value(result.score);
        match best {
            Some(p) if permitted(p) => Some((p, value)),
            // The engine ignores exclusions that would leave nothing; the zone still rules.
            _ => fallback(settings.rule).map(|p| (p, value)),
        }
    }

    /// Swap when the side to move is worse, else play the best move in `zone`.
    pub(crate) fn swap_or_move(&mut self, seq: u64, board: &Board, zone: Zone) -> Choice {
        match self.best_in(seq, board, zone) {
            None => Choice::NoLegalMove,
            Some((_, value)) if value < SWAP_MARGIN => Choice::Swap,
            Some((p, _)) => Choice::Stay(p),
        }
    }

    /// Three opening stones (black, white, black) leaving the position balanced: one of the 26
    /// renju openings (valid for every rule), the most balanced by short searches.
    pub(crate) fn propose_three(&mut self, seq: u64, board: &Board) -> Option<Vec<Point>> {
        self.propose_three_valued(seq, board).map(|(stones, _)| stones)
    }

    /// As [`Controller::propose_three`], with the value of the position after them for white
    /// (the side to move then). Openings with a blocked square (yxblock) are left out; when
    /// that leaves none around the centre, they are laid around the nearest square that works.
    fn propose_three_valued(&mut self, seq: u64, board: &Board) -> Option<(Vec<Point>, i64)> {
        let budget = balance::turn_budget(&self.settings());
        let per = budget / RENJU_OPENINGS.len() as u32;
        let blocked = self.excluded.clone();
        let fits = |stones: &[Point]| {
            let mut next = board.clone();
            stones
                .iter()
                .all(|&p| next.contains(p) && !blocked.contains(&p) && next.play(p).is_ok())
        };
        let center = board.center();
        let mut centers: Vec<Point> = board.empty_points().collect();
        centers.sort_by_key(|&p| (p.chebyshev(center), p));
        let center =
            centers.into_iter().find(|&c| RENJU_OPENINGS.iter().any(|o| fits(&o.stones(c))))?;
        self.with_scorer(seq, |scorer| {
            RENJU_OPENINGS
                .iter()
                .map(|o| o.stones(center))
                .filter(|stones| fits(stones))
                .map(|stones| {
                    let mut next = board.clone();
                    for &p in &stones {
                        let _ = next.play(p);
                    }
                    let value = scorer.value(&next, per);
                    (stones.to_vec(), value)
                })
                .min_by_key(|(_, v)| v.abs())
        })
    }

    /// The opening commands. `arg` is the command's number (N or M), `offered` the candidate
    /// fifth moves sent after the block.
    pub(crate) fn opening(
        &mut self,
        seq: u64,
        step: OpeningStep,
        arg: Option<u32>,
        stones: &[Stone],
        offered: &[Point],
    ) {
        let Some(template) = self.board() else { return };
        let board = match position::from_move_order(template, stones) {
            Ok(b) => b,
            Err(reason) => {
                self.error(format!("{step}: {reason}"));
                return;
            }
        };
        let n = board.stone_count();
        if let Err(expected) = stones_fit(step, n) {
            self.error(format!("{step}: {n} stones given, {expected} expected"));
            return;
        }
        let count = match (step.rule(), step.step(), arg) {
            // RIF offers exactly two fifth moves; RIFSTEP4 takes no number.
            (R::Rif, _, _) => 2,
            (R::Soosyrv, 2..=6, None)
            | (R::Yamaguchi, 2..=5, None)
            | (R::Taraguchi, 3 | 4, None) => {
                self.error(format!("{step}: the number of fifth moves is missing"));
                return;
            }
            (_, _, Some(0)) => {
                self.error(format!("{step} 0: the number must be at least 1"));
                return;
            }
            (_, _, Some(k)) => k as usize,
            (_, _, None) => 2,
        };
        // The game's rule: it sets the scale of the win-rate estimates behind the fifth-move
        // counts.
        let rule = self.settings().rule;
        let answer = match (step.rule(), step.step()) {
            // Propose the first three stones.
            (R::Swap, 0) if n == 0 => self.propose_three(seq, &board).map(Answer::Sequence),
            (R::Rif | R::Soosyrv | R::Sakata, 1) => {
                self.propose_three(seq, &board).map(Answer::Sequence)
            }
            // N: the better the opening for black, the more fifth moves it offers (white
            // chooses among them), so that the opponent gains nothing by swapping.
            (R::Yamaguchi, 1) => self.propose_three_valued(seq, &board).map(|(moves, white)| {
                Answer::MovesWithCount(moves, fifth_count(-white, YAMAGUCHI_MAX_FIFTHS, rule))
            }),
            // One balanced stone on an empty board.
            (R::Swap1st, 0) if n == 0 => self.balanced_stone(seq, &board, Zone::Anywhere),
            (R::Swap5, 1) => self.balanced_stone(seq, &board, Zone::Anywhere),
            (R::Pro | R::LongPro, 0) if n == 0 && !self.excluded.contains(&board.center()) => {
                Some(Answer::Move(board.center()))
            }
            (R::Pro | R::LongPro, 0) if n == 0 => self.play_in(seq, &board, Zone::Anywhere),
            (R::Pro | R::LongPro, 0) if n == 1 => self.play_in(seq, &board, Zone::Anywhere),
            (R::Pro | R::LongPro, 0) => {
                let k = if step.rule() == R::Pro { 5 } else { 7 };
                let first = board.history()[0].point;
                self.play_in(seq, &board, Zone::Outside(first, k))
            }
            // Swap or stay and play.
            (R::Swap1st | R::Swap, 0) | (R::Rif | R::Yamaguchi, 2) | (R::Sakata, 3) => {
                self.choose(seq, &board, Zone::Anywhere)
            }
            (R::Swap5, 2) => self.choose(seq, &board, Zone::Anywhere),
            (R::Lianhuan, step) => self.lianhuan(seq, &board, step == 2),
            (R::Taraguchi | R::Tarannikov, 2) => self.choose(seq, &board, Zone::taraguchi(n + 1)),
            // White's 4th and M: the better black stands after it, the more fifth moves white
            // asks for, so that the opponent gains nothing by swapping at step 4.
            (R::Soosyrv, 2) => match self.best_in(seq, &board, Zone::Anywhere) {
                None => None,
                Some((_, white)) if white < SWAP_MARGIN => Some(Answer::Swap),
                Some((p, white)) => {
                    Some(Answer::MovesWithCount(vec![p], fifth_count(-white, count as u32, rule)))
                }
            },
            // Just the next move.
            (R::Swap5 | R::Rif | R::Yamaguchi, 3) => self.play_in(seq, &board, Zone::Anywhere),
            (R::Taraguchi | R::Tarannikov, 1) => self.play_in(seq, &board, Zone::taraguchi(n + 1)),
            (R::Soosyrv, 3) => self.best_in(seq, &board, Zone::Anywhere).map(|(p, white)| {
                Answer::MovesWithCount(vec![p], fifth_count(-white, count as u32, rule))
            }),
            (R::Sakata, 2) => self.sakata_pair(seq, &board),
            // Offer fifth moves (SOOSYRVSTEP4 may swap instead); the decision gets part of
            // the turn, the offer the rest.
            (R::Soosyrv, 4) => match self.best_in_share(seq, &board, Zone::Anywhere, 40) {
                None => None,
                Some((_, value)) if value < SWAP_MARGIN => Some(Answer::Swap),
                Some(_) => self.offer(seq, &board, count, Zone::Anywhere, 50),
            },
            (R::Rif | R::Yamaguchi, 4) | (R::Soosyrv, 5) => {
                self.offer(seq, &board, count, Zone::Anywhere, 100)
            }
            (R::Taraguchi, 3) => self.offer(seq, &board, count, Zone::Central(9), 100),
            // Pick an offered fifth and answer the sixth.
            (R::Rif | R::Yamaguchi, 5) | (R::Soosyrv, 6) | (R::Taraguchi, 4) => {
                self.choose_fifth(seq, &board, offered)
            }
            _ => {
                self.error(format!("{step}: {n} stones do not fit this step"));
                return;
            }
        };
        let answer = match answer {
            Some(Answer::Offer(moves)) if moves.len() < count => {
                self.error(format!(
                    "{step}: only {} pairwise non-symmetric fifth moves exist, {count} asked",
                    moves.len()
                ));
                return;
            }
            other => other,
        };
        match answer {
            None => self.error(format!("{step}: no legal move left")),
            Some(answer) => self.send_answer(board, answer),
        }
    }

    /// LIANHUANSTEP1/2 (LianHuan-2011: during the first five moves the player to move puts
    /// either one stone of its colour, after which the opponent must continue, or a pair, its
    /// stone and one of the opponent's, after which the opponent may swap; the 1st stone is the
    /// centre, the 2nd next to it and the 3rd makes one of the 26 openings, i.e. lies in the
    /// central 5×5). The best single move is searched; when we may swap (step 2) and the side
    /// to move is worse, SWAP; when we may not and even our best move leaves us worse, a pair
    /// instead: that best move and the opponent's stone that balances the position, so that
    /// whichever colour the opponent takes, it starts from about even. A pair needs both stones
    /// within the first five moves.
    fn lianhuan(&mut self, seq: u64, board: &Board, may_swap: bool) -> Option<Answer> {
        let n = board.stone_count();
        let pair_allowed = n + 2 <= 5;
        let percent = if pair_allowed { 50 } else { 100 };
        let (first, value) = self.best_in_share(seq, board, lianhuan_zone(n + 1), percent)?;
        if may_swap && value < SWAP_MARGIN {
            return Some(Answer::Swap);
        }
        if !may_swap && pair_allowed && value < SWAP_MARGIN {
            let mut next = board.clone();
            next.play(first).ok()?;
            let zone = lianhuan_zone(n + 2);
            let budget = balance::turn_budget(&self.settings()) * 2 / 5;
            if let Some(second) = self.with_scorer(seq, |s| {
                s.balancing_move(&next, 0, budget, &|p| zone.allows(&next, p))
            }) {
                return Some(Answer::Sequence(vec![first, second]));
            }
        }
        Some(Answer::Move(first))
    }

    fn balanced_stone(&mut self, seq: u64, board: &Board, zone: Zone) -> Option<Answer> {
        let budget = balance::turn_budget(&self.settings());
        self.with_scorer(seq, |s| s.balancing_move(board, 0, budget, &|p| zone.allows(board, p)))
            .map(Answer::Move)
    }

    fn play_in(&mut self, seq: u64, board: &Board, zone: Zone) -> Option<Answer> {
        self.best_in(seq, board, zone).map(|(p, _)| Answer::Move(p))
    }

    fn choose(&mut self, seq: u64, board: &Board, zone: Zone) -> Option<Answer> {
        match self.swap_or_move(seq, board, zone) {
            Choice::Swap => Some(Answer::Swap),
            Choice::Stay(p) => Some(Answer::Move(p)),
            Choice::NoLegalMove => None,
        }
    }

    fn offer(
        &mut self,
        seq: u64,
        board: &Board,
        count: usize,
        zone: Zone,
        percent: u32,
    ) -> Option<Answer> {
        let budget = balance::turn_budget(&self.settings()) * percent / 100;
        let moves =
            self.with_scorer(seq, |s| s.offer(board, count, budget, &|p| zone.allows(board, p)));
        (!moves.is_empty()).then_some(Answer::Offer(moves))
    }

    /// SAKATASTEP2: the 4th stone in the central 7×7 and the 5th in the 9×9, both balancing.
    fn sakata_pair(&mut self, seq: u64, board: &Board) -> Option<Answer> {
        let budget = balance::turn_budget(&self.settings()) / 2;
        let fourth = self.with_scorer(seq, |s| {
            s.balancing_move(board, 0, budget, &|p| Zone::Central(7).allows(board, p))
        })?;
        let mut next = board.clone();
        next.play(fourth).ok()?;
        let fifth = self.with_scorer(seq, |s| {
            s.balancing_move(&next, 0, budget, &|p| Zone::Central(9).allows(&next, p))
        })?;
        Some(Answer::Sequence(vec![fourth, fifth]))
    }

    /// The offered fifth move worst for black, then our sixth.
    fn choose_fifth(&mut self, seq: u64, board: &Board, offered: &[Point]) -> Option<Answer> {
        let valid = self.playable(board, offered);
        if valid.is_empty() {
            return None;
        }
        let budget = balance::turn_budget(&self.settings()) * 2 / 5;
        let fifth = self.with_scorer(seq, |s| s.worst_of(board, &valid, budget))?;
        let mut next = board.clone();
        next.play(fifth).ok()?;
        let (sixth, _) = self.best_in_share(seq, &next, Zone::Anywhere, 50)?;
        Some(Answer::Sequence(vec![fifth, sixth]))
    }

    /// The offered moves that are legal for the side to move (never a renju foul).
    pub(crate) fn playable(&self, board: &Board, offered: &[Point]) -> Vec<Point> {
        let rule = self.settings().rule;
        let color = board.side_to_move();
        offered
            .iter()
            .copied()
            .filter(|&p| board.contains(p) && is_legal(board, p, color, rule))
            .collect()
    }

    /// Sends the answer and keeps the position it leads to.
    fn send_answer(&mut self, board: Board, answer: Answer) {
        let mut next = board;
        let reply = match answer {
            Answer::Swap => Reply::Swap,
            Answer::Move(p) => {
                let _ = next.play(p);
                Reply::Move(p)
            }
            Answer::Sequence(moves) => {
                for &p in &moves {
                    let _ = next.play(p);
                }
                moves_reply(moves)
            }
            Answer::Offer(moves) => moves_reply(moves),
            Answer::MovesWithCount(moves, count) => {
                for &p in &moves {
                    let _ = next.play(p);
                }
                Reply::MovesWithCount { moves, count }
            }
        };
        self.board = Some(next);
        self.out.send(&reply);
    }
}

/// The most fifth moves YAMAGUCHISTEP1 declares (Taraguchi-10's number).
const YAMAGUCHI_MAX_FIFTHS: u32 = 10;

/// How many fifth moves to declare when black's value (for black, after the 4th or with white
/// to move) is `black`: two when even (RIF's number), one more per 5 % of black's expected
/// score above one half (the engine's win-rate estimate, so the rule does not depend on the
/// evaluation's scale), one at least and `max` at most. Used by YAMAGUCHISTEP1, SOOSYRVSTEP2/3
/// and Yixin's yxsoosorvstep3.
pub(crate) fn fifth_count(black: i64, max: u32, rule: Rule) -> u32 {
    let expected = balance::winrate_of(black, rule);
    let more = ((expected - 0.5) * 20.0).round() as i64;
    (2 + more.max(0)).clamp(1, i64::from(max.max(1))) as u32
}

/// Where LianHuan's stone number `k` (1-based) may go: the 1st at the centre, the 2nd next to
/// it, the 3rd in the central 5×5 (with the first two so placed, exactly the 26 openings).
fn lianhuan_zone(k: usize) -> Zone {
    match k {
        1 => Zone::Central(1),
        2 => Zone::Central(3),
        3 => Zone::Central(5),
        _ => Zone::Anywhere,
    }
}

/// The number of stones each opening step takes (`Err` names what is expected).
fn stones_fit(step: OpeningStep, n: usize) -> Result<(), &'static str> {
    let (ok, expected) = match (step.rule(), step.step()) {
        (R::Swap1st, _) => (n <= 1, "0 or 1"),
        (R::Swap, _) => (n == 0 || n == 3, "0 or 3"),
        (R::Pro | R::LongPro, _) => (n <= 2, "0 to 2"),
        (R::Swap5 | R::Rif | R::Yamaguchi | R::Soosyrv | R::Sakata, 1) => (n == 0, "0"),
        (R::Taraguchi | R::Tarannikov, 1) => (n <= 5, "0 to 5"),
        (R::Taraguchi, 3 | 4) => (n == 4, "4"),
        (R::Swap5 | R::Taraguchi | R::Tarannikov, _) => ((1..=5).contains(&n), "1 to 5"),
        (R::Rif | R::Yamaguchi | R::Soosyrv, 2 | 3) | (R::Sakata, 2) => (n == 3, "3"),
        (R::Sakata, _) => (n == 5, "5"),
        (R::Rif | R::Yamaguchi | R::Soosyrv, _) => (n == 4, "4"),
        (R::Lianhuan, 1) => (true, "any number of"),
        (R::Lianhuan, _) => (n >= 1, "at least 1"),
    };
    if ok { Ok(()) } else { Err(expected) }
}

fn moves_reply(mut moves: Vec<Point>) -> Reply {
    if moves.len() == 1 {
        moves.pop().map_or(Reply::Moves(Vec::new()), Reply::Move)
    } else {
        Reply::Moves(moves)
    }
}

/// An opening answer before it is written.
enum Answer {
    Swap,
    Move(Point),
    /// Stones that continue the game in order (opening stones, 4th+5th, 5th+6th).
    Sequence(Vec<Point>),
    /// Alternatives offered to the opponent (fifth moves); not played on our board.
    Offer(Vec<Point>),
    /// Stones in order followed by a number (YAMAGUCHISTEP1, SOOSYRVSTEP2/3).
    MovesWithCount(Vec<Point>, u32),
}

#[cfg(test)]
mod tests {
    use super::fifth_count;
    use renzoku_rules::Rule;

    #[test]
    fn more_fifth_moves_the_better_black_stands() {
        let renju = Rule::Renju;
        assert_eq!(fifth_count(0, 8, renju), 2, "even: RIF's two");
        assert_eq!(fifth_count(-500, 8, renju), 2, "black worse: never fewer than two");
        assert!(fifth_count(200, 8, renju) > 2);
        assert!(fifth_count(600, 8, renju) > fifth_count(200, 8, renju));
        assert_eq!(fifth_count(100_000, 8, renju), 8, "a proven black win: the most allowed");
        assert_eq!(fifth_count(0, 1, renju), 1, "never more than allowed");
        // Renju's values are on a wider scale: the same value offers fewer fifths than the
        // generic evaluation's would.
        assert!(fifth_count(400, 8, renju) < fifth_count(400, 8, Rule::Freestyle));
    }
}
