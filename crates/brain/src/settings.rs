//! Everything INFO can set (contract §3), validated. The reader thread applies INFO at once, so
//! an invalid value is answered with ERROR immediately and the old value is kept.

use renzoku_engine::{Limits, Params, SearchMode};
use renzoku_protocol::{Info, IntKey};
use renzoku_rules::Rule;

/// Memory budget when the manager sets none (`max_memory` ≤ 0 or absent).
pub const DEFAULT_MEMORY: u64 = 256 << 20;
/// Largest hash table we allocate, whatever the budget: 1 GiB.
pub const MAX_HASH_BYTES: u64 = 1 << 30;
/// Memory kept outside the hash table for code, stacks, boards and the search's own tables.
const OVERHEAD: u64 = 48 << 20;
/// The largest `caution_factor` (Yixin-Board sends 0..=4, Rapfi takes 0..=5).
pub const MAX_CAUTION: u8 = 5;
/// Yixin-Board's "no time limit": `timeout_match` and `timeout_turn` of its node levels.
pub const YIXIN_NO_LIMIT_MATCH: i64 = 100_000_000;
pub const YIXIN_NO_LIMIT_TURN: i64 = 2_000_000;
/// The shortest turn limit (ms) at which the brain's hash table uses huge pages
/// ([`Settings::huge_pages`]).
pub const HUGE_PAGES_MIN_TURN_MS: i64 = 1000;

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub timeout_turn: i64,
    pub timeout_match: i64,
    pub time_left: i64,
    pub time_increment: i64,
    pub max_memory: i64,
    /// Yixin `hash_size` in KB, overriding the share of `max_memory`.
    pub hash_size_kb: Option<i64>,
    pub game_type: i64,
    pub folder: String,
    pub rule: Rule,
    pub analysis_mode: bool,
    pub max_depth: Option<u32>,
    pub max_node: Option<u64>,
    pub pondering: bool,
    pub protocol_lag: i64,
    pub thread_num: usize,
    pub style: i64,
    pub show_detail: i64,
    pub nbest_sym: i64,
    pub use_database: i64,
    pub mode: SearchMode,
    pub caution_factor: i64,
    pub start_depth: i64,
    pub thread_split_depth: i64,
    /// Tunable search constants, set by `INFO <name> <value>` with the engine's names.
    pub params: Params,
    /// The style of the search's `MESSAGE` lines (`INFO message_format`).
    pub message_format: MessageFormat,
    /// An INFO came in Yixin mode (Yixin-Board's "no time limit" encoding is recognised only
    /// then).
    pub yixin: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            // AlphaGomoku's defaults where the official protocol has none.
            timeout_turn: 5000,
            timeout_match: 0,
            time_left: i64::from(i32::MAX),
            time_increment: 0,
            max_memory: 0,
            hash_size_kb: None,
            game_type: 1,
            folder: String::new(),
            rule: Rule::Freestyle,
            analysis_mode: false,
            max_depth: None,
            max_node: None,
            pondering: false,
            protocol_lag: 50,
            thread_num: 1,
            style: 1,
            show_detail: 0,
            nbest_sym: 0,
            use_database: 0,
            mode: SearchMode::Normal,
            caution_factor: 1,
            start_depth: 0,
            thread_split_depth: 0,
            params: Params::default(),
            message_format: MessageFormat::AlphaGomoku,
            yixin: false,
        }
    }
}

/// The style of the `MESSAGE` line sent after each finished iteration and at the end of a
/// search (`INFO message_format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageFormat {
    /// The AlphaGomoku summary: `depth 1-17 ev 56.2 winrate 54.0 drawrate 0.0 n … n/s … tm …
    /// pv Xh8 Oi9` (ev = expected score in %, or W/L/D with the plies of a proven result).
    AlphaGomoku,
    /// Rapfi's realtime line: `depth 14-22 ev 35 n 1.2M n/ms 640 tm 1870 pv h8 i9`, with
    /// `multipv k` under multi-PV (read by pygomo-lib and Gomoku Calculator-style GUIs).
    Rapfi,
}

impl MessageFormat {
    /// `alphagomoku` or `rapfi`, in any letter case.
    pub fn from_name(name: &str) -> Option<MessageFormat> {
        match name.trim().to_ascii_lowercase().as_str() {
            "alphagomoku" => Some(MessageFormat::AlphaGomoku),
            "rapfi" => Some(MessageFormat::Rapfi),
            _ => None,
        }
    }
}

fn flag(v: i64) -> Result<bool, String> {
    match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(format!("{v} is not 0 or 1")),
    }
}

