//! Evaluation terms: per-square threat classes and values from the four line patterns.
//!
//! A square's value for a colour is what a stone of that colour would make there (sum over the
//! four lines plus a bonus for combined threats); it orders moves. The square's evaluation
//! shares (as the side to move's square and as the waiting side's) use fitted weights; the
//! position's evaluation is the side to move's shares minus the waiting side's over all empty
//! squares, kept incrementally by the position, plus a term per threat mask and the hidden
//! layer's output (`hidden.rs`), which prices how the squares add up together.
//!
//! The four line codes of a square (4 bits each) form a 16-bit key; the combination of every key
//! is precomputed once, so updating a square costs one table look-up per colour.

use crate::pattern::{B2, B4, CODES, F3, F4, F4X, F5, OL, level};

/// Threat class of a square for one colour: what a stone there threatens.
pub const CL_NONE: u8 = 0;
/// Some potential (a two or better in some line).
pub const CL_LOW: u8 = 1;
/// One open three.
pub const CL_3: u8 = 2;
/// Two or more open threes.
pub const CL_33: u8 = 3;
/// One (blocked) four.
pub const CL_4: u8 = 4;
/// A four and an open three.
pub const CL_43: u8 = 5;
/// An open four or two fours: wins next move unless the opponent has fours.
pub const CL_FLEX4: u8 = 6;
/// A five.
pub const CL_FIVE: u8 = 7;
pub const CLASSES: usize = 8;

/// Number of distinct pattern combinations of a square for one colour: the multisets of four
/// line codes (the order of the four directions does not matter to the evaluation).
pub const COMBOS: usize = 1365;

/// Index (0..COMBOS) of the multiset of four line codes: sorted, the codes become strictly
/// increasing numbers `c[i] + i` below 15, ranked in the combinatorial number system. The
/// combination of four dead lines is index 0.
pub fn combo_index(codes: [u8; 4]) -> usize {
    let mut c = codes;
    c.sort_unstable();
    let binomial = |n: usize, k: usize| -> usize {
        if n < k {
            return 0;
        }
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    };
    (0..4).map(|i| binomial(c[i] as usize + i, i + 1)).sum()
}

/// Move-ordering value of each line code for the side that would play the stone. (When these
/// values were also the evaluation, self-play at equal nodes preferred them to lower blocked
/// threes/fours (15/45: 15-24) and higher open twos/threes (30/100: 15-25).)
const CODE_VALUE: [i32; CODES] = [0, 2, 6, 8, 22, 26, 70, 80, 300, 1000, 0, 300];
/// Move-ordering bonus per class: combined threats are worth much more than their lines
/// (doubling them was neutral, 20-20, when they were the evaluation).
const CLASS_BONUS: [i32; CLASSES] = [0, 0, 0, 150, 0, 350, 500, 2000];

/// Number of threat masks ([`threat_mask`]).
pub const MASKS: usize = 512;

/// Which threat classes each side has somewhere on the board, as 9 bits: for the side to move, a
/// three, a double three, a four, a four-three; for the waiting side, the same four and an
/// open-four threat (an open three already on the board). `has(mine, class)`: whether the side
/// to move (`mine`) or the waiting side has a square of that class.
pub fn threat_mask(has: impl Fn(bool, u8) -> bool) -> usize {
    let mut mask = 0;
    for (bit, class) in [CL_3, CL_33, CL_4, CL_43].into_iter().enumerate() {
        mask |= usize::from(has(true, class)) << bit;
        mask |= usize::from(has(false, class)) << (bit + 4);
    }
    mask | usize::from(has(false, CL_FLEX4)) << 8
}

/// Which fitted tables a colour's squares use, and whether black's forbidden shapes apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tables {
    /// Freestyle, standard and caro, for both colours.
    Generic,
    /// Renju black: its own tables, and overlines and double fours are forbidden.
    RenjuBlack,
    /// Renju white.
    RenjuWhite,
}

