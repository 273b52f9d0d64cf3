//! The search position: a padded board with incrementally updated line patterns, threat
//! classes, square values, candidate area and Zobrist hash.
//!
//! Squares are addressed by an index into a board padded with 5 edge squares on every side, so
//! walking up to 5 steps along a line from a real square never leaves the array. Placing or
//! removing a stone updates the line keys of the 40 squares within 5 steps along the four lines
//! and recomputes their patterns from the tables; everything the search asks (is there a five to
//! make, which squares make fours, the evaluation) is then a look-up.

use renzoku_rules::{Board, Cell, Color, Point, Rule, forbidden};

use crate::eval::{CL_3, CL_FIVE, CLASSES, NO_INFO, SquareInfo, Tables, combined};
use crate::pattern::{self, BLACK, EDGE, EMPTY, WHITE, slot};

pub const PAD: usize = 5;
const MAX_PADDED: usize = (32 + 2 * PAD) * (32 + 2 * PAD);
const WORDS: usize = MAX_PADDED.div_ceil(64);

/// A set of square indices.
#[derive(Clone, Debug)]
pub struct Bitset([u64; WORDS]);

impl Bitset {
    const fn new() -> Bitset {
        Bitset([0; WORDS])
    }

    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    pub fn any(&self) -> bool {
        self.0.iter().any(|&w| w != 0)
    }

    /// The indices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }

    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// Keys for black stones, white stones and walls by `y * 32 + x`.
/// The engine's own seed ("ENGINE!!"), kept apart from the rules board's keys; same generator.
static ZOBRIST: [[u64; 1024]; 3] = renzoku_rules::zobrist::generate(0x454E_4749_4E45_2121);
const WHITE_TO_MOVE: u64 = 0x2F6B_93D1_C0A4_5E87;

#[derive(Clone, Copy, Debug)]
struct Undo {
    idx: usize,
    bbox: [i32; 4],
    /// Length of `changes` before this move.
    changes: usize,
}

/// A square's line codes and infos before a move changed them, restored by `unmake` (cheaper
/// than recomputing them from the tables).
#[derive(Clone, Copy, Debug)]
struct Change {
    idx: u32,
    /// Which colours' information changed (bit 0 black, bit 1 white).
    changed: u8,
    pat: [u16; 2],
    info: [SquareInfo; 2],
}

#[derive(Clone, Debug)]
pub struct Position {
    pub width: usize,
    pub height: usize,
    pub stride: usize,
    pub rule: Rule,
    cells: Vec<u8>,
    keys: Vec<[u32; 4]>,
    /// Line codes per square and colour, 4 bits per direction.
    pat: Vec<[u16; 2]>,
    info: Vec<[SquareInfo; 2]>,
    /// Stones within the 5x5 square around each square.
    near: Vec<u8>,
    /// Sums of the squares' evaluation shares, per colour and role (see `SquareInfo::eval`).
    eval_sums: [[i32; 2]; 2],
    /// Squares of each threat class, per colour (classes ≥ CL_3 only).
    by_class: [[Bitset; CLASSES]; 2],
    hash: u64,
    side: Color,
    stack: Vec<Undo>,
    changes: Vec<Change>,
    /// Bounding box of the stones: min x, min y, max x, max y (empty when min > max).
    bbox: [i32; 4],
    /// The same position as a rules board, for the exact renju forbidden check.
    board: Board,
    tables: [pattern::CodeTable; 2],
    /// Square combination tables for black and white.
    combos: [&'static [SquareInfo]; 2],
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
    pub fn new(board: &Board, rule: Rule) -> Position {
        let width = board.width() as usize;
        let height = board.height() as usize;
        let stride = width + 2 * PAD;
        let total = stride * (height + 2 * PAD);
        let mut pos = Position {
            width,
            height,
            stride,
            rule,
            cells: vec![EDGE as u8; total],
            keys: vec![[0; 4]; total],
            pat: vec![[0; 2]; total],
            info: vec![[NO_INFO; 2]; total],
            near: vec![0; total],
            eval_sums: [[0; 2]; 2],
            by_class: [
                std::array::from_fn(|_| Bitset::new()),
                std::array::from_fn(|_| Bitset::new()),
            ],
            hash: 0,
            side: board.side_to_move(),
            stack: Vec::with_capacity(board.width() as usize * board.height() as usize),
            changes: Vec::with_capacity(1024),
            bbox: [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
            board: board.clone(),
            tables: [
                pattern::own_table(rule, Color::Black),
                pattern::own_table(rule, Color::White),
            ],
            combos: [
                combined(Tables::of(rule, Color::Black)),
                combined(Tables::of(rule, Color::White)),
            ],
            dirs: [1, stride as isize, stride as isize + 1, 1 - stride as isize],
        };
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
                for d in 0..4 {
                    let mut key = 0;
                    for k in 1..=5i32 {
                        let fwd = pos.cells[(i as isize + pos.dirs[d] * k as isize) as usize];
                        let back = pos.cells[(i as isize - pos.dirs[d] * k as isize) as usize];
                        key |= u32::from(fwd) << (2 * slot(k));
                        key |= u32::from(back) << (2 * slot(-k));
                    }
                    pos.keys[i][d] = key;
                }
                match pos.cells[i] {
                    c if c == EMPTY as u8 => {
                        for d in 0..4 {
                            pos.refresh_pattern(i, d);
                        }
                        pos.refresh_info(i);
                    }
                    c if c == BLACK as u8 || c == WHITE as u8 => pos.add_near(i, x, y),
                    _ => {}
                }
            }
        }
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

    #[inline]
    pub fn is_empty(&self, idx: usize) -> bool {
        self.cells[idx] == EMPTY as u8
    }

    #[inline]
    pub fn info(&self, idx: usize, c: Color) -> SquareInfo {
        self.info[idx][c.index()]
    }

    #[inline]
    pub fn class(&self, idx: usize, c: Color) -> u8 {
        self.info[idx][c.index()].class
    }

    /// The line code (see `pattern`) of `c` on `idx` along direction `dir`.
    #[inline]
    pub fn line_pattern(&self, idx: usize, c: Color, dir: usize) -> u8 {
        ((self.pat[idx][c.index()] >> (4 * dir)) & 0xF) as u8
    }

    /// Squares where `c` has exactly class `class` (only for classes ≥ CL_3).
    #[inline]
    pub fn squares_of(&self, c: Color, class: u8) -> &Bitset {
        &self.by_class[c.index()][class as usize]
    }

    pub fn has_class(&self, c: Color, class: u8) -> bool {
        self.by_class[c.index()][class as usize].any()
    }

    #[inline]
    pub fn near(&self, idx: usize) -> bool {
        self.near[idx] > 0
    }

    pub fn has_empty(&self) -> bool {
        self.board.empty_count() > 0
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
        self.eval_sums[c.index()][usize::from(!to_move)]
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
        let info = self.info[idx][0];
        if info.forbidden {
            return false;
        }
        if info.maybe_forbidden {
            return !forbidden::is_forbidden(&self.board, self.point(idx));
        }
        true
    }

    fn add_near(&mut self, i: usize, x: usize, y: usize) {
        self.bbox[0] = self.bbox[0].min(x as i32);
        self.bbox[1] = self.bbox[1].min(y as i32);
        self.bbox[2] = self.bbox[2].max(x as i32);
        self.bbox[3] = self.bbox[3].max(y as i32);
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let j = (i as isize + dy * self.stride as isize + dx) as usize;
                self.near[j] += 1;
            }
        }
    }

