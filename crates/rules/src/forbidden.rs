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

    #[inline]
    fn is_black(&self, p: Point, dir: Direction, steps: i32) -> bool {
        self.cell(p, dir, steps) == Cell::BLACK
    }

    /// Length of the black run through `p` along `dir` (p is black in the overlay), and the
    /// offsets of its first and last stone relative to `p`.
    fn run(&self, p: Point, dir: Direction) -> (i32, i32) {
        let mut lo = 0;
        while self.is_black(p, dir, lo - 1) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.is_black(p, dir, hi + 1) {
            hi += 1;
        }
        (lo, hi)
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
    Forbidden,
    Legal,
}

/// Whether black may not play at `p` under renju rules. Occupied and off-board squares are not
/// "forbidden" (they are simply not moves); a move that makes an exact five is never forbidden.
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    if board.get(p) != Cell::Empty {
        return false;
    }
    let mut overlay = Overlay { board, extra: [p; MAX_DEPTH], len: 0 };
    classify(&mut overlay, p) == Verdict::Forbidden
}

/// Every empty square that is forbidden for black, in reading order (by y, then x).
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| could_be_forbidden(board, p) && is_forbidden(board, p))
        .collect()
}

/// A cheap filter: a forbidden move needs two lines with at least two black stones within four
/// squares (two threes or two fours), or one line with at least three (a one-line double four,
/// whose far stones may be six squares away, or an overline).
fn could_be_forbidden(board: &Board, p: Point) -> bool {
    let mut lines_with_two = 0;
    for dir in Direction::ALL {
        let n = (-4..=4).filter(|&s| s != 0 && board.along(p, dir, s) == Cell::BLACK).count();
        if n >= 3 {
            return true;
        }
        if n >= 2 {
            lines_with_two += 1;
        }
    }
    lines_with_two >= 2
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

fn classify_placed(overlay: &mut Overlay<'_>, p: Point) -> Verdict {
    let mut overline = false;
    for dir in Direction::ALL {
        let (lo, hi) = overlay.run(p, dir);
        match hi - lo + 1 {
            5 => return Verdict::Five,
            n if n > 5 => overline = true,
            _ => {}
        }
    }
    if overline {
        return Verdict::Forbidden;
    }
    // A four needs three more black stones within four squares on its line, a three two more
    // within three squares: counting them first skips most lines cheaply.
    let near = Direction::ALL.map(|d| {
        let within = |r: i32| (-r..=r).filter(|&s| s != 0 && overlay.is_black(p, d, s)).count();
        (within(4), within(3))
    });
    let fours: u32 = Direction::ALL
        .iter()
        .zip(near)
        .filter(|&(_, (n4, _))| n4 >= 3)
        .map(|(&d, _)| fours_in_line(overlay, p, d))
        .sum();
    if fours >= 2 {
        return Verdict::Forbidden;
    }
    if near.iter().filter(|&&(_, n3)| n3 >= 2).count() < 2 {
        return Verdict::Legal;
    }
    let mut threes = 0;
    for (dir, (_, n3)) in Direction::ALL.into_iter().zip(near) {
        if n3 >= 2 && is_real_three(overlay, p, dir) {
            threes += 1;
            if threes >= 2 {
                return Verdict::Forbidden;
            }
        }
    }
    Verdict::Legal
}

/// Number of distinct fours through `p` along `dir`: sets of four black stones, `p` among them,
/// that one more stone turns into an exact five. A straight four counts once; the one-line
/// double fours (`X_XXX_X`, `XX_XX_XX`, `XXX_X_XXX`) count twice.
fn fours_in_line(overlay: &Overlay<'_>, p: Point, dir: Direction) -> u32 {
    // Each four is identified by the offsets of its outermost stones.
    let mut found: [(i32, i32); 2] = [(0, 0); 2];
    let mut count = 0;
    for start in -4..=0 {
        let mut blacks = 0;
        let mut empty_at = None;
        let mut valid = true;
        for s in start..start + 5 {
            match overlay.cell(p, dir, s) {
                Cell::Stone(Color::Black) => blacks += 1,
                Cell::Empty if empty_at.is_none() => empty_at = Some(s),
                _ => {
                    valid = false;
                    break;
                }
            }
        }
        let Some(gap) = empty_at else { continue };
        if !valid
            || blacks != 4
            || overlay.is_black(p, dir, start - 1)
            || overlay.is_black(p, dir, start + 5)
        {
            continue;
        }
        let first = if gap == start { start + 1 } else { start };
        let last = if gap == start + 4 { start + 3 } else { start + 4 };
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

/// Whether `p` is part of a real three along `dir`: some empty square `q` on the line turns it
/// into a straight four containing `p`, and `q` itself is a legal move that makes no five.
fn is_real_three(overlay: &mut Overlay<'_>, p: Point, dir: Direction) -> bool {
    for s in -3..=3 {
        if s == 0 || overlay.cell(p, dir, s) != Cell::Empty {
            continue;
        }
        let Some(q) = p.step(dir, s) else { continue };
        if !overlay.push(q) {
            continue;
        }
        let straight = makes_straight_four(overlay, p, dir, s);
        overlay.pop();
        if straight && classify(overlay, q) == Verdict::Legal {
            return true;
        }
    }
    false
}

/// With the overlay's stones placed: is the black run through `p` along `dir` an unbroken four
/// that holds the stone `added` squares away, whose both ends are empty and each completes an
/// exact five? (A four that was already there before the added stone is not made by it.)
fn makes_straight_four(overlay: &Overlay<'_>, p: Point, dir: Direction, added: i32) -> bool {
    let (lo, hi) = overlay.run(p, dir);
    hi - lo + 1 == 4
        && (lo..=hi).contains(&added)
        && overlay.cell(p, dir, lo - 1) == Cell::Empty
        && overlay.cell(p, dir, hi + 1) == Cell::Empty
        && !overlay.is_black(p, dir, lo - 2)
        && !overlay.is_black(p, dir, hi + 2)
}
