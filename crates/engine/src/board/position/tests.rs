//! Tests of the position: incremental state against a fresh build, key windows, lazy hidden
//! sums.

#[cfg(target_arch = "x86_64")]
use super::hidden_cache::replay_changes_avx2;
use super::hidden_cache::{Logged, replay_changes};
use super::hot::{hot_entry, pack};
use super::keys::key_positions;
use super::*;
use crate::eval::hidden;
use crate::eval::square::{CL_3, CL_4, CL_FLEX4};

fn fresh_equals(pos: &Position) {
    let fresh = Position::with_net(&pos.current_board(), pos.rule, pos.net);
    assert_eq!(fresh.hash, pos.hash);
    assert_eq!(fresh.eval_sums, pos.eval_sums);
    assert_eq!(fresh.hidden_sums(), pos.hidden_sums());
    for c in 0..2 {
        for class in CL_3..CLASSES as u8 {
            let fresh_set: Vec<usize> = fresh.by_class[c][class as usize].iter().collect();
            let set: Vec<usize> = pos.by_class[c][class as usize].iter().collect();
            assert_eq!(usize::from(pos.class_counts[c][class as usize]), set.len());
            assert_eq!(fresh_set, set, "colour {c} class {class}");
        }
    }
    // Padding squares may hold stale keys; only real squares matter.
    for y in 0..pos.height {
        for x in 0..pos.width {
            let i = pos.index(x, y);
            for d in 0..4 {
                let at = usize::from(pos.windows[i][d]) + 5;
                assert_eq!(fresh.keys[d][at], pos.keys[d][at], "keys at {x},{y}");
            }
            assert_eq!(fresh.pat[i], pos.pat[i], "patterns at {x},{y}");
            for c in [Color::Black, Color::White] {
                assert_eq!(fresh.info(i, c), pos.info(i, c), "info at {x},{y}");
            }
            assert_eq!(fresh.near(i), pos.near(i), "near at {x},{y}");
        }
    }
}

/// The last moves, newest first, as far back as the position was built.
#[test]
fn recent_moves_go_back_to_the_first_stone() {
    let board = Board::new(15, 15).expect("size");
    let mut pos = Position::new(&board, Rule::Freestyle);
    let (a, b) = (pos.index(7, 7), pos.index(8, 8));
    pos.make(a);
    pos.make(b);
    assert_eq!([0, 1, 2].map(|k| pos.recent_move(k)), [Some(b), Some(a), None]);
    pos.unmake();
    assert_eq!([0, 1].map(|k| pos.recent_move(k)), [Some(a), None]);
}

/// The stone count covers the stones the position was built with and those made since, on a
/// rectangular board with a wall (no stone) too.
#[test]
fn stone_count_follows_make_and_unmake() {
    let mut board = Board::new(12, 9).expect("size");
    board.play(Point::new(3, 3)).expect("empty");
    board.play(Point::new(4, 4)).expect("empty");
    board.set_wall(Point::new(0, 0)).expect("wall");
    let mut pos = Position::new(&board, Rule::Freestyle);
    assert_eq!(pos.stone_count(), 2);
    pos.make(pos.index(5, 5));
    assert_eq!(pos.stone_count(), 3);
    pos.unmake();
    assert_eq!(pos.stone_count(), 2);
}

/// Each direction's key positions are one to one over the padded board, and stepping along
/// the direction from a real square steps by one position, 5 steps either way.
#[test]
fn key_windows_follow_the_lines() {
    for (width, height) in [(5, 5), (13, 9), (9, 13), (32, 7), (32, 32)] {
        let (w, h) = (width + 2 * PAD, height + 2 * PAD);
        let at = |px: usize, py: usize, d: usize| key_positions(px, py, w, h)[d];
        for d in 0..4 {
            let mut seen = vec![false; CAP];
            for py in 0..h {
                for px in 0..w {
                    assert!(!seen[at(px, py, d)], "{width}x{height} direction {d}");
                    seen[at(px, py, d)] = true;
                }
            }
        }
        assert_eq!(
            window_starts(PAD, PAD, w, h).map(|s| usize::from(s) + 5),
            [0, 1, 2, 3].map(|d| at(PAD, PAD, d))
        );
        let steps = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for y in PAD..PAD + height {
            for x in PAD..PAD + width {
                for (d, (dx, dy)) in steps.into_iter().enumerate() {
                    for k in -5..=5isize {
                        let (px, py) =
                            (x.wrapping_add_signed(k * dx), y.wrapping_add_signed(k * dy));
                        assert_eq!(at(px, py, d), at(x, y, d).wrapping_add_signed(k));
                    }
                }
            }
        }
    }
}

