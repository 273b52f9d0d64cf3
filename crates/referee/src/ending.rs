//! How a refereed game ended: the winner by seat (player 1 or 2) and a reason from a closed set.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why the game ended (the names the replay and the live view use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Five in a row under the rule.
    Five,
    /// Black played a renju forbidden point.
    Forbidden,
    /// Occupied or off-board square, an unreadable or wrong answer, a wrong opening answer.
    Illegal,
    /// Over the turn limit or out of match time (tolerance included).
    Time,
    /// The brain exited or closed its output.
    Crash,
    /// No answer to `START` in time.
    Hang,
    /// The brain's process tree used more memory than `max_memory` (when enforced).
    Memory,
    FullBoard,
    MoveLimit,
    /// A human resigned (or closed the input).
    Resign,
    /// Stopped by a signal; no result.
    Aborted,
}

impl EndReason {
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::Forbidden => "forbidden",
            EndReason::Illegal => "illegal",
            EndReason::Time => "time",
            EndReason::Crash => "crash",
            EndReason::Hang => "hang",
            EndReason::Memory => "memory",
            EndReason::FullBoard => "full_board",
            EndReason::MoveLimit => "move_limit",
            EndReason::Resign => "resign",
            EndReason::Aborted => "aborted",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Five => "five in a row",
            EndReason::Forbidden => "forbidden move",
            EndReason::Illegal => "illegal move",
            EndReason::Time => "time forfeit",
            EndReason::Crash => "crash",
            EndReason::Hang => "no answer",
            EndReason::Memory => "memory limit exceeded",
            EndReason::FullBoard => "full board",
            EndReason::MoveLimit => "move limit",
            EndReason::Resign => "resignation",
            EndReason::Aborted => "aborted",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The end of a game. Seats are 0 (player 1) and 1 (player 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<usize>,
    pub reason: EndReason,
    pub detail: String,
}

impl Ending {
    /// `seat` lost for `reason`.
    pub fn loss(seat: usize, reason: EndReason, detail: impl Into<String>) -> Ending {
        Ending { winner: Some(1 - seat), reason, detail: detail.into() }
    }

    pub fn draw(reason: EndReason, detail: impl Into<String>) -> Ending {
        Ending { winner: None, reason, detail: detail.into() }
    }

    /// The process exit code of this result: 1 player 1 won, 2 player 2 won, 3 draw,
    /// [`EXIT_ABORTED`] when interrupted.
    pub fn exit_code(&self) -> u8 {
        match (self.reason, self.winner) {
            (EndReason::Aborted, _) => EXIT_ABORTED,
            (_, Some(0)) => 1,
            (_, Some(_)) => 2,
            (_, None) => 3,
        }
    }
}

/// Exit code: the command line or the configuration is wrong.
pub const EXIT_CONFIG: u8 = 4;
/// Exit code: the game could not be run or recorded (files, live server).
pub const EXIT_RUN: u8 = 5;
/// Exit code: interrupted by a signal.
pub const EXIT_ABORTED: u8 = 6;
