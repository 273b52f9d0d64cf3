//! Time management: turns the protocol's clock information into a soft limit (do not start
//! another iteration after it) and a hard deadline (abort the search, answer at once).
//!
//! The whole game is budgeted: with a game clock we spend `time_left / moves_to_go` plus most of
//! the increment, never more than a fraction of what is left, and always keep the protocol lag
//! in reserve so the reply arrives in time.

use std::time::Duration;

use crate::search::limits::Limits;
use crate::search::params::Param;

/// Soft and hard time limits of one move; `None` = unlimited.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeBudget {
    /// Do not start a new iteration after this much time.
    pub soft: Option<Duration>,
    /// Stop searching at once at this time.
    pub hard: Option<Duration>,
    /// A game clock paces the moves: time this move does not spend is left for the later ones
    /// (with a turn limit alone it would be lost).
    pub paced: bool,
}

/// Moves left to budget for: a constant (`time_moves_to_go`, default 16), so each move gets
/// that fraction of what is left. Early moves, where Gomoku games are decided, get the most
/// (pela spends up to a second of a 10 s game on its moves 3-12); the budget shrinks by a
/// constant ratio a move and never collapses. (12, with `time_turn_soft_percent` 75 so that the
/// turn limit lets it act, scored Elo -17.9 +/- 27.7 in 351 games at tc=10/1 against this; 11
/// with 75 % scored 52.75 % against Rapfi at tc=30/3 where this scored 54.5 % on the same 200
/// openings and colours: the first moves gained what the long games lost; 20, which keeps time
/// for the long games, scored 52.5 % there.)
fn moves_to_go(limits: &Limits) -> u64 {
    limits.params.get(Param::TimeMovesToGo).max(1) as u64
}

impl TimeBudget {
    /// The budget for `limits`.
    pub fn new(limits: &Limits) -> TimeBudget {
        let lag = limits.protocol_lag_ms;
        let mut hard: Option<u64> = None;
        let mut soft: Option<u64> = None;
        let mut tighten = |h: u64, s: u64| {
            hard = Some(hard.map_or(h, |x| x.min(h)));
            soft = Some(soft.map_or(s, |x| x.min(s)));
        };

        if let Some(turn) = limits.turn_time_ms {
            // Keep the lag in reserve, but never reserve more than half of a short turn.
            let usable = turn.saturating_sub(lag.min(turn / 2));
            // A further 5% safety margin for scheduling noise on a busy machine.
            let hard_ms = usable.saturating_sub(usable / 20 + 1);
            let soft_percent = limits.params.get(Param::TimeTurnSoftPercent).clamp(20, 100) as u64;
            tighten(hard_ms, hard_ms * soft_percent / 100);
        }

        let left = match (limits.time_left_ms, limits.match_time_ms) {
            (Some(l), _) if l < i64::from(i32::MAX) => Some(l),
            (None, Some(m)) if m > 0 => Some(m as i64),
            _ => None,
        };
        let paced = left.is_some();
        if let Some(left) = left {
            if left <= 0 {
                tighten(0, 0);
            } else {
                let left = left as u64;
                // A reserve for the replies themselves: even an instant move costs a few ms of
                // pipe and scheduling, and a long game (a 148-move game at tc=10/1 ran the clock
                // out that way) needs them all. One twentieth of the game's time, at most 2 s.
                let game = limits.match_time_ms.filter(|&m| m > 0).unwrap_or(left);
                let reserve = (game / 20).min(2000);
                let spendable = left.saturating_sub(lag + reserve);
                let mtg = moves_to_go(limits);
                let inc = limits.increment_ms;
                let target = spendable / mtg + inc * 3 / 4;
                // Never gamble more than an eighth of the clock on one move. An iteration
                // started before the soft limit overshoots it (and the soft limit grows by up to
                // half for unstable moves): moves 4-12 took 2-3 times the target and moves 25+
                // of long games were left 10-50 ms, where the games against pela were lost.
                let cap = spendable / 8 + inc / 2;
                let hard_ms = (target * 2).min(cap).min(spendable);
                let soft_percent = limits.params.get(Param::TimeSoftPercent).clamp(1, 100) as u64;
                tighten(hard_ms, (target * soft_percent / 100).min(hard_ms));
            }
        }

        TimeBudget {
            soft: soft.map(Duration::from_millis),
            hard: hard.map(Duration::from_millis),
            paced,
        }
    }

