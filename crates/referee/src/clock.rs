//! A player's clocks: a turn limit, a match (game) clock with a Fischer increment, and the
//! tolerance every deadline gets on a loaded machine.

use std::time::{Duration, Instant};

/// `time_left` sent when there is no match clock (the Gomocup convention).
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// One player's limits, all in milliseconds; `None` = no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLimits {
    pub turn_ms: Option<u64>,
    pub match_ms: Option<u64>,
    /// Added to the match clock after every move the player makes.
    pub increment_ms: u64,
}

/// What a move's time did to the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Charge {
    Ok,
    /// Over the limit: the text says which.
    Overrun(String),
}

#[derive(Clone, Debug)]
pub struct Clock {
    limits: TimeLimits,
    tolerance_ms: u64,
    /// Match time left, ms (may go below zero by up to the tolerance).
    left_ms: Option<i64>,
}

impl Clock {
    pub fn new(limits: TimeLimits, tolerance_ms: u64) -> Clock {
        Clock { limits, tolerance_ms, left_ms: limits.match_ms.map(|m| m as i64) }
    }

    pub fn limits(&self) -> TimeLimits {
        self.limits
    }

    /// Match time left in ms, `None` without a match clock.
    pub fn left_ms(&self) -> Option<u64> {
        self.left_ms.map(|l| l.max(0) as u64)
    }

    /// The value of `INFO time_left`.
    pub fn time_left_info(&self) -> i64 {
        self.left_ms.unwrap_or(UNLIMITED_MS)
    }

    /// The most this move may take: the turn limit or the time left, whichever is smaller.
    pub fn budget_ms(&self) -> Option<u64> {
        let left = self.left_ms.map(|l| l.max(0) as u64);
        match (self.limits.turn_ms, left) {
            (Some(t), Some(l)) => Some(t.min(l)),
            (t, l) => t.or(l),
        }
    }

    /// The limit that sets [`Clock::budget_ms`], for messages.
    pub fn budget_text(&self) -> String {
        let left = self.left_ms.map(|l| l.max(0) as u64);
        let tol = self.tolerance_ms;
        match (self.limits.turn_ms, left) {
            (Some(t), Some(l)) if l < t => {
                format!("{l} ms of match time left (+{tol} ms tolerance)")
            }
            (Some(t), _) => format!("the {t} ms turn limit (+{tol} ms tolerance)"),
            (None, Some(l)) => format!("{l} ms of match time left (+{tol} ms tolerance)"),
            (None, None) => "no limit".to_string(),
        }
    }

    /// When an answer to a request sent at `sent` is too late (the budget plus tolerance).
    pub fn deadline(&self, sent: Instant) -> Option<Instant> {
        self.budget_ms().map(|b| sent + Duration::from_millis(b + self.tolerance_ms))
    }

    /// Applies a move's thinking time: over the turn limit or the time left by more than the
    /// tolerance loses; otherwise the match clock goes down, then up by the increment.
    pub fn charge(&mut self, elapsed_ms: u64) -> Charge {
        let tol = self.tolerance_ms;
        if let Some(turn) = self.limits.turn_ms
            && elapsed_ms > turn + tol
        {
            return Charge::Overrun(format!(
                "took {elapsed_ms} ms, turn limit {turn} ms (+{tol} ms tolerance)"
            ));
        }
        if let Some(left) = self.left_ms.as_mut() {
            *left -= elapsed_ms as i64;
            if *left < -(tol as i64) {
                return Charge::Overrun(format!(
                    "took {elapsed_ms} ms and ran out of match time ({} ms over, +{tol} ms tolerance)",
                    -*left
                ));
            }
            *left += self.limits.increment_ms as i64;
        }
        Charge::Ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_and_match_limits_with_tolerance_and_increment() {
        let limits = TimeLimits { turn_ms: Some(100), match_ms: Some(250), increment_ms: 20 };
        let mut c = Clock::new(limits, 30);
        assert_eq!(c.budget_ms(), Some(100));
        assert_eq!(c.charge(120), Charge::Ok);
        assert_eq!(c.left_ms(), Some(150));
        assert!(matches!(c.charge(131), Charge::Overrun(t) if t.contains("turn limit")));
        let mut c = Clock::new(limits, 30);
        for _ in 0..3 {
            assert_eq!(c.charge(100), Charge::Ok);
        }
        // 250 - 300 + 60 = 10 left: the budget follows the clock.
        assert_eq!(c.left_ms(), Some(10));
        assert_eq!(c.budget_ms(), Some(10));
        assert!(matches!(c.charge(41), Charge::Overrun(t) if t.contains("match time")));
    }

    #[test]
    fn no_limits_no_deadline() {
        let mut c = Clock::new(TimeLimits::default(), 1000);
        assert_eq!(c.budget_ms(), None);
        assert_eq!(c.deadline(Instant::now()), None);
        assert_eq!(c.time_left_info(), UNLIMITED_MS);
        assert_eq!(c.charge(1_000_000), Charge::Ok);
    }
}
