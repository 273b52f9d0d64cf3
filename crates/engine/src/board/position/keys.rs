//! Key windows: each square's line key per direction, stored so that the 11 keys around a stone
//! along one direction are one contiguous window.

use crate::pattern::{EDGE, slot};

use super::layout::CAP;

/// Line keys by direction, each direction's line-major (see `Position::keys`).
pub(super) type Keys = [[u32; KEY_ROOM]; 4];

/// Room for one direction's keys: a window starting anywhere below `CAP` fits, so that taking
/// one (its start modulo `CAP`) needs no bounds check.
pub(super) const KEY_ROOM: usize = CAP + WINDOW;

/// The squares of a key window: a square and the 5 on either side along one direction.
pub(super) const WINDOW: usize = 11;

/// A stone's slots in the keys of a window's squares, by the stone's code (EMPTY to EDGE): the
/// square `k` steps from the stone (window entry `5 + k`) sees it `-k` steps away; the centre,
/// the stone's own square, does not see it.
pub(super) const STONE_SLOTS: [[u32; WINDOW]; 4] = {
    let mut slots = [[0; WINDOW]; 4];
    let mut code = 0;
    while code < 4 {
        let mut k = -5;
        while k <= 5 {
            if k != 0 {
                slots[code][(5 + k) as usize] = (code as u32) << (2 * slot(-k));
            }
            k += 1;
        }
        code += 1;
    }
    slots
};

/// The mask that takes a stone out of its window's keys (the complement of its slots).
pub(super) const CLEAR_SLOTS: [u32; WINDOW] = {
    let mut mask = [0; WINDOW];
    let mut j = 0;
    while j < WINDOW {
        mask[j] = !STONE_SLOTS[EDGE as usize][j];
        j += 1;
    }
    mask
};

/// The window of keys starting at `start` (a square's `Position::windows` entry): the 11 keys
/// are then read and written at constant offsets.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn window_mut(keys: &mut [u32; KEY_ROOM], start: u16) -> &mut [u32; WINDOW] {
    let start = usize::from(start) % CAP;
    (&mut keys[start..start + WINDOW]).try_into().unwrap_or_else(|_| unreachable!())
}

/// [`window_mut`], to read.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn window(keys: &[u32; KEY_ROOM], start: u16) -> &[u32; WINDOW] {
    let start = usize::from(start) % CAP;
    (&keys[start..start + WINDOW]).try_into().unwrap_or_else(|_| unreachable!())
}

/// Adds a stone (`code`) to its four windows of keys (starting at `starts`). Not inlined on
/// purpose: apart from the code updates that read the keys, the compiler does it with a few
/// vector instructions per direction; inlined, it kept the 44 keys and the stone's 10 slots in
/// registers for the updates, and spilled them (callgrind: 7,037 instructions a node inlined,
/// 6,864 not).
#[inline(never)]
pub(super) fn add_stone(keys: &mut Keys, starts: [u16; 4], code: u32) {
    let slots = &STONE_SLOTS[code as usize % 4];
    for (keys, start) in keys.iter_mut().zip(starts) {
        for (key, stone) in window_mut(keys, start).iter_mut().zip(slots) {
            *key |= stone;
        }
    }
}

/// Where the key of the square at padded column `px` and row `py` lies, per direction, on a
/// padded board of `w` by `h` squares. Each direction's keys are stored line by line, so
/// that stepping along the direction steps by one key: along a row (direction 0) the square
/// index; along a column (1) columns one after the other; along the diagonals (2: right and
/// down, 3: right and up) the lines of constant `px - py` or `px + py`, taken modulo the
/// padded width or height so that the `w * h` squares fit (one to one: a line and the step
/// along it give back the square). No window of a real square wraps: it stays on the padded
/// board, 5 squares deep.
pub(super) fn key_positions(px: usize, py: usize, w: usize, h: usize) -> [usize; 4] {
    [py * w + px, px * h + py, (px + w - py % w) % w * h + py, (px + py) % h * w + px]
}

/// Where the key windows of the real square at padded column `px` and row `py` start, per
/// direction (see [`key_positions`]).
pub(super) fn window_starts(px: usize, py: usize, w: usize, h: usize) -> [u16; 4] {
    key_positions(px, py, w, h).map(|at| (at - 5) as u16)
}

/// Takes a stone out of one direction's window of keys (`keys`, starting at `start`).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn clear_line(keys: &mut [u32; KEY_ROOM], start: u16) {
    for (key, mask) in window_mut(keys, start).iter_mut().zip(CLEAR_SLOTS) {
        *key &= mask;
    }
}
