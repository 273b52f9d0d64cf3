//! What a finished game leaves behind.

use std::fmt;

use renzoku_rules::{Color, Point};
use serde::{Deserialize, Serialize};

use crate::engines::engine::FaultKind;

/// Why a game ended (the closed set of the contract).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Five,
    Forbidden,
    Illegal,
    Time,
    Crash,
    Hang,
    FullBoard,
    MoveLimit,
    Adjudication,
}

impl Reason {
    /// Faults of the loser's engine: such games give no training samples.
    pub fn is_fault(self) -> bool {
        matches!(self, Reason::Illegal | Reason::Time | Reason::Crash | Reason::Hang)
    }

    pub fn describe(self) -> &'static str {
        match self {
            Reason::Five => "five in a row",
            Reason::Forbidden => "forbidden move",
            Reason::Illegal => "illegal move",
            Reason::Time => "time forfeit",
            Reason::Crash => "crash",
            Reason::Hang => "engine hangs",
            Reason::FullBoard => "full board",
            Reason::MoveLimit => "move limit",
            Reason::Adjudication => "adjudication",
        }
    }
}

impl From<FaultKind> for Reason {
    fn from(kind: FaultKind) -> Reason {
        match kind {
            FaultKind::Illegal => Reason::Illegal,
            FaultKind::Time => Reason::Time,
            FaultKind::Crash => Reason::Crash,
            FaultKind::Hang => Reason::Hang,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A sampled position: the stones before the move, the move and the side that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub position: Vec<Point>,
    pub mv: Point,
    pub side: Color,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 0-based index in the schedule.
    pub index: usize,
    pub round: u32,
    pub encounter: usize,
    /// Engine indices (into the options' engine list) of black and white.
    pub black_engine: usize,
    pub white_engine: usize,
    pub black: String,
    pub white: String,
    pub opening: String,
    /// The first `opening_moves` entries of `moves` come from the opening.
    pub opening_moves: usize,
    pub moves: Vec<Point>,
    /// Thinking time of each move in milliseconds (0 for opening stones).
    pub times_ms: Vec<u64>,
    pub winner: Option<Color>,
    pub reason: Reason,
    /// Human-readable detail (which engine did what).
    pub detail: String,
    pub board_size: u8,
    pub rule: u8,
    pub seed: u64,
    /// Engine `MESSAGE` lines, as `"ply) name: text"`.
    pub messages: Vec<String>,
    pub samples: Vec<Sample>,
}

impl GameRecord {
    /// The score of engine `e` in half points (0, 1 or 2).
    pub fn half_points_of(&self, e: usize) -> u8 {
        match self.winner {
            None => 1,
            Some(Color::Black) => 2 * u8::from(self.black_engine == e),
            Some(Color::White) => 2 * u8::from(self.white_engine == e),
        }
    }

    /// `black wins (five in a row)`, `draw (full board)` …
    pub fn result_text(&self) -> String {
        match self.winner {
            Some(Color::Black) => format!("black wins ({})", self.reason),
            Some(Color::White) => format!("white wins ({})", self.reason),
            None => format!("draw ({})", self.reason),
        }
    }

    /// The PGN result (White first, as PGN and BayesElo read it).
    pub fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}
