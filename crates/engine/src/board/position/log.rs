//! What a move records to be taken back: the undo entry, the change log of square codes, the
//! class changes.

use renzoku_rules::Point;

#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    pub(super) idx: usize,
    /// The square as a point (kept: working it out again takes a division).
    pub(super) point: Point,
    pub(super) bbox: [i32; 4],
    pub(super) eval_sums: [u64; 2],
    /// Lengths of `changes`, `line_changes` and `class_changes` before this move.
    pub(super) changes: usize,
    pub(super) line_changes: usize,
    pub(super) class_changes: usize,
}

/// Room a move gets in the change log: it changes at most 41 squares (its own and 40 along its
/// lines); a power of two, so that indexing the move's window needs no bounds check.
pub(super) const MOVE_LOG: usize = 64;

/// A square's line codes before a move changed them (restored by `unmake`) and after: the
/// square, then the old and the new codes, black's in the low 16 bits, white's in the high 16.
/// (The new codes let the hidden sums be brought up to date later, see `HiddenCache`.)
pub(super) type Change = [u32; 3];

/// A line window a move changed, for nets that read line windows (`hidden::Layer::lines`): an
/// empty square's inner line key along one direction (`hidden::window_of_key`) before the move
/// and after it; [`TAKEN`] after it when the move took the square.
pub(super) type LineChange = [u16; 2];

/// The inner key of a square the move took: all cells blocked, a window of no stone, which
/// weighs nothing.
pub(super) const TAKEN: u16 = 0xFFFF;

/// A log of what moves changed: `entries[..len]`; `entries` only grows, so that every move
/// finds its window of `MOVE_LOG` entries allocated. (A move changes at most 36 line windows:
/// its own square's 4 and 32 along its lines, 4 on each side.)
#[derive(Clone, Debug)]
pub(super) struct ChangeLog<T = Change> {
    pub(super) entries: Vec<T>,
    pub(super) len: usize,
}

impl<T: Copy + Default> ChangeLog<T> {
    pub(super) fn new() -> ChangeLog<T> {
        ChangeLog { entries: Vec::new(), len: 0 }
    }

    /// The next move's window (allocated on first use).
    #[inline]
    pub(super) fn window(&mut self) -> &mut [T; MOVE_LOG] {
        let end = self.len + MOVE_LOG;
        if self.entries.len() < end {
            self.grow(end);
        }
        (&mut self.entries[self.len..end]).try_into().unwrap_or_else(|_| unreachable!())
    }

    /// Room for `end` entries; apart from `window`, so that the rare growth does not keep
    /// `window` out of `make` (called, it cost 25 instructions a move).
    #[cold]
    #[inline(never)]
    pub(super) fn grow(&mut self, end: usize) {
        self.entries.resize(end.next_power_of_two(), T::default());
    }
}

/// A square that entered or left one of the class sets (`by_class`) in a move.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClassChange {
    pub(super) idx: u32,
    pub(super) color: u8,
    pub(super) old: u8,
    pub(super) new: u8,
}
