//! The renju forbidden points of every reference position (docs/rules.md §1.1 and §4): 2000
//! positions on which Rapfi and the Piskvork algorithm agree, and 101 positions that depend on
//! the "a three's completion point must not make a five" convention.

use renzoku_rules::{Board, Color, Point, forbidden_points};

struct Case {
    line_no: usize,
    black: Vec<Point>,
    white: Vec<Point>,
    forbidden: Vec<Point>,
}

fn parse_points(part: &str, tag: &str) -> Vec<Point> {
    let part = part.trim();
    let rest = part.strip_prefix(tag).unwrap_or_else(|| panic!("part '{part}' lacks tag {tag}"));
    rest.split_whitespace()
        .map(|tok| {
            let (x, y) = tok.split_once(',').expect("x,y");
            Point::new(x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let parts: Vec<&str> = l.split('|').collect();
            assert_eq!(parts.len(), 3, "line {}: {l}", i + 1);
            Case {
                line_no: i + 1,
                black: parse_points(parts[0], "B"),
                white: parse_points(parts[1], "W"),
                forbidden: parse_points(parts[2], "F"),
            }
        })
        .collect()
}

fn check_all(name: &str, text: &str, expected_cases: usize) {
    let cases = load(text);
    assert_eq!(cases.len(), expected_cases, "{name}: number of cases");
    let mut failures = Vec::new();
    for case in &cases {
        let mut board = Board::square(15).expect("15x15");
        for &p in &case.black {
            board.put(p, Color::Black).expect("black stone");
        }
        for &p in &case.white {
            board.put(p, Color::White).expect("white stone");
        }
        let got = forbidden_points(&board);
        if got != case.forbidden {
            failures.push(format!(
                "line {}: expected {:?}, got {:?}",
                case.line_no,
                case.forbidden.iter().map(ToString::to_string).collect::<Vec<_>>(),
                got.iter().map(ToString::to_string).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases wrong:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn reference_positions() {
    check_all("renju-forbidden.txt", include_str!("data/renju-forbidden.txt"), 2000);
}

#[test]
fn five_convention_positions() {
    check_all(
        "renju-forbidden-five-convention.txt",
        include_str!("data/renju-forbidden-five-convention.txt"),
        101,
    );
}
