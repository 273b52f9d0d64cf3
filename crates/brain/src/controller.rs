//! The controller thread: owns the position, the engine and the Yixin root-move exclusions, and
//! executes commands one at a time in arrival order (commands that arrive during a search wait in
//! the channel; none is dropped).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender};
use renzoku_engine::{Engine, EngineConfig, Limits};
use renzoku_protocol::{About, Command, Info, Reply};
use renzoku_rules::{Board, Point, Rule, is_legal};

use crate::analysis::Analysis;
use crate::flags::Flags;
use crate::output::Output;
use crate::position;
use crate::reader::Message;
use crate::settings::Settings;
use crate::summary;
use crate::think::{self, Progress};

/// Longest part of an unknown line echoed back in `UNKNOWN`.
const MAX_ECHO: usize = 1000;

pub struct Controller {
    pub(crate) rx: Receiver<Message>,
    pub(crate) flags: Arc<Flags>,
    pub(crate) settings: Arc<Mutex<Settings>>,
    /// Published position and search state for `INFO evaluate`.
    pub(crate) analysis: Arc<Analysis>,
    pub(crate) out: Output,
    /// `None` until START.
    pub(crate) board: Option<Board>,
    /// Created at START (or at the first search), sized from the settings of that moment.
    pub(crate) engine: Option<Engine>,
    /// The hash table was allocated at START and nothing has used it since: the first search
    /// may still give it the size of the settings it runs under, losing nothing. Managers send
    /// `INFO max_memory` after the first START, and without this the first game's table kept the
    /// default size and the second game's START allocated another, whose pages the threads then
    /// faulted in during that game's first moves.
    table_unused: bool,
    /// Yixin `yxblock` root moves never to be chosen.
    pub(crate) excluded: Vec<Point>,
    /// We just played a move: ponder on the opponent's time if allowed.
    pub(crate) may_ponder: bool,
    /// When the command being executed arrived.
    pub(crate) received: Instant,
    /// Dropped when the controller has finished (the reader waits for that before exiting).
    done: Option<Sender<()>>,
}

impl Controller {
    pub fn new(
        rx: Receiver<Message>,
        flags: Arc<Flags>,
        settings: Arc<Mutex<Settings>>,
        analysis: Arc<Analysis>,
        out: Output,
        done: Sender<()>,
    ) -> Controller {
        Controller {
            rx,
            flags,
            settings,
            analysis,
            out,
            board: None,
            engine: None,
            table_unused: false,
            excluded: Vec::new(),
            may_ponder: false,
            received: Instant::now(),
            done: Some(done),
        }
    }

    /// Executes the queued commands in order until END or end of input has been processed.
    /// After END, queued searches are skipped (the others are still answered); after end of
    /// input everything queued runs. Returning drops `done`, which lets the reader exit.
    pub fn run(mut self) {
        while let Ok(message) = self.rx.recv() {
            self.may_ponder = false;
            let mut last = None;
            match message {
                Message::Finish => break,
                Message::Error(text) => self.error(text),
                Message::Command(seq, received, command) => {
                    last = Some(seq);
                    let searching = searches(&command);
                    if searching && self.flags.ending() {
                        continue;
                    }
                    self.received = received;
                    self.out.begin_command(searching);
                    self.guarded(seq, command);
                    self.out.begin_command(false);
                    self.analysis.command_done(self.board.as_ref(), seq);
                }
            }
            // Automatic pondering only when allowed (auto_pondering / pondering 1) and never
            // in analysis mode (document §3.3.6).
            if self.may_ponder
                && let Some(seq) = last
            {
                let settings = self.settings();
                if settings.pondering && !settings.analysis_mode {
                    self.ponder(None, seq, false);
                }
            }
        }
        drop(self.done.take());
    }

    /// Executes a command; a panic inside (a bug) becomes an ERROR reply instead of a silent
    /// brain: the position is kept, the engine is rebuilt from scratch.
    fn guarded(&mut self, seq: u64, command: Command) {
        let name: String =
            command.to_string().lines().next().unwrap_or_default().chars().take(80).collect();
        let result = catch_unwind(AssertUnwindSafe(|| self.command(seq, command)));
        if result.is_err() {
            eprintln!("pbrain-renzoku: internal error while executing `{name}`");
            self.engine = None;
            self.may_ponder = false;
            self.error(format!("internal error while executing {name}"));
        }
    }

