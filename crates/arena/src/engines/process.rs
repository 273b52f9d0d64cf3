//! Engine processes: each in its own process group, killed as a whole group and reaped.
//!
//! stdout is read by the thread that plays the game, straight from the pipe with `poll` and a
//! deadline (no reader thread, no channel: one wake-up per reply, as c-gomoku-cli); stderr is
//! drained by its own thread so that an engine can never block on it. Lines are bounded.
//!
//! Every live group is also in a process-wide registry so that Ctrl-C / SIGTERM can kill them
//! all ([`kill_all`]) before the runner exits.

use std::collections::{HashSet, VecDeque};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;

use crate::engines::logger::Logger;

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
        let mut words = crate::engines::command::split_command(cmd);
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
    out: StdoutReader,
    log: Option<Logger>,
    reaped: bool,
    end_sent: bool,
    /// Stopped with SIGSTOP by [`EngineProcess::pause`].
    paused: bool,
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
            out: StdoutReader::new(stdout),
            log,
            reaped: false,
            end_sent: false,
            paused: false,
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

    /// Throws away output already sent (left over from the previous game); returns false when
    /// stdout has been closed.
    pub fn discard_pending(&mut self) -> bool {
        loop {
            match self.out.next(Instant::now()) {
                Some((Output::Eof, _)) => return false,
                Some((Output::Line(l) | Output::Junk(l), _)) => {
                    if let Some(log) = &self.log {
                        log.line(&self.name, "-> (discarded)", &l);
                    }
                }
                None => return true,
            }
        }
    }

    /// The next stdout output before `deadline`, with the instant it was read; `None` on
    /// timeout. After the end of the output, every call returns [`Output::Eof`].
    pub fn recv(&mut self, deadline: Instant) -> Option<(Output, Instant)> {
        let got = self.out.next(deadline)?;
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

    /// Stops the whole process group (SIGSTOP), so that it cannot use the CPU while the
    /// opponent thinks (GomocupJudge's practice against pondering). Lines sent meanwhile wait
    /// in the pipe.
    pub fn pause(&mut self) -> io::Result<()> {
        if self.reaped || self.paused {
            return Ok(());
        }
        killpg(Pid::from_raw(self.pgid), Signal::SIGSTOP).map_err(io::Error::from)?;
        self.paused = true;
        Ok(())
    }

    /// Lets a paused process group run again (SIGCONT).
    pub fn resume(&mut self) -> io::Result<()> {
        if self.reaped || !self.paused {
            return Ok(());
        }
        self.paused = false;
        killpg(Pid::from_raw(self.pgid), Signal::SIGCONT).map_err(io::Error::from)
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Sends `END`, waits up to `grace` for the engine to exit, then kills its whole process
    /// group (children included) and reaps it.
    pub fn shutdown(mut self, grace: Duration) {
        // A paused engine could not read END.
        let _ = self.resume();
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

/// Splits bytes into lines of at most [`MAX_LINE`] bytes; LF, CR LF and CR end a line.
#[derive(Debug, Default)]
struct LineSplitter {
    line: Vec<u8>,
    too_long: bool,
    after_cr: bool,
}

impl LineSplitter {
    fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(Output)) {
        for &b in bytes {
            if self.after_cr && b == b'\n' {
                self.after_cr = false;
                continue;
            }
            self.after_cr = b == b'\r';
            if b == b'\n' || b == b'\r' {
                emit(finish_line(&self.line, self.too_long));
                self.line.clear();
                self.too_long = false;
            } else if self.line.len() < MAX_LINE {
                self.line.push(b);
            } else {
                self.too_long = true;
            }
        }
    }

    /// The unterminated last line, if any, at the end of the stream.
    fn finish(&mut self) -> Option<Output> {
        let out = (!self.line.is_empty()).then(|| finish_line(&self.line, self.too_long));
        self.line.clear();
        out
    }
}

/// An engine's stdout, read with `poll` and deadlines by the thread that needs the replies.
#[derive(Debug)]
struct StdoutReader {
    pipe: Option<ChildStdout>,
    buf: Box<[u8]>,
    split: LineSplitter,
    ready: VecDeque<(Output, Instant)>,
    eof: bool,
}

impl StdoutReader {
    fn new(pipe: Option<ChildStdout>) -> StdoutReader {
        StdoutReader {
            eof: pipe.is_none(),
            pipe,
            buf: vec![0; 64 * 1024].into_boxed_slice(),
            split: LineSplitter::default(),
            ready: VecDeque::new(),
        }
    }

    /// The next output, waiting until `deadline` at most (`None`: nothing by then).
    fn next(&mut self, deadline: Instant) -> Option<(Output, Instant)> {
        loop {
            if let Some(out) = self.ready.pop_front() {
                return Some(out);
            }
            if self.eof {
                return Some((Output::Eof, Instant::now()));
            }
            let pipe = self.pipe.as_mut()?;
            let wait = deadline.saturating_duration_since(Instant::now());
            // Whole milliseconds, rounded up, so that the deadline is never missed by a hair.
            let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
            let timeout = PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX);
            let mut fds = [PollFd::new(pipe.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, timeout) {
                Ok(0) => {
                    if Instant::now() >= deadline {
                        return None;
                    }
                    continue;
                }
                Ok(_) => {}
                Err(Errno::EINTR) => continue,
                Err(_) => {
                    self.close();
                    continue;
                }
            }
            match pipe.read(&mut self.buf) {
                Ok(0) => self.close(),
                Ok(n) => {
                    let at = Instant::now();
                    let ready = &mut self.ready;
                    self.split.feed(&self.buf[..n], |o| ready.push_back((o, at)));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => self.close(),
            }
        }
    }

    fn close(&mut self) {
        if let Some(last) = self.split.finish() {
            self.ready.push_back((last, Instant::now()));
        }
        self.eof = true;
        self.pipe = None;
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes until the end of `stream`.
fn read_lines(mut stream: impl Read, mut sink: impl FnMut(Output)) {
    let mut split = LineSplitter::default();
    let mut buf = vec![0; 64 * 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => split.feed(&buf[..n], &mut sink),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if let Some(last) = split.finish() {
        sink(last);
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
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_all(chunks: &[&[u8]]) -> Vec<Output> {
        let mut s = LineSplitter::default();
        let mut out = Vec::new();
        for c in chunks {
            s.feed(c, |o| out.push(o));
        }
        out.extend(s.finish());
        out
    }

    #[test]
    fn lines_end_with_lf_crlf_or_cr_across_reads() {
        let got = split_all(&[b"OK\r", b"\nMESSAGE a\n7,", b"7\r8,8\rlast"]);
        let lines: Vec<Output> = ["OK", "MESSAGE a", "7,7", "8,8", "last"]
            .iter()
            .map(|s| Output::Line((*s).to_string()))
            .collect();
        assert_eq!(got, lines);
        let long = vec![b'y'; MAX_LINE + 10];
        let got = split_all(&[&long, b"\n\xff\n"]);
        assert!(matches!(&got[0], Output::Junk(j) if j.contains("line too long")));
        assert!(matches!(&got[1], Output::Junk(j) if j.contains("not UTF-8")));
    }

    #[test]
    fn recv_honours_deadlines_and_reports_the_end() {
        let spawn = Spawn {
            program: "sh".into(),
            args: vec!["-c".into(), "sleep 0.2; echo 5,5".into()],
            dir: None,
        };
        let mut p = EngineProcess::spawn(&spawn, "sh", None).unwrap_or_else(|e| panic!("{e}"));
        let t = Instant::now();
        assert_eq!(p.recv(t + Duration::from_millis(50)), None);
        assert!(t.elapsed() >= Duration::from_millis(50));
        let got = p.recv(t + Duration::from_secs(5)).map(|(o, _)| o);
        assert_eq!(got, Some(Output::Line("5,5".into())));
        assert_eq!(p.recv(t + Duration::from_secs(5)).map(|(o, _)| o), Some(Output::Eof));
        assert_eq!(p.recv(t).map(|(o, _)| o), Some(Output::Eof));
        assert!(!p.discard_pending());
        p.kill();
        assert!(p.has_exited());
    }
}