#[test]
fn incremental_matches_fresh() {
    // Freestyle's compact tables skip the fifth square on each side; the others do not.
    for rule in [Rule::Renju, Rule::Freestyle, Rule::CaroStandard] {
        incremental_matches_fresh_under(rule);
    }
}

fn incremental_matches_fresh_under(rule: Rule) {
    let mut board = Board::new(13, 9).expect("size");
    board.set_wall(Point::new(3, 3)).expect("wall");
    let mut pos = Position::new(&board, rule);
    walk_and_back(&board, &mut pos);
    // A net that reads line windows too (their log and replay).
    let net = crate::eval::net::with_random_lines(crate::eval::net::Family::of(rule), 7);
    let mut pos = Position::with_net(&board, rule, net);
    walk_and_back(&board, &mut pos);
}

fn walk_and_back(board: &Board, pos: &mut Position) {
    let rule = pos.rule;
    let moves = [(6, 4), (7, 4), (6, 5), (7, 5), (6, 3), (0, 0), (12, 8), (5, 4), (6, 6)];
    for &(x, y) in &moves {
        let i = pos.index(x, y);
        let predicted = pos.hash_after(i);
        pos.make(i);
        assert_eq!(pos.hash(), predicted, "hash after {x},{y}");
        fresh_equals(pos);
    }
    for _ in 0..moves.len() {
        pos.unmake();
        fresh_equals(pos);
    }
    assert_eq!(pos.hash, Position::new(board, rule).hash);
}

/// The net in use for `rule`, or with `lines` the built-in one with random line-window weights
/// (`seed`).
fn net_for(rule: Rule, lines: bool, seed: u64) -> &'static crate::eval::net::Net {
    if lines {
        crate::eval::net::with_random_lines(crate::eval::net::Family::of(rule), seed)
    } else {
        crate::eval::net::Net::current(rule)
    }
}

/// The lazily updated hidden sums match a fresh position's after any walk of makes and
/// unmakes, when they are read only now and then (so that later moves replace positions
/// whose sums were read, and several moves are caught up at once).
#[test]
fn lazy_hidden_sums_match_fresh() {
    let mut rng = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
    let mut next = move |n: u64| rng() % n;
    for (w, h, rule, lines) in [
        (15, 15, Rule::Freestyle, false),
        (9, 7, Rule::Standard, false),
        (20, 20, Rule::CaroFreestyle, false),
        (15, 15, Rule::Renju, false),
        (15, 15, Rule::Freestyle, true),
        (20, 20, Rule::Standard, true),
        (15, 15, Rule::Renju, true),
    ] {
        let board = Board::new(w, h).expect("size");
        let net = net_for(rule, lines, 11);
        let mut pos = Position::with_net(&board, rule, net);
        let (mut checked, mut lines_counted) = (0, 0);
        for _ in 0..600 {
            let depth = pos.stack.len();
            if depth > 0 && (next(3) == 0 || depth > 40) {
                pos.unmake();
            } else {
                let x = next(u64::from(w)) as usize;
                let y = next(u64::from(h)) as usize;
                let i = pos.index(x, y);
                if pos.is_empty(i) {
                    pos.make(i);
                }
            }
            if next(4) == 0 {
                let board = pos.current_board();
                let fresh = Position::with_net(&board, rule, net);
                assert_eq!(fresh.hidden_sums(), pos.hidden_sums(), "{rule:?} {board:?}");
                assert_ne!(pos.hidden_sums(), [hidden::NO_SUMS; 2]);
                checked += 1;
                // The line windows add to the sums of the same position without them.
                lines_counted += usize::from(
                    lines && Position::new(&board, rule).hidden_sums() != pos.hidden_sums(),
                );
            }
        }
        assert!(checked > 100, "only {checked} checks");
        assert!(!lines || lines_counted > 100, "the line windows counted {lines_counted} times");
    }
}

