//! `cargo run --release -p renzoku-engine --example solve FILE [ms] [mode]`: searches the first
//! position of a tactics-format file and prints every iteration (checking a claimed win).

use std::sync::atomic::AtomicBool;

use renzoku_engine::{Engine, EngineConfig, IterationInfo, Limits, SearchMode, SearchObserver};
use renzoku_rules::{Board, Color, Point, Rule};

struct Print;

impl SearchObserver for Print {
    fn on_iteration(&mut self, i: &IterationInfo) {
        let pv: Vec<String> = i.pv.iter().map(ToString::to_string).collect();
        println!(
            "depth {:>2}/{:<2} {:>6} nodes {:>9} {:>6} ms pv {}",
            i.depth,
            i.seldepth,
            i.score.to_string(),
            i.nodes,
            i.elapsed.as_millis(),
            pv.join(" ")
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("file");
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3000);
    let mode = match args.next().as_deref() {
        Some("vcf") => SearchMode::VcfOnly,
        Some("vct") => SearchMode::VctOnly,
        _ => SearchMode::Normal,
    };
    let text = std::fs::read_to_string(file).expect("read");
    let mut rule = Rule::Freestyle;
    let mut to_move = None;
    let mut rows = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some((k, v)) = line.split_once(':') {
            match k {
                "rule" => rule = v.trim().parse().expect("rule"),
                "to_move" => {
                    to_move = Some(if v.trim() == "black" { Color::Black } else { Color::White });
                }
                _ => {}
            }
        } else {
            rows.push(line.replace(' ', ""));
        }
    }
    let mut board = Board::new(rows[0].len() as u32, rows.len() as u32).expect("size");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => board.put(p, Color::Black).expect("put"),
                'O' => board.put(p, Color::White).expect("put"),
                '#' => board.set_wall(p).expect("wall"),
                _ => {}
            }
        }
    }
    if let Some(c) = to_move {
        board.set_side_to_move(c);
    }
    let mut engine = Engine::new(EngineConfig { hash_bytes: 64 << 20, threads: 1 });
    renzoku_engine::prepare(rule);
    let stop = AtomicBool::new(false);
    let limits = Limits { mode, ..Limits::movetime(ms) };
    let r = engine.search(&board, rule, &limits, &stop, &mut Print);
    println!(
        "best {:?} score {} depth {} nodes {} in {:?}",
        r.best_move, r.score, r.depth, r.nodes, r.elapsed
    );
}
