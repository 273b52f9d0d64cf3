//! The referee's configuration: one schema, read from TOML or from liskvork's INI files, then
//! overridden from the command line, then checked and turned into a [`Config`].
//!
//! Sections and keys (TOML and INI alike; liskvork's own keys keep their meaning and units):
//!
//! | section | key | meaning |
//! |---|---|---|
//! | `[game]` | `board_size` | 5..=32 (default 15) |
//! | | `rule` | Gomocup rule: 0, 1, 4, 8 or 9 (default 0) |
//! | | `max_memory` | bytes per player, whole process tree; 0 = no limit (default) |
//! | | `enforce_max_memory` | `true`: exceeding `max_memory` loses (default `false`, as liskvork) |
//! | | `tolerance` | ms of slack on every deadline (default 1000) |
//! | | `pause_opponent` | SIGSTOP a brain while the other one thinks (default `false`) |
//! | | `opening` | opening file (offset or pos lines, as `renzoku match -openings`) |
//! | | `opening_format` | `offset` (default) or `pos` |
//! | | `opening_line` | which opening of the file, from 1 (default 1) |
//! | | `opening_rule` | `none` (default), `swap1st`, `swap` or `swap2` |
//! | | `move_limit` | draw after this many stones on the board; 0 = none (default) |
//! | `[player1]`, `[player2]` | `path` | the brain's command line, or `human` |
//! | | `name` | shown name (default: the brain's ABOUT name, else the path) |
//! | | `timeout_match` | ms for the whole game; 0 = no limit (default 300000) |
//! | | `timeout_turn` | ms per move; 0 = no limit (default 5000) |
//! | | `increment` | Fischer increment, ms added after every move (default 0) |
//! | `[log]` | `replay_file` | the replay (default `./replay.log` when read from INI) |
//! | | `replay_file_enabled` | liskvork's switch for the replay (default `true`) |
//! | | `sgf_file` | the game as SGF |
//! | | `protocol_file` | every protocol line, both ways, time-stamped |
//! | | `board_file` | the board after every move (liskvork's board log) |
//! | | `level`, `board_color` | liskvork's keys: accepted for compatibility, no effect |
//! | `[other]` | `auto_start` | `false`: wait for Enter before the game |
//! | | `auto_close` | `false`: wait for Enter after the game |
//! | | `end_grace_time` | ms a brain gets to exit after `END` before it is killed (default 1000) |
//! | `[live]` | `serve` | address of the live view (`8080` = `127.0.0.1:8080`) |

use std::path::{Path, PathBuf};

use renzoku_rules::Rule;

use crate::clock::TimeLimits;
use crate::opening_rule::OpeningRule;
use crate::raw::{ConfigError, RawConfig, RawPlayer};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A Gomocup brain started from this command line.
    Brain(String),
    /// Someone at the terminal (moves read from standard input).
    Human,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerConfig {
    pub kind: PlayerKind,
    pub name: Option<String>,
    pub limits: TimeLimits,
}

/// Where the stones of a fixed opening come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningFile {
    pub path: PathBuf,
    pub format: renzoku_arena::config::options::OpeningFormat,
    /// 1-based index among the file's openings that fit the board.
    pub line: usize,
}

/// A checked configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub rule: Rule,
    pub board_size: u8,
    /// Player 1 plays black unless an opening rule's swap says otherwise.
    pub players: [PlayerConfig; 2],
    /// Bytes per player (whole process tree); 0 = no limit.
    pub max_memory: u64,
    pub enforce_max_memory: bool,
    pub tolerance_ms: u64,
    pub pause_opponent: bool,
    pub opening: Option<OpeningFile>,
    pub opening_rule: OpeningRule,
    pub move_limit: u32,
    pub replay_file: Option<PathBuf>,
    pub sgf_file: Option<PathBuf>,
    pub protocol_file: Option<PathBuf>,
    pub board_file: Option<PathBuf>,
    pub auto_start: bool,
    pub auto_close: bool,
    pub end_grace_ms: u64,
    /// Address of the live view (`8080` alone = 127.0.0.1:8080).
    pub serve: Option<std::net::SocketAddr>,
}

