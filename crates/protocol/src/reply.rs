//! Brain → manager replies: one line each.
//!
//! [`parse_reply`] is context-free, so replies that look alike on the wire read back as the
//! most specific form: the `1,0` answer to `PROTOCOLVERSION` is a [`Reply::Move`], and a
//! `MESSAGE` whose text is a valid summary, realtime or Yixin opening message reads back typed.

use std::fmt;

use renzoku_rules::Point;

use crate::error::ParseError;
use crate::summary::SearchSummary;
use crate::text::{excerpt, join_points, parse_point, parse_points, split_word};
use crate::yixin::{Realtime, YxOpeningMessage};

/// How a `FORBID` list is written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ForbidFormat {
    /// AlphaGomoku `SHOWFORBID`: `FORBID x,y x,y` (`FORBID` alone when none).
    Gomocup,
    /// Yixin `yxshowforbid`: `FORBID ` + two-digit pairs + `.` (`FORBID .` when none).
    Yixin,
}

/// The `ABOUT` answer: `key="value"` pairs in order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct About {
    pub fields: Vec<(String, String)>,
}

impl About {
    /// The value of `key` (e.g. `name`), if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }

    fn parse(line: &str) -> Option<About> {
        let mut fields = Vec::new();
        let mut rest = line.trim();
        while !rest.is_empty() {
            let (key, after) = rest.split_once("=\"")?;
            let key = key.trim();
            if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None;
            }
            let (value, after) = after.split_once('"')?;
            fields.push((key.to_owned(), value.to_owned()));
            let after = after.trim_start();
            rest = match after.strip_prefix(',') {
                Some(next) => next.trim_start(),
                None if after.is_empty() => after,
                None => return None,
            };
        }
        (!fields.is_empty()).then_some(About { fields })
    }
}

impl fmt::Display for About {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (key, value)) in self.fields.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{key}=\"{value}\"")?;
        }
        Ok(())
    }
}

/// One reply line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    /// `x,y`.
    Move(Point),
    /// Two or more moves, `x,y x,y …` (swap2 and opening placements, yxbalancetwo).
    Moves(Vec<Point>),
    /// One or more moves followed by a number (`YAMAGUCHISTEP1`, `SOOSYRVSTEP2/3`).
    MovesWithCount {
        moves: Vec<Point>,
        count: u32,
    },
    Ok,
    Swap,
    Error(String),
    Unknown(String),
    Message(String),
    Debug(String),
    Suggest(Point),
    Forbid {
        points: Vec<Point>,
        format: ForbidFormat,
    },
    About(About),
    /// `MESSAGE depth … pv …`.
    Summary(SearchSummary),
    /// `MESSAGE REALTIME …`.
    Realtime(Realtime),
    /// `MESSAGE SWAP2 …` / `MESSAGE SOOSORV …`.
    YxOpening(YxOpeningMessage),
    /// `MESSAGE INFO MAX_THREAD_NUM n`.
    MaxThreadNum(u32),
    /// `MESSAGE INFO MAX_HASH_SIZE k` (log2 of the largest hash in KB).
    MaxHashSize(u32),
    /// A raw `INFO KEY value` detail line (Yixin show_detail bit 1); `key` upper case.
    Detail {
        key: String,
        value: String,
    },
}

fn with_text(f: &mut fmt::Formatter<'_>, word: &str, text: &str) -> fmt::Result {
    if text.is_empty() { write!(f, "{word}") } else { write!(f, "{word} {text}") }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Move(p) => write!(f, "{p}"),
            Reply::Moves(points) => write!(f, "{}", join_points(points)),
            Reply::MovesWithCount { moves, count } => write!(f, "{} {count}", join_points(moves)),
            Reply::Ok => write!(f, "OK"),
            Reply::Swap => write!(f, "SWAP"),
            Reply::Error(text) => with_text(f, "ERROR", text),
            Reply::Unknown(text) => with_text(f, "UNKNOWN", text),
            Reply::Message(text) => with_text(f, "MESSAGE", text),
            Reply::Debug(text) => with_text(f, "DEBUG", text),
            Reply::Suggest(p) => write!(f, "SUGGEST {p}"),
            Reply::Forbid { points, format: ForbidFormat::Gomocup } => {
                with_text(f, "FORBID", &join_points(points))
            }
            Reply::Forbid { points, format: ForbidFormat::Yixin } => {
                write!(f, "FORBID ")?;
                for p in points {
                    write!(f, "{:02}{:02}", p.x, p.y)?;
                }
                write!(f, ".")
            }
            Reply::About(about) => write!(f, "{about}"),
            Reply::Summary(summary) => write!(f, "MESSAGE {summary}"),
            Reply::Realtime(realtime) => write!(f, "MESSAGE {realtime}"),
            Reply::YxOpening(message) => write!(f, "MESSAGE {message}"),
            Reply::MaxThreadNum(n) => write!(f, "MESSAGE INFO MAX_THREAD_NUM {n}"),
            Reply::MaxHashSize(k) => write!(f, "MESSAGE INFO MAX_HASH_SIZE {k}"),
            Reply::Detail { key, value } => with_text(f, &format!("INFO {key}"), value),
        }
    }
}

