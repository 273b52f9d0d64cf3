//! `forbidden_kind` names why a renju point is forbidden for black.

use renzoku_rules::{Board, Color, ForbiddenKind, Point, forbidden_kind, is_forbidden};

fn board(black: &[(u8, u8)]) -> Board {
    let mut board = Board::square(15).expect("15x15");
    for &(x, y) in black {
        board.put(Point::new(x, y), Color::Black).expect("empty square");
    }
    board
}

#[test]
fn each_kind_is_named_and_agrees_with_is_forbidden() {
    let cases = [
        (
            board(&[(2, 7), (3, 7), (5, 7), (6, 7), (7, 7)]),
            Point::new(4, 7),
            ForbiddenKind::Overline,
        ),
        (
            board(&[(3, 7), (4, 7), (5, 7), (6, 4), (6, 5), (6, 6)]),
            Point::new(6, 7),
            ForbiddenKind::DoubleFour,
        ),
        (board(&[(4, 7), (5, 7), (6, 5), (6, 6)]), Point::new(6, 7), ForbiddenKind::DoubleThree),
    ];
    for (board, p, kind) in cases {
        assert_eq!(forbidden_kind(&board, p), Some(kind), "{board}");
        assert!(is_forbidden(&board, p));
    }
    let plain = board(&[(4, 7), (5, 7)]);
    assert_eq!(forbidden_kind(&plain, Point::new(6, 7)), None);
    assert_eq!(forbidden_kind(&plain, Point::new(4, 7)), None, "occupied");
    assert_eq!(ForbiddenKind::DoubleThree.to_string(), "double three");
}