/// liskvork's defaults (5 min per game, 5 s per move).
pub const DEFAULT_TIMEOUT_MATCH_MS: u64 = 300_000;
pub const DEFAULT_TIMEOUT_TURN_MS: u64 = 5_000;
pub const DEFAULT_TOLERANCE_MS: u64 = 1_000;
pub const DEFAULT_END_GRACE_MS: u64 = 1_000;

/// Reads a configuration file: `.toml` as TOML, anything else as liskvork INI.
pub fn load(path: &Path) -> Result<RawConfig, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: Some(path.to_path_buf()),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("toml")) {
        parse_toml(&text, path)
    } else {
        crate::ini::parse(&text, path)
    }
}

/// Parses TOML text; errors name the line.
pub fn parse_toml(text: &str, path: &Path) -> Result<RawConfig, ConfigError> {
    toml::from_str::<RawConfig>(text).map_err(|e| {
        let line =
            e.span().map_or(1, |s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        // toml's message starts with its own location block; the first plain line is the reason.
        let reason = e.message().lines().next().unwrap_or("invalid TOML").to_string();
        ConfigError::at(path, line, reason)
    })
}

fn path_of(s: Option<String>) -> Option<PathBuf> {
    s.filter(|s| !s.trim().is_empty()).map(PathBuf::from)
}

impl RawPlayer {
    fn finish(self, seat: usize) -> Result<PlayerConfig, ConfigError> {
        let path = self.path.map(|p| p.trim().to_string()).unwrap_or_default();
        if path.is_empty() || path == "CHANGE_ME_IN_CONFIG" {
            return Err(ConfigError::new(format!(
                "player{seat}: no brain given (set [player{seat}] path, or --player{seat})"
            )));
        }
        let kind = if path.eq_ignore_ascii_case("human") {
            PlayerKind::Human
        } else {
            PlayerKind::Brain(path)
        };
        let positive = |v: Option<u64>, default: u64| match v.unwrap_or(default) {
            0 => None,
            ms => Some(ms),
        };
        Ok(PlayerConfig {
            kind,
            name: self.name.filter(|n| !n.trim().is_empty()),
            limits: TimeLimits {
                turn_ms: positive(self.timeout_turn, DEFAULT_TIMEOUT_TURN_MS),
                match_ms: positive(self.timeout_match, DEFAULT_TIMEOUT_MATCH_MS),
                increment_ms: self.increment.unwrap_or(0),
            },
        })
    }
}

impl RawConfig {
    /// Checks every value and fills in the defaults.
    pub fn finish(self) -> Result<Config, ConfigError> {
        let g = self.game;
        let size = g.board_size.unwrap_or(15);
        if !(u32::from(renzoku_rules::MIN_SIZE)..=u32::from(renzoku_rules::MAX_SIZE))
            .contains(&size)
        {
            return Err(ConfigError::new(format!("board_size {size} is not supported (5 to 32)")));
        }
        let code = g.rule.unwrap_or(0);
        let rule = Rule::from_gomocup(i64::from(code))
            .ok_or_else(|| ConfigError::new(format!("rule {code} is not one of 0, 1, 4, 8, 9")))?;
        let opening_rule = match g.opening_rule.as_deref() {
            None => OpeningRule::None,
            Some(name) => OpeningRule::parse(name).ok_or_else(|| {
                ConfigError::new(format!(
                    "opening_rule '{name}' is not one of none, swap1st, swap, swap2"
                ))
            })?,
        };
        let opening = match path_of(g.opening) {
            None => None,
            Some(path) => {
                use renzoku_arena::config::options::OpeningFormat;
                let format = match g.opening_format.as_deref().map(str::to_ascii_lowercase) {
                    None => OpeningFormat::Offset,
                    Some(f) if f == "offset" => OpeningFormat::Offset,
                    Some(f) if f == "pos" => OpeningFormat::Pos,
                    Some(f) => {
                        return Err(ConfigError::new(format!(
                            "opening_format '{f}' is not offset or pos"
                        )));
                    }
                };
                let line = g.opening_line.unwrap_or(1);
                if line == 0 {
                    return Err(ConfigError::new("opening_line counts from 1"));
                }
                Some(OpeningFile { path, format, line })
            }
        };
        if opening.is_some() && opening_rule != OpeningRule::None {
            return Err(ConfigError::new(
                "an opening file and an opening rule exclude each other: choose one",
            ));
        }
        let log = self.log;
        let replay_file =
            if log.replay_file_enabled == Some(false) { None } else { path_of(log.replay_file) };
        let level = log.level.unwrap_or_default();
        let known_levels = ["", "debug", "info", "warn", "error", "fatal", "none"];
        if !known_levels.contains(&level.to_ascii_lowercase().as_str()) {
            return Err(ConfigError::new(format!(
                "log level '{level}' is not one of Debug, Info, Warn, Error, Fatal, None"
            )));
        }
        let serve = match self.live.serve.filter(|s| !s.trim().is_empty()) {
            None => None,
            Some(text) => Some(
                renzoku_live::serve_address::parse(&text)
                    .map_err(|e| ConfigError::new(format!("live serve: {e}")))?,
            ),
        };
        Ok(Config {
            rule,
            board_size: size as u8,
            players: [self.player1.finish(1)?, self.player2.finish(2)?],
            max_memory: g.max_memory.unwrap_or(0),
            enforce_max_memory: g.enforce_max_memory.unwrap_or(false),
            tolerance_ms: g.tolerance.unwrap_or(DEFAULT_TOLERANCE_MS),
            pause_opponent: g.pause_opponent.unwrap_or(false),
            opening,
            opening_rule,
            move_limit: g.move_limit.unwrap_or(0),
            replay_file,
            sgf_file: path_of(log.sgf_file),
            protocol_file: path_of(log.protocol_file),
            board_file: path_of(log.board_file),
            auto_start: self.other.auto_start.unwrap_or(true),
            auto_close: self.other.auto_close.unwrap_or(true),
            end_grace_ms: self.other.end_grace_time.unwrap_or(DEFAULT_END_GRACE_MS),
            serve,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::RawGame;

    fn toml(text: &str) -> Result<RawConfig, ConfigError> {
        parse_toml(text, Path::new("t.toml"))
    }

    #[test]
    fn toml_fills_defaults_and_checks_values() {
        let raw = toml("[player1]\npath = \"a\"\n[player2]\npath = \"human\"\ntimeout_turn = 0\n")
            .unwrap_or_default();
        let c = raw.finish().map_err(|e| e.to_string());
        let c = c.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.board_size, 15);
        assert_eq!(c.players[0].kind, PlayerKind::Brain("a".into()));
        assert_eq!(c.players[1].kind, PlayerKind::Human);
        assert_eq!(c.players[0].limits.turn_ms, Some(5000));
        assert_eq!(c.players[1].limits.turn_ms, None);
        assert_eq!(c.players[1].limits.match_ms, Some(300_000));
        let bad = RawConfig {
            game: RawGame { rule: Some(3), ..RawGame::default() },
            ..toml("[player1]\npath = \"a\"\n[player2]\npath = \"b\"\n").unwrap_or_default()
        };
        assert!(bad.finish().is_err_and(|e| e.message.contains("rule 3")));
    }

    #[test]
    fn toml_errors_name_the_line() {
        let e = toml("[game]\nboard_size = 15\nbogus = 1\n").err();
        let e = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("t.toml:3: "), "{e}");
        let e = toml("[game]\n\nboard_size = \"big\"\n").err().map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.starts_with("t.toml:3: ")));
    }

    #[test]
    fn missing_players_are_reported() {
        let e = RawConfig::default().finish().err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("player1"), "{e}");
    }
}
