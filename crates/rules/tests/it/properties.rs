//! Invariants: results and forbidden points do not depend on how the board is turned, hashes
//! follow the stones, and every notation reads back what it writes.

use proptest::prelude::*;
use renzoku_rules::notation::{
    format_offset_opening, format_pos, format_pos_sequence, format_pv_token, format_sgf_point,
    parse_gomocup, parse_offset_opening, parse_pos, parse_pos_sequence, parse_pv_token,
    parse_sgf_point,
};
use renzoku_rules::{
    Board, Color, Point, PosOrientation, Rule, Symmetry, forbidden_points, makes_five,
    outcome_after, transform_board,
};

/// A random position: stones placed on random empty squares, black and white alternating, dense
/// around the centre so that threes and fours actually occur.
fn position(size: u8, stones: usize, seed: u64) -> Board {
    let mut board = Board::square(u32::from(size)).expect("size in range");
    let mut state = seed | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let spread = u64::from(size.min(9));
    let offset = (size - spread as u8) / 2;
    let mut placed = 0;
    let mut attempts = 0;
    while placed < stones && attempts < 10 * stones {
        attempts += 1;
        let p = Point::new(offset + (next() % spread) as u8, offset + (next() % spread) as u8);
        if board.play(p).is_ok() {
            placed += 1;
        }
    }
    board
}

fn map_all(points: &[Point], sym: Symmetry, size: u8) -> Vec<Point> {
    let mut v: Vec<Point> = points.iter().map(|&p| sym.apply(p, size, size)).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn forbidden_points_are_invariant_under_symmetry(
        size in 9u8..=17, stones in 6usize..50, seed in any::<u64>(), sym in 0usize..8
    ) {
        let mut board = position(size, stones, seed);
        board.set_side_to_move(Color::Black);
        let sym = Symmetry::ALL[sym];
        let turned = transform_board(&board, sym);
        prop_assert_eq!(forbidden_points(&turned), map_all(&forbidden_points(&board), sym, size));
    }

    #[test]
    fn results_are_invariant_under_symmetry(
        size in 5u8..=20, stones in 1usize..60, seed in any::<u64>(), sym in 0usize..8, rule in 0usize..5
    ) {
        let board = position(size, stones, seed);
        let sym = Symmetry::ALL[sym];
        let rule = Rule::ALL[rule];
        let turned = transform_board(&board, sym);
        for p in board.points() {
            let q = sym.apply(p, size, size);
            for color in [Color::Black, Color::White] {
                prop_assert_eq!(makes_five(&board, p, color, rule), makes_five(&turned, q, color, rule));
            }
            prop_assert_eq!(outcome_after(&board, p, rule), outcome_after(&turned, q, rule));
        }
    }

    #[test]
    fn hash_depends_only_on_the_position(size in 5u8..=32, stones in 1usize..40, seed in any::<u64>()) {
        let mut board = position(size, stones, seed);
        let full = board.hash();
        let moves: Vec<_> = board.history().to_vec();
        while board.undo().is_ok() {}
        prop_assert_eq!(board.hash(), 0);
        for m in moves.iter().rev() {
            board.put(m.point, m.color).expect("empty");
        }
        let side = if moves.len() % 2 == 1 { Color::White } else { Color::Black };
        board.set_side_to_move(side);
        prop_assert_eq!(board.hash(), full, "placement order must not matter");
    }

    #[test]
    fn remove_takes_any_stone_back(size in 5u8..=15, stones in 2usize..20, seed in any::<u64>(), k in any::<usize>()) {
        let mut board = position(size, stones, seed);
        let history = board.history().to_vec();
        let victim = history[k % history.len()];
        board.remove(victim.point).expect("stone is there");
        prop_assert!(board.is_empty_square(victim.point));
        prop_assert_eq!(board.stone_count(), history.len() - 1);
        prop_assert_eq!(board.side_to_move(), victim.color);
    }

    #[test]
    fn notations_round_trip(w in 5u8..=32, h in 5u8..=32, x in 0u8..32, y in 0u8..32) {
        let p = Point::new(x % w, y % h);
        prop_assert_eq!(parse_gomocup(&p.to_string(), w, h), Ok(p));
        for o in [PosOrientation::RowOneAtTop, PosOrientation::RowOneAtBottom] {
            prop_assert_eq!(parse_pos(&format_pos(p, h, o), w, h, o), Ok(p));
        }
        for c in [Color::Black, Color::White] {
            prop_assert_eq!(parse_pv_token(&format_pv_token(c, p), w, h), Ok((c, p)));
        }
        prop_assert_eq!(parse_sgf_point(&format_sgf_point(p), w, h), Ok(p));
    }

    #[test]
    fn sequences_round_trip(size in 5u8..=32, stones in 1usize..30, seed in any::<u64>()) {
        let board = position(size, stones, seed);
        let points: Vec<Point> = board.history().iter().map(|m| m.point).collect();
        for o in [PosOrientation::RowOneAtTop, PosOrientation::RowOneAtBottom] {
            let text = format_pos_sequence(&points, size, o);
            prop_assert_eq!(parse_pos_sequence(&text, size, size, o), Ok(points.clone()));
        }
        let line = format_offset_opening(&points, size, size);
        prop_assert_eq!(parse_offset_opening(&line, size, size), Ok(points));
    }
}

