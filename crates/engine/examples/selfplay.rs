//! `cargo run --release -p renzoku-engine --example selfplay [games] [nodesA] [nodesB] [rule]
//! [dump]`: plays engine A against engine B (each limited by nodes per move) from random
//! three-stone openings, each opening twice with colours swapped, and prints A's score. A quick
//! sanity check that more search wins; real strength tests go through `renzoku match`.

use std::sync::atomic::AtomicBool;

use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver, Score};
use renzoku_rules::{Board, Point, Rule, is_legal, outcome_after};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let nodes_a: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let nodes_b: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000);
    let rule: Rule = args.next().and_then(|a| a.parse().ok()).unwrap_or(Rule::Freestyle);
    // `dump`: print the first position of each game where the mover proves a long win, in the
    // format of tests/data/tactics.txt.
    let dump = args.next().is_some_and(|a| a == "dump");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let stop = AtomicBool::new(false);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for g in 0..games {
        let mut opening = Board::square(15).expect("size");
        while opening.stone_count() < 3 {
            let p = Point::new(5 + rand(5) as u8, 5 + rand(5) as u8);
            let _ = opening.play(p);
        }
        for a_is_black in [true, false] {
            let mut engines = [
                Engine::new(EngineConfig { hash_bytes: 16 << 20, threads: 1 }),
                Engine::new(EngineConfig { hash_bytes: 16 << 20, threads: 1 }),
            ];
            let mut board = opening.clone();
            let mut dumped = false;
            let result = loop {
                // Side to move: black after 3 stones is white (index 1).
                let black_to_move = board.stone_count().is_multiple_of(2);
                let a_to_move = black_to_move == a_is_black;
                let nodes = if a_to_move { nodes_a } else { nodes_b };
                let limits = Limits { max_nodes: Some(nodes), ..Limits::default() };
                let e = &mut engines[usize::from(!a_to_move)];
                let r = e.search(&board, rule, &limits, &stop, &mut NullObserver);
                let Some(p) = r.best_move else { break 1 };
                if dump && !dumped && matches!(r.score, Score::Win(n) if n >= 7) {
                    dumped = true;
                    let to_move = if black_to_move { "black" } else { "white" };
                    println!(
                        "name: selfplay win {} for {to_move}\nrule: {rule}\nto_move: {to_move}\nexpect: win\n{board}",
                        r.score
                    );
                }
                assert!(is_legal(&board, p, board.side_to_move(), rule), "illegal {p}\n{board:?}");
                board.play(p).expect("legal");
                if let Some(o) = outcome_after(&board, p, rule) {
                    // Points for A: 2 win, 1 draw, 0 loss.
                    break match o.winner() {
                        None => 1,
                        Some(_) if a_to_move => 2,
                        Some(_) => 0,
                    };
                }
            };
            match result {
                2 => wins += 1,
                0 => losses += 1,
                _ => draws += 1,
            }
            println!(
                "game {} a_black={a_is_black} result {result} moves {}",
                g,
                board.stone_count()
            );
        }
    }
    println!("A: +{wins} -{losses} ={draws}");
}