    pub(crate) fn settings(&self) -> Settings {
        self.settings.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub(crate) fn error(&self, text: impl Into<String>) {
        self.out.send(&Reply::Error(text.into()));
    }

    /// The current board, or an ERROR when START has not come yet.
    pub(crate) fn board(&self) -> Option<&Board> {
        if self.board.is_none() {
            self.error("no board yet: send START first");
        }
        self.board.as_ref()
    }

    fn command(&mut self, seq: u64, command: Command) {
        match command {
            Command::Start(size) => self.start(size, size),
            Command::RectStart { width, height } => self.start(width, height),
            // Yixin-Board sends `start W H` and then every point as row,col, which we take as
            // sent: the first coordinate runs over the H rows, so our board is H "wide".
            Command::YxStart { width, height } => self.start(height, width),
            Command::Restart => {
                if let Some(board) = self.board.as_mut() {
                    board.clear();
                    self.excluded.clear();
                    self.new_game();
                    self.out.send(&Reply::Ok);
                } else {
                    self.error("RESTART before START");
                }
            }
            Command::Begin => {
                let Some(board) = self.board() else { return };
                if board.stone_count() > 0 {
                    self.error("BEGIN: the board is not empty");
                    return;
                }
                let board = board.clone();
                self.think_and_reply(seq, board);
            }
            Command::Turn(p) => {
                let Some(board) = self.board() else { return };
                match position::after_move(board, p) {
                    Ok(next) => self.think_and_reply(seq, next),
                    Err(reason) => self.error(format!("TURN {p}: {reason}")),
                }
            }
            Command::Board(stones) => {
                let Some(board) = self.board() else { return };
                match position::from_fields(board, &stones) {
                    Ok(next) => self.think_and_reply(seq, next),
                    Err(reason) => self.error(format!("BOARD: {reason}")),
                }
            }
            Command::Info(Info::Evaluate(path)) => self.out.send(&self.analysis.evaluate(&path)),
            Command::Info(_) | Command::End | Command::Stop | Command::YxStop => {
                // Handled by the reader thread; nothing reaches here in practice.
            }
            Command::About => self.out.send(&Reply::About(about())),
            Command::Takeback(p) => self.takeback(p),
            Command::Play(p) => self.play(p),
            Command::ProtocolVersion => self.out.send(&Reply::Move(Point::new(1, 0))),
            Command::ClearHash | Command::YxHashClear => {
                if let Some(engine) = self.engine.as_mut() {
                    engine.clear_hash();
                }
            }
            Command::Ponder(ms) => self.ponder(ms, seq, true),
            Command::Unknown(line) => {
                // Control characters (junk input) are not echoed raw: the manager's log is text.
                let echo: String = line
                    .chars()
                    .take(MAX_ECHO)
                    .map(|c| if c.is_control() { '?' } else { c })
                    .collect();
                self.out.send(&Reply::Unknown(echo));
            }
            other => self.extended(seq, other),
        }
    }

    fn start(&mut self, width: u32, height: u32) {
        match position::new_board(width, height) {
            Ok(board) => {
                self.board = Some(board);
                // The yxblock list survives START, as in Rapfi: Yixin-Board sends `start`
                // before every board and blocks squares once, until `yxblockreset`.
                self.new_game();
                self.out.send(&Reply::Ok);
            }
            Err(reason) => self.error(reason),
        }
    }

    fn takeback(&mut self, p: Point) {
        let Some(board) = self.board() else { return };
        let mut next = board.clone();
        match next.remove(p) {
            Ok(_) => {
                self.board = Some(next);
                self.out.send(&Reply::Ok);
            }
            Err(e) => self.error(format!("TAKEBACK {p}: {e}")),
        }
    }

    /// `PLAY x,y` after our SUGGEST: play that move for us and echo it.
    fn play(&mut self, p: Point) {
        let rule = self.settings().rule;
        let Some(board) = self.board() else { return };
        if !board.contains(p) || !is_legal(board, p, board.side_to_move(), rule) {
            self.error(format!("PLAY {p}: not a legal move here"));
            return;
        }
        let mut next = board.clone();
        if next.play(p).is_ok() {
            self.board = Some(next);
            self.out.send(&Reply::Move(p));
            self.may_ponder = true;
        }
    }

    /// Makes sure the engine matches the settings and returns it, with the pattern tables of
    /// the current rule built (waiting for them, if the background thread has not finished, is
    /// done here so that the caller counts it against the turn). During a game the hash table
    /// is only ever shrunk (to obey a new memory limit at once); it takes its full size at the
    /// next START/RESTART, or at once while nothing has used it since START.
    pub(crate) fn engine(&mut self, settings: &Settings) -> &mut Engine {
        renzoku_engine::prepare(settings.rule);
        self.engine_unprepared(settings)
    }

    /// As [`Controller::engine`] without waiting for the pattern tables (for callers that
    /// will not search with it).
    pub(crate) fn engine_unprepared(&mut self, settings: &Settings) -> &mut Engine {
        let config =
            EngineConfig { hash_bytes: settings.hash_bytes(), threads: settings.thread_num };
        let unused = std::mem::take(&mut self.table_unused);
        let engine = self.engine.get_or_insert_with(|| Engine::new(config));
        if engine.config().hash_bytes > config.hash_bytes || unused {
            engine.set_hash_bytes(config.hash_bytes);
        }
        engine.set_threads(config.threads);
        engine.use_huge_pages(settings.huge_pages());
        engine
    }

    /// START/RESTART: a new game. Must answer within milliseconds (managers time START), so
    /// nothing slow happens here: the hash table is kept as it is when its size is unchanged
    /// (entries of another rule or board size can never match, the engine salts its keys with
    /// both; same-rule same-size entries are valid and stay), a new table of another size is
    /// allocated zeroed by the OS page by page, and the pattern tables are being built by the
    /// background thread started with the process.
    fn new_game(&mut self) {
        let settings = self.settings();
        let wanted = settings.hash_bytes();
        if let Some(engine) = self.engine.as_mut() {
            if engine.config().hash_bytes != wanted {
                engine.set_hash_bytes(wanted);
                self.table_unused = true;
            }
        } else {
            let config = EngineConfig { hash_bytes: wanted, threads: settings.thread_num };
            self.engine = Some(Engine::new(config));
            self.table_unused = true;
        }
    }

    /// The limits of a turn from the current settings.
    pub(crate) fn turn_limits(&self, settings: &Settings, board: &Board) -> Limits {
        let mut limits = settings.limits(board.stone_count());
        limits.excluded_moves.clone_from(&self.excluded);
        // Yixin-Board's "no time limit" levels send `max_depth` W×H, meaning no depth limit:
        // without this a board under 200 squares would not count as unbounded, and end of input
        // would not stop its search.
        let squares = u32::from(board.width()) * u32::from(board.height());
        if settings.no_time_limit() && limits.max_depth.is_some_and(|d| d >= squares) {
            limits.max_depth = None;
        }
        limits
    }

    /// Searches `board` (which becomes the position), sends the summary and the move (or
    /// SUGGEST in analysis mode, keeping the position before our move).
    fn think_and_reply(&mut self, seq: u64, board: Board) {
        let settings = self.settings();
        let limits = self.turn_limits(&settings, &board);
        self.board = Some(board.clone());
        match self.think(seq, &board, &settings, &limits) {
            None => self.error("no legal move left"),
            Some(p) if settings.analysis_mode => self.out.send(&Reply::Suggest(p)),
            Some(p) => {
                let mut next = board;
                if next.play(p).is_ok() {
                    self.board = Some(next);
                }
                self.out.send(&Reply::Move(p));
                self.may_ponder = true;
            }
        }
    }

    /// One search answering command `seq`: progress lines, then the summary line.
    pub(crate) fn think(
        &mut self,
        seq: u64,
        board: &Board,
        settings: &Settings,
        limits: &Limits,
    ) -> Option<Point> {
        let out = self.out.clone();
        let flags = Arc::clone(&self.flags);
        flags.arm_stop(seq, unbounded(limits));
        let lines =
            limits.multi_pv.clamp(1, u32::try_from(board.empty_count()).unwrap_or(1).max(1));
        let analysis = Arc::clone(&self.analysis);
        let mut progress = Progress::new(&out, settings.show_detail)
            .with_num_pv(lines)
            .publishing(&analysis)
            .reporting(board, settings.message_format);
        let received = self.received;
        let limits = limits_after_wait(limits, received);
        if !tables_ready_in_time(settings.rule, &limits) {
            let best = think::quick_move(board, settings.rule, &limits.excluded_moves);
            let quick = think::quick_result(best, received.elapsed());
            out.send(&summary::result_reply(board, &quick, settings.message_format, 1));
            return best;
        }
        let engine = self.engine(settings);
        analysis.search_started(board, settings.rule, engine.hash_probe(), Some(seq));
        let (mut best, result) =
            think::search(engine, board, settings.rule, &limits, &flags.stop, &mut progress);
        analysis.search_finished(&result, true);
        // Blocked squares (yxblock) are never played, whichever shortcut of the search (a five,
        // a proven VCF, an instant answer) found them: another legal move when one exists.
        if best.is_some_and(|p| limits.excluded_moves.contains(&p)) {
            best = think::quick_move(board, settings.rule, &limits.excluded_moves).or(best);
        }
        progress.finish(best);
        // Multi-PV (yxnbest, yxsearchdefend): one line per PV, the result last.
        for reply in
            summary::final_replies(board, &result, &progress.lines, settings.message_format)
        {
            out.send(&reply);
        }
        best
    }

    /// Thinks on the opponent's time (or for `PONDER ms`) until a command arrives or STOP.
    /// Nothing is printed; what it learns stays in the hash table.
    /// `seq`: the `PONDER` command being executed, or the command whose reply is followed by
    /// automatic pondering. `explicit` (PONDER): its position counts as published, so an
    /// `INFO evaluate` is answered from the ponder search instead of waiting for it (and
    /// ending it); automatic pondering runs after its command is done.
    fn ponder(&mut self, ms: Option<i64>, seq: u64, explicit: bool) {
        let settings = self.settings();
        let Some(board) = self.board.clone() else { return };
        if board.empty_count() == 0 {
            return;
        }
        if !self.flags.arm_interrupt(seq) || !self.rx.is_empty() {
            return;
        }
        let limits = match ms.and_then(|ms| u64::try_from(ms).ok()) {
            Some(ms) => Limits::movetime(ms),
            None => Limits::default(),
        };
        let out = self.out.clone();
        let flags = Arc::clone(&self.flags);
        let analysis = Arc::clone(&self.analysis);
        let engine = self.engine(&settings);
        // `INFO evaluate` during pondering describes the ponder search.
        analysis.search_started(
            &board,
            settings.rule,
            engine.hash_probe(),
            explicit.then_some(seq),
        );
        let result = engine.search(
            &board,
            settings.rule,
            &limits,
            &flags.interrupt,
            &mut Progress::silent(&out).publishing(&analysis),
        );
        analysis.search_finished(&result, false);
        // A STOP meant for the ponder search must not stop the next real search.
        flags.interrupt.store(false, Ordering::SeqCst);
    }
}

/// Commands that search (skipped when END has come before they could run).
fn searches(command: &Command) -> bool {
    matches!(
        command,
        Command::Begin
            | Command::Turn(_)
            | Command::Board(_)
            | Command::Swap2Board(_)
            | Command::Ponder(_)
            | Command::Balance { .. }
            | Command::Opening { .. }
            | Command::YxNbest(_)
            | Command::YxBalanceOne(_)
            | Command::YxBalanceTwo(_)
            | Command::YxSearchDefend
            | Command::YxSwap2Step(_)
            | Command::YxSoosorvStep { .. }
    )
}

/// True when `limits` put no bound at all on a search (it would end only by STOP).
pub(crate) fn unbounded(limits: &Limits) -> bool {
    limits.turn_time_ms.is_none()
        && limits.time_left_ms.is_none_or(|t| t >= i64::from(i32::MAX))
        && limits.match_time_ms.is_none()
        // Yixin-Board's "no limit" levels send `max_depth` W×H, a depth never reached.
        && limits.max_depth.is_none_or(|d| d >= 200)
        && limits.max_nodes.is_none()
}

/// The turn's clock started when the command arrived: time spent since (queued behind a search,
/// resizing the hash) is taken off this move's limits.
/// Waits for the pattern tables of `rule` (built on a background thread from process start) as
/// long as the turn allows: the turn limit or a tenth of the time left, less the protocol lag and
/// a margin for answering. Without a time limit it waits as long as the build takes.
pub(crate) fn tables_ready_in_time(rule: Rule, limits: &Limits) -> bool {
    if renzoku_engine::is_prepared(rule) {
        return true;
    }
    let reserve = limits.protocol_lag_ms + 10;
    let turn = limits.turn_time_ms.map(|t| t.saturating_sub(reserve));
    let left = limits
        .time_left_ms
        .filter(|&t| t < i64::from(i32::MAX))
        .map(|t| (t.max(0) as u64 / 10).saturating_sub(reserve));
    let budget = match (turn, left) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let Some(budget) = budget else {
        renzoku_engine::prepare(rule);
        return true;
    };
    let (tx, rx) = crossbeam_channel::bounded(1);
    let spawned = std::thread::Builder::new().name("prepare".into()).spawn(move || {
        renzoku_engine::prepare(rule);
        let _ = tx.send(());
    });
    spawned.is_ok() && rx.recv_timeout(std::time::Duration::from_millis(budget)).is_ok()
}

pub(crate) fn limits_after_wait(limits: &Limits, received: Instant) -> Limits {
    let waited = received.elapsed().as_millis() as u64;
    let mut limits = limits.clone();
    limits.turn_time_ms = limits.turn_time_ms.map(|t| t.saturating_sub(waited));
    limits.time_left_ms = limits
        .time_left_ms
        .map(|t| if t >= i64::from(i32::MAX) { t } else { t.saturating_sub(waited as i64) });
    limits
}

fn about() -> About {
    let fields = [
        ("name", "Renzoku"),
        ("version", env!("CARGO_PKG_VERSION")),
        ("author", "The Renzoku developers"),
        ("country", "International"),
        ("www", "https://github.com/renzoku/renzoku"),
        ("email", ""),
    ];
    About { fields: fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect() }
}