#[test]
fn pos_orientations_differ_as_documented() {
    // h8 is the centre of 15x15 either way; a1 is the top-left or the bottom-left corner.
    let top = PosOrientation::RowOneAtTop;
    let bottom = PosOrientation::RowOneAtBottom;
    assert_eq!(parse_pos("h8", 15, 15, top), Ok(Point::new(7, 7)));
    assert_eq!(parse_pos("h8", 15, 15, bottom), Ok(Point::new(7, 7)));
    assert_eq!(parse_pos("a1", 15, 15, top), Ok(Point::new(0, 0)));
    assert_eq!(parse_pos("a1", 15, 15, bottom), Ok(Point::new(0, 14)));
    assert_eq!(parse_pos("H8", 15, 15, top), Ok(Point::new(7, 7)), "Rapfi prints upper case");
    assert_eq!(format_pos(Point::new(0, 0), 15, bottom), "a15");
    assert_eq!(
        parse_pos_sequence("h8i9j10", 15, 15, bottom),
        Ok(vec![Point::new(7, 7), Point::new(8, 6), Point::new(9, 5)])
    );
    assert!(parse_pos("p1", 15, 15, top).is_err(), "column p is off a 15-wide board");
    assert!(parse_pos("a16", 15, 15, top).is_err());
    assert!(parse_pos("a0", 15, 15, top).is_err());
}

#[test]
fn pv_tokens_and_sgf_points_as_documented() {
    assert_eq!(format_pv_token(Color::Black, Point::new(5, 3)), "Xf3");
    assert_eq!(parse_pv_token("Of6", 15, 15), Ok((Color::White, Point::new(5, 6))));
    assert_eq!(format_pv_token(Color::White, Point::new(27, 30)), "OB30", "columns past z");
    assert!(parse_pv_token("Xh15", 15, 15).is_err());
    assert_eq!(format_sgf_point(Point::new(7, 8)), "hi");
    assert_eq!(parse_sgf_point("AF", 32, 32), Ok(Point::new(26, 31)));
}

#[test]
fn offset_openings_reject_bad_lines() {
    assert_eq!(
        parse_offset_opening("0,0, 1,0, 1,3", 15, 15),
        Ok(vec![Point::new(7, 7), Point::new(8, 7), Point::new(8, 10)])
    );
    assert!(parse_offset_opening("0,0, 1", 15, 15).is_err());
    assert!(parse_offset_opening("0,0, 0,0", 15, 15).is_err());
    assert!(parse_offset_opening("0,0, 9,0", 15, 15).is_err());
    assert!(parse_offset_opening("0,0, a,b", 15, 15).is_err());
    assert!(parse_offset_opening("", 15, 15).is_err());
    // The reference file: 40 openings that fit 15x15, and a last one that reaches 8 squares
    // from the centre, which only a larger board holds; it must be refused on 15x15, not wrapped.
    let file = include_str!("../data/openings-freestyle-offset.txt");
    let lines: Vec<&str> = file.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 41);
    for l in &lines[..40] {
        assert!(parse_offset_opening(l, 15, 15).is_ok(), "{l}");
    }
    assert!(parse_offset_opening(lines[40], 15, 15).is_err());
    assert_eq!(parse_offset_opening(lines[40], 20, 20).map(|v| v.len()), Ok(5));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Every text parser answers arbitrary input with a value or an error, never a panic.
    #[test]
    fn parsers_never_panic(text in ".{0,80}", w in 5u8..=32, h in 5u8..=32) {
        for o in [PosOrientation::RowOneAtTop, PosOrientation::RowOneAtBottom] {
            let _ = parse_pos_sequence(&text, w, h, o);
        }
        let _ = parse_offset_opening(&text, w, h);
        let _ = parse_gomocup(&text, w, h);
        let _ = parse_pv_token(&text, w, h);
        let _ = parse_sgf_point(&text, w, h);
        let _ = renzoku_rules::parse_stone_list_line(&text, w, h);
        let _ = renzoku_rules::parse_diagram(&text);
    }

    #[test]
    fn stone_lists_survive_noise(cut in 0usize..200, junk in "[ -~]{0,10}") {
        let line = "B 7,7 8,7 7,8 | W 0,0 1,0 2,0 | F 1,1";
        let mut noisy = line[..cut.min(line.len())].to_string();
        noisy.push_str(&junk);
        let _ = renzoku_rules::parse_stone_list_line(&noisy, 15, 15);
    }
}