/// Reads one reply line (line end and surrounding blanks ignored, words in any case).
pub fn parse_reply(line: &str) -> Result<Reply, ParseError> {
    let line = line.trim();
    let bad = || ParseError::BadReply(excerpt(line));
    let (word, rest) = split_word(line);
    match word.to_ascii_uppercase().as_str() {
        "OK" if rest.is_empty() => Ok(Reply::Ok),
        "SWAP" if rest.is_empty() => Ok(Reply::Swap),
        "ERROR" => Ok(Reply::Error(rest.to_owned())),
        "UNKNOWN" => Ok(Reply::Unknown(rest.to_owned())),
        "DEBUG" => Ok(Reply::Debug(rest.to_owned())),
        "SUGGEST" => parse_point(rest).map(Reply::Suggest).map_err(|_| bad()),
        "FORBID" => parse_forbid(rest).ok_or_else(bad),
        "MESSAGE" => Ok(parse_message(rest)),
        "INFO" if !rest.is_empty() => {
            let (key, value) = split_word(rest);
            Ok(Reply::Detail { key: key.to_ascii_uppercase(), value: value.to_owned() })
        }
        _ => parse_moves(line).or_else(|| About::parse(line).map(Reply::About)).ok_or_else(bad),
    }
}

/// The typed forms of `MESSAGE` first; anything else is free text.
fn parse_message(text: &str) -> Reply {
    let (word, rest) = split_word(text);
    let typed = match word.to_ascii_uppercase().as_str() {
        "DEPTH" => SearchSummary::parse(text).ok().map(Reply::Summary),
        "REALTIME" => Realtime::parse(rest).ok().map(Reply::Realtime),
        "SWAP2" | "SOOSORV" => YxOpeningMessage::parse(text).ok().map(Reply::YxOpening),
        "INFO" => {
            let (key, value) = split_word(rest);
            match (key.to_ascii_uppercase().as_str(), value.parse::<u32>()) {
                ("MAX_THREAD_NUM", Ok(n)) => Some(Reply::MaxThreadNum(n)),
                ("MAX_HASH_SIZE", Ok(k)) => Some(Reply::MaxHashSize(k)),
                _ => None,
            }
        }
        _ => None,
    };
    typed.unwrap_or_else(|| Reply::Message(text.to_owned()))
}

fn parse_forbid(rest: &str) -> Option<Reply> {
    if let Some(digits) = rest.strip_suffix('.') {
        let digits = digits.trim();
        if digits.len() % 4 != 0 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let points = digits
            .as_bytes()
            .chunks(4)
            .map(|c| {
                let two = |a: u8, b: u8| (a - b'0') * 10 + (b - b'0');
                Point::new(two(c[0], c[1]), two(c[2], c[3]))
            })
            .collect();
        return Some(Reply::Forbid { points, format: ForbidFormat::Yixin });
    }
    parse_points(rest).ok().map(|points| Reply::Forbid { points, format: ForbidFormat::Gomocup })
}

/// Removes blanks next to commas, so `7, 8` and `7 ,8` read like `7,8` (managers read moves
/// with `sscanf("%d,%d")`, which is as forgiving about the blank after the comma).
fn tighten_commas(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ',' {
            while out.ends_with(char::is_whitespace) {
                out.pop();
            }
            out.push(c);
            while chars.peek().is_some_and(|n| n.is_whitespace()) {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `x,y`, `x,y x,y …`, or moves followed by a count.
fn parse_moves(line: &str) -> Option<Reply> {
    let line = tighten_commas(line);
    let line = line.as_str();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (last, init) = tokens.split_last()?;
    if !last.contains(',') {
        let count = last.parse::<u32>().ok()?;
        let moves = init.iter().map(|t| parse_point(t)).collect::<Result<Vec<_>, _>>().ok()?;
        return (!moves.is_empty()).then_some(Reply::MovesWithCount { moves, count });
    }
    let mut moves = parse_points(line).ok()?;
    if moves.len() == 1 { moves.pop().map(Reply::Move) } else { Some(Reply::Moves(moves)) }
}
