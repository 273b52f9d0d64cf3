//! The eight symmetries of the square (four of a rectangle), on points, boards and positions.

use crate::board::Board;
use crate::geometry::Point;

/// A symmetry of the board. `Transpose` and the quarter turns exist only for square boards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    Identity,
    /// x → w−1−x.
    FlipX,
    /// y → h−1−y.
    FlipY,
    Rotate180,
    /// (x, y) → (y, x).
    Transpose,
    /// (x, y) → (h−1−y, w−1−x).
    AntiTranspose,
    /// Quarter turn clockwise.
    Rotate90,
    /// Quarter turn counter-clockwise.
    Rotate270,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipX,
        Symmetry::FlipY,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// The symmetries of a `width` × `height` board.
    pub fn of_board(width: u8, height: u8) -> &'static [Symmetry] {
        if width == height { &Symmetry::ALL } else { &Symmetry::ALL[..4] }
    }

    /// Maps a point of a `width` × `height` board. For the symmetries that swap the axes the
    /// board must be square.
    pub fn apply(self, p: Point, width: u8, height: u8) -> Point {
        let (mx, my) = (width - 1, height - 1);
        let (x, y) = (p.x, p.y);
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::FlipX => (mx - x, y),
            Symmetry::FlipY => (x, my - y),
            Symmetry::Rotate180 => (mx - x, my - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (my - y, mx - x),
            Symmetry::Rotate90 => (my - y, x),
            Symmetry::Rotate270 => (y, mx - x),
        };
        Point::new(nx, ny)
    }

    /// Maps an offset from a centre: the same eight operations on `(dx, dy)`.
    pub fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::FlipX => (-dx, dy),
            Symmetry::FlipY => (dx, -dy),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Transpose => (dy, dx),
            Symmetry::AntiTranspose => (-dy, -dx),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate270 => (dy, -dx),
        }
    }

    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

/// The board under a symmetry: stones (in the same history order), walls and side to move.
pub fn transform_board(board: &Board, sym: Symmetry) -> Board {
    let (w, h) = (board.width(), board.height());
    let mut out = Board::new(u32::from(w), u32::from(h)).expect("same size is supported");
    for wall in board.walls() {
        out.set_wall(sym.apply(wall, w, h)).expect("image of a wall is empty");
    }
    for m in board.history() {
        out.put(sym.apply(m.point, w, h), m.color).expect("image of a stone is empty");
    }
    out.set_side_to_move(board.side_to_move());
    out
}

/// The symmetries that map the position onto itself (stones to stones of the same colour, walls
/// to walls). Identity is always among them.
pub fn position_symmetries(board: &Board) -> Vec<Symmetry> {
    let (w, h) = (board.width(), board.height());
    Symmetry::of_board(w, h)
        .iter()
        .copied()
        .filter(|&s| board.points().all(|p| board.get(s.apply(p, w, h)) == board.get(p)))
        .collect()
}

/// Whether no two of `candidates` are the same square or images of each other under a symmetry
/// of the position (the renju rule for offered fifth moves).
pub fn are_pairwise_non_symmetric(board: &Board, candidates: &[Point]) -> bool {
    let (w, h) = (board.width(), board.height());
    let syms = position_symmetries(board);
    candidates.iter().enumerate().all(|(i, &a)| {
        candidates[i + 1..].iter().all(|&b| syms.iter().all(|s| s.apply(a, w, h) != b))
    })
}
