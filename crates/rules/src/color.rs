//! Stone colours and square contents.

use std::fmt;

/// The colour of a stone. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// What a square holds. `Outside` is what a look-up beyond the board edge returns; it is never
/// stored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    Empty,
    Stone(Color),
    /// A blocked square: nobody may play there (Gomocup `BOARD` field 3).
    Wall,
    Outside,
}

impl Cell {
    pub const BLACK: Cell = Cell::Stone(Color::Black);
    pub const WHITE: Cell = Cell::Stone(Color::White);

    pub const fn is_empty(self) -> bool {
        matches!(self, Cell::Empty)
    }

    pub fn is(self, color: Color) -> bool {
        self == Cell::Stone(color)
    }
}
