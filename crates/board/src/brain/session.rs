//! One page's brain: a task that owns the process, turns the page's requests into Yixin-Board's
//! command sequences, and its replies into page events. It never waits on the brain: a new
//! request while the brain thinks sends `yxstop` and queues the request until the stale answer
//! comes (it is dropped); a brain that exits, hangs past its time or `yxstop`, plays an illegal
//! move or writes only junk is reported in words and stopped. The game itself lives in the page,
//! so no brain fault can lose it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use renzoku_protocol::{Command, Reply, parse_reply};
use renzoku_rules::Point;
use serde::Serialize;
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::detail::{Candidate, DetailReader, from_summary};
use super::process::{BrainProcess, Output};
use super::script::{self, Purpose};
use crate::config::EngineSpec;
use crate::opening::{Answer, Decision};
use crate::position;

pub use super::script::{Limit, Purpose as ThinkPurpose, Think};

/// How long a brain may take to answer `yxstop` before it counts as hung.
const STOP_GRACE: Duration = Duration::from_secs(5);
/// Beyond a move's time: slack for a brain's start-up and the pipes before `yxstop` is sent.
const MOVE_GRACE: Duration = Duration::from_secs(5);
/// After an `ERROR` during a think, how long to wait for a move that may still come.
const ERROR_GRACE: Duration = Duration::from_secs(1);
/// Candidate lines go to the page at most this often.
const FLUSH_EVERY: Duration = Duration::from_millis(100);
/// This many lines in a row that are not the protocol: the brain is stopped.
const JUNK_LIMIT: u32 = 50;

/// What the page asks of its brain.
#[derive(Clone, Debug)]
pub enum Request {
    Think(Think),
    /// Stop thinking: `discard` drops the answer (the position changed, analysis off); without it
    /// a move being thought is played now.
    Stop {
        discard: bool,
    },
    /// End the brain (a fault, or the user's button); the next think starts a fresh one.
    Restart,
    /// Switch to another engine of the command line.
    Engine(usize),
}

/// What the page is told. Each is one server-sent event's JSON.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PageEvent {
    Hello {
        session: String,
        engines: Vec<String>,
        engine: usize,
        max_games: usize,
    },
    /// The page limit is reached: this page gets no brain.
    Full {
        text: String,
    },
    /// `state`: `idle`, `starting`, `thinking`, `fault`; `text` says more in words.
    Brain {
        state: &'static str,
        engine: String,
        text: String,
    },
    /// The candidate lines of think `id` so far, best first.
    Analysis {
        id: u64,
        lines: Vec<Candidate>,
    },
    /// The brain's move for think `id` (already checked against the rules).
    Move {
        id: u64,
        x: u8,
        y: u8,
        name: String,
    },
    /// An opening rule's swap: the brain takes black (think `id`).
    Swap {
        id: u64,
    },
    /// The brain's stones for a balance or opening think `id`, in the order to play them
    /// (checked).
    Moves {
        id: u64,
        moves: Vec<[u8; 2]>,
    },
    /// Soosõrv: the brain's 4th (to play) and the number of fifth moves black must offer.
    Declare {
        id: u64,
        moves: Vec<[u8; 2]>,
        fifths: u32,
    },
    /// Soosõrv: the fifth moves the brain offers (not played): the page's player picks one.
    Offer {
        id: u64,
        moves: Vec<[u8; 2]>,
    },
    /// A line from the brain worth showing (`MESSAGE`, `ERROR`, …).
    Message {
        text: String,
    },
}

struct Running {
    process: BrainProcess,
    output: mpsc::Receiver<Output>,
}

struct Current {
    think: Think,
    /// The answer is not wanted (position changed or analysis switched off).
    discard: bool,
    /// `yxstop` was sent.
    stopping: bool,
    /// The brain answered `ERROR`.
    errored: bool,
    deadline: Option<Instant>,
}

