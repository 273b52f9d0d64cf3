//! A sample of the positions the search evaluates (the `sample-evals` feature): the moves from
//! the searched position to each sampled one. For fitting the evaluation where the search reads
//! it (`examples/eval_positions.rs`): the fits have seen positions of games and principal
//! variations, while most evaluations happen at the leaves of refuted lines.

use std::cell::RefCell;

use renzoku_rules::Point;

use crate::board::position::Position;

/// The sampler of the calling thread: a search's main worker runs on the thread that called
/// `Engine::search`, so the samples are that search's own (Lazy SMP helpers are not sampled),
/// and two searches on two threads never mix their samples.
#[derive(Default)]
struct Sampler {
    /// One evaluation in this many is kept (0: none, the default).
    every: u64,
    calls: u64,
    samples: Vec<Vec<Point>>,
}

thread_local! {
    static SAMPLER: RefCell<Sampler> = RefCell::default();
}

/// Keeps about one evaluation in `n` of this thread's searches from now on (0: none).
pub fn sample_evals_every(n: u64) {
    SAMPLER.with_borrow_mut(|s| s.every = n);
}

/// The lines (moves from the searched position) of the evaluations this thread sampled since
/// the last call.
pub fn take_eval_samples() -> Vec<Vec<Point>> {
    SAMPLER.with_borrow_mut(|s| std::mem::take(&mut s.samples))
}

/// Called for every evaluation: keeps `pos`'s line when the call's scrambled number falls on
/// the sample (scrambled, so that no rhythm of the search's calls lines up with the sampling).
pub(crate) fn record(pos: &Position) {
    SAMPLER.with_borrow_mut(|s| {
        if s.every == 0 {
            return;
        }
        let call = s.calls;
        s.calls += 1;
        if (call.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32).is_multiple_of(s.every) {
            s.samples.push(pos.line_since_built().collect());
        }
    });
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
