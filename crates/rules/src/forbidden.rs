//! Renju forbidden points for black (RIF article 9, as docs/rules.md §1.1 and §4 read it).
//!
//! A black move is forbidden when it makes an overline, two or more fours, or two or more threes,
//! unless it makes an exact five at the same time (the five wins). A *three* counts only if one
//! of its straight-four completion points is itself a legal move that does not make a five; that
//! test is recursive, so the check runs on a board with a small stack of hypothetical black
//! stones laid over the real one instead of mutating it.

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::geometry::{Direction, Point};

/// How many hypothetical stones deep the double-three recursion may go. Real positions need a few
/// levels at most; every level adds one stone, so the bound is never reached in practice.
const MAX_DEPTH: usize = 12;

/// The real board with hypothetical black stones on top.
struct Overlay<'a> {
    board: &'a Board,
    extra: [Point; MAX_DEPTH],
    len: usize,
}

impl Overlay<'_> {
    #[inline]
    fn cell(&self, p: Point, dir: Direction, steps: i32) -> Cell {
        let x = i32::from(p.x) + dir.dx() * steps;
        let y = i32::from(p.y) + dir.dy() * steps;
        let c = self.board.cell_at(x, y);
        if c == Cell::Empty
            && self.extra[..self.len].iter().any(|q| i32::from(q.x) == x && i32::from(q.y) == y)
        {
            return Cell::BLACK;
        }
        c
    }

    fn push(&mut self, p: Point) -> bool {
        if self.len == MAX_DEPTH {
            return false;
        }
        self.extra[self.len] = p;
        self.len += 1;
        true
    }

    fn pop(&mut self) {
        self.len -= 1;
    }
}

/// What a hypothetical black stone makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Five,
    Forbidden(ForbiddenKind),
    Legal,
}

/// Why a point is forbidden for black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ForbiddenKind {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

impl std::fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double four",
            ForbiddenKind::DoubleThree => "double three",
        })
    }
}

/// Whether black may not play at `p` under renju rules. Occupied and off-board squares are not
/// "forbidden" (they are simply not moves); a move that makes an exact five is never forbidden.
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    if board.get(p) != Cell::Empty {
        return false;
    }
    let mut overlay = Overlay { board, extra: [p; MAX_DEPTH], len: 0 };
    matches!(classify(&mut overlay, p), Verdict::Forbidden(_))
}

/// Why black may not play at `p` under renju (`None` when black may, or `p` is not empty).
pub fn forbidden_kind(board: &Board, p: Point) -> Option<ForbiddenKind> {
    if board.get(p) != Cell::Empty {
        return None;
    }
    let mut overlay = Overlay { board, extra: [p; MAX_DEPTH], len: 0 };
    match classify(&mut overlay, p) {
        Verdict::Forbidden(kind) => Some(kind),
        Verdict::Five | Verdict::Legal => None,
    }
}

/// Every empty square that is forbidden for black, in reading order (by y, then x).
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    candidates(board).into_iter().filter(|&p| is_forbidden(board, p)).collect()
}

