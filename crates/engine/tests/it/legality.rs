//! The engine always answers with a legal move: random positions of every rule and many board
//! sizes (with walls), searched briefly, stopped at once, or with no time at all.

use std::sync::atomic::AtomicBool;

use crate::common::Rng;
use renzoku_engine::{Engine, EngineConfig, Limits, NullObserver};
use renzoku_rules::{Board, Point, Rule, is_legal, outcome_after};

/// A random game prefix: random walls, then random legal moves near the centre until
/// `stones` are placed or the game ends (the finishing move is taken back).
fn random_position(rng: &mut Rng, rule: Rule) -> Board {
    let w = 5 + rng.below(16) as u32;
    let h = 5 + rng.below(16) as u32;
    let mut board = Board::new(w, h).expect("size");
    for _ in 0..rng.below(4) {
        let p = Point::new(rng.below(u64::from(w)) as u8, rng.below(u64::from(h)) as u8);
        let _ = board.set_wall(p);
    }
    let stones = rng.below(u64::from(w * h) * 2 / 3);
    let mut tries = 0;
    while (board.stone_count() as u64) < stones && tries < 2000 {
        tries += 1;
        let p = Point::new(rng.below(u64::from(w)) as u8, rng.below(u64::from(h)) as u8);
        if !is_legal(&board, p, board.side_to_move(), rule) {
            continue;
        }
        board.play(p).expect("legal move");
        if outcome_after(&board, p, rule).is_some() {
            board.undo().expect("undo");
        }
    }
    board
}

fn has_legal_move(board: &Board, rule: Rule) -> bool {
    board.empty_points().any(|p| is_legal(board, p, board.side_to_move(), rule))
}

#[test]
fn random_positions_get_legal_moves() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut engine = Engine::new(EngineConfig { hash_bytes: 4 << 20, threads: 1 });
    let stop = AtomicBool::new(false);
    for round in 0..120 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let board = random_position(&mut rng, rule);
        let limits = match round % 3 {
            0 => Limits { max_depth: Some(3), max_nodes: Some(3000), ..Limits::default() },
            1 => Limits { max_nodes: Some(500), ..Limits::default() },
            _ => Limits { turn_time_ms: Some(0), ..Limits::default() },
        };
        let r = engine.search(&board, rule, &limits, &stop, &mut NullObserver);
        match r.best_move {
            Some(p) => assert!(
                is_legal(&board, p, board.side_to_move(), rule),
                "round {round}: illegal {p} under {rule}\n{board:?}"
            ),
            None => {
                assert!(
                    !has_legal_move(&board, rule),
                    "round {round}: no move returned\n{board:?}"
                );
            }
        }
    }
}

#[test]
fn stopped_search_still_answers_legally() {
    let mut rng = Rng(0xDEAD_BEEF_0000_0001);
    let mut engine = Engine::new(EngineConfig { hash_bytes: 1 << 20, threads: 2 });
    let stop = AtomicBool::new(true);
    for round in 0..40 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let board = random_position(&mut rng, rule);
        let r = engine.search(&board, rule, &Limits::default(), &stop, &mut NullObserver);
        if let Some(p) = r.best_move {
            assert!(
                is_legal(&board, p, board.side_to_move(), rule),
                "round {round}: {p}\n{board:?}"
            );
        } else {
            assert!(!has_legal_move(&board, rule));
        }
    }
}

#[test]
fn empty_and_tiny_boards() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(EngineConfig { hash_bytes: 1 << 20, threads: 1 });
    for (w, h) in [(5, 5), (15, 15), (32, 32), (7, 30)] {
        let board = Board::new(w, h).expect("size");
        let r = engine.search(&board, Rule::Renju, &Limits::depth(2), &stop, &mut NullObserver);
        let p = r.best_move.expect("a move on an empty board");
        assert!(board.is_empty_square(p));
        // The first move goes near the centre.
        assert!(p.chebyshev(board.center()) <= 1, "{w}x{h}: {p}");
    }
    // A board full but for one square.
    let mut board = Board::square(5).expect("size");
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (2, 2) {
                board.set_wall(Point::new(x, y)).expect("wall");
            }
        }
    }
    let r = engine.search(&board, Rule::Freestyle, &Limits::depth(3), &stop, &mut NullObserver);
    assert_eq!(r.best_move, Some(Point::new(2, 2)));
    board.set_wall(Point::new(2, 2)).expect("wall");
    let r = engine.search(&board, Rule::Freestyle, &Limits::depth(3), &stop, &mut NullObserver);
    assert_eq!(r.best_move, None);
}
