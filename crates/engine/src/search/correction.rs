//! Correction history (Stockfish's continuation correction): how far, lately, the searches of
//! positions reached by the same two last moves ended from their static value.
//!
//! The evaluation errs by the local fight more than by the whole position: after the same two
//! moves (the opponent's last one and ours before it) the same shape of fight usually stands, in
//! the many transpositions of the moves above it. Each node that searched a quiet position
//! moves its slot towards its result minus its static value, by more for deeper searches; the
//! static values of later nodes with the same two last moves get the slot's mean added.

/// Slots per side (a power of two).
const SLOTS: usize = 1 << 16;

/// The entries hold values in sixteenths of an evaluation point.
const GRAIN: i32 = 16;

/// A node's error counts up to this many points (beyond it the node was tactical).
pub const ERROR_LIMIT: i32 = 256;

#[derive(Clone, Debug)]
pub struct Correction {
    /// `[side * SLOTS + slot of the two last moves]`, in sixteenths of a point.
    table: Vec<i32>,
}

/// The slot of the two last moves (`None`: the position has fewer stones than that).
fn slot(side: usize, last: Option<usize>, before: Option<usize>) -> usize {
    let a = last.map_or(0xFFFF, |m| m as u64);
    let b = before.map_or(0xFFFF, |m| m as u64);
    let h = (a << 16 | b).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48;
    side * SLOTS + h as usize % SLOTS
}

impl Correction {
    pub fn new() -> Correction {
        Correction { table: vec![0; 2 * SLOTS] }
    }

    /// The mean error of the slot, in evaluation points.
    #[inline]
    pub fn get(&self, side: usize, last: Option<usize>, before: Option<usize>) -> i32 {
        self.table[slot(side, last, before)] / GRAIN
    }

    /// Moves the slot towards `error` (clamped to ±[`ERROR_LIMIT`]) by a weight of `depth`
    /// whole plies plus one, at most 16 of 256 (Stockfish's first form of the average).
    pub fn update(
        &mut self,
        side: usize,
        last: Option<usize>,
        before: Option<usize>,
        error: i32,
        depth: i32,
    ) {
        let weight = (depth + 1).clamp(1, 16);
        let target = error.clamp(-ERROR_LIMIT, ERROR_LIMIT) * GRAIN;
        let v = &mut self.table[slot(side, last, before)];
        *v = (*v * (256 - weight) + target * weight) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_learns_the_mean_error_of_its_moves_and_no_other() {
        let mut c = Correction::new();
        for _ in 0..2000 {
            c.update(0, Some(40), Some(41), 100, 8);
        }
        assert!(
            (95..=100).contains(&c.get(0, Some(40), Some(41))),
            "{}",
            c.get(0, Some(40), Some(41))
        );
        assert_eq!(c.get(1, Some(40), Some(41)), 0, "the other side's slot");
        assert_eq!(c.get(0, Some(41), Some(40)), 0, "the moves the other way round");
        // A tactical node's error counts no further than the limit.
        for _ in 0..2000 {
            c.update(1, Some(7), None, -5000, 20);
        }
        assert!((-ERROR_LIMIT..=-ERROR_LIMIT + 8).contains(&c.get(1, Some(7), None)));
    }

    #[test]
    fn deeper_searches_move_a_slot_further() {
        let (mut shallow, mut deep) = (Correction::new(), Correction::new());
        shallow.update(0, Some(3), Some(4), 200, 1);
        deep.update(0, Some(3), Some(4), 200, 12);
        assert!(deep.get(0, Some(3), Some(4)) > shallow.get(0, Some(3), Some(4)));
    }
}
