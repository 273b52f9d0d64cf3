//! Squares and line directions.

use std::cmp::Ordering;
use std::fmt;

/// Smallest supported board side.
pub const MIN_SIZE: u8 = 5;
/// Largest supported board side.
pub const MAX_SIZE: u8 = 32;

/// A square of the board in Gomocup coordinates: `x` is the column counted from the left, `y`
/// the row counted from the top, both from 0.
///
/// Points order in reading order (by `y`, then `x`), which is the order in which forbidden points
/// and other point lists are printed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }

    /// The point `steps` steps away in `dir`, if the coordinates stay non-negative and below 256.
    pub fn step(self, dir: Direction, steps: i32) -> Option<Point> {
        let x = i32::from(self.x) + dir.dx() * steps;
        let y = i32::from(self.y) + dir.dy() * steps;
        if (0..256).contains(&x) && (0..256).contains(&y) {
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// Chebyshev distance (the size of the smallest square holding both points, minus one).
    pub fn chebyshev(self, other: Point) -> u8 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }
}

impl Ord for Point {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Gomocup notation `x,y`.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One of the four line directions through a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Top to bottom.
    Vertical,
    /// Top-left to bottom-right.
    Diagonal,
    /// Bottom-left to top-right.
    AntiDiagonal,
}

impl Direction {
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];

    pub const fn dx(self) -> i32 {
        match self {
            Direction::Vertical => 0,
            Direction::Horizontal | Direction::Diagonal | Direction::AntiDiagonal => 1,
        }
    }

    pub const fn dy(self) -> i32 {
        match self {
            Direction::Horizontal => 0,
            Direction::Vertical | Direction::Diagonal => 1,
            Direction::AntiDiagonal => -1,
        }
    }
}
