//! What the caller allows a search to use, and which kind of search it wants.

use renzoku_rules::Point;

/// Which search to run.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SearchMode {
    /// Full alpha-beta search with threat extensions.
    #[default]
    Normal,
    /// Only look for a win by continuous fours (Yixin `checkmate 2`). If none is found the result
    /// still carries a legal, sensible move with an `Eval` score.
    VcfOnly,
    /// Only look for a win by continuous threats: fours and open threes (Yixin `checkmate 1`).
    VctOnly,
}

/// Limits and options of one search. `Limits::default()` searches until stopped.
///
/// Times are in milliseconds, as the Gomocup protocol gives them; `None` means "not limited".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Time for this move (`INFO timeout_turn`). `Some(0)` = answer as fast as possible (still a
    /// legal and sane move).
    pub turn_time_ms: Option<u64>,
    /// Time left for the whole game (`INFO time_left`). Negative = move at once.
    pub time_left_ms: Option<i64>,
    /// Time for the whole game (`INFO timeout_match`); used to pace the game when `time_left_ms`
    /// is unknown.
    pub match_time_ms: Option<u64>,
    /// Fischer increment per move.
    pub increment_ms: u64,
    /// Milliseconds reserved for transport each move (`INFO protocol_lag`, default 50).
    pub protocol_lag_ms: u64,
    /// Maximal nominal depth (plies); `None` = unlimited.
    pub max_depth: Option<u32>,
    /// Node budget over all threads; `None` = unlimited.
    pub max_nodes: Option<u64>,
    /// Moves (stones) already played in the game, for pacing the game clock.
    pub moves_played: u32,
    /// Root moves never to be chosen (Yixin `yxblock`). Ignored if it would leave no legal move.
    pub excluded_moves: Vec<Point>,
    /// Number of principal variations to report (≥ 1); the best one is the result.
    pub multi_pv: u32,
    /// Which search to run.
    pub mode: SearchMode,
    /// First depth of iterative deepening (Yixin `start_depth`); shallower iterations are
    /// skipped. 1 = start from the beginning.
    pub start_depth: u32,
    /// Yixin's caution factor, 0 (rash) … 5 (cautious); 1 = normal (see `caution.rs`).
    pub caution: u8,
    /// Tunable search constants (`INFO <name> <value>` in the brain).
    pub params: crate::search::params::Params,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            turn_time_ms: None,
            time_left_ms: None,
            match_time_ms: None,
            increment_ms: 0,
            protocol_lag_ms: 50,
            max_depth: None,
            max_nodes: None,
            moves_played: 0,
            excluded_moves: Vec::new(),
            multi_pv: 1,
            mode: SearchMode::Normal,
            start_depth: 1,
            caution: crate::search::caution::NORMAL,
            params: crate::search::params::Params::default(),
        }
    }
}

impl Limits {
    /// A fixed-depth search with no time limit (tests, bench, analysis).
    pub fn depth(depth: u32) -> Limits {
        Limits { max_depth: Some(depth), ..Limits::default() }
    }

    /// A search of at most `ms` milliseconds for this move, without transport reserve.
    pub fn movetime(ms: u64) -> Limits {
        Limits { turn_time_ms: Some(ms), protocol_lag_ms: 0, ..Limits::default() }
    }
}
