//! Move generation: threats first. A five to make is played; an opponent five must be blocked;
//! an opponent open four threat (open three) restricts us to its defence squares and our own
//! fours; otherwise every empty square near the stones is a candidate.

use renzoku_rules::{Color, Rule};

use crate::board::position::{PAD, Position};
use crate::eval::square::{CL_4, CL_43, CL_FLEX4};
use crate::pattern::{B4, level};

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

/// The defence against the opponent's open-four threats: every square on a threatening line
/// where the opponent would make a four (that covers `__XXX__` → the four squares around the
/// three, `_XX_X_` → the gap and both ends), plus our own fours (counter-attacks). Squares are
/// legal for the side to move and appear once.
pub fn defence_moves(pos: &Position, out: &mut Vec<usize>) {
    let me = pos.side_to_move();
    let opp = me.opponent();
    four_moves(pos, me, out);
    let push = |j: usize, out: &mut Vec<usize>| {
        if !out.contains(&j) && pos.is_legal(j, me) {
            out.push(j);
        }
    };
    for t in pos.squares_of(opp, CL_FLEX4).iter() {
        if !pos.is_legal(t, opp) {
            continue;
        }
        for d in 0..4 {
            let level_at_t = level(pos.line_pattern(t, opp, d));
            if level_at_t < B4 {
                continue;
            }
            let step = pos.dirs[d];
            for k in -5..=5isize {
                let j = (t as isize + k * step) as usize;
                if pos.is_empty(j) && level(pos.line_pattern(j, opp, d)) >= B4 {
                    push(j, out);
                }
            }
        }
    }
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
        let mut named: Vec<String> = out
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

    #[test]
    fn an_open_three_is_stopped_at_every_four_square() {
        let all = ["0,4", "1,4", "5,4", "6,4"];
        assert_eq!(defences(OPEN_THREE, Rule::Freestyle), all);
        assert_eq!(defences(OPEN_THREE, Rule::CaroFreestyle), all);
    }
}
