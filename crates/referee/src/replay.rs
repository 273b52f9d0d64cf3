//! The replay file: JSON Lines, one object per line, written as the game goes (flushed after
//! every line, so an interrupted game still leaves its moves), read back by
//! `renzoku referee --replay FILE`.
//!
//! ```text
//! {"kind":"header","format":"renzoku-referee-replay","version":1,"rule":0,"board_size":15,
//!  "players":[{"name":"A","timeout_turn":5000,"timeout_match":300000,"increment":0},{…}],
//!  "max_memory":0,"opening":"swap2"}
//! {"kind":"stone","ply":1,"x":7,"y":7,"color":"black","by":1,"time_ms":12,"clock_ms":[299988,300000],"opening":true}
//! {"kind":"swap","by":2,"time_ms":40}
//! {"kind":"colors","black":2}
//! {"kind":"end","winner":1,"winner_color":"white","reason":"five","detail":"…","peak_memory":[…]}
//! ```
//! `by` and `winner` are player numbers (1 or 2); `by` is absent for stones of an opening
//! file. `clock_ms` is the match time left of players 1 and 2 (null: no match clock).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use renzoku_rules::{Board, Color, Point, Rule};
use serde::{Deserialize, Serialize};

use crate::display;
use crate::ending::EndReason;
use crate::event::{Event, Observer};

pub const FORMAT: &str = "renzoku-referee-replay";
pub const VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Black,
    White,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        if c == Color::Black { Side::Black } else { Side::White }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLine {
    pub name: String,
    pub timeout_turn: Option<u64>,
    pub timeout_match: Option<u64>,
    pub increment: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    Header {
        format: String,
        version: u32,
        rule: u8,
        board_size: u8,
        players: [PlayerLine; 2],
        max_memory: u64,
        opening: String,
    },
    Stone {
        ply: usize,
        x: u8,
        y: u8,
        color: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<u8>,
        time_ms: u64,
        clock_ms: [Option<u64>; 2],
        opening: bool,
    },
    Swap {
        by: u8,
        time_ms: u64,
    },
    Colors {
        black: u8,
    },
    End {
        winner: Option<u8>,
        winner_color: Option<Side>,
        reason: EndReason,
        detail: String,
        peak_memory: [u64; 2],
    },
}

/// The replay line of an event (`None` for events the replay does not keep).
pub fn line_of(event: &Event) -> Option<Line> {
    Some(match event {
        Event::Started(g) => Line::Header {
            format: FORMAT.into(),
            version: VERSION,
            rule: g.rule.gomocup_code(),
            board_size: g.board_size,
            players: [0, 1].map(|s| PlayerLine {
                name: g.names[s].clone(),
                timeout_turn: g.limits[s].turn_ms,
                timeout_match: g.limits[s].match_ms,
                increment: g.limits[s].increment_ms,
            }),
            max_memory: g.max_memory,
            opening: g.opening.clone(),
        },
        Event::Stone { ply, point, color, seat, time_ms, clock_ms, opening } => Line::Stone {
            ply: *ply,
            x: point.x,
            y: point.y,
            color: (*color).into(),
            by: seat.map(|s| s as u8 + 1),
            time_ms: *time_ms,
            clock_ms: *clock_ms,
            opening: *opening,
        },
        Event::Swap { seat, time_ms } => Line::Swap { by: *seat as u8 + 1, time_ms: *time_ms },
        Event::ColorsSet { black, .. } => Line::Colors { black: *black as u8 + 1 },
        Event::Message { .. } => return None,
        Event::Ended { ending, black, peak_memory } => Line::End {
            winner: ending.winner.map(|w| w as u8 + 1),
            winner_color: ending
                .winner
                .map(|w| if w == *black { Side::Black } else { Side::White }),
            reason: ending.reason,
            detail: ending.detail.clone(),
            peak_memory: *peak_memory,
        },
    })
}

/// Writes the replay as the game goes.
#[derive(Debug)]
pub struct ReplayWriter {
    out: BufWriter<File>,
    error: Option<std::io::Error>,
}

