//! `pv_positions [--nodes N] [--rule R] [--eval-file NET] < positions.jsonl > pv.jsonl`: the
//! positions our search steers to. Each input position (the tuning scripts' JSON lines,
//! `{"moves": ["x,y", …], …}`, 15x15 unless `"size": N`, of the Gomocup rule R: 0 freestyle,
//! the default, 1 standard, 4 renju) is searched to N nodes (default 50,000, one thread, the hash table kept from one
//! position to the next), and every position along the principal variation it returns, after
//! its first move, its second, … up to its end, is written as a JSON line `{"moves": [...],
//! "rule": R[, "size": N]}`, the input of `label_positions.py --positions`. `--eval-file NET`
//! searches with that net (a fit's weights file) instead of the built-in one.
//!
//! Why: the evaluation is fitted on positions of games, but the search reads it at the ends of
//! its lines, where it errs more (session 71, `docs/experiments.md`). Positions whose search
//! proves a win or a loss are skipped (their lines are forced ones), and so are unreadable
//! lines and lines of another rule.

mod cli;
mod positions;

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use renzoku_engine::tuning::board_of_line;
use renzoku_engine::{NullObserver, Score};

use positions::{engine_with_budget, flag_value, position_line};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = flag_value(&args, "--nodes", 50_000, "pv_positions");
    let rule = cli::rule_arg(&args, "pv_positions");
    cli::load_eval_file_arg(&args, "pv_positions");
    renzoku_engine::prepare(rule);
    let (mut engine, limits) = engine_with_budget(nodes);
    let stop = AtomicBool::new(false);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let (mut searched, mut written) = (0u64, 0u64);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Some(mut board) = board_of_line(&line, rule) else { continue };
        let result = engine.search(&board, rule, &limits, &stop, &mut NullObserver);
        searched += 1;
        if matches!(result.score, Score::Win(_) | Score::Loss(_)) {
            continue;
        }
        for &p in &result.pv {
            if board.play(p).is_err() {
                break;
            }
            let _ = writeln!(out, "{}", position_line(&board, rule));
            written += 1;
        }
    }
    let _ = out.flush();
    eprintln!("pv_positions: {searched} positions searched, {written} positions written");
}
