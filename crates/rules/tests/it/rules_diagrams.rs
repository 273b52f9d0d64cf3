//! Each rule on hand-drawn positions. In the diagrams `*` marks the squares the test is about.

use renzoku_rules::{
    Board, Color, Outcome, Point, Rule, forbidden_points, is_legal, outcome_after, parse_diagram,
};

/// Plays `color` on the marked square of `diagram` and returns the outcome under `rule`.
fn play_mark(diagram: &str, color: Color, rule: Rule) -> Option<Outcome> {
    let d = parse_diagram(diagram).expect("diagram");
    assert_eq!(d.marks.len(), 1, "one mark expected");
    let mut board = d.board;
    board.put(d.marks[0], color).expect("mark is empty");
    outcome_after(&board, d.marks[0], rule)
}

const BLACK_FIVE: Option<Outcome> = Some(Outcome::Five { winner: Color::Black });
const WHITE_FIVE: Option<Outcome> = Some(Outcome::Five { winner: Color::White });

const OVERLINE: &str = "
    . . . . . . . . . .
    . X X X * X X . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
";

const EXACT_FIVE: &str = "
    . . . . . . . . . .
    . . X X * X X . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
";

#[test]
fn freestyle_five_and_overline_win() {
    assert_eq!(play_mark(EXACT_FIVE, Color::Black, Rule::Freestyle), BLACK_FIVE);
    assert_eq!(play_mark(OVERLINE, Color::Black, Rule::Freestyle), BLACK_FIVE);
}

#[test]
fn standard_overline_neither_wins_nor_loses() {
    assert_eq!(play_mark(EXACT_FIVE, Color::Black, Rule::Standard), BLACK_FIVE);
    assert_eq!(play_mark(OVERLINE, Color::Black, Rule::Standard), None);
    let white = OVERLINE.replace('X', "O");
    assert_eq!(play_mark(&white, Color::White, Rule::Standard), None);
}

#[test]
fn renju_overline_loses_for_black_and_wins_for_white() {
    assert_eq!(play_mark(OVERLINE, Color::Black, Rule::Renju), Some(Outcome::Forbidden));
    let white = OVERLINE.replace('X', "O");
    assert_eq!(play_mark(&white, Color::White, Rule::Renju), WHITE_FIVE);
}

#[test]
fn renju_five_wins_even_with_a_forbidden_shape() {
    // The mark makes an exact five across and a second four down (a double four with a five).
    let five_and_four = "
        . . . . * . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
    ";
    let d = parse_diagram(five_and_four).expect("diagram");
    let mut board = d.board;
    for x in [0, 1, 2, 3] {
        board.put(Point::new(x, 0), Color::Black).expect("empty");
    }
    // Row 0: X X X X * → five; column 4: * X X X → four. Five wins.
    board.put(d.marks[0], Color::Black).expect("empty");
    assert_eq!(outcome_after(&board, d.marks[0], Rule::Renju), BLACK_FIVE);

    let five_and_overline = "
        X X X X * . X X . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(five_and_overline, Color::Black, Rule::Renju), BLACK_FIVE);
}

fn assert_forbidden(diagram: &str) {
    let d = parse_diagram(diagram).expect("diagram");
    assert_eq!(forbidden_points(&d.board), d.marks, "\n{}", d.board);
}

#[test]
fn renju_double_three_double_four_and_overline_points() {
    assert_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X X * . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O O O O . O O . . . . . . . .
    ",
    );
    // One-line double fours: X_XXX_X and XX_XX_XX; the stones also cross at 6,2 as two
    // diagonal threes.
    assert_forbidden(
        "
        . . . . . . . . . . . . . . .
        . X . X * X . X . . . . . . .
        . . . . . . * . . . . . . . .
        . X X . * X . X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O O . O O . O O . O O . O O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . O . O . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
    ",
    );
    // A four and an open three cross: 4-3 is legal; two fours cross: forbidden.
    assert_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X X X . * . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        O O O . O O . O O . O O . O O
    ",
    );
}

