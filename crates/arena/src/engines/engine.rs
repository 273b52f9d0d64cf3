//! One engine's side of the Gomocup dialogue, with deadlines and clocks.

use std::time::{Duration, Instant};

use renzoku_rules::{Point, Rule};

use crate::config::options::EngineOptions;
use crate::engines::logger::Logger;
use crate::engines::process::{EngineProcess, Output, Spawn};
use crate::engines::protocol::{self, Reply};

/// `time_left` sent when there is no match time limit.
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// What an engine did wrong; the game's record gives the matching reason (the game layer
/// maps it), so this layer needs nothing of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// An illegal or unparsable move, or a protocol violation.
    Illegal,
    /// Out of time.
    Time,
    /// Exited, or could not be started or written to.
    Crash,
    /// No answer within the hang timeout.
    Hang,
}

/// Why an engine lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub reason: FaultKind,
    pub detail: String,
    /// Happened before the engine answered `START` (c-gomoku-cli's fatal-error list).
    pub at_start: bool,
}

impl Fault {
    fn new(reason: FaultKind, detail: impl Into<String>) -> Fault {
        Fault { reason, detail: detail.into(), at_start: false }
    }

    /// Whether `-fatalerror` stops the run for this fault.
    pub fn is_fatal(&self) -> bool {
        matches!(self.reason, FaultKind::Crash | FaultKind::Hang | FaultKind::Time)
            || (self.at_start && self.reason == FaultKind::Illegal)
    }
}

/// Run-wide settings of every engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Per-move limit of an engine without a clock (`-hangtimeout`).
    pub hang_timeout_ms: u64,
    /// `-debug`: print the engines' MESSAGE, DEBUG, UNKNOWN and ERROR lines.
    pub debug: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hang_timeout_ms: crate::config::options::DEFAULT_HANG_TIMEOUT_MS, debug: false }
    }
}

/// A running engine, kept from game to game while it behaves.
#[derive(Debug)]
pub struct Engine {
    process: EngineProcess,
    pub name: String,
    opts: EngineOptions,
    settings: Settings,
    /// Whether the engine has a position (so `TURN` may be used).
    has_position: bool,
    time_left_ms: i64,
    /// Set after any fault (crash, hang, late answer, junk, illegal move, failed `START`):
    /// such a process is never used for another game.
    broken: bool,
    /// Games started on this process.
    games: u64,
}

impl Engine {
    pub fn launch(
        spawn: &Spawn,
        name: &str,
        opts: &EngineOptions,
        settings: Settings,
        log: Option<Logger>,
    ) -> Result<Engine, Fault> {
        let process = EngineProcess::spawn(spawn, name, log).map_err(|e| Fault {
            at_start: true,
            ..Fault::new(FaultKind::Crash, format!("{name} cannot be started: {e}"))
        })?;
        Ok(Engine {
            process,
            name: name.to_string(),
            opts: opts.clone(),
            settings,
            has_position: false,
            time_left_ms: opts.tc.match_ms as i64,
            broken: false,
            games: 0,
        })
    }

    /// Whether this process may play another game: no fault so far and still running.
    /// The options of the next game (a kept process may get other `option.` values, as the
    /// tuner's do from game to game).
    pub fn set_options(&mut self, opts: &EngineOptions) {
        self.opts.clone_from(opts);
    }

    pub fn is_reusable(&self) -> bool {
        !self.broken && !self.process.has_exited()
    }

    /// Marks the process as unusable for further games (e.g. after an illegal move).
    pub fn mark_broken(&mut self) {
        self.broken = true;
    }

    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// Games started on this process so far.
    pub fn games_started(&self) -> u64 {
        self.games
    }

    /// Match time left, `None` without a match clock.
    pub fn clock_ms(&self) -> Option<u64> {
        (self.opts.tc.match_ms > 0).then(|| self.time_left_ms.max(0) as u64)
    }

    /// The process id (the process group id) of the engine.
    pub fn pid(&self) -> i32 {
        self.process.pid()
    }

    fn tolerance(&self) -> Duration {
        Duration::from_millis(self.opts.tolerance_ms)
    }

