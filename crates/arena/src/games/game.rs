//! One game: two engines, the rules of renzoku-rules, a record at the end.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use renzoku_rules::{Board, Cell, Color, Direction, Outcome, Point, outcome_after};

use crate::config::options::Options;
use crate::engines::engine::{Fault, Settings};
use crate::engines::logger::Logger;
use crate::engines::pool::{EnginePool, Launch};
use crate::engines::process::Spawn;
use crate::games::job::Job;
use crate::games::live::{self, LiveHub};
use crate::games::openings::{self, Opening};
use crate::games::record::{GameRecord, Reason, Sample};
use crate::games::rng::SplitMix64;

/// Called after every move with the board and the game so far (the demo draws it).
pub type Observer<'a> = &'a (dyn Fn(&Board, &str, &str) + Sync);

/// What one game needs besides the job.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub options: &'a Options,
    pub names: &'a [String],
    pub spawns: &'a [Spawn],
    pub openings: &'a [Opening],
    pub seed: u64,
    pub log: Option<&'a Logger>,
    pub abort: &'a AtomicBool,
    pub observer: Option<Observer<'a>>,
    /// `-serve`: where the game's events go.
    pub live: Option<&'a LiveHub>,
}

impl<'a> Context<'a> {
    /// What the engine pool reads to start this run's engines.
    pub fn launch(&self) -> Launch<'a> {
        let o = self.options;
        Launch {
            spawns: self.spawns,
            names: self.names,
            engines: &o.engines,
            board_size: o.board_size,
            rule: o.rule,
            settings: Settings { hang_timeout_ms: o.hang_timeout_ms, debug: o.debug },
            log: self.log,
        }
    }
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context").field("seed", &self.seed).finish_non_exhaustive()
    }
}

/// Why a game produced no record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The run is being stopped; the game does not count.
    Aborted,
    /// `-fatalerror` and an engine failed.
    Fatal(String),
    /// The opening cannot be played on this board.
    BadOpening(String),
}

struct Ending {
    winner: Option<Color>,
    reason: Reason,
    detail: String,
}

/// The grace an engine gets to exit after `END` before its process group is killed.
pub fn end_grace(o: &Options) -> Duration {
    Duration::from_millis(o.engines.iter().map(|e| e.tolerance_ms).min().unwrap_or(0).min(1000))
}

/// Plays `job` to the end with the worker's engines (kept from earlier games where possible).
pub fn play(job: &Job, cx: &Context<'_>, pool: &mut EnginePool) -> Result<GameRecord, GameError> {
    let o = cx.options;
    let size = o.board_size;
    let mut board =
        Board::square(u32::from(size)).map_err(|e| GameError::BadOpening(e.to_string()))?;
    let mut opening_text = String::new();
    if let Some(op) = job.opening.and_then(|i| cx.openings.get(i)) {
        opening_text.clone_from(&op.text);
        for &p in &op.moves {
            let q = openings::transform(p, job.transform, size);
            board.play(q).map_err(|e| GameError::BadOpening(format!("{}: {e}", op.text)))?;
        }
    }
    let opening_moves = board.stone_count();
    let movers = job.movers();
    let (black_engine, white_engine) = if board.side_to_move() == Color::Black {
        (movers[0], movers[1])
    } else {
        (movers[1], movers[0])
    };
    let seat = |c: Color| if c == Color::Black { black_engine } else { white_engine };
    let mut record = GameRecord {
        index: job.index,
        round: job.round,
        encounter: job.encounter,
        black_engine,
        white_engine,
        black: cx.names[black_engine].clone(),
        white: cx.names[white_engine].clone(),
        opening: opening_text,
        opening_moves,
        moves: board.history().iter().map(|m| m.point).collect(),
        times_ms: vec![0; opening_moves],
        winner: None,
        reason: Reason::Adjudication,
        detail: String::new(),
        board_size: size,
        rule: o.rule.gomocup_code(),
        seed: cx.seed,
        messages: Vec::new(),
        samples: Vec::new(),
    };
    // Engines of the previous game that do not play this one are ended.
    pool.keep_only(&job.engines, end_grace(o));
    if o.debug {
        println!(
            "Started game {} ({} vs {})\n{}",
            job.index + 1,
            record.black,
            record.white,
            board_text(&board)
        );
    }
    if let Some(hub) = cx.live {
        hub.publish(live::game_started(&record, o));
    }
    let ending = run_game(job, cx, &mut board, &mut record, pool, &seat);
    // A process that misbehaved is never carried into the next game.
    pool.drop_broken();
    if cx.abort.load(Ordering::SeqCst) {
        if let Some(hub) = cx.live {
            hub.publish(live::game_abandoned(&record, "the run was stopped"));
        }
        return Err(GameError::Aborted);
    }
    let ending = match ending {
        Ok(ending) => ending,
        Err(e) => {
            if let (Some(hub), GameError::Fatal(why)) = (cx.live, &e) {
                hub.publish(live::game_abandoned(&record, why));
            }
            return Err(e);
        }
    };
    record.winner = ending.winner;
    record.reason = ending.reason;
    record.detail = ending.detail;
    record.moves = board.history().iter().map(|m| m.point).collect();
    if let Some(hub) = cx.live {
        hub.publish(live::game_ended(&record));
    }
    if record.reason.is_fault() {
        // c-gomoku-cli: no samples from games lost on time, by crash or illegal move.
        record.samples.clear();
    }
    Ok(record)
}

