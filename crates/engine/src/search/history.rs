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
}
