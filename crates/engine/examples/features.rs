//! `features --combos [--rule N] < positions.jsonl > features.csv`: evaluation features of
//! positions given as JSON lines `{"moves": ["x,y", …], "eval": "…"}` (15x15, or the square
//! board of `"size": N`, as `label_positions.py --size` writes it) under the Gomocup
//! rule N (0 freestyle, the default; 1 standard; 4 renju); one CSV line per
//! position: the label, the tactical flag, the threat mask (`eval::threat_mask`), then the
//! pattern-combination counts of
//! `renzoku_engine::tuning::combo_features`, written sparsely as `index:count`. Used to fit the
//! evaluation offline (see `tuning/README.md`).
//!
//! Lines of another rule (their `"rule"` field, 0 when absent) are skipped, so the packed
//! files of every rule can be unpacked together and each fit reads its own.
//!
//! `features --table [--rule N]` prints the evaluation table in use, one line per combination:
//! `index,side to move,waiting side` (under renju black's two columns, then white's).
//! `features --masks [--rule N]` prints the threat-mask term in use, `mask,value` per line.

use std::io::{BufRead, Write};

use renzoku_rules::{Board, Point, Rule};

/// The value of the line's `"size"` field, 15 when it has none.
fn size_of(line: &str) -> Option<u32> {
    let Some(rest) = line.split("\"size\":").nth(1) else { return Some(15) };
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The value of the line's `"rule"` field, 0 (freestyle) when it has none.
fn rule_of(line: &str) -> Option<u8> {
    let Some(rest) = line.split("\"rule\":").nth(1) else { return Some(0) };
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The position of a line labelled under `rule`; `None` for lines of another rule and for
/// unreadable ones.
fn board_of(line: &str, rule: Rule) -> Option<Board> {
    if rule_of(line)? != rule.gomocup_code() {
        return None;
    }
    let start = line.find('[')?;
    let end = line.find(']')?;
    let mut board = Board::square(size_of(line)?).ok()?;
    for m in line[start + 1..end].split(',').collect::<Vec<_>>().chunks(2) {
        let coord = |s: &str| s.trim().trim_matches('"').trim().parse::<u8>().ok();
        let [x, y] = m else { return None };
        board.play(Point::new(coord(x)?, coord(y)?)).ok()?;
    }
    Some(board)
}

/// `--order`: for positions with the stronger engine's move (`"best": "x,y"`), one line per
/// position: the move, then `x,y,base,mine,theirs` per candidate (see
/// `tuning::order_features`; -1 for no combination), separated by `;`. Positions whose move is
/// not a candidate are left out. With `--last`, the position's last move (`x,y`) follows the
/// engine's move as a second field (`fit_order_hidden.py` reads either form).
fn order_rows(out: &mut impl Write, rule: Rule, with_last: bool) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(best) = line.split("\"best\":").nth(1) else { continue };
        let best = best.trim().trim_start_matches('"');
        let best: String = best.chars().take_while(|&ch| ch != '"').collect();
        let Some(board) = board_of(&line, rule) else { continue };
        let Some(candidates) = renzoku_engine::tuning::order_features(&board, rule) else {
            continue;
        };
        let cells: Vec<String> = candidates
            .iter()
            .map(|c| {
                let index = |i: Option<usize>| i.map_or(-1, |i| i as i64);
                let (x, y) = (c.point.x, c.point.y);
                format!("{x},{y},{},{},{}", c.base, index(c.mine), index(c.theirs))
            })
            .collect();
        let chosen = candidates.iter().any(|c| format!("{},{}", c.point.x, c.point.y) == best);
        let head = match board.last_move() {
            Some(last) if with_last => format!("{best};{},{}", last.point.x, last.point.y),
            None if with_last => format!("{best};-1,-1"),
            _ => best,
        };
        if chosen && writeln!(out, "{head};{}", cells.join(";")).is_err() {
            return;
        }
    }
}

/// `--classes`: per position, the label, the tactical flag and the class counts of
/// `tuning::class_counts` (the side to move's five, then the waiting side's).
fn class_rows(out: &mut impl Write, rule: Rule) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(board) = board_of(&line, rule) else { continue };
        let counts = renzoku_engine::tuning::class_counts(&board, rule);
        let tactical = renzoku_engine::tuning::is_tactical(&board, rule);
        let cells: Vec<String> = counts.iter().flatten().map(u32::to_string).collect();
        if writeln!(out, "{},{},{}", label_of(&line), u8::from(tactical), cells.join(",")).is_err()
        {
            return;
        }
    }
}

/// The `"eval"` field of a labelled position ("" when absent).
fn label_of(line: &str) -> &str {
    line.split("\"eval\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .unwrap_or("")
        .trim()
        .trim_matches('"')
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let rule = match args.iter().position(|a| a == "--rule") {
        None => Rule::Freestyle,
        Some(k) => match args.get(k + 1).map(String::as_str) {
            Some("0") => Rule::Freestyle,
            Some("1") => Rule::Standard,
            Some("4") => Rule::Renju,
            other => {
                eprintln!("features: --rule takes 0, 1 or 4, not {other:?}");
                std::process::exit(2);
            }
        },
    };
    if args.iter().any(|a| a == "--table") {
        for (i, row) in renzoku_engine::tuning::combo_table_in_use(rule).iter().enumerate() {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            let _ = writeln!(out, "{i},{}", cells.join(","));
        }
        return;
    }
    if args.iter().any(|a| a == "--masks") {
        for (i, v) in renzoku_engine::tuning::mask_table_in_use(rule).iter().enumerate() {
            let _ = writeln!(out, "{i},{v}");
        }
        return;
    }
    if args.iter().any(|a| a == "--classes") {
        class_rows(&mut out, rule);
        return;
    }
    if args.iter().any(|a| a == "--order") {
        order_rows(&mut out, rule, args.iter().any(|a| a == "--last"));
        return;
    }
    if !args.iter().any(|a| a == "--combos") {
        eprintln!(
            "usage: features --combos|--order [--last]|--classes [--rule N] < positions.jsonl | features --table|--masks [--rule N]"
        );
        std::process::exit(2);
    }
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let label = label_of(&line);
        let Some(board) = board_of(&line, rule) else { continue };
        let row = renzoku_engine::tuning::combo_features_line(&board, rule, label);
        if writeln!(out, "{row}").is_err() {
            return;
        }
    }
}
