//! The stdin reader thread. It owns stdin for the whole session, so STOP, YXSTOP, END and INFO
//! take effect while the controller is searching; everything else goes to the controller in
//! arrival order.

use std::io::Read;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crossbeam_channel::Sender;
use renzoku_protocol::{Command, CommandParser, Info, LineSplitter, ParseError, Reply};

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
}

pub struct Reader {
    pub tx: Sender<Message>,
    pub flags: Arc<Flags>,
    pub settings: Arc<Mutex<Settings>>,
    pub out: Output,
    /// Yixin mode: from the first `yx…` command or lower-case `start` until END.
    yixin: bool,
    parser: CommandParser,
}

impl Reader {
    pub fn new(
        tx: Sender<Message>,
        flags: Arc<Flags>,
        settings: Arc<Mutex<Settings>>,
        out: Output,
    ) -> Reader {
        Reader { tx, flags, settings, out, yixin: false, parser: CommandParser::new() }
    }

    /// Reads until END or end of input, then ends the process (EOF = END).
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
        self.end()
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
            Command::Info(Info::Evaluate(path)) => {
                self.forward_command(Command::Info(Info::Evaluate(path)));
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
        self.forward(Message::Command(seq, Instant::now(), command));
    }

    fn forward(&mut self, message: Message) {
        if self.tx.send(message).is_err() {
            eprintln!("pbrain-renzoku: controller gone");
            self.end();
        }
        self.flags.forwarded();
    }

    /// END: print nothing more and leave at once (the search threads die with the process).
    fn end(&self) -> ! {
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
