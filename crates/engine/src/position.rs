//! The search position: a padded board with incrementally updated line patterns, threat
//! classes, square values, candidate area and Zobrist hash.
//!
//! Squares are addressed by an index into a board padded with 5 edge squares on every side, so
//! walking up to 5 steps along a line from a real square never leaves the array. Placing a stone
//! updates the line keys of the 40 squares within 5 steps along the four lines and recomputes
//! their line codes from the tables; a square's information (class, values, evaluation shares)
//! is a look-up of its four codes in the combination table. Everything the search asks (is there
//! a five to make, which squares make fours, the evaluation) is then a look-up. Taking a stone
//! back restores the saved codes, sums and class sets instead of recomputing them.

use std::cell::RefCell;
use std::sync::OnceLock;

use renzoku_rules::{Board, Cell, Color, Point, Rule, forbidden};

use crate::eval::{CL_3, CL_FIVE, CL_NONE, CLASSES, SquareInfo, Tables, combined};
use crate::hidden;
use crate::pattern::{self, BLACK, EDGE, EMPTY, WHITE, slot};

pub const PAD: usize = 5;
const MAX_PADDED: usize = (32 + 2 * PAD) * (32 + 2 * PAD);
/// Capacity of the per-square arrays: a power of two above `MAX_PADDED`, so that indexing with
/// `i % CAP` (a no-op for every square index) needs no bounds check in the hot loops.
const CAP: usize = MAX_PADDED.next_power_of_two();
const WORDS: usize = CAP / 64;
// A bitset's summary has a bit per word.
const _: () = assert!(WORDS <= 32);
/// Rows of the padded board, rounded up to a power of two.
const ROWS: usize = 64;

/// A set of square indices, with a summary of its non-empty words (so that walking a sparse
/// set skips the empty words at once).
#[derive(Clone, Debug)]
pub struct Bitset {
    words: [u64; WORDS],
    /// Bit `w` set when word `w` is not empty.
    summary: u32,
}

impl Bitset {
    const fn new() -> Bitset {
        Bitset { words: [0; WORDS], summary: 0 }
    }

    #[inline]
    fn set(&mut self, i: usize) {
        let w = i % CAP / 64;
        self.words[w] |= 1 << (i % 64);
        self.summary |= 1 << w;
    }

