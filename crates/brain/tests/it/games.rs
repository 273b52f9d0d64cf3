//! Whole games between two brain processes under every rule: every move legal, every game ends.

use crate::common::{Brain, point};
use renzoku_rules::{Board, Color, Outcome, Rule, is_legal, outcome_after};

/// Plays one game; `None` when the side to move has no legal move left (renju black on a
/// nearly full board), which the brain must answer with `ERROR` (contract: a forbidden point
/// is never played).
fn play_game(rule: Rule, width: u32, height: u32) -> Option<Outcome> {
    let mut brains = [Brain::start(), Brain::start()];
    let start = if width == height {
        format!("START {width}")
    } else {
        format!("RECTSTART {width},{height}")
    };
    for brain in &mut brains {
        assert_eq!(brain.ask(&start), "OK");
        brain.send(&format!(
            "INFO rule {}\nINFO timeout_turn 60\nINFO max_memory 33554432",
            rule.gomocup_code()
        ));
    }
    let mut board = Board::new(width, height).expect("board size");
    let mut last = None;
    loop {
        let mover = board.stone_count() % 2;
        let color = board.side_to_move();
        let reply = match last {
            None => brains[mover].ask("BEGIN"),
            Some(p) => brains[mover].ask(&format!("TURN {p}")),
        };
        if !board.empty_points().any(|p| is_legal(&board, p, color, rule)) {
            assert!(reply.starts_with("ERROR"), "{rule}: no legal move for {color}, got {reply:?}");
            for brain in &mut brains {
                brain.send("END");
            }
            return None;
        }
        let p = point(&reply);
        assert!(board.contains(p), "{rule}: {p} off the board");
        assert!(is_legal(&board, p, color, rule), "{rule}: {color} played illegal {p} on\n{board}");
        board.play(p).expect("legal move plays");
        if let Some(outcome) = outcome_after(&board, p, rule) {
            assert_ne!(outcome, Outcome::Forbidden);
            for brain in &mut brains {
                brain.send("END");
            }
            return Some(outcome);
        }
        assert_eq!(board.side_to_move(), color.opponent());
        last = Some(p);
    }
}

#[test]
fn freestyle_game() {
    let outcome = play_game(Rule::Freestyle, 9, 9);
    assert!(matches!(outcome, Some(Outcome::Five { .. } | Outcome::FullBoard)));
}

#[test]
fn standard_game() {
    play_game(Rule::Standard, 9, 9);
}

#[test]
fn renju_game() {
    let outcome = play_game(Rule::Renju, 11, 11);
    if let Some(Outcome::Five { winner }) = outcome {
        assert!(matches!(winner, Color::Black | Color::White));
    }
}

#[test]
fn caro_games() {
    play_game(Rule::CaroFreestyle, 9, 9);
    play_game(Rule::CaroStandard, 8, 10);
}
