//! The extended opening commands (contract §5): answer shapes and opening-rule constraints.

mod common;

use std::time::Duration;

use common::{Brain, point};
use renzoku_rules::{Board, Point, are_pairwise_non_symmetric, identify_renju_opening};

fn brain(rule: u32) -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO rule {rule}\nINFO timeout_turn 100"));
    brain
}

fn block(command: &str, stones: &[(u8, u8)]) -> String {
    let mut lines = vec![command.to_owned()];
    lines.extend(stones.iter().map(|(x, y)| format!("{x},{y}")));
    lines.push("DONE".to_owned());
    lines.join("\n")
}

fn moves(reply: &str) -> Vec<Point> {
    reply.split_whitespace().map(point).collect()
}

fn board_of(stones: &[(u8, u8)]) -> Board {
    let mut board = Board::square(15).expect("15x15");
    for &(x, y) in stones {
        board.play(Point::new(x, y)).expect("test stones are legal");
    }
    board
}

/// A surewin-free, plausible 4-stone position: the 2D opening plus a white 4th.
const FOUR: [(u8, u8); 4] = [(7, 7), (7, 6), (8, 6), (6, 8)];

#[test]
fn three_stone_proposals_are_renju_openings() {
    let mut b = brain(4);
    for command in ["RIFSTEP1", "SWAPBOARD", "SAKATASTEP1", "SOOSYRVSTEP1 4", "SWAP2BOARD"] {
        let m = moves(&b.ask(&block(command, &[])));
        assert_eq!(m.len(), 3, "{command}");
        assert!(
            identify_renju_opening([m[0], m[1], m[2]], Point::new(7, 7)).is_some(),
            "{command}: {m:?}"
        );
    }
    let reply = b.ask(&block("YAMAGUCHISTEP1", &[]));
    let tokens: Vec<&str> = reply.split_whitespace().collect();
    assert_eq!(tokens.len(), 4, "{reply}");
    assert!(tokens[3].parse::<u32>().is_ok_and(|n| n >= 1), "{reply}");
}

#[test]
fn swap_or_move_steps() {
    let mut b = brain(0);
    let three = [(7, 7), (7, 6), (8, 6)];
    for command in ["SWAPBOARD", "RIFSTEP2", "YAMAGUCHISTEP2 2", "SWAP5STEP2", "LIANHUANSTEP2"] {
        let reply = b.ask(&block(command, &three));
        assert!(reply == "SWAP" || moves(&reply).len() == 1, "{command}: {reply}");
    }
    let reply = b.ask(&block("SWAP1STBOARD", &[(7, 7)]));
    assert!(reply == "SWAP" || moves(&reply).len() == 1, "{reply}");
    let reply = b.ask(&block("SOOSYRVSTEP2 3", &three));
    if reply != "SWAP" {
        let tokens: Vec<&str> = reply.split_whitespace().collect();
        assert_eq!(tokens.len(), 2, "{reply}");
        assert!(matches!(tokens[1].parse::<u32>(), Ok(1..=3)), "{reply}");
    }
    let reply = b.ask(&block("SOOSYRVSTEP3 3", &three));
    assert_eq!(reply.split_whitespace().count(), 2, "{reply}");
    let reply = b.ask(&block("SAKATASTEP3", &[(7, 7), (7, 6), (8, 6), (6, 8), (9, 9)]));
    assert!(reply == "SWAP" || moves(&reply).len() == 1, "{reply}");
}

