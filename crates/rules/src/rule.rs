//! The game rules and their Gomocup codes.

use std::fmt;
use std::str::FromStr;

/// A game rule, as numbered by the Gomocup protocol (`INFO rule`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// 0: five or more in a row wins, for both colours.
    Freestyle,
    /// 1: exactly five wins; an overline is neither a win nor forbidden.
    Standard,
    /// 4: black wins with exactly five and must not play double-three, double-four or overline;
    /// white wins with five or more.
    Renju,
    /// 8: five or more wins, except an exact five blocked at both ends by opponent stones.
    CaroFreestyle,
    /// 9: exactly five wins, unless blocked at both ends by opponent stones.
    CaroStandard,
}

impl Rule {
    pub const ALL: [Rule; 5] =
        [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::CaroFreestyle, Rule::CaroStandard];

    /// The rule for a Gomocup `INFO rule` value (2, renju in Yixin-Board, is the caller's call).
    pub const fn from_gomocup(code: i64) -> Option<Rule> {
        match code {
            0 => Some(Rule::Freestyle),
            1 => Some(Rule::Standard),
            4 => Some(Rule::Renju),
            8 => Some(Rule::CaroFreestyle),
            9 => Some(Rule::CaroStandard),
            _ => None,
        }
    }

    pub const fn gomocup_code(self) -> u8 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::CaroFreestyle => 8,
            Rule::CaroStandard => 9,
        }
    }

    /// Whether black's double-threes, double-fours and overlines are forbidden.
    pub const fn has_forbidden_moves(self) -> bool {
        matches!(self, Rule::Renju)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::CaroFreestyle => "caro",
            Rule::CaroStandard => "caro-standard",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Accepts the Gomocup number or the name (`renju`, `caro`, …).
impl FromStr for Rule {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if let Ok(code) = t.parse::<i64>() {
            return Rule::from_gomocup(code).ok_or_else(|| format!("unknown rule {code}"));
        }
        let lower = t.to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == lower)
            .or(match lower.as_str() {
                "gomoku" | "free" => Some(Rule::Freestyle),
                "exact" | "exact5" | "standard5" => Some(Rule::Standard),
                "caro6" | "caro8" => Some(Rule::CaroFreestyle),
                "caro5" | "caro9" => Some(Rule::CaroStandard),
                _ => None,
            })
            .ok_or_else(|| format!("unknown rule '{t}'"))
    }
}