/// The AVX2 replay of the hidden sums gives the baseline code's sums exactly.
#[cfg(target_arch = "x86_64")]
#[test]
#[allow(unsafe_code)]
fn avx2_replay_matches_the_baseline() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        eprintln!("skipped: this CPU has no AVX2, only the baseline code runs here");
        return;
    }
    let board = Board::square(15).expect("size");
    for (rule, lines) in [(Rule::Freestyle, false), (Rule::Renju, false), (Rule::Freestyle, true)] {
        let mut pos = Position::with_net(&board, rule, net_for(rule, lines, 13));
        let cache = pos.hidden.as_ref().expect("a hidden layer").borrow().clone();
        for (x, y) in [(7, 7), (8, 8), (7, 8), (6, 6), (9, 9), (7, 9), (7, 6), (5, 5)] {
            pos.make(pos.index(x, y));
        }
        let logged = Logged {
            changes: &pos.changes.entries[..pos.changes.len],
            lines: &pos.line_changes.entries[..pos.line_changes.len],
        };
        assert!(logged.changes.len() > 40);
        let (start, mut baseline, mut wide) = (cache.sums[0], cache.sums[0], cache.sums[0]);
        replay_changes(cache.layer, cache.combo_of, logged, &start, &mut baseline);
        // SAFETY: AVX2 is present (checked above).
        unsafe { replay_changes_avx2(cache.layer, cache.combo_of, logged, &start, &mut wide) };
        assert_eq!(baseline, wide, "{rule:?}");
        assert_eq!(baseline, pos.hidden_sums(), "{rule:?}");
    }
}

/// Packed shares add up exactly, at the extremes of their range too.
#[test]
fn packed_shares_sum_exactly() {
    let shares: [[i16; 2]; 6] =
        [[0, 0], [1, -1], [-1, 1], [i16::MAX, i16::MIN], [i16::MIN, i16::MAX], [-300, 77]];
    for &a in &shares {
        for &b in &shares {
            for n in [1u64, 2, 1024] {
                let sum = (0..n).fold(0u64, |s, _| s.wrapping_add(pack(a)).wrapping_add(pack(b)));
                let expected = [0, 1].map(|k| (i32::from(a[k]) + i32::from(b[k])) * n as i32);
                assert_eq!(unpack(sum), expected, "{a:?} + {b:?}, {n} times");
            }
        }
    }
    for class in 0..CLASSES as u8 {
        let (a, b) = (hot_entry([-5, -7], class), hot_entry([300, 1], CL_FIVE));
        assert_eq!([class_of(a), class_of(b)], [class, CL_FIVE]);
        // Whole entries add and subtract as their shares do, whatever the classes.
        assert_eq!(unpack(a.wrapping_add(b)), [295, -6]);
        assert_eq!(unpack(a.wrapping_add(b).wrapping_sub(a)), [300, 1]);
    }
}

#[test]
fn threat_squares() {
    let mut board = Board::square(15).expect("size");
    for x in 5..8 {
        board.put(Point::new(x, 7), Color::Black).expect("put");
    }
    let pos = Position::new(&board, Rule::Freestyle);
    let flex: Vec<Point> =
        pos.squares_of(Color::Black, CL_FLEX4).iter().map(|i| pos.point(i)).collect();
    assert_eq!(flex, vec![Point::new(4, 7), Point::new(8, 7)]);
    let fours = pos.squares_of(Color::Black, CL_4).count();
    assert_eq!(fours, 2); // 3,7 and 9,7
    assert!(!pos.has_five(Color::Black));
}