struct Session {
    engines: Arc<Vec<EngineSpec>>,
    engine: usize,
    brain: Option<Running>,
    current: Option<Current>,
    queued: Option<Think>,
    fault: Option<String>,
    detail: DetailReader,
    lines: BTreeMap<u32, Candidate>,
    dirty: bool,
    last_flush: Instant,
    junk: u32,
    /// `yxshowinfo` was sent to a fresh brain: one `UNKNOWN` for it is no refusal.
    unknown_expected: bool,
    /// The last think blocked moves (`yxblock`): the next one clears the list.
    blocks_sent: bool,
    /// The brain sends detail lines (`INFO PV …`): its summaries are not needed.
    detail_seen: bool,
    events: mpsc::Sender<PageEvent>,
}

/// Runs one page's brain until the page goes (`requests` closed or `events` dropped); the
/// process is then ended.
pub async fn run(
    engines: Arc<Vec<EngineSpec>>,
    mut requests: mpsc::Receiver<Request>,
    events: mpsc::Sender<PageEvent>,
) {
    let mut s = Session {
        engines,
        engine: 0,
        brain: None,
        current: None,
        queued: None,
        fault: None,
        detail: DetailReader::default(),
        lines: BTreeMap::new(),
        dirty: false,
        last_flush: Instant::now(),
        junk: 0,
        unknown_expected: false,
        blocks_sent: false,
        detail_seen: false,
        events,
    };
    loop {
        let wake = s.next_wake();
        tokio::select! {
            request = requests.recv() => match request {
                Some(request) => s.request(request).await,
                None => break,
            },
            output = next_output(&mut s.brain) => s.output(output).await,
            () = tokio::time::sleep_until(wake) => s.tick().await,
            () = s.events.closed() => break,
        }
    }
    if let Some(running) = s.brain.take() {
        running.process.shut_down().await;
    }
}

async fn next_output(brain: &mut Option<Running>) -> Output {
    match brain {
        Some(running) => running.output.recv().await.unwrap_or(Output::Closed),
        None => std::future::pending().await,
    }
}