impl ReplayWriter {
    pub fn create(path: &Path) -> std::io::Result<ReplayWriter> {
        Ok(ReplayWriter { out: BufWriter::new(File::create(path)?), error: None })
    }

    /// The first write error, if any (reported once the game is over).
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.error.take()
    }
}

impl Observer for ReplayWriter {
    fn event(&mut self, event: &Event) {
        let Some(line) = line_of(event) else { return };
        let r = serde_json::to_string(&line)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(self.out, "{text}"))
            .and_then(|()| self.out.flush());
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
}

/// A replay read back and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub lines: Vec<Line>,
    pub rule: Rule,
    pub board_size: u8,
    pub names: [String; 2],
}

/// Reads a replay file; errors name the line.
pub fn read(path: &Path) -> Result<Replay, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(l)
            .map_err(|e| format!("{}:{}: not a replay line: {e}", path.display(), i + 1))?;
        lines.push(line);
    }
    let Some(Line::Header { format, version, rule, board_size, players, .. }) = lines.first()
    else {
        return Err(format!("{}:1: the replay does not start with its header", path.display()));
    };
    if format != FORMAT || *version != VERSION {
        return Err(format!("{}:1: not a {FORMAT} version {VERSION} file", path.display()));
    }
    let rule = Rule::from_gomocup(i64::from(*rule))
        .ok_or_else(|| format!("{}:1: unknown rule {rule}", path.display()))?;
    let mut board =
        Board::square(u32::from(*board_size)).map_err(|e| format!("{}:1: {e}", path.display()))?;
    for l in &lines {
        if let Line::Stone { x, y, ply, .. } = l {
            board
                .play(Point::new(*x, *y))
                .map_err(|e| format!("{}: stone {ply} at {x},{y}: {e}", path.display()))?;
        }
    }
    let names = [players[0].name.clone(), players[1].name.clone()];
    Ok(Replay { board_size: *board_size, rule, names, lines })
}

/// The game move by move: `step` is called before each stone is shown (to wait for Enter or
/// a delay).
pub fn show(replay: &Replay, out: &mut dyn Write, step: &mut dyn FnMut()) -> std::io::Result<()> {
    let mut board = Board::square(u32::from(replay.board_size)).map_err(std::io::Error::other)?;
    let who = |by: Option<u8>| match by {
        Some(n) => format!("player{n} ({})", replay.names[usize::from(n - 1)]),
        None => "opening file".to_string(),
    };
    writeln!(
        out,
        "{} vs {}, rule {} ({}), {}x{}",
        replay.names[0],
        replay.names[1],
        replay.rule.gomocup_code(),
        replay.rule.name(),
        replay.board_size,
        replay.board_size
    )?;
    for line in &replay.lines {
        match line {
            Line::Header { .. } => {}
            Line::Stone { ply, x, y, color, by, time_ms, .. } => {
                step();
                let p = Point::new(*x, *y);
                board.play(p).map_err(std::io::Error::other)?;
                let c = if *color == Side::Black { "X" } else { "O" };
                writeln!(
                    out,
                    "\n{ply:>3}. {c} {} ({p}) by {} in {time_ms} ms\n{}",
                    display::pos(p),
                    who(*by),
                    display::board(&board)
                )?;
            }
            Line::Swap { by, time_ms } => {
                writeln!(out, "     {} answered SWAP in {time_ms} ms", who(Some(*by)))?;
            }
            Line::Colors { black } => {
                writeln!(
                    out,
                    "     black: {}, white: {}",
                    who(Some(*black)),
                    who(Some(3 - *black))
                )?;
            }
            Line::End { winner, reason, detail, .. } => {
                let result = match winner {
                    Some(n) => format!("{} wins", who(Some(*n))),
                    None => "draw".to_string(),
                };
                writeln!(out, "\nResult: {result} ({reason}): {detail}")?;
            }
        }
    }
    Ok(())
}
