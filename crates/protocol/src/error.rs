//! Why a command line (or block) could not be read.
//!
//! Every variant names the command, so the brain can answer `ERROR <this text>` directly.

use thiserror::Error;

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ParseError {
    /// A known command with arguments that do not parse.
    #[error("{command}: {reason}")]
    BadArguments { command: String, reason: String },
    /// A block whose lines did not parse (reported at its `DONE`).
    #[error("{command} block: {reason}")]
    BadBlock { command: String, reason: String },
    /// A block cut short by another command; that command is kept for
    /// [`crate::CommandParser::resume`].
    #[error("{command} block not finished before `{by}`")]
    Interrupted { command: String, by: String },
    /// Input ended inside a block.
    #[error("{command} block not finished before the end of input")]
    Truncated { command: String },
    /// A reply line that is not any known reply (manager side).
    #[error("unrecognised reply `{0}`")]
    BadReply(String),
}