    /// Recomputes the line codes of square `i` along `d`; returns which colours' codes changed
    /// (bit 0 black, bit 1 white).
    #[inline]
    fn refresh_pattern(&mut self, i: usize, d: usize) -> u8 {
        let key = self.keys[i][d] as usize;
        let shift = 4 * d;
        let mask = !(0xF << shift);
        let old = self.pat[i];
        let white = self.tables[1].code(pattern::swap_colors(key as u32));
        let new = [
            (old[0] & mask) | u16::from(self.tables[0].code(key as u32)) << shift,
            (old[1] & mask) | u16::from(white) << shift,
        ];
        self.pat[i] = new;
        u8::from(old[0] != new[0]) | u8::from(old[1] != new[1]) << 1
    }

    /// Recomputes classes and values of square `i` (empty) from its line codes.
    #[inline]
    fn refresh_info(&mut self, i: usize) {
        let black = self.combos[0][self.pat[i][0] as usize];
        let white = self.combos[1][self.pat[i][1] as usize];
        self.set_info(i, 0, black);
        self.set_info(i, 1, white);
    }

    #[inline]
    fn set_info(&mut self, i: usize, c: usize, new: SquareInfo) {
        let old = self.info[i][c];
        if old.class != new.class {
            if old.class >= CL_3 {
                self.by_class[c][old.class as usize].clear(i);
            }
            if new.class >= CL_3 {
                self.by_class[c][new.class as usize].set(i);
            }
        }
        self.eval_sums[c][0] += i32::from(new.eval[0]) - i32::from(old.eval[0]);
        self.eval_sums[c][1] += i32::from(new.eval[1]) - i32::from(old.eval[1]);
        self.info[i][c] = new;
    }

