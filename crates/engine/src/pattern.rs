//! Line patterns: what a stone placed on an empty square makes along one line.
//!
//! The window is the 5 squares on each side of the square (enough to tell an exact five from an
//! overline and to see caro blocks). Each neighbour is coded in 2 bits — empty, black, white,
//! edge/wall — giving a 20-bit key. For every key and rule variant a table holds the pattern
//! the placing colour gets: five, open four, four, open three, three, two, one. The tables are
//! built once per process by dynamic programming over the keys (a three is a line where one more
//! stone makes an open four, and so on), so no pattern list is written by hand.

use std::sync::OnceLock;

use renzoku_rules::{Color, Rule};

pub const DEAD: u8 = 0;
pub const B1: u8 = 1;
pub const F1: u8 = 2;
pub const B2: u8 = 3;
pub const F2: u8 = 4;
/// A three that can only become a blocked four.
pub const B3: u8 = 5;
/// An open three: one more stone makes an open four.
pub const F3: u8 = 6;
/// A four: exactly one square completes a five.
pub const B4: u8 = 7;
/// An open four (or two fours in one line): two squares complete a five.
pub const F4: u8 = 8;
pub const F5: u8 = 9;
/// The stone makes an overline and no five (exact-five variants only); no potential.
pub const OL: u8 = 10;
/// Two fours in one line (`X_XXX_X`): as good as an open four, but a double four in renju.
pub const F4X: u8 = 11;
/// Number of distinct codes (each fits in 4 bits).
pub const CODES: usize = 12;

/// The strength of a code as a line level (overline = dead, two fours = open four).
#[inline]
pub const fn level(code: u8) -> u8 {
    match code {
        OL => DEAD,
        F4X => F4,
        c => c,
    }
}

/// Mask of the level bits of a construction entry.
const LEVEL: u8 = 0x0F;
/// Construction flag: the stone makes an overline and no five.
const OVERLINE: u8 = 0x10;
/// Construction flag: the two completion squares belong to two different fours in the line.
const INLINE44: u8 = 0x20;

/// Neighbour codes in a key.
pub const EMPTY: u32 = 0;
pub const BLACK: u32 = 1;
pub const WHITE: u32 = 2;
pub const EDGE: u32 = 3;

pub const KEY_BITS: u32 = 20;
const KEYS: usize = 1 << KEY_BITS;

/// Slot (0..10) of the neighbour at `offset` (-5..=5, not 0) in a key.
pub const fn slot(offset: i32) -> u32 {
    if offset < 0 { (offset + 5) as u32 } else { (offset + 4) as u32 }
}

/// When a placed stone wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variant {
    /// Five or more.
    Free,
    /// Exactly five.
    Exact,
    /// Five or more, but an exact five blocked by opponent stones at both ends does not win.
    CaroFree,
    /// Exactly five, not blocked by opponent stones at both ends.
    CaroExact,
}

impl Variant {
    fn index(self) -> usize {
        self as usize
    }

    fn for_rule(rule: Rule, color: Color) -> Variant {
        match rule {
            Rule::Freestyle => Variant::Free,
            Rule::Standard => Variant::Exact,
            Rule::Renju => match color {
                Color::Black => Variant::Exact,
                Color::White => Variant::Free,
            },
            Rule::CaroFreestyle => Variant::CaroFree,
            Rule::CaroStandard => Variant::CaroExact,
        }
    }
}

/// A window as bit masks over its 11 cells (bit 5 is the centre, bit 0 the cell at offset -5),
/// from the placing colour's point of view. The centre is an own stone.
#[derive(Clone, Copy)]
struct Window {
    own: u32,
    opp: u32,
    empty: u32,
}

/// The five cells of half a key (10 bits, 2 per cell) as masks: own stones in bits 0..5,
/// opponent stones in bits 5..10, empty cells in bits 10..15. (The low half of a key holds the
/// cells before the centre, the high half those after it.)
const HALVES: [u16; 1024] = {
    let mut halves = [0; 1024];
    let mut half = 0;
    while half < 1024 {
        let mut cell = 0;
        while cell < 5 {
            // Codes: empty 00, own (black) 01, opponent (white) 10, edge 11.
            let bit = match (half >> (2 * cell)) & 3 {
                EMPTY => 10,
                BLACK => 0,
                WHITE => 5,
                _ => 15,
            };
            if bit < 15 {
                halves[half as usize] |= 1 << (bit + cell);
            }
            cell += 1;
        }
        half += 1;
    }
    halves
};

const CENTRE: u32 = 1 << 5;
const ALL_CELLS: u32 = 0x7FF;

