//! A progress bar with ETA on a terminal, plain lines otherwise.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar over `total` games, `done` of them already finished; plain output when stdout is
    /// not a terminal or `plain` is set.
    pub fn new(total: usize, done: usize, plain: bool) -> Progress {
        if plain || !std::io::stdout().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::new(total as u64);
        if let Ok(style) = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {pos}/{len} games, ETA {eta_precise} {msg}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_position(done as u64);
        bar.reset_eta();
        bar.enable_steady_tick(Duration::from_millis(500));
        Progress { bar: Some(bar) }
    }

    /// Prints a line (above the bar when there is one).
    pub fn println(&self, text: &str) {
        match &self.bar {
            Some(b) => b.println(text.trim_end()),
            None => println!("{}", text.trim_end()),
        }
    }

    pub fn game_done(&self, message: &str) {
        if let Some(b) = &self.bar {
            b.inc(1);
            b.set_message(message.to_string());
        }
    }

    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
