//! Opening files (offset and pos notation) and the eight board transforms.

use std::path::Path;

use renzoku_rules::{Board, Point};

use crate::options::OpeningFormat;

/// One opening: the stones in move order (black first), and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub text: String,
    pub moves: Vec<Point>,
}

/// The eight symmetries of a square board, in the order c-gomoku-cli cycles through them.
pub const TRANSFORM_NAMES: [&str; 8] =
    ["identity", "rotate90", "rotate180", "rotate270", "flipX", "flipY", "flipXY", "flipYX"];

/// Applies transform `t` (0..8) to `p` on a `size`×`size` board.
pub fn transform(p: Point, t: usize, size: u8) -> Point {
    let m = size - 1;
    let (x, y) = (p.x, p.y);
    let (nx, ny) = match t % 8 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    };
    Point::new(nx, ny)
}

/// Reads every non-blank line of `path` as an opening for a `size`×`size` board.
pub fn load(path: &Path, format: OpeningFormat, size: u8) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let moves = match format {
            OpeningFormat::Offset => parse_offset(line, size),
            OpeningFormat::Pos => parse_pos(line),
        }
        .and_then(|m| check(&m, size).map(|()| m))
        .map_err(|e| format!("{}:{}: {e}: '{line}'", path.display(), i + 1))?;
        out.push(Opening { text: line.to_string(), moves });
    }
    if out.is_empty() {
        return Err(format!("openings file {} holds no opening", path.display()));
    }
    Ok(out)
}

/// `dx,dy, dx,dy, …`: offsets from `(size/2, size/2)`.
pub fn parse_offset(line: &str, size: u8) -> Result<Vec<Point>, String> {
    let nums: Vec<i64> = line
        .split(',')
        .map(|t| t.trim().parse::<i64>().map_err(|_| format!("bad number '{}'", t.trim())))
        .collect::<Result<_, _>>()?;
    if !nums.len().is_multiple_of(2) {
        return Err("odd number of coordinates".to_string());
    }
    let half = i64::from(size / 2);
    nums.chunks(2)
        .map(|c| {
            let (x, y) = (c[0] + half, c[1] + half);
            if (0..i64::from(size)).contains(&x) && (0..i64::from(size)).contains(&y) {
                Ok(Point::new(x as u8, y as u8))
            } else {
                Err(format!("offset {},{} is off the board", c[0], c[1]))
            }
        })
        .collect()
}

/// `h8i9j10`: column letter from `a`, row number from 1 at the top.
pub fn parse_pos(line: &str) -> Result<Vec<Point>, String> {
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < bytes.len() {
        let c = bytes[i].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(format!("expected a column letter at byte {i}"));
        }
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let row: u32 =
            line[start..i].parse().map_err(|_| format!("expected a row number at byte {start}"))?;
        if row == 0 || row > 32 {
            return Err(format!("row {row} out of range"));
        }
        out.push(Point::new(c - b'a', (row - 1) as u8));
    }
    Ok(out)
}

/// Pos notation of one point (`h8` = x 7, y 7).
pub fn pos_string(p: Point) -> String {
    format!("{}{}", char::from(b'a' + p.x), u32::from(p.y) + 1)
}

fn check(moves: &[Point], size: u8) -> Result<(), String> {
    let mut board = Board::square(u32::from(size)).map_err(|e| e.to_string())?;
    for &p in moves {
        board.play(p).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_and_pos_lines() {
        let m = parse_offset("8,-3, 6,-4, 5,-4", 20).unwrap_or_default();
        assert_eq!(m, vec![Point::new(18, 7), Point::new(16, 6), Point::new(15, 6)]);
        assert!(parse_offset("10,0", 20).is_err());
        assert!(parse_offset("1,2, 3", 15).is_err());
        let m = parse_pos("b7d6e6f7h2k5").unwrap_or_default();
        assert_eq!(m[0], Point::new(1, 6));
        assert_eq!(m[5], Point::new(10, 4));
        assert_eq!(pos_string(Point::new(10, 4)), "k5");
        assert!(parse_pos("7b").is_err());
    }

    #[test]
    fn transforms_are_the_eight_symmetries() {
        let p = Point::new(1, 3);
        let images: std::collections::HashSet<Point> =
            (0..8).map(|t| transform(p, t, 15)).collect();
        assert_eq!(images.len(), 8);
        for t in 0..8 {
            let c = Point::new(7, 7);
            assert_eq!(transform(c, t, 15), c);
        }
        // rotate90 four times is the identity.
        let mut q = p;
        for _ in 0..4 {
            q = transform(q, 1, 15);
        }
        assert_eq!(q, p);
    }

    #[test]
    fn loads_the_shared_openings_file() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/openings-offset.txt");
        let all = load(&path, OpeningFormat::Offset, 15).unwrap_or_default();
        assert!(all.len() >= 3);
        assert!(all.iter().all(|o| !o.moves.is_empty()));
    }
}
