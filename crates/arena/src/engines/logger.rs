//! `-log`: every line exchanged with the engines of one worker, in `c-gomoku-cli.<id>.log`.
//! The referee's protocol log uses the same writer with a time stamp on every line.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A shared, line-buffered log file; cheap to clone.
#[derive(Clone, Debug)]
pub struct Logger {
    file: Arc<Mutex<BufWriter<File>>>,
    /// When set, every line starts with the seconds elapsed since this instant.
    epoch: Option<Instant>,
}

impl Logger {
    /// Creates (truncates) the log of worker `id` (1-based) in the current directory.
    pub fn for_worker(id: usize) -> std::io::Result<Logger> {
        Logger::create(PathBuf::from(format!("c-gomoku-cli.{id}.log")))
    }

    pub fn create(path: PathBuf) -> std::io::Result<Logger> {
        let file = File::create(path)?;
        Ok(Logger { file: Arc::new(Mutex::new(BufWriter::new(file))), epoch: None })
    }

    /// Like [`Logger::create`], each line stamped `[seconds.millis]` since `epoch`.
    pub fn create_timestamped(path: PathBuf, epoch: Instant) -> std::io::Result<Logger> {
        Ok(Logger { epoch: Some(epoch), ..Logger::create(path)? })
    }

    /// Writes `who arrow text` and flushes (a crash must not lose the last lines).
    pub fn line(&self, who: &str, arrow: &str, text: &str) {
        if let Ok(mut f) = self.file.lock() {
            let _ = match self.epoch {
                Some(epoch) => {
                    let t = epoch.elapsed();
                    writeln!(
                        f,
                        "[{:>4}.{:03}] {who} {arrow} {text}",
                        t.as_secs(),
                        t.subsec_millis()
                    )
                }
                None => writeln!(f, "{who} {arrow} {text}"),
            };
            let _ = f.flush();
        }
    }
}
