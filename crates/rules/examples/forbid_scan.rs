//! Runs the full forbidden-point scan over the 2000 reference positions once; for instruction
//! counts under `valgrind --tool=callgrind`, which a loaded machine does not disturb.

use renzoku_rules::{forbidden_points, parse_stone_list_line};

fn main() {
    let total: usize = include_str!("../tests/data/renju-forbidden.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse_stone_list_line(l, 15, 15).ok())
        .map(|parsed| forbidden_points(&parsed.board).len())
        .sum();
    println!("{total} forbidden points");
}
