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

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use renzoku_engine::tuning::board_of_line;
use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver, Score};

/// The value after `flag` on the command line, parsed; `default` when the flag is absent.
fn flag_value<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> T {
    let Some(k) = args.iter().position(|a| a == flag) else { return default };
    let Some(v) = args.get(k + 1).and_then(|v| v.parse().ok()) else {
        eprintln!("pv_positions: {flag} takes a number");
        std::process::exit(2);
    };
    v
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = flag_value(&args, "--nodes", 50_000);
    let rule = cli::rule_arg(&args, "pv_positions");
    cli::load_eval_file_arg(&args, "pv_positions");
    renzoku_engine::prepare(rule);
    let mut engine = Engine::new(EngineConfig { hash_bytes: 64 << 20, threads: 1 });
    let stop = AtomicBool::new(false);
    let limits = Limits { max_nodes: Some(nodes), ..Limits::default() };
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
        let size = board.width();
        for &p in &result.pv {
            if board.play(p).is_err() {
                break;
            }
            let moves: Vec<String> = board
                .history()
                .iter()
                .map(|m| format!("\"{},{}\"", m.point.x, m.point.y))
                .collect();
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
    eprintln!("pv_positions: {searched} positions searched, {written} positions written");
}
