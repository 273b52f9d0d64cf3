//! The only place where the arena formats Gomocup commands and parses engine replies; both go
//! through renzoku-protocol, the parser the brain uses too.

use renzoku_protocol::{Command, Field, Info, Stone};
use renzoku_rules::Point;

pub fn start(size: u8) -> String {
    Command::Start(u32::from(size)).to_string()
}

pub fn info(key: &str, value: impl std::fmt::Display) -> String {
    Command::Info(Info::Unknown { key: key.to_string(), value: value.to_string() }).to_string()
}

pub fn begin() -> String {
    Command::Begin.to_string()
}

pub fn turn(p: Point) -> String {
    Command::Turn(p).to_string()
}

pub fn play(p: Point) -> String {
    Command::Play(p).to_string()
}

pub fn about() -> String {
    Command::About.to_string()
}

/// `BOARD`, one `x,y,field` line per stone in move order (field 1 = the engine's own stone,
/// 2 = the opponent's; the last stone is always the opponent's), then `DONE`.
pub fn board(moves: &[Point]) -> Vec<String> {
    let n = moves.len();
    let stones = moves
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let field = if (n - 1 - i).is_multiple_of(2) { Field::Opponent } else { Field::Own };
            Stone::new(p, Some(field))
        })
        .collect();
    Command::Board(stones).to_string().lines().map(str::to_string).collect()
}

/// One line from an engine, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `x,y` (any integers; the caller checks the board).
    Move(i64, i64),
    /// `SUGGEST x,y`.
    Suggest(Point),
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
    use renzoku_protocol::Reply as R;
    let t = line.trim();
    if t.is_empty() {
        return Reply::Ignored;
    }
    match renzoku_protocol::parse_reply(t) {
        Ok(R::Move(p)) => Reply::Move(i64::from(p.x), i64::from(p.y)),
        Ok(R::Suggest(p)) => Reply::Suggest(p),
        Ok(R::Ok) => Reply::Ok,
        Ok(R::Debug(_) | R::Detail { .. }) => Reply::Ignored,
        Ok(R::Error(e)) => Reply::Error(e),
        Ok(R::Unknown(u)) => Reply::Unknown(u),
        Ok(
            R::Message(_)
            | R::Summary(_)
            | R::Realtime(_)
            | R::YxOpening(_)
            | R::MaxThreadNum(_)
            | R::MaxHashSize(_),
        ) => Reply::Message(t.get(7..).unwrap_or("").trim_start().to_string()),
        Ok(_) => Reply::Other(t.to_string()),
        Err(_) => match parse_xy(t) {
            // Coordinates renzoku-protocol cannot hold (negative, huge) are still a move
            // attempt: off the board, so illegal.
            Some((x, y)) => Reply::Move(x, y),
            None => Reply::Other(t.to_string()),
        },
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
        assert_eq!(parse_reply("suggest 1,2"), Reply::Suggest(Point::new(1, 2)));
        assert_eq!(parse_reply("-1,3"), Reply::Move(-1, 3));
        assert_eq!(
            parse_reply("MESSAGE depth 1-17 ev 56.2 n 5"),
            Reply::Message("depth 1-17 ev 56.2 n 5".into())
        );
        assert_eq!(parse_reply("ERROR no"), Reply::Error("no".into()));
        assert_eq!(parse_reply("UNKNOWN x"), Reply::Unknown("x".into()));
        assert_eq!(parse_reply("DEBUG x"), Reply::Ignored);
        assert_eq!(parse_reply("hello"), Reply::Other("hello".into()));
        assert_eq!(parse_reply("7,8,9"), Reply::Other("7,8,9".into()));
        assert_eq!(about_name(r#"name="Wine", version="2""#), Some("Wine".into()));
        assert_eq!(about_name("nothing"), None);
    }

    /// PentaZen prints its depth as raw bytes (NUL, SOH) inside its MESSAGE line.
    #[test]
    fn control_bytes_inside_a_message_keep_it_a_message() {
        for line in
            ["MESSAGE dep \u{1}-\u{1} ev 0 nd 1 tm 1 sp 1", "MESSAGE dep \0-\0 ev 159 nd 34k"]
        {
            assert!(
                matches!(parse_reply(line), Reply::Message(_)),
                "{line:?}: {:?}",
                parse_reply(line)
            );
        }
    }
}
