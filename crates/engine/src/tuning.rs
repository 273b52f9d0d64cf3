//! What the offline tuning scripts (`tuning/`) read from the engine: the features of a position
//! for fitting the evaluation and the move ordering, and the tables in use.

use renzoku_rules::{Board, Point, Rule};

/// Whether the static evaluation of a position is never used: a five to make or to block, or an
/// open four for the side to move (the search answers those before it evaluates).
pub fn is_tactical(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> bool {
    use crate::eval::square::{CL_FIVE, CL_FLEX4};
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    pos.has_class(me, CL_FIVE)
        || pos.has_class(me.opponent(), CL_FIVE)
        || pos.has_class(me, CL_FLEX4)
}

/// Which block of [`combo_features`] a colour's squares count in: the side to move's squares
/// in block 0 and the waiting side's in block 1; under renju, whose tables depend on the colour
/// (`eval::Tables`), black's squares in blocks 0 and 1 and white's in blocks 2 and 3. Odd
/// blocks count against the side to move.
fn feature_block(rule: renzoku_rules::Rule, color: renzoku_rules::Color, waiting: bool) -> usize {
    2 * crate::eval::square::Tables::of(rule, color).colour_block() + usize::from(waiting)
}

/// The combination index (`eval::combo_index`) of colour `c`'s four line codes on the empty
/// square `i`.
fn square_combo(
    pos: &crate::board::position::Position,
    i: usize,
    c: renzoku_rules::Color,
) -> usize {
    crate::eval::square::combo_index(std::array::from_fn(|d| pos.line_pattern(i, c, d)))
}

/// Pattern-combination features of a position for its side to move, for fitting the
/// evaluation tables offline (the `features` example with `--combos`): for every empty square
/// and each colour, the combination index (`eval::combo_index`, 0..`COMBOS`) of that colour's
/// four line codes, counted in `counts[block * COMBOS + index]` (see [`feature_block`]: two
/// blocks, four under renju); the static evaluation is the table values of the even blocks
/// times their counts minus those of the odd blocks. The last entry is the position's threat
/// mask (`eval::threat_mask`). Squares forbidden to renju black and its double threes count
/// nowhere (`SquareInfo::counts_nowhere`). Also returns whether the position is tactical (see
/// [`is_tactical`]).
pub fn combo_features(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> (Vec<i32>, bool) {
    use crate::eval::square::COMBOS;
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let blocks = if rule == renzoku_rules::Rule::Renju { 4 } else { 2 };
    let mut counts = vec![0i32; blocks * COMBOS];
    for (waiting, c) in [(false, me), (true, me.opponent())] {
        let block = feature_block(rule, c, waiting);
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                if !pos.is_empty(i) || pos.info(i, c).counts_nowhere() {
                    continue;
                }
                counts[block * COMBOS + square_combo(&pos, i, c)] += 1;
            }
        }
    }
    counts.push(crate::board::static_eval::position_threat_mask(&pos) as i32);
    (counts, is_tactical(board, rule))
}

/// Codes of [`square_features`] beyond the combinations: a square that counts nowhere (renju
/// black's forbidden squares), a stone of the plane's colour, a stone of the other colour.
pub const SQUARE_NOWHERE: u16 = crate::eval::square::COMBOS as u16;
/// See [`SQUARE_NOWHERE`].
pub const SQUARE_OWN_STONE: u16 = SQUARE_NOWHERE + 1;
/// See [`SQUARE_NOWHERE`].
pub const SQUARE_OTHER_STONE: u16 = SQUARE_NOWHERE + 2;

