//! The events producers publish and viewers receive (one JSON object per event, tagged by
//! `type`). The field set is the interface agreed between the referee and the match runner.

use serde::{Deserialize, Serialize};

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Black,
    White,
}

impl Side {
    /// Index into `[black, white]` arrays such as the clocks.
    pub fn index(self) -> usize {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// Something that happened in a game or a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LiveEvent {
    GameStarted(GameInfo),
    Move(MoveEvent),
    EngineInfo(EngineInfo),
    GameEnded(GameEnd),
    Standings(Standings),
}

impl LiveEvent {
    /// The game the event belongs to; `None` for tournament-wide events.
    pub fn game(&self) -> Option<u64> {
        match self {
            LiveEvent::GameStarted(info) => Some(info.game),
            LiveEvent::Move(event) => Some(event.game),
            LiveEvent::EngineInfo(info) => Some(info.game),
            LiveEvent::GameEnded(end) => Some(end.game),
            LiveEvent::Standings(_) => None,
        }
    }
}

/// Everything a page needs to draw the game from its start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Unique within a run (the referee uses 1).
    pub game: u64,
    pub black: String,
    pub white: String,
    /// Gomocup rule number: 0, 1, 4, 8 or 9.
    pub rule: u8,
    pub width: u8,
    pub height: u8,
    /// Stones already placed, `[x, y]`, alternating colours from black.
    pub opening: Vec<[u8; 2]>,
    /// `None`: no match clock.
    pub time_match_ms: Option<u64>,
    /// `None`: no turn limit.
    pub time_turn_ms: Option<u64>,
    pub increment_ms: u64,
    /// Remaining match time `[black, white]`.
    pub clock_ms: [Option<u64>; 2],
}

/// One stone played by an engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveEvent {
    pub game: u64,
    /// 1-based index of this stone in the game's move list (opening stones count).
    pub ply: u32,
    pub x: u8,
    pub y: u8,
    pub side: Side,
    /// Thinking time of this move.
    pub time_ms: u64,
    /// Remaining match time after the move `[black, white]`.
    pub clock_ms: [Option<u64>; 2],
    /// Black's expected score (0 … 1) by the mover's own report of this move's search, mates
    /// and proven results clamped to 0 or 1 (see [`crate::score`]): the evaluation graph's
    /// point for this ply. The hub fills it in from the report it holds when the producer
    /// leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_score: Option<f64>,
}

/// A player's latest search report, from its MESSAGE lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineInfo {
    pub game: u64,
    pub side: Side,
    /// e.g. `12` or `10-15`.
    pub depth: Option<String>,
    /// e.g. `+35`, `M7`, `-M3`.
    pub eval: Option<String>,
    /// Moves as the engine wrote them.
    pub pv: Option<String>,
    /// The raw MESSAGE text.
    pub text: String,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnd {
    pub game: u64,
    /// `None`: draw.
    pub winner: Option<Side>,
    /// five, forbidden, illegal, time, crash, hang, memory, full_board, move_limit,
    /// adjudication, …
    pub reason: String,
    pub detail: String,
}

/// The tournament table after a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    pub title: String,
    pub games_done: u64,
    pub games_total: u64,
    pub rows: Vec<StandingRow>,
    /// Free lines: Elo/LOS/SPRT text as the console prints it.
    pub summary: Vec<String>,
    /// A two-engine match after this game: score, Elo and SPRT (the match graph's newest
    /// point); `None` with more engines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<MatchProgress>,
    /// Which model every row's Elo error (and the match graph's) comes from: `pentanomial`
    /// (colour-swapped pairs) or `trinomial` (games); the page names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo_model: Option<String>,
    /// Every earlier point of the match graph: filled by the hub in the snapshot a viewer gets
    /// when it connects, empty in live events (each of those carries its own `progress`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<MatchProgress>,
}

/// Where a two-engine match stands after `games` games, from `first`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchProgress {
    pub games: u64,
    pub first: String,
    pub second: String,
    /// `first`'s points (a draw is half a point).
    pub points: f64,
    /// `None` until it is a finite number (no loss or no win yet).
    pub elo: Option<f64>,
    /// 95 % half-width; `None` while unbounded.
    pub elo_error: Option<f64>,
    /// With `-sprt`: the log-likelihood ratio and its bounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtProgress>,
}

/// The SPRT's state: H0 is accepted when `llr` falls to `lower`, H1 when it reaches `upper`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtProgress {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub elo0: f64,
    pub elo1: f64,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub points: f64,
    pub elo: Option<f64>,
    /// 95 % half-width.
    pub elo_error: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_json_objects_tagged_by_type() {
        let event = LiveEvent::Move(MoveEvent {
            game: 3,
            ply: 5,
            x: 7,
            y: 8,
            side: Side::Black,
            time_ms: 120,
            clock_ms: [Some(9000), None],
            black_score: None,
        });
        let json = serde_json::to_value(&event).expect("serialises");
        assert_eq!(
            json,
            serde_json::json!({
                "type": "move", "game": 3, "ply": 5, "x": 7, "y": 8, "side": "black",
                "time_ms": 120, "clock_ms": [9000, null]
            })
        );
        let back: LiveEvent = serde_json::from_value(json).expect("deserialises");
        assert_eq!(back, event);
    }

    #[test]
    fn game_end_draw_has_null_winner_and_snake_case_tags() {
        let event = LiveEvent::GameEnded(GameEnd {
            game: 1,
            winner: None,
            reason: "full_board".into(),
            detail: String::new(),
        });
        let text = serde_json::to_string(&event).expect("serialises");
        assert!(text.contains(r#""type":"game_ended""#), "{text}");
        assert!(text.contains(r#""winner":null"#), "{text}");
        assert_eq!(event.game(), Some(1));
    }

    #[test]
    fn side_index_and_other() {
        assert_eq!(Side::Black.index(), 0);
        assert_eq!(Side::White.index(), 1);
        assert_eq!(Side::Black.other(), Side::White);
        assert_eq!(Side::White.other(), Side::Black);
    }
}
