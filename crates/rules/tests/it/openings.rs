//! The 26 renju openings and the opening-rule helpers.

use renzoku_rules::openings::{board_renju_opening, central_square_size, empty_in_central_square};
use renzoku_rules::{
    Board, Color, Point, RENJU_OPENINGS, Symmetry, are_pairwise_non_symmetric,
    identify_renju_opening, in_central_square, parse_diagram, position_symmetries,
};

#[test]
fn every_opening_is_recognised_in_every_orientation() {
    let center = Point::new(7, 7);
    for opening in &RENJU_OPENINGS {
        let stones = opening.stones(center);
        for sym in Symmetry::ALL {
            let turned = stones.map(|p| sym.apply(p, 15, 15));
            let found = identify_renju_opening(turned, center).map(|o| o.code);
            assert_eq!(found, Some(opening.code), "{sym:?} of {}", opening.code);
        }
    }
}

#[test]
fn the_catalogue_matches_the_documented_squares() {
    // rules.md §2.1: 2D Keigetsu is h8 h9 i10, 13I Suisei is h8 i9 f6 (row 1 at the bottom).
    let center = Point::new(7, 7);
    let by_code = |c: &str| RENJU_OPENINGS.iter().find(|o| o.code == c).expect("code");
    assert_eq!(by_code("2D").stones(center), [center, Point::new(7, 6), Point::new(8, 5)]);
    assert_eq!(by_code("13I").stones(center), [center, Point::new(8, 6), Point::new(5, 9)]);
    assert_eq!(by_code("2D").name, "Keigetsu");
}

#[test]
fn the_26_are_exactly_the_three_stone_shapes_of_the_5x5_square() {
    // Every white second stone in the 3x3 and black third stone in the 5x5 is one of the 26,
    // and the catalogue has no two openings that are the same up to symmetry.
    let center = Point::new(7, 7);
    let board = Board::square(15).expect("15x15");
    let mut seen = std::collections::HashSet::new();
    for second in empty_in_central_square(&board, 3) {
        for third in empty_in_central_square(&board, 5) {
            if second == center || third == center || third == second {
                continue;
            }
            let opening = identify_renju_opening([center, second, third], center);
            let opening = opening.unwrap_or_else(|| panic!("{second} {third} is no opening"));
            seen.insert(opening.code);
        }
    }
    assert_eq!(seen.len(), 26);
    assert!(identify_renju_opening([center, Point::new(7, 6), Point::new(7, 3)], center).is_none());
    assert!(
        identify_renju_opening([Point::new(6, 7), Point::new(7, 6), Point::new(7, 5)], center)
            .is_none()
    );
}

#[test]
fn board_opening_requires_colours_in_order() {
    let mut board = Board::square(15).expect("15x15");
    for p in [Point::new(7, 7), Point::new(7, 6), Point::new(7, 5)] {
        board.play(p).expect("empty");
    }
    assert_eq!(board_renju_opening(&board).map(|o| o.code), Some("1D"));
    let mut wrong = Board::square(15).expect("15x15");
    wrong.put(Point::new(7, 7), Color::White).expect("empty");
    assert!(board_renju_opening(&wrong).is_none());
}

#[test]
fn central_squares() {
    let board = Board::square(15).expect("15x15");
    assert!(in_central_square(Point::new(9, 9), 5, &board));
    assert!(!in_central_square(Point::new(10, 7), 5, &board));
    assert_eq!(central_square_size(Point::new(10, 7), &board), 7);
    assert_eq!(empty_in_central_square(&board, 3).len(), 9);
}

#[test]
fn fifth_move_candidates_symmetry() {
    // 1D (h8 h9 h10) plus a white stone on the vertical axis: mirror-symmetric left-right.
    let d = parse_diagram(
        "
        . . . . . . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    ",
    )
    .expect("diagram");
    let syms = position_symmetries(&d.board);
    assert_eq!(syms, vec![Symmetry::Identity, Symmetry::FlipX]);
    let left = Point::new(3, 4);
    let right = Point::new(5, 4);
    assert!(!are_pairwise_non_symmetric(&d.board, &[left, right]));
    assert!(are_pairwise_non_symmetric(&d.board, &[left, Point::new(5, 5)]));
    assert!(!are_pairwise_non_symmetric(&d.board, &[left, left]));
}