impl Window {
    fn of(key: u32) -> Window {
        let before = u32::from(HALVES[(key & 0x3FF) as usize]);
        let after = u32::from(HALVES[((key >> 10) & 0x3FF) as usize]);
        // The cells before the centre are bits 0..5, those after it bits 6..11.
        let cells = |shift: u32| ((before >> shift) & 0x1F) | ((after >> shift) & 0x1F) << 6;
        Window { own: cells(0) | CENTRE, opp: cells(5), empty: cells(10) }
    }

    /// The run of own stones through the centre: first and last cell.
    fn run(self) -> (u32, u32) {
        let above = (!(self.own >> 5)).trailing_zeros();
        let below = (!(self.own << (31 - 5))).leading_zeros();
        (6 - below, 4 + above)
    }

    fn wins(self, v: Variant) -> bool {
        let (a, b) = self.run();
        let len = b - a + 1;
        // An exact five always has both end cells inside the window.
        let blocked =
            || len == 5 && self.opp & (1 << (a - 1)) != 0 && self.opp & (1 << (b + 1)) != 0;
        match v {
            Variant::Free => len >= 5,
            Variant::Exact => len == 5,
            Variant::CaroFree => len >= 6 || (len == 5 && !blocked()),
            Variant::CaroExact => len == 5 && !blocked(),
        }
    }

    /// Whether an own stone on the empty cell `i` makes a five.
    fn completes(self, i: u32, v: Variant) -> bool {
        self.empty & (1 << i) != 0
            && Window { own: self.own | 1 << i, empty: self.empty & !(1 << i), ..self }.wins(v)
    }
}

/// Builds the code table of a variant: levels with flags first, then one 4-bit code each.
///
/// An entry depends on the entries of its children (the same window with one more own stone).
/// A child's key has a 00 (empty) slot set to 01, so it is greater than its parent's: building
/// from the greatest key down finds every child already done.
fn build(v: Variant) -> Vec<u8> {
    let mut table = vec![0u8; KEYS];
    for key in (0..KEYS as u32).rev() {
        table[key as usize] = entry(key, v, ALL_CELLS, |child| table[child as usize]);
    }
    finish(&mut table);
    table
}

/// The compact table of "five or more" (16-bit keys without the outermost slots, which never
/// change its codes), built directly: each key is taken with empty outermost squares, and a
/// stone there is no child (its window has the same code as its parent, which the maximum over
/// the children never depends on). `tests::five_or_more_ignores_the_outermost_squares` checks
/// it against the full table.
fn build_compact_free() -> Vec<u8> {
    let mut table = vec![0u8; KEYS];
    let inner_cells = ALL_CELLS & !(1 | 1 << 10);
    for inner in (0..1u32 << INNER_BITS).rev() {
        let e = entry(inner << 2, Variant::Free, inner_cells, |child| table[(child >> 2) as usize]);
        table[inner as usize] = e;
    }
    finish(&mut table[..1 << INNER_BITS]);
    table
}

/// Levels with flags to one 4-bit code each.
fn finish(table: &mut [u8]) {
    for e in table {
        *e = if *e & OVERLINE != 0 {
            OL
        } else if *e & INLINE44 != 0 {
            F4X
        } else {
            *e & LEVEL
        };
    }
}

/// The line level one own stone below a child's: what a stone that makes `child` one move later
/// makes now.
const PROMOTED: [u8; 16] = {
    let mut p = [DEAD; 16];
    p[F4 as usize] = F3;
    p[B4 as usize] = B3;
    p[F3 as usize] = F2;
    p[B3 as usize] = B2;
    p[F2 as usize] = F1;
    p[B2 as usize] = B1;
    p
};

/// The entry of `key` (level and flags), from its children's entries (`child` of a key, for
/// stones on the empty cells of `cells`).
fn entry(key: u32, v: Variant, cells: u32, child: impl Fn(u32) -> u8) -> u8 {
    let w = Window::of(key);
    if w.wins(v) {
        return F5;
    }
    let (a, b) = w.run();
    let flags = if b - a + 1 >= 6 && matches!(v, Variant::Exact | Variant::CaroExact) {
        OVERLINE
    } else {
        0
    };
    // A stone only changes the run through the centre if it touches it, so the squares
    // completing a five can only be the two ends of the run (a stone elsewhere leaves the run as
    // it is, and the run does not win).
    let before = a > 0 && w.completes(a - 1, v);
    let after = b < 10 && w.completes(b + 1, v);
    if before && after {
        let straight = b - a + 1 == 4;
        return F4 | flags | if straight { 0 } else { INLINE44 };
    }
    if before || after {
        return B4 | flags;
    }
    let mut best_child = DEAD;
    let mut empty = w.empty & cells;
    while empty != 0 {
        let i = empty.trailing_zeros();
        empty &= empty - 1;
        let s = slot(i as i32 - 5);
        let level = child(key | BLACK << (2 * s)) & LEVEL;
        best_child = best_child.max(PROMOTED[level as usize]);
    }
    best_child | flags
}

