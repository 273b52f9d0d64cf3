//! Move notations.
//!
//! - Gomocup `x,y` is [`Point`]'s `Display` and [`parse_gomocup`].
//! - "pos" strings (`h8`, `h8i9j10`) exist in two orientations, which tools disagree on, so the
//!   orientation is always named: [`PosOrientation::RowOneAtTop`] (GomocupJudge, Rapfi: number =
//!   y + 1) and [`PosOrientation::RowOneAtBottom`] (Yixin-Board, RenLib, renju books: number =
//!   height − y).
//! - AlphaGomoku PV tokens (`Xh7`): colour, column letter, row counted from the top from 0.
//! - SGF points (`hh`): column then row, both letters from the top-left.
//! - Gomocup offset openings (`0,0, 1,0, 1,3`): offsets from the centre, black first.
//!
//! Column letters: `a`..`z` for columns 0..25 and `A`..`F` for 26..31, since lowercase letters
//! run out on boards wider than 26. On boards up to 26 wide, upper case reads as lower case (Rapfi
//! prints `H8`).

use std::fmt;

use crate::color::Color;
use crate::geometry::{MAX_SIZE, Point};

/// Why a text is not a move or a list of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    message: String,
    off_board: bool,
}

impl NotationError {
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError { message: message.into(), off_board: false }
    }

    /// A well-formed move that lies beyond the board (callers may skip such lines, e.g. openings
    /// written for a larger board, where malformed text is an error).
    pub fn off_board(message: impl Into<String>) -> NotationError {
        NotationError { message: message.into(), off_board: true }
    }

    pub fn is_off_board(&self) -> bool {
        self.off_board
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

fn err<T>(msg: String) -> Result<T, NotationError> {
    Err(NotationError::new(msg))
}

fn off<T>(msg: String) -> Result<T, NotationError> {
    Err(NotationError::off_board(msg))
}

/// Which end of the board row 1 of a pos string is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PosOrientation {
    /// Row 1 is the top row (y = 0): GomocupJudge, Rapfi.
    RowOneAtTop,
    /// Row 1 is the bottom row: Yixin-Board, RenLib, renju literature.
    RowOneAtBottom,
}

pub fn column_letter(x: u8) -> char {
    if x < 26 { char::from(b'a' + x) } else { char::from(b'A' + (x - 26)) }
}

/// The column of a letter on a board `width` wide.
pub fn parse_column_letter(c: char, width: u8) -> Option<u8> {
    let x = match c {
        'a'..='z' => c as u8 - b'a',
        'A'..='Z' if width <= 26 => c as u8 - b'A',
        'A'..='Z' => c as u8 - b'A' + 26,
        _ => return None,
    };
    (x < width).then_some(x)
}

/// Parses a Gomocup `x,y` (blanks around the numbers allowed) and checks it is on the board.
pub fn parse_gomocup(s: &str, width: u8, height: u8) -> Result<Point, NotationError> {
    let Some((xs, ys)) = s.split_once(',') else {
        return err(format!("'{s}' is not of the form x,y"));
    };
    let (Ok(x), Ok(y)) = (xs.trim().parse::<i64>(), ys.trim().parse::<i64>()) else {
        return err(format!("'{s}' is not of the form x,y"));
    };
    if x < 0 || y < 0 || x >= i64::from(width) || y >= i64::from(height) {
        return off(format!("{x},{y} is off the {width}x{height} board"));
    }
    Ok(Point::new(x as u8, y as u8))
}

pub fn format_pos(p: Point, height: u8, orientation: PosOrientation) -> String {
    let number = match orientation {
        PosOrientation::RowOneAtTop => u32::from(p.y) + 1,
        PosOrientation::RowOneAtBottom => u32::from(height) - u32::from(p.y),
    };
    format!("{}{number}", column_letter(p.x))
}

/// Formats a sequence of points as one pos string (`h8i9j10`).
pub fn format_pos_sequence(points: &[Point], height: u8, orientation: PosOrientation) -> String {
    points.iter().map(|&p| format_pos(p, height, orientation)).collect()
}

/// Parses a pos string of one or more moves (`h8`, `h8i9j10`); blanks between moves are allowed.
pub fn parse_pos_sequence(
    s: &str,
    width: u8,
    height: u8,
    orientation: PosOrientation,
) -> Result<Vec<Point>, NotationError> {
    let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut points = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let Some(x) = parse_column_letter(chars[i], width) else {
            let message =
                format!("'{}' is not a column of a {width}-wide board in '{s}'", chars[i]);
            return if chars[i].is_ascii_alphabetic() { off(message) } else { err(message) };
        };
        i += 1;
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() && i - start < 3 {
            i += 1;
        }
        let digits: String = chars[start..i].iter().collect();
        let Ok(number) = digits.parse::<u32>() else {
            return err(format!("missing row number after column in '{s}'"));
        };
        if number == 0 || number > u32::from(height) {
            return off(format!("row {number} is off a board {height} high in '{s}'"));
        }
        let y = match orientation {
            PosOrientation::RowOneAtTop => number - 1,
            PosOrientation::RowOneAtBottom => u32::from(height) - number,
        };
        points.push(Point::new(x, y as u8));
    }
    Ok(points)
}

