//! One brain's side of the dialogue: the process (renzoku-arena's process layer: own process
//! group, `poll` with deadlines, bounded lines, kill and reap), `START` and the game's `INFO`s,
//! and requests (moves and opening commands) answered under the clock, with a periodic tick so
//! that the referee can measure memory while the brain thinks.

use std::time::{Duration, Instant};

use renzoku_arena::engines::logger::Logger;
use renzoku_arena::engines::process::{EngineProcess, Output, Spawn};
use renzoku_arena::engines::protocol as arena_protocol;
use renzoku_protocol::{Command, Info, Reply, Stone};
use renzoku_rules::{Point, Rule};

use crate::clock::{Clock, UNLIMITED_MS};
use crate::ending::{EndReason, Ending};

/// How often the tick runs while a brain thinks.
pub const TICK: Duration = Duration::from_millis(50);

/// A brain's answer, before the referee checks it against the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `x,y` (any integers: off-board numbers are still a move attempt).
    Move(i64, i64),
    /// `x,y x,y …` (opening placements).
    Moves(Vec<Point>),
    Swap,
}

/// What the brain is waited on with: its clock, the tick and where `MESSAGE` text goes.
pub struct Waiting<'a> {
    pub clock: &'a Clock,
    pub tick: &'a mut dyn FnMut() -> Option<Ending>,
    pub on_message: &'a mut dyn FnMut(&str),
}

impl std::fmt::Debug for Waiting<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Waiting").field("clock", self.clock).finish_non_exhaustive()
    }
}

#[derive(Debug)]
pub struct Brain {
    process: EngineProcess,
    seat: usize,
    pub name: String,
    /// Whether the brain holds the current position (so `TURN` may be used).
    has_position: bool,
}

impl Brain {
    /// Starts the brain (in its own process group); a failure is a crash of this seat.
    pub fn launch(command: &str, seat: usize, log: Option<Logger>) -> Result<Brain, Ending> {
        let spawn = Spawn::from_command(command).map_err(|e| {
            Ending::loss(seat, EndReason::Crash, format!("player{}: {e}", seat + 1))
        })?;
        let process =
            EngineProcess::spawn(&spawn, &format!("player{}", seat + 1), log).map_err(|e| {
                Ending::loss(
                    seat,
                    EndReason::Crash,
                    format!("player{} cannot be started ({command}): {e}", seat + 1),
                )
            })?;
        Ok(Brain { process, seat, name: command.to_string(), has_position: false })
    }

    /// The process group id (also the leader's pid).
    pub fn pid(&self) -> i32 {
        self.process.pid()
    }

    fn lost(&self, reason: EndReason, detail: impl std::fmt::Display) -> Ending {
        Ending::loss(self.seat, reason, format!("player{} ({}) {detail}", self.seat + 1, self.name))
    }

    fn send_all<S: AsRef<str>>(&mut self, lines: &[S]) -> Result<(), Ending> {
        self.process
            .send_all(lines)
            .map_err(|e| self.lost(EndReason::Crash, format!("exited (cannot write: {e})")))
    }

    /// Asks `ABOUT` and waits up to `wait` for a `name="…"`; `None` when there is none.
    pub fn about_name(&mut self, wait: Duration) -> Option<String> {
        self.process.send(&arena_protocol::about()).ok()?;
        let deadline = Instant::now() + wait;
        while let Some((out, _)) = self.process.recv(deadline) {
            match out {
                Output::Line(l) => {
                    if let Some(n) = arena_protocol::about_name(&l) {
                        return Some(n);
                    }
                }
                Output::Junk(_) => {}
                Output::Eof => return None,
            }
        }
        None
    }

    /// `START size`, the `OK` within `wait`, then the game's `INFO`s.
    pub fn start(
        &mut self,
        size: u8,
        rule: Rule,
        clock: &Clock,
        max_memory: u64,
        wait: Duration,
    ) -> Result<(), Ending> {
        self.send_all(&[arena_protocol::start(size)])?;
        let deadline = Instant::now() + wait;
        loop {
            let Some((out, _)) = self.process.recv(deadline) else {
                return Err(self.lost(EndReason::Hang, "did not answer START"));
            };
            match out {
                Output::Eof => {
                    return Err(self.lost(EndReason::Crash, "exited before answering START"));
                }
                Output::Junk(j) => {
                    return Err(self.lost(EndReason::Illegal, format!("answered START with {j}")));
                }
                Output::Line(l) => match renzoku_protocol::parse_reply(&l) {
                    Ok(Reply::Ok) => break,
                    Ok(Reply::Message(_) | Reply::Debug(_)) => {}
                    _ if l.trim().is_empty() => {}
                    _ => {
                        let shown: String = l.chars().take(80).collect();
                        return Err(
                            self.lost(EndReason::Illegal, format!("answered START with '{shown}'"))
                        );
                    }
                },
            }
        }
        let limits = clock.limits();
        let mut infos = vec![
            info("timeout_turn", limits.turn_ms.map_or(UNLIMITED_MS, |t| t as i64)),
            info("timeout_match", limits.match_ms.map_or(0, |t| t as i64)),
            info("max_memory", max_memory as i64),
            info("game_type", 1),
            info("rule", i64::from(rule.gomocup_code())),
        ];
        if limits.increment_ms > 0 {
            infos.push(info("time_increment", limits.increment_ms as i64));
        }
        self.send_all(&infos)
    }

