//! The renju forbidden points of every reference position (docs/rules.md §1.1 and §4): 2000
//! positions on which Rapfi and the Piskvork algorithm agree, and 101 positions that depend on
//! the "a three's completion point must not make a five" convention.

use renzoku_rules::{forbidden_points, is_forbidden, parse_stone_list_line};

fn check_all(name: &str, text: &str, expected_cases: usize) {
    let mut cases = 0;
    let mut failures = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        cases += 1;
        let parsed = parse_stone_list_line(line, 15, 15)
            .unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1));
        let expected = parsed.forbidden.expect("reference lines have an F part");
        let got = forbidden_points(&parsed.board);
        // The single-point query must agree with the full scan on every empty square.
        for p in parsed.board.empty_points() {
            assert_eq!(is_forbidden(&parsed.board, p), got.contains(&p), "{name} line {}", i + 1);
        }
        if got != expected {
            failures.push(format!("line {}: expected {expected:?}, got {got:?}", i + 1));
        }
    }
    assert_eq!(cases, expected_cases, "{name}: number of cases");
    assert!(
        failures.is_empty(),
        "{name}: {} of {cases} cases wrong:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn reference_positions() {
    check_all("renju-forbidden.txt", include_str!("../data/renju-forbidden.txt"), 2000);
}

#[test]
fn five_convention_positions() {
    check_all(
        "renju-forbidden-five-convention.txt",
        include_str!("../data/renju-forbidden-five-convention.txt"),
        101,
    );
}
