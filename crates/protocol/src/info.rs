//! `INFO key value`: every key of the three documents, typed.
//!
//! The parser only checks syntax (an integer where an integer belongs); the brain decides which
//! values it accepts (contract §3), because that depends on its state (e.g. `rule 2` in Yixin
//! mode).

use std::fmt;

use renzoku_rules::Point;

use crate::text::{join_points, parse_i64, parse_points};

/// The integer-valued INFO keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntKey {
    TimeoutTurn,
    TimeoutMatch,
    TimeLeft,
    TimeIncrement,
    MaxMemory,
    HashSize,
    GameType,
    Rule,
    AnalysisMode,
    MaxDepth,
    MaxNode,
    AutoPondering,
    Pondering,
    ProtocolLag,
    ThreadNum,
    Style,
    ShowDetail,
    NbestSym,
    UseDatabase,
    Checkmate,
    VcThread,
    CautionFactor,
    StartDepth,
    ThreadSplitDepth,
}

impl IntKey {
    pub const ALL: [IntKey; 24] = [
        IntKey::TimeoutTurn,
        IntKey::TimeoutMatch,
        IntKey::TimeLeft,
        IntKey::TimeIncrement,
        IntKey::MaxMemory,
        IntKey::HashSize,
        IntKey::GameType,
        IntKey::Rule,
        IntKey::AnalysisMode,
        IntKey::MaxDepth,
        IntKey::MaxNode,
        IntKey::AutoPondering,
        IntKey::Pondering,
        IntKey::ProtocolLag,
        IntKey::ThreadNum,
        IntKey::Style,
        IntKey::ShowDetail,
        IntKey::NbestSym,
        IntKey::UseDatabase,
        IntKey::Checkmate,
        IntKey::VcThread,
        IntKey::CautionFactor,
        IntKey::StartDepth,
        IntKey::ThreadSplitDepth,
    ];

    /// The key as written (lower case, the spelling of the documents).
    pub const fn name(self) -> &'static str {
        match self {
            IntKey::TimeoutTurn => "timeout_turn",
            IntKey::TimeoutMatch => "timeout_match",
            IntKey::TimeLeft => "time_left",
            IntKey::TimeIncrement => "time_increment",
            IntKey::MaxMemory => "max_memory",
            IntKey::HashSize => "hash_size",
            IntKey::GameType => "game_type",
            IntKey::Rule => "rule",
            IntKey::AnalysisMode => "analysis_mode",
            IntKey::MaxDepth => "max_depth",
            IntKey::MaxNode => "max_node",
            IntKey::AutoPondering => "auto_pondering",
            IntKey::Pondering => "pondering",
            IntKey::ProtocolLag => "protocol_lag",
            IntKey::ThreadNum => "thread_num",
            IntKey::Style => "style",
            IntKey::ShowDetail => "show_detail",
            IntKey::NbestSym => "nbest_sym",
            IntKey::UseDatabase => "usedatabase",
            IntKey::Checkmate => "checkmate",
            IntKey::VcThread => "vcthread",
            IntKey::CautionFactor => "caution_factor",
            IntKey::StartDepth => "start_depth",
            IntKey::ThreadSplitDepth => "thread_split_depth",
        }
    }

    /// Looks a key up case-insensitively, including the alternative spellings in use
    /// (`nbestsym` from Yixin-Board, `max_nodes` from AlphaGomoku's defaults list).
    pub fn from_name(name: &str) -> Option<IntKey> {
        let lower = name.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "nbestsym" => Some(IntKey::NbestSym),
            "max_nodes" => Some(IntKey::MaxNode),
            _ => None,
        };
        alias.or_else(|| IntKey::ALL.into_iter().find(|k| k.name() == lower))
    }
}

/// One INFO command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Info {
    Int(IntKey, i64),
    /// `folder <path>`: the rest of the line, blanks inside kept.
    Folder(String),
    /// `evaluate [x,y …]`: a path of moves from the current position (may be empty).
    Evaluate(Vec<Point>),
    /// A key no document defines: to be ignored silently. `key` is lower-cased.
    Unknown {
        key: String,
        value: String,
    },
}

impl Info {
    /// Parses the text after `INFO`. Fails only on a known key with a malformed value.
    pub(crate) fn parse(rest: &str) -> Result<Info, String> {
        let (key, value) = crate::text::split_word(rest);
        if key.is_empty() {
            return Err("INFO without a key".to_owned());
        }
        if let Some(int_key) = IntKey::from_name(key) {
            let v = parse_i64(value).map_err(|e| format!("{}: {e}", int_key.name()))?;
            return Ok(Info::Int(int_key, v));
        }
        match key.to_ascii_lowercase().as_str() {
            "folder" => Ok(Info::Folder(value.to_owned())),
            "evaluate" => {
                Ok(Info::Evaluate(parse_points(value).map_err(|e| format!("evaluate: {e}"))?))
            }
            other => Ok(Info::Unknown { key: other.to_owned(), value: value.to_owned() }),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::Int(key, v) => write!(f, "INFO {} {v}", key.name()),
            Info::Folder(path) if path.is_empty() => write!(f, "INFO folder"),
            Info::Folder(path) => write!(f, "INFO folder {path}"),
            Info::Evaluate(path) if path.is_empty() => write!(f, "INFO evaluate"),
            Info::Evaluate(path) => write!(f, "INFO evaluate {}", join_points(path)),
            Info::Unknown { key, value } if value.is_empty() => write!(f, "INFO {key}"),
            Info::Unknown { key, value } => write!(f, "INFO {key} {value}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_case_insensitive_and_aliases_work() {
        assert_eq!(Info::parse("TIMEOUT_TURN 5000"), Ok(Info::Int(IntKey::TimeoutTurn, 5000)));
        assert_eq!(Info::parse("NbestSym 1"), Ok(Info::Int(IntKey::NbestSym, 1)));
        assert_eq!(Info::parse("max_nodes -1"), Ok(Info::Int(IntKey::MaxNode, -1)));
    }

    #[test]
    fn bad_values_of_known_keys_fail_and_unknown_keys_pass() {
        assert!(Info::parse("timeout_turn fast").is_err());
        assert!(Info::parse("time_left 99999999999999999999999").is_err());
        assert!(Info::parse("rule").is_err());
        assert_eq!(
            Info::parse("Strength 50"),
            Ok(Info::Unknown { key: "strength".into(), value: "50".into() })
        );
        assert!(Info::parse("").is_err());
    }

    #[test]
    fn evaluate_takes_a_path() {
        assert_eq!(Info::parse("evaluate"), Ok(Info::Evaluate(vec![])));
        assert_eq!(
            Info::parse("evaluate 3,4 5,6"),
            Ok(Info::Evaluate(vec![Point::new(3, 4), Point::new(5, 6)]))
        );
        assert!(Info::parse("evaluate 3,4 x").is_err());
    }
}
