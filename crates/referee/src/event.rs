//! What a game reports as it goes; records, the console and the live view all listen.

use renzoku_rules::{Color, Point, Rule};

use crate::clock::TimeLimits;
use crate::ending::Ending;

/// Fixed facts of the game, known before the first stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    pub rule: Rule,
    pub board_size: u8,
    /// Names of player 1 and player 2.
    pub names: [String; 2],
    pub limits: [TimeLimits; 2],
    pub max_memory: u64,
    /// `none`, `swap1st`, `swap`, `swap2`, or `file` for an opening from a file.
    pub opening: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Started(GameInfo),
    /// A stone was placed. `seat` is who placed it (`None` for a stone of an opening file);
    /// `clock_ms` is the match time left of players 1 and 2 afterwards.
    Stone {
        ply: usize,
        point: Point,
        color: Color,
        seat: Option<usize>,
        time_ms: u64,
        clock_ms: [Option<u64>; 2],
        /// Whether the opening phase is still going on (colours not final).
        opening: bool,
    },
    /// A player answered `SWAP` to an opening command.
    Swap {
        seat: usize,
        time_ms: u64,
    },
    /// The colours are final (at once without an opening rule): `black` is the seat of black;
    /// the board holds `stones`.
    ColorsSet {
        black: usize,
        stones: Vec<Point>,
    },
    /// A `MESSAGE` line of a brain.
    Message {
        seat: usize,
        text: String,
    },
    /// The game is over. `black` is black's seat as far as it was decided.
    Ended {
        ending: Ending,
        black: usize,
        peak_memory: [u64; 2],
    },
}

/// Anything that follows a game.
pub trait Observer {
    fn event(&mut self, event: &Event);
}
