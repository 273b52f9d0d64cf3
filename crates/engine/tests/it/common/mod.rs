//! Shared helpers of the engine's integration tests: diagram positions and a tiny RNG.

#![allow(dead_code)]

use std::sync::atomic::AtomicBool;

use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver, SearchMode, SearchResult};
use renzoku_rules::{Board, Color, Point, Rule};

/// A test position read from a data file.
#[derive(Debug)]
pub struct Case {
    pub name: String,
    pub rule: Rule,
    pub board: Board,
    /// "win", "defend" or "nolose".
    pub expect: String,
    /// Acceptable best moves (empty = any).
    pub best: Vec<Point>,
    /// Moves that must not be chosen.
    pub avoid: Vec<Point>,
    /// `mode: vcf` / `mode: vct` runs the threat search alone.
    pub mode: SearchMode,
}

fn parse_points(s: &str) -> Vec<Point> {
    s.split_whitespace()
        .map(|t| {
            let (x, y) = t.split_once(',').expect("x,y");
            Point::new(x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

/// Parses a file of cases separated by blank lines. Each case has `key: value` header lines
/// (`name`, `rule`, `to_move`, `expect`, `best`, `avoid`) and a diagram: `X` black, `O` white,
/// `#` wall, `.` empty, row 0 first.
pub fn load(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect();
        if lines.is_empty() {
            continue;
        }
        let mut name = String::new();
        let mut rule = Rule::Freestyle;
        let mut to_move = None;
        let mut expect = String::from("win");
        let mut best = Vec::new();
        let mut avoid = Vec::new();
        let mut mode = SearchMode::Normal;
        let mut rows = Vec::new();
        for l in lines {
            if let Some((k, v)) = l.split_once(':') {
                let v = v.trim();
                match k.trim() {
                    "name" => name = v.to_string(),
                    "rule" => rule = v.parse().expect("rule"),
                    "to_move" => {
                        to_move = Some(if v == "black" { Color::Black } else { Color::White });
                    }
                    "expect" => expect = v.to_string(),
                    "best" => best = parse_points(v),
                    "avoid" => avoid = parse_points(v),
                    "mode" => {
                        mode = match v {
                            "vcf" => SearchMode::VcfOnly,
                            "vct" => SearchMode::VctOnly,
                            other => panic!("unknown mode {other}"),
                        };
                    }
                    other => panic!("unknown key {other}"),
                }
            } else {
                rows.push(l.replace(' ', ""));
            }
        }
        let board = diagram(&rows, to_move);
        cases.push(Case { name, rule, board, expect, best, avoid, mode });
    }
    cases
}

pub fn diagram(rows: &[String], to_move: Option<Color>) -> Board {
    let mut board = Board::new(rows[0].len() as u32, rows.len() as u32).expect("size");
    let (mut b, mut w) = (0, 0);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => {
                    b += 1;
                    board.put(p, Color::Black).expect("put");
                }
                'O' => {
                    w += 1;
                    board.put(p, Color::White).expect("put");
                }
                '#' => board.set_wall(p).expect("wall"),
                _ => {}
            }
        }
    }
    board.set_side_to_move(to_move.unwrap_or(if b > w { Color::White } else { Color::Black }));
    board
}

pub fn search(board: &Board, rule: Rule, limits: &Limits) -> SearchResult {
    let mut engine = Engine::new(EngineConfig { hash_bytes: 8 << 20, threads: 1 });
    let stop = AtomicBool::new(false);
    engine.search(board, rule, limits, &stop, &mut NullObserver)
}

/// xorshift64*: deterministic test randomness without dependencies.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
