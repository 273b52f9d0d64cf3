//! `eval_positions [--nodes N] [--every K] [--rule R] [--eval-file NET] < positions.jsonl >
//! evals.jsonl` (needs `--features sample-evals`): the positions our search evaluates. Each
//! input position (the tuning scripts' JSON lines, as for `pv_positions`) is searched to N nodes
//! (default 100,000, one thread, the hash table kept from one position to the next) while about
//! one evaluation in K (default 1,000) is kept; each kept position is written once (by its
//! stones) as a JSON line `{"moves": [...], "rule": R[, "size": N]}`, the input of
//! `label_positions.py --positions`.
//!
//! Why: the principal variations (`pv_positions`) are where the search goes; the evaluation is
//! read mostly elsewhere, at the leaves of the lines it refutes, and in the static pruning of
//! the nodes above them.

mod cli;
mod positions;

use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use renzoku_engine::NullObserver;
use renzoku_engine::tuning::board_of_line;

use positions::{engine_with_budget, flag_value, position_line};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = flag_value(&args, "--nodes", 100_000, "eval_positions");
    let every: u64 = flag_value(&args, "--every", 1_000, "eval_positions");
    let rule = cli::rule_arg(&args, "eval_positions");
    cli::load_eval_file_arg(&args, "eval_positions");
    renzoku_engine::prepare(rule);
    let (mut engine, limits) = engine_with_budget(nodes);
    let stop = AtomicBool::new(false);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let mut seen = HashSet::new();
    let (mut searched, mut sampled, mut written) = (0u64, 0u64, 0u64);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Some(root) = board_of_line(&line, rule) else { continue };
        renzoku_engine::take_eval_samples();
        renzoku_engine::sample_evals_every(every);
        engine.search(&root, rule, &limits, &stop, &mut NullObserver);
        renzoku_engine::sample_evals_every(0);
        searched += 1;
        for sample in renzoku_engine::take_eval_samples() {
            sampled += 1;
            let mut board = root.clone();
            if sample.iter().any(|&p| board.play(p).is_err()) {
                continue;
            }
            // One line per set of stones: the same position reached by other move orders, or
            // evaluated again, is one position to label.
            let mut stones: [Vec<_>; 2] = [Vec::new(), Vec::new()];
            for (k, m) in board.history().iter().enumerate() {
                stones[k % 2].push((m.point.x, m.point.y));
            }
            for s in &mut stones {
                s.sort_unstable();
            }
            if !seen.insert(stones) {
                continue;
            }
            let _ = writeln!(out, "{}", position_line(&board, rule));
            written += 1;
        }
    }
    let _ = out.flush();
    eprintln!(
        "eval_positions: {searched} positions searched, {sampled} evaluations sampled, \
         {written} positions written"
    );
}
