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
//! `--lines` appends the line windows of `tuning::line_window_features` (their columns after the
//! combinations'; a net that reads line windows gets them without it); `--static` labels each
//! position with the engine's own static evaluation instead of its `"eval"` (for
//! `check_formula.py`); `--eval-file NET` makes NET the net in use first.
//!
//! `features --children [--rule N]`: per candidate move of each position with a `"best"` move,
//! the features of the position after it (see `children_rows`), for `fit_choices.py`.
//!
//! `features --squares [--rule N] < positions.jsonl > squares.bin`: per input line a binary
//! record (little-endian u16s): flags (1: read, 2: tactical), the threat mask, the board's
//! width and height, then `tuning::square_features`' two planes of codes (zeros after the
//! flags for a line that is not read), so that record k belongs to line k.
//!
//! `features --table [--rule N]` prints the evaluation table in use, one line per combination:
//! `index,side to move,waiting side` (under renju black's two columns, then white's).
//! `features --masks [--rule N]` prints the threat-mask term in use, `mask,value` per line.

mod cli;

use std::io::{BufRead, Write};

use renzoku_engine::tuning::{OrderCandidate, board_of_line};
use renzoku_rules::{Board, Rule};

/// A labelled position with the stronger engine's move (`"best": "x,y"`): the move, the board
/// and the search's candidates there (`tuning::order_features`); None for tactical positions,
/// positions without a move and unreadable lines.
fn with_candidates(line: &str, rule: Rule) -> Option<(String, Board, Vec<OrderCandidate>)> {
    let best = line.split("\"best\":").nth(1)?.trim().trim_start_matches('"');
    let best: String = best.chars().take_while(|&ch| ch != '"').collect();
    let board = board_of_line(line, rule)?;
    let candidates = renzoku_engine::tuning::order_features(&board, rule)?;
    Some((best, board, candidates))
}

/// `--order`: for positions with the stronger engine's move (`"best": "x,y"`), one line per
/// position: the move, then `x,y,base,mine,theirs` per candidate (see
/// `tuning::order_features`; -1 for no combination), separated by `;`. Positions whose move is
/// not a candidate are left out. With `--last`, the position's last move (`x,y`) follows the
/// engine's move as a second field (`fit_order_hidden.py` reads either form).
fn order_rows(out: &mut impl Write, rule: Rule, with_last: bool) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some((best, board, candidates)) = with_candidates(&line, rule) else { continue };
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

/// `--children`: for positions with the stronger engine's move (`"best": "x,y"`) whose move is
/// among the search's candidates (`tuning::order_features`), one line per candidate: the
/// position's number, 1 for the stronger engine's move (else 0), the candidate's static ordering
/// score (`OrderCandidate::base`), then the `--combos` line of
/// the position after the candidate (from its side to move's view, labelled 0). A fit of the
/// evaluation to the stronger engine's choices (`fit_choices.py`) reads them.
fn children_rows(out: &mut impl Write, rule: Rule) {
    let stdin = std::io::stdin();
    let mut group = 0usize;
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some((best, board, candidates)) = with_candidates(&line, rule) else { continue };
        let name =
            |c: &renzoku_engine::tuning::OrderCandidate| format!("{},{}", c.point.x, c.point.y);
        if !candidates.iter().any(|c| name(c) == best) {
            continue;
        }
        for c in &candidates {
            let mut child = board.clone();
            if child.play(c.point).is_err() {
                continue;
            }
            let row = renzoku_engine::tuning::combo_features_line(&child, rule, "0");
            if writeln!(out, "{group},{},{},{row}", u8::from(name(c) == best), c.base).is_err() {
                return;
            }
        }
        group += 1;
    }
}

/// `--classes`: per position, the label, the tactical flag and the class counts of
/// `tuning::class_counts` (the side to move's five, then the waiting side's).
fn class_rows(out: &mut impl Write, rule: Rule) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(board) = board_of_line(&line, rule) else { continue };
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
    let rule = cli::rule_arg(&args, "features");
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
    if args.iter().any(|a| a == "--children") {
        children_rows(&mut out, rule);
        return;
    }
    if args.iter().any(|a| a == "--order") {
        order_rows(&mut out, rule, args.iter().any(|a| a == "--last"));
        return;
    }
    if args.iter().any(|a| a == "--squares") {
        square_rows(&mut out, rule);
        return;
    }
    if !args.iter().any(|a| a == "--combos") {
        eprintln!(
            "usage: features --combos|--order [--last]|--classes [--rule N] < positions.jsonl | features --table|--masks [--rule N]"
        );
        std::process::exit(2);
    }
    let with_lines = args.iter().any(|a| a == "--lines");
    // `--eval-file NET`: the net the static labels (`--static`) and the tables come from.
    cli::load_eval_file_arg(&args, "features");
    // `--static`: each position labelled with the engine's own static evaluation instead of
    // its "eval" field (what check_formula.py compares the fits' formula with).
    let static_labels = args.iter().any(|a| a == "--static");
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(board) = board_of_line(&line, rule) else { continue };
        let label = if static_labels {
            match renzoku_engine::evaluate(&board, rule) {
                renzoku_engine::Score::Eval(v) => v.to_string(),
                _ => "None".to_string(),
            }
        } else {
            label_of(&line).to_string()
        };
        let mut row = renzoku_engine::tuning::combo_features_line(&board, rule, &label);
        if with_lines && !renzoku_engine::tuning::net_reads_lines(rule) {
            use std::fmt::Write as _;
            // The line windows follow the combination counts' columns (two blocks of COMBOS,
            // four under renju).
            let blocks = if rule == Rule::Renju { 4 } else { 2 };
            let offset = blocks * renzoku_engine::tuning::COMBOS;
            let counts = renzoku_engine::tuning::line_window_features(&board, rule);
            for (i, c) in counts.iter().enumerate().filter(|&(_, &c)| c != 0) {
                let _ = write!(row, ",{}:{c}", offset + i);
            }
        }
        if writeln!(out, "{row}").is_err() {
            return;
        }
    }
}

/// `--squares`: one binary record per input line (see the module's documentation).
fn square_rows(out: &mut impl Write, rule: Rule) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let mut record: Vec<u16> = Vec::new();
        match board_of_line(&line, rule) {
            Some(board) => {
                let (codes, mask, tactical) = renzoku_engine::tuning::square_features(&board, rule);
                record.extend([1 | (u16::from(tactical) << 1), mask]);
                record.extend([board.width() as u16, board.height() as u16]);
                record.extend(codes);
            }
            None => record.extend([0, 0, 0, 0]),
        }
        let bytes: Vec<u8> = record.iter().flat_map(|v| v.to_le_bytes()).collect();
        if out.write_all(&bytes).is_err() {
            return;
        }
    }
}