/// Per-square features of a position for its side to move, for studying evaluations that see
/// where the patterns lie (`features --squares`): two planes of `width * height` codes, row by
/// row, the side to move's then the waiting side's; an empty square's code is the combination
/// index of that colour's four line codes (as [`combo_features`] counts it), a stone's is
/// [`SQUARE_OWN_STONE`] or [`SQUARE_OTHER_STONE`]. Also returns the threat mask and whether the
/// position is tactical.
pub fn square_features(
    board: &renzoku_rules::Board,
    rule: renzoku_rules::Rule,
) -> (Vec<u16>, u16, bool) {
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let mut codes = Vec::with_capacity(2 * pos.width * pos.height);
    for c in [me, me.opponent()] {
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                let code = if pos.is_stone_of(i, c) {
                    SQUARE_OWN_STONE
                } else if !pos.is_empty(i) {
                    SQUARE_OTHER_STONE
                } else if pos.info(i, c).counts_nowhere() {
                    SQUARE_NOWHERE
                } else {
                    square_combo(&pos, i, c) as u16
                };
                codes.push(code);
            }
        }
    }
    let mask = crate::board::static_eval::position_threat_mask(&pos) as u16;
    (codes, mask, is_tactical(board, rule))
}

/// A position's line of `features --combos` output, as the fitting scripts read it
/// (`tuning/labelled_features.py`): `label,tactical,mask,index:count,...`, the counts of
/// [`combo_features`] written sparsely (only the combinations present), then, when the net in
/// use reads line windows, those of [`line_window_features`] (their columns after the two
/// blocks of combinations).
pub fn combo_features_line(
    board: &renzoku_rules::Board,
    rule: renzoku_rules::Rule,
    label: &str,
) -> String {
    let (mut counts, tactical) = combo_features(board, rule);
    let mask = counts.pop().unwrap_or(0);
    // A net that reads line windows gets them after the combinations.
    if net_reads_lines(rule) {
        counts.extend(line_window_features(board, rule));
    }
    let sparse: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(i, c)| format!("{i}:{c}"))
        .collect();
    format!("{label},{},{mask},{}", u8::from(tactical), sparse.join(","))
}

/// The evaluation tables in use, per combination, as the blocks of [`combo_features`] (two
/// columns, four under renju): the share of a square whose four line codes form that
/// combination (not renju-forbidden), as the side to move's and as the waiting side's square.
pub fn combo_table_in_use(rule: renzoku_rules::Rule) -> Vec<Vec<i32>> {
    use crate::eval::square::{COMBOS, Tables, combo_index};
    use crate::pattern::CODES;
    use renzoku_rules::Color;
    let sets: &[Tables] = if rule == renzoku_rules::Rule::Renju {
        &[Tables::of(rule, Color::Black), Tables::of(rule, Color::White)]
    } else {
        &[Tables::Generic]
    };
    let net = crate::eval::net::Net::current(rule);
    let mut table = vec![Vec::new(); COMBOS];
    let n = CODES as u8;
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                for d in c..n {
                    let combo = combo_index([a, b, c, d]);
                    for &set in sets {
                        // The table's own row, also for combinations forbidden to renju
                        // black (never counted, but kept through a refit).
                        table[combo].extend(net.rows(set, combo).0.map(i32::from));
                    }
                }
            }
        }
    }
    table
}

/// How many empty squares of each threat class from a three up (`eval::CL_3`..=`CL_FLEX4`)
/// the side to move (row 0) and the waiting side (row 1) have: the raw material of threat-mask
/// variants tried offline (`features --classes`).
pub fn class_counts(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> [[u32; 5]; 2] {
    use crate::eval::square::{CL_3, CL_4, CL_33, CL_43, CL_FLEX4};
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    [me, me.opponent()]
        .map(|c| [CL_3, CL_33, CL_4, CL_43, CL_FLEX4].map(|class| pos.class_count(c, class)))
}

/// The threat-mask term in use (`eval::mask_eval`), per mask.
pub fn mask_table_in_use(rule: renzoku_rules::Rule) -> Vec<i32> {
    let net = crate::eval::net::Net::current(rule);
    (0..crate::eval::square::MASKS).map(|m| net.mask_eval(m)).collect()
}

/// One candidate move of [`order_features`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderCandidate {
    pub point: renzoku_rules::Point,
    /// The static ordering score without the fitted corrections (default search constants).
    pub base: i32,
    /// Combination index of the mover's four line codes on the square, plus `COMBOS` when the
    /// mover uses renju white's tables (see `eval::Tables`); None where the square is forbidden
    /// to the mover (renju black), which gets no correction.
    pub mine: Option<usize>,
    /// The same for the opponent's four line codes on the square.
    pub theirs: Option<usize>,
}