fn fault_ending(side: Color, fault: Fault, fatal: bool) -> Result<Ending, GameError> {
    if fatal && fault.is_fatal() {
        return Err(GameError::Fatal(fault.detail));
    }
    Ok(Ending { winner: Some(side.opponent()), reason: fault.reason.into(), detail: fault.detail })
}

fn run_game(
    job: &Job,
    cx: &Context<'_>,
    board: &mut Board,
    record: &mut GameRecord,
    pool: &mut EnginePool,
    seat: &dyn Fn(Color) -> usize,
) -> Result<Ending, GameError> {
    let o = cx.options;
    let fatal = o.fatal_error;
    // Start both engines, black first.
    for color in [Color::Black, Color::White] {
        if let Err(f) = pool.ready(seat(color), &cx.launch()) {
            return fault_ending(color, f, fatal);
        }
    }
    let mut rng = SplitMix64::derived(cx.seed, job.index as u64 + 1);
    let draw_after = o.draw_after as usize;
    loop {
        if cx.abort.load(Ordering::SeqCst) {
            return Err(GameError::Aborted);
        }
        if draw_after > 0 && board.stone_count() >= draw_after {
            return Ok(Ending {
                winner: None,
                reason: Reason::MoveLimit,
                detail: format!("draw after {draw_after} moves"),
            });
        }
        let side = board.side_to_move();
        let Some(engine) = pool.get_mut(seat(side)) else {
            return Err(GameError::Aborted);
        };
        let history: Vec<Point> = board.history().iter().map(|m| m.point).collect();
        let messages_before = record.messages.len();
        let ply = history.len() + 1;
        let (x, y, ms) = match engine.think(&history, o.send_by_board, &mut record.messages) {
            Ok(v) => v,
            // The engine is marked broken; it is killed when the game ends.
            Err(f) => return fault_ending(side, f, fatal),
        };
        let size = i64::from(o.board_size);
        let legal = (0..size).contains(&x)
            && (0..size).contains(&y)
            && board.is_empty_square(Point::new(x as u8, y as u8));
        if !legal {
            // An engine that plays an illegal move is restarted before its next game.
            engine.mark_broken();
        }
        let name = &cx.names[seat(side)];
        if !(0..size).contains(&x) || !(0..size).contains(&y) {
            return Ok(Ending {
                winner: Some(side.opponent()),
                reason: Reason::Illegal,
                detail: format!("{name} played {x},{y}, off the board"),
            });
        }
        let p = Point::new(x as u8, y as u8);
        if !board.is_empty_square(p) {
            return Ok(Ending {
                winner: Some(side.opponent()),
                reason: Reason::Illegal,
                detail: format!("{name} played {p}, an occupied square"),
            });
        }
        if o.sample.as_ref().is_some_and(|s| rng.next_f64() < s.freq) {
            record.samples.push(Sample { position: history, mv: p, side });
        }
        if board.play(p).is_err() {
            return Ok(Ending {
                winner: Some(side.opponent()),
                reason: Reason::Illegal,
                detail: format!("{name} played {p}"),
            });
        }
        record.times_ms.push(ms);
        if let Some(hub) = cx.live {
            // The engine driver stores MESSAGE lines as "{ply}) {name}: {text}".
            let prefix = format!("{ply}) {name}: ");
            let fresh = &record.messages[messages_before..];
            if let Some(report) = live::engine_report(record, side, &prefix, fresh) {
                hub.publish(report);
            }
            let clocks = [Color::Black, Color::White]
                .map(|c| pool.get_mut(seat(c)).and_then(|e| e.clock_ms()));
            hub.publish(live::move_played(record, board.stone_count(), p, side, ms, clocks));
        }
        if let Some(obs) = cx.observer {
            obs(board, &record.black, &record.white);
        }
        if o.debug {
            println!("{}", board_text(board));
        }
        match outcome_after(board, p, o.rule) {
            Some(Outcome::Five { winner }) => {
                return Ok(Ending {
                    winner: Some(winner),
                    reason: Reason::Five,
                    detail: format!("{name} made five with {p}"),
                });
            }
            Some(Outcome::Forbidden) => {
                return Ok(Ending {
                    winner: Some(Color::White),
                    reason: Reason::Forbidden,
                    detail: format!("{name} played the forbidden point {p}"),
                });
            }
            Some(Outcome::FullBoard) => {
                return Ok(Ending {
                    winner: None,
                    reason: Reason::FullBoard,
                    detail: "the board is full".to_string(),
                });
            }
            Some(Outcome::MoveLimit) | None => {}
        }
    }
}