    #[inline]
    fn clear(&mut self, i: usize) {
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

/// Keys for black stones, white stones and walls by `y * 32 + x`.
/// The engine's own seed ("ENGINE!!"), kept apart from the rules board's keys; same generator.
static ZOBRIST: [[u64; 1024]; 3] = renzoku_rules::zobrist::generate(0x454E_4749_4E45_2121);
const WHITE_TO_MOVE: u64 = 0x2F6B_93D1_C0A4_5E87;

/// The line codes (both colours, see `Position::pat`) of a square that holds a stone (or is off
/// the board): the nibbles are no valid code, so the combination table gives it no information
/// (`NO_INFO`).
const NO_PATTERNS: u32 = 0xFFFF_FFFF;

/// Colour `c`'s codes in a square's `pat` word.
#[inline]
fn codes_of(pat: u32, c: usize) -> u16 {
    (pat >> (16 * c)) as u16
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    idx: usize,
    /// The square as a point (kept: working it out again takes a division).
    point: Point,
    bbox: [i32; 4],
    eval_sums: [u64; 2],
    /// Lengths of `changes` and `class_changes` before this move.
    changes: usize,
    class_changes: usize,
}

/// Room a move gets in the change log: it changes at most 41 squares (its own and 40 along its
/// lines); a power of two, so that indexing the move's window needs no bounds check.
const MOVE_LOG: usize = 64;

/// A square's line codes before a move changed them (restored by `unmake`) and after: the
/// square, then the old and the new codes, black's in the low 16 bits, white's in the high 16.
/// (The new codes let the hidden sums be brought up to date later, see `HiddenCache`.)
type Change = [u32; 3];

/// The change log: `entries[..len]`; `entries` only grows, so that every move finds its window
/// of `MOVE_LOG` entries allocated.
#[derive(Clone, Debug)]
struct ChangeLog {
    entries: Vec<Change>,
    len: usize,
}

impl ChangeLog {
    /// The next move's window (allocated on first use).
    #[inline]
    fn window(&mut self) -> &mut [Change; MOVE_LOG] {
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
    fn grow(&mut self, end: usize) {
        self.entries.resize(end.next_power_of_two(), [0; 3]);
    }
}

/// A square that entered or left one of the class sets (`by_class`) in a move.
#[derive(Clone, Copy, Debug)]
struct ClassChange {
    idx: u32,
    color: u8,
    old: u8,
    new: u8,
}

/// What `make` needs of a square's information, per combination of its codes, in one integer:
/// its two evaluation shares packed in the low 56 bits (see [`pack`]) and its class in the top
/// 8 (see [`hot_entry`]). A compact copy of the combination table: the update reads one 8-byte
/// entry per look-up, not a 14-byte one, and adds both shares at once.
type Hot = [u64; COMBINATIONS];

/// Entries of the combination tables: one per 16-bit code key.
const COMBINATIONS: usize = 1 << 16;

/// Where a `Hot` entry's class lies: above the packed shares, so that a sum of entries carries
/// the classes only out of the word, never into the shares; the update adds entries whole,
/// without masking the class off.
const CLASS_SHIFT: u32 = 56;

/// Two evaluation shares as one integer: the first plus the second times 2^27 (wrapping), in
/// the low 56 bits (the top 8 are the class's in a `Hot` entry). Sums of packed shares are the
/// packed sums: a side's shares add up to less than 2^26 in size (at most 1024 squares of at
/// most 2^15), within the 27 bits of the first and the 29 of the second.
#[inline]
fn pack(shares: [i16; 2]) -> u64 {
    (i64::from(shares[0]).wrapping_add(i64::from(shares[1]) << 27) as u64) & ((1 << 56) - 1)
}

/// The two sums of a sum of packed shares (the top 8 bits ignored).
#[inline]
fn unpack(sum: u64) -> [i32; 2] {
    // Sign-extend bits 0..27, then take them away to leave the second sum in bits 27..56.
    let first = ((sum << 37) as i64) >> 37;
    let second = ((sum.wrapping_sub(first as u64) << 8) as i64) >> 35;
    [first as i32, second as i32]
}

/// A `Hot` entry: shares and class.
#[inline]
fn hot_entry(shares: [i16; 2], class: u8) -> u64 {
    pack(shares) | u64::from(class) << CLASS_SHIFT
}

/// The class of a `Hot` entry.
#[inline]
fn class_of(entry: u64) -> u8 {
    (entry >> CLASS_SHIFT) as u8
}

static HOT: [OnceLock<Box<Hot>>; 3] = [const { OnceLock::new() }; 3];

fn hot_table(tables: Tables) -> &'static Hot {
    HOT[tables as usize].get_or_init(|| {
        let mut hot: Box<Hot> = boxed_array(0);
        for (h, i) in hot.iter_mut().zip(combined(tables)) {
            *h = hot_entry(i.eval, i.class);
        }
        hot
    })
}

/// The combination table of `tables` as a fixed-size array (indexed by a `u16` without checks).
fn combination_table(tables: Tables) -> &'static [SquareInfo; COMBINATIONS] {
    combined(tables).try_into().expect("the combination table has an entry per 16-bit key")
}

/// Line keys by direction, each direction's line-major (see `Position::keys`).
type Keys = [[u32; KEY_ROOM]; 4];

/// Room for one direction's keys: a window starting anywhere below `CAP` fits, so that taking
/// one (its start modulo `CAP`) needs no bounds check.
const KEY_ROOM: usize = CAP + WINDOW;

/// The squares of a key window: a square and the 5 on either side along one direction.
const WINDOW: usize = 11;

/// A stone's slots in the keys of a window's squares, by the stone's code (EMPTY to EDGE): the
/// square `k` steps from the stone (window entry `5 + k`) sees it `-k` steps away; the centre,
/// the stone's own square, does not see it.
const STONE_SLOTS: [[u32; WINDOW]; 4] = {
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
const CLEAR_SLOTS: [u32; WINDOW] = {
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
fn window_mut(keys: &mut [u32; KEY_ROOM], start: u16) -> &mut [u32; WINDOW] {
    let start = usize::from(start) % CAP;
    (&mut keys[start..start + WINDOW]).try_into().unwrap_or_else(|_| unreachable!())
}

/// [`window_mut`], to read.
#[allow(clippy::inline_always)]
#[inline(always)]
fn window(keys: &[u32; KEY_ROOM], start: u16) -> &[u32; WINDOW] {
    let start = usize::from(start) % CAP;
    (&keys[start..start + WINDOW]).try_into().unwrap_or_else(|_| unreachable!())
}

/// Adds a stone (`code`) to its four windows of keys (starting at `starts`). Not inlined on
/// purpose: apart from the code updates that read the keys, the compiler does it with a few
/// vector instructions per direction; inlined, it kept the 44 keys and the stone's 10 slots in
/// registers for the updates, and spilled them (callgrind: 7,037 instructions a node inlined,
/// 6,864 not).
#[inline(never)]
fn add_stone(keys: &mut Keys, starts: [u16; 4], code: u32) {
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
fn key_positions(px: usize, py: usize, w: usize, h: usize) -> [usize; 4] {
    [py * w + px, px * h + py, (px + w - py % w) % w * h + py, (px + py) % h * w + px]
}

/// Where the key windows of the real square at padded column `px` and row `py` start, per
/// direction (see [`key_positions`]).
fn window_starts(px: usize, py: usize, w: usize, h: usize) -> [u16; 4] {
    key_positions(px, py, w, h).map(|at| (at - 5) as u16)
}

/// A fixed-size array on the heap (the per-square arrays and tables are too large for the
/// stack).
#[allow(clippy::unnecessary_box_returns)]
fn boxed_array<T: Copy, const N: usize>(fill: T) -> Box<[T; N]> {
    vec![fill; N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}

#[derive(Clone, Debug)]
pub struct Position {
    pub width: usize,
    pub height: usize,
    pub stride: usize,
    pub rule: Rule,
    cells: Box<[u8; CAP]>,
    /// Each square's line key per direction, direction first and each direction line-major
    /// (see [`window_starts`]): the 11 keys a stone changes along a direction lie side by
    /// side, so `make` and `unmake` update them as one array, a few vector instructions,
    /// instead of 10 keys at computed addresses.
    keys: Box<Keys>,
    /// Per square (real squares only) and direction, where its window of keys starts in `keys`.
    windows: Box<[[u16; 4]; CAP]>,
    /// Line codes per square and colour, 4 bits per direction (`NO_PATTERNS` where no square
    /// information applies: stones, edges).
    /// Black's codes in the low 16 bits, white's in the high 16 (one word, so that the
    /// update compares and stores both at once).
    pat: Box<[u32; CAP]>,
    /// The stones of each padded row, as bits by padded column (for "is a stone near").
    stone_rows: [u64; ROWS],
    /// Sums of the squares' evaluation shares, per colour, both roles packed (see
    /// `SquareInfo::eval` and [`pack`]).
    eval_sums: [u64; 2],
    /// The evaluation's hidden sums, brought up to date only when an evaluation asks for them
    /// (None only while the position is being built).
    hidden: Option<RefCell<HiddenCache>>,
    /// How many of the hidden cache's entries belong to the current stack (outside the
    /// `RefCell`, so that `unmake` lowers it without borrowing): a position taken back is never
    /// read again.
    hidden_valid: std::cell::Cell<usize>,
    /// Squares of each threat class, per colour (classes ≥ CL_3 only).
    by_class: [[Bitset; CLASSES]; 2],
    /// Their sizes (asked at every node, e.g. by the evaluation's threat mask).
    class_counts: [[u16; CLASSES]; 2],
    hash: u64,
    side: Color,
    stack: Vec<Undo>,
    /// The stack lengths at which the side passed (the search's null move), oldest first, so
    /// that `recent_move` counts a pass as a ply without a stone.
    passes: Vec<usize>,
    changes: ChangeLog,
    class_changes: Vec<ClassChange>,
    /// Bounding box of the stones: min x, min y, max x, max y (empty when min > max).
    bbox: [i32; 4],
    /// The same position as a rules board, for the exact renju forbidden check: kept up to date
    /// under renju only (see [`Position::keeps_board`]); under the other rules it stays the
    /// board the position was built from.
    board: Board,
    /// How many empty squares the position was built with (`stack` holds the stones since).
    empties: usize,
    /// Both colours' line codes of each line key.
    codes: pattern::CodeTable,
    /// Square combination tables for black and white.
    combos: [&'static [SquareInfo; COMBINATIONS]; 2],
    /// Their class and evaluation parts.
    hot: [&'static Hot; 2],
    /// How far from a new stone line codes can change (see `CodeTable::reach`).
    reach: i32,
    pub dirs: [isize; 4],
}

/// The fields `make` updates, borrowed apart so that the compiler keeps the table pointers and
/// the evaluation sums in registers through the update loop. `COMPACT`: whether the code table
/// is compact (reach 4, see `CodeTable::reach`), a constant so that `make` is compiled for each
/// kind of table without tests of it per square.
struct Update<'a, const COMPACT: bool> {
    /// The new stone's window of keys per direction, the stone already added.
    keys: [&'a [u32; WINDOW]; 4],
    cells: &'a mut [u8; CAP],
    pat: &'a mut [u32; CAP],
    /// This move's window of the change log, and how much of it is used.
    changes: &'a mut [Change; MOVE_LOG],
    changes_len: usize,
    class_changes: &'a mut Vec<ClassChange>,
    by_class: &'a mut [[Bitset; CLASSES]; 2],
    class_counts: &'a mut [[u16; CLASSES]; 2],
    sums: [u64; 2],
    hot: [&'static Hot; 2],
    codes: pattern::CodeTable,
}

// Forcing these into `make` is measured (callgrind): with plain `#[inline]` the bench took
// 7.99 G instructions instead of 7.47 G. The code updates (`square`) are unrolled over the 40
// squares and stay small; the accounting of the changed squares (`recount`) is one loop over the
// log, so that `make` fits the instruction cache (a fully unrolled update took 10 % fewer
// instructions but 40 times the I1 misses, and was no faster).
#[allow(clippy::inline_always)]
impl<const COMPACT: bool> Update<'_, COMPACT> {
    /// Puts a stone (`code`) on the empty square `i`: the square loses its information.
    #[inline(always)]
    fn place(&mut self, i: usize, code: u32) {
        let old = self.pat[i % CAP];
        self.log(i, old, NO_PATTERNS);
        self.pat[i % CAP] = NO_PATTERNS;
        self.cells[i % CAP] = code as u8;
    }

    /// Updates the squares within 5 steps of a new stone on `idx` along direction `D` (`step`
    /// apart), whose keys already hold it. Direction and distances are constants, so that
    /// shifts and offsets are.
    #[inline(always)]
    fn line<const D: usize>(&mut self, idx: usize, step: isize) {
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
    fn pair<const D: usize, const K: i32>(&mut self, idx: usize, step: isize) {
        let k = K as isize;
        self.square(idx.wrapping_add_signed(step * k), D, self.keys[D][(5 + K) as usize]);
        self.square(idx.wrapping_add_signed(-step * k), D, self.keys[D][(5 - K) as usize]);
    }

    /// Evaluation sums and class sets of every square this move changed (its log entries).
    #[inline(always)]
    fn recount_changes(&mut self) {
        self.recount_colour::<0>();
        self.recount_colour::<1>();
    }

    /// [`Update::recount_changes`] for colour `C`: one pass over the log per colour, its sum
    /// and table in registers (both colours in one pass kept too much in registers and spilled
    /// it). The order of the class changes logged does not matter: a square changes class at
    /// most once per colour and move.
    #[inline(always)]
    fn recount_colour<const C: usize>(&mut self) {
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
    fn square(&mut self, i: usize, d: usize, key: u32) {
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
    fn recount(&mut self, sum: u64, i: usize, c: usize, old: u16, new: u16) -> u64 {
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
    fn log(&mut self, i: usize, old: u32, new: u32) {
        self.changes[self.changes_len % MOVE_LOG] = [i as u32, old, new];
        self.changes_len += 1;
    }

    /// Moves a square between class sets and logs it for `unmake`.
    #[inline(always)]
    fn class_changed(&mut self, i: usize, c: usize, old: u8, new: u8) {
        Position::move_class(&mut self.by_class[c], &mut self.class_counts[c], i, old, new);
        self.class_changes.push(ClassChange { idx: i as u32, color: c as u8, old, new });
    }
}

/// Takes a stone out of one direction's window of keys (`keys`, starting at `start`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn clear_line(keys: &mut [u32; KEY_ROOM], start: u16) {
    for (key, mask) in window_mut(keys, start).iter_mut().zip(CLEAR_SLOTS) {
        *key &= mask;
    }
}

#[inline]
fn code(c: Color) -> u32 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The hidden sums (`hidden::Sums`, per colour) of the positions along the move stack, brought
/// up to date lazily: a move only logs the codes it changes, and the sums follow the log when
/// an evaluation asks for them. Searches make many moves that are never evaluated (the VCF
/// searches, hash cut-offs), and the update is the costly part of the hidden layer.
#[derive(Clone, Debug)]
struct HiddenCache {
    /// `sums[k]`: the sums after the first `k` moves of the stack (k = 0: the position built).
    sums: Vec<[hidden::Sums; 2]>,
    layer: &'static hidden::Layer,
    /// Per colour.
    combo_of: [&'static [u16; 1 << 16]; 2],
}

/// Both colours' hidden sums after a move: those before it (`from`) with its logged code
/// changes applied, written to `to` (read and written in place, not copied to and fro).
#[allow(clippy::inline_always)]
#[inline(always)]
fn replay_changes(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    changes: &[Change],
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    // One colour at a time, its sums in a local copy: the compiler keeps them in registers
    // through the changes instead of loading and storing them for every square.
    for (c, sums) in to.iter_mut().enumerate() {
        let (embed, combo_of) = (layer.embed(c), combo_of[c]);
        let mut s = from[c];
        for &[_, old, new] in changes {
            let before = combo_of[codes_of(old, c) as usize];
            let after = combo_of[codes_of(new, c) as usize];
            if before != after {
                hidden::update(embed, &mut s, usize::from(before), usize::from(after));
            }
        }
        *sums = s;
    }
}

/// [`replay_changes`] compiled for AVX2: the sums are 32-bit lanes, eight to a register instead
/// of four (about 7 % less CPU for the whole search than the baseline x86-64 code).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn replay_changes_avx2(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    changes: &[Change],
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    replay_changes(layer, combo_of, changes, from, to);
}

/// [`replay_changes`] with the widest vectors the CPU has (checked at run time, so one binary
/// runs everywhere).
#[allow(unsafe_code)]
fn replay(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    changes: &[Change],
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above; that is the only requirement of
        // a `target_feature` function.
        unsafe { replay_changes_avx2(layer, combo_of, changes, from, to) };
        return;
    }
    replay_changes(layer, combo_of, changes, from, to);
}

impl HiddenCache {
    fn new(pos: &Position) -> HiddenCache {
        let layer = hidden::Layer::of(pos.rule);
        let combo_of =
            [Color::Black, Color::White].map(|c| hidden::combo_of_key(Tables::of(pos.rule, c)));
        let mut sums = [hidden::NO_SUMS; 2];
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                if pos.is_empty(i) {
                    for (c, s) in sums.iter_mut().enumerate() {
                        let key = codes_of(pos.pat[i], c) as usize;
                        hidden::add(layer.embed(c), s, usize::from(combo_of[c][key]));
                    }
                }
            }
        }
        let mut all = Vec::with_capacity(pos.width * pos.height + 1);
        all.push(sums);
        HiddenCache { sums: all, layer, combo_of }
    }

    /// The sums of the current position: those of the last position still valid on the stack,
    /// plus the logged changes of every move after it.
    fn current(&mut self, pos: &Position) -> &[hidden::Sums; 2] {
        let depth = pos.stack.len();
        let valid = &pos.hidden_valid;
        while valid.get() <= depth {
            let k = valid.get();
            let start = pos.stack[k - 1].changes;
            let end = pos.stack.get(k).map_or(pos.changes.len, |u| u.changes);
            if self.sums.len() == k {
                self.sums.push([hidden::NO_SUMS; 2]);
            }
            let (before, after) = self.sums.split_at_mut(k);
            let changes = &pos.changes.entries[start..end];
            replay(self.layer, self.combo_of, changes, &before[k - 1], &mut after[0]);
            valid.set(k + 1);
        }
        &self.sums[depth]
    }
}

impl Position {
    pub fn new(board: &Board, rule: Rule) -> Position {
        let width = board.width() as usize;
        let height = board.height() as usize;
        let stride = width + 2 * PAD;
        let mut pos = Position {
            width,
            height,
            stride,
            rule,
            cells: boxed_array(EDGE as u8),
            keys: boxed_array([0; KEY_ROOM]),
            windows: boxed_array([0; 4]),
            pat: boxed_array(NO_PATTERNS),
            stone_rows: [0; ROWS],
            eval_sums: [0; 2],
            hidden: None,
            hidden_valid: std::cell::Cell::new(1),
            by_class: [
                std::array::from_fn(|_| Bitset::new()),
                std::array::from_fn(|_| Bitset::new()),
            ],
            class_counts: [[0; CLASSES]; 2],
            hash: 0,
            side: board.side_to_move(),
            stack: Vec::with_capacity(board.width() as usize * board.height() as usize),
            passes: Vec::new(),
            changes: ChangeLog { entries: Vec::new(), len: 0 },
            class_changes: Vec::with_capacity(256),
            bbox: [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
            board: board.clone(),
            empties: board.empty_count(),
            codes: pattern::pair_table(rule),
            combos: [
                combination_table(Tables::of(rule, Color::Black)),
                combination_table(Tables::of(rule, Color::White)),
            ],
            hot: [
                hot_table(Tables::of(rule, Color::Black)),
                hot_table(Tables::of(rule, Color::White)),
            ],
            reach: 5,
            dirs: [1, stride as isize, stride as isize + 1, 1 - stride as isize],
        };
        // Squares whose tables ignore the fifth square on each side keep their codes there.
        pos.reach = pos.codes.reach();
        pos.hash = renzoku_rules::zobrist::splitmix64(
            0x5EED
                ^ (u64::from(rule.gomocup_code()) << 16)
                ^ ((width as u64) << 24)
                ^ ((height as u64) << 32),
        )
        .1;
        for y in 0..height {
            for x in 0..width {
                let i = pos.index(x, y);
                let z = y * 32 + x;
                pos.cells[i] = match board.get(Point::new(x as u8, y as u8)) {
                    Cell::Empty => EMPTY as u8,
                    Cell::Stone(Color::Black) => {
                        pos.hash ^= ZOBRIST[0][z];
                        BLACK as u8
                    }
                    Cell::Stone(Color::White) => {
                        pos.hash ^= ZOBRIST[1][z];
                        WHITE as u8
                    }
                    Cell::Wall | Cell::Outside => {
                        pos.hash ^= ZOBRIST[2][z];
                        EDGE as u8
                    }
                };
            }
        }
        if pos.side == Color::White {
            pos.hash ^= WHITE_TO_MOVE;
        }
        for y in 0..height {
            for x in 0..width {
                let i = pos.index(x, y);
                pos.windows[i] = window_starts(x + PAD, y + PAD, stride, height + 2 * PAD);
                for d in 0..4 {
                    let mut key = 0;
                    for k in 1..=5i32 {
                        let fwd = pos.cells[(i as isize + pos.dirs[d] * k as isize) as usize];
                        let back = pos.cells[(i as isize - pos.dirs[d] * k as isize) as usize];
                        key |= u32::from(fwd) << (2 * slot(k));
                        key |= u32::from(back) << (2 * slot(-k));
                    }
                    pos.keys[d][usize::from(pos.windows[i][d]) + 5] = key;
                }
                match pos.cells[i] {
                    c if c == EMPTY as u8 => {
                        for d in 0..4 {
                            pos.refresh_pattern(i, d);
                        }
                        for c in 0..2 {
                            let hot = pos.hot[c][codes_of(pos.pat[i], c) as usize];
                            pos.eval_sums[c] = pos.eval_sums[c].wrapping_add(hot);
                            Self::move_class(
                                &mut pos.by_class[c],
                                &mut pos.class_counts[c],
                                i,
                                CL_NONE,
                                class_of(hot),
                            );
                        }
                    }
                    c if c == BLACK as u8 || c == WHITE as u8 => pos.add_near(x, y),
                    _ => {}
                }
            }
        }
        pos.hidden = Some(RefCell::new(HiddenCache::new(&pos)));
        pos
    }

    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        (y + PAD) * self.stride + x + PAD
    }

    #[inline]
    pub fn point(&self, idx: usize) -> Point {
        Point::new((idx % self.stride - PAD) as u8, (idx / self.stride - PAD) as u8)
    }

    #[inline]
    pub fn index_of(&self, p: Point) -> usize {
        self.index(p.x as usize, p.y as usize)
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position will have once the side to move plays on the empty square `idx`
    /// (what [`Position::make`] computes), so the hash table can fetch its bucket early.
    #[inline]
    pub fn hash_after(&self, idx: usize) -> u64 {
        let p = self.point(idx);
        self.hash ^ ZOBRIST[self.side.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE
    }

    #[inline]
    pub fn is_empty(&self, idx: usize) -> bool {
        self.cells[idx % CAP] == EMPTY as u8
    }

    /// Whether a stone of `c` stands on `idx`.
    #[inline]
    pub fn has_stone(&self, idx: usize, c: Color) -> bool {
        u32::from(self.cells[idx % CAP]) == code(c)
    }

    /// What a stone of `c` would make on `idx` (nothing on a stone).
    #[inline]
    pub fn info(&self, idx: usize, c: Color) -> SquareInfo {
        self.combos[c.index()][codes_of(self.pat[idx % CAP], c.index()) as usize]
    }

    #[inline]
    pub fn class(&self, idx: usize, c: Color) -> u8 {
        class_of(self.hot[c.index()][codes_of(self.pat[idx % CAP], c.index()) as usize])
    }

    /// The line code (see `pattern`) of `c` on `idx` along direction `dir`.
    #[inline]
    pub fn line_pattern(&self, idx: usize, c: Color, dir: usize) -> u8 {
        ((codes_of(self.pat[idx % CAP], c.index()) >> (4 * dir)) & 0xF) as u8
    }

    /// Squares where `c` has exactly class `class` (only for classes ≥ CL_3).
    #[inline]
    pub fn squares_of(&self, c: Color, class: u8) -> &Bitset {
        &self.by_class[c.index()][class as usize]
    }

    pub fn has_class(&self, c: Color, class: u8) -> bool {
        self.class_counts[c.index()][class as usize] != 0
    }

    /// How many squares `c` has of class `class` (only for classes ≥ CL_3).
    #[inline]
    pub fn class_count(&self, c: Color, class: u8) -> u32 {
        u32::from(self.class_counts[c.index()][class as usize])
    }

    #[inline]
    pub fn near(&self, idx: usize) -> bool {
        let (y, x) = (idx / self.stride, idx % self.stride);
        // Bits x - 2 ..= x + 2 (fewer at the array's left edge).
        let window = (0x1F << x) >> 2;
        self.stone_rows_around(y) & window != 0
    }

    /// The stones of padded rows `y - 2 ..= y + 2`, merged.
    #[inline]
    fn stone_rows_around(&self, y: usize) -> u64 {
        (y.saturating_sub(2)..=y + 2).fold(0, |m, r| m | self.stone_rows[r % ROWS])
    }

    /// The squares of row `y` (unpadded) within two squares of a stone, as bits by padded
    /// column (bit `x + PAD` for column `x`).
    #[inline]
    pub fn near_row(&self, y: usize) -> u64 {
        let m = self.stone_rows_around(y + PAD);
        m | m << 1 | m << 2 | m >> 1 | m >> 2
    }

    pub fn has_empty(&self) -> bool {
        self.stack.len() < self.empties
    }

    /// Stones' bounding box grown by `margin`, clipped to the board, as index ranges.
    pub fn area(&self, margin: i32) -> Option<(usize, usize, usize, usize)> {
        if self.bbox[0] > self.bbox[2] {
            return None;
        }
        let x0 = (self.bbox[0] - margin).max(0) as usize;
        let y0 = (self.bbox[1] - margin).max(0) as usize;
        let x1 = (self.bbox[2] + margin).min(self.width as i32 - 1) as usize;
        let y1 = (self.bbox[3] + margin).min(self.height as i32 - 1) as usize;
        Some((x0, y0, x1, y1))
    }

    /// Sum of the evaluation shares of `c`'s squares, as the side to move (`to_move`) or as the
    /// waiting side.
    pub fn eval_sum(&self, c: Color, to_move: bool) -> i32 {
        unpack(self.eval_sums[c.index()])[usize::from(!to_move)]
    }

    /// The hidden layer's share of the evaluation for the side to move, whose position's threat
    /// mask is `mask` (`hidden::Layer::output`).
    pub fn hidden_eval(&self, mask: usize) -> i32 {
        let Some(cache) = &self.hidden else {
            return 0;
        };
        let mut cache = cache.borrow_mut();
        let layer = cache.layer;
        let sums = cache.current(self);
        let me = self.side.index();
        layer.output(&sums[me], &sums[1 - me], mask)
    }

    /// Both colours' hidden sums of the position.
    #[cfg(test)]
    fn hidden_sums(&self) -> [hidden::Sums; 2] {
        self.hidden.as_ref().map_or([hidden::NO_SUMS; 2], |c| *c.borrow_mut().current(self))
    }

    /// Whether `c` may play on the empty square `idx`: for black under renju, not forbidden.
    /// Uses the patterns and calls the exact checker only for possible double threes.
    pub fn is_legal(&self, idx: usize, c: Color) -> bool {
        if !self.is_empty(idx) {
            return false;
        }
        if c == Color::White || self.rule != Rule::Renju {
            return true;
        }
        let info = self.info(idx, Color::Black);
        if info.forbidden {
            return false;
        }
        if info.maybe_forbidden {
            // The rules board follows the moves under renju only (`keeps_board`), the only rule
            // that gets here.
            debug_assert!(self.keeps_board());
            return !forbidden::is_forbidden(&self.board, self.point(idx));
        }
        true
    }

    fn add_near(&mut self, x: usize, y: usize) {
        self.bbox[0] = self.bbox[0].min(x as i32);
        self.bbox[1] = self.bbox[1].min(y as i32);
        self.bbox[2] = self.bbox[2].max(x as i32);
        self.bbox[3] = self.bbox[3].max(y as i32);
        self.stone_rows[(y + PAD) % ROWS] |= 1 << (x + PAD);
    }

    /// Recomputes the line codes of square `i` along `d`; returns the old codes.
    #[inline]
    fn refresh_pattern(&mut self, i: usize, d: usize) -> u32 {
        let key = self.keys[d][usize::from(self.windows[i][d]) + 5];
        let shift = 4 * d;
        let mask = !(0x000F_000F << shift);
        let old = self.pat[i];
        let codes = u32::from(self.codes.code(key));
        let both = (codes & 0xF) | (codes >> 4) << 16;
        self.pat[i] = (old & mask) | both << shift;
        old
    }

    /// Moves square `i` from colour `c`'s set of class `old` to that of class `new` (only the
    /// classes ≥ CL_3 have sets).
    #[inline]
    fn move_class(
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

    /// Whether the rules board follows the moves: only renju's forbidden check reads it, and
    /// keeping it up to date cost about 100 instructions a move.
    #[inline]
    fn keeps_board(&self) -> bool {
        self.rule == Rule::Renju
    }

    /// The position as a rules board (under renju the one kept; under the other rules the board
    /// built from, with the stones placed since).
    #[cfg(test)]
    fn current_board(&self) -> Board {
        let mut board = self.board.clone();
        if !self.keeps_board() {
            for undo in &self.stack {
                let black = u32::from(self.cells[undo.idx % CAP]) == BLACK;
                let color = if black { Color::Black } else { Color::White };
                board.put(undo.point, color).expect("the stone's square was empty");
            }
            board.set_side_to_move(self.side);
        }
        board
    }

    /// Places a stone of the side to move on the empty square `idx`.
    pub fn make(&mut self, idx: usize) {
        let color = self.side;
        let code = code(color);
        let p = self.point(idx);
        self.stack.push(Undo {
            idx,
            point: p,
            bbox: self.bbox,
            eval_sums: self.eval_sums,
            changes: self.changes.len,
            class_changes: self.class_changes.len(),
        });
        if self.keeps_board() {
            // The square is empty, so placing cannot fail; the result is ignored on purpose.
            let _ = self.board.put(p, color);
            self.board.set_side_to_move(color.opponent());
        }
        self.hash ^= ZOBRIST[color.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE;

        if self.reach == 4 {
            self.update_squares::<true>(idx, code);
        } else {
            self.update_squares::<false>(idx, code);
        }
        self.add_near(p.x as usize, p.y as usize);
        self.side = color.opponent();
    }

    /// The stone `code` placed on `idx`: keys, codes, evaluation sums and class sets of the
    /// squares around it, with the changes logged. `COMPACT`: see [`Update`].
    #[inline]
    fn update_squares<const COMPACT: bool>(&mut self, idx: usize, code: u32) {
        let dirs = self.dirs;
        let starts = self.windows[idx % CAP];
        add_stone(&mut self.keys, starts, code);
        let keys = &*self.keys;
        let mut u = Update::<COMPACT> {
            keys: std::array::from_fn(|d| window(&keys[d], starts[d])),
            cells: &mut self.cells,
            pat: &mut self.pat,
            changes: self.changes.window(),
            changes_len: 0,
            class_changes: &mut self.class_changes,
            by_class: &mut self.by_class,
            class_counts: &mut self.class_counts,
            sums: self.eval_sums,
            hot: self.hot,
            codes: self.codes,
        };
        u.place(idx, code);
        u.line::<0>(idx, dirs[0]);
        u.line::<1>(idx, dirs[1]);
        u.line::<2>(idx, dirs[2]);
        u.line::<3>(idx, dirs[3]);
        u.recount_changes();
        self.eval_sums = u.sums;
        self.changes.len += u.changes_len;
    }

    /// Passes: the other side moves next, no stone changes (the null move of the search).
    /// Undone by calling it again right after (no stone between): two passes in a row are
    /// never played, so a pass at the stack length of the last one takes that one back.
    pub fn pass(&mut self) {
        if self.passes.last() == Some(&self.stack.len()) {
            self.passes.pop();
        } else {
            self.passes.push(self.stack.len());
        }
        self.side = self.side.opponent();
        if self.keeps_board() {
            self.board.set_side_to_move(self.side);
        }
        self.hash ^= WHITE_TO_MOVE;
    }

    /// The square of the stone placed `back` plies ago (0: the last one), if the position was
    /// built that many plies before and that ply was not a pass.
    pub fn recent_move(&self, back: usize) -> Option<usize> {
        // Step back `back` plies, each a pass (recorded at the stack length it came at) or a
        // stone; then the ply at hand is one or the other.
        let mut stones = self.stack.len();
        let mut passes = self.passes.as_slice();
        for _ in 0..back {
            match passes.split_last() {
                Some((&at, rest)) if at == stones => passes = rest,
                _ => stones = stones.checked_sub(1)?,
            }
        }
        match passes.last() {
            Some(&at) if at == stones => None,
            _ => stones.checked_sub(1).map(|k| self.stack[k].idx),
        }
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(undo) = self.stack.pop() else {
            return;
        };
        let idx = undo.idx;
        let color = self.side.opponent();
        let p = undo.point;
        if self.keeps_board() {
            let _ = self.board.undo();
        }
        self.hash ^= ZOBRIST[color.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE;
        self.cells[idx % CAP] = EMPTY as u8;
        let starts = self.windows[idx % CAP];
        for (keys, start) in self.keys.iter_mut().zip(starts) {
            clear_line(keys, start);
        }
        for &[i, pat, _] in &self.changes.entries[undo.changes..self.changes.len] {
            self.pat[i as usize % CAP] = pat;
        }
        self.changes.len = undo.changes;
        for c in self.class_changes.drain(undo.class_changes..).rev() {
            let color = c.color as usize;
            let (sets, counts) = (&mut self.by_class[color], &mut self.class_counts[color]);
            Self::move_class(sets, counts, c.idx as usize, c.new, c.old);
        }
        self.eval_sums = undo.eval_sums;
        self.hidden_valid.set(self.hidden_valid.get().min(self.stack.len() + 1));
        self.stone_rows[(p.y as usize + PAD) % ROWS] &= !(1 << (p.x as usize + PAD));
        self.bbox = undo.bbox;
        self.side = color;
    }

    /// Squares where `c` makes a five.
    pub fn fives(&self, c: Color) -> &Bitset {
        self.squares_of(c, CL_FIVE)
    }

    /// How many squares make a five for `c`.
    #[inline]
    pub fn five_count(&self, c: Color) -> u32 {
        self.class_count(c, CL_FIVE)
    }

    /// Whether `c` has a square making a five.
    #[inline]
    pub fn has_five(&self, c: Color) -> bool {
        self.has_class(c, CL_FIVE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{CL_4, CL_FLEX4};

    fn fresh_equals(pos: &Position) {
        let fresh = Position::new(&pos.current_board(), pos.rule);
        assert_eq!(fresh.hash, pos.hash);
        assert_eq!(fresh.eval_sums, pos.eval_sums);
        assert_eq!(fresh.hidden_sums(), pos.hidden_sums());
        for c in 0..2 {
            for class in CL_3..CLASSES as u8 {
                let fresh_set: Vec<usize> = fresh.by_class[c][class as usize].iter().collect();
                let set: Vec<usize> = pos.by_class[c][class as usize].iter().collect();
                assert_eq!(usize::from(pos.class_counts[c][class as usize]), set.len());
                assert_eq!(fresh_set, set, "colour {c} class {class}");
            }
        }
        // Padding squares may hold stale keys; only real squares matter.
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                for d in 0..4 {
                    let at = usize::from(pos.windows[i][d]) + 5;
                    assert_eq!(fresh.keys[d][at], pos.keys[d][at], "keys at {x},{y}");
                }
                assert_eq!(fresh.pat[i], pos.pat[i], "patterns at {x},{y}");
                for c in [Color::Black, Color::White] {
                    assert_eq!(fresh.info(i, c), pos.info(i, c), "info at {x},{y}");
                }
                assert_eq!(fresh.near(i), pos.near(i), "near at {x},{y}");
            }
        }
    }

    /// A pass is a ply without a stone: the moves before it are one ply further back, and
    /// taking the pass back restores them.
    #[test]
    fn recent_moves_count_a_pass_as_a_ply() {
        let board = Board::new(15, 15).expect("size");
        let mut pos = Position::new(&board, Rule::Freestyle);
        let (a, b, c) = (pos.index(7, 7), pos.index(8, 8), pos.index(6, 8));
        pos.make(a);
        pos.make(b);
        pos.pass();
        assert_eq!([0, 1, 2, 3].map(|k| pos.recent_move(k)), [None, Some(b), Some(a), None]);
        pos.make(c);
        assert_eq!([0, 1, 2, 3].map(|k| pos.recent_move(k)), [Some(c), None, Some(b), Some(a)]);
        pos.unmake();
        pos.pass();
        assert_eq!([0, 1, 2].map(|k| pos.recent_move(k)), [Some(b), Some(a), None]);
        assert_eq!(pos.side, Color::Black);
    }

    /// Each direction's key positions are one to one over the padded board, and stepping along
    /// the direction from a real square steps by one position, 5 steps either way.
    #[test]
    fn key_windows_follow_the_lines() {
        for (width, height) in [(5, 5), (13, 9), (9, 13), (32, 7), (32, 32)] {
            let (w, h) = (width + 2 * PAD, height + 2 * PAD);
            let at = |px: usize, py: usize, d: usize| key_positions(px, py, w, h)[d];
            for d in 0..4 {
                let mut seen = vec![false; CAP];
                for py in 0..h {
                    for px in 0..w {
                        assert!(!seen[at(px, py, d)], "{width}x{height} direction {d}");
                        seen[at(px, py, d)] = true;
                    }
                }
            }
            assert_eq!(
                window_starts(PAD, PAD, w, h).map(|s| usize::from(s) + 5),
                [0, 1, 2, 3].map(|d| at(PAD, PAD, d))
            );
            let steps = [(1, 0), (0, 1), (1, 1), (1, -1)];
            for y in PAD..PAD + height {
                for x in PAD..PAD + width {
                    for (d, (dx, dy)) in steps.into_iter().enumerate() {
                        for k in -5..=5isize {
                            let (px, py) =
                                (x.wrapping_add_signed(k * dx), y.wrapping_add_signed(k * dy));
                            assert_eq!(at(px, py, d), at(x, y, d).wrapping_add_signed(k));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn incremental_matches_fresh() {
        // Freestyle's compact tables skip the fifth square on each side; the others do not.
        for rule in [Rule::Renju, Rule::Freestyle, Rule::CaroStandard] {
            incremental_matches_fresh_under(rule);
        }
    }

    fn incremental_matches_fresh_under(rule: Rule) {
        let mut board = Board::new(13, 9).expect("size");
        board.set_wall(Point::new(3, 3)).expect("wall");
        let mut pos = Position::new(&board, rule);
        let moves = [(6, 4), (7, 4), (6, 5), (7, 5), (6, 3), (0, 0), (12, 8), (5, 4), (6, 6)];
        for &(x, y) in &moves {
            let i = pos.index(x, y);
            let predicted = pos.hash_after(i);
            pos.make(i);
            assert_eq!(pos.hash(), predicted, "hash after {x},{y}");
            fresh_equals(&pos);
        }
        for _ in 0..moves.len() {
            pos.unmake();
            fresh_equals(&pos);
        }
        assert_eq!(pos.hash, Position::new(&board, rule).hash);
    }

    /// The lazily updated hidden sums match a fresh position's after any walk of makes and
    /// unmakes, when they are read only now and then (so that later moves replace positions
    /// whose sums were read, and several moves are caught up at once).
    #[test]
    fn lazy_hidden_sums_match_fresh() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for (w, h, rule) in [
            (15, 15, Rule::Freestyle),
            (9, 7, Rule::Standard),
            (20, 20, Rule::CaroFreestyle),
            (15, 15, Rule::Renju),
        ] {
            let board = Board::new(w, h).expect("size");
            let mut pos = Position::new(&board, rule);
            let mut checked = 0;
            for _ in 0..600 {
                let depth = pos.stack.len();
                if depth > 0 && (next(3) == 0 || depth > 40) {
                    pos.unmake();
                } else {
                    let x = next(u64::from(w)) as usize;
                    let y = next(u64::from(h)) as usize;
                    let i = pos.index(x, y);
                    if pos.is_empty(i) {
                        pos.make(i);
                    }
                }
                if next(4) == 0 {
                    let board = pos.current_board();
                    let fresh = Position::new(&board, rule);
                    assert_eq!(fresh.hidden_sums(), pos.hidden_sums(), "{rule:?} {board:?}");
                    assert_ne!(pos.hidden_sums(), [hidden::NO_SUMS; 2]);
                    checked += 1;
                }
            }
            assert!(checked > 100, "only {checked} checks");
        }
    }

    /// The AVX2 replay of the hidden sums gives the baseline code's sums exactly.
    #[cfg(target_arch = "x86_64")]
    #[test]
    #[allow(unsafe_code)]
    fn avx2_replay_matches_the_baseline() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2, only the baseline code runs here");
            return;
        }
        let board = Board::square(15).expect("size");
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut pos = Position::new(&board, rule);
            let cache = HiddenCache::new(&pos);
            for (x, y) in [(7, 7), (8, 8), (7, 8), (6, 6), (9, 9), (7, 9), (7, 6), (5, 5)] {
                pos.make(pos.index(x, y));
            }
            let changes = &pos.changes.entries[..pos.changes.len];
            assert!(changes.len() > 40);
            let (start, mut baseline, mut wide) = (cache.sums[0], cache.sums[0], cache.sums[0]);
            replay_changes(cache.layer, cache.combo_of, changes, &start, &mut baseline);
            // SAFETY: AVX2 is present (checked above).
            unsafe { replay_changes_avx2(cache.layer, cache.combo_of, changes, &start, &mut wide) };
            assert_eq!(baseline, wide, "{rule:?}");
            assert_eq!(baseline, pos.hidden_sums(), "{rule:?}");
        }
    }

    /// Packed shares add up exactly, at the extremes of their range too.
    #[test]
    fn packed_shares_sum_exactly() {
        let shares: [[i16; 2]; 6] =
            [[0, 0], [1, -1], [-1, 1], [i16::MAX, i16::MIN], [i16::MIN, i16::MAX], [-300, 77]];
        for &a in &shares {
            for &b in &shares {
                for n in [1u64, 2, 1024] {
                    let sum =
                        (0..n).fold(0u64, |s, _| s.wrapping_add(pack(a)).wrapping_add(pack(b)));
                    let expected = [0, 1].map(|k| (i32::from(a[k]) + i32::from(b[k])) * n as i32);
                    assert_eq!(unpack(sum), expected, "{a:?} + {b:?}, {n} times");
                }
            }
        }
        for class in 0..CLASSES as u8 {
            let (a, b) = (hot_entry([-5, -7], class), hot_entry([300, 1], CL_FIVE));
            assert_eq!([class_of(a), class_of(b)], [class, CL_FIVE]);
            // Whole entries add and subtract as their shares do, whatever the classes.
            assert_eq!(unpack(a.wrapping_add(b)), [295, -6]);
            assert_eq!(unpack(a.wrapping_add(b).wrapping_sub(a)), [300, 1]);
        }
    }

    #[test]
    fn threat_squares() {
        let mut board = Board::square(15).expect("size");
        for x in 5..8 {
            board.put(Point::new(x, 7), Color::Black).expect("put");
        }
        let pos = Position::new(&board, Rule::Freestyle);
        let flex: Vec<Point> =
            pos.squares_of(Color::Black, CL_FLEX4).iter().map(|i| pos.point(i)).collect();
        assert_eq!(flex, vec![Point::new(4, 7), Point::new(8, 7)]);
        let fours = pos.squares_of(Color::Black, CL_4).count();
        assert_eq!(fours, 2); // 3,7 and 9,7
        assert!(!pos.has_five(Color::Black));
    }
}
