//! `features --combos < positions.jsonl > features.csv`: evaluation features of freestyle
//! 15x15 positions given as JSON lines `{"moves": ["x,y", …], "eval": "…"}`; one CSV line per
//! position: the label, the tactical flag, then the pattern-combination counts of
//! `renzoku_engine::tuning::combo_features`, written sparsely as `index:count`. Used to fit the
//! evaluation offline (see `tuning/README.md`).
//!
//! `features --table` prints the evaluation table in use, one `index,side to move,waiting side`
//! line per combination.

use std::io::{BufRead, Write};

use renzoku_rules::{Board, Point, Rule};

fn board_of(line: &str) -> Option<Board> {
    let start = line.find('[')?;
    let end = line.find(']')?;
    let mut board = Board::square(15).ok()?;
    for m in line[start + 1..end].split(',').collect::<Vec<_>>().chunks(2) {
        let coord = |s: &str| s.trim().trim_matches('"').trim().parse::<u8>().ok();
        let [x, y] = m else { return None };
        board.play(Point::new(coord(x)?, coord(y)?)).ok()?;
    }
    Some(board)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    if args.iter().any(|a| a == "--table") {
        for (i, [a, b]) in renzoku_engine::tuning::combo_table_in_use().iter().enumerate() {
            let _ = writeln!(out, "{i},{a},{b}");
        }
        return;
    }
    if !args.iter().any(|a| a == "--combos") {
        eprintln!("usage: features --combos < positions.jsonl | features --table");
        std::process::exit(2);
    }
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let label = line
            .split("\"eval\":")
            .nth(1)
            .and_then(|rest| rest.split([',', '}']).next())
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        let Some(board) = board_of(&line) else { continue };
        let (counts, tactical) = renzoku_engine::tuning::combo_features(&board, Rule::Freestyle);
        let sparse: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, c)| format!("{i}:{c}"))
            .collect();
        let row = format!("{label},{},{}", u8::from(tactical), sparse.join(","));
        if writeln!(out, "{row}").is_err() {
            return;
        }
    }
}
