//! `features --combos < positions.jsonl > features.csv`: evaluation features of freestyle
//! 15x15 positions given as JSON lines `{"moves": ["x,y", …], "eval": "…"}`; one CSV line per
//! position: the label, the tactical flag, the threat mask (`tuning::threat_mask`), then the
//! pattern-combination counts of
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

/// `--order`: for positions with the stronger engine's move (`"best": "x,y"`), one line per
/// position: the move, then `x,y,base,mine,theirs` per candidate (see
/// `tuning::order_features`), separated by `;`. Positions whose move is not a candidate are
/// left out.
fn order_rows(out: &mut impl Write) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(best) = line.split("\"best\":").nth(1) else { continue };
        let best = best.trim().trim_start_matches('"');
        let best: String = best.chars().take_while(|&ch| ch != '"').collect();
        let Some(board) = board_of(&line) else { continue };
        let Some(candidates) = renzoku_engine::tuning::order_features(&board, Rule::Freestyle)
        else {
            continue;
        };
        let cells: Vec<String> = candidates
            .iter()
            .map(|c| format!("{},{},{},{},{}", c.point.x, c.point.y, c.base, c.mine, c.theirs))
            .collect();
        let chosen = candidates.iter().any(|c| format!("{},{}", c.point.x, c.point.y) == best);
        if chosen && writeln!(out, "{best};{}", cells.join(";")).is_err() {
            return;
        }
    }
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
    if args.iter().any(|a| a == "--order") {
        order_rows(&mut out);
        return;
    }
    if !args.iter().any(|a| a == "--combos") {
        eprintln!("usage: features --combos|--order < positions.jsonl | features --table");
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
        let (mut counts, tactical) =
            renzoku_engine::tuning::combo_features(&board, Rule::Freestyle);
        let mask = counts.pop().unwrap_or(0);
        let sparse: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, c)| format!("{i}:{c}"))
            .collect();
        let row = format!("{label},{},{mask},{}", u8::from(tactical), sparse.join(","));
        if writeln!(out, "{row}").is_err() {
            return;
        }
    }
}