impl Tables {
    pub fn of(rule: renzoku_rules::Rule, color: renzoku_rules::Color) -> Tables {
        use renzoku_rules::{Color, Rule};
        match (rule, color) {
            (Rule::Renju, Color::Black) => Tables::RenjuBlack,
            (Rule::Renju, Color::White) => Tables::RenjuWhite,
            _ => Tables::Generic,
        }
    }

    /// Which colour's pair of rows these tables are in their file: 1 for renju white (rows 2
    /// and 3 of the renju tables), else 0. The tuning features lay their blocks out the same way.
    pub fn colour_block(self) -> usize {
        usize::from(self == Tables::RenjuWhite)
    }
}

/// What the square holds for one colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareInfo {
    pub class: u8,
    /// Renju black only: the square may be forbidden (double three) and needs the exact check.
    pub maybe_forbidden: bool,
    /// Renju black only: the square is certainly forbidden (overline or double four).
    pub forbidden: bool,
    pub value: i16,
    /// Fitted move-ordering correction per pattern combination: for a move of this colour here
    /// (index 0) and for the opponent's move here, which takes the square from this colour
    /// (index 1). See `order::static_order_score`.
    pub order: [i16; 2],
    /// The square's share of the static evaluation: as the side to move's square (index 0) and
    /// as the waiting side's square (index 1).
    pub eval: [i16; 2],
}

impl SquareInfo {
    /// Whether the square counts nowhere in the evaluation: renju black's certainly forbidden
    /// squares and its double threes (see [`classify`]; the fitting features skip the same).
    pub fn counts_nowhere(&self) -> bool {
        self.forbidden || self.maybe_forbidden
    }
}

pub const NO_INFO: SquareInfo = SquareInfo {
    class: CL_NONE,
    maybe_forbidden: false,
    forbidden: false,
    value: 0,
    order: [0, 0],
    eval: [0, 0],
};

/// Combines the four line codes of one colour on one square. Renju black's tables apply its
/// forbidden shapes (an overline or two fours are forbidden unless a five is made). `rows`: the
/// net's evaluation shares and ordering corrections of the codes' combination.
pub fn classify(codes: [u8; 4], tables: Tables, rows: ([i16; 2], [i16; 2])) -> SquareInfo {
    let renju_black = tables == Tables::RenjuBlack;
    let mut fours = 0;
    let mut open_four = false;
    let mut threes = 0;
    let mut overline = false;
    let mut five = false;
    let mut value = 0;
    let mut best = 0;
    for c in codes {
        value += CODE_VALUE[c as usize];
        best = best.max(level(c));
        match c {
            F5 => five = true,
            F4 => {
                fours += 1;
                open_four = true;
            }
            F4X => {
                fours += 2;
                open_four = true;
            }
            B4 => fours += 1,
            F3 => threes += 1,
            OL => overline = true,
            _ => {}
        }
    }
    let (eval, order) = rows;
    if five {
        let value = value + CLASS_BONUS[CL_FIVE as usize];
        return SquareInfo { class: CL_FIVE, value: value as i16, eval, order, ..NO_INFO };
    }
    if renju_black && (overline || fours >= 2) {
        return SquareInfo { forbidden: true, ..NO_INFO };
    }
    let class = if open_four || fours >= 2 {
        CL_FLEX4
    } else if fours == 1 && threes >= 1 {
        CL_43
    } else if fours == 1 {
        CL_4
    } else if threes >= 2 {
        CL_33
    } else if threes == 1 {
        CL_3
    } else if best >= B2 {
        CL_LOW
    } else {
        CL_NONE
    };
    // Renju black's double threes are forbidden but where a three is false: the evaluation
    // counts them nowhere, as the certainly forbidden squares (the exact check agrees on all
    // but 2 of the 325 held-out positions with such a square; black's tables valued them as the
    // threats they are not).
    let maybe_forbidden = renju_black && threes >= 2;
    SquareInfo {
        class,
        value: (value + CLASS_BONUS[class as usize]) as i16,
        order,
        eval: if maybe_forbidden { [0, 0] } else { eval },
        maybe_forbidden,
        forbidden: false,
    }
}

