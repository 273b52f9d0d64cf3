//! Move generation: threats first. A five to make is played; an opponent five must be blocked;
//! an opponent open four threat (open three) restricts us to its defence squares and our own
//! fours; otherwise every empty square near the stones is a candidate.

use renzoku_rules::{Color, Rule};

use crate::board::position::{PAD, Position};
use crate::eval::square::{CL_4, CL_43, CL_FLEX4};
use crate::pattern::{B3, B4, F3, F4, level};

/// Whether a rule lets a single stone spoil two fives at once (caro: a five blocked at both ends
/// does not win), which forbids the "two fives cannot both be blocked" shortcuts.
pub fn blocks_can_spoil(rule: Rule) -> bool {
    matches!(rule, Rule::CaroFreestyle | Rule::CaroStandard)
}

/// Squares where `c` makes a four or better (not a five), legal for `c`.
pub fn four_moves(pos: &Position, c: Color, out: &mut Vec<usize>) {
    for class in [CL_FLEX4, CL_43, CL_4] {
        for i in pos.squares_of(c, class).iter() {
            if pos.is_legal(i, c) {
                out.push(i);
            }
        }
    }
}

/// Whether `c` has any square making a four (legality not checked: a conservative "maybe").
pub fn has_four_moves(pos: &Position, c: Color) -> bool {
    pos.has_class(c, CL_FLEX4) || pos.has_class(c, CL_43) || pos.has_class(c, CL_4)
}

/// A legal square where `c` makes an open four (or two fours).
pub fn legal_flex4(pos: &Position, c: Color) -> Option<usize> {
    pos.squares_of(c, CL_FLEX4).iter().find(|&i| pos.is_legal(i, c))
}

/// The defence against the opponent's open-four threats: the squares that stop every one of
/// them, plus our own fours (counter-attacks). Each legal square `t` where the opponent makes an
/// open four or two fours is stopped on its own lines: where it makes an open four along one
/// line and no other four (an open three), by `t` or one of that four's two five squares (for
/// `__XXX__` the squares next to the three and the far ones; the far ones stop one end's four
/// and not the other's, so they drop out of the intersection); otherwise (two fours, a four
/// beside the open four) by any square on its four lines where the opponent would make a four,
/// and under caro, where a five blocked at both ends does not win, by any empty square of those
/// lines within five. A defence must stop every square, so the lists are intersected (two
/// separate open threes leave only our fours, or one square to play the loss out when we have
/// none). Squares are legal for the side to move and appear once.
pub fn defence_moves(pos: &Position, out: &mut Vec<usize>) {
    let me = pos.side_to_move();
    let opp = me.opponent();
    let exact_lines = !blocks_can_spoil(pos.rule);
    four_moves(pos, me, out);
    let fours = out.len();
    let mut first = true;
    let mut lost_anyway = None;
    let mut stops = [0usize; 48];
    for t in pos.squares_of(opp, CL_FLEX4).iter() {
        if !pos.is_legal(t, opp) {
            continue;
        }
        let mut n = 0;
        let mut add = |j: usize| {
            if n < stops.len() {
                stops[n] = j;
                n += 1;
            }
        };
        add(t);
        let mut lines = [(0usize, 0u8); 4];
        let mut count = 0;
        for d in 0..4 {
            let code = pos.line_pattern(t, opp, d);
            if level(code) >= B4 {
                lines[count] = (d, code);
                count += 1;
            }
        }
        if let [(d, F4)] = lines[..count]
            && exact_lines
        {
            five_squares_beyond(pos, t, d, opp).into_iter().flatten().for_each(&mut add);
        } else {
            for &(d, _) in &lines[..count] {
                let step = pos.dirs[d];
                for k in (-5..=5isize).filter(|&k| k != 0) {
                    let j = (t as isize + k * step) as usize;
                    // Caro: a stone beyond a five's end spoils it, so any square of the window.
                    if pos.is_empty(j) && (!exact_lines || level(pos.line_pattern(j, opp, d)) >= B4)
                    {
                        add(j);
                    }
                }
            }
        }
        let stops = &stops[..n];
        if first {
            first = false;
            for &j in stops {
                if !out.contains(&j) && pos.is_legal(j, me) {
                    out.push(j);
                }
            }
            lost_anyway = out.get(fours).copied();
        } else {
            // Our fours stay; a defence must stop this square too.
            let mut k = fours;
            while k < out.len() {
                if stops.contains(&out[k]) {
                    k += 1;
                } else {
                    out.swap_remove(k);
                }
            }
        }
    }
    // Nothing stops every threat: one square that stops the first is kept, so that the search
    // still plays the loss out to the five (a full line for the user, a few nodes).
    if out.is_empty()
        && let Some(j) = lost_anyway
    {
        out.push(j);
    }
}