/// Exchanges black and white codes in a key: a 2-bit code whose bits differ (01 or 10) has both
/// bits flipped; empty (00) and edge (11) stay.
#[inline]
pub const fn swap_colors(key: u32) -> u32 {
    let differ = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (differ * 3)
}

/// A code table: the pattern code of each key, from the placing colour's point of view.
///
/// "Five or more" needs only the 4 squares on each side (a five through the centre lies within
/// them, and so does everything that can still become one), so its table drops the outermost
/// slot on each side: 16-bit keys, a 64 KiB table that stays in the fast caches. The exact-five
/// and caro variants look at the fifth square (overlines, blocked ends) and keep 20-bit keys.
#[derive(Clone, Copy, Debug)]
pub struct CodeTable {
    /// The codes; the compact table fills only the first 64 Ki entries (a fixed size lets the
    /// look-up go without a bounds check).
    codes: &'static [u8; KEYS],
    shift: u32,
    mask: u32,
}

impl CodeTable {
    /// How many squares on each side of the centre the codes depend on (4 or 5).
    #[inline]
    pub fn reach(&self) -> i32 {
        if self.shift == 2 { 4 } else { 5 }
    }

    /// The entry of the (full, 20-bit) key: in an own table the code as seen by black (use
    /// [`swap_colors`] for white), in a pair table ([`pair_table`]) both colours' codes.
    #[inline]
    pub fn code(&self, key: u32) -> u8 {
        self.codes[((key >> self.shift) & self.mask) as usize % KEYS]
    }

    /// [`CodeTable::code`] for a table known to be compact (`COMPACT`, reach 4) or full: with
    /// the shift and mask constants the look-up is two instructions shorter (it runs for
    /// every square a move touches).
    #[inline]
    pub fn code_as<const COMPACT: bool>(&self, key: u32) -> u8 {
        debug_assert_eq!(self.shift == 2, COMPACT);
        if COMPACT {
            self.codes[(key >> 2) as usize % (1 << INNER_BITS)]
        } else {
            self.codes[key as usize % KEYS]
        }
    }
}

/// Bits of a key without its outermost slots (offsets -5 and 5).
const INNER_BITS: u32 = KEY_BITS - 4;

fn leak(codes: Vec<u8>) -> &'static [u8; KEYS] {
    Box::leak(codes.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()))
}

static OWN_BLACK: [OnceLock<CodeTable>; 4] = [const { OnceLock::new() }; 4];

/// The pattern table of `color`'s rule variant under `rule`, from the placing colour's point of
/// view: look the key up as is for black and with [`swap_colors`] of the key for white.
/// Colours with the same variant share one table (half the cache footprint).
pub fn own_table(rule: Rule, color: Color) -> CodeTable {
    let v = Variant::for_rule(rule, color);
    *OWN_BLACK[v.index()].get_or_init(|| {
        if v == Variant::Free {
            // In a full-size array: the rest is never read, and its pages are never touched.
            let codes = leak(build_compact_free());
            CodeTable { codes, shift: 2, mask: (1 << INNER_BITS) - 1 }
        } else {
            CodeTable { codes: leak(build(v)), shift: 0, mask: (1 << KEY_BITS) - 1 }
        }
    })
}

/// Both colours' codes of every key under one rule, in one look-up: a [`CodeTable`] whose
/// entries hold black's code in the low nibble and white's in the high one (the search updates
/// both colours of every square it touches). Compact (16-bit keys) when both colours play "five
/// or more".
static PAIRS: [OnceLock<CodeTable>; Rule::ALL.len()] = [const { OnceLock::new() }; _];

/// The pair table of `rule` (built once per process, from the two colours' tables).
pub fn pair_table(rule: Rule) -> CodeTable {
    let index = Rule::ALL.iter().position(|r| *r == rule).unwrap_or(0);
    *PAIRS[index].get_or_init(|| {
        let black = own_table(rule, Color::Black);
        let white = own_table(rule, Color::White);
        let (shift, mask) = if black.reach() == 4 && white.reach() == 4 {
            (2, (1 << INNER_BITS) - 1)
        } else {
            (0, (1 << KEY_BITS) - 1)
        };
        let mut codes = vec![0; KEYS];
        for inner in 0..=mask {
            let key = inner << shift;
            codes[inner as usize] = black.code(key) | white.code(swap_colors(key)) << 4;
        }
        CodeTable { codes: leak(codes), shift, mask }
    })
}

