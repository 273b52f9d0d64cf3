//! The 26 canonical renju openings and helpers for opening rules.

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::geometry::Point;
use crate::symmetry::Symmetry;

/// One of the 26 renju openings: black at the centre, white next to it (directly above for the
/// direct openings, diagonally up-right for the indirect ones), and black's third stone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RenjuOpening {
    /// `1D`..`13D`, `1I`..`13I`.
    pub code: &'static str,
    pub name: &'static str,
    pub direct: bool,
    /// The third stone's offset from the centre, x to the right and y **up** (as in renju
    /// diagrams), so `(0, 2)` is two rows above the centre.
    pub third_up: (i8, i8),
}

impl RenjuOpening {
    /// The second stone's offset, y up.
    pub fn second_up(&self) -> (i8, i8) {
        if self.direct { (0, 1) } else { (1, 1) }
    }

    /// The three stones on a board with the given centre, in Gomocup coordinates (y down).
    pub fn stones(&self, center: Point) -> [Point; 3] {
        let at = |(dx, dy): (i8, i8)| {
            Point::new(
                (i32::from(center.x) + i32::from(dx)) as u8,
                (i32::from(center.y) - i32::from(dy)) as u8,
            )
        };
        [center, at(self.second_up()), at(self.third_up)]
    }
}

const fn opening(
    code: &'static str,
    name: &'static str,
    direct: bool,
    dx: i8,
    dy: i8,
) -> RenjuOpening {
    RenjuOpening { code, name, direct, third_up: (dx, dy) }
}

/// The 26 openings, direct ones first, in their traditional order.
pub const RENJU_OPENINGS: [RenjuOpening; 26] = [
    opening("1D", "Kansei", true, 0, 2),
    opening("2D", "Keigetsu", true, 1, 2),
    opening("3D", "Sosei", true, 2, 2),
    opening("4D", "Kagetsu", true, 1, 1),
    opening("5D", "Zangetsu", true, 2, 1),
    opening("6D", "Ugetsu", true, 1, 0),
    opening("7D", "Kinsei", true, 2, 0),
    opening("8D", "Shogetsu", true, 0, -1),
    opening("9D", "Kyugetsu", true, 1, -1),
    opening("10D", "Shingetsu", true, 2, -1),
    opening("11D", "Zuisei", true, 0, -2),
    opening("12D", "Sangetsu", true, 1, -2),
    opening("13D", "Yusei", true, 2, -2),
    opening("1I", "Chosei", false, 2, 2),
    opening("2I", "Kyogetsu", false, 2, 1),
    opening("3I", "Kosei", false, 2, 0),
    opening("4I", "Suigetsu", false, 2, -1),
    opening("5I", "Ryusei", false, 2, -2),
    opening("6I", "Ungetsu", false, 1, 0),
    opening("7I", "Hogetsu", false, 1, -1),
    opening("8I", "Rangetsu", false, 1, -2),
    opening("9I", "Gingetsu", false, 0, -1),
    opening("10I", "Myojo", false, 0, -2),
    opening("11I", "Shagetsu", false, -1, -1),
    opening("12I", "Meigetsu", false, -1, -2),
    opening("13I", "Suisei", false, -2, -2),
];

fn offset(p: Point, center: Point) -> (i32, i32) {
    (i32::from(p.x) - i32::from(center.x), i32::from(p.y) - i32::from(center.y))
}

/// Which of the 26 openings the stones black, white, black form around `center`, up to the eight
/// symmetries about the centre; `None` if they form none (e.g. the first stone is off-centre).
pub fn identify_renju_opening(stones: [Point; 3], center: Point) -> Option<&'static RenjuOpening> {
    if stones[0] != center {
        return None;
    }
    let (s2, s3) = (offset(stones[1], center), offset(stones[2], center));
    RENJU_OPENINGS.iter().find(|o| {
        let (a, b) = (o.second_up(), o.third_up);
        // Catalogue offsets point up; Gomocup y points down.
        let want2 = (i32::from(a.0), -i32::from(a.1));
        let want3 = (i32::from(b.0), -i32::from(b.1));
        Symmetry::ALL
            .iter()
            .any(|s| s.apply_offset(s2.0, s2.1) == want2 && s.apply_offset(s3.0, s3.1) == want3)
    })
}

/// The opening formed by the first three stones of a board (black centre, white, black), if any.
pub fn board_renju_opening(board: &Board) -> Option<&'static RenjuOpening> {
    let h = board.history();
    if h.len() < 3
        || h[0].color != Color::Black
        || h[1].color != Color::White
        || h[2].color != Color::Black
    {
        return None;
    }
    identify_renju_opening([h[0].point, h[1].point, h[2].point], board.center())
}

/// Whether `p` lies in the central `k` × `k` square of the board (`k` odd: 3, 5, 7, 9 …).
pub fn in_central_square(p: Point, k: u8, board: &Board) -> bool {
    let (dx, dy) = offset(p, board.center());
    let r = i32::from(k / 2);
    dx.abs() <= r && dy.abs() <= r
}

/// Distance rings used by opening rules: the smallest odd `k` whose central square holds `p`.
pub fn central_square_size(p: Point, board: &Board) -> u8 {
    let (dx, dy) = offset(p, board.center());
    (2 * dx.abs().max(dy.abs()) + 1) as u8
}

/// Empty squares of the central `k` × `k` square.
pub fn empty_in_central_square(board: &Board, k: u8) -> Vec<Point> {
    board.empty_points().filter(|&p| in_central_square(p, k, board)).collect()
}

/// Whether the board holds stones only, alternating black and white from black (an opening
/// position as the rules build them).
pub fn is_alternating_from_black(board: &Board) -> bool {
    board
        .history()
        .iter()
        .enumerate()
        .all(|(i, m)| m.color == if i % 2 == 0 { Color::Black } else { Color::White })
        && board.points().all(|p| board.get(p) != Cell::Wall)
}