/// The stones of a five (or longer line) through `p`, if there is one.
fn five_through(board: &Board, p: Point) -> Vec<Point> {
    let Cell::Stone(color) = board.get(p) else { return Vec::new() };
    let mut line = Vec::new();
    for dir in Direction::ALL {
        if board.run_through(p, dir, color).length < 5 {
            continue;
        }
        for sign in [-1, 1] {
            let mut step = i32::from(sign == 1);
            while board.along(p, dir, sign * step) == Cell::Stone(color) {
                let q = (
                    i32::from(p.x) + dir.dx() * sign * step,
                    i32::from(p.y) + dir.dy() * sign * step,
                );
                line.push(Point::new(q.0 as u8, q.1 as u8));
                step += 1;
            }
        }
    }
    line
}

/// c-gomoku-cli's `-debug` board: `X` black, `O` white, `.` empty, `#` the stones of a five
/// made by the last move, framed by dashes.
pub fn board_text(board: &Board) -> String {
    let w = usize::from(board.width());
    let frame = format!("  {}\n", "--".repeat(w));
    let five = board.last_move().map(|m| five_through(board, m.point)).unwrap_or_default();
    let mut out = frame.clone();
    for y in 0..board.height() {
        out.push_str("  ");
        for x in 0..board.width() {
            let p = Point::new(x, y);
            let c = match board.get(p) {
                _ if five.contains(&p) => "# ",
                Cell::Stone(Color::Black) => "X ",
                Cell::Stone(Color::White) => "O ",
                Cell::Wall => "# ",
                _ => ". ",
            };
            out.push_str(c);
        }
        out.push('\n');
    }
    out.push_str(&frame);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_board_marks_the_five() {
        let mut b = Board::square(7).unwrap_or_else(|e| panic!("{e}"));
        for (x, y) in [(1, 3), (0, 0), (2, 3), (0, 1), (3, 3), (0, 2), (4, 3), (6, 6), (5, 3)] {
            b.play(Point::new(x, y)).unwrap_or_else(|e| panic!("{e}"));
        }
        let text = board_text(&b);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[0], "  --------------");
        assert_eq!(rows[1], "  O . . . . . . ");
        assert_eq!(rows[4], "  . # # # # # . ");
        assert_eq!(rows[7], "  . . . . . . O ");
        b.undo().unwrap_or_else(|e| panic!("{e}"));
        assert!(board_text(&b).lines().nth(4).is_some_and(|r| r == "  . X X X X . . "));
    }
}
