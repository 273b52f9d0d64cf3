//! `cargo run --release -p renzoku-engine --example think [ms] [threads]`: searches a fixed
//! midgame position for a while and prints every iteration (a quick look at depth and speed).

use std::sync::atomic::AtomicBool;

use renzoku_engine::{Engine, EngineConfig, IterationInfo, Limits, SearchObserver};
use renzoku_rules::{Board, Color, Point, Rule};

struct Print;

impl SearchObserver for Print {
    fn on_iteration(&mut self, i: &IterationInfo) {
        let pv: Vec<String> = i.pv.iter().map(ToString::to_string).collect();
        println!(
            "depth {:>2}/{:<2} score {:>6} nodes {:>9} nps {:>8} time {:>6} ms pv {}",
            i.depth,
            i.seldepth,
            i.score.to_string(),
            i.nodes,
            i.nps,
            i.elapsed.as_millis(),
            pv.join(" ")
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let ms = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut board = Board::square(15).expect("size");
    let moves = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9), (6, 6), (9, 9), (10, 8)];
    for (x, y) in moves {
        board.play(Point::new(x, y)).expect("move");
    }
    let _ = Color::Black;
    let mut engine = Engine::new(EngineConfig { hash_bytes: 64 << 20, threads });
    renzoku_engine::prepare(Rule::Freestyle);
    let stop = AtomicBool::new(false);
    let r = engine.search(&board, Rule::Freestyle, &Limits::movetime(ms), &stop, &mut Print);
    println!("best {:?} score {} nodes {} in {:?}", r.best_move, r.score, r.nodes, r.elapsed);
}