/// The combination table of a colour's tables: entry `key` is [`classify`] of the four nibbles
/// of `key`, with the rows `rows` gives per combination index (a net's, see `eval::net`).
pub fn classify_all(
    tables: Tables,
    rows: impl Fn(usize) -> ([i16; 2], [i16; 2]),
) -> Box<[SquareInfo]> {
    (0..1u32 << 16)
        .map(|key| {
            let codes: [u8; 4] = std::array::from_fn(|d| ((key >> (4 * d)) & 0xF) as u8);
            if codes.iter().any(|&c| c as usize >= CODES) {
                NO_INFO
            } else {
                classify(codes, tables, rows(combo_index(codes)))
            }
        })
        .collect()
}

/// Whether a square with these four codes counts nowhere in the evaluation
/// ([`SquareInfo::counts_nowhere`]).
pub fn counts_nowhere(codes: [u8; 4], tables: Tables) -> bool {
    classify(codes, tables, ([0; 2], [0; 2])).counts_nowhere()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::{DEAD, F2};

    #[test]
    fn combo_indices_are_a_bijection_of_the_code_multisets() {
        let mut seen = vec![false; COMBOS];
        let n = CODES as u8;
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        let i = combo_index([a, b, c, d]);
                        assert!(!seen[i], "{a} {b} {c} {d} share index {i}");
                        seen[i] = true;
                        // The order of the directions does not matter.
                        assert_eq!(combo_index([d, b, a, c]), i);
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(combo_index([DEAD; 4]), 0);
    }

    const NO_ROWS: ([i16; 2], [i16; 2]) = ([0; 2], [0; 2]);

    #[test]
    fn classes() {
        assert_eq!(classify([F5, DEAD, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS).class, CL_FIVE);
        assert_eq!(classify([B4, B4, DEAD, DEAD], Tables::Generic, NO_ROWS).class, CL_FLEX4);
        assert!(classify([B4, B4, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS).forbidden);
        assert!(classify([F4X, DEAD, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS).forbidden);
        assert_eq!(classify([F4X, DEAD, DEAD, DEAD], Tables::Generic, NO_ROWS).class, CL_FLEX4);
        assert_eq!(classify([B4, F3, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS).class, CL_43);
        let three_three = classify([F3, F3, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS);
        assert_eq!(three_three.class, CL_33);
        assert!(three_three.maybe_forbidden);
        assert_eq!(classify([F3, B2, DEAD, DEAD], Tables::Generic, NO_ROWS).class, CL_3);
        assert_eq!(classify([F2, DEAD, DEAD, DEAD], Tables::Generic, NO_ROWS).class, CL_LOW);
        assert!(classify([OL, F3, DEAD, DEAD], Tables::RenjuBlack, NO_ROWS).forbidden);
        assert!(!classify([F5, B4, B4, DEAD], Tables::RenjuBlack, NO_ROWS).forbidden);
        let key = u32::from(F3) | u32::from(F3) << 4;
        assert_eq!(classify_all(Tables::RenjuBlack, |_| NO_ROWS)[key as usize], three_three);
    }

    /// Renju black's double three keeps its class (moves and legality need it) but no share of
    /// the evaluation; white's and the generic tables' double threes keep their rows.
    #[test]
    fn renju_black_double_threes_have_no_evaluation_share() {
        let rows = ([120, -80], [7, 9]);
        let black = classify([F3, F3, DEAD, DEAD], Tables::RenjuBlack, rows);
        assert_eq!((black.class, black.eval, black.order), (CL_33, [0, 0], [7, 9]));
        assert!(black.counts_nowhere());
        for tables in [Tables::RenjuWhite, Tables::Generic] {
            let info = classify([F3, F3, DEAD, DEAD], tables, rows);
            assert_eq!((info.class, info.eval), (CL_33, [120, -80]), "{tables:?}");
            assert!(!info.counts_nowhere(), "{tables:?}");
        }
        assert!(!classify([F3, B2, DEAD, DEAD], Tables::RenjuBlack, rows).counts_nowhere());
    }
}
