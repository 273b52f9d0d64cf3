//! The engine's view of every position of a game: before each move and after the last one,
//! a search of the given time; from those, each move's evaluation, the engine's choice and
//! line there, and how much the move lost (the mover's expected score before it minus after;
//! nothing for the engine's own choice, whose fall is the engine's horizon, not the mover's
//! mistake).

use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;
use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver, Score};
use renzoku_rules::{Board, Color, Outcome, Point, Rule, outcome_after};

use super::games::Game;

/// What the engine thinks of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionView {
    /// Black's expected score, 0 … 1 (a won or lost position is 1 or 0).
    pub black: f64,
    /// The score for the side to move as the engine gives it (`None` once the game is over).
    pub score: Option<Score>,
    pub best: Option<Point>,
    pub pv: Vec<Point>,
    pub depth: u32,
}

/// One move with its judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveNote {
    pub point: Point,
    pub color: Color,
    /// The position before the move and after it.
    pub before: PositionView,
    pub after: PositionView,
    /// How much the mover's expected score fell after the move (0 when it kept or gained).
    pub fall: f64,
}

impl MoveNote {
    /// The note of `color`'s move on `point` from the views before and after it and the
    /// mover's change in expected score (`fall`: before minus after; a gain is no fall).
    pub fn new(
        point: Point,
        color: Color,
        before: PositionView,
        after: PositionView,
        fall: f64,
    ) -> MoveNote {
        MoveNote { point, color, before, after, fall: fall.max(0.0) }
    }

    /// Whether the move is the one the engine chose in the position before it.
    pub fn is_engine_choice(&self) -> bool {
        self.before.best == Some(self.point)
    }

    /// How much of the mover's expected score the move gave away: its fall, but 0 for the
    /// engine's own choice (the move the search judged best cannot be its mistake, as a
    /// lichess-style analysis never marks the best move).
    pub fn loss(&self) -> f64 {
        if self.is_engine_choice() { 0.0 } else { self.fall }
    }

    /// How much the mover's expected score fell after the engine's own choice: the search
    /// after the move saw what the one before it did not (0 for any other move).
    pub fn unforeseen(&self) -> f64 {
        if self.is_engine_choice() { self.fall } else { 0.0 }
    }
}

/// How the analysis runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub rule: Rule,
    pub ms_per_position: u64,
    pub threads: usize,
}

/// Searches every position of `game`; `progress` advances once per position.
pub fn analyse(
    game: &Game,
    settings: Settings,
    progress: &ProgressBar,
) -> Result<Vec<MoveNote>, String> {
    let mut board = Board::square(u32::from(game.size)).map_err(|e| e.to_string())?;
    let mut engine = Engine::new(EngineConfig { hash_bytes: 128 << 20, threads: settings.threads });
    let limits = Limits { protocol_lag_ms: 0, ..Limits::movetime(settings.ms_per_position) };
    let stop = AtomicBool::new(false);
    let view = |board: &Board, engine: &mut Engine| -> PositionView {
        let result = engine.search(board, settings.rule, &limits, &stop, &mut NullObserver);
        progress.inc(1);
        let mine = result.score.winrate(settings.rule);
        PositionView {
            black: if board.side_to_move() == Color::Black { mine } else { 1.0 - mine },
            score: Some(result.score),
            best: result.best_move,
            pv: result.pv,
            depth: result.depth,
        }
    };
    let mut before = view(&board, &mut engine);
    let mut notes = Vec::new();
    for (i, &point) in game.moves.iter().enumerate() {
        let color = board.side_to_move();
        board.play(point).map_err(|e| format!("move {} ({point}): {e}", i + 1))?;
        let over = outcome_after(&board, point, settings.rule);
        let last = i + 1 == game.moves.len();
        let after = match over {
            Some(outcome) => {
                progress.inc(1);
                ended(outcome)
            }
            None => view(&board, &mut engine),
        };
        let (mine_before, mine_after) = match color {
            Color::Black => (before.black, after.black),
            Color::White => (1.0 - before.black, 1.0 - after.black),
        };
        notes.push(MoveNote::new(
            point,
            color,
            before.clone(),
            after.clone(),
            mine_before - mine_after,
        ));
        if over.is_some() {
            if !last {
                return Err(format!(
                    "move {} ({point}) ended the game, but the file has more moves",
                    i + 1
                ));
            }
            break;
        }
        before = after;
    }
    Ok(notes)
}

/// The view of a finished game: the winner's side is certain.
fn ended(outcome: Outcome) -> PositionView {
    let black = match outcome {
        Outcome::Five { winner } => f64::from(u8::from(winner == Color::Black)),
        Outcome::Forbidden => 0.0,
        Outcome::FullBoard | Outcome::MoveLimit => 0.5,
    };
    PositionView { black, score: None, best: None, pv: Vec::new(), depth: 0 }
}

/// How many searches [`analyse`] runs for `game` (for the progress bar's length).
pub fn positions(game: &Game) -> u64 {
    game.moves.len() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(black: f64, best: Option<Point>) -> PositionView {
        PositionView { black, score: None, best, pv: Vec::new(), depth: 1 }
    }

    /// A move that loses expected score is the mover's loss unless it was the engine's own
    /// choice; then the fall is what the search before it did not see.
    #[test]
    fn the_engines_own_choice_is_no_loss_but_its_fall_is_kept() {
        let played = Point::new(7, 7);
        let other = Point::new(3, 3);
        let theirs =
            MoveNote::new(played, Color::White, view(0.5, Some(other)), view(0.9, None), 0.4);
        assert!((theirs.loss() - 0.4).abs() < 1e-12 && theirs.unforeseen() == 0.0, "{theirs:?}");
        let own =
            MoveNote::new(played, Color::White, view(0.5, Some(played)), view(0.9, None), 0.4);
        assert!(own.loss() == 0.0 && (own.unforeseen() - 0.4).abs() < 1e-12, "{own:?}");
        let gained =
            MoveNote::new(played, Color::Black, view(0.5, Some(other)), view(0.7, None), -0.2);
        assert!(gained.loss() == 0.0 && gained.unforeseen() == 0.0, "{gained:?}");
    }
}
