//! The effects of Yixin-Board's search options (contract §3, crates/brain/README.md):
//! `start_depth` (first iteration), `nbestsym` (yxnbest counts symmetric moves once) and
//! `caution_factor` (from 3 on, root moves reach three squares from the stones).

use crate::common::{Brain, point};
use renzoku_protocol::SearchSummary;
use renzoku_rules::{Board, Point, are_pairwise_non_symmetric};

fn started() -> Brain {
    let mut brain = Brain::start();
    brain.send("yxshowinfo");
    assert!(brain.line().starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(brain.line().starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    assert_eq!(brain.ask("start 15 15"), "OK");
    brain.send("INFO rule 0\nINFO timeout_turn 20000");
    brain
}

/// The lines printed until the move, and the move.
fn until_move(brain: &mut Brain) -> (Vec<String>, Point) {
    let mut lines = Vec::new();
    loop {
        let line = brain.line();
        if line.starts_with("MESSAGE") || line.starts_with("INFO ") {
            lines.push(line);
        } else {
            return (lines, point(&line));
        }
    }
}

/// The first moves of the summary lines (one per principal variation).
fn line_moves(lines: &[String]) -> Vec<Point> {
    lines
        .iter()
        .filter_map(|l| SearchSummary::parse(l.strip_prefix("MESSAGE ")?).ok())
        .filter_map(|s| s.pv.first().map(|m| m.point))
        .collect()
}

fn one_stone() -> Board {
    let mut board = Board::square(15).expect("15x15");
    board.play(Point::new(7, 7)).expect("empty");
    board
}

#[test]
fn start_depth_is_the_first_iteration() {
    let mut brain = started();
    brain.send("info show_detail 2\nINFO max_depth 6");
    let position = "board\n7,7,2\n7,8,1\n8,8,2\ndone";
    let depths = |brain: &mut Brain| -> Vec<u32> {
        brain.send(position);
        let (lines, _) = until_move(brain);
        lines.iter().filter_map(|l| l.strip_prefix("INFO DEPTH ")?.parse().ok()).collect()
    };
    let from_start = depths(&mut brain);
    assert_eq!(from_start.first(), Some(&1), "{from_start:?}");
    brain.send("info start_depth 5");
    let from_five = depths(&mut brain);
    assert_eq!(from_five, vec![5, 6], "iterations 5 and 6 only");
    brain.send("info start_depth 0");
    assert_eq!(depths(&mut brain).first(), Some(&1), "0 = from the start");
}

#[test]
fn nbestsym_counts_symmetric_moves_once() {
    let mut brain = started();
    brain.send("INFO max_depth 3");
    let nbest = |brain: &mut Brain, sym: u32| -> Vec<Point> {
        brain.send(&format!("info nbestsym {sym}\nyxboard\n7,7,2\ndone\nyxnbest 4"));
        let (lines, played) = until_move(brain);
        let moves = line_moves(&lines);
        assert_eq!(moves.len(), 4, "{lines:?}");
        assert_eq!(moves.last(), Some(&played), "the best line is printed last and played");
        moves
    };
    // Around one stone the eight neighbours come in two classes: the four best lines cannot
    // all be different moves.
    let plain = nbest(&mut brain, 0);
    assert!(!are_pairwise_non_symmetric(&one_stone(), &plain), "{plain:?}");
    let distinct = nbest(&mut brain, 1);
    assert!(are_pairwise_non_symmetric(&one_stone(), &distinct), "{distinct:?}");
}

#[test]
fn cautious_root_moves_reach_further() {
    let mut brain = started();
    brain.send("INFO max_depth 2");
    let defend = |brain: &mut Brain| -> Vec<Point> {
        brain.send("yxboard\n7,7,2\ndone\nyxsearchdefend");
        line_moves(&until_move(brain).0)
    };
    let center = Point::new(7, 7);
    let normal = defend(&mut brain);
    assert_eq!(normal.len(), 24, "the 5x5 square around the stone");
    assert!(normal.iter().all(|p| p.chebyshev(center) <= 2), "{normal:?}");
    brain.send("INFO caution_factor 4");
    let cautious = defend(&mut brain);
    assert_eq!(cautious.len(), 48, "the 7x7 square around the stone");
    assert!(cautious.iter().any(|p| p.chebyshev(center) == 3), "{cautious:?}");
    assert!(brain.ask("INFO caution_factor 9").starts_with("ERROR"));
    brain.send("INFO caution_factor 0");
    assert_eq!(defend(&mut brain).len(), 24);
    // AlphaGomoku's style moves the caution one step: defensive (0) is one more.
    brain.send("INFO caution_factor 2");
    assert_eq!(defend(&mut brain).len(), 24);
    brain.send("INFO style 0");
    assert_eq!(defend(&mut brain).len(), 48, "defensive style, caution 2 + 1");
    brain.send("INFO style 2\nINFO caution_factor 3");
    assert_eq!(defend(&mut brain).len(), 24, "offensive style, caution 3 - 1");
}
