//! Yixin-Board's special searches against the built binary (contract §3, §6): `INFO vcthread`
//! and the older `INFO checkmate` (1 = VCT only, 2 = fours only), and `yxbalanceone S` /
//! `yxbalancetwo S`, with the answers checked against the rules.

use std::time::{Duration, Instant};

use crate::common::{Brain, point};
use renzoku_protocol::{Ev, SearchSummary};
use renzoku_rules::{Board, Point, Rule, is_legal};

/// Black to move wins by fours alone: (8,5) makes two fours at once (row 5 blocked at (4,5),
/// column 8 blocked at (8,9)).
const VCF: &[(u8, u8, u8)] = &[
    (5, 5, 1),
    (6, 5, 1),
    (7, 5, 1),
    (8, 6, 1),
    (8, 7, 1),
    (8, 8, 1),
    (4, 5, 2),
    (8, 9, 2),
    (0, 0, 2),
    (14, 0, 2),
    (0, 14, 2),
    (14, 14, 2),
];

/// Black to move has no four at all, but (7,7) makes two open threes (a VCT in freestyle);
/// the white stones are in the corners, too far for any threat.
const VCT: &[(u8, u8, u8)] =
    &[(5, 7, 1), (6, 7, 1), (7, 5, 1), (7, 6, 1), (0, 0, 2), (14, 0, 2), (0, 14, 2), (14, 14, 2)];

fn started(turn_ms: u32) -> Brain {
    let mut brain = Brain::start();
    brain.send("yxshowinfo");
    assert!(brain.line().starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(brain.line().starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    assert_eq!(brain.ask("start 15 15"), "OK");
    brain.send(&format!("INFO rule 0\nINFO timeout_turn {turn_ms}"));
    brain
}

fn board_block(command: &str, stones: &[(u8, u8, u8)]) -> String {
    let mut lines = vec![command.to_owned()];
    lines.extend(stones.iter().map(|(x, y, f)| format!("{x},{y},{f}")));
    lines.push("done".to_owned());
    lines.join("\n")
}

fn board_of(stones: &[(u8, u8, u8)]) -> Board {
    let mut board = Board::square(15).expect("15x15");
    // Black (field 1, the side to move) and white alternately, as a game would have them.
    let black: Vec<_> = stones.iter().filter(|s| s.2 == 1).collect();
    let white: Vec<_> = stones.iter().filter(|s| s.2 == 2).collect();
    for i in 0..black.len().max(white.len()) {
        for side in [&black, &white] {
            if let Some((x, y, _)) = side.get(i) {
                board.play(Point::new(*x, *y)).expect("test stones are empty squares");
            }
        }
    }
    board
}

/// Thinks on `stones` and returns the summary and the move (a legal one, checked).
fn think(brain: &mut Brain, stones: &[(u8, u8, u8)], rule: Rule) -> (SearchSummary, Point) {
    brain.send(&board_block("board", stones));
    let mut summary = None;
    loop {
        let line = brain.line();
        if let Some(text) = line.strip_prefix("MESSAGE ") {
            if let Ok(s) = SearchSummary::parse(text) {
                summary = Some(s);
            }
            continue;
        }
        let p = point(&line);
        let board = board_of(stones);
        assert!(board.contains(p) && is_legal(&board, p, board.side_to_move(), rule), "{line}");
        return (summary.expect("a summary before the move"), p);
    }
}

fn proven_win(summary: &SearchSummary) -> bool {
    matches!(summary.ev, Ev::Win(_))
}

#[test]
fn fours_only_finds_a_vcf_but_not_a_vct() {
    for key in ["vcthread", "checkmate"] {
        let mut brain = started(3000);
        brain.send(&format!("INFO {key} 2"));
        let (summary, p) = think(&mut brain, VCF, Rule::Freestyle);
        assert!(proven_win(&summary), "{key} 2 on a VCF: {summary}");
        assert_eq!(p, Point::new(8, 5), "{key} 2: the double four");
        // No four anywhere: a fours-only search proves nothing, and still answers a move.
        let (summary, _) = think(&mut brain, VCT, Rule::Freestyle);
        assert!(!proven_win(&summary), "{key} 2 proved a win without fours: {summary}");
    }
}

#[test]
fn vct_search_finds_the_vct_and_the_vcf() {
    for key in ["vcthread", "checkmate"] {
        let mut brain = started(3000);
        brain.send(&format!("INFO {key} 1"));
        let (summary, p) = think(&mut brain, VCT, Rule::Freestyle);
        assert!(proven_win(&summary), "{key} 1 on a VCT: {summary}");
        assert_eq!(summary.pv.first().map(|m| m.point), Some(p), "{key} 1: {summary}");
        let (summary, p) = think(&mut brain, VCF, Rule::Freestyle);
        assert!(proven_win(&summary), "{key} 1 on a VCF: {summary}");
        assert_eq!(p, Point::new(8, 5));
        // Back to the normal search: 0.
        brain.send(&format!("INFO {key} 0"));
        let (summary, p) = think(&mut brain, VCF, Rule::Freestyle);
        assert!(proven_win(&summary) && p == Point::new(8, 5), "{summary}");
        assert!(brain.ask(&format!("INFO {key} 3")).starts_with("ERROR"));
    }
}

/// The answer to a balance command: `count` distinct moves, legal in turn for the side to move
/// and then its opponent, within the turn.
fn balance(brain: &mut Brain, command: &str, stones: &[(u8, u8, u8)], count: usize) -> Vec<Point> {
    brain.send(&board_block("yxboard", stones));
    let started = Instant::now();
    brain.send(command);
    let reply = brain.reply();
    assert!(started.elapsed() < Duration::from_millis(300 + 2000), "{command}: too slow");
    let moves: Vec<Point> = reply.split_whitespace().map(point).collect();
    assert_eq!(moves.len(), count, "{command}: {reply}");
    let mut board = board_of(stones);
    for &p in &moves {
        assert!(
            board.contains(p) && is_legal(&board, p, board.side_to_move(), Rule::Renju),
            "{command}: {reply} is not legal in turn"
        );
        board.play(p).expect("legal");
    }
    moves
}

#[test]
fn balance_one_and_two_answer_legal_moves() {
    let mut brain = started(300);
    brain.send("INFO rule 2");
    // Black to move; (7,7) would be a double three (forbidden) for black under renju.
    let stones: &[(u8, u8, u8)] = &[
        (5, 7, 1),
        (6, 7, 1),
        (7, 5, 1),
        (7, 6, 1),
        (0, 0, 2),
        (14, 0, 2),
        (0, 14, 2),
        (14, 14, 2),
    ];
    for bias in ["0", "30", "-30"] {
        let one = balance(&mut brain, &format!("yxbalanceone {bias}"), stones, 1);
        assert_ne!(one[0], Point::new(7, 7), "a forbidden point");
        let two = balance(&mut brain, &format!("yxbalancetwo {bias}"), stones, 2);
        assert_ne!(two[0], Point::new(7, 7), "a forbidden point");
    }
    // The position was only inspected: yxshowforbid still lists the double three for black.
    let forbid = brain.ask("yxshowforbid");
    assert!(forbid.contains("0707"), "{forbid}");
}