    fn send_all<S: AsRef<str>>(&mut self, lines: &[S]) -> Result<(), Fault> {
        self.process.send_all(lines).map_err(|e| {
            self.broken = true;
            Fault::new(FaultKind::Crash, format!("{} exited (cannot write: {e})", self.name))
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.send_all(std::slice::from_ref(&line))
    }

    /// Prints a MESSAGE/DEBUG/UNKNOWN/ERROR line under `-debug`, as c-gomoku-cli does.
    fn debug_line(&self, line: &str) {
        if self.settings.debug
            && let Some(text) = debug_text(&self.name, line)
        {
            println!("{text}");
        }
    }

    /// Starts a new game: `START size` (again, on a process kept from the previous game, as
    /// c-gomoku-cli does), waits for `OK` (within the tolerance), then sends the game's
    /// `INFO`s. Any failure marks the process broken.
    pub fn start_game(&mut self, size: u8, rule: Rule) -> Result<(), Fault> {
        let r = self.start_game_inner(size, rule);
        if r.is_err() {
            self.broken = true;
        }
        r
    }

    fn start_game_inner(&mut self, size: u8, rule: Rule) -> Result<(), Fault> {
        self.games += 1;
        self.has_position = false;
        self.time_left_ms = self.opts.tc.match_ms as i64;
        if !self.process.discard_pending() {
            return Err(Fault {
                at_start: true,
                ..Fault::new(FaultKind::Crash, format!("{} exited between games", self.name))
            });
        }
        self.start_inner(size).map_err(|f| Fault { at_start: true, ..f })?;
        let o = self.opts.clone();
        let mut infos = vec![protocol::info("rule", rule.gomocup_code())];
        if o.tc.turn_ms > 0 {
            infos.push(protocol::info("timeout_turn", o.tc.turn_ms));
        }
        infos.push(protocol::info("timeout_match", o.tc.match_ms));
        if o.tc.increment_ms > 0 {
            infos.push(protocol::info("time_increment", o.tc.increment_ms));
        }
        if o.depth > 0 {
            infos.push(protocol::info("max_depth", o.depth));
        }
        if o.nodes > 0 {
            infos.push(protocol::info("max_node", o.nodes));
        }
        infos.push(protocol::info("max_memory", o.max_memory));
        if let Some(t) = o.threads {
            infos.push(protocol::info("thread_num", t));
        }
        infos.push(protocol::info("game_type", 1));
        for (k, v) in &o.infos {
            infos.push(protocol::info(k, v));
        }
        self.send_all(&infos)
    }

    fn start_inner(&mut self, size: u8) -> Result<(), Fault> {
        self.send(&protocol::start(size))?;
        let deadline = Instant::now() + self.tolerance();
        loop {
            let Some((out, _)) = self.process.recv(deadline) else {
                return Err(Fault::new(
                    FaultKind::Hang,
                    format!("{} did not answer START", self.name),
                ));
            };
            match out {
                Output::Eof => {
                    return Err(Fault::new(
                        FaultKind::Crash,
                        format!("{} exited before answering START", self.name),
                    ));
                }
                Output::Junk(j) => {
                    return Err(Fault::new(
                        FaultKind::Illegal,
                        format!("{} answered START with junk: {j}", self.name),
                    ));
                }
                Output::Line(l) => match protocol::parse_reply(&l) {
                    Reply::Ok => return Ok(()),
                    Reply::Message(_) | Reply::Ignored if self.settings.debug => {
                        self.debug_line(&l);
                    }
                    Reply::Message(_) | Reply::Ignored => {}
                    _ => {
                        return Err(Fault::new(
                            FaultKind::Illegal,
                            format!("{} answered START with '{l}'", self.name),
                        ));
                    }
                },
            }
        }
    }

    /// Asks for a move. `history` is every stone on the board in order. Returns the raw
    /// coordinates and the thinking time in ms; `MESSAGE`s go to `messages`.
    pub fn think(
        &mut self,
        history: &[Point],
        by_board: bool,
        messages: &mut Vec<String>,
    ) -> Result<(i64, i64, u64), Fault> {
        let r = self.think_inner(history, by_board, messages);
        if r.is_err() {
            self.broken = true;
        }
        r
    }

    fn think_inner(
        &mut self,
        history: &[Point],
        by_board: bool,
        messages: &mut Vec<String>,
    ) -> Result<(i64, i64, u64), Fault> {
        let tc = self.opts.tc;
        if tc.match_ms > 0 {
            self.time_left_ms += tc.increment_ms as i64;
        }
        let time_left = if tc.match_ms > 0 { self.time_left_ms } else { UNLIMITED_MS };
        let mut lines = vec![protocol::info("time_left", time_left)];
        match history.last() {
            None => lines.push(protocol::begin()),
            Some(&last) if self.has_position && !by_board => lines.push(protocol::turn(last)),
            Some(_) => lines.extend(protocol::board(history)),
        }
        self.send_all(&lines)?;
        self.has_position = true;
        let sent = Instant::now();
        // Limit of this move: the turn time and the time left, whichever is smaller.
        let mut limit: Option<u64> = (tc.turn_ms > 0).then_some(tc.turn_ms);
        if tc.match_ms > 0 {
            let left = self.time_left_ms.max(0) as u64;
            limit = Some(limit.map_or(left, |l| l.min(left)));
        }
        // Without a clock (tc absent or only depth/nodes limits) the hang timeout bounds the
        // move, so that the run can never hang.
        let deadline = match limit {
            Some(l) => sent + Duration::from_millis(l) + self.tolerance(),
            None => sent + Duration::from_millis(self.settings.hang_timeout_ms),
        };
        let ply = history.len() + 1;
        // An ERROR/UNKNOWN line does not end the wait: some engines answer an INFO that arrives
        // while they finish a move with ERROR (Rapfi does, for `INFO time_left`) and then play
        // normally. Only an engine that gives no move by the deadline after such a line loses,
        // for the illegal answer rather than for time.
        let mut refused: Option<String> = None;
        loop {
            let Some((out, at)) = self.process.recv(deadline) else {
                if let Some(shown) = refused {
                    return Err(Fault::new(
                        FaultKind::Illegal,
                        format!("{} answered '{shown}' instead of a move", self.name),
                    ));
                }
                let detail = match limit {
                    Some(_) => {
                        format!("{} did not answer within the limit plus tolerance", self.name)
                    }
                    None => format!(
                        "{} did not answer within the hang timeout ({} s)",
                        self.name,
                        self.settings.hang_timeout_ms as f64 / 1000.0
                    ),
                };
                return Err(Fault::new(FaultKind::Hang, detail));
            };
            let line = match out {
                Output::Eof => {
                    return Err(Fault::new(FaultKind::Crash, format!("{} crashed", self.name)));
                }
                // Junk that is no move attempt does not end the wait, as in c-gomoku-cli (which
                // reads on until a move): PentaZen prints its search depth as a raw byte inside
                // its MESSAGE line, and depth 10 or 13 breaks that line in two. An engine that
                // gives no move by the deadline after junk loses for the junk.
                Output::Junk(j) => {
                    refused.get_or_insert_with(|| j.chars().take(80).collect());
                    continue;
                }
                Output::Line(l) => l,
            };
            self.debug_line(&line);
            match protocol::parse_reply(&line) {
                Reply::Move(x, y) => {
                    let elapsed = at.saturating_duration_since(sent).as_millis() as u64;
                    self.check_clock(elapsed)?;
                    return Ok((x, y, elapsed));
                }
                Reply::Suggest(p) => self.send(&protocol::play(p))?,
                Reply::Message(m) => messages.push(format!("{ply}) {}: {m}", self.name)),
                Reply::Ok | Reply::Ignored => {}
                Reply::Error(_) | Reply::Unknown(_) => {
                    refused.get_or_insert_with(|| line.chars().take(80).collect());
                }
                Reply::Other(_) if !looks_like_a_move(&line) => {
                    refused.get_or_insert_with(|| line.chars().take(80).collect());
                }
                Reply::Other(_) => {
                    let shown: String = line.chars().take(80).collect();
                    return Err(Fault::new(
                        FaultKind::Illegal,
                        format!("{} answered '{shown}' instead of a move", self.name),
                    ));
                }
            }
        }
    }

    /// Applies a move's thinking time to the clocks: over the turn time by more than the move
    /// overhead (c-gomoku-cli: min(tolerance / 2, 1 s)), or past the match time, loses.
    fn check_clock(&mut self, elapsed: u64) -> Result<(), Fault> {
        let tc = self.opts.tc;
        let overhead = (self.opts.tolerance_ms / 2).min(1000);
        if tc.turn_ms > 0 && elapsed > tc.turn_ms + overhead {
            return Err(Fault::new(
                FaultKind::Time,
                format!("{} used {elapsed} ms, turn limit {} ms", self.name, tc.turn_ms),
            ));
        }
        if tc.match_ms > 0 {
            self.time_left_ms -= elapsed as i64;
            if self.time_left_ms < 0 {
                return Err(Fault::new(
                    FaultKind::Time,
                    format!("{} ran out of match time", self.name),
                ));
            }
        }
        Ok(())
    }

    /// Sends `END` and kills the process group once the engine has exited or `until` passes.
    pub fn finish(self, until: Instant) {
        self.process.shutdown(until.saturating_duration_since(Instant::now()));
    }

    /// Sends `END` without waiting (see [`Engine::finish`]).
    pub fn send_end(&mut self) {
        self.process.send_end();
    }

    /// Kills at once (after a hang or crash).
    pub fn kill(mut self) {
        self.process.kill();
    }
}

/// c-gomoku-cli's `-debug` rendering of an engine line: `engine NAME output message: …` for
/// MESSAGE, DEBUG, UNKNOWN and ERROR lines; `None` for other lines.
pub fn debug_text(name: &str, line: &str) -> Option<String> {
    let t = line.trim();
    let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
    let kind = ["MESSAGE", "DEBUG", "UNKNOWN", "ERROR"]
        .into_iter()
        .find(|k| word.eq_ignore_ascii_case(k))?;
    Some(format!("engine {name} output {}: {}", kind.to_ascii_lowercase(), rest.trim_start()))
}

/// The name an engine gives in its `ABOUT` answer (asked once before the run).
pub fn probe_name(spawn: &Spawn, tolerance: Duration) -> Result<Option<String>, String> {
    let mut p = EngineProcess::spawn(spawn, "probe", None)
        .map_err(|e| format!("cannot start '{}': {e}", spawn.program))?;
    let mut name = None;
    if p.send(&protocol::about()).is_ok() {
        let deadline = Instant::now() + tolerance;
        while let Some((out, _)) = p.recv(deadline) {
            match out {
                Output::Line(l) => {
                    if let Some(n) = protocol::about_name(&l) {
                        name = Some(n);
                        break;
                    }
                }
                Output::Junk(_) => {}
                Output::Eof => break,
            }
        }
    }
    p.shutdown(Duration::ZERO);
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_lines_read_like_c_gomoku_cli() {
        assert_eq!(
            debug_text("Wine", "MESSAGE depth 5 ev 30"),
            Some("engine Wine output message: depth 5 ev 30".to_string())
        );
        assert_eq!(debug_text("A", "debug x=1"), Some("engine A output debug: x=1".to_string()));
        assert_eq!(debug_text("A", "ERROR"), Some("engine A output error: ".to_string()));
        assert_eq!(debug_text("A", "7,7"), None);
        assert_eq!(debug_text("A", "MESSAGES x"), None);
    }
}

/// Whether a line that is no known reply was meant as a move (`7,x`, `7,7,1`, `-1,3`): such a
/// line is an illegal answer at once; any other line is junk that the wait reads past.
fn looks_like_a_move(line: &str) -> bool {
    let t = line.trim();
    t.contains(',') && t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
}

#[cfg(test)]
mod move_attempt_tests {
    use super::looks_like_a_move;

    #[test]
    fn move_attempts_and_junk() {
        for line in ["7,7", " 7,7,1 ", "-1,3", "7,x", "+2,2"] {
            assert!(looks_like_a_move(line), "{line}");
        }
        // The second half of PentaZen's MESSAGE line broken by a CR byte, and chatter.
        for line in ["-\u{16} ev 159 nd 34k tm 41 sp 837", "thinking...", "best: 7 7", ""] {
            assert!(!looks_like_a_move(line), "{line}");
        }
    }
}
