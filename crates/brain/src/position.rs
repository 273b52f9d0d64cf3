//! The game position as the protocol describes it, and the checks that keep it unchanged when a
//! command is invalid: every change is built on a copy and committed only when all of it is
//! valid.

use renzoku_protocol::{Field, Stone};
use renzoku_rules::{Board, Color, MAX_SIZE, MIN_SIZE, Point};

/// A fresh board for `START`/`RECTSTART`, or the reason it cannot be made.
pub fn new_board(width: u32, height: u32) -> Result<Board, String> {
    let range = u32::from(MIN_SIZE)..=u32::from(MAX_SIZE);
    if !range.contains(&width) || !range.contains(&height) {
        return Err(if width == height {
            format!("unsupported board size {width}")
        } else {
            format!("unsupported board size {width}x{height}")
        });
    }
    Board::new(width, height).map_err(|e| e.to_string())
}

fn check_on_board(board: &Board, p: Point) -> Result<(), String> {
    if board.contains(p) {
        Ok(())
    } else {
        Err(format!("{p} is off the {}x{} board", board.width(), board.height()))
    }
}

/// The board after the opponent's `TURN x,y`.
pub fn after_move(board: &Board, p: Point) -> Result<Board, String> {
    check_on_board(board, p)?;
    if !board.is_empty_square(p) {
        return Err(format!("square {p} is not empty"));
    }
    let mut next = board.clone();
    next.play(p).map_err(|e| e.to_string())?;
    Ok(next)
}

/// Builds a position from `BOARD`-style lines (field 1 own, 2 opponent, 3 wall) on an empty copy
/// of `template`. The side to move is the brain: with equal counts it is black, with one
/// opponent stone more it is white; anything else is impossible.
pub fn from_fields(template: &Board, stones: &[Stone]) -> Result<Board, String> {
    let mut board = template.clone();
    board.clear();
    let own = stones.iter().filter(|s| s.field == Some(Field::Own)).count();
    let opp = stones.iter().filter(|s| s.field == Some(Field::Opponent)).count();
    let own_color = if own == opp {
        Color::Black
    } else if opp == own + 1 {
        Color::White
    } else {
        return Err(format!("impossible stone counts ({own} own, {opp} opponent)"));
    };
    place_fields(&mut board, stones, own_color)?;
    board.set_side_to_move(own_color);
    Ok(board)
}

/// Puts `BOARD`-style lines on `board`: walls first (so a stone listed on a wall square is
/// reported as a duplicate), then own stones in `own_color` and the opponent's in the other.
fn place_fields(board: &mut Board, stones: &[Stone], own_color: Color) -> Result<(), String> {
    for s in stones.iter().filter(|s| s.field == Some(Field::Wall)) {
        check_on_board(board, s.point)?;
        board.set_wall(s.point).map_err(|_| format!("square {} is listed twice", s.point))?;
    }
    for s in stones {
        let color = match s.field {
            Some(Field::Own) => own_color,
            Some(Field::Opponent) => own_color.opponent(),
            Some(Field::Wall) => continue,
            None => return Err(format!("line {} has no field", s.point)),
        };
        check_on_board(board, s.point)?;
        board.put(s.point, color).map_err(|_| format!("square {} is listed twice", s.point))?;
    }
    Ok(())
}

/// Builds a position from lines given in move order (opening blocks, Yixin move lists): black
/// first, colours alternating; a field of 3 makes a wall, other fields are ignored.
pub fn from_move_order(template: &Board, stones: &[Stone]) -> Result<Board, String> {
    let mut board = template.clone();
    board.clear();
    for s in stones {
        check_on_board(&board, s.point)?;
        let placed = if s.field == Some(Field::Wall) {
            board.set_wall(s.point)
        } else {
            board.play(s.point)
        };
        placed.map_err(|_| format!("square {} is listed twice", s.point))?;
    }
    Ok(board)
}

/// A SHOWFORBID block: like [`from_block`], but any stone counts are accepted (a position to
/// inspect, not to play from). With fields, the colour with more stones is black (the brain's
/// on a tie), so a block of black stones alone shows black's fouls.
pub fn for_inspection(template: &Board, stones: &[Stone]) -> Result<Board, String> {
    let with_fields = stones.iter().any(|s| matches!(s.field, Some(Field::Own | Field::Opponent)));
    if !with_fields {
        return from_move_order(template, stones);
    }
    if let Ok(board) = from_fields(template, stones) {
        return Ok(board);
    }
    let own = stones.iter().filter(|s| s.field == Some(Field::Own)).count();
    let opp = stones.iter().filter(|s| s.field == Some(Field::Opponent)).count();
    let own_color = if own >= opp { Color::Black } else { Color::White };
    let mut board = template.clone();
    board.clear();
    place_fields(&mut board, stones, own_color)?;
    board.set_side_to_move(Color::Black);
    Ok(board)
}

/// Either shape: with fields when every stone line has one (`x,y,f`), else move order.
pub fn from_block(template: &Board, stones: &[Stone]) -> Result<Board, String> {
    let with_fields = stones.iter().any(|s| matches!(s.field, Some(Field::Own | Field::Opponent)));
    if with_fields { from_fields(template, stones) } else { from_move_order(template, stones) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(x: u8, y: u8, f: Option<Field>) -> Stone {
        Stone::new(Point::new(x, y), f)
    }

    #[test]
    fn colours_follow_the_counts() {
        let template = new_board(15, 15).expect("size ok");
        let b = from_fields(
            &template,
            &[
                st(7, 7, Some(Field::Opponent)),
                st(8, 8, Some(Field::Own)),
                st(9, 9, Some(Field::Opponent)),
            ],
        )
        .expect("valid");
        assert_eq!(b.side_to_move(), Color::White);
        assert_eq!(b.count(Color::Black), 2);
        let err = from_fields(&template, &[st(7, 7, Some(Field::Own)), st(8, 8, Some(Field::Own))])
            .expect_err("two own stones, none of the opponent");
        assert!(err.contains("impossible"), "{err}");
        let err =
            from_fields(&template, &[st(7, 7, Some(Field::Own)), st(7, 7, Some(Field::Opponent))])
                .expect_err("duplicate");
        assert!(err.contains("twice"), "{err}");
        assert!(from_fields(&template, &[st(15, 0, Some(Field::Wall))]).is_err());
    }

    #[test]
    fn sizes() {
        assert!(new_board(4, 4).is_err());
        assert!(new_board(33, 20).is_err());
        assert!(new_board(32, 5).is_ok());
    }
}