    /// True when the search must answer without searching (no time at all).
    pub fn is_instant(&self) -> bool {
        self.hard == Some(Duration::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Option<Duration>) -> u64 {
        d.map_or(u64::MAX, |d| d.as_millis() as u64)
    }

    #[test]
    fn unlimited_by_default() {
        let b = TimeBudget::new(&Limits::default());
        assert_eq!(b.hard, None);
        assert_eq!(b.soft, None);
    }

    #[test]
    fn turn_time_keeps_the_lag() {
        let limits = Limits { turn_time_ms: Some(1000), ..Limits::default() };
        let b = TimeBudget::new(&limits);
        assert!(ms(b.hard) <= 950);
        assert!(ms(b.hard) >= 800);
        assert!(ms(b.soft) < ms(b.hard));
    }

    #[test]
    fn a_reserve_of_the_game_clock_is_never_spent() {
        // 10 s games: the last 500 ms are kept for the replies' own overhead.
        let low = Limits {
            time_left_ms: Some(520),
            match_time_ms: Some(10_000),
            protocol_lag_ms: 20,
            ..Limits::default()
        };
        assert!(TimeBudget::new(&low).is_instant());
        let fine = Limits { time_left_ms: Some(5000), ..low };
        assert!(ms(TimeBudget::new(&fine).hard) <= 5000 - 520);
        assert!(ms(TimeBudget::new(&fine).hard) > 0);
    }

    #[test]
    fn zero_turn_time_and_negative_clock_are_instant() {
        let zero = Limits { turn_time_ms: Some(0), ..Limits::default() };
        assert!(TimeBudget::new(&zero).is_instant());
        let late = Limits { time_left_ms: Some(-5), ..Limits::default() };
        assert!(TimeBudget::new(&late).is_instant());
    }

    #[test]
    fn early_moves_get_a_sixteenth_of_the_clock() {
        // tc=10/1 (c-gomoku-cli): 10 s for the game, at most 1 s a move. A sixteenth of the
        // spendable 9.5 s is 593 ms; the soft limit is 9/10 of it (533 ms). (Budgeting for the ~30 moves
        // a game lasts gave 316 ms and scored 43.7 % in 206 games against a twentieth at 6/10,
        // 285 ms; that in turn scored 47.2 % in 321 games against this.)
        let limits = Limits {
            turn_time_ms: Some(1000),
            time_left_ms: Some(10_000),
            match_time_ms: Some(10_000),
            moves_played: 4,
            protocol_lag_ms: 0,
            ..Limits::default()
        };
        let b = TimeBudget::new(&limits);
        assert_eq!(ms(b.soft), 533, "{b:?}");
        assert!(ms(b.hard) <= 950, "{b:?}");
    }

    #[test]
    fn game_clock_is_paced() {
        let limits = Limits {
            turn_time_ms: Some(30_000),
            time_left_ms: Some(60_000),
            moves_played: 10,
            ..Limits::default()
        };
        let b = TimeBudget::new(&limits);
        // A sixteenth of the 58 s spendable (2 s are kept in reserve), 9/10 of it as the soft
        // limit: a few seconds, far below the turn limit.
        assert!(ms(b.soft) >= 1000 && ms(b.soft) <= 4000, "{b:?}");
        assert!(ms(b.hard) <= 12_000, "{b:?}");
        let unlimited = Limits { time_left_ms: Some(i64::from(i32::MAX)), ..Limits::default() };
        assert_eq!(TimeBudget::new(&unlimited).hard, None);
    }
}