fn non_negative(v: i64) -> Result<i64, String> {
    if v < 0 { Err(format!("{v} is negative")) } else { Ok(v) }
}

impl Settings {
    /// Applies one INFO. `yixin` selects the Yixin meaning of `rule 2` (renju).
    /// On error nothing changes.
    pub fn apply(&mut self, info: &Info, yixin: bool) -> Result<(), String> {
        let Info::Int(key, v) = info else {
            match info {
                Info::Folder(path) => self.folder.clone_from(path),
                // A tunable search constant (renzoku tune, c-gomoku-cli's option.NAME=V).
                // Other unknown keys are ignored (contract §1).
                Info::Unknown { key, value } if key == "message_format" => {
                    self.message_format = MessageFormat::from_name(value).ok_or_else(|| {
                        format!("INFO message_format {value}: alphagomoku or rapfi expected")
                    })?;
                }
                Info::Unknown { key, value } => {
                    if let Some(index) = Params::lookup(key) {
                        let v: i64 = value
                            .trim()
                            .parse()
                            .map_err(|_| format!("INFO {key} {value}: an integer is expected"))?;
                        self.params
                            .set_index(index, v)
                            .map_err(|reason| format!("INFO {key} {value}: {reason}"))?;
                    }
                }
                _ => {}
            }
            return Ok(());
        };
        self.yixin |= yixin;
        let v = *v;
        let bad = |reason: String| format!("INFO {} {v}: {reason}", key.name());
        match key {
            IntKey::TimeoutTurn => self.timeout_turn = v,
            IntKey::TimeoutMatch => self.timeout_match = v,
            IntKey::TimeLeft => self.time_left = v,
            IntKey::TimeIncrement => self.time_increment = non_negative(v).map_err(bad)?,
            IntKey::MaxMemory => self.max_memory = v,
            IntKey::HashSize => {
                self.hash_size_kb = Some(non_negative(v).map_err(bad)?).filter(|kb| *kb > 0);
            }
            IntKey::GameType => self.game_type = v,
            // The contract words this one exactly: `ERROR continuous game is not supported`.
            IntKey::Rule => self.rule = rule_from_info(v, yixin)?,
            IntKey::AnalysisMode => self.analysis_mode = flag(v).map_err(bad)?,
            IntKey::MaxDepth => self.max_depth = u32::try_from(v).ok().filter(|d| *d > 0),
            IntKey::MaxNode => self.max_node = u64::try_from(v).ok().filter(|n| *n > 0),
            IntKey::AutoPondering | IntKey::Pondering => self.pondering = flag(v).map_err(bad)?,
            IntKey::ProtocolLag => self.protocol_lag = non_negative(v).map_err(bad)?,
            IntKey::ThreadNum => {
                self.thread_num = usize::try_from(v)
                    .ok()
                    .filter(|t| (1..=256).contains(t))
                    .ok_or_else(|| bad("threads must be 1..=256".into()))?;
            }
            IntKey::Style => {
                self.style = if (0..=2).contains(&v) {
                    v
                } else {
                    return Err(bad("style is 0, 1 or 2".into()));
                };
            }
            IntKey::ShowDetail => self.show_detail = non_negative(v).map_err(bad)?,
            IntKey::NbestSym => self.nbest_sym = non_negative(v).map_err(bad)?,
            IntKey::UseDatabase => self.use_database = v,
            IntKey::Checkmate | IntKey::VcThread => {
                self.mode = match v {
                    0 => SearchMode::Normal,
                    1 => SearchMode::VctOnly,
                    2 => SearchMode::VcfOnly,
                    _ => return Err(bad("0, 1 or 2 expected".into())),
                };
            }
            IntKey::CautionFactor => {
                self.caution_factor = if (0..=i64::from(MAX_CAUTION)).contains(&v) {
                    v
                } else {
                    return Err(bad(format!("the caution factor is 0..={MAX_CAUTION}")));
                };
            }
            IntKey::StartDepth => self.start_depth = v,
            IntKey::ThreadSplitDepth => self.thread_split_depth = v,
        }
        Ok(())
    }

    /// Hash table size: Yixin's `hash_size` if given, else the part of `max_memory` left after
    /// the process's own needs; always within the memory limit.
    pub fn hash_bytes(&self) -> usize {
        let budget =
            u64::try_from(self.max_memory).ok().filter(|m| *m > 0).unwrap_or(DEFAULT_MEMORY);
        let share = budget.saturating_sub(OVERHEAD).max(budget / 4);
        let wanted = match self.hash_size_kb {
            Some(kb) => (kb as u64).saturating_mul(1024).min(share),
            None => share,
        };
        wanted.clamp(1 << 16, MAX_HASH_BYTES) as usize
    }

