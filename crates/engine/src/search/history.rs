//! Bounded move history (Stockfish's and Rapfi's "gravity" form): per side, per kind of move
//! (an attack, which makes a three or more, or a quiet move) and per square, how often the move
//! was the best of a node lately, minus how often it was searched there and was not.
//!
//! Each update moves a value towards ±[`RANGE`] by a bonus that grows with the node's depth,
//! and by less the nearer it already is, so a long search's values stay comparable with a short
//! one's and recent results outweigh old ones.

/// The values stay within ±`RANGE`.
pub const RANGE: i32 = 16_384;

/// The kinds of move with a table each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The mover makes a three or more there.
    Attack = 0,
    Quiet = 1,
}

#[derive(Clone, Debug)]
pub struct History {
    /// `[side * 2 + kind][square]`.
    tables: [Vec<i32>; 4],
}

/// The bonus of a best move found at `depth` whole plies (at least 1).
pub fn bonus(depth: i32) -> i32 {
    let d = depth.max(1);
    (32 * d * d + 128 * d - 100).min(RANGE * 3 / 4)
}

impl History {
    pub fn new(squares: usize) -> History {
        History { tables: std::array::from_fn(|_| vec![0; squares]) }
    }

    #[inline]
    pub fn get(&self, side: usize, kind: Kind, square: usize) -> i32 {
        self.tables[side * 2 + kind as usize][square]
    }

    /// Moves the value by `delta` (within ±[`RANGE`]), less the nearer it is to the bound it
    /// moves towards.
    #[inline]
    pub fn update(&mut self, side: usize, kind: Kind, square: usize, delta: i32) {
        let delta = delta.clamp(-RANGE, RANGE);
        let v = &mut self.tables[side * 2 + kind as usize][square];
        *v += delta - *v * delta.abs() / RANGE;
    }
}

/// Squares either way of the anchor a continuation table covers (a 9x9 window).
pub const REACH: isize = 4;
const WINDOW: usize = (2 * REACH as usize + 1) * (2 * REACH as usize + 1);

/// Continuation history (Stockfish's, in a window): per side and per anchor square (one of the
/// last moves), how good a move was lately at each offset from the anchor within [`REACH`]
/// squares, under the same bounded update as [`History`]. It learns the replies to a stone
/// where it stands, which the square history cannot tell apart from the rest of the board.
#[derive(Clone, Debug)]
pub struct Continuation {
    /// `[(side * squares + anchor) * WINDOW + offset]`.
    values: Vec<i32>,
    squares: usize,
    stride: usize,
}

impl Continuation {
    /// A table for a padded board of `squares` squares, `stride` a row.
    pub fn new(squares: usize, stride: usize) -> Continuation {
        Continuation { values: vec![0; 2 * squares * WINDOW], squares, stride }
    }

    /// Where `(side, anchor, square)` lies in `values`, if `square` is within the window.
    #[inline]
    fn slot(&self, side: usize, anchor: usize, square: usize) -> Option<usize> {
        let s = self.stride as isize;
        let dx = (square as isize % s) - (anchor as isize % s);
        let dy = (square as isize / s) - (anchor as isize / s);
        if dx.abs() > REACH || dy.abs() > REACH {
            return None;
        }
        let offset = ((dy + REACH) * (2 * REACH + 1) + dx + REACH) as usize;
        Some((side * self.squares + anchor) * WINDOW + offset)
    }

    #[inline]
    pub fn get(&self, side: usize, anchor: usize, square: usize) -> i32 {
        self.slot(side, anchor, square).map_or(0, |i| self.values[i])
    }

    /// As [`History::update`].
    #[inline]
    pub fn update(&mut self, side: usize, anchor: usize, square: usize, delta: i32) {
        if let Some(i) = self.slot(side, anchor, square) {
            let delta = delta.clamp(-RANGE, RANGE);
            let v = &mut self.values[i];
            *v += delta - *v * delta.abs() / RANGE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_stay_within_range_and_saturate() {
        let mut h = History::new(4);
        for _ in 0..10_000 {
            h.update(0, Kind::Attack, 1, bonus(40));
            h.update(1, Kind::Quiet, 2, -bonus(40));
        }
        let up = h.get(0, Kind::Attack, 1);
        let down = h.get(1, Kind::Quiet, 2);
        assert!((RANGE * 9 / 10..=RANGE).contains(&up), "{up}");
        assert!((-RANGE..=-RANGE * 9 / 10).contains(&down), "{down}");
        // The other tables and squares are untouched.
        assert_eq!(h.get(0, Kind::Quiet, 1), 0);
        assert_eq!(h.get(1, Kind::Quiet, 1), 0);
    }

    #[test]
    fn a_malus_undoes_part_of_a_bonus() {
        let mut h = History::new(1);
        h.update(0, Kind::Quiet, 0, bonus(6));
        let after_bonus = h.get(0, Kind::Quiet, 0);
        h.update(0, Kind::Quiet, 0, -bonus(6));
        let after_malus = h.get(0, Kind::Quiet, 0);
        assert!(after_bonus > 0 && after_malus < after_bonus && after_malus > -after_bonus);
        assert!(bonus(1) > 0 && bonus(2) > bonus(1) && bonus(100) == RANGE * 3 / 4);
    }

    #[test]
    fn continuations_cover_a_window_around_the_anchor() {
        // A 15x15 board padded by 5: stride 25.
        let (stride, squares) = (25, 25 * 25);
        let mut c = Continuation::new(squares, stride);
        let anchor = 12 * stride + 12;
        let near = anchor + 4 * stride - 4;
        let far = anchor + 5;
        c.update(1, anchor, near, bonus(8));
        c.update(1, anchor, far, bonus(8));
        assert!(c.get(1, anchor, near) > 0);
        assert_eq!(c.get(1, anchor, far), 0, "out of the window: no value");
        assert_eq!(c.get(0, anchor, near), 0, "the other side's table");
        assert_eq!(c.get(1, anchor + 1, near), 0, "another anchor's table");
        // The same offset from another anchor is another slot.
        assert_eq!(c.get(1, anchor - stride, near - stride), 0);
    }
}
