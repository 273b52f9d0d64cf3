//! A sample of the positions the search evaluates (the `sample-evals` feature): the moves from
//! the searched position to each sampled one. For fitting the evaluation where the search reads
//! it (`examples/eval_positions.rs`): the fits have seen positions of games and principal
//! variations, while most evaluations happen at the leaves of refuted lines.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use renzoku_rules::Point;

use crate::board::position::Position;

/// One evaluation in this many is kept (0: none, the default).
static EVERY: AtomicU64 = AtomicU64::new(0);
static CALLS: AtomicU64 = AtomicU64::new(0);
static SAMPLES: Mutex<Vec<Vec<Point>>> = Mutex::new(Vec::new());

/// Keeps about one evaluation in `n` from now on (0: none).
pub fn sample_evals_every(n: u64) {
    EVERY.store(n, Ordering::Relaxed);
}

/// The lines (moves from the searched position) of the evaluations sampled since the last call.
pub fn take_eval_samples() -> Vec<Vec<Point>> {
    SAMPLES.lock().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default()
}

/// Called for every evaluation: keeps `pos`'s line when the call's scrambled number falls on
/// the sample (scrambled, so that no rhythm of the search's calls lines up with the sampling).
pub(crate) fn record(pos: &Position) {
    let every = EVERY.load(Ordering::Relaxed);
    if every == 0 {
        return;
    }
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    if !(call.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32).is_multiple_of(every) {
        return;
    }
    if let Ok(mut s) = SAMPLES.lock() {
        s.push(pos.line_since_built().collect());
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use renzoku_rules::{Board, Point, Rule};

    use crate::{Engine, EngineConfig, Limits, NullObserver};

    #[test]
    fn every_sampled_line_plays_from_the_searched_position() {
        let mut board = Board::square(15).expect("15x15 is a board size");
        for (x, y) in [(7, 7), (8, 8), (7, 8), (8, 7)] {
            board.play(Point::new(x, y)).expect("the opening squares are empty");
        }
        let mut engine = Engine::new(EngineConfig { hash_bytes: 1 << 20, threads: 1 });
        let stop = AtomicBool::new(false);
        super::take_eval_samples();
        super::sample_evals_every(7);
        engine.search(&board, Rule::Freestyle, &Limits::depth(4), &stop, &mut NullObserver);
        super::sample_evals_every(0);
        let samples = super::take_eval_samples();
        assert!(samples.len() > 10, "{} samples", samples.len());
        for line in &samples {
            let mut b = board.clone();
            assert!(line.iter().all(|&p| b.play(p).is_ok()), "{line:?}");
        }
        // Off again: nothing more is kept.
        engine.search(&board, Rule::Freestyle, &Limits::depth(3), &stop, &mut NullObserver);
        assert!(super::take_eval_samples().is_empty());
    }
}
