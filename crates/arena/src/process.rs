//! Engine processes: each in its own process group, stdout and stderr drained by their own
//! threads with bounded line lengths, killed as a whole group and reaped.
//!
//! Every live group is also in a process-wide registry so that Ctrl-C / SIGTERM can kill them
//! all ([`kill_all`]) before the runner exits.

use std::collections::HashSet;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

use crate::logger::Logger;

/// Longest line kept; the rest of a longer line is read and dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spawn {
    pub program: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
}

impl Spawn {
    /// c-gomoku-cli's rule: when the program contains a `/`, run it from its own directory.
    pub fn from_command(cmd: &str) -> Result<Spawn, String> {
        let mut words = crate::options::split_command(cmd);
        if words.is_empty() {
            return Err("empty engine command".to_string());
        }
        let program = words.remove(0);
        match program.rfind('/') {
            Some(i) => {
                let dir = if i == 0 { "/".to_string() } else { program[..i].to_string() };
                Ok(Spawn {
                    program: format!("./{}", &program[i + 1..]),
                    args: words,
                    dir: Some(dir.into()),
                })
            }
            None => Ok(Spawn { program, args: words, dir: None }),
        }
    }
}

/// What the engine printed on stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A complete line (without its end), valid UTF-8, at most [`MAX_LINE`] bytes.
    Line(String),
    /// A line that was not valid UTF-8 or too long; a lossy, shortened rendering.
    Junk(String),
    /// stdout closed (the engine exited or closed it).
    Eof,
}

fn registry() -> &'static Mutex<HashSet<i32>> {
    static LIVE: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    LIVE.get_or_init(|| Mutex::new(HashSet::new()))
}

