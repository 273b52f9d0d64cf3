//! One refereed game: start the players, play the opening (from a file or under an opening
//! rule), then moves until five, a fault, a full board or the move limit; every event goes to
//! the observers (records, console, live view).

use std::time::Duration;

use renzoku_arena::engines::logger::Logger;
use renzoku_protocol::{Command, OpeningRule as ProtocolOpening, OpeningStep};
use renzoku_rules::{Board, Color, Outcome, Point, outcome_after};

use crate::clock::TimeLimits;

use crate::brain::{self, Answer, Brain, Waiting};
use crate::clock::{Charge, Clock};
use crate::config::{Config, PlayerKind};
use crate::ending::{EndReason, Ending};
use crate::event::{Event, GameInfo, Observer};
use crate::human::Human;
use crate::memory;
use crate::opening_rule::{self, OpeningRule, Step};
use crate::player::Player;

/// How long a brain may take to answer `ABOUT` (when no name is configured).
const ABOUT_WAIT: Duration = Duration::from_millis(1500);
/// The least time a brain gets to answer `START` (a turn limit above it gives more).
const START_WAIT_MS: u64 = 5_000;

/// The stones of the opening file's chosen line, checked against the board.
pub fn opening_stones(config: &Config) -> Result<Vec<Point>, String> {
    let Some(file) = &config.opening else { return Ok(Vec::new()) };
    let all = renzoku_arena::games::openings::load(&file.path, file.format, config.board_size)?;
    all.get(file.line - 1).map(|o| o.moves.clone()).ok_or_else(|| {
        format!(
            "{}: opening_line {} asked, the file holds {} opening(s) that fit a {}x{} board",
            file.path.display(),
            file.line,
            all.len(),
            config.board_size,
            config.board_size
        )
    })
}

struct Game<'a, 'b> {
    config: &'a Config,
    board: Board,
    players: Vec<Player>,
    clocks: [Clock; 2],
    observers: &'a mut [&'b mut dyn Observer],
    peaks: [u64; 2],
    black: usize,
    /// Thinking time of the last opening answer, given to its first stone.
    last_answer_ms: u64,
}

/// Plays the game; `Err` only when it cannot be set up (opening file, board).
pub fn play(
    config: &Config,
    observers: &mut [&mut dyn Observer],
    log: Option<&Logger>,
) -> Result<Ending, String> {
    let opening = opening_stones(config)?;
    let board = Board::square(u32::from(config.board_size)).map_err(|e| e.to_string())?;
    // A person has no clock.
    let clocks = [0, 1].map(|s| match config.players[s].kind {
        PlayerKind::Human => Clock::new(TimeLimits::default(), config.tolerance_ms),
        PlayerKind::Brain(_) => Clock::new(config.players[s].limits, config.tolerance_ms),
    });
    // Both seats are started before either can lose, so that a crash at start still leaves a
    // complete record (and no process behind).
    let mut players = Vec::new();
    let mut early: Option<Ending> = None;
    for (seat, pc) in config.players.iter().enumerate() {
        match &pc.kind {
            PlayerKind::Human => {
                let name = pc.name.clone().unwrap_or_else(|| format!("human {}", seat + 1));
                players.push(Some(Player::Human(Human::new(seat, name))));
            }
            PlayerKind::Brain(cmd) => match Brain::launch(cmd, seat, log.cloned()) {
                Ok(mut b) => {
                    b.name = match &pc.name {
                        Some(n) => n.clone(),
                        None => b.about_name(ABOUT_WAIT).unwrap_or_else(|| short_name(cmd)),
                    };
                    players.push(Some(Player::Brain(b)));
                }
                Err(e) => {
                    early.get_or_insert(e);
                    players.push(None);
                }
            },
        }
    }
    let names: [String; 2] = [0, 1].map(|s| {
        players[s]
            .as_ref()
            .map_or_else(|| short_name(&command_of(config, s)), |p| p.name().to_string())
    });
    let info = GameInfo {
        rule: config.rule,
        board_size: config.board_size,
        names,
        limits: [config.players[0].limits, config.players[1].limits],
        max_memory: config.max_memory,
        opening: if config.opening.is_some() {
            "file".into()
        } else {
            config.opening_rule.name().into()
        },
    };
    for o in observers.iter_mut() {
        o.event(&Event::Started(info.clone()));
    }
    if let Some(ending) = early {
        for p in players.into_iter().flatten() {
            finish_player(p, config);
        }
        emit_end(observers, &ending, 0, [0, 0]);
        return Ok(ending);
    }
    let players: Vec<Player> = players.into_iter().flatten().collect();
    let mut game = Game {
        config,
        board,
        players,
        clocks,
        observers,
        peaks: [0, 0],
        black: 0,
        last_answer_ms: 0,
    };
    let ending = game.run(&opening);
    for p in &mut game.players {
        p.resume();
    }
    let Game { players, observers, peaks, black, .. } = game;
    for p in players {
        finish_player(p, config);
    }
    emit_end(observers, &ending, black, peaks);
    Ok(ending)
}

