//! The evaluation's hidden layer. The linear evaluation adds up every square on its own; the
//! hidden layer prices how the squares add up together. Each combination of a square's four
//! line codes has, besides its table value, a vector of `HIDDEN` weights per role (as the side
//! to move's square and as the waiting side's). A position's hidden units are the sums of those
//! vectors over the empty squares of the side to move (first role) and of the waiting side
//! (second role) plus an offset per threat mask; each unit is clipped to [0, `ONE`] and the
//! output is a weighted sum of the clipped units. The sums are kept per colour and role by the
//! position, updated with the squares whose codes a move changes, like the table values.
//!
//! Fitted offline with the linear tables (`tuning/fit_hidden.py`). Renju has a layer of its own
//! with weights per colour (black's forbidden points make the same shape worth different
//! amounts to each colour), started from the generic layer and fitted to renju positions.

use std::sync::OnceLock;

use crate::eval::square::{COMBOS, MASKS, Tables, combo_index, counts_nowhere};
use crate::pattern::{BLACK, CODES, EMPTY, WHITE};

/// A hidden unit's clipping range: [0, ONE] (the fitted weights are multiplied by it).
pub const ONE: i32 = 1024;
/// The output weights' extra precision (they are evaluation points times this).
pub const OUT_ONE: i64 = 64;

/// Hidden units: the architecture of this build (weights files say theirs, `net::format`).
pub const HIDDEN: usize = 32;

/// Per combination, a square's hidden weights as the side to move's and as the waiting side's.
pub type Embed = [[[i16; HIDDEN]; 2]; COMBOS];

/// Line windows (`window_of_key`): 4 cells on each side of a square along one direction, each
/// empty, a stone of the colour or blocked (the opponent's stone or the edge).
pub const WINDOWS: usize = 6561;

/// Per line window, a square's hidden weights as the side to move's and as the waiting side's
/// (the finer view of the lines that a net may add to the combinations: `Layer::lines`).
pub type LineEmbed = [[[i16; HIDDEN]; 2]; WINDOWS];

/// One colour's hidden sums: over its squares as the side to move's (index 0) and as the waiting
/// side's (index 1).
pub type Sums = [[i32; HIDDEN]; 2];

pub const NO_SUMS: Sums = [[0; HIDDEN]; 2];

/// The weights of one rule family's hidden layer (a net's, see `eval::net`).
#[derive(Debug)]
pub struct Layer {
    /// Per colour block (one, or black's and white's).
    embed: Vec<Box<Embed>>,
    /// Which block each colour (black, white) reads, worked out once: `embed` is on the
    /// evaluation's path, where a division by the block count would cost every call.
    block_of: [usize; 2],
    mask_rows: Box<[[i16; HIDDEN]; MASKS]>,
    out: [i32; HIDDEN],
    out_bias: i32,
    /// Per colour block, the line windows' weights, for nets that have them (the windows of
    /// every empty square and direction add to the same units as the combinations).
    lines: Option<Vec<Box<LineEmbed>>>,
}

impl Layer {
    pub fn new(
        embed: Vec<Box<Embed>>,
        mask_rows: Box<[[i16; HIDDEN]; MASKS]>,
        out: [i32; HIDDEN],
        out_bias: i32,
        lines: Option<Vec<Box<LineEmbed>>>,
    ) -> Layer {
        assert!(!embed.is_empty(), "a hidden layer needs weights for at least one colour");
        assert!(
            lines.as_ref().is_none_or(|l| l.len() == embed.len()),
            "line windows need a block per colour block of the combinations"
        );
        let block_of = [0, embed.len() - 1];
        Layer { embed, block_of, mask_rows, out, out_bias, lines }
    }

    /// Colour `c`'s line-window weights, if the net has them.
    #[inline]
    pub fn lines(&self, c: usize) -> Option<&LineEmbed> {
        self.lines.as_ref().map(|l| &*l[self.block_of[c & 1]])
    }

    /// Whether the net reads line windows (then the position logs them as moves change them).
    pub fn has_lines(&self) -> bool {
        self.lines.is_some()
    }

    /// Colour `c`'s weights (0 black, 1 white).
    #[inline]
    pub fn embed(&self, c: usize) -> &Embed {
        &self.embed[self.block_of[c & 1]]
    }

