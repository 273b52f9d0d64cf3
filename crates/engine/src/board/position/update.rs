//! The incremental update of `make`: the 40 squares along the new stone's lines get their codes
//! again, and the class sets, counts and evaluation sums follow.

use crate::eval::square::{CL_3, CLASSES};
use crate::pattern::{self, EMPTY};

use super::bitset::{Bitset, move_class};
use super::hot::{CLASS_SHIFT, Hot, class_of};
use super::keys::WINDOW;
use super::layout::{CAP, NO_PATTERNS, codes_of};
use super::log::{Change, ClassChange, LineChange, MOVE_LOG, TAKEN};

/// The fields `make` updates, borrowed apart so that the compiler keeps the table pointers and
/// the evaluation sums in registers through the update loop. `LINES`: whether the net reads line
/// windows (then the move logs the windows it changes; a constant, so that the nets without
/// them pay nothing for it). `COMPACT`: whether the code table
/// is compact (reach 4, see `CodeTable::reach`), a constant so that `make` is compiled for each
/// kind of table without tests of it per square.
pub(super) struct Update<'a, const COMPACT: bool, const LINES: bool> {
    /// The new stone's window of keys per direction, the stone already added.
    pub(super) keys: [&'a [u32; WINDOW]; 4],
    pub(super) cells: &'a mut [u8; CAP],
    pub(super) pat: &'a mut [u32; CAP],
    /// This move's window of the change log, and how much of it is used.
    pub(super) changes: &'a mut [Change; MOVE_LOG],
    pub(super) changes_len: usize,
    /// This move's window of the line log and how much of it is used (with `LINES` only).
    pub(super) line_changes: &'a mut [LineChange; MOVE_LOG],
    pub(super) line_changes_len: usize,
    pub(super) class_changes: &'a mut Vec<ClassChange>,
    pub(super) by_class: &'a mut [[Bitset; CLASSES]; 2],
    pub(super) class_counts: &'a mut [[u16; CLASSES]; 2],
    pub(super) sums: [u64; 2],
    pub(super) hot: [&'static Hot; 2],
    pub(super) codes: pattern::CodeTable,
}

/// The inner 16 bits of a line key: the 4 cells on each side (`hidden::window_of_key`).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn inner(key: u32) -> u16 {
    (key >> 2) as u16
}