fn emit_end(observers: &mut [&mut dyn Observer], ending: &Ending, black: usize, peaks: [u64; 2]) {
    crate::signals::hold_if_interrupted();
    let e = Event::Ended { ending: ending.clone(), black, peak_memory: peaks };
    for o in observers.iter_mut() {
        o.event(&e);
    }
}

fn command_of(config: &Config, seat: usize) -> String {
    match &config.players[seat].kind {
        PlayerKind::Brain(c) => c.clone(),
        PlayerKind::Human => "human".into(),
    }
}

fn finish_player(p: Player, config: &Config) {
    if let Player::Brain(b) = p {
        b.finish(Duration::from_millis(config.end_grace_ms));
    }
}

/// The program's file name without its directory, for a brain without a name.
fn short_name(cmd: &str) -> String {
    let program = cmd.split_whitespace().next().unwrap_or(cmd);
    program.rsplit('/').next().unwrap_or(program).to_string()
}

/// Memory of every brain's process tree; the peaks are kept, and a brain over an enforced
/// limit loses.
fn check_memory(
    config: &Config,
    pids: [Option<i32>; 2],
    peaks: &mut [u64; 2],
    names: &[String; 2],
) -> Option<Ending> {
    for seat in 0..2 {
        let Some(pid) = pids[seat] else { continue };
        let used = memory::tree_rss_bytes(pid);
        peaks[seat] = peaks[seat].max(used);
        if config.enforce_max_memory && config.max_memory > 0 && used > config.max_memory {
            return Some(Ending::loss(
                seat,
                EndReason::Memory,
                format!(
                    "player{} ({}) used {} (process tree), limit {}",
                    seat + 1,
                    names[seat],
                    memory::human_bytes(used),
                    memory::human_bytes(config.max_memory)
                ),
            ));
        }
    }
    None
}

impl Game<'_, '_> {
    fn emit(&mut self, e: &Event) {
        for o in self.observers.iter_mut() {
            o.event(e);
        }
    }

    fn names(&self) -> [String; 2] {
        [self.players[0].name().to_string(), self.players[1].name().to_string()]
    }

    fn clock_ms(&self) -> [Option<u64>; 2] {
        [self.clocks[0].left_ms(), self.clocks[1].left_ms()]
    }

    fn run(&mut self, opening: &[Point]) -> Ending {
        match self.run_inner(opening) {
            Ok(e) | Err(e) => e,
        }
    }

