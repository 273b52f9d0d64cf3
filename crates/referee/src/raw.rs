//! The configuration as written, before any check: every key optional, in the sections of
//! the schema (see [`crate::config`]), and the error type of reading and checking it. The TOML
//! reader ([`crate::config::parse_toml`]) and liskvork's INI reader ([`crate::ini`]) both fill
//! it; [`crate::config`] checks it into a `Config`.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// A configuration error, located where possible: `file:line: reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub file: Option<PathBuf>,
    pub line: Option<usize>,
    pub message: String,
}

impl ConfigError {
    pub fn new(message: impl Into<String>) -> ConfigError {
        ConfigError { file: None, line: None, message: message.into() }
    }

    pub fn at(file: &Path, line: usize, message: impl Into<String>) -> ConfigError {
        ConfigError { file: Some(file.to_path_buf()), line: Some(line), message: message.into() }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{}:{line}: {}", file.display(), self.message),
            (Some(file), None) => write!(f, "{}: {}", file.display(), self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// `[game]` as written; `None` = not given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGame {
    pub board_size: Option<u32>,
    pub rule: Option<u8>,
    pub max_memory: Option<u64>,
    pub enforce_max_memory: Option<bool>,
    pub tolerance: Option<u64>,
    pub pause_opponent: Option<bool>,
    pub opening: Option<String>,
    pub opening_format: Option<String>,
    pub opening_line: Option<usize>,
    pub opening_rule: Option<String>,
    pub move_limit: Option<u32>,
}

/// `[player1]` / `[player2]` as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    pub path: Option<String>,
    pub name: Option<String>,
    pub timeout_match: Option<u64>,
    pub timeout_turn: Option<u64>,
    pub increment: Option<u64>,
}

/// `[log]` as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLog {
    pub level: Option<String>,
    pub board_file: Option<String>,
    pub board_color: Option<bool>,
    pub replay_file: Option<String>,
    pub replay_file_enabled: Option<bool>,
    pub sgf_file: Option<String>,
    pub protocol_file: Option<String>,
}

/// `[other]` as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOther {
    pub auto_start: Option<bool>,
    pub auto_close: Option<bool>,
    pub end_grace_time: Option<u64>,
}

/// `[live]` as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLive {
    pub serve: Option<String>,
}

/// A whole configuration as written (any field may be missing); command-line overrides are
/// applied to it before [`RawConfig::finish`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    #[serde(default)]
    pub game: RawGame,
    #[serde(default)]
    pub player1: RawPlayer,
    #[serde(default)]
    pub player2: RawPlayer,
    #[serde(default)]
    pub log: RawLog,
    #[serde(default)]
    pub other: RawOther,
    #[serde(default)]
    pub live: RawLive,
}