/// Move-ordering features of a position for its side to move, for fitting the ordering
/// corrections offline (`features --order`): the moves the search orders in such a node (the
/// defences when the opponent threatens an open four, else the quiet candidates). None for a
/// tactical position (see [`is_tactical`]), whose moves are forced.
pub fn order_features(
    board: &renzoku_rules::Board,
    rule: renzoku_rules::Rule,
) -> Option<Vec<OrderCandidate>> {
    use crate::eval::square::combo_index;
    use crate::search::movegen::{defence_moves, legal_flex4, quiet_moves};
    if is_tactical(board, rule) {
        return None;
    }
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let opp = me.opponent();
    let mut moves = Vec::new();
    if legal_flex4(&pos, opp).is_some() {
        defence_moves(&pos, &mut moves);
    } else {
        quiet_moves(&pos, &mut moves);
    }
    let params = crate::search::params::Params::default();
    let combo = |i: usize, c| {
        let half = crate::eval::square::Tables::of(rule, c).colour_block();
        let index = combo_index(std::array::from_fn(|d| pos.line_pattern(i, c, d)));
        (!pos.info(i, c).forbidden).then_some(half * crate::eval::square::COMBOS + index)
    };
    Some(
        moves
            .into_iter()
            .map(|m| OrderCandidate {
                point: pos.point(m),
                base: crate::search::order::static_order_score(&pos, m, &params)
                    - i32::from(pos.info(m, me).order[0])
                    - i32::from(pos.info(m, opp).order[1]),
                mine: combo(m, me),
                theirs: combo(m, opp),
            })
            .collect(),
    )
}

/// Pattern combinations of a square (`eval::square::COMBOS`), for the feature columns.
pub const COMBOS: usize = crate::eval::square::COMBOS;

/// Cells of a line window on each side of its square (`line_window_features`).
pub const WINDOW_REACH: usize = 4;
/// Distinct line windows: three states (empty, own stone, blocked) for each of the
/// 2 x [`WINDOW_REACH`] cells.
pub const WINDOWS: usize = crate::eval::hidden::WINDOWS;
const _: () = assert!(WINDOWS == 3usize.pow(2 * WINDOW_REACH as u32));

/// A line window's index with the line read the other way (the two are one shape).
fn reversed_window(index: usize) -> usize {
    let mut digits = [0usize; 2 * WINDOW_REACH];
    let mut rest = index;
    for d in &mut digits {
        *d = rest % 3;
        rest /= 3;
    }
    digits.iter().fold(0, |acc, &d| acc * 3 + d)
}