    fn run_inner(&mut self, opening: &[Point]) -> Result<Ending, Ending> {
        let config = self.config;
        for seat in 0..2 {
            let turn = config.players[seat].limits.turn_ms.unwrap_or(0);
            let wait = Duration::from_millis(turn.max(START_WAIT_MS) + config.tolerance_ms);
            if let Player::Brain(b) = &mut self.players[seat] {
                b.start(
                    config.board_size,
                    config.rule,
                    &self.clocks[seat],
                    config.max_memory,
                    wait,
                )?;
            }
        }
        if opening.is_empty() {
            self.black = opening_rule::run(config.opening_rule, self)?;
        } else {
            for &p in opening {
                self.put(p, None, 0, false)?;
            }
            self.black = 0;
        }
        let stones = self.history();
        self.emit(&Event::ColorsSet { black: self.black, stones });
        loop {
            let limit = config.move_limit as usize;
            if limit > 0 && self.board.stone_count() >= limit {
                return Ok(Ending::draw(
                    EndReason::MoveLimit,
                    format!("draw after {limit} stones"),
                ));
            }
            let color = self.board.side_to_move();
            let seat = if color == Color::Black { self.black } else { 1 - self.black };
            let (answer, ms) = self.ask(seat, None)?;
            let p = match answer {
                Answer::Move(x, y) => self.on_board(seat, x, y)?,
                Answer::Moves(_) | Answer::Swap => {
                    return Err(
                        self.illegal(seat, "answered with an opening reply instead of a move")
                    );
                }
            };
            self.put(p, Some(seat), ms, false)?;
            let name = self.players[seat].name().to_string();
            match outcome_after(&self.board, p, config.rule) {
                Some(Outcome::Five { winner }) => {
                    let w = if winner == Color::Black { self.black } else { 1 - self.black };
                    return Ok(Ending {
                        winner: Some(w),
                        reason: EndReason::Five,
                        detail: format!("player{} ({name}) made five with {}", seat + 1, p),
                    });
                }
                Some(Outcome::Forbidden) => {
                    return Ok(Ending::loss(
                        seat,
                        EndReason::Forbidden,
                        format!("player{} ({name}) played the forbidden point {p}", seat + 1),
                    ));
                }
                Some(Outcome::FullBoard) => {
                    return Ok(Ending::draw(EndReason::FullBoard, "the board is full"));
                }
                Some(Outcome::MoveLimit) | None => {}
            }
        }
    }

    fn history(&self) -> Vec<Point> {
        self.board.history().iter().map(|m| m.point).collect()
    }

    fn illegal(&self, seat: usize, detail: impl std::fmt::Display) -> Ending {
        Ending::loss(
            seat,
            EndReason::Illegal,
            format!("player{} ({}) {detail}", seat + 1, self.players[seat].name()),
        )
    }

    /// The point `x,y` if it is an empty square of the board; else `seat` loses.
    fn on_board(&self, seat: usize, x: i64, y: i64) -> Result<Point, Ending> {
        let size = i64::from(self.config.board_size);
        if !(0..size).contains(&x) || !(0..size).contains(&y) {
            return Err(self.illegal(seat, format!("played {x},{y}, off the board")));
        }
        let p = Point::new(x as u8, y as u8);
        if !self.board.is_empty_square(p) {
            return Err(self.illegal(seat, format!("played {p}, an occupied square")));
        }
        Ok(p)
    }

    /// Places a checked stone and reports it.
    fn put(
        &mut self,
        p: Point,
        seat: Option<usize>,
        time_ms: u64,
        opening: bool,
    ) -> Result<(), Ending> {
        let color = self.board.side_to_move();
        if let Err(e) = self.board.play(p) {
            return Err(match seat {
                Some(s) => self.illegal(s, format!("played {p}: {e}")),
                None => Ending::draw(EndReason::Aborted, format!("opening stone {p}: {e}")),
            });
        }
        let e = Event::Stone {
            ply: self.board.stone_count(),
            point: p,
            color,
            seat,
            time_ms,
            clock_ms: self.clock_ms(),
            opening,
        };
        self.emit(&e);
        Ok(())
    }