/// One pos move such as `h8`.
pub fn parse_pos(
    s: &str,
    width: u8,
    height: u8,
    orientation: PosOrientation,
) -> Result<Point, NotationError> {
    match parse_pos_sequence(s, width, height, orientation)?.as_slice() {
        [p] => Ok(*p),
        _ => err(format!("'{s}' is not a single move")),
    }
}

/// AlphaGomoku PV token: `X`/`O`, column letter, row from the top counted from 0 (`Xh7`).
pub fn format_pv_token(color: Color, p: Point) -> String {
    let c = match color {
        Color::Black => 'X',
        Color::White => 'O',
    };
    format!("{c}{}{}", column_letter(p.x), p.y)
}

pub fn parse_pv_token(s: &str, width: u8, height: u8) -> Result<(Color, Point), NotationError> {
    let mut chars = s.chars();
    let color = match chars.next() {
        Some('X' | 'x') => Color::Black,
        Some('O' | 'o') => Color::White,
        _ => return err(format!("PV token '{s}' does not start with X or O")),
    };
    let Some(x) = chars.next().and_then(|c| parse_column_letter(c, width)) else {
        return err(format!("PV token '{s}' has no valid column"));
    };
    let rest = chars.as_str();
    match rest.parse::<u8>() {
        Ok(y) if y < height && !rest.starts_with('+') => Ok((color, Point::new(x, y))),
        _ => err(format!("PV token '{s}' has no valid row")),
    }
}

fn sgf_letter(v: u8) -> char {
    if v < 26 { char::from(b'a' + v) } else { char::from(b'A' + (v - 26)) }
}

fn parse_sgf_letter(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// SGF point: column letter then row letter, from the top-left (`a`..`z`, then `A`..`Z`).
pub fn format_sgf_point(p: Point) -> String {
    format!("{}{}", sgf_letter(p.x), sgf_letter(p.y))
}

pub fn parse_sgf_point(s: &str, width: u8, height: u8) -> Result<Point, NotationError> {
    let mut chars = s.chars();
    match (chars.next().and_then(parse_sgf_letter), chars.next().and_then(parse_sgf_letter)) {
        (Some(x), Some(y)) if chars.next().is_none() && x < width && y < height => {
            Ok(Point::new(x, y))
        }
        _ => err(format!("'{s}' is not an SGF point of a {width}x{height} board")),
    }
}

/// Parses a Gomocup offset opening line (`0,0, 1,0, 1,3`): offsets from `(width/2, height/2)`,
/// black first, alternating. Every stone must land on the board, on distinct squares.
pub fn parse_offset_opening(
    line: &str,
    width: u8,
    height: u8,
) -> Result<Vec<Point>, NotationError> {
    let numbers: Vec<&str> =
        line.split(',').map(str::trim).filter(|t| !t.is_empty()).collect::<Vec<_>>();
    if numbers.is_empty() {
        return err("empty opening".to_string());
    }
    if !numbers.len().is_multiple_of(2) {
        return err(format!("odd count of numbers in opening '{}'", line.trim()));
    }
    let (cx, cy) = (i64::from(width / 2), i64::from(height / 2));
    let mut points: Vec<Point> = Vec::with_capacity(numbers.len() / 2);
    for pair in numbers.chunks(2) {
        let (Ok(dx), Ok(dy)) = (pair[0].parse::<i64>(), pair[1].parse::<i64>()) else {
            return err(format!("'{},{}' is not a pair of integers", pair[0], pair[1]));
        };
        let (x, y) = (cx.saturating_add(dx), cy.saturating_add(dy));
        if x < 0 || y < 0 || x >= i64::from(width) || y >= i64::from(height) {
            return off(format!("offset {dx},{dy} is off the {width}x{height} board"));
        }
        let p = Point::new(x as u8, y as u8);
        if points.contains(&p) {
            return err(format!("offset {dx},{dy} repeats a square"));
        }
        points.push(p);
    }
    Ok(points)
}

pub fn format_offset_opening(points: &[Point], width: u8, height: u8) -> String {
    let (cx, cy) = (i32::from(width / 2), i32::from(height / 2));
    points
        .iter()
        .map(|p| format!("{},{}", i32::from(p.x) - cx, i32::from(p.y) - cy))
        .collect::<Vec<_>>()
        .join(", ")
}

const _: () = assert!(MAX_SIZE <= 52, "SGF letters cover 52 columns");
