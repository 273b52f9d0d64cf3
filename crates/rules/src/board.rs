//! The board: size, stones, walls, move history, side to move and Zobrist hash.

use std::fmt;

use crate::color::{Cell, Color};
use crate::geometry::{Direction, MAX_SIZE, MIN_SIZE, Point};
use crate::zobrist;

/// Why a board could not be made or a stone could not be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    UnsupportedSize { width: u32, height: u32 },
    OffBoard(Point),
    Occupied(Point),
    EmptySquare(Point),
    NothingToUndo,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::UnsupportedSize { width, height } if width == height => {
                write!(f, "unsupported board size {width} (supported: {MIN_SIZE} to {MAX_SIZE})")
            }
            BoardError::UnsupportedSize { width, height } => write!(
                f,
                "unsupported board size {width}x{height} (each side {MIN_SIZE} to {MAX_SIZE})"
            ),
            BoardError::OffBoard(p) => write!(f, "square {p} is off the board"),
            BoardError::Occupied(p) => write!(f, "square {p} is not empty"),
            BoardError::EmptySquare(p) => write!(f, "square {p} holds no stone"),
            BoardError::NothingToUndo => f.write_str("no move to undo"),
        }
    }
}

impl std::error::Error for BoardError {}

/// One placed stone of the history.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub point: Point,
    pub color: Color,
}

/// A rectangular board of 5 to 32 squares a side.
///
/// Stones are placed either with [`Board::play`] (the side to move plays, then the other side is
/// to move) or with [`Board::put`] (a stone of any colour, for setting up positions); both record
/// the stone in the history so that [`Board::undo`] takes it back.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    width: u8,
    height: u8,
    cells: Vec<Cell>,
    history: Vec<Move>,
    side_to_move: Color,
    hash: u64,
    empty_count: usize,
}

impl Board {
    /// An empty board; each side must be within 5..=32.
    pub fn new(width: u32, height: u32) -> Result<Board, BoardError> {
        let range = u32::from(MIN_SIZE)..=u32::from(MAX_SIZE);
        if !range.contains(&width) || !range.contains(&height) {
            return Err(BoardError::UnsupportedSize { width, height });
        }
        let squares = (width * height) as usize;
        Ok(Board {
            width: width as u8,
            height: height as u8,
            cells: vec![Cell::Empty; squares],
            history: Vec::new(),
            side_to_move: Color::Black,
            hash: 0,
            empty_count: squares,
        })
    }

    pub fn square(size: u32) -> Result<Board, BoardError> {
        Board::new(size, size)
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    /// The centre square `(width / 2, height / 2)`, as the Gomocup openings use it.
    pub fn center(&self) -> Point {
        Point::new(self.width / 2, self.height / 2)
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The content at signed coordinates; anything off the board is [`Cell::Outside`].
    #[inline]
    pub fn cell_at(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x >= i32::from(self.width) || y >= i32::from(self.height) {
            Cell::Outside
        } else {
            self.cells[y as usize * self.width as usize + x as usize]
        }
    }

    #[inline]
    pub fn get(&self, p: Point) -> Cell {
        self.cell_at(i32::from(p.x), i32::from(p.y))
    }

    /// The content `steps` squares away from `p` along `dir` (negative steps go backwards).
    #[inline]
    pub fn along(&self, p: Point, dir: Direction, steps: i32) -> Cell {
        self.cell_at(i32::from(p.x) + dir.dx() * steps, i32::from(p.y) + dir.dy() * steps)
    }

    pub fn is_empty_square(&self, p: Point) -> bool {
        self.get(p) == Cell::Empty
    }

    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets who moves next (positions set up from a `BOARD` block decide it themselves).
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side_to_move {
            self.hash ^= zobrist::WHITE_TO_MOVE;
            self.side_to_move = color;
        }
    }

    /// The stones in the order they were placed.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    pub fn count(&self, color: Color) -> usize {
        self.history.iter().filter(|m| m.color == color).count()
    }