#[test]
fn pro_and_zones() {
    let mut b = brain(0);
    assert_eq!(b.ask(&block("PROBOARD", &[])), "7,7");
    let second = moves(&b.ask(&block("PROBOARD", &[(7, 7)])));
    assert_eq!(second.len(), 1);
    let third = point(&b.ask(&block("PROBOARD", &[(7, 7), (8, 8)])));
    assert!(third.chebyshev(Point::new(7, 7)) > 2, "{third}");
    let third = point(&b.ask(&block("LONGPROBOARD", &[(7, 7), (8, 8)])));
    assert!(third.chebyshev(Point::new(7, 7)) > 3, "{third}");
    let fourth = point(&b.ask(&block("TARAGUCHISTEP1 5", &[(7, 7), (7, 6), (8, 6)])));
    assert!(fourth.chebyshev(Point::new(7, 7)) <= 3, "{fourth}");
    let first = point(&b.ask(&block("TARANNIKOVSTEP1", &[])));
    assert_eq!(first, Point::new(7, 7));
    let sakata = moves(&b.ask(&block("SAKATASTEP2", &[(7, 7), (7, 6), (8, 6)])));
    assert_eq!(sakata.len(), 2);
    assert!(
        sakata[0].chebyshev(Point::new(7, 7)) <= 3 && sakata[1].chebyshev(Point::new(7, 7)) <= 4
    );
}

#[test]
fn offered_fifth_moves_are_non_symmetric() {
    let mut b = brain(4);
    let board = board_of(&FOUR);
    for (command, count) in
        [("RIFSTEP4", 2), ("YAMAGUCHISTEP4 3", 3), ("SOOSYRVSTEP5 4", 4), ("TARAGUCHISTEP3 3", 3)]
    {
        let offered = moves(&b.ask(&block(command, &FOUR)));
        assert_eq!(offered.len(), count, "{command}");
        assert!(are_pairwise_non_symmetric(&board, &offered), "{command}: {offered:?}");
        assert!(offered.iter().all(|p| board.is_empty_square(*p)));
    }
    let reply = b.ask(&block("SOOSYRVSTEP4 2", &FOUR));
    assert!(reply == "SWAP" || moves(&reply).len() == 2, "{reply}");
}

#[test]
fn choosing_among_offered_fifth_moves() {
    let mut b = brain(4);
    let offered = "5,5 10,10";
    for command in ["RIFSTEP5", "SOOSYRVSTEP6 2", "TARAGUCHISTEP4 2"] {
        let reply = b.ask(&format!("{}\n{offered}", block(command, &FOUR)));
        let m = moves(&reply);
        assert_eq!(m.len(), 2, "{command}: {reply}");
        assert!(m[0] == Point::new(5, 5) || m[0] == Point::new(10, 10), "{reply}");
        assert!(m[1] != m[0] && board_of(&FOUR).is_empty_square(m[1]));
    }
    // Occupied or off-board offers are never chosen.
    let reply = b.ask(&format!("{}\n7,7 5,5 40,40", block("RIFSTEP5", &FOUR)));
    assert_eq!(moves(&reply)[0], Point::new(5, 5), "{reply}");
    let text = block("YAMAGUCHISTEP5 2", &FOUR).replace("DONE", "PLAY");
    assert_eq!(moves(&b.ask(&format!("{text}\n{offered}"))).len(), 2);
}

#[test]
fn balance_ponder_stop_and_evaluate() {
    let mut b = brain(0);
    let one = moves(&b.ask("BALANCE 1\n7,7,2\n8,8,1\n7,8,2\nDONE"));
    assert_eq!(one.len(), 1);
    let two = moves(&b.ask("BALANCE 2\n7,7,2\n8,8,1\n7,8,2\nDONE"));
    assert_eq!(two.len(), 2);
    assert!(b.ask("BALANCE 0\nDONE").starts_with("ERROR"));
    // PONDER prints nothing, STOP ends it silently.
    b.send("PONDER\nSTOP");
    assert!(b.silent_for(Duration::from_millis(300)));
    b.send("PONDER 100");
    assert!(b.silent_for(Duration::from_millis(300)));
    assert_eq!(b.ask("CLEARHASH\nPROTOCOLVERSION"), "1,0");
    b.send("TURN 7,7");
    let _ = b.reply();
    b.send("INFO evaluate 6,6");
    assert!(b.line().starts_with("MESSAGE depth"));
    b.send("INFO evaluate 7,7");
    assert_eq!(b.line(), "MESSAGE");
}
