//! The only place where the arena formats Gomocup commands and parses engine replies.

use renzoku_rules::Point;

pub fn start(size: u8) -> String {
    format!("START {size}")
}

pub fn info(key: &str, value: impl std::fmt::Display) -> String {
    format!("INFO {key} {value}")
}

pub fn begin() -> String {
    "BEGIN".to_string()
}

pub fn turn(p: Point) -> String {
    format!("TURN {},{}", p.x, p.y)
}

pub fn play(x: i64, y: i64) -> String {
    format!("PLAY {x},{y}")
}

pub fn about() -> String {
    "ABOUT".to_string()
}

/// `BOARD`, one `x,y,field` line per stone in move order (field 1 = the engine's own stone,
/// 2 = the opponent's; the last stone is always the opponent's), then `DONE`.
pub fn board(moves: &[Point]) -> Vec<String> {
    let n = moves.len();
    let mut lines = Vec::with_capacity(n + 2);
    lines.push("BOARD".to_string());
    for (i, p) in moves.iter().enumerate() {
        // The side to move owns the stones of even distance from the end… counted from the
        // last stone, which is the opponent's.
        let field = if (n - 1 - i).is_multiple_of(2) { 2 } else { 1 };
        lines.push(format!("{},{},{field}", p.x, p.y));
    }
    lines.push("DONE".to_string());
    lines
}

/// One line from an engine, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `x,y` (any integers; the caller checks the board).
    Move(i64, i64),
    /// `SUGGEST x,y`.
    Suggest(i64, i64),
    Ok,
    /// `MESSAGE …` (the text after the word).
    Message(String),
    /// `DEBUG …`, blank lines: ignored.
    Ignored,
    /// `ERROR …`.
    Error(String),
    /// `UNKNOWN …`.
    Unknown(String),
    /// Anything else.
    Other(String),
}

/// Classifies a line; command words are case-insensitive, blanks around are ignored.
pub fn parse_reply(line: &str) -> Reply {
    let t = line.trim();
    if t.is_empty() {
        return Reply::Ignored;
    }
    let (word, rest) = match t.find(char::is_whitespace) {
        Some(i) => (&t[..i], t[i..].trim_start()),
        None => (t, ""),
    };
    match word.to_ascii_uppercase().as_str() {
        "OK" if rest.is_empty() => Reply::Ok,
        "MESSAGE" => Reply::Message(rest.to_string()),
        "DEBUG" => Reply::Ignored,
        "ERROR" => Reply::Error(rest.to_string()),
        "UNKNOWN" => Reply::Unknown(rest.to_string()),
        "SUGGEST" => parse_xy(rest)
            .map_or_else(|| Reply::Other(t.to_string()), |(x, y)| Reply::Suggest(x, y)),
        _ => parse_xy(t).map_or_else(|| Reply::Other(t.to_string()), |(x, y)| Reply::Move(x, y)),
    }
}

fn parse_xy(s: &str) -> Option<(i64, i64)> {
    let (x, y) = s.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The `name="…"` value of an `ABOUT` reply.
pub fn about_name(line: &str) -> Option<String> {
    let i = line.find("name=\"")? + 6;
    let len = line[i..].find('"')?;
    let name = line[i..i + len].trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_commands() {
        assert_eq!(turn(Point::new(7, 8)), "TURN 7,8");
        assert_eq!(info("time_left", 1000), "INFO time_left 1000");
        let b = board(&[Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]);
        assert_eq!(b, vec!["BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
    }

    #[test]
    fn parses_replies() {
        assert_eq!(parse_reply("7,8\r"), Reply::Move(7, 8));
        assert_eq!(parse_reply(" 99 , -1 "), Reply::Move(99, -1));
        assert_eq!(parse_reply("ok"), Reply::Ok);
        assert_eq!(parse_reply("MESSAGE depth 3"), Reply::Message("depth 3".into()));
        assert_eq!(parse_reply("suggest 1,2"), Reply::Suggest(1, 2));
        assert_eq!(parse_reply("ERROR no"), Reply::Error("no".into()));
        assert_eq!(parse_reply("UNKNOWN x"), Reply::Unknown("x".into()));
        assert_eq!(parse_reply("DEBUG x"), Reply::Ignored);
        assert_eq!(parse_reply("hello"), Reply::Other("hello".into()));
        assert_eq!(parse_reply("7,8,9"), Reply::Other("7,8,9".into()));
        assert_eq!(about_name(r#"name="Wine", version="2""#), Some("Wine".into()));
        assert_eq!(about_name("nothing"), None);
    }
}