// Forcing these into `make` is measured (callgrind): with plain `#[inline]` the bench took
// 7.99 G instructions instead of 7.47 G. The code updates (`square`) are unrolled over the 40
// squares and stay small; the accounting of the changed squares (`recount`) is one loop over the
// log, so that `make` fits the instruction cache (a fully unrolled update took 10 % fewer
// instructions but 40 times the I1 misses, and was no faster).
#[allow(clippy::inline_always)]
impl<const COMPACT: bool, const LINES: bool> Update<'_, COMPACT, LINES> {
    /// Puts a stone (`code`) on the empty square `i`: the square loses its information.
    #[inline(always)]
    pub(super) fn place(&mut self, i: usize, code: u32) {
        let old = self.pat[i % CAP];
        self.log(i, old, NO_PATTERNS);
        self.pat[i % CAP] = NO_PATTERNS;
        self.cells[i % CAP] = code as u8;
        if LINES {
            // The square's own windows go: its keys do not hold its stone.
            for d in 0..4 {
                self.log_line(inner(self.keys[d][5]), TAKEN);
            }
        }
    }

    /// Updates the squares within 5 steps of a new stone on `idx` along direction `D` (`step`
    /// apart), whose keys already hold it. Direction and distances are constants, so that
    /// shifts and offsets are.
    #[inline(always)]
    pub(super) fn line<const D: usize>(&mut self, idx: usize, step: isize) {
        self.pair::<D, 1>(idx, step);
        self.pair::<D, 2>(idx, step);
        self.pair::<D, 3>(idx, step);
        self.pair::<D, 4>(idx, step);
        // A compact table ignores a key's outermost slots: the squares 5 steps away keep their
        // codes.
        if !COMPACT {
            self.pair::<D, 5>(idx, step);
        }
    }

    /// The two squares `K` steps from the new stone along direction `D`.
    #[inline(always)]
    pub(super) fn pair<const D: usize, const K: i32>(&mut self, idx: usize, step: isize) {
        let k = K as isize;
        let (ahead, behind) =
            (idx.wrapping_add_signed(step * k), idx.wrapping_add_signed(-step * k));
        let (key_ahead, key_behind) =
            (self.keys[D][(5 + K) as usize], self.keys[D][(5 - K) as usize]);
        if K <= 4 && LINES {
            // The new stone lies -K steps from the square ahead, K steps from the one behind.
            self.line_window(ahead, key_ahead & !(3 << (2 * pattern::slot(-K))), key_ahead);
            self.line_window(behind, key_behind & !(3 << (2 * pattern::slot(K))), key_behind);
        }
        self.square(ahead, D, key_ahead);
        self.square(behind, D, key_behind);
    }

    /// Logs the line window of square `i` along one direction changing from the key `old` to
    /// `new`, if the square is empty.
    #[inline(always)]
    pub(super) fn line_window(&mut self, i: usize, old: u32, new: u32) {
        if self.cells[i % CAP] == EMPTY as u8 {
            self.log_line(inner(old), inner(new));
        }
    }

    #[inline(always)]
    pub(super) fn log_line(&mut self, old: u16, new: u16) {
        self.line_changes[self.line_changes_len % MOVE_LOG] = [old, new];
        self.line_changes_len += 1;
    }

    /// Evaluation sums and class sets of every square this move changed (its log entries).
    #[inline(always)]
    pub(super) fn recount_changes(&mut self) {
        self.recount_colour::<0>();
        self.recount_colour::<1>();
    }

    /// [`Update::recount_changes`] for colour `C`: one pass over the log per colour, its sum
    /// and table in registers (both colours in one pass kept too much in registers and spilled
    /// it). The order of the class changes logged does not matter: a square changes class at
    /// most once per colour and move.
    #[inline(always)]
    pub(super) fn recount_colour<const C: usize>(&mut self) {
        let mut sum = self.sums[C];
        for n in 0..self.changes_len {
            let [i, old, new] = self.changes[n % MOVE_LOG];
            let (old, new) = (codes_of(old, C), codes_of(new, C));
            if old != new {
                sum = self.recount(sum, i as usize, C, old, new);
            }
        }
        self.sums[C] = sum;
    }

    /// If square `i` is empty, recomputes its codes along `d` from its new key there,
    /// remembering the old ones. (A square within reach lies on one line through the new stone
    /// only, so it is refreshed once per move.)
    #[inline(always)]
    pub(super) fn square(&mut self, i: usize, d: usize, key: u32) {
        if self.cells[i % CAP] != EMPTY as u8 {
            return;
        }
        let shift = 4 * d;
        let old = self.pat[i % CAP];
        // Black's nibble to bits 0..4, white's to 16..20 (the product also leaves copies in
        // bits 4..16, masked off).
        let both = (u32::from(self.codes.code_as::<COMPACT>(key)) * 0x1001) & 0x000F_000F;
        let new = (old & !(0x000F_000F << shift)) | both << shift;
        if new == old {
            return;
        }
        self.pat[i % CAP] = new;
        self.log(i, old, new);
    }

    /// Accounts for square `i`'s codes of colour `c` changing from `old` to `new`: returns the
    /// evaluation sum `sum` updated, and updates the class sets.
    #[inline(always)]
    pub(super) fn recount(&mut self, sum: u64, i: usize, c: usize, old: u16, new: u16) -> u64 {
        let (before, after) = (self.hot[c][old as usize], self.hot[c][new as usize]);
        if (before ^ after) >> CLASS_SHIFT != 0 {
            let (before, after) = (class_of(before), class_of(after));
            if before >= CL_3 || after >= CL_3 {
                self.class_changed(i, c, before, after);
            }
        }
        sum.wrapping_add(after).wrapping_sub(before)
    }

    /// Logs square `i`'s codes changing from `old` to `new` (a square changes once per move:
    /// the new stone's square is placed before the lines, and every other one lies on a single
    /// line through it).
    #[inline(always)]
    pub(super) fn log(&mut self, i: usize, old: u32, new: u32) {
        self.changes[self.changes_len % MOVE_LOG] = [i as u32, old, new];
        self.changes_len += 1;
    }

    /// Moves a square between class sets and logs it for `unmake`.
    #[inline(always)]
    pub(super) fn class_changed(&mut self, i: usize, c: usize, old: u8, new: u8) {
        move_class(&mut self.by_class[c], &mut self.class_counts[c], i, old, new);
        self.class_changes.push(ClassChange { idx: i as u32, color: c as u8, old, new });
    }
}