/// The empty squares that could be forbidden, in reading order. A forbidden move needs two lines
/// with at least two black stones within four squares of it (two threes or two fours), or one line
/// with at least three (an overline, or a one-line double four whose far stones may stand six
/// squares away but then has three within four). Counting from the black stones outwards visits
/// a few hundred squares instead of testing every empty one.
fn candidates(board: &Board) -> Vec<Point> {
    let (w, h) = (usize::from(board.width()), usize::from(board.height()));
    let mut counts = vec![[0u8; 4]; w * h];
    for m in board.history().iter().filter(|m| m.color == Color::Black) {
        for (d, dir) in Direction::ALL.into_iter().enumerate() {
            for s in (-4..=4).filter(|&s| s != 0) {
                if board.along(m.point, dir, s) == Cell::Empty
                    && let Some(q) = m.point.step(dir, s)
                {
                    counts[usize::from(q.y) * w + usize::from(q.x)][d] += 1;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (i, c) in counts.iter().enumerate() {
        let lines_with_two = c.iter().filter(|&&n| n >= 2).count();
        if lines_with_two >= 2 || c.iter().any(|&n| n >= 3) {
            out.push(Point::new((i % w) as u8, (i / w) as u8));
        }
    }
    out
}

/// Places `p` (empty in the overlay) as black and judges it.
fn classify(overlay: &mut Overlay<'_>, p: Point) -> Verdict {
    if !overlay.push(p) {
        // Too deep to decide: treat the point as usable, the more permissive answer.
        return Verdict::Legal;
    }
    let verdict = classify_placed(overlay, p);
    overlay.pop();
    verdict
}

/// Offsets `-REACH..=REACH` around the judged stone are all any test looks at.
const REACH: i32 = 5;
const CENTER: usize = REACH as usize;
const LEN: usize = 2 * CENTER + 1;

/// The squares of one line around the judged stone, loaded once per direction.
type Line = [Cell; LEN];

fn load_line(overlay: &Overlay<'_>, p: Point, dir: Direction) -> Line {
    let mut line = [Cell::Outside; LEN];
    for (i, cell) in line.iter_mut().enumerate() {
        *cell = overlay.cell(p, dir, i as i32 - REACH);
    }
    line
}

fn black_at(line: &Line, i: i32) -> bool {
    usize::try_from(i).ok().and_then(|i| line.get(i)) == Some(&Cell::BLACK)
}

/// First and last index of the black run through the centre (the centre is black).
fn run(line: &Line) -> (i32, i32) {
    let c = CENTER as i32;
    let (mut lo, mut hi) = (c, c);
    while black_at(line, lo - 1) {
        lo -= 1;
    }
    while black_at(line, hi + 1) {
        hi += 1;
    }
    (lo, hi)
}

fn classify_placed(overlay: &mut Overlay<'_>, p: Point) -> Verdict {
    let lines = Direction::ALL.map(|d| load_line(overlay, p, d));
    let mut overline = false;
    for line in &lines {
        let (lo, hi) = run(line);
        match hi - lo + 1 {
            5 => return Verdict::Five,
            n if n > 5 => overline = true,
            _ => {}
        }
    }
    if overline {
        return Verdict::Forbidden(ForbiddenKind::Overline);
    }
    // A four needs three more black stones within four squares on its line, a three two more
    // within three squares: counting them first skips most lines cheaply.
    let near = lines.map(|line| {
        let (mut n3, mut n4) = (0, 0);
        for k in 1..=4 {
            let n = usize::from(line[CENTER - k] == Cell::BLACK)
                + usize::from(line[CENTER + k] == Cell::BLACK);
            n4 += n;
            if k <= 3 {
                n3 += n;
            }
        }
        (n4, n3)
    });
    let fours: u32 = lines
        .iter()
        .zip(near)
        .filter(|&(_, (n4, _))| n4 >= 3)
        .map(|(line, _)| fours_in_line(line))
        .sum();
    if fours >= 2 {
        return Verdict::Forbidden(ForbiddenKind::DoubleFour);
    }
    // Threes: first find, per line, the squares that would turn it into a straight four (cheap);
    // only when two lines have such squares is the recursive legality test of those squares run.
    let mut completions = [([0i32; 4], 0usize); 4];
    let mut with_completions = 0;
    for (d, line) in lines.iter().enumerate() {
        if near[d].1 >= 2 {
            completions[d] = straight_four_points(line);
            if completions[d].1 > 0 {
                with_completions += 1;
            }
        }
    }
    if with_completions < 2 {
        return Verdict::Legal;
    }
    let mut threes = 0;
    for (dir, (offsets, n)) in Direction::ALL.into_iter().zip(completions) {
        let real = offsets[..n]
            .iter()
            .any(|&s| p.step(dir, s).is_some_and(|q| classify(overlay, q) == Verdict::Legal));
        if real {
            threes += 1;
            if threes >= 2 {
                return Verdict::Forbidden(ForbiddenKind::DoubleThree);
            }
        }
    }
    Verdict::Legal
}

/// Number of distinct fours through the centre: sets of four black stones, the centre among
/// them, that one more stone turns into an exact five. A straight four counts once; the one-line
/// double fours (`X_XXX_X`, `XX_XX_XX`, `XXX_X_XXX`) count twice.
fn fours_in_line(line: &Line) -> u32 {
    // Each four is identified by the indices of its outermost stones.
    let mut found: [(usize, usize); 2] = [(0, 0); 2];
    let mut count = 0;
    for start in CENTER - 4..=CENTER {
        let window = &line[start..start + 5];
        let blacks = window.iter().filter(|&&c| c == Cell::BLACK).count();
        let empties = window.iter().filter(|&&c| c == Cell::Empty).count();
        if blacks != 4
            || empties != 1
            || line[start - 1] == Cell::BLACK
            || line[start + 5] == Cell::BLACK
        {
            continue;
        }
        let first = if line[start] == Cell::Empty { start + 1 } else { start };
        let last = if line[start + 4] == Cell::Empty { start + 3 } else { start + 4 };
        if !found[..count].contains(&(first, last)) {
            if count == 2 {
                break;
            }
            found[count] = (first, last);
            count += 1;
        }
    }
    count as u32
}

/// The offsets of the empty squares that would turn the line's stones into a straight four
/// containing the centre: an unbroken four holding the new stone, both ends empty, each end
/// completing an exact five. The centre belongs to a real three along this line when one of them
/// is a legal move that makes no five (the caller's recursive test).
fn straight_four_points(line: &Line) -> ([i32; 4], usize) {
    let mut found = ([0i32; 4], 0);
    for s in -3i32..=3 {
        let i = (CENTER as i32 + s) as usize;
        if s == 0 || line[i] != Cell::Empty {
            continue;
        }
        let mut with = *line;
        with[i] = Cell::BLACK;
        let (lo, hi) = run(&with);
        let straight = hi - lo + 1 == 4
            && (lo..=hi).contains(&(i as i32))
            && with[(lo - 1) as usize] == Cell::Empty
            && with[(hi + 1) as usize] == Cell::Empty
            && !black_at(&with, lo - 2)
            && !black_at(&with, hi + 2);
        if straight && found.1 < 4 {
            found.0[found.1] = s;
            found.1 += 1;
        }
    }
    found
}