    /// Whether the hash table is backed by huge pages (`Engine::use_huge_pages`): with turns of
    /// a second or more (Gomocup's and the usual match controls), where it saves about 9 % of
    /// the CPU time and measured worth games at tc=10/1; not with shorter turns, where a brain
    /// on an overloaded machine stalled for 1.7-3 s at the move after the advice, which any
    /// manager scores as a loss on time.
    pub fn huge_pages(&self) -> bool {
        self.timeout_turn >= HUGE_PAGES_MIN_TURN_MS
    }

    /// Yixin-Board's node levels say "no time limit" with `timeout_match 100000000` and
    /// `timeout_turn 2000000` (protocol-reference §3.1): the search then ends only by its node or
    /// depth limit or by `yxstop`.
    pub fn no_time_limit(&self) -> bool {
        self.yixin
            && self.timeout_match == YIXIN_NO_LIMIT_MATCH
            && self.timeout_turn == YIXIN_NO_LIMIT_TURN
    }

    /// The engine's caution: Yixin's `caution_factor`, one step more for AlphaGomoku's
    /// defensive `style` 0 and one step less for the offensive style 2 (classic 1 adds nothing).
    pub fn caution(&self) -> u8 {
        (self.caution_factor + 1 - self.style).clamp(0, i64::from(MAX_CAUTION)) as u8
    }

    /// The engine limits of one move with `moves_played` stones on the board.
    pub fn limits(&self, moves_played: usize) -> Limits {
        if self.no_time_limit() {
            return Limits {
                turn_time_ms: None,
                time_left_ms: None,
                match_time_ms: None,
                increment_ms: 0,
                ..self.timed_limits(moves_played)
            };
        }
        self.timed_limits(moves_played)
    }

    fn timed_limits(&self, moves_played: usize) -> Limits {
        Limits {
            turn_time_ms: u64::try_from(self.timeout_turn).ok(),
            time_left_ms: Some(self.time_left),
            match_time_ms: u64::try_from(self.timeout_match).ok().filter(|m| *m > 0),
            increment_ms: self.time_increment as u64,
            protocol_lag_ms: self.protocol_lag as u64,
            max_depth: self.max_depth,
            max_nodes: self.max_node,
            moves_played: moves_played as u32,
            excluded_moves: Vec::new(),
            multi_pv: 1,
            mode: self.mode,
            // Yixin sends 0 for "from the start".
            start_depth: u32::try_from(self.start_depth).unwrap_or(1).max(1),
            caution: self.caution(),
            params: self.params,
        }
    }
}

