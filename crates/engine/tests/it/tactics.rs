//! Tactical positions from `tests/data/tactics.txt`: wins must be found (and played), fives
//! blocked, threats defended, forbidden points avoided.

use renzoku_engine::{Limits, Score};
use renzoku_rules::{Color, is_legal, makes_five};

#[test]
fn tactical_suite() {
    let cases = crate::common::load(include_str!("../data/tactics.txt"));
    assert!(cases.len() >= 13);
    let mut failures = Vec::new();
    for case in &cases {
        let result = crate::common::search(
            &case.board,
            case.rule,
            &Limits { max_depth: Some(6), mode: case.mode, ..Limits::default() },
        );
        let best = result.best_move.expect("a move");
        let me: Color = case.board.side_to_move();
        let mut ok = is_legal(&case.board, best, me, case.rule);
        ok &= case.best.is_empty() || case.best.contains(&best);
        ok &= !case.avoid.contains(&best);
        ok &= match case.expect.as_str() {
            "win" => matches!(result.score, Score::Win(_)),
            "defend" | "nolose" => !matches!(result.score, Score::Loss(_)),
            "nowin1" => result.score != Score::Win(1),
            other => panic!("unknown expectation {other}"),
        };
        if !ok {
            failures.push(format!(
                "{}: got {best} score {} pv {:?}",
                case.name, result.score, result.pv
            ));
        }
    }
    assert!(failures.is_empty(), "failed:\n{}", failures.join("\n"));
}

/// A claimed win comes with a principal variation that really ends in a five for the winner.
#[test]
fn winning_lines_end_in_five() {
    for case in crate::common::load(include_str!("../data/tactics.txt")) {
        if case.expect != "win" {
            continue;
        }
        let result = crate::common::search(
            &case.board,
            case.rule,
            &Limits { max_depth: Some(6), mode: case.mode, ..Limits::default() },
        );
        let Score::Win(n) = result.score else { panic!("{}: no win found", case.name) };
        let mut board = case.board.clone();
        let winner = board.side_to_move();
        for (i, &p) in result.pv.iter().enumerate() {
            let mover = board.side_to_move();
            assert!(is_legal(&board, p, mover, case.rule), "{}: illegal {p} in pv", case.name);
            if i + 1 == result.pv.len() && result.pv.len() as u32 == n {
                assert_eq!(mover, winner, "{}: pv ends with the loser", case.name);
                assert!(
                    makes_five(&board, p, mover, case.rule),
                    "{}: last pv move {p} is no five",
                    case.name
                );
            }
            board.play(p).expect("pv move");
        }
        if result.pv.len() as u32 != n {
            // A shortened line stops where the loser cannot block: the winner has an open four
            // (two five squares), or every square that stops its five is forbidden for black.
            assert_eq!(board.side_to_move(), winner.opponent(), "{}: short pv", case.name);
            let fives: Vec<_> = board
                .empty_points()
                .filter(|&q| makes_five(&board, q, winner, case.rule))
                .collect();
            assert!(!fives.is_empty(), "{}: short pv without a threat", case.name);
            assert!(
                fives.len() >= 2
                    || fives.iter().all(|&q| !is_legal(&board, q, winner.opponent(), case.rule)),
                "{}: short pv {:?} but a block exists",
                case.name,
                result.pv
            );
        }
    }
}

/// Lazy SMP: with helper threads the same wins are found and the answer stays legal.
#[test]
fn wins_with_two_threads() {
    use std::sync::atomic::AtomicBool;

    use renzoku_engine::{Engine, EngineConfig, NullObserver};

    let mut engine = Engine::new(EngineConfig { hash_bytes: 8 << 20, threads: 2 });
    let stop = AtomicBool::new(false);
    for case in crate::common::load(include_str!("../data/tactics.txt")) {
        if case.expect != "win" {
            continue;
        }
        engine.clear_hash();
        let limits = Limits { max_depth: Some(6), mode: case.mode, ..Limits::default() };
        let r = engine.search(&case.board, case.rule, &limits, &stop, &mut NullObserver);
        let best = r.best_move.expect("a move");
        assert!(is_legal(&case.board, best, case.board.side_to_move(), case.rule), "{}", case.name);
        assert!(matches!(r.score, Score::Win(_)), "{}: {}", case.name, r.score);
    }
}