    /// The hidden layer's share of the evaluation for the side to move, in evaluation points:
    /// `mover` and `waiting` are the sums of the side to move's and of the waiting side's
    /// squares, `mask` the position's threat mask.
    #[allow(unsafe_code)]
    pub fn output(&self, mover: &Sums, waiting: &Sums, mask: usize) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above; that is the only requirement
            // of a `target_feature` function.
            return unsafe { self.output_avx2(mover, waiting, mask) };
        }
        self.output_with(mover, waiting, mask)
    }

    /// [`Layer::output`] compiled for AVX2 (eight 32-bit units to a register).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn output_avx2(&self, mover: &Sums, waiting: &Sums, mask: usize) -> i32 {
        self.output_with(mover, waiting, mask)
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn output_with(&self, mover: &Sums, waiting: &Sums, mask: usize) -> i32 {
        let offsets = &self.mask_rows[mask % MASKS];
        let mut out: i64 = 0;
        for unit in 0..HIDDEN {
            let h = mover[0][unit] + waiting[1][unit] + i32::from(offsets[unit]);
            out += i64::from(self.out[unit]) * i64::from(h.clamp(0, ONE));
        }
        // Floor division, as the fitting script's check of the quantized fit computes it.
        out.div_euclid(i64::from(ONE) * OUT_ONE) as i32 + self.out_bias
    }
}

/// Combination index per 16-bit code key (`eval::combined`'s keys) for a colour's tables; keys
/// with an invalid code (a stone, an edge) and renju black's forbidden squares and double
/// threes ([`counts_nowhere`]) get the all-dead combination, whose weights are zero (they count
/// nowhere, as in the linear tables).
pub fn combo_of_key(tables: Tables) -> &'static [u16; 1 << 16] {
    static TABLES: [OnceLock<Box<[u16; 1 << 16]>>; 3] = [const { OnceLock::new() }; 3];
    TABLES[tables as usize].get_or_init(|| {
        // Built on the heap (a 128 KiB array would pass through the stack).
        let mut table: Box<[u16; 1 << 16]> =
            vec![0u16; 1 << 16].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!());
        for (key, entry) in table.iter_mut().enumerate() {
            let codes: [u8; 4] = std::array::from_fn(|d| ((key >> (4 * d)) & 0xF) as u8);
            if codes.iter().all(|&c| (c as usize) < CODES) && !counts_nowhere(codes, tables) {
                *entry = combo_index(codes) as u16;
            }
        }
        table
    })
}

/// Moves one square of a colour from combination `old` to `new` in that colour's sums (`embed`:
/// the colour's weights).
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn update<const N: usize>(
    embed: &[[[i16; HIDDEN]; 2]; N],
    sums: &mut Sums,
    old: usize,
    new: usize,
) {
    // Plain indexing: the bounds check is a compare the branch predictor settles; a `% COMBOS`
    // to drop it costs two multiplications per square.
    let (before, after) = (&embed[old], &embed[new]);
    // Both roles in one loop, each by a constant index: then the replay's local sums stay in
    // registers (a loop over the roles kept them in memory: 48 instructions a square, not 34).
    let [mover, waiting] = sums;
    for unit in 0..HIDDEN {
        mover[unit] += i32::from(after[0][unit]) - i32::from(before[0][unit]);
        waiting[unit] += i32::from(after[1][unit]) - i32::from(before[1][unit]);
    }
}

/// Adds one square of combination `combo` to a colour's sums.
#[inline]
pub fn add<const N: usize>(embed: &[[[i16; HIDDEN]; 2]; N], sums: &mut Sums, combo: usize) {
    update(embed, sums, 0, combo);
}

