//! What the two position writers (`pv_positions`, `eval_positions`) share: their numeric flags,
//! the one-thread engine they search with, and the JSON line of a position they write (the input
//! of `tuning/label_positions.py --positions`).

use renzoku_engine::{Board, Engine, EngineConfig, Limits, Rule};

/// The value after `flag` on the command line, parsed; `default` when the flag is absent. A value
/// that does not parse ends the program with exit code 2 and a message naming `tool`.
pub fn flag_value<T: std::str::FromStr>(args: &[String], flag: &str, default: T, tool: &str) -> T {
    let Some(k) = args.iter().position(|a| a == flag) else { return default };
    let Some(v) = args.get(k + 1).and_then(|v| v.parse().ok()) else {
        eprintln!("{tool}: {flag} takes a number");
        std::process::exit(2);
    };
    v
}

/// A one-thread engine with a 64 MiB hash table (kept from one searched position to the next)
/// and a budget of `nodes` a search.
pub fn engine_with_budget(nodes: u64) -> (Engine, Limits) {
    let engine = Engine::new(EngineConfig { hash_bytes: 64 << 20, threads: 1 });
    (engine, Limits { max_nodes: Some(nodes), ..Limits::default() })
}

/// `{"moves": ["x,y", …], "rule": R[, "size": N]}`: the board's moves, its rule's Gomocup code
/// and, off 15x15, its size.
pub fn position_line(board: &Board, rule: Rule) -> String {
    let moves: Vec<String> =
        board.history().iter().map(|m| format!("\"{},{}\"", m.point.x, m.point.y)).collect();
    let size = board.width();
    let size_field = if size == 15 { String::new() } else { format!(", \"size\": {size}") };
    format!("{{\"moves\": [{}], \"rule\": {}{size_field}}}", moves.join(", "), rule.gomocup_code())
}
