//! The evaluation's hidden layer. The linear evaluation adds up every square on its own; the
//! hidden layer prices how the squares add up together. Each combination of a square's four
//! line codes has, besides its table value, a vector of `HIDDEN` weights per role (as the side
//! to move's square and as the waiting side's). A position's hidden units are the sums of those
//! vectors over the empty squares of the side to move (first role) and of the waiting side
//! (second role) plus an offset per threat mask; each unit is clipped to [0, `ONE`] and the
//! output is a weighted sum of the clipped units. The sums are kept per colour and role by the
//! position, updated with the squares whose codes a move changes, like the table values.
//!
//! Fitted offline with the linear tables (`tuning/fit_hidden.py`). Renju has its own linear
//! tables and no hidden layer (not enough renju positions to fit one).

use std::sync::OnceLock;

use crate::eval::{COMBOS, MASKS, combo_index};
use crate::pattern::CODES;

/// A hidden unit's clipping range: [0, ONE] (the fitted weights are multiplied by it).
pub const ONE: i32 = 1024;
/// The output weights' extra precision (they are evaluation points times this).
const OUT_ONE: i64 = 64;

include!("eval_hidden.rs");

/// One colour's hidden sums: over its squares as the side to move's (index 0) and as the waiting
/// side's (index 1).
pub type Sums = [[i32; HIDDEN]; 2];

pub const NO_SUMS: Sums = [[0; HIDDEN]; 2];

/// Combination index per 16-bit code key (`eval::combined`'s keys); keys with an invalid code
/// (a stone, an edge) get the all-dead combination, whose weights are zero.
pub fn combo_of_key() -> &'static [u16; 1 << 16] {
    static TABLE: OnceLock<Box<[u16; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Built on the heap (a 128 KiB array would pass through the stack).
        let mut table: Box<[u16; 1 << 16]> =
            vec![0u16; 1 << 16].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!());
        for (key, entry) in table.iter_mut().enumerate() {
            let codes: [u8; 4] = std::array::from_fn(|d| ((key >> (4 * d)) & 0xF) as u8);
            if codes.iter().all(|&c| (c as usize) < CODES) {
                *entry = combo_index(codes) as u16;
            }
        }
        table
    })
}

/// Moves one square of a colour from combination `old` to `new` in that colour's sums. Called
/// about 22 times a move, so forced into `make` (as a call it cost 8 % more instructions).
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn update(sums: &mut Sums, old: usize, new: usize) {
    // Plain indexing: the bounds check is a compare the branch predictor settles; a `% COMBOS`
    // to drop it costs two multiplications per square.
    let (before, after) = (&EMBED_FIT[old], &EMBED_FIT[new]);
    for role in 0..2 {
        for unit in 0..HIDDEN {
            sums[role][unit] += after[role][unit] - before[role][unit];
        }
    }
}

/// Adds one square of combination `combo` to a colour's sums.
#[inline]
pub fn add(sums: &mut Sums, combo: usize) {
    update(sums, 0, combo);
}

/// The hidden layer's share of the evaluation for the side to move, in evaluation points.
pub fn output(mover: &Sums, waiting: &Sums, mask: usize) -> i32 {
    let offsets = &MASK_ROWS_FIT[mask % MASKS];
    let mut out: i64 = 0;
    for unit in 0..HIDDEN {
        let h = mover[0][unit] + waiting[1][unit] + i32::from(offsets[unit]);
        out += i64::from(OUT_FIT[unit]) * i64::from(h.clamp(0, ONE));
    }
    // Floor division, as the fitting script's check of the quantized fit computes it.
    out.div_euclid(i64::from(ONE) * OUT_ONE) as i32 + OUT_BIAS_FIT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_all_dead_combination_weighs_nothing() {
        assert!(EMBED_FIT[0].iter().flatten().all(|&w| w == 0));
        assert_eq!(combo_of_key()[0xFFFF], 0);
        assert_eq!(combo_of_key()[0], 0);
    }

    #[test]
    fn update_is_undone_by_the_reverse_update() {
        let mut sums = NO_SUMS;
        add(&mut sums, 17);
        add(&mut sums, 400);
        update(&mut sums, 17, 1000);
        update(&mut sums, 1000, 17);
        let mut direct = NO_SUMS;
        add(&mut direct, 400);
        add(&mut direct, 17);
        assert_eq!(sums, direct);
    }
}
