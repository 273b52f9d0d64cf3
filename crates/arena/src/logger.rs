//! `-log`: every line exchanged with the engines of one worker, in `c-gomoku-cli.<id>.log`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A shared, line-buffered log file; cheap to clone.
#[derive(Clone, Debug)]
pub struct Logger {
    file: Arc<Mutex<BufWriter<File>>>,
}

impl Logger {
    /// Creates (truncates) the log of worker `id` (1-based) in the current directory.
    pub fn for_worker(id: usize) -> std::io::Result<Logger> {
        Logger::create(PathBuf::from(format!("c-gomoku-cli.{id}.log")))
    }

    pub fn create(path: PathBuf) -> std::io::Result<Logger> {
        let file = File::create(path)?;
        Ok(Logger { file: Arc::new(Mutex::new(BufWriter::new(file))) })
    }

    /// Writes `who arrow text` and flushes (a crash must not lose the last lines).
    pub fn line(&self, who: &str, arrow: &str, text: &str) {
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "{who} {arrow} {text}");
            let _ = f.flush();
        }
    }
}
