//! Time controls: `tc=match[/turn][+increment]`, in seconds, as c-gomoku-cli reads them.

use std::fmt;

/// All values in milliseconds; 0 = no limit (no increment).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TimeControl {
    pub match_ms: u64,
    pub turn_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// Parses `match`, `match/turn`, `match+inc` or `match/turn+inc` (seconds, decimals allowed).
    /// A missing turn time equals the match time.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("invalid time control '{text}' (expected match[/turn][+increment])");
        let (main, inc) = match text.split_once('+') {
            Some((m, i)) => (m, Some(i)),
            None => (text, None),
        };
        let (m, t) = match main.split_once('/') {
            Some((m, t)) => (m, Some(t)),
            None => (main, None),
        };
        let match_ms = seconds_to_ms(m).ok_or_else(bad)?;
        let turn_ms = match t {
            Some(t) => seconds_to_ms(t).ok_or_else(bad)?,
            None => match_ms,
        };
        let increment_ms = match inc {
            Some(i) => seconds_to_ms(i).ok_or_else(bad)?,
            None => 0,
        };
        Ok(TimeControl { match_ms, turn_ms, increment_ms })
    }

    pub fn is_limited(&self) -> bool {
        self.match_ms > 0 || self.turn_ms > 0
    }
}

fn seconds_to_ms(s: &str) -> Option<u64> {
    let v: f64 = s.trim().parse().ok()?;
    (v.is_finite() && (0.0..1e9).contains(&v)).then(|| (v * 1000.0).round() as u64)
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |ms: u64| {
            let v = ms as f64 / 1000.0;
            format!("{v}")
        };
        write!(f, "{}", s(self.match_ms))?;
        if self.turn_ms != self.match_ms {
            write!(f, "/{}", s(self.turn_ms))?;
        }
        if self.increment_ms > 0 {
            write!(f, "+{}", s(self.increment_ms))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_forms() {
        let tc = TimeControl::parse("180/30").unwrap_or_default();
        assert_eq!((tc.match_ms, tc.turn_ms, tc.increment_ms), (180_000, 30_000, 0));
        let tc = TimeControl::parse("10").unwrap_or_default();
        assert_eq!((tc.match_ms, tc.turn_ms, tc.increment_ms), (10_000, 10_000, 0));
        let tc = TimeControl::parse("0/0.3+0.05").unwrap_or_default();
        assert_eq!((tc.match_ms, tc.turn_ms, tc.increment_ms), (0, 300, 50));
        let tc = TimeControl::parse("60+1").unwrap_or_default();
        assert_eq!((tc.match_ms, tc.turn_ms, tc.increment_ms), (60_000, 60_000, 1000));
        assert_eq!(tc.to_string(), "60+1");
        assert!(TimeControl::parse("abc").is_err());
        assert!(TimeControl::parse("-1").is_err());
        assert!(TimeControl::parse("10/x").is_err());
    }
}
