//! A brain's process: spawned without a shell, stdout split into lines with renzoku-protocol's
//! `LineSplitter` (bounded length) on a task of its own, stderr drained so the brain never
//! blocks on it (its last line is kept to explain a crash), killed when dropped.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use renzoku_protocol::{Command, LineSplitter};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin};
use tokio::sync::mpsc;

use crate::config::EngineSpec;

/// Longest line kept from a brain; longer ones are cut (and still read to their end).
const MAX_LINE: usize = 64 * 1024;

/// What the stdout task reports.
#[derive(Debug)]
pub enum Output {
    Line(String),
    /// The brain closed its stdout (it exited or crashed).
    Closed,
}

#[derive(Debug)]
pub struct BrainProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The last line the brain wrote on stderr.
    stderr_tail: Arc<Mutex<String>>,
}

impl BrainProcess {
    /// Starts `spec`; its stdout lines arrive on the returned receiver.
    pub fn spawn(spec: &EngineSpec) -> std::io::Result<(BrainProcess, mpsc::Receiver<Output>)> {
        let mut child = tokio::process::Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()?;
        let stdin = child.stdin.take();
        let (lines, receiver) = mpsc::channel(1024);
        if let Some(mut stdout) = child.stdout.take() {
            tokio::spawn(async move {
                let mut splitter = LineSplitter::new(MAX_LINE);
                let mut buffer = vec![0u8; 8192];
                loop {
                    match stdout.read(&mut buffer).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            for line in splitter.push(&buffer[..n]) {
                                if lines.send(Output::Line(line.text)).await.is_err() {
                                    return;
                                }
                            }
                        }
                    }
                }
                if let Some(line) = splitter.finish() {
                    let _ = lines.send(Output::Line(line.text)).await;
                }
                let _ = lines.send(Output::Closed).await;
            });
        }
        let stderr_tail = Arc::new(Mutex::new(String::new()));
        if let Some(mut stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            tokio::spawn(async move {
                let mut splitter = LineSplitter::new(1024);
                let mut buffer = vec![0u8; 4096];
                while let Ok(n) = stderr.read(&mut buffer).await {
                    if n == 0 {
                        break;
                    }
                    if let Some(line) =
                        splitter.push(&buffer[..n]).into_iter().rfind(|l| !l.text.trim().is_empty())
                        && let Ok(mut tail) = tail.lock()
                    {
                        *tail = line.text;
                    }
                }
            });
        }
        Ok((BrainProcess { child, stdin, stderr_tail }, receiver))
    }

    /// Writes one command (block commands are several lines). `Err`: the brain's stdin is
    /// closed (it has exited).
    pub async fn send(&mut self, command: &Command) -> std::io::Result<()> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdin closed"));
        };
        let text = format!("{command}\n");
        stdin.write_all(text.as_bytes()).await?;
        stdin.flush().await
    }

    pub fn stderr_tail(&self) -> String {
        self.stderr_tail.lock().map(|t| t.clone()).unwrap_or_default()
    }

    /// The exit status in words, once the process has ended.
    pub fn exit_text(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// `END`, a moment to exit, then kill; waits for the process so none is left behind.
    pub async fn shut_down(mut self) {
        let _ = self.send(&Command::End).await;
        self.stdin = None;
        if tokio::time::timeout(Duration::from_millis(300), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }

    /// Kills at once (a hung or misbehaving brain) and waits for it.
    pub async fn kill(mut self) {
        self.stdin = None;
        let _ = self.child.kill().await;
    }
}
