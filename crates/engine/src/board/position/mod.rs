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

mod bitset;
mod hidden_cache;
mod hot;
mod keys;
mod layout;
mod log;
mod update;

use std::cell::RefCell;

use renzoku_rules::{Board, Cell, Color, Point, Rule, forbidden};

#[cfg(test)]
use crate::eval::hidden;
use crate::eval::net::Net;
use crate::eval::square::{CL_FIVE, CL_NONE, CLASSES, SquareInfo, Tables};
use crate::pattern::{self, BLACK, EDGE, EMPTY, WHITE, slot};

pub use bitset::Bitset;
use bitset::move_class;
use hidden_cache::HiddenCache;
use hot::{COMBINATIONS, Hot, class_of, combination_table, hot_table, unpack};
use keys::{KEY_ROOM, Keys, add_stone, clear_line, window, window_starts};
pub use layout::PAD;
use layout::{CAP, NO_PATTERNS, ROWS, boxed_array, codes_of};
use log::{ChangeLog, ClassChange, LineChange, Undo};
use update::Update;

/// Keys for black stones, white stones and walls by `y * 32 + x`.
/// The engine's own seed ("ENGINE!!"), kept apart from the rules board's keys; same generator.
static ZOBRIST: [[u64; 1024]; 3] = renzoku_rules::zobrist::generate(0x454E_4749_4E45_2121);
const WHITE_TO_MOVE: u64 = 0x2F6B_93D1_C0A4_5E87;

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
    changes: ChangeLog,
    /// The line windows the moves changed, for a net that reads them (`log_lines`).
    line_changes: ChangeLog<LineChange>,
    log_lines: bool,
    class_changes: Vec<ClassChange>,
    /// Bounding box of the stones: min x, min y, max x, max y (empty when min > max).
    bbox: [i32; 4],
    /// The same position as a rules board, for the exact renju forbidden check: kept up to date
    /// under renju only (see [`Position::keeps_board`]); under the other rules it stays the
    /// board the position was built from.
    board: Board,
    /// How many empty squares the position was built with (`stack` holds the stones since).
    empties: usize,
    /// Stones on the board the position was built from (walls are not stones).
    built_stones: usize,
    /// Both colours' line codes of each line key.
    codes: pattern::CodeTable,
    /// Square combination tables for black and white.
    combos: [&'static [SquareInfo; COMBINATIONS]; 2],
    /// Their class and evaluation parts.
    hot: [&'static Hot; 2],
    /// How far from a new stone line codes can change (see `CodeTable::reach`).
    reach: i32,
    /// The evaluation's weights (`eval::net`): the tables above are this net's.
    pub net: &'static Net,
    pub dirs: [isize; 4],
}

#[inline]
fn code(c: Color) -> u32 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

impl Position {
    /// The position of `board` under `rule`, evaluated with the rule's net in use now
    /// (`eval::net`).
    pub fn new(board: &Board, rule: Rule) -> Position {
        Position::with_net(board, rule, Net::current(rule))
    }

    /// The position of `board` under `rule`, evaluated with `net` (of `rule`'s family).
    pub fn with_net(board: &Board, rule: Rule, net: &'static Net) -> Position {
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
            changes: ChangeLog::new(),
            line_changes: ChangeLog::new(),
            log_lines: net.layer().has_lines(),
            class_changes: Vec::with_capacity(256),
            bbox: [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
            board: board.clone(),
            empties: board.empty_count(),
            built_stones: board.stone_count(),
            codes: pattern::pair_table(rule),
            combos: [
                combination_table(net, Tables::of(rule, Color::Black)),
                combination_table(net, Tables::of(rule, Color::White)),
            ],
            hot: [
                hot_table(net, Tables::of(rule, Color::Black)),
                hot_table(net, Tables::of(rule, Color::White)),
            ],
            reach: 5,
            net,
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
                            move_class(
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
        let empty_pats = pos.empty_squares().map(|i| pos.pat[i]);
        let empty_keys = pos.empty_squares().flat_map(|i| {
            let (keys, windows) = (&pos.keys, &pos.windows);
            (0..4).map(move |d| update::inner(keys[d][usize::from(windows[i][d]) + 5]))
        });
        let cache = HiddenCache::new(
            net.layer(),
            pos.rule,
            empty_pats,
            empty_keys,
            pos.width * pos.height + 1,
        );
        pos.hidden = Some(RefCell::new(cache));
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

    /// The empty squares of the board, row by row.
    pub fn empty_squares(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .map(|(x, y)| self.index(x, y))
            .filter(|&i| self.is_empty(i))
    }

    #[inline]
    pub fn is_empty(&self, idx: usize) -> bool {
        self.cells[idx % CAP] == EMPTY as u8
    }

    /// Whether a stone of `c` stands on `idx` (false off the board).
    #[inline]
    pub fn is_stone_of(&self, idx: usize, c: Color) -> bool {
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

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        self.built_stones + self.stack.len()
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
        let sums =
            cache.current(&self.stack, &self.changes, &self.line_changes, &self.hidden_valid);
        let me = self.side.index();
        layer.output(&sums[me], &sums[1 - me], mask)
    }

    /// Both colours' hidden sums of the position.
    #[cfg(test)]
    pub(crate) fn hidden_sums(&self) -> [hidden::Sums; 2] {
        self.hidden.as_ref().map_or([hidden::NO_SUMS; 2], |c| {
            *c.borrow_mut().current(
                &self.stack,
                &self.changes,
                &self.line_changes,
                &self.hidden_valid,
            )
        })
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
            line_changes: self.line_changes.len,
            class_changes: self.class_changes.len(),
        });
        if self.keeps_board() {
            // The square is empty, so placing cannot fail; the result is ignored on purpose.
            let _ = self.board.put(p, color);
            self.board.set_side_to_move(color.opponent());
        }
        self.hash ^= ZOBRIST[color.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE;

        match (self.reach == 4, self.log_lines) {
            (true, false) => self.update_squares::<true, false>(idx, code),
            (false, false) => self.update_squares::<false, false>(idx, code),
            (true, true) => self.update_squares::<true, true>(idx, code),
            (false, true) => self.update_squares::<false, true>(idx, code),
        }
        self.add_near(p.x as usize, p.y as usize);
        self.side = color.opponent();
    }

    /// The stone `code` placed on `idx`: keys, codes, evaluation sums and class sets of the
    /// squares around it, with the changes logged. `COMPACT`: see [`Update`].
    #[inline]
    fn update_squares<const COMPACT: bool, const LINES: bool>(&mut self, idx: usize, code: u32) {
        let dirs = self.dirs;
        let starts = self.windows[idx % CAP];
        add_stone(&mut self.keys, starts, code);
        let keys = &*self.keys;
        let mut u = Update::<COMPACT, LINES> {
            keys: std::array::from_fn(|d| window(&keys[d], starts[d])),
            cells: &mut self.cells,
            pat: &mut self.pat,
            changes: self.changes.window(),
            changes_len: 0,
            line_changes: self.line_changes.window(),
            line_changes_len: 0,
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
        let (changes_len, line_changes_len) = (u.changes_len, u.line_changes_len);
        self.changes.len += changes_len;
        self.line_changes.len += line_changes_len;
    }

    /// The square of the stone placed `back` plies ago (0: the last one), if the position was
    /// built that many plies before.
    pub fn recent_move(&self, back: usize) -> Option<usize> {
        let k = self.stack.len().checked_sub(back + 1)?;
        Some(self.stack[k].idx)
    }

    /// `f` of this position with a stone of `c` (either side) on the empty square `idx`, taken
    /// back afterwards: the side to move and the hash are as before.
    pub fn with_stone_of<R>(&mut self, idx: usize, c: Color, f: impl FnOnce(&Position) -> R) -> R {
        let side = self.side;
        self.side = c;
        self.make(idx);
        let r = f(self);
        self.unmake();
        self.side = side;
        if self.keeps_board() {
            self.board.set_side_to_move(side);
        }
        r
    }

    /// The stones placed since the position was built, in order (`search::sample`).
    #[cfg(feature = "sample-evals")]
    pub(crate) fn line_since_built(&self) -> impl Iterator<Item = Point> + '_ {
        self.stack.iter().map(|u| u.point)
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
        self.line_changes.len = undo.line_changes;
        for c in self.class_changes.drain(undo.class_changes..).rev() {
            let color = c.color as usize;
            let (sets, counts) = (&mut self.by_class[color], &mut self.class_counts[color]);
            move_class(sets, counts, c.idx as usize, c.new, c.old);
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
mod tests;