fn excerpt(text: &str) -> String {
    let mut short: String = text.chars().take(120).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// The lines to show, best first. Between two iterations some lines are of the new depth and
/// some of the old one, and a move can then stand on two of them: only its deepest line is kept.
fn distinct_lines(lines: &BTreeMap<u32, Candidate>) -> Vec<Candidate> {
    let mut shown: Vec<Candidate> = Vec::with_capacity(lines.len());
    for line in lines.values() {
        let first = line.pv.first();
        match shown.iter_mut().find(|s| s.pv.first() == first) {
            Some(same) if same.depth < line.depth => *same = line.clone(),
            Some(_) => {}
            None => shown.push(line.clone()),
        }
    }
    shown
}

impl Session {
    fn engine_name(&self) -> String {
        self.engines.get(self.engine).map(|e| e.name.clone()).unwrap_or_default()
    }

    async fn emit(&self, event: PageEvent) {
        // An error means the page is gone; the main loop then ends the session.
        let _ = self.events.send(event).await;
    }

    async fn state(&self, state: &'static str, text: impl Into<String>) {
        let engine = self.engine_name();
        self.emit(PageEvent::Brain { state, engine, text: text.into() }).await;
    }

    fn next_wake(&self) -> Instant {
        let mut wake = Instant::now() + Duration::from_hours(1);
        if let Some(deadline) = self.current.as_ref().and_then(|c| c.deadline) {
            wake = wake.min(deadline);
        }
        if self.dirty {
            wake = wake.min(self.last_flush + FLUSH_EVERY);
        }
        wake
    }

    async fn request(&mut self, request: Request) {
        match request {
            Request::Think(think) => {
                if let Some(fault) = &self.fault {
                    let text = format!("{fault} Press restart to start it again.");
                    self.state("fault", text).await;
                } else if self.current.is_some() {
                    self.queued = Some(think);
                    self.stop_current(true).await;
                } else {
                    self.start_think(think).await;
                }
            }
            Request::Stop { discard } => {
                self.queued = None;
                self.stop_current(discard).await;
            }
            Request::Restart => {
                self.end_brain().await;
                self.state("idle", "restarted: the next think starts the brain again").await;
            }
            Request::Engine(index) => {
                if index < self.engines.len() {
                    self.end_brain().await;
                    self.engine = index;
                    self.state("idle", "engine chosen").await;
                } else {
                    self.emit(PageEvent::Message { text: format!("no engine number {index}") })
                        .await;
                }
            }
        }
    }

    /// Kills the brain and forgets every think and fault.
    async fn end_brain(&mut self) {
        self.current = None;
        self.queued = None;
        self.fault = None;
        self.lines.clear();
        self.dirty = false;
        if let Some(running) = self.brain.take() {
            running.process.kill().await;
        }
    }

    async fn stop_current(&mut self, discard: bool) {
        let Some(current) = self.current.as_mut() else { return };
        current.discard |= discard;
        if current.stopping || current.errored {
            return;
        }
        current.stopping = true;
        current.deadline = Some(Instant::now() + STOP_GRACE);
        self.send(&Command::YxStop).await;
    }

    /// Sends a command; a brain that cannot take it has exited (reported as such).
    async fn send(&mut self, command: &Command) -> bool {
        let Some(running) = self.brain.as_mut() else { return false };
        if running.process.send(command).await.is_ok() {
            return true;
        }
        self.exited().await;
        false
    }

    async fn start_think(&mut self, think: Think) {
        if self.brain.is_none() {
            let Some(spec) = self.engines.get(self.engine).cloned() else { return };
            self.state("starting", format!("starting {}", spec.name)).await;
            match BrainProcess::spawn(&spec) {
                Ok((process, output)) => {
                    self.brain = Some(Running { process, output });
                    self.unknown_expected = true;
                    self.blocks_sent = false;
                    self.detail_seen = false;
                }
                Err(e) => {
                    self.fail(format!("could not start {} ({}): {e}.", spec.name, spec.program))
                        .await;
                    return;
                }
            }
            for command in script::start_up(think.size) {
                if !self.send(&command).await {
                    return;
                }
            }
        }
        let reset_blocks = self.blocks_sent;
        self.blocks_sent = !think.blocked.is_empty();
        for command in script::think(&think, reset_blocks) {
            if !self.send(&command).await {
                return;
            }
        }
        let deadline = match (think.purpose, think.limit) {
            (Purpose::Move | Purpose::Balance { .. } | Purpose::Opening(_), Limit::Time(ms)) => {
                Some(Instant::now() + Duration::from_millis(ms) + MOVE_GRACE)
            }
            _ => None,
        };
        self.lines.clear();
        self.dirty = false;
        self.detail = DetailReader::default();
        let text = match think.purpose {
            Purpose::Move => "thinking of a move".to_owned(),
            Purpose::Analyse { nbest } => format!("analysing ({nbest} best moves)"),
            Purpose::Balance { two: false } => "looking for a balancing move".to_owned(),
            Purpose::Balance { two: true } => "looking for a balancing pair".to_owned(),
            Purpose::Opening(opening) => format!("deciding the opening ({})", opening.name()),
        };
        self.current =
            Some(Current { think, discard: false, stopping: false, errored: false, deadline });
        self.state("thinking", text).await;
    }

    /// The brain is unusable: said in words, the process ended.
    async fn fail(&mut self, text: String) {
        self.current = None;
        self.queued = None;
        if let Some(running) = self.brain.take() {
            running.process.kill().await;
        }
        self.fault = Some(text.clone());
        self.state("fault", text).await;
    }

    async fn exited(&mut self) {
        let Some(mut running) = self.brain.take() else { return };
        // Give the process a moment to be reaped so its status can be told.
        let mut status = None;
        for _ in 0..20 {
            status = running.process.exit_text();
            if status.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let stderr = running.process.stderr_tail();
        running.process.kill().await;
        let mut text = format!("{} exited", self.engine_name());
        if let Some(status) = status {
            let _ = write!(text, " ({status})");
        }
        if self.current.is_some() {
            text.push_str(" while thinking");
        }
        text.push('.');
        if !stderr.trim().is_empty() {
            let _ = write!(text, " Its last words: {}", excerpt(stderr.trim()));
        }
        self.fail(text).await;
    }

    async fn output(&mut self, output: Output) {
        match output {
            Output::Closed => self.exited().await,
            Output::Line(line) => self.line(&line).await,
        }
    }

    async fn line(&mut self, line: &str) {
        if line.trim().is_empty() {
            return;
        }
        let Ok(reply) = parse_reply(line) else {
            self.junk += 1;
            if self.junk >= JUNK_LIMIT {
                let text = format!(
                    "{} wrote {JUNK_LIMIT} lines in a row that are not the protocol (the last: \
                     \"{}\"): stopped.",
                    self.engine_name(),
                    excerpt(line)
                );
                self.fail(text).await;
            } else {
                let text = format!("not the protocol: \"{}\"", excerpt(line));
                self.emit(PageEvent::Message { text }).await;
            }
            return;
        };
        self.junk = 0;
        let opening =
            self.current.as_ref().is_some_and(|c| matches!(c.think.purpose, Purpose::Opening(_)));
        match reply {
            Reply::Move(p) | Reply::Suggest(p) if opening => {
                self.opening_answer(Answer::Moves(vec![p])).await;
            }
            Reply::Moves(points) if opening => self.opening_answer(Answer::Moves(points)).await,
            Reply::MovesWithCount { moves, count } if opening => {
                self.opening_answer(Answer::Declared(moves, count)).await;
            }
            Reply::Swap if opening => self.opening_answer(Answer::Swap).await,
            Reply::Move(p) | Reply::Suggest(p) => self.answer(vec![p]).await,
            Reply::Moves(points) => self.answer(points).await,
            // A stale answer (the think was given up) is dropped like a stale move.
            Reply::Swap | Reply::MovesWithCount { .. }
                if self.current.as_ref().is_some_and(|c| c.discard) =>
            {
                self.answer(Vec::new()).await;
            }
            Reply::Swap | Reply::MovesWithCount { .. } if self.current.is_some() => {
                let text = format!(
                    "{} answered \"{}\" where a move was asked.",
                    self.engine_name(),
                    excerpt(line.trim())
                );
                self.fail(text).await;
            }
            // A brain without detail lines: its summary is its best line.
            Reply::Summary(summary) if !self.detail_seen => {
                if let Some(line) = from_summary(&summary)
                    && self.current.as_ref().is_some_and(|c| !c.discard)
                {
                    self.lines.clear();
                    self.lines.insert(1, line);
                    self.dirty = true;
                }
            }
            Reply::Detail { key, value } => {
                self.detail_seen = true;
                if let Some(line) = self.detail.read(&key, &value)
                    && self.current.as_ref().is_some_and(|c| !c.discard)
                {
                    let numpv = line.numpv;
                    self.lines.insert(line.multipv, line);
                    if numpv > 0 {
                        self.lines.retain(|&k, _| k <= numpv);
                    }
                    self.dirty = true;
                }
            }
            Reply::Unknown(_) if self.unknown_expected => {
                // A Gomocup-only brain's answer to `yxshowinfo`.
                self.unknown_expected = false;
            }
            // A refusal (a size it does not play; `yxnbest` unknown to a Gomocup-only brain):
            // shown as it is, and the think is given up if no move follows soon.
            Reply::Error(_) | Reply::Unknown(_) => {
                if let Some(current) = self.current.as_mut() {
                    current.errored = true;
                    current.discard = true;
                    current.deadline = Some(Instant::now() + ERROR_GRACE);
                }
                self.emit(PageEvent::Message { text: excerpt(line.trim()) }).await;
            }
            Reply::Message(text) => {
                self.emit(PageEvent::Message { text: excerpt(&text) }).await;
            }
            // Search summaries, realtime marks, OK and the rest: the detail lines say it all.
            _ => {}
        }
    }

    /// The brain's move (two for a balanced pair): the answer to the current think.
    async fn answer(&mut self, points: Vec<Point>) {
        let Some(current) = self.current.take() else { return };
        self.flush().await;
        let think = &current.think;
        let wanted = match think.purpose {
            Purpose::Move | Purpose::Balance { two: false } => Some(1),
            Purpose::Balance { two: true } => Some(2),
            // Opening answers go to `opening_answer`.
            Purpose::Analyse { .. } | Purpose::Opening(_) => None,
        };
        if let (false, Some(wanted)) = (current.discard, wanted) {
            match self.check(think, &points, wanted) {
                Err(text) => {
                    self.fail(text).await;
                    return;
                }
                Ok(()) if think.purpose == Purpose::Move => {
                    let p = points[0];
                    let name = position::name(p, think.size);
                    self.emit(PageEvent::Move { id: think.id, x: p.x, y: p.y, name }).await;
                }
                Ok(()) => {
                    let moves = points.iter().map(|p| [p.x, p.y]).collect();
                    self.emit(PageEvent::Moves { id: think.id, moves }).await;
                }
            }
        }
        self.next_think().await;
    }

    /// Whether `points` are `wanted` legal moves, one after the other, from the think's position.
    fn check(&self, think: &Think, points: &[Point], wanted: usize) -> Result<(), String> {
        let engine = self.engine_name();
        if points.len() != wanted {
            let list: Vec<String> = points.iter().map(ToString::to_string).collect();
            return Err(format!(
                "{engine} answered {} where {wanted} move(s) were asked.",
                list.join(" ")
            ));
        }
        position::check_sequence(think.rule, think.size, &think.moves, points)
            .map_err(|e| format!("{engine} played {e}."))
    }

    /// The brain's answer to an opening decision: judged against the rule, then told to the
    /// page; an answer that breaks the rule is a fault, as an illegal move is.
    async fn opening_answer(&mut self, answer: Answer) {
        let Some(current) = self.current.take() else { return };
        self.flush().await;
        let think = &current.think;
        if let (false, Purpose::Opening(opening)) = (current.discard, think.purpose) {
            let judged = opening.judge(think.rule, think.size, &think.moves, &think.offers, answer);
            let xy = |points: &[Point]| points.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>();
            let id = think.id;
            let event = match judged {
                Err(text) => {
                    self.fail(format!("{}: {text}.", self.engine_name())).await;
                    return;
                }
                Ok(Decision::Swap) => PageEvent::Swap { id },
                Ok(Decision::Play(points)) => PageEvent::Moves { id, moves: xy(&points) },
                Ok(Decision::Declare { fourth, fifths }) => {
                    PageEvent::Declare { id, moves: xy(&[fourth]), fifths }
                }
                Ok(Decision::Offer(points)) => PageEvent::Offer { id, moves: xy(&points) },
            };
            self.emit(event).await;
        }
        self.next_think().await;
    }

    /// After an answer: the queued think, or idle.
    async fn next_think(&mut self) {
        match self.queued.take() {
            Some(next) => self.start_think(next).await,
            None => self.state("idle", "waiting").await,
        }
    }

    async fn flush(&mut self) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        self.last_flush = Instant::now();
        let Some(current) = self.current.as_ref().filter(|c| !c.discard) else { return };
        let id = current.think.id;
        let lines = distinct_lines(&self.lines);
        self.emit(PageEvent::Analysis { id, lines }).await;
    }

    async fn tick(&mut self) {
        let now = Instant::now();
        if self.dirty && now >= self.last_flush + FLUSH_EVERY {
            self.flush().await;
        }
        let Some(current) = self.current.as_mut() else { return };
        if current.deadline.is_none_or(|d| now < d) {
            return;
        }
        if current.errored {
            // The brain refused the think and will not answer it.
            self.current = None;
            match self.queued.take() {
                Some(next) => self.start_think(next).await,
                None => self.state("idle", "the brain refused (see its ERROR)").await,
            }
        } else if current.stopping {
            let text = format!(
                "{} did not answer yxstop within {} s: stopped it.",
                self.engine_name(),
                STOP_GRACE.as_secs()
            );
            self.fail(text).await;
        } else {
            let text = "over its time: yxstop sent".to_owned();
            self.emit(PageEvent::Message { text }).await;
            self.stop_current(false).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(multipv: u32, depth: u32, first: [u8; 2]) -> Candidate {
        Candidate { multipv, depth, pv: vec![first], ..Candidate::default() }
    }

    #[test]
    fn a_move_on_two_lines_of_different_depths_is_shown_once() {
        let lines: BTreeMap<u32, Candidate> =
            [(1, line(1, 10, [8, 5])), (2, line(2, 10, [6, 7])), (3, line(3, 9, [6, 7]))]
                .into_iter()
                .collect();
        let shown = distinct_lines(&lines);
        assert_eq!(shown.len(), 2);
        assert_eq!((shown[1].multipv, shown[1].depth), (2, 10));
    }
}