#[test]
fn renju_double_three_needs_a_legal_straight_four_point() {
    // Stones from the reference data: 2,5 looks like a double three, but one three can only
    // become a straight four on a square that is itself forbidden, so 2,5 is legal.
    let d = parse_diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . O . . X . . . . . . . . .
        . . . X . . O . . . . . . . .
        . . . X . . . . . . O . . . .
        . . . . X X . . . . . . . . .
        . . . X . . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
    ",
    )
    .expect("diagram");
    assert!(!renzoku_rules::is_forbidden(&d.board, Point::new(2, 5)));
    assert!(forbidden_points(&d.board).is_empty());
}

#[test]
fn white_is_never_restricted() {
    let d = parse_diagram(OVERLINE).expect("diagram");
    assert!(!is_legal(&d.board, d.marks[0], Color::Black, Rule::Renju));
    assert!(is_legal(&d.board, d.marks[0], Color::White, Rule::Renju));
    assert!(is_legal(&d.board, d.marks[0], Color::Black, Rule::Freestyle));
}

#[test]
fn caro_five_blocked_at_both_ends_by_the_opponent_does_not_win() {
    let blocked = "
        . . . . . . . . . .
        . O X X * X X O . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    for rule in [Rule::CaroFreestyle, Rule::CaroStandard] {
        assert_eq!(play_mark(blocked, Color::Black, rule), None, "{rule}");
        assert_eq!(
            play_mark(
                &blocked.replace('O', "_").replace('X', "O").replace('_', "X"),
                Color::White,
                rule
            ),
            None
        );
    }
    // Blocked on one side only: wins.
    let one_side = "
        . . . . . . . . . .
        . O X X * X X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(one_side, Color::Black, Rule::CaroStandard), BLACK_FIVE);
    assert_eq!(play_mark(one_side, Color::Black, Rule::CaroFreestyle), BLACK_FIVE);
}

#[test]
fn caro_board_edge_is_not_a_block() {
    let edge = "
        X X * X X O . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(edge, Color::Black, Rule::CaroFreestyle), BLACK_FIVE);
    assert_eq!(play_mark(edge, Color::Black, Rule::CaroStandard), BLACK_FIVE);
}

#[test]
fn caro_overline_wins_only_with_overlines() {
    let blocked_six = "
        . . . . . . . . . .
        O X X * X X X O . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(blocked_six, Color::Black, Rule::CaroFreestyle), BLACK_FIVE);
    assert_eq!(play_mark(blocked_six, Color::Black, Rule::CaroStandard), None);
}

#[test]
fn walls_break_lines_and_are_not_opponent_blocks() {
    let broken = "
        . . . . . . . . . .
        X X # X * X . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(broken, Color::Black, Rule::Freestyle), None);
    let walled = "
        . . . . . . . . . .
        # X X * X X O . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
    ";
    assert_eq!(play_mark(walled, Color::Black, Rule::CaroStandard), BLACK_FIVE);
    let mut board = parse_diagram(walled).expect("diagram").board;
    assert!(board.play(Point::new(0, 1)).is_err(), "a wall is not playable");
}

#[test]
fn full_board_is_a_draw_and_move_limit_applies() {
    let mut board = Board::square(5).expect("5x5");
    // Fill 5x5 in an order that never makes five in a row: columns alternate in pairs.
    let mut last = Point::new(0, 0);
    for y in 0..5u8 {
        for x in 0..5u8 {
            let color = if (x / 2 + y) % 2 == 0 { Color::Black } else { Color::White };
            last = Point::new(x, y);
            board.put(last, color).expect("empty");
            let outcome = outcome_after(&board, last, Rule::Freestyle);
            if board.empty_count() > 0 {
                assert_eq!(outcome, None, "no line of five in this filling\n{board}");
            }
        }
    }
    assert_eq!(outcome_after(&board, last, Rule::Freestyle), Some(Outcome::FullBoard));
    let mut small = Board::square(15).expect("15x15");
    small.play(Point::new(7, 7)).expect("empty");
    small.play(Point::new(0, 0)).expect("empty");
    assert_eq!(
        renzoku_rules::outcome_with_limit(&small, Point::new(0, 0), Rule::Freestyle, Some(2)),
        Some(Outcome::MoveLimit)
    );
}