/// Gomocup `rule` codes (contract §3); 2 is renju only in Yixin mode.
fn rule_from_info(v: i64, yixin: bool) -> Result<Rule, String> {
    match v {
        2 if yixin => Ok(Rule::Renju),
        2 | 3 => Err("continuous game is not supported".into()),
        _ => Rule::from_gomocup(v).ok_or_else(|| {
            format!("unsupported rule {v} (0 freestyle, 1 standard, 4 renju, 8 and 9 caro)")
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_bad_values_keep_the_old_value() {
        let mut s = Settings::default();
        assert!(s.apply(&Info::Int(IntKey::Rule, 4), false).is_ok());
        assert_eq!(s.rule, Rule::Renju);
        let err = s.apply(&Info::Int(IntKey::Rule, 2), false).expect_err("continuous");
        assert!(err.contains("continuous game is not supported"), "{err}");
        assert_eq!(s.rule, Rule::Renju);
        assert!(s.apply(&Info::Int(IntKey::Rule, 7), false).is_err());
        assert!(s.apply(&Info::Int(IntKey::Rule, 1), true).is_ok());
        assert_eq!(s.rule, Rule::Standard);
        assert!(s.apply(&Info::Int(IntKey::Rule, 2), true).is_ok());
        assert_eq!(s.rule, Rule::Renju);
        assert!(s.apply(&Info::Int(IntKey::ThreadNum, 0), false).is_err());
        assert_eq!(s.thread_num, 1);
        assert!(s.apply(&Info::Int(IntKey::TimeIncrement, -1), false).is_err());
    }

    #[test]
    fn message_format_is_alphagomoku_or_rapfi_in_any_case() {
        let mut s = Settings::default();
        assert_eq!(s.message_format, MessageFormat::AlphaGomoku);
        let info =
            |value: &str| Info::Unknown { key: "message_format".into(), value: value.into() };
        assert!(s.apply(&info("Rapfi"), false).is_ok());
        assert_eq!(s.message_format, MessageFormat::Rapfi);
        let err = s.apply(&info("uci"), false).expect_err("not a format");
        assert!(err.contains("message_format uci"), "{err}");
        assert_eq!(s.message_format, MessageFormat::Rapfi, "the old value is kept");
        assert!(s.apply(&info("ALPHAGOMOKU"), false).is_ok());
        assert_eq!(s.message_format, MessageFormat::AlphaGomoku);
    }

    #[test]
    fn tunable_constants_are_info_keys() {
        let mut s = Settings::default();
        let info = |key: &str, value: &str| Info::Unknown { key: key.into(), value: value.into() };
        assert!(s.apply(&info("Futility_Margin", "120"), false).is_ok());
        assert_eq!(s.limits(0).params.get(renzoku_engine::Param::FutilityMargin), 120);
        let err = s.apply(&info("futility_margin", "9999"), false).expect_err("out of range");
        assert!(err.contains("futility_margin is 10..=400"), "{err}");
        assert!(s.apply(&info("futility_margin", "lots"), false).is_err());
        assert_eq!(s.params.get(renzoku_engine::Param::FutilityMargin), 120);
        // Unknown keys that are no constant are still ignored.
        assert!(s.apply(&info("strength", "50"), false).is_ok());
        // So are the constants of removed experiments.
        assert!(s.apply(&info("leaf_tt", "1"), false).is_ok());
        assert_eq!(s.params.changed(), ["futility_margin=120"]);
    }

    #[test]
    fn hash_fits_the_memory_limit() {
        let mut s = Settings::default();
        assert!(s.hash_bytes() <= DEFAULT_MEMORY as usize);
        s.max_memory = 350 << 20;
        assert!(s.hash_bytes() < 350 << 20 && s.hash_bytes() >= 200 << 20);
        s.max_memory = 10 << 20;
        assert!(s.hash_bytes() <= 10 << 20);
        s.hash_size_kb = Some(1024);
        assert!(s.hash_bytes() <= 1 << 20);
    }

    #[test]
    fn limits_follow_the_protocol_conventions() {
        let mut s = Settings { timeout_turn: -1, ..Settings::default() };
        let l = s.limits(3);
        assert_eq!(l.turn_time_ms, None);
        assert_eq!(l.moves_played, 3);
        s.timeout_turn = 0;
        assert_eq!(s.limits(0).turn_time_ms, Some(0));
    }

    /// Huge pages for turns of a second or more only (the default 5 s turn, Yixin's "no
    /// limit"), never for short or unlimited-by-zero turns.
    #[test]
    fn huge_pages_only_with_turns_of_a_second_or_more() {
        let mut s = Settings::default();
        assert!(s.huge_pages());
        let turns = [(1000, true), (YIXIN_NO_LIMIT_TURN, true), (999, false), (50, false)];
        for (turn, on) in turns.into_iter().chain([(0, false), (-1, false)]) {
            s.timeout_turn = turn;
            assert_eq!(s.huge_pages(), on, "timeout_turn {turn}");
        }
    }

    #[test]
    fn yixin_no_time_limit_encoding_means_no_limit() {
        let mut s = Settings::default();
        for (key, v) in [
            (IntKey::MaxNode, -1),
            (IntKey::TimeoutMatch, YIXIN_NO_LIMIT_MATCH),
            (IntKey::TimeLeft, YIXIN_NO_LIMIT_MATCH),
            (IntKey::TimeoutTurn, YIXIN_NO_LIMIT_TURN),
            (IntKey::MaxDepth, 225),
            (IntKey::TimeIncrement, 0),
        ] {
            assert!(s.apply(&Info::Int(key, v), true).is_ok());
        }
        let l = s.limits(2);
        assert_eq!((l.turn_time_ms, l.time_left_ms, l.match_time_ms), (None, None, None));
        assert_eq!((l.max_nodes, l.max_depth), (None, Some(225)));
        // The same numbers from a Gomocup manager are ordinary limits.
        let gomocup = Settings { yixin: false, ..s.clone() };
        assert_eq!(gomocup.limits(2).turn_time_ms, Some(2_000_000));
        // Any other turn time is a real limit, also in Yixin mode.
        s.timeout_turn = 3000;
        assert_eq!(s.limits(2).turn_time_ms, Some(3000));
    }
}
