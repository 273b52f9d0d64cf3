#![doc = include_str!("../README.md")]

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
