//! The single writer of stdout: one reply per line, flushed at once, never interleaved, and
//! nothing at all after END.

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use renzoku_protocol::Reply;

struct Inner {
    sink: Box<dyn Write + Send>,
    closed: bool,
    /// The command being executed searches (its lines are dropped once END has come).
    searching: bool,
    /// END has come.
    ending: bool,
}

/// Cloneable handle to the process's reply stream.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Inner>>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Inner {
                sink,
                closed: false,
                searching: false,
                ending: false,
            })),
        }
    }

    /// Writes one reply line. A write error (manager gone) is logged, never fatal: the brain
    /// exits on END or EOF, not because stdout broke mid-sentence.
    pub fn send(&self, reply: &Reply) {
        let line = reply.to_string();
        // A reply is one line by construction; guard anyway, a stray newline would desync.
        let line = line.replace(['\r', '\n'], " ");
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if inner.closed || (inner.ending && inner.searching) {
            return;
        }
        let result = writeln!(inner.sink, "{line}").and_then(|()| inner.sink.flush());
        if let Err(e) = result {
            eprintln!("pbrain-renzoku: cannot write to stdout: {e}");
        }
    }

    /// Controller side: a command starts; `searching` if it is one that searches.
    pub fn begin_command(&self, searching: bool) {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner).searching = searching;
    }

    /// Reader side, END: from now on nothing a searching command prints comes out (the other
    /// commands received before END are still answered).
    pub fn mute_searches(&self) {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner).ending = true;
    }

    /// After this nothing more is printed (END).
    pub fn close(&self) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.closed = true;
    }
}