/// The first empty square beyond `opp`'s stones on each side of `t` along direction `d`: where
/// the open four that a stone on `t` makes would become a five.
fn five_squares_beyond(pos: &Position, t: usize, d: usize, opp: Color) -> [Option<usize>; 2] {
    let step = pos.dirs[d];
    let beyond = |sign: isize| {
        let mut j = t as isize;
        for _ in 0..5 {
            j += sign * step;
            let sq = j as usize;
            if !pos.is_stone_of(sq, opp) {
                return pos.is_empty(sq).then_some(sq);
            }
        }
        None
    };
    [beyond(-1), beyond(1)]
}

/// The defence against the opponent's four-three square (Rapfi's `DEFEND_B4F3`): the square
/// itself, the other squares of its four's line (taking the four's completion kills it), every
/// empty square within four of it along its three's line (the squares of the open three it would
/// make), squares from which our block of the four would make a four of ours (the block then
/// gains the tempo), and our own fours. Any other move loses to the four-three. `false` (and
/// nothing pushed) when no such restriction holds: no legal four-three square of the opponent,
/// a caro rule (a five may be spoiled), renju black's four-three whose three cannot become a
/// legal open four (Rapfi checks it the same way: the stone placed, an open four to make), or
/// our forced block of the four makes a four itself.
pub fn four_three_defence(pos: &mut Position, out: &mut Vec<usize>) -> bool {
    let me = pos.side_to_move();
    let opp = me.opponent();
    if blocks_can_spoil(pos.rule) {
        return false;
    }
    let Some(t) = pos.squares_of(opp, CL_43).iter().find(|&i| pos.is_legal(i, opp)) else {
        return false;
    };
    if pos.rule == Rule::Renju
        && opp == Color::Black
        && !pos.with_stone_of(t, opp, |p| legal_flex4(p, opp).is_some())
    {
        return false;
    }
    let pos = &*pos;
    let start = out.len();
    let push = |j: usize, out: &mut Vec<usize>| {
        if pos.is_empty(j) && !out[start..].contains(&j) && pos.is_legal(j, me) {
            out.push(j);
        }
    };
    push(t, out);
    for d in 0..4 {
        let step = pos.dirs[d];
        match level(pos.line_pattern(t, opp, d)) {
            B4 => {
                for k in (-4..=4isize).filter(|&k| k != 0) {
                    let j = (t as isize + k * step) as usize;
                    if !pos.is_empty(j) || level(pos.line_pattern(j, opp, d)) < B4 {
                        continue;
                    }
                    if pos.class(j, me) >= CL_4 {
                        out.truncate(start);
                        return false;
                    }
                    push(j, out);
                    // Stones that would turn the block on `j` into a four of ours.
                    for d2 in 0..4 {
                        let step2 = pos.dirs[d2];
                        for sign in [-1isize, 1] {
                            let mut s = j as isize;
                            for _ in 0..4 {
                                s += sign * step2;
                                let sq = s as usize;
                                if pos.is_empty(sq) {
                                    if level(pos.line_pattern(sq, me, d2)) < B3 {
                                        break;
                                    }
                                    push(sq, out);
                                } else if !pos.is_stone_of(sq, me) {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            F3 => {
                for k in (-4..=4isize).filter(|&k| k != 0) {
                    push((t as isize + k * step) as usize, out);
                }
            }
            _ => {}
        }
    }
    let mut fours = Vec::new();
    four_moves(pos, me, &mut fours);
    for f in fours {
        push(f, out);
    }
    true
}

/// Every legal empty square within two squares of a stone; on a board without stones, the
/// squares nearest the centre. (Dropping squares on no line with any stone was neutral in
/// self-play, 19-19 freestyle and 11-11 renju.)
pub fn quiet_moves(pos: &Position, out: &mut Vec<usize>) {
    let me = pos.side_to_move();
    if let Some((x0, y0, x1, y1)) = pos.area(2) {
        // Columns x0..=x1 as padded-column bits.
        let columns = ((1u64 << (x1 - x0 + 1)) - 1) << (x0 + PAD);
        for y in y0..=y1 {
            let mut near = pos.near_row(y) & columns;
            while near != 0 {
                let x = near.trailing_zeros() as usize - PAD;
                near &= near - 1;
                let i = pos.index(x, y);
                if pos.is_empty(i) && pos.is_legal(i, me) {
                    out.push(i);
                }
            }
        }
    }
    if out.is_empty() {
        all_legal(pos, out);
    }
}

/// Every legal square, nearest to the centre first (empty boards, or nothing near the stones).
pub fn all_legal(pos: &Position, out: &mut Vec<usize>) {
    let me = pos.side_to_move();
    let (cx, cy) = (pos.width as i32 / 2, pos.height as i32 / 2);
    let mut all: Vec<(i32, usize)> = Vec::new();
    for y in 0..pos.height {
        for x in 0..pos.width {
            let i = pos.index(x, y);
            if pos.is_empty(i) && pos.is_legal(i, me) {
                let d = (x as i32 - cx).abs().max((y as i32 - cy).abs());
                all.push((d, i));
            }
        }
    }
    all.sort_unstable();
    out.extend(all.into_iter().map(|(_, i)| i));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defences (as "x,y", sorted) of white, to move in a 9x9 diagram; white has no four,
    /// so every square is a defence.
    fn defences(text: &str, rule: Rule) -> Vec<String> {
        let board = renzoku_rules::parse_diagram(text).expect("diagram").board;
        let pos = Position::new(&board, rule);
        assert_eq!(pos.side_to_move(), renzoku_rules::Color::White);
        let mut out = Vec::new();
        defence_moves(&pos, &mut out);
        sorted_names(&pos, &out)
    }

    /// The squares `list` as "x,y", sorted.
    fn sorted_names(pos: &Position, list: &[usize]) -> Vec<String> {
        let mut named: Vec<String> = list
            .iter()
            .map(|&i| {
                let p = pos.point(i);
                format!("{},{}", p.x, p.y)
            })
            .collect();
        named.sort();
        named
    }

    // Black's three in row 4, white to move (white's stones far away make no four).
    const OPEN_THREE: &str = "
        .........
        O........
        ........O
        .........
        ..XXX....
        .........
        .........
        .O.......
        ........X";

    /// The four-three defences (as "x,y", sorted) of white, to move in a 9x9 diagram; `None`
    /// when the restriction does not hold.
    fn four_three_defences(text: &str, rule: Rule) -> Option<Vec<String>> {
        let board = renzoku_rules::parse_diagram(text).expect("diagram").board;
        let mut pos = Position::new(&board, rule);
        assert_eq!(pos.side_to_move(), renzoku_rules::Color::White);
        let mut out = Vec::new();
        if !four_three_defence(&mut pos, &mut out) {
            assert!(out.is_empty());
            return None;
        }
        let mut named = sorted_names(&pos, &out);
        let len = named.len();
        named.dedup();
        assert_eq!(named.len(), len, "a square listed twice");
        Some(named)
    }

    // Black to make a four-three on 4,4: the blocked three in row 4 becomes a four (completed
    // on 5,4) and the two in column 4 an open three.
    const FOUR_THREE: &str = "
        ........O
        .........
        ....X....
        ....X....
        OXXX.....
        .........
        .........
        .........
        O.......O";

    #[test]
    fn a_four_three_is_answered_on_its_lines_only() {
        let want = ["4,0", "4,1", "4,4", "4,5", "4,6", "4,7", "4,8", "5,4"];
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            assert_eq!(four_three_defences(FOUR_THREE, rule).expect("restricted"), want);
        }
        // Caro: a five blocked at both ends may not win, so nothing is restricted.
        assert_eq!(four_three_defences(FOUR_THREE, Rule::CaroFreestyle), None);
    }

    #[test]
    fn a_block_that_makes_our_four_lifts_the_restriction() {
        // White's three in column 5 makes the block on 5,4 a four of white's.
        let text = "
        .........
        .....O...
        ....XO...
        ....XO...
        OXXX.....
        .........
        .........
        .........
        ........X";
        assert_eq!(four_three_defences(text, Rule::Freestyle), None);
    }

    #[test]
    fn stones_that_make_the_block_a_four_are_defences() {
        // White's two in column 5 (rows 1-2): a stone on 5,3 or 5,0 would make the block on 5,4
        // a four of white's.
        let text = "
        .........
        .....O...
        ....XO...
        ....X....
        OXXX.....
        .........
        .........
        ........X
        ........O";
        let got = four_three_defences(text, Rule::Freestyle).expect("restricted");
        for square in ["5,0", "5,3", "4,4", "5,4"] {
            assert!(got.contains(&square.to_string()), "{square} missing from {got:?}");
        }
    }

    #[test]
    fn an_open_three_is_stopped_next_to_it_and_in_caro_at_every_four_square() {
        // `__XXX__`: after a stone on a far square the open four is still made at the other end.
        assert_eq!(defences(OPEN_THREE, Rule::Freestyle), ["1,4", "5,4"]);
        assert_eq!(defences(OPEN_THREE, Rule::Renju), ["1,4", "5,4"]);
        // Caro: the far squares can still matter (a five blocked at both ends does not win).
        assert_eq!(defences(OPEN_THREE, Rule::CaroFreestyle), ["0,4", "1,4", "5,4", "6,4"]);
    }

    #[test]
    fn a_three_opened_at_one_end_or_broken_has_three_defences() {
        // `O_XXX__` (an opponent stone two squares off one end), and the broken `_X_XX_`.
        let one_end = "
        .........
        .........
        ........O
        .........
        O.XXX....
        .........
        .........
        .O.......
        ........X";
        assert_eq!(defences(one_end, Rule::Freestyle), ["1,4", "5,4", "6,4"]);
        let broken = "
        .........
        O........
        ........O
        .........
        .X.XX....
        .........
        .........
        .O.......
        ........X";
        assert_eq!(defences(broken, Rule::Freestyle), ["0,4", "2,4", "5,4"]);
    }

    /// Every square after which the opponent has no legal open-four square (or five) is among
    /// the generated defences, in random games of every rule (caro's too, where a stone beyond a
    /// five's end spoils it): the exact line defences lose no defence, and they leave out
    /// almost every square that defends nothing.
    #[test]
    fn the_defences_include_every_square_that_stops_the_threats() {
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut checked, mut exact_listed, mut exact_needed) = (0usize, 0usize, 0usize);
        for rule in
            [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::CaroFreestyle, Rule::CaroStandard]
        {
            for _game in 0..150 {
                let board = renzoku_rules::Board::new(15, 15).expect("size");
                let mut pos = Position::new(&board, rule);
                for _ply in 0..70 {
                    let me = pos.side_to_move();
                    let opp = me.opponent();
                    if pos.has_five(me) || pos.has_five(opp) {
                        break;
                    }
                    let mut moves = Vec::new();
                    quiet_moves(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    if legal_flex4(&pos, opp).is_some() {
                        let mut listed = Vec::new();
                        defence_moves(&pos, &mut listed);
                        let mut fours = Vec::new();
                        four_moves(&pos, me, &mut fours);
                        let mut stopping = 0;
                        for &j in &moves {
                            let stops = fours.contains(&j)
                                || pos.with_stone_of(j, me, |p| {
                                    !p.has_five(opp) && legal_flex4(p, opp).is_none()
                                });
                            if stops {
                                stopping += 1;
                                assert!(
                                    listed.contains(&j),
                                    "{rule:?}: {:?} stops the threat but is not generated",
                                    pos.point(j)
                                );
                            }
                        }
                        checked += 1;
                        if !blocks_can_spoil(rule) {
                            exact_listed += listed.len();
                            exact_needed += stopping;
                        }
                        // Play a defence most of the time, so that games go on.
                        let pick = if listed.is_empty() || next().is_multiple_of(4) {
                            moves[(next() % moves.len() as u64) as usize]
                        } else {
                            listed[(next() % listed.len() as u64) as usize]
                        };
                        pos.make(pick);
                    } else {
                        // Stones near the last ones, to make threes.
                        let last = pos.recent_move(0);
                        let near: Vec<usize> = moves
                            .iter()
                            .copied()
                            .filter(|&m| {
                                last.is_none_or(|l| {
                                    let (a, b) = (pos.point(m), pos.point(l));
                                    a.x.abs_diff(b.x) <= 2 && a.y.abs_diff(b.y) <= 2
                                })
                            })
                            .collect();
                        let from = if near.is_empty() { &moves } else { &near };
                        pos.make(from[(next() % from.len() as u64) as usize]);
                    }
                }
            }
        }
        assert!(checked > 500, "only {checked} threatened positions");
        // Outside caro nearly every square listed stops the threats (the far squares of
        // `__XXX__` and the defences of only one of two open threes are gone).
        assert!(
            exact_listed * 100 <= exact_needed * 105,
            "{exact_listed} listed, {exact_needed} stop"
        );
        eprintln!("{checked} positions; outside caro {exact_listed} listed, {exact_needed} stop");
    }
}
