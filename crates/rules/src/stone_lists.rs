//! The one-line position format of the forbidden-point reference files:
//! `B x,y x,y … | W x,y … | F x,y …` (Gomocup coordinates; F lists the forbidden points).

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Point;
use crate::notation::{NotationError, parse_gomocup};

/// A parsed line: the board with its stones, and the F part if the line had one.
#[derive(Clone, Debug)]
pub struct StoneListLine {
    pub board: Board,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub forbidden: Option<Vec<Point>>,
}

fn points(items: &str, board: &Board) -> Result<Vec<Point>, NotationError> {
    items.split_whitespace().map(|t| parse_gomocup(t, board.width(), board.height())).collect()
}

/// Parses one line on an empty `width` × `height` board. The parts are tagged `B`, `W` and
/// `F`, separated by `|`; B and W are required, F is optional.
pub fn parse_stone_list_line(
    line: &str,
    width: u8,
    height: u8,
) -> Result<StoneListLine, NotationError> {
    let mut board = Board::new(u32::from(width), u32::from(height))
        .map_err(|e| NotationError::new(e.to_string()))?;
    let (mut black, mut white, mut forbidden) = (None, None, None);
    for part in line.split('|') {
        let part = part.trim();
        let (tag, rest) = part.split_at(part.chars().next().map_or(0, char::len_utf8));
        if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
            return Err(NotationError::new(format!("part '{part}' does not start with B, W or F")));
        }
        let slot = match tag {
            "B" | "b" => &mut black,
            "W" | "w" => &mut white,
            "F" | "f" => &mut forbidden,
            _ => {
                return Err(NotationError::new(format!(
                    "part '{part}' does not start with B, W or F"
                )));
            }
        };
        if slot.is_some() {
            return Err(NotationError::new(format!("part {tag} appears twice")));
        }
        *slot = Some(points(rest, &board)?);
    }
    let (Some(black), Some(white)) = (black, white) else {
        return Err(NotationError::new("a line needs a B part and a W part".to_string()));
    };
    for (list, color) in [(&black, Color::Black), (&white, Color::White)] {
        for &p in list {
            board.put(p, color).map_err(|e| NotationError::new(e.to_string()))?;
        }
    }
    board.set_side_to_move(Color::Black);
    Ok(StoneListLine { board, black, white, forbidden })
}

fn join(points: &[Point]) -> String {
    let mut out = String::new();
    for p in points {
        out.push(' ');
        out.push_str(&p.to_string());
    }
    out
}

/// Formats a line: `B …| W …| F …`, the format of the reference files.
pub fn format_stone_list_line(black: &[Point], white: &[Point], forbidden: &[Point]) -> String {
    format!("B{} | W{} | F{}", join(black), join(white), join(forbidden))
}