    /// Asks for a move in the position `history` (every stone, in order, black first).
    pub fn request_move(
        &mut self,
        history: &[Point],
        w: &mut Waiting<'_>,
    ) -> Result<(Answer, u64), Ending> {
        let lines: Vec<String> = match history.last() {
            None => vec![arena_protocol::begin()],
            Some(&last) if self.has_position => vec![arena_protocol::turn(last)],
            Some(_) => arena_protocol::board(history),
        };
        let r = self.request(&lines, w);
        self.has_position = r.is_ok();
        r
    }

    /// Sends an opening command (`SWAP2BOARD`, `SWAPBOARD`, `SWAP1STBOARD`) with `stones`.
    pub fn request_opening(
        &mut self,
        command: &Command,
        w: &mut Waiting<'_>,
    ) -> Result<(Answer, u64), Ending> {
        // The brain holds an opening block now, not a game position.
        self.has_position = false;
        let lines: Vec<String> = command.to_string().lines().map(str::to_string).collect();
        self.request(&lines, w)
    }

    fn request(&mut self, lines: &[String], w: &mut Waiting<'_>) -> Result<(Answer, u64), Ending> {
        let mut all = vec![info("time_left", w.clock.time_left_info())];
        all.extend(lines.iter().cloned());
        self.send_all(&all)?;
        let sent = Instant::now();
        let deadline = w.clock.deadline(sent);
        // An ERROR/UNKNOWN line does not end the wait (some brains answer an INFO they do not
        // know that way and then play); a brain that gives nothing else by the deadline loses
        // for the refusal.
        let mut refused: Option<String> = None;
        let mut last_tick = sent;
        loop {
            // Checked before reading, so that a brain that floods lines cannot outlive its
            // deadline or escape the memory check.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                let budget = w.clock.budget_text();
                return Err(match refused {
                    Some(r) => {
                        self.lost(EndReason::Illegal, format!("answered '{r}' instead of a move"))
                    }
                    None => self.lost(EndReason::Time, format!("gave no answer within {budget}")),
                });
            }
            if last_tick.elapsed() >= TICK {
                last_tick = Instant::now();
                if let Some(ending) = (w.tick)() {
                    return Err(ending);
                }
            }
            let wake = deadline.map_or(Instant::now() + TICK, |d| d.min(Instant::now() + TICK));
            let Some((out, at)) = self.process.recv(wake) else {
                continue;
            };
            let line = match out {
                Output::Eof => {
                    return Err(self.lost(EndReason::Crash, "crashed (output closed)"));
                }
                Output::Junk(j) => {
                    return Err(self.lost(EndReason::Illegal, format!("printed {j}")));
                }
                Output::Line(l) => l,
            };
            let elapsed = at.saturating_duration_since(sent).as_millis() as u64;
            let shown = || line.trim().chars().take(80).collect::<String>();
            match renzoku_protocol::parse_reply(&line) {
                Ok(Reply::Move(p)) => {
                    return Ok((Answer::Move(i64::from(p.x), i64::from(p.y)), elapsed));
                }
                Ok(Reply::Moves(ps)) => return Ok((Answer::Moves(ps), elapsed)),
                Ok(Reply::Swap) => return Ok((Answer::Swap, elapsed)),
                Ok(
                    Reply::Message(_)
                    | Reply::Summary(_)
                    | Reply::Realtime(_)
                    | Reply::YxOpening(_)
                    | Reply::MaxThreadNum(_)
                    | Reply::MaxHashSize(_),
                ) => {
                    let text = line.trim().get(7..).unwrap_or("").trim_start();
                    (w.on_message)(text);
                }
                Ok(Reply::Ok | Reply::Debug(_) | Reply::Detail { .. }) => {}
                Ok(Reply::Suggest(p)) => self.send_all(&[arena_protocol::play(p)])?,
                Ok(Reply::Error(_) | Reply::Unknown(_)) => {
                    refused.get_or_insert_with(shown);
                }
                Ok(Reply::About(_) | Reply::Forbid { .. } | Reply::MovesWithCount { .. }) => {
                    return Err(self.lost(EndReason::Illegal, format!("answered '{}'", shown())));
                }
                Err(_) if line.trim().is_empty() => {}
                // Numbers renzoku-protocol cannot hold (negative, huge) are still a move attempt.
                Err(_) => match arena_protocol::parse_reply(&line) {
                    arena_protocol::Reply::Move(x, y) => return Ok((Answer::Move(x, y), elapsed)),
                    _ => {
                        return Err(
                            self.lost(EndReason::Illegal, format!("answered '{}'", shown()))
                        );
                    }
                },
            }
        }
    }

    /// Stops the brain's process group while the opponent thinks.
    pub fn pause(&mut self) {
        let _ = self.process.pause();
    }

    pub fn resume(&mut self) {
        let _ = self.process.resume();
    }

    /// `END`, `grace` to exit, then the whole group is killed and reaped.
    pub fn finish(self, grace: Duration) {
        let pgid = self.process.pid();
        self.process.shutdown(grace);
        // SIGKILL is sent to the whole group; wait (briefly) until its members are really gone,
        // so that none outlives the referee.
        let until = Instant::now() + Duration::from_secs(2);
        while crate::memory::group_alive(pgid) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

fn info(key: &str, value: i64) -> String {
    Command::Info(Info::Unknown { key: key.to_string(), value: value.to_string() }).to_string()
}

/// The stones of an opening command, as `x,y` lines.
pub fn opening_stones(points: &[Point]) -> Vec<Stone> {
    points.iter().map(|&p| Stone::new(p, None)).collect()
}
