//! The compact copy of the combination table that `make` reads: a square's two evaluation shares
//! and its class in one 8-byte entry per code key.

use crate::eval::net::Net;
use crate::eval::square::{SquareInfo, Tables};

use super::layout::boxed_array;

/// What `make` needs of a square's information, per combination of its codes, in one integer:
/// its two evaluation shares packed in the low 56 bits (see [`pack`]) and its class in the top
/// 8 (see [`hot_entry`]). A compact copy of the combination table: the update reads one 8-byte
/// entry per look-up, not a 14-byte one, and adds both shares at once.
pub(super) type Hot = [u64; COMBINATIONS];

/// Entries of the combination tables: one per 16-bit code key.
pub(super) const COMBINATIONS: usize = 1 << 16;

/// Where a `Hot` entry's class lies: above the packed shares, so that a sum of entries carries
/// the classes only out of the word, never into the shares; the update adds entries whole,
/// without masking the class off.
pub(super) const CLASS_SHIFT: u32 = 56;

/// Two evaluation shares as one integer: the first plus the second times 2^27 (wrapping), in
/// the low 56 bits (the top 8 are the class's in a `Hot` entry). Sums of packed shares are the
/// packed sums: a side's shares add up to less than 2^26 in size (at most 1024 squares of at
/// most 2^15), within the 27 bits of the first and the 29 of the second.
#[inline]
pub(super) fn pack(shares: [i16; 2]) -> u64 {
    (i64::from(shares[0]).wrapping_add(i64::from(shares[1]) << 27) as u64) & ((1 << 56) - 1)
}

/// The two sums of a sum of packed shares (the top 8 bits ignored).
#[inline]
pub(super) fn unpack(sum: u64) -> [i32; 2] {
    // Sign-extend bits 0..27, then take them away to leave the second sum in bits 27..56.
    let first = ((sum << 37) as i64) >> 37;
    let second = ((sum.wrapping_sub(first as u64) << 8) as i64) >> 35;
    [first as i32, second as i32]
}

/// A `Hot` entry: shares and class.
#[inline]
pub(super) fn hot_entry(shares: [i16; 2], class: u8) -> u64 {
    pack(shares) | u64::from(class) << CLASS_SHIFT
}

/// The class of a `Hot` entry.
#[inline]
pub(super) fn class_of(entry: u64) -> u8 {
    (entry >> CLASS_SHIFT) as u8
}

/// The compact table of `tables`' colour under `net`, built on first use and kept with the net.
pub(super) fn hot_table(net: &'static Net, tables: Tables) -> &'static Hot {
    net.hot_slot(tables).get_or_init(|| {
        let mut hot: Box<Hot> = boxed_array(0);
        for (h, i) in hot.iter_mut().zip(net.combined(tables)) {
            *h = hot_entry(i.eval, i.class);
        }
        hot
    })
}

/// The combination table of `tables` under `net` as a fixed-size array (indexed by a `u16`
/// without checks).
pub(super) fn combination_table(
    net: &'static Net,
    tables: Tables,
) -> &'static [SquareInfo; COMBINATIONS] {
    net.combined(tables).try_into().expect("the combination table has an entry per 16-bit key")
}