/// Kills every process group started by this process and not yet reaped.
pub fn kill_all() {
    if let Ok(live) = registry().lock() {
        for &pgid in live.iter() {
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
    }
}

/// How many engine process groups are alive (started and not yet reaped).
pub fn live_count() -> usize {
    registry().lock().map_or(0, |l| l.len())
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    name: String,
    child: Child,
    pgid: i32,
    stdin: Option<ChildStdin>,
    out: Receiver<(Output, Instant)>,
    log: Option<Logger>,
    reaped: bool,
    end_sent: bool,
}

impl EngineProcess {
    /// Starts the engine in a new process group. `stderr_sink` receives its stderr lines (they
    /// are drained in any case).
    pub fn spawn(spec: &Spawn, name: &str, log: Option<Logger>) -> io::Result<EngineProcess> {
        let mut cmd = Command::new(&spec.program);
        cmd.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        // Register under the lock so that kill_all never misses a group.
        let mut live = registry().lock().map_err(|_| io::Error::other("registry poisoned"))?;
        let mut child = cmd.spawn()?;
        let pgid = child.id() as i32;
        live.insert(pgid);
        drop(live);
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(4096);
        if let Some(stdout) = stdout {
            let tx = tx.clone();
            let _ = thread::Builder::new()
                .name(format!("{name}-stdout"))
                .spawn(move || read_lines(stdout, |o| tx.send((o, Instant::now())).is_ok()));
        }
        drop(tx);
        if let Some(stderr) = stderr {
            let log = log.clone();
            let who = name.to_string();
            let _ = thread::Builder::new().name(format!("{name}-stderr")).spawn(move || {
                drain_stderr(stderr, log.as_ref(), &who);
            });
        }
        Ok(EngineProcess {
            name: name.to_string(),
            child,
            pgid,
            stdin,
            out: rx,
            log,
            reaped: false,
            end_sent: false,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The leader's process id, which is also the process group id.
    pub fn pid(&self) -> i32 {
        self.pgid
    }

    /// Sends one line (a newline is added). Fails when the engine closed its stdin.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        self.send_all(std::slice::from_ref(&line))
    }

    /// Sends lines (a newline is added to each) with a single write.
    pub fn send_all<S: AsRef<str>>(&mut self, lines: &[S]) -> io::Result<()> {
        let mut buf = Vec::with_capacity(lines.iter().map(|l| l.as_ref().len() + 1).sum());
        for line in lines {
            let line = line.as_ref();
            if let Some(log) = &self.log {
                log.line(&self.name, "<-", line);
            }
            buf.extend_from_slice(line.as_bytes());
            buf.push(b'\n');
        }
        let stdin =
            self.stdin.as_mut().ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        stdin.write_all(&buf)?;
        stdin.flush()
    }

    /// Sends `END` once (later calls do nothing).
    pub fn send_end(&mut self) {
        if !self.end_sent {
            self.end_sent = true;
            let _ = self.send("END");
        }
    }

    /// Throws away output already received (left over from the previous game); returns
    /// false when stdout has been closed.
    pub fn discard_pending(&mut self) -> bool {
        loop {
            match self.out.try_recv() {
                Ok((Output::Eof, _)) | Err(mpsc::TryRecvError::Disconnected) => return false,
                Ok((out, _)) => {
                    if let (Some(log), Output::Line(l) | Output::Junk(l)) = (&self.log, &out) {
                        log.line(&self.name, "-> (discarded)", l);
                    }
                }
                Err(mpsc::TryRecvError::Empty) => return true,
            }
        }
    }

    /// The next stdout output before `deadline`, with the instant it was read; `None` on
    /// timeout.
    pub fn recv(&mut self, deadline: Instant) -> Option<(Output, Instant)> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let got = match self.out.recv_timeout(wait) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => (Output::Eof, Instant::now()),
        };
        if let Some(log) = &self.log {
            match &got.0 {
                Output::Line(l) => log.line(&self.name, "->", l),
                Output::Junk(l) => log.line(&self.name, "-> (junk)", l),
                Output::Eof => log.line(&self.name, "->", "(end of output)"),
            }
        }
        Some(got)
    }

    /// Whether the leader process has exited (without reaping it, so that its process group id
    /// cannot be reused before [`EngineProcess::kill`]).
    pub fn has_exited(&self) -> bool {
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(Pid::from_raw(self.pgid)), flags) {
            Ok(status) => status != nix::sys::wait::WaitStatus::StillAlive,
            Err(_) => true,
        }
    }

    /// Sends `END`, waits up to `grace` for the engine to exit, then kills its whole process
    /// group (children included) and reaps it.
    pub fn shutdown(mut self, grace: Duration) {
        self.send_end();
        self.stdin = None;
        let until = Instant::now() + grace;
        while !self.has_exited() && Instant::now() < until {
            thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }

    /// Kills the process group and reaps the leader. Idempotent.
    pub fn kill(&mut self) {
        if self.reaped {
            return;
        }
        self.stdin = None;
        let _ = killpg(Pid::from_raw(self.pgid), Signal::SIGKILL);
        let _ = self.child.wait();
        self.reaped = true;
        if let Ok(mut live) = registry().lock() {
            live.remove(&self.pgid);
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes; LF, CR LF and CR end a line.
fn read_lines(stream: impl Read, mut sink: impl FnMut(Output) -> bool) {
    let mut reader = BufReader::with_capacity(64 * 1024, stream);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut after_cr = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(b) => b,
        };
        let mut used = 0;
        for &b in buf {
            used += 1;
            if after_cr && b == b'\n' {
                after_cr = false;
                continue;
            }
            after_cr = b == b'\r';
            if b == b'\n' || b == b'\r' {
                let out = finish_line(&line, too_long);
                line.clear();
                too_long = false;
                if !sink(out) {
                    return;
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            } else {
                too_long = true;
            }
        }
        reader.consume(used);
    }
    if !line.is_empty() && !sink(finish_line(&line, too_long)) {
        return;
    }
    sink(Output::Eof);
}

fn finish_line(bytes: &[u8], too_long: bool) -> Output {
    match std::str::from_utf8(bytes) {
        Ok(s) if !too_long => Output::Line(s.to_string()),
        _ => {
            let shown: String = String::from_utf8_lossy(&bytes[..bytes.len().min(80)]).into_owned();
            let why = if too_long { "line too long" } else { "not UTF-8" };
            Output::Junk(format!("{shown}… ({why}, {} bytes kept)", bytes.len()))
        }
    }
}

fn drain_stderr(stream: impl Read, log: Option<&Logger>, who: &str) {
    read_lines(stream, |out| {
        if let (Some(log), Output::Line(l) | Output::Junk(l)) = (log, &out) {
            log.line(who, "!>", l);
        }
        true
    });
}
