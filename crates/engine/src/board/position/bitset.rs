//! Sets of square indices with a summary word, for the class sets and the fives.

use crate::eval::square::{CL_3, CLASSES};

use super::layout::{CAP, WORDS};

/// A set of square indices, with a summary of its non-empty words (so that walking a sparse
/// set skips the empty words at once).
#[derive(Clone, Debug)]
pub struct Bitset {
    words: [u64; WORDS],
    /// Bit `w` set when word `w` is not empty.
    summary: u32,
}

impl Bitset {
    pub(super) const fn new() -> Bitset {
        Bitset { words: [0; WORDS], summary: 0 }
    }

    #[inline]
    pub(super) fn set(&mut self, i: usize) {
        let w = i % CAP / 64;
        self.words[w] |= 1 << (i % 64);
        self.summary |= 1 << w;
    }

    #[inline]
    pub(super) fn clear(&mut self, i: usize) {
        let w = i % CAP / 64;
        self.words[w] &= !(1 << (i % 64));
        self.summary &= !(u32::from(self.words[w] == 0) << w);
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i % CAP / 64] & (1 << (i % 64)) != 0
    }

    /// The indices in increasing order.
    pub fn iter(&self) -> BitsetIter<'_> {
        BitsetIter { words: &self.words, summary: self.summary, index: 0, word: 0 }
    }

    #[cfg(test)]
    pub fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }
}

/// The indices of a [`Bitset`] in increasing order.
#[derive(Debug)]
pub struct BitsetIter<'a> {
    words: &'a [u64; WORDS],
    /// The non-empty words not read yet.
    summary: u32,
    /// The word being read, and what is left of it.
    index: usize,
    word: u64,
}

impl Iterator for BitsetIter<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.word == 0 {
            if self.summary == 0 {
                return None;
            }
            self.index = self.summary.trailing_zeros() as usize;
            self.summary &= self.summary - 1;
            self.word = self.words[self.index % WORDS];
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.index * 64 + b)
    }
}

/// Moves square `i` from colour `c`'s set of class `old` to that of class `new` (only the
/// classes ≥ CL_3 have sets).
#[inline]
pub(super) fn move_class(
    sets: &mut [Bitset; CLASSES],
    counts: &mut [u16; CLASSES],
    i: usize,
    old: u8,
    new: u8,
) {
    if old >= CL_3 {
        sets[old as usize].clear(i);
        counts[old as usize] -= 1;
    }
    if new >= CL_3 {
        sets[new as usize].set(i);
        counts[new as usize] += 1;
    }
}