    /// Places a stone of the side to move on the empty square `idx`.
    pub fn make(&mut self, idx: usize) {
        let color = self.side;
        let code = code(color);
        self.stack.push(Undo { idx, bbox: self.bbox, changes: self.changes.len() });
        self.changes.push(Change {
            idx: idx as u32,
            changed: 3,
            pat: self.pat[idx],
            info: self.info[idx],
        });
        self.cells[idx] = code as u8;
        let p = self.point(idx);
        // The square is empty, so placing cannot fail; the result is ignored on purpose.
        let _ = self.board.put(p, color);
        self.board.set_side_to_move(color.opponent());
        self.hash ^= ZOBRIST[color.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE;
        self.set_info(idx, 0, NO_INFO);
        self.set_info(idx, 1, NO_INFO);
        // Squares whose tables ignore the fifth square on each side keep their codes there.
        let reach = if self.tables.iter().all(|t| t.reach() == 4) { 4 } else { 5 };
        for d in 0..4 {
            let step = self.dirs[d];
            for k in 1..=5i32 {
                let fwd = (idx as isize + step * k as isize) as usize;
                self.keys[fwd][d] |= code << (2 * slot(-k));
                if k <= reach && self.cells[fwd] == EMPTY as u8 {
                    self.update_square(fwd, d);
                }
                let back = (idx as isize - step * k as isize) as usize;
                self.keys[back][d] |= code << (2 * slot(k));
                if k <= reach && self.cells[back] == EMPTY as u8 {
                    self.update_square(back, d);
                }
            }
        }
        self.add_near(idx, p.x as usize, p.y as usize);
        self.side = color.opponent();
    }

    /// Refreshes an empty square whose key along `d` changed, remembering its old state. Only
    /// the colours whose line code changed get their square information recomputed.
    #[inline]
    fn update_square(&mut self, i: usize, d: usize) {
        let pat = self.pat[i];
        let info = self.info[i];
        let changed = self.refresh_pattern(i, d);
        if changed != 0 {
            self.changes.push(Change { idx: i as u32, changed, pat, info });
            if changed & 1 != 0 {
                let black = self.combos[0][self.pat[i][0] as usize];
                self.set_info(i, 0, black);
            }
            if changed & 2 != 0 {
                let white = self.combos[1][self.pat[i][1] as usize];
                self.set_info(i, 1, white);
            }
        }
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(undo) = self.stack.pop() else {
            return;
        };
        let idx = undo.idx;
        let color = self.side.opponent();
        let p = self.point(idx);
        let _ = self.board.undo();
        self.hash ^= ZOBRIST[color.index()][p.y as usize * 32 + p.x as usize] ^ WHITE_TO_MOVE;
        self.cells[idx] = EMPTY as u8;
        for d in 0..4 {
            let step = self.dirs[d];
            for k in 1..=5i32 {
                let fwd = (idx as isize + step * k as isize) as usize;
                self.keys[fwd][d] &= !(3 << (2 * slot(-k)));
                let back = (idx as isize - step * k as isize) as usize;
                self.keys[back][d] &= !(3 << (2 * slot(k)));
            }
        }
        while self.changes.len() > undo.changes {
            let Some(c) = self.changes.pop() else { break };
            let i = c.idx as usize;
            self.pat[i] = c.pat;
            if c.changed & 1 != 0 {
                self.set_info(i, 0, c.info[0]);
            }
            if c.changed & 2 != 0 {
                self.set_info(i, 1, c.info[1]);
            }
        }
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let j = (idx as isize + dy * self.stride as isize + dx) as usize;
                self.near[j] -= 1;
            }
        }
        self.bbox = undo.bbox;
        self.side = color;
    }

    /// Squares where `c` makes a five.
    pub fn fives(&self, c: Color) -> &Bitset {
        self.squares_of(c, CL_FIVE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{CL_4, CL_FLEX4};

    fn fresh_equals(pos: &Position) {
        let fresh = Position::new(&pos.board, pos.rule);
        assert_eq!(fresh.hash, pos.hash);
        assert_eq!(fresh.eval_sums, pos.eval_sums);
        // Padding squares may hold stale keys; only real squares matter.
        for y in 0..pos.height {
            for x in 0..pos.width {
                let i = pos.index(x, y);
                assert_eq!(fresh.keys[i], pos.keys[i], "keys at {x},{y}");
                if pos.is_empty(i) {
                    assert_eq!(fresh.pat[i], pos.pat[i], "patterns at {x},{y}");
                }
                assert_eq!(fresh.info[i], pos.info[i], "info at {x},{y}");
                assert_eq!(fresh.near[i], pos.near[i], "near at {x},{y}");
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
            pos.make(i);
            fresh_equals(&pos);
        }
        for _ in 0..moves.len() {
            pos.unmake();
            fresh_equals(&pos);
        }
        assert_eq!(pos.hash, Position::new(&board, rule).hash);
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
        assert!(!pos.fives(Color::Black).any());
    }
}
