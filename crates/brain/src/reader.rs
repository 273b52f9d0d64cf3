//! The stdin reader thread. It owns stdin for the whole session, so STOP, YXSTOP, END and INFO
//! take effect while the controller is searching; everything else goes to the controller in
//! arrival order.

use std::io::Read;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use renzoku_protocol::{Command, CommandParser, Info, LineSplitter, ParseError, Reply};

use crate::analysis::Analysis;
use crate::flags::Flags;
use crate::output::Output;
use crate::settings::Settings;

/// Longest line kept; the rest of a longer line is dropped (no command is that long).
const MAX_LINE: usize = 64 * 1024;

/// What the controller receives.
#[derive(Debug)]
pub enum Message {
    /// A command, its sequence number (see [`Flags`]) and when it arrived (time spent waiting
    /// in the queue counts against the turn).
    Command(u64, Instant, Command),
    /// A command that could not be parsed: answered `ERROR <text>` in turn.
    Error(String),
    /// END or end of input: the controller finishes what is queued before it and stops.
    Finish,
}

/// How long after END the process may live at most (contract §1: 200 ms), less a margin for
/// the exit itself.
const END_GRACE: Duration = Duration::from_millis(170);

pub struct Reader {
    pub tx: Sender<Message>,
    /// Disconnected when the controller has finished.
    pub done: Receiver<()>,
    pub flags: Arc<Flags>,
    pub settings: Arc<Mutex<Settings>>,
    /// What the searches know, for `INFO evaluate`.
    pub analysis: Arc<Analysis>,
    pub out: Output,
    /// Yixin mode: from the first `yx…` command or lower-case `start` until END.
    yixin: bool,
    parser: CommandParser,
}

impl Reader {
    pub fn new(
        tx: Sender<Message>,
        done: Receiver<()>,
        flags: Arc<Flags>,
        settings: Arc<Mutex<Settings>>,
        analysis: Arc<Analysis>,
        out: Output,
    ) -> Reader {
        Reader {
            tx,
            done,
            flags,
            settings,
            analysis,
            out,
            yixin: false,
            parser: CommandParser::new(),
        }
    }