    /// Asks `seat` for a move (`None`) or an opening answer; the clock is charged and memory
    /// checked. Returns the answer and the thinking time.
    fn ask(
        &mut self,
        seat: usize,
        opening: Option<(&Command, Step)>,
    ) -> Result<(Answer, u64), Ending> {
        if self.config.pause_opponent {
            self.players[1 - seat].pause();
        }
        self.players[seat].resume();
        let pids = [self.players[0].pid(), self.players[1].pid()];
        let names = self.names();
        let history = self.history();
        let Game { config, board, players, clocks, observers, peaks, .. } = self;
        let config: &Config = config;
        let started = std::time::Instant::now();
        let answer = {
            let mut tick = || check_memory(config, pids, peaks, &names);
            let mut on_message = |text: &str| {
                let e = Event::Message { seat, text: text.to_string() };
                for o in observers.iter_mut() {
                    o.event(&e);
                }
            };
            let mut w =
                Waiting { clock: &clocks[seat], tick: &mut tick, on_message: &mut on_message };
            match (&mut players[seat], opening) {
                (Player::Brain(b), None) => b.request_move(&history, &mut w),
                (Player::Brain(b), Some((cmd, _))) => b.request_opening(cmd, &mut w),
                (Player::Human(h), None) => h
                    .ask_move(board, config.rule)
                    .map(|p| (Answer::Move(i64::from(p.x), i64::from(p.y)), 0)),
                (Player::Human(h), Some((_, Step::Place(n)))) => {
                    h.ask_stones(board, n).map(|v| (Answer::Moves(v), 0))
                }
                (Player::Human(h), Some((_, Step::Choose(counts)))) => {
                    h.ask_choice(board, counts).map(|a| (a, 0))
                }
            }
        };
        let (answer, mut ms) = answer?;
        if matches!(players[seat], Player::Human(_)) {
            ms = started.elapsed().as_millis() as u64;
        }
        if let Some(ending) = check_memory(config, pids, peaks, &names) {
            return Err(ending);
        }
        if let Charge::Overrun(why) = clocks[seat].charge(ms) {
            return Err(Ending::loss(
                seat,
                EndReason::Time,
                format!("player{} ({}) {why}", seat + 1, names[seat]),
            ));
        }
        Ok((answer, ms))
    }
}

/// The opening command of `rule` with the board's stones.
fn opening_command(rule: OpeningRule, stones: &[Point]) -> Option<Command> {
    let stones = brain::opening_stones(stones);
    let step = |r| OpeningStep::new(r, 0);
    Some(match rule {
        OpeningRule::None => return None,
        OpeningRule::Swap2 => Command::Swap2Board(stones),
        OpeningRule::Swap => Command::Opening {
            step: step(ProtocolOpening::Swap)?,
            arg: None,
            stones,
            candidates: Vec::new(),
        },
        OpeningRule::Swap1st => Command::Opening {
            step: step(ProtocolOpening::Swap1st)?,
            arg: None,
            stones,
            candidates: Vec::new(),
        },
    })
}

impl opening_rule::Referee for Game<'_, '_> {
    fn ask(&mut self, rule: OpeningRule, seat: usize, step: Step) -> Result<Answer, Ending> {
        let Some(cmd) = opening_command(rule, &self.history()) else {
            return Err(Ending::draw(
                EndReason::Aborted,
                format!("no command for opening rule {}", rule.name()),
            ));
        };
        let (answer, ms) = Game::ask(self, seat, Some((&cmd, step)))?;
        self.last_answer_ms = ms;
        let word = cmd.to_string().lines().next().unwrap_or_default().to_string();
        let stones = match answer {
            Answer::Swap if matches!(step, Step::Choose(_)) => {
                self.emit(&Event::Swap { seat, time_ms: ms });
                return Ok(Answer::Swap);
            }
            Answer::Swap => {
                return Err(
                    self.illegal(seat, format!("answered SWAP to {word} on an empty board"))
                );
            }
            Answer::Move(x, y) => vec![self.on_board(seat, x, y)?],
            Answer::Moves(v) => {
                for p in &v {
                    self.on_board(seat, i64::from(p.x), i64::from(p.y))?;
                }
                v
            }
        };
        let wanted: &[usize] = match step {
            Step::Place(n) => &[n][..],
            Step::Choose(c) => c,
        };
        let mut distinct = stones.clone();
        distinct.sort_unstable_by_key(|p| (p.y, p.x));
        distinct.dedup();
        if !wanted.contains(&stones.len()) || distinct.len() != stones.len() {
            return Err(self.illegal(
                seat,
                format!(
                    "answered {word} with {} stone(s), {wanted:?} distinct wanted",
                    stones.len()
                ),
            ));
        }
        Ok(Answer::Moves(stones))
    }

    fn place(&mut self, seat: usize, stones: &[Point]) -> Result<(), Ending> {
        let ms = std::mem::take(&mut self.last_answer_ms);
        for (i, &p) in stones.iter().enumerate() {
            self.put(p, Some(seat), if i == 0 { ms } else { 0 }, true)?;
        }
        Ok(())
    }
}
