//! Renzoku protocol: the Gomocup protocol family as typed values, in both directions.
//!
//! * Manager → brain: [`Command`], read line by line with the stateful [`CommandParser`] (blocks
//!   such as `BOARD` … `DONE` span several lines), written with `Display` (one or more lines
//!   joined by `\n`, no trailing newline).
//! * Brain → manager: [`Reply`], one line each, read with [`parse_reply`] and written with
//!   `Display`.
//! * [`LineSplitter`] turns a raw byte stream into lines (LF, CR LF or CR ends, bounded length),
//!   so both ends share one definition of "a line".
//!
//! Dialects covered: official Gomocup, the AlphaGomoku extended commands, and Yixin-Board's `yx…`
//! commands. The crate is pure: no I/O, no threads, no panics on any input. Whatever one side
//! formats, the other side parses back to the same value (see the round-trip tests).

mod command;
mod error;
mod info;
mod lines;
mod opening;
mod parser;
mod rapfi_line;
mod reply;
mod stone;
mod summary;
mod text;
mod yixin;

pub use command::{Command, YxPathKind};
pub use error::ParseError;
pub use info::{Info, IntKey};
pub use lines::{Line, LineSplitter};
pub use opening::{OpeningRule, OpeningStep};
pub use parser::CommandParser;
pub use rapfi_line::{LineEval, RapfiLine};
pub use reply::{About, ForbidFormat, Reply, parse_reply};
pub use stone::{Field, Stone};
pub use summary::{Ev, PvMove, SearchSummary, Tenths};
pub use text::parse_points;
pub use yixin::{Realtime, YxOpeningMessage, YxOpeningRule};

/// Re-exported so users need not depend on renzoku-rules just to build a move.
pub use renzoku_rules::Point;
