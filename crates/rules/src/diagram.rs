//! ASCII diagrams of positions, for tests and logs: `X` black, `O` white, `#` wall, `.` empty,
//! `*` an empty square that the diagram marks (a forbidden point, a winning move …). Blanks
//! between squares are ignored; every row must have the same width.

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Point;
use crate::notation::NotationError;

/// A board read from a diagram, with the marked squares in reading order.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub board: Board,
    pub marks: Vec<Point>,
}

/// Reads a diagram. Stones go on in reading order; black is to move when the colours are equal
/// in number, white otherwise.
pub fn parse_diagram(text: &str) -> Result<Diagram, NotationError> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if rows.iter().any(|r| r.len() != width) {
        return Err(NotationError::new("diagram rows differ in width".to_string()));
    }
    let mut board = Board::new(width as u32, height as u32)
        .map_err(|e| NotationError::new(format!("diagram: {e}")))?;
    let mut marks = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            let placed = match c {
                'X' | 'x' => board.put(p, Color::Black),
                'O' | 'o' => board.put(p, Color::White),
                '#' => board.set_wall(p),
                '*' => {
                    marks.push(p);
                    Ok(())
                }
                '.' | '+' | '-' => Ok(()),
                other => {
                    return Err(NotationError::new(format!("diagram: unknown square '{other}'")));
                }
            };
            placed.map_err(|e| NotationError::new(format!("diagram: {e}")))?;
        }
    }
    let side = if board.count(Color::Black) > board.count(Color::White) {
        Color::White
    } else {
        Color::Black
    };
    board.set_side_to_move(side);
    Ok(Diagram { board, marks })
}
