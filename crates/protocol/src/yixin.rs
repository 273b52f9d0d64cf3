//! Yixin-Board reply messages: realtime search progress and the swap2/Soosõrv opening answers
//! (protocol-reference §3.3–3.4). They travel as `MESSAGE …` lines; [`crate::Reply`] adds the
//! prefix.

use std::fmt;

use renzoku_rules::Point;

use crate::text::{excerpt, parse_point};

/// `MESSAGE REALTIME …` (show_detail bit 0).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Realtime {
    Refresh,
    Pos(Point),
    Done(Point),
    Best(Point),
    /// `LOST x,y` (Yixin-Board also reads `LOSE`; both parse to this).
    Lost(Point),
    Val(i64),
    Pv(String),
}

impl Realtime {
    /// Parses the text after `REALTIME `.
    pub(crate) fn parse(text: &str) -> Result<Realtime, String> {
        let (word, rest) = crate::text::split_word(text);
        let point = || parse_point(rest);
        match word.to_ascii_uppercase().as_str() {
            "REFRESH" if rest.is_empty() => Ok(Realtime::Refresh),
            "POS" => point().map(Realtime::Pos),
            "DONE" => point().map(Realtime::Done),
            "BEST" => point().map(Realtime::Best),
            "LOST" | "LOSE" => point().map(Realtime::Lost),
            "VAL" => crate::text::parse_i64(rest).map(Realtime::Val),
            "PV" => Ok(Realtime::Pv(rest.to_owned())),
            _ => Err(format!("`{}` is not a realtime message", excerpt(text))),
        }
    }
}

impl fmt::Display for Realtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Realtime::Refresh => write!(f, "REALTIME REFRESH"),
            Realtime::Pos(p) => write!(f, "REALTIME POS {p}"),
            Realtime::Done(p) => write!(f, "REALTIME DONE {p}"),
            Realtime::Best(p) => write!(f, "REALTIME BEST {p}"),
            Realtime::Lost(p) => write!(f, "REALTIME LOST {p}"),
            Realtime::Val(v) => write!(f, "REALTIME VAL {v}"),
            Realtime::Pv(text) if text.is_empty() => write!(f, "REALTIME PV"),
            Realtime::Pv(text) => write!(f, "REALTIME PV {text}"),
        }
    }
}

/// Which Yixin opening dialogue a message belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum YxOpeningRule {
    Swap2,
    Soosorv,
}

impl YxOpeningRule {
    const fn word(self) -> &'static str {
        match self {
            YxOpeningRule::Swap2 => "SWAP2",
            YxOpeningRule::Soosorv => "SOOSORV",
        }
    }
}

/// `MESSAGE SWAP2 …` / `MESSAGE SOOSORV …`. Points are written `r c` (space-separated), exactly
/// as Yixin-Board reads them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum YxOpeningMessage {
    /// `MOVEn r c` (n = 1..=5); Soosõrv's `MOVE4 r c N` adds the number of fifth moves.
    Move {
        rule: YxOpeningRule,
        index: u8,
        point: Point,
        count: Option<u32>,
    },
    /// `SWAP1 YES|NO` or `SWAP2 YES|NO`.
    Swap {
        rule: YxOpeningRule,
        stage: u8,
        yes: bool,
    },
    /// `MOVE5 REFRESH` / `MOVE5 DONE` around a list of offered fifth moves.
    Move5Refresh(YxOpeningRule),
    Move5Done(YxOpeningRule),
    /// `MOVE5C r c`: the chosen fifth move.
    Move5Chosen {
        rule: YxOpeningRule,
        point: Point,
    },
}

fn space_point(x: &str, y: &str) -> Result<Point, String> {
    parse_point(&format!("{x},{y}"))
}

impl YxOpeningMessage {
    /// Parses the text after `MESSAGE `.
    pub(crate) fn parse(text: &str) -> Result<YxOpeningMessage, String> {
        let bad = || format!("`{}` is not a Yixin opening message", excerpt(text));
        let tokens: Vec<String> = text.split_whitespace().map(str::to_ascii_uppercase).collect();
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        let rule = match tokens.first() {
            Some(&"SWAP2") => YxOpeningRule::Swap2,
            Some(&"SOOSORV") => YxOpeningRule::Soosorv,
            _ => return Err(bad()),
        };
        match &tokens[1..] {
            ["MOVE5", "REFRESH"] => Ok(YxOpeningMessage::Move5Refresh(rule)),
            ["MOVE5", "DONE"] => Ok(YxOpeningMessage::Move5Done(rule)),
            ["MOVE5C", x, y] => {
                Ok(YxOpeningMessage::Move5Chosen { rule, point: space_point(x, y)? })
            }
            [stage @ ("SWAP1" | "SWAP2"), answer] => {
                let yes = match answer.chars().next() {
                    Some('Y') => true,
                    Some('N') => false,
                    _ => return Err(bad()),
                };
                Ok(YxOpeningMessage::Swap {
                    rule,
                    stage: if *stage == "SWAP1" { 1 } else { 2 },
                    yes,
                })
            }
            [word, x, y, rest @ ..] if rest.len() <= 1 => {
                let index = word
                    .strip_prefix("MOVE")
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=5).contains(n))
                    .ok_or_else(bad)?;
                let count = match rest.first() {
                    Some(n) => Some(n.parse::<u32>().map_err(|_| bad())?),
                    None => None,
                };
                Ok(YxOpeningMessage::Move { rule, index, point: space_point(x, y)?, count })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for YxOpeningMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YxOpeningMessage::Move { rule, index, point, count } => {
                write!(f, "{} MOVE{index} {} {}", rule.word(), point.x, point.y)?;
                if let Some(n) = count {
                    write!(f, " {n}")?;
                }
                Ok(())
            }
            YxOpeningMessage::Swap { rule, stage, yes } => {
                let answer = if *yes { "YES" } else { "NO" };
                write!(f, "{} SWAP{stage} {answer}", rule.word())
            }
            YxOpeningMessage::Move5Refresh(rule) => write!(f, "{} MOVE5 REFRESH", rule.word()),
            YxOpeningMessage::Move5Done(rule) => write!(f, "{} MOVE5 DONE", rule.word()),
            YxOpeningMessage::Move5Chosen { rule, point } => {
                write!(f, "{} MOVE5C {} {}", rule.word(), point.x, point.y)
            }
        }
    }
}