    /// Reads until END or end of input, then ends the process once the controller has done
    /// what was queued before (see [`Reader::end`] and [`Reader::eof`]).
    pub fn run(mut self, mut input: impl Read) -> ! {
        let mut splitter = LineSplitter::new(MAX_LINE);
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match input.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    eprintln!("pbrain-renzoku: stdin: {e}");
                    break;
                }
            };
            for line in splitter.push(&buf[..n]) {
                if line.truncated {
                    eprintln!("pbrain-renzoku: line longer than {MAX_LINE} bytes cut");
                }
                self.line(&line.text);
            }
        }
        if let Some(line) = splitter.finish() {
            self.line(&line.text);
        }
        if let Err(e) = self.parser.finish() {
            eprintln!("pbrain-renzoku: {e}");
        }
        self.eof()
    }

    fn line(&mut self, text: &str) {
        let mut result = self.parser.feed(text);
        loop {
            self.handle(result);
            match self.parser.resume() {
                Some(next) => result = next,
                None => break,
            }
        }
    }

    fn handle(&mut self, result: Result<Option<Command>, ParseError>) {
        match result {
            Ok(None) => {}
            Ok(Some(command)) => self.command(command),
            Err(e) => self.forward(Message::Error(e.to_string())),
        }
    }

    fn command(&mut self, command: Command) {
        if is_yixin(&command) {
            self.yixin = true;
        }
        match command {
            Command::End => self.end(),
            Command::Stop | Command::YxStop => self.flags.request_stop(),
            // CLEARHASH during a search stops it (document §3.8), then clears the memory.
            Command::ClearHash => {
                self.flags.request_stop();
                self.forward_command(Command::ClearHash);
            }
            // Answered at once from the running or last search, unless commands that may
            // change the position are still waiting: then in turn, after them.
            Command::Info(Info::Evaluate(path)) => {
                if self.analysis.in_sync(self.flags.last_seq()) {
                    self.out.send(&self.analysis.evaluate(&path));
                } else {
                    self.forward_command(Command::Info(Info::Evaluate(path)));
                }
            }
            // Applied at once (a search keeps the net it started with); the hash table's values
            // came from the old net, so it is cleared in turn, after a running search.
            Command::Info(Info::Unknown { key, value }) if key == "eval_file" => {
                let reply = crate::eval_file::apply(&value);
                let changed = matches!(reply, Reply::Message(_));
                self.out.send(&reply);
                if changed {
                    self.forward_command(Command::ClearHash);
                }
            }
            Command::Info(info) => {
                let mut settings = self.settings.lock().unwrap_or_else(PoisonError::into_inner);
                if let Err(reason) = settings.apply(&info, self.yixin) {
                    self.out.send(&Reply::Error(reason));
                }
            }
            other => self.forward_command(other),
        }
    }

    fn forward_command(&mut self, command: Command) {
        let seq = self.flags.next_seq();
        self.send(Message::Command(seq, Instant::now(), command));
    }

    /// Forwards a parse error; it takes a sequence number too, so that a ponder search that
    /// starts after it was counted sees that something is waiting (see [`Flags`]).
    fn forward(&mut self, message: Message) {
        self.flags.next_seq();
        self.send(message);
    }

    /// A running ponder search is interrupted *before* the message is queued: the controller
    /// clears the flag only after receiving, so the flag raised for a command can never land
    /// on the ponder search that this very command starts (it used to be raised after the
    /// send, and an explicit `PONDER` could end its own search at once).
    fn send(&mut self, message: Message) {
        self.flags.forwarded();
        if self.tx.send(message).is_err() {
            eprintln!("pbrain-renzoku: controller gone");
            self.exit();
        }
    }

    /// END: the commands received before it are still executed in order, except searches: the
    /// running one is stopped and prints nothing, queued ones are skipped. The process exits
    /// when that is done, and within 200 ms of END whatever happens (contract §1).
    fn end(&self) -> ! {
        let deadline = Instant::now() + END_GRACE;
        self.out.mute_searches();
        self.flags.request_end();
        let _ = self.tx.send(Message::Finish);
        let _ = self.done.recv_deadline(deadline);
        self.exit()
    }

    /// End of input without END: everything queued runs as usual, searches with their normal
    /// limits and replies (a search with no limit at all is stopped as by STOP, since no STOP
    /// can come any more); then the process exits.
    fn eof(&self) -> ! {
        self.flags.input_closed();
        let _ = self.tx.send(Message::Finish);
        let _ = self.done.recv();
        self.exit()
    }

    /// Prints nothing more and leaves (search threads die with the process).
    fn exit(&self) -> ! {
        self.flags.request_stop();
        self.out.close();
        std::process::exit(0)
    }
}

fn is_yixin(command: &Command) -> bool {
    matches!(
        command,
        Command::YxStart { .. }
            | Command::YxBoard(_)
            | Command::YxStop
            | Command::YxShowForbid
            | Command::YxShowInfo
            | Command::YxHashClear
            | Command::YxShowHashUsage
            | Command::YxPath { .. }
            | Command::YxNbest(_)
            | Command::YxBalanceOne(_)
            | Command::YxBalanceTwo(_)
            | Command::YxSearchDefend
            | Command::YxBlock(_)
            | Command::YxBlockUndo(_)
            | Command::YxBlockReset
            | Command::YxBlockPath(_)
            | Command::YxBlockPathUndo(_)
            | Command::YxBlockPathReset
            | Command::YxForbid { .. }
            | Command::YxSwap2Step(_)
            | Command::YxSoosorvStep { .. }
            | Command::YxDatabase { .. }
    )
}
