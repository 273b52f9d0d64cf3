//! Opening files (offset and pos notation) and the eight board transforms.

use std::path::Path;

use renzoku_rules::notation::{self, PosOrientation};
use renzoku_rules::{Board, Point, Symmetry};

use crate::config::options::OpeningFormat;

/// One opening: the stones in move order (black first), and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub text: String,
    pub moves: Vec<Point>,
}

/// The eight symmetries of a square board, in the order c-gomoku-cli cycles through them.
pub const TRANSFORM_NAMES: [&str; 8] =
    ["identity", "rotate90", "rotate180", "rotate270", "flipX", "flipY", "flipXY", "flipYX"];

/// The eight symmetries in the order of [`TRANSFORM_NAMES`] (c-gomoku-cli's cycle).
const TRANSFORMS: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Rotate270,
    Symmetry::FlipX,
    Symmetry::FlipY,
    Symmetry::Transpose,
    Symmetry::AntiTranspose,
];

/// Applies transform `t` (0..8) to `p` on a `size`×`size` board.
pub fn transform(p: Point, t: usize, size: u8) -> Point {
    TRANSFORMS[t % 8].apply(p, size, size)
}

/// Reads every non-blank line of `path` as an opening for a `size`×`size` board.
///
/// A line that cannot be read (bad numbers, odd count, repeated square) makes the whole file an
/// error naming the line. A well-formed opening that does not fit this board (files are often
/// shared between board sizes) is skipped with a warning on stderr; a file in which no opening
/// fits is an error.
pub fn load(path: &Path, format: OpeningFormat, size: u8) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let at = || format!("{}:{}", path.display(), i + 1);
        let moves = match format {
            OpeningFormat::Offset => parse_offset(line, size),
            OpeningFormat::Pos => parse_pos(line, size),
        };
        let moves = match moves {
            Ok(m) => m,
            Err(Unfit::OffBoard(e)) => {
                eprintln!("warning: {}: opening skipped, {e}: '{line}'", at());
                continue;
            }
            Err(Unfit::Malformed(e)) => return Err(format!("{}: {e}: '{line}'", at())),
        };
        check(&moves, size).map_err(|e| format!("{}: {e}: '{line}'", at()))?;
        out.push(Opening { text: line.to_string(), moves });
    }
    if out.is_empty() {
        return Err(format!(
            "openings file {} holds no opening that fits a {size}x{size} board",
            path.display()
        ));
    }
    Ok(out)
}

/// Why an opening line was not taken.
#[derive(Debug, PartialEq, Eq)]
pub enum Unfit {
    /// The line is not an opening at all.
    Malformed(String),
    /// A well-formed opening with a stone beyond this board.
    OffBoard(String),
}

/// `dx,dy, dx,dy, …`: offsets from `(size/2, size/2)` (renzoku-rules' reader).
pub fn parse_offset(line: &str, size: u8) -> Result<Vec<Point>, Unfit> {
    notation::parse_offset_opening(line, size, size).map_err(|e| classify(&e))
}

/// `h8i9j10`: column letter from `a`, row number from 1 at the top (GomocupJudge's
/// orientation, which c-gomoku-cli's pos openings follow).
pub fn parse_pos(line: &str, size: u8) -> Result<Vec<Point>, Unfit> {
    notation::parse_pos_sequence(line, size, size, PosOrientation::RowOneAtTop)
        .map_err(|e| classify(&e))
}

fn classify(e: &notation::NotationError) -> Unfit {
    if e.is_off_board() { Unfit::OffBoard(e.to_string()) } else { Unfit::Malformed(e.to_string()) }
}

/// Pos notation of one point (`h8` = x 7, y 7), row 1 at the top.
pub fn pos_string(p: Point) -> String {
    notation::format_pos(p, 0, PosOrientation::RowOneAtTop)
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
        assert_eq!(
            parse_offset("10,0", 20).map_err(|e| matches!(e, Unfit::OffBoard(_))),
            Err(true)
        );
        assert_eq!(
            parse_offset("1,2, 3", 15).map_err(|e| matches!(e, Unfit::OffBoard(_))),
            Err(false)
        );
        let m = parse_pos("b7d6e6f7h2k5", 15).unwrap_or_default();
        assert_eq!(m[0], Point::new(1, 6));
        assert_eq!(m[5], Point::new(10, 4));
        assert_eq!(pos_string(Point::new(10, 4)), "k5");
        assert!(parse_pos("7b", 15).is_err());
        assert!(matches!(parse_pos("a9", 7), Err(Unfit::OffBoard(_))));
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

    #[test]
    fn openings_that_do_not_fit_the_board_are_skipped_not_fatal() {
        // The reference file's last opening reaches 8 squares from the centre.
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/openings-freestyle-offset.txt");
        assert_eq!(load(&path, OpeningFormat::Offset, 15).map(|o| o.len()), Ok(40));
        assert_eq!(load(&path, OpeningFormat::Offset, 20).map(|o| o.len()), Ok(41));
        let far =
            std::env::temp_dir().join(format!("renzoku-far-openings-{}.txt", std::process::id()));
        std::fs::write(&far, "-8,-6, -7,-6, -8,-5\n").map_err(|e| e.to_string()).ok();
        let err = load(&far, OpeningFormat::Offset, 15).err().unwrap_or_default();
        std::fs::remove_file(&far).ok();
        assert!(err.contains("no opening that fits"), "{err}");
        let bad =
            std::env::temp_dir().join(format!("renzoku-bad-openings-{}.txt", std::process::id()));
        std::fs::write(&bad, "0,0, 1,0\n0,0, x,1\n").map_err(|e| e.to_string()).ok();
        let err = load(&bad, OpeningFormat::Offset, 15).err().unwrap_or_default();
        std::fs::remove_file(&bad).ok();
        assert!(err.contains(":2:"), "a malformed line is an error naming it: {err}");
    }
}