/// Line-window features of a position for its side to move (`features --combos --lines`), an
/// offline study of a finer evaluation than the line codes: for every empty square, each
/// colour and each of the four directions, the window of [`WINDOW_REACH`] cells on each side of
/// the square from that colour's view (0 empty, 1 its stone, 2 the opponent's stone or off the
/// board), as an index below [`WINDOWS`] read in the direction giving the smaller index (as
/// `eval::hidden::window_of_key`), counted in `counts[block * WINDOWS + index]` (the blocks of
/// [`combo_features`]: the side to move's squares, then the waiting side's; under renju per
/// colour). Windows without a stone of the colour are left out (they weigh nothing); renju
/// black's forbidden squares count like any other empty square (the engine's line log does not
/// tell them apart).
pub fn line_window_features(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> Vec<i32> {
    let pos = crate::board::position::Position::new(board, rule);
    let me = pos.side_to_move();
    let blocks = if rule == renzoku_rules::Rule::Renju { 4 } else { 2 };
    let mut counts = vec![0i32; blocks * WINDOWS];
    let reach = WINDOW_REACH as isize;
    for (waiting, c) in [(false, me), (true, me.opponent())] {
        let block = feature_block(rule, c, waiting);
        for i in pos.empty_squares() {
            for &step in &pos.dirs {
                let mut index = 0usize;
                let mut own = false;
                for k in (-reach..=reach).filter(|&k| k != 0) {
                    let j = (i as isize + k * step) as usize;
                    let state = if pos.is_stone_of(j, c) {
                        own = true;
                        1
                    } else if pos.is_empty(j) {
                        0
                    } else {
                        2
                    };
                    index = index * 3 + state;
                }
                if own {
                    counts[block * WINDOWS + index.min(reversed_window(index))] += 1;
                }
            }
        }
    }
    counts
}

/// Whether the net in use for `rule` reads line windows (then [`combo_features_line`] writes
/// them).
pub fn net_reads_lines(rule: renzoku_rules::Rule) -> bool {
    crate::eval::net::Net::current(rule).layer().has_lines()
}

/// The value of the line's `"size"` field, 15 when it has none.
fn size_of(line: &str) -> Option<u32> {
    let Some(rest) = line.split("\"size\":").nth(1) else { return Some(15) };
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The value of the line's `"rule"` field, 0 (freestyle) when it has none.
fn rule_of(line: &str) -> Option<u8> {
    let Some(rest) = line.split("\"rule\":").nth(1) else { return Some(0) };
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The position of a line of the tuning scripts' JSON (`{"moves": ["x,y", …], …}`, 15x15 unless
/// `"size": N`) labelled under `rule` (its `"rule"` field, 0 when absent); `None` for lines of
/// another rule and for unreadable ones.
pub fn board_of_line(line: &str, rule: Rule) -> Option<Board> {
    if rule_of(line)? != rule.gomocup_code() {
        return None;
    }
    let start = line.find('[')?;
    // The first ']' after the '[' (one before it, in a malformed line, must not cut backwards).
    let end = start + line[start..].find(']')?;
    let mut board = Board::square(size_of(line)?).ok()?;
    for m in line[start + 1..end].split(',').collect::<Vec<_>>().chunks(2) {
        let coord = |s: &str| s.trim().trim_matches('"').trim().parse::<u8>().ok();
        let [x, y] = m else { return None };
        board.play(Point::new(coord(x)?, coord(y)?)).ok()?;
    }
    Some(board)
}

#[cfg(test)]
mod tests {
    use renzoku_rules::{Board, Point, Rule};

    use super::*;
    use crate::eval::hidden::HIDDEN;

    /// Positions of a fixed pseudo-random game near the centre, after each of its moves, until
    /// one side has a five to make or block under `rule`.
    fn positions(rule: Rule) -> Vec<Board> {
        let mut board = Board::square(15).expect("15x15");
        let mut out = Vec::new();
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        while out.len() < 40 {
            let seed = next();
            let p = Point::new(3 + (seed % 9) as u8, 3 + ((seed >> 8) % 9) as u8);
            if board.play(p).is_ok() {
                if is_tactical(&board, rule) {
                    break;
                }
                out.push(board.clone());
            }
        }
        out
    }

    /// The fitting pipeline sees exactly what the engine evaluates: the combination counts
    /// times the tables in use, plus the threat-mask term, give the static evaluation, with
    /// renju's colour blocks.
    #[test]
    fn combo_features_reproduce_the_static_evaluation() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let table = combo_table_in_use(rule);
            let blocks = table[0].len();
            assert_eq!(blocks, if rule == Rule::Renju { 4 } else { 2 });
            let boards = positions(rule);
            assert!(boards.len() >= 8, "only {} positions", boards.len());
            for board in boards {
                let (counts, _) = combo_features(&board, rule);
                assert_eq!(counts.len(), blocks * COMBOS + 1);
                let mask = mask_table_in_use(rule)[counts[blocks * COMBOS] as usize];
                let sum: i32 = (0..blocks * COMBOS)
                    .map(|k| {
                        let share = counts[k] * table[k % COMBOS][k / COMBOS];
                        if (k / COMBOS).is_multiple_of(2) { share } else { -share }
                    })
                    .sum::<i32>()
                    + mask
                    + hidden_output_of_counts(rule, &board, &counts);
                let pos = crate::board::position::Position::new(&board, rule);
                assert_eq!(crate::board::static_eval::static_eval(&pos), sum, "{rule:?} {board:?}");
            }
        }
    }

    /// The hidden layer's output computed from the combination counts alone: what
    /// fit_hidden.py computes, so the test checks the position's incremental sums against it.
    /// Block `b` holds the squares of one colour in one role (see `feature_block`); the layer
    /// reads the side to move's sums in the first role and the waiting side's in the second.
    fn hidden_output_of_counts(rule: Rule, board: &Board, counts: &[i32]) -> i32 {
        use renzoku_rules::Color;
        let layer = crate::eval::net::Net::current(rule).layer();
        let me = board.side_to_move();
        let mut sums = [crate::eval::hidden::NO_SUMS; 2];
        for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
            let block = feature_block(rule, color, color != me);
            for combo in 0..COMBOS {
                for _ in 0..counts[block * COMBOS + combo] {
                    crate::eval::hidden::add(layer.embed(c), &mut sums[c], combo);
                }
            }
        }
        // The threat mask is the last entry, after the blocks.
        let mask = counts[counts.len() - 1] as usize;
        layer.output(&sums[me.index()], &sums[me.opponent().index()], mask)
    }

    /// The ordering features plus the fitted corrections give the engine's static ordering.
    #[test]
    fn order_features_reproduce_the_static_ordering() {
        use crate::eval::square::combo_index;
        use renzoku_rules::Color;
        let params = crate::search::params::Params::default();
        for rule in [Rule::Freestyle, Rule::Renju] {
            for board in positions(rule) {
                let Some(candidates) = order_features(&board, rule) else { continue };
                assert!(!candidates.is_empty());
                let pos = crate::board::position::Position::new(&board, rule);
                let me = pos.side_to_move();
                for c in candidates {
                    let m = pos.index_of(c.point);
                    for (col, index) in [(me, c.mine), (me.opponent(), c.theirs)] {
                        let codes = std::array::from_fn(|d| pos.line_pattern(m, col, d));
                        let half = usize::from(rule == Rule::Renju && col == Color::White);
                        let expected = (!pos.info(m, col).forbidden)
                            .then_some(half * COMBOS + combo_index(codes));
                        assert_eq!(index, expected);
                    }
                    let corrections = i32::from(pos.info(m, me).order[0])
                        + i32::from(pos.info(m, me.opponent()).order[1]);
                    assert_eq!(
                        c.base + corrections,
                        crate::search::order::static_order_score(&pos, m, &params)
                    );
                }
            }
        }
    }

    /// The square planes hold what the combination counts count: the side to move's plane in
    /// the first block (the waiting side's in the second, by colour under renju), one stone
    /// code per stone of each colour, and the same threat mask.
    #[test]
    fn square_features_agree_with_the_combination_counts() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            for board in positions(rule) {
                let (counts, _) = combo_features(&board, rule);
                let (codes, mask, tactical) = square_features(&board, rule);
                assert_eq!(codes.len(), 2 * 15 * 15);
                assert_eq!(i32::from(mask), counts[counts.len() - 1]);
                assert!(!tactical);
                let me = board.side_to_move();
                let mut from_planes = vec![0i32; counts.len() - 1];
                for (plane, (c, waiting)) in
                    [(me, false), (me.opponent(), true)].into_iter().enumerate()
                {
                    let block = feature_block(rule, c, waiting);
                    let squares = &codes[plane * 225..(plane + 1) * 225];
                    for &code in squares.iter().filter(|&&code| code < SQUARE_NOWHERE) {
                        from_planes[block * COMBOS + usize::from(code)] += 1;
                    }
                    let own = squares.iter().filter(|&&code| code == SQUARE_OWN_STONE).count();
                    let other = squares.iter().filter(|&&code| code == SQUARE_OTHER_STONE).count();
                    assert_eq!((own, other), (board.count(c), board.count(c.opponent())));
                }
                assert_eq!(from_planes[..], counts[..counts.len() - 1]);
            }
        }
    }

    /// The features the fits read give the engine's hidden sums: per role, the combination
    /// counts times their weights plus the line-window counts times theirs (a net with random
    /// line-window weights), so a fit of the windows fits what the engine computes.
    #[test]
    fn line_window_features_index_the_windows_as_the_engine() {
        let mut next = crate::test_rng::xorshift(0x5851_F42D_4C95_7F2D);
        for (rule, size) in [(Rule::Freestyle, 15u32), (Rule::Standard, 20), (Rule::Renju, 15)] {
            let family = crate::eval::net::Family::of(rule);
            let net = crate::eval::net::with_random_lines(family, 17);
            let layer = net.layer();
            let mut board = Board::square(size).expect("size");
            for ply in 0..40 {
                let (x, y) = (next() % u64::from(size), next() % u64::from(size));
                let p = Point::new(x as u8, y as u8);
                if board.play(p).is_err() || ply % 3 != 2 {
                    continue;
                }
                let pos = crate::board::position::Position::with_net(&board, rule, net);
                let sums = pos.hidden_sums();
                let (combos, _) = combo_features(&board, rule);
                let windows = line_window_features(&board, rule);
                assert!(windows.iter().any(|&n| n != 0), "{rule:?} ply {ply}: no window counted");
                let me = board.side_to_move();
                for (waiting, c) in [(false, me), (true, me.opponent())] {
                    let block = feature_block(rule, c, waiting);
                    let role = usize::from(waiting);
                    let lines = layer.lines(c.index()).expect("the net has line windows");
                    let mut expected = [0i32; HIDDEN];
                    for (k, &n) in combos[block * COMBOS..(block + 1) * COMBOS].iter().enumerate() {
                        for (e, w) in expected.iter_mut().zip(layer.embed(c.index())[k][role]) {
                            *e += n * i32::from(w);
                        }
                    }
                    for (k, &n) in
                        windows[block * WINDOWS..(block + 1) * WINDOWS].iter().enumerate()
                    {
                        for (e, w) in expected.iter_mut().zip(lines[k][role]) {
                            *e += n * i32::from(w);
                        }
                    }
                    assert_eq!(sums[c.index()][role], expected, "{rule:?} ply {ply} {c:?}");
                }
            }
        }
    }

    #[test]
    fn lines_of_positions_are_read_and_junk_is_refused() {
        let line = r#"{"moves": ["7,7", "8,8", "7,9"], "eval": "12", "rule": 0}"#;
        let board = board_of_line(line, Rule::Freestyle).expect("a 15x15 position");
        assert_eq!((board.width(), board.stone_count()), (15, 3));
        assert_eq!(board.last_move().map(|m| m.point), Some(Point::new(7, 9)));
        let big = r#"{"moves": ["19,19"], "size": 20}"#;
        assert_eq!(board_of_line(big, Rule::Freestyle).map(|b| b.width()), Some(20));
        // Another rule, a square played twice, off the board, a bracket before the list.
        assert!(board_of_line(line, Rule::Renju).is_none());
        assert!(board_of_line(r#"{"moves": ["7,7", "7,7"]}"#, Rule::Freestyle).is_none());
        assert!(board_of_line(r#"{"moves": ["15,0"]}"#, Rule::Freestyle).is_none());
        assert!(board_of_line(r#"] {"moves": ["7,7"}"#, Rule::Freestyle).is_none());
        // Random lines over the format's characters: an answer or None, never a panic.
        let alphabet = br#"{}[]",:0123456789 movesizerul-M+"#;
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let len = (next() % 60) as usize;
            let junk: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize] as char)
                .collect();
            for rule in [Rule::Freestyle, Rule::Renju] {
                let _ = board_of_line(&junk, rule);
                let _ = board_of_line(&format!(r#"{{"moves": [{junk}]}}"#), rule);
            }
        }
    }
}
