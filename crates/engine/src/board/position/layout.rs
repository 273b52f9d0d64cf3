//! The padded board's layout: how large the per-square arrays are, and what a square's `pat`
//! word holds.

pub const PAD: usize = 5;
pub(super) const MAX_PADDED: usize = (32 + 2 * PAD) * (32 + 2 * PAD);
/// Capacity of the per-square arrays: a power of two above `MAX_PADDED`, so that indexing with
/// `i % CAP` (a no-op for every square index) needs no bounds check in the hot loops.
pub(super) const CAP: usize = MAX_PADDED.next_power_of_two();
pub(super) const WORDS: usize = CAP / 64;
// A bitset's summary has a bit per word.
const _: () = assert!(WORDS <= 32);
/// Rows of the padded board, rounded up to a power of two.
pub(super) const ROWS: usize = 64;

/// The line codes (both colours, see `Position::pat`) of a square that holds a stone (or is off
/// the board): the nibbles are no valid code, so the combination table gives it no information
/// (`NO_INFO`).
pub(super) const NO_PATTERNS: u32 = 0xFFFF_FFFF;

/// Colour `c`'s codes in a square's `pat` word.
#[inline]
pub(super) fn codes_of(pat: u32, c: usize) -> u16 {
    (pat >> (16 * c)) as u16
}

/// A fixed-size array on the heap (the per-square arrays and tables are too large for the
/// stack).
#[allow(clippy::unnecessary_box_returns)]
pub(super) fn boxed_array<T: Copy, const N: usize>(fill: T) -> Box<[T; N]> {
    vec![fill; N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}