    /// Number of empty squares (walls and stones excluded).
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// No empty square left.
    pub fn is_full(&self) -> bool {
        self.empty_count == 0
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Every square of the board in reading order.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }

    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.get(p) == Cell::Empty)
    }

    fn index(&self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    fn check_empty(&self, p: Point) -> Result<usize, BoardError> {
        if !self.contains(p) {
            return Err(BoardError::OffBoard(p));
        }
        let i = self.index(p);
        if self.cells[i] != Cell::Empty {
            return Err(BoardError::Occupied(p));
        }
        Ok(i)
    }

    /// The side to move plays at `p`; then the other side is to move.
    pub fn play(&mut self, p: Point) -> Result<(), BoardError> {
        let color = self.side_to_move;
        self.put(p, color)?;
        self.set_side_to_move(color.opponent());
        Ok(())
    }

    /// Places a stone of `color` without changing the side to move.
    pub fn put(&mut self, p: Point, color: Color) -> Result<(), BoardError> {
        let i = self.check_empty(p)?;
        self.cells[i] = Cell::Stone(color);
        self.hash ^= zobrist::key(color.index(), p.x, p.y);
        self.history.push(Move { point: p, color });
        self.empty_count -= 1;
        Ok(())
    }

    /// Takes back the last stone; its colour becomes the side to move again.
    pub fn undo(&mut self) -> Result<Move, BoardError> {
        let m = self.history.pop().ok_or(BoardError::NothingToUndo)?;
        self.clear_square(m);
        self.set_side_to_move(m.color);
        Ok(m)
    }

    /// Removes the stone on `p`, wherever it is in the history (Gomocup `TAKEBACK`). The side to
    /// move becomes the colour of the removed stone.
    pub fn remove(&mut self, p: Point) -> Result<Move, BoardError> {
        if !self.contains(p) {
            return Err(BoardError::OffBoard(p));
        }
        let pos =
            self.history.iter().rposition(|m| m.point == p).ok_or(BoardError::EmptySquare(p))?;
        let m = self.history.remove(pos);
        self.clear_square(m);
        self.set_side_to_move(m.color);
        Ok(m)
    }

    fn clear_square(&mut self, m: Move) {
        let i = self.index(m.point);
        self.cells[i] = Cell::Empty;
        self.hash ^= zobrist::key(m.color.index(), m.point.x, m.point.y);
        self.empty_count += 1;
    }

    /// Blocks an empty square: nobody may play there.
    pub fn set_wall(&mut self, p: Point) -> Result<(), BoardError> {
        let i = self.check_empty(p)?;
        self.cells[i] = Cell::Wall;
        self.hash ^= zobrist::key(2, p.x, p.y);
        self.empty_count -= 1;
        Ok(())
    }

    pub fn walls(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.get(p) == Cell::Wall)
    }

    /// Removes all stones and walls; black is to move.
    pub fn clear(&mut self) {
        self.cells.fill(Cell::Empty);
        self.history.clear();
        self.side_to_move = Color::Black;
        self.hash = 0;
        self.empty_count = self.cells.len();
    }

    /// Length of the unbroken run of `color` through `p` along `dir`, counting `p` itself as
    /// `color` whatever it holds, with the squares just beyond both ends of the run.
    pub fn run_through(&self, p: Point, dir: Direction, color: Color) -> Run {
        let stone = Cell::Stone(color);
        let mut back = 1;
        while self.along(p, dir, -back) == stone {
            back += 1;
        }
        let mut fwd = 1;
        while self.along(p, dir, fwd) == stone {
            fwd += 1;
        }
        Run {
            length: (back + fwd - 1) as u8,
            before: self.along(p, dir, -back),
            after: self.along(p, dir, fwd),
        }
    }
}

/// A maximal run of one colour along a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Run {
    pub length: u8,
    /// The square just before the run's first stone.
    pub before: Cell,
    /// The square just after the run's last stone.
    pub after: Cell,
}

/// An ASCII diagram: `X` black, `O` white, `#` wall, `.` empty; row 0 on top.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.get(Point::new(x, y)) {
                    Cell::Empty | Cell::Outside => '.',
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    Cell::Wall => '#',
                };
                if x > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}, {} to move", self.width, self.height, self.side_to_move)?;
        fmt::Display::fmt(self, f)
    }
}
