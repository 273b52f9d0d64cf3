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

use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use renzoku_engine::tuning::board_of_line;
use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver};

/// The value after `flag` on the command line, parsed; `default` when the flag is absent.
fn flag_value<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> T {
    let Some(k) = args.iter().position(|a| a == flag) else { return default };
    let Some(v) = args.get(k + 1).and_then(|v| v.parse().ok()) else {
        eprintln!("eval_positions: {flag} takes a number");
        std::process::exit(2);
    };
    v
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = flag_value(&args, "--nodes", 100_000);
    let every: u64 = flag_value(&args, "--every", 1_000);
    let rule = cli::rule_arg(&args, "eval_positions");
    cli::load_eval_file_arg(&args, "eval_positions");
    renzoku_engine::prepare(rule);
    let mut engine = Engine::new(EngineConfig { hash_bytes: 64 << 20, threads: 1 });
    let stop = AtomicBool::new(false);
    let limits = Limits { max_nodes: Some(nodes), ..Limits::default() };
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
        let size = root.width();
        for sample in renzoku_engine::take_eval_samples() {
            sampled += 1;
            let mut board = root.clone();
            if sample.iter().any(|&p| board.play(p).is_err()) {
                continue;
            }
            let moves: Vec<String> = board
                .history()
                .iter()
                .map(|m| format!("\"{},{}\"", m.point.x, m.point.y))
                .collect();
            // One line per set of stones: the same position reached by other move orders, or
            // evaluated again, is one position to label.
            let (mut black, mut white): (Vec<&String>, Vec<&String>) = (Vec::new(), Vec::new());
            for (k, m) in moves.iter().enumerate() {
                if k % 2 == 0 { black.push(m) } else { white.push(m) }
            }
            black.sort();
            white.sort();
            if !seen.insert(format!("{black:?}{white:?}")) {
                continue;
            }
            let size_field = if size == 15 { String::new() } else { format!(", \"size\": {size}") };
            let _ = writeln!(
                out,
                "{{\"moves\": [{}], \"rule\": {}{size_field}}}",
                moves.join(", "),
                rule.gomocup_code()
            );
            written += 1;
        }
    }
    let _ = out.flush();
    eprintln!(
        "eval_positions: {searched} positions searched, {sampled} evaluations sampled, \
         {written} positions written"
    );
}