/// Both colours' line windows (black's, white's) per inner key: the 16 bits of a square's line
/// key that hold the 4 cells on each side (`pattern::slot` 1 to 8, offsets -4 to 4). A window's
/// index reads the cells from offset -4 to 4, three states each (0 empty, 1 the colour's stone,
/// 2 blocked: the opponent's stone or the edge), the first cell the most significant, and is
/// the smaller of its index and its reverse's (a line read either way is one shape). A window
/// without a stone of the colour is 0, whose weights are zero: it counts nowhere. The features
/// the fits read (`tuning::line_window_features`) index the windows the same way.
pub fn window_of_key() -> &'static [[u16; 2]; 1 << 16] {
    static TABLE: OnceLock<Box<[[u16; 2]; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Box<[[u16; 2]; 1 << 16]> = vec![[0u16; 2]; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        for (key, entry) in table.iter_mut().enumerate() {
            for (c, own) in [BLACK, WHITE].into_iter().enumerate() {
                let states: [usize; 8] =
                    std::array::from_fn(|j| match (key >> (2 * j)) as u32 & 3 {
                        EMPTY => 0,
                        code if code == own => 1,
                        _ => 2,
                    });
                if !states.contains(&1) {
                    continue;
                }
                let forward = states.iter().fold(0, |acc, &s| acc * 3 + s);
                let backward = states.iter().rev().fold(0, |acc, &s| acc * 3 + s);
                entry[c] = forward.min(backward) as u16;
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_rng::xorshift as rng;

    /// A layer of random weights in the ranges of the fitted ones (hidden weights up to about
    /// 760 times ONE / 1024, output weights up to about 180,000), per colour like renju's.
    fn random_layer(seed: u64) -> Layer {
        let mut next = rng(seed);
        let mut small = move |range: u64| (next() % (2 * range + 1)) as i64 - range as i64;
        let mut embed = Vec::new();
        for _ in 0..2 {
            let mut block: Box<Embed> = vec![[[0; HIDDEN]; 2]; COMBOS]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            for w in block.iter_mut().flatten().flatten() {
                *w = small(800) as i16;
            }
            embed.push(block);
        }
        let mut mask_rows: Box<[[i16; HIDDEN]; MASKS]> = vec![[0; HIDDEN]; MASKS]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        for w in mask_rows.iter_mut().flatten() {
            *w = small(1500) as i16;
        }
        let out = std::array::from_fn(|_| small(180_000) as i32);
        Layer::new(embed, mask_rows, out, small(300) as i32, None)
    }

    #[test]
    fn the_all_dead_combination_weighs_nothing() {
        for tables in [Tables::Generic, Tables::RenjuBlack, Tables::RenjuWhite] {
            assert_eq!(combo_of_key(tables)[0xFFFF], 0);
            assert_eq!(combo_of_key(tables)[0], 0);
        }
    }

    /// Renju black's overline, double-four and double-three squares count nowhere; white's
    /// count.
    #[test]
    fn renju_black_forbidden_squares_weigh_nothing() {
        use crate::pattern::{B4, F3, OL};
        let key =
            |codes: [u16; 4]| codes.iter().enumerate().map(|(d, &c)| c << (4 * d)).sum::<u16>();
        let (ol, b4, f3) = (u16::from(OL), u16::from(B4), u16::from(F3));
        for codes in [[ol, 0, 0, 0], [b4, b4, 0, 0], [f3, f3, 0, 0], [b4, f3, f3, 0]] {
            assert_eq!(combo_of_key(Tables::RenjuBlack)[key(codes) as usize], 0, "{codes:?}");
            assert_ne!(combo_of_key(Tables::RenjuWhite)[key(codes) as usize], 0, "{codes:?}");
        }
    }

    /// The AVX2 output gives the baseline code's value exactly, clipped units included.
    #[cfg(target_arch = "x86_64")]
    #[test]
    #[allow(unsafe_code)]
    fn avx2_output_matches_the_baseline() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2, only the baseline code runs here");
            return;
        }
        let mut next = rng(0x2545_F491_4F6C_DD1D);
        for layer in [random_layer(1), random_layer(2)] {
            for _ in 0..200 {
                let mut sums = [NO_SUMS; 2];
                for s in sums.iter_mut().flatten().flatten() {
                    *s = (next() % 6000) as i32 - 3000;
                }
                let mask = (next() as usize) % MASKS;
                // SAFETY: AVX2 is present (checked above).
                let wide = unsafe { layer.output_avx2(&sums[0], &sums[1], mask) };
                assert_eq!(layer.output_with(&sums[0], &sums[1], mask), wide);
            }
        }
    }

    #[test]
    fn update_is_undone_by_the_reverse_update() {
        let layer = random_layer(3);
        let embed = layer.embed(0);
        let mut sums = NO_SUMS;
        add(embed, &mut sums, 17);
        add(embed, &mut sums, 400);
        update(embed, &mut sums, 17, 1000);
        update(embed, &mut sums, 1000, 17);
        let mut direct = NO_SUMS;
        add(embed, &mut direct, 400);
        add(embed, &mut direct, 17);
        assert_eq!(sums, direct);
    }
}
