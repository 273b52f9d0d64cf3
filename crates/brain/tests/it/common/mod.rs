//! A brain process driven line by line, as a manager would.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use renzoku_rules::Point;

/// Generous: CI machines are slow and shared; the contract's limits are checked separately.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Brain {
    pub fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-renzoku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("brain starts");
        let stdout = child.stdout.take().expect("stdout piped");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain { child, stdin, lines }
    }

    /// Sends raw bytes (no line end added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to brain");
        stdin.flush().expect("flush");
    }

    /// Sends one or more lines (joined by `\n`), each terminated by CR LF like Piskvork.
    pub fn send(&mut self, text: &str) {
        let mut bytes = Vec::new();
        for line in text.split('\n') {
            bytes.extend_from_slice(line.as_bytes());
            bytes.extend_from_slice(b"\r\n");
        }
        self.send_bytes(&bytes);
    }

    /// The next output line, whatever it is.
    pub fn line(&mut self) -> String {
        self.line_within(REPLY_TIMEOUT)
            .unwrap_or_else(|| panic!("no reply within {REPLY_TIMEOUT:?}"))
    }

    pub fn line_within(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// The next line that is not MESSAGE/DEBUG (the reply proper).
    pub fn reply(&mut self) -> String {
        loop {
            let line = self.line();
            let upper = line.to_ascii_uppercase();
            if !(upper.starts_with("MESSAGE") || upper.starts_with("DEBUG")) {
                return line;
            }
        }
    }

    /// The next line starting with `prefix`, skipping other MESSAGE lines (the summary).
    pub fn reply_message(&mut self, prefix: &str) -> String {
        loop {
            let line = self.line();
            if line.starts_with(prefix) {
                return line;
            }
            assert!(line.starts_with("MESSAGE"), "unexpected {line:?} waiting for {prefix:?}");
        }
    }

    /// The last MESSAGE line before the reply proper (the search's final summary; the lines of
    /// its iterations come before it) and the reply.
    pub fn summary_and_reply(&mut self) -> (String, String) {
        let mut last = String::new();
        loop {
            let line = self.line();
            let upper = line.to_ascii_uppercase();
            if upper.starts_with("MESSAGE") {
                last = line;
            } else if !upper.starts_with("DEBUG") {
                return (last, line);
            }
        }
    }

    /// Sends `text` and returns the reply proper.
    pub fn ask(&mut self, text: &str) -> String {
        self.send(text);
        self.reply()
    }

    /// True when no reply proper (a line other than MESSAGE/DEBUG, which a search prints after
    /// each iteration) arrives within `timeout`: the brain is still thinking.
    pub fn no_reply_for(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.line_within(left) {
                None => return true,
                Some(line) => {
                    let upper = line.to_ascii_uppercase();
                    if !(upper.starts_with("MESSAGE") || upper.starts_with("DEBUG")) {
                        return false;
                    }
                }
            }
        }
    }

    /// True when nothing at all is printed within `timeout`.
    pub fn silent_for(&mut self, timeout: Duration) -> bool {
        self.line_within(timeout).is_none()
    }

    /// CPU time used by the brain so far, in clock ticks (Linux /proc; `None` elsewhere).
    pub fn cpu_ticks(&self) -> Option<u64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
        let rest = stat.rsplit_once(')')?.1;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
    }

    /// Closes stdin (EOF).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit; returns how long it took, or `None` on timeout.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<Duration> {
        let started = Instant::now();
        while started.elapsed() < timeout {
            if let Ok(Some(_)) = self.child.try_wait() {
                return Some(started.elapsed());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses `x,y`.
pub fn point(reply: &str) -> Point {
    let (x, y) = reply.trim().split_once(',').unwrap_or_else(|| panic!("not a move: {reply:?}"));
    Point::new(
        x.trim().parse().unwrap_or_else(|_| panic!("not a move: {reply:?}")),
        y.trim().parse().unwrap_or_else(|_| panic!("not a move: {reply:?}")),
    )
}