/// The pattern code of a stone of `color` placed at the centre of `key` (absolute colours).
#[cfg(test)]
pub fn lookup(rule: Rule, color: Color, key: u32) -> u8 {
    let table = own_table(rule, color);
    match color {
        Color::Black => table.code(key),
        Color::White => table.code(swap_colors(key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key from a picture of the window around the centre: `x` own (black), `o` opponent,
    /// `#` edge, `.` empty, and `*` the centre square itself.
    fn key(picture: &str) -> u32 {
        let cells: Vec<char> = picture.chars().collect();
        assert_eq!(cells.len(), 11);
        assert_eq!(cells[5], '*');
        let mut k = 0;
        for (i, c) in cells.iter().enumerate() {
            if i == 5 {
                continue;
            }
            let code = match c {
                'x' => BLACK,
                'o' => WHITE,
                '#' => EDGE,
                _ => EMPTY,
            };
            k |= code << (2 * slot(i as i32 - 5));
        }
        k
    }

    fn lv(rule: Rule, picture: &str) -> u8 {
        lookup(rule, Color::Black, key(picture))
    }

    /// The compact "five or more" table is exact: the outermost squares never change a code.
    #[test]
    fn five_or_more_ignores_the_outermost_squares() {
        let full = build(Variant::Free);
        let outer = 3 | 3 << (2 * slot(5));
        for key in 0..KEYS as u32 {
            assert_eq!(full[key as usize], full[(key & !outer) as usize], "key {key:#x}");
        }
        // The compact table, built on its own, agrees on every key.
        let table = own_table(Rule::Freestyle, Color::Black);
        for key in 0..KEYS as u32 {
            assert_eq!(table.code(key), full[key as usize], "key {key:#x}");
        }
    }

    /// Cells of a decoded window, from the placing colour's point of view.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum C {
        Empty,
        Own,
        Opp,
        Edge,
    }

    fn decode(key: u32) -> [C; 11] {
        let mut line = [C::Own; 11];
        for offset in -5i32..=5 {
            if offset == 0 {
                continue;
            }
            line[(offset + 5) as usize] = match (key >> (2 * slot(offset))) & 3 {
                EMPTY => C::Empty,
                BLACK => C::Own,
                WHITE => C::Opp,
                _ => C::Edge,
            };
        }
        line
    }

    /// The run of own stones through the centre: first and last index.
    fn run(line: &[C; 11]) -> (usize, usize) {
        let mut a = 5;
        while a > 0 && line[a - 1] == C::Own {
            a -= 1;
        }
        let mut b = 5;
        while b < 10 && line[b + 1] == C::Own {
            b += 1;
        }
        (a, b)
    }

    fn wins(line: &[C; 11], v: Variant) -> bool {
        let (a, b) = run(line);
        let len = b - a + 1;
        // An exact five always has both end squares inside the window.
        let blocked = || len == 5 && line[a - 1] == C::Opp && line[b + 1] == C::Opp;
        match v {
            Variant::Free => len >= 5,
            Variant::Exact => len == 5,
            Variant::CaroFree => len >= 6 || (len == 5 && !blocked()),
            Variant::CaroExact => len == 5 && !blocked(),
        }
    }

    /// The table as first written: every empty square of the window is tried as a completion.
    fn build_reference(v: Variant) -> Vec<u8> {
        fn entry_reference(table: &mut [u8], key: u32, v: Variant) -> u8 {
            let cached = table[key as usize];
            if cached != 0xFF {
                return cached;
            }
            let line = decode(key);
            let result = if wins(&line, v) {
                F5
            } else {
                let (a, b) = run(&line);
                let flags = if b - a + 1 >= 6 && matches!(v, Variant::Exact | Variant::CaroExact) {
                    OVERLINE
                } else {
                    0
                };
                let mut completions = Vec::new();
                let mut best_child = DEAD;
                for i in 0..11 {
                    if line[i] != C::Empty {
                        continue;
                    }
                    let mut with = line;
                    with[i] = C::Own;
                    if wins(&with, v) {
                        completions.push(i);
                    } else {
                        let s = slot(i as i32 - 5);
                        let child = entry_reference(table, key | (BLACK << (2 * s)), v) & LEVEL;
                        let promoted = match child {
                            F4 => F3,
                            B4 => B3,
                            F3 => F2,
                            B3 => B2,
                            F2 => F1,
                            B2 => B1,
                            _ => DEAD,
                        };
                        best_child = best_child.max(promoted);
                    }
                }
                if completions.len() >= 2 {
                    let straight = b - a + 1 == 4
                        && completions.contains(&(a.wrapping_sub(1)))
                        && completions.contains(&(b + 1));
                    F4 | flags | if straight { 0 } else { INLINE44 }
                } else if completions.len() == 1 {
                    B4 | flags
                } else {
                    best_child | flags
                }
            };
            table[key as usize] = result;
            result
        }
        let mut table = vec![0xFFu8; KEYS];
        for key in 0..KEYS as u32 {
            entry_reference(&mut table, key, v);
        }
        table
    }

    /// The fast build (completions only at the ends of the run) gives the same table as trying
    /// every square.
    #[test]
    fn build_matches_the_exhaustive_reference() {
        for v in [Variant::Free, Variant::Exact, Variant::CaroFree, Variant::CaroExact] {
            let reference = build_reference(v);
            let fast = build(v);
            for key in 0..KEYS {
                let r = reference[key];
                let expected = if r & OVERLINE != 0 {
                    OL
                } else if r & INLINE44 != 0 {
                    F4X
                } else {
                    r & LEVEL
                };
                assert_eq!(fast[key], expected, "{v:?} key {key:#x}");
            }
        }
    }

    /// The pair table gives each colour's own-table code.
    #[test]
    fn pair_tables_hold_both_colours_codes() {
        for rule in Rule::ALL {
            let pair = pair_table(rule);
            let reach =
                own_table(rule, Color::Black).reach().max(own_table(rule, Color::White).reach());
            assert_eq!(pair.reach(), reach, "{rule:?}");
            for key in (0..KEYS as u32).step_by(13) {
                let both = pair.code(key);
                assert_eq!(both & 0xF, lookup(rule, Color::Black, key), "{rule:?} key {key:#x}");
                assert_eq!(both >> 4, lookup(rule, Color::White, key), "{rule:?} key {key:#x}");
            }
        }
    }

    #[test]
    fn swap_exchanges_colours_only() {
        let k = key("ox#.x*o.#xo");
        let swapped = swap_colors(k);
        assert_eq!(swapped, key("xo#.o*x.#ox"));
        assert_eq!(swap_colors(swapped), k);
    }

    #[test]
    fn basic_shapes_freestyle() {
        let r = Rule::Freestyle;
        assert_eq!(lv(r, "...xx*xx..."), F5);
        assert_eq!(lv(r, "..xxx*xx..."), F5); // overline wins in freestyle
        assert_eq!(lv(r, "....x*xx..."), F4);
        assert_eq!(lv(r, "...ox*xx..."), B4);
        assert_eq!(lv(r, "....x*.xx.."), B4);
        assert_eq!(lv(r, ".....*xx..."), F3);
        assert_eq!(lv(r, "....o*xx..."), B3);
        assert_eq!(lv(r, ".....*x...."), F2);
        assert_eq!(lv(r, "..x.x*x.x.."), F4X);
        assert_eq!(lv(r, "oxxxx*o...."), F5);
    }

    #[test]
    fn exact_five_and_overline() {
        let r = Rule::Standard;
        assert_eq!(lv(r, "...xx*xx..."), F5);
        assert_eq!(lv(r, "..xxx*xx..."), OL);
        assert_eq!(lv(r, "..x.x*xx..."), B4);
        // Black under renju: exact five; white: five or more.
        assert_eq!(lv(Rule::Renju, "..xxx*xx..."), OL);
        assert_eq!(lookup(Rule::Renju, Color::White, swap_colors(key("..xxx*xx..."))), F5);
    }

    #[test]
    fn caro_blocked_five() {
        assert_eq!(lv(Rule::CaroFreestyle, "..oxx*xxo.."), DEAD);
        assert_eq!(lv(Rule::CaroFreestyle, "..#xx*xxo.."), F5);
        assert_eq!(lv(Rule::CaroFreestyle, ".oxxx*xxo.."), F5);
        assert_eq!(lv(Rule::CaroStandard, ".oxxx*xxo.."), OL);
        assert_eq!(lv(Rule::CaroStandard, "..oxx*xx..."), F5);
        // Blocked at one end by the opponent: only the open end can make a winning five.
        assert_eq!(lv(Rule::CaroFreestyle, "...ox*xx..."), B4);
    }
}
