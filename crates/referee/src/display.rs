//! The board as text for the terminal: column letters on top, row numbers from 1 at the top
//! (the orientation `h8`-style moves are read in), `X` black, `O` white, the last stone in
//! brackets.

use std::fmt::Write as _;

use renzoku_rules::notation::{self, PosOrientation};
use renzoku_rules::{Board, Cell, Color, Point};

pub fn board(board: &Board) -> String {
    let last = board.last_move().map(|m| m.point);
    let mut out = String::from("    ");
    for x in 0..board.width() {
        out.push(notation::column_letter(x));
        out.push(' ');
    }
    out.push('\n');
    for y in 0..board.height() {
        let _ = write!(out, "{:>3}", u32::from(y) + 1);
        // The brackets around the last stone take the blanks on either side of it.
        let mut after_last = false;
        for x in 0..board.width() {
            let p = Point::new(x, y);
            let c = match board.get(p) {
                Cell::Stone(Color::Black) => 'X',
                Cell::Stone(Color::White) => 'O',
                Cell::Wall => '#',
                _ => '.',
            };
            let is_last = last == Some(p);
            out.push(if is_last {
                '['
            } else if after_last {
                ']'
            } else {
                ' '
            });
            out.push(c);
            after_last = is_last;
        }
        if after_last {
            out.push(']');
        }
        out.push('\n');
    }
    out
}

/// `h8` (row 1 at the top) for a point.
pub fn pos(p: Point) -> String {
    notation::format_pos(p, 0, PosOrientation::RowOneAtTop)
}

/// Reads one move typed by a person: `x,y` (Gomocup) or `h8` (row 1 at the top).
pub fn parse_move(text: &str, size: u8) -> Result<Point, String> {
    let t = text.trim();
    if t.contains(',') {
        notation::parse_gomocup(t, size, size).map_err(|e| e.to_string())
    } else {
        notation::parse_pos(t, size, size, PosOrientation::RowOneAtTop).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_both_ways_and_the_board_shows_the_last_stone() {
        assert_eq!(parse_move("7,8", 15), Ok(Point::new(7, 8)));
        assert_eq!(parse_move(" h9 ", 15), Ok(Point::new(7, 8)));
        assert!(parse_move("15,0", 15).is_err());
        assert!(parse_move("z1", 15).is_err());
        assert!(parse_move("hello", 15).is_err());
        let mut b = Board::square(5).unwrap_or_else(|e| panic!("{e}"));
        b.play(Point::new(0, 0)).unwrap_or_else(|e| panic!("{e}"));
        b.play(Point::new(2, 1)).unwrap_or_else(|e| panic!("{e}"));
        let text = board(&b);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "    a b c d e ");
        assert_eq!(rows[1], "  1 X . . . .");
        assert_eq!(rows[2], "  2 . .[O]. .");
        assert_eq!(pos(Point::new(7, 7)), "h8");
    }
}
