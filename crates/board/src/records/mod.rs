//! Games in and out of the page: a game is a tree of moves (its variations), sent flat — each
//! node names its parent's index — so that no depth of nesting can overflow a parser. Read:
//! SGF (ours, `renzoku analyze`'s annotated ones, `FF[4]` `GM[4]` from elsewhere), Piskvork's PSQ,
//! a pos string (`h8i9j10`, row 1 at the top) or `x,y` lines; written: SGF with variations.

mod psq;
mod sgf;
mod tree;

use renzoku_rules::Point;
use renzoku_rules::notation::{PosOrientation, parse_pos_sequence};
use serde::Deserialize;

use crate::position::{parse_point, parse_rule, parse_size};

pub use sgf::write_sgf;
use tree::line_game;
pub use tree::{FlatNode, LoadedGame, MAX_COMMENT, MAX_NODES};

/// What the page sends to be saved.
#[derive(Clone, Debug, Deserialize)]
pub struct SaveRequest {
    pub rule: String,
    pub size: i64,
    pub nodes: Vec<FlatNode>,
}

/// Reads `text` by its look: `(` SGF, `Piskvorky` PSQ, digits and commas `x,y` lines, else a
/// pos string on a `size` board.
pub fn load(text: &str, size: u8) -> Result<LoadedGame, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("nothing to load".into());
    }
    let game = if trimmed.starts_with('(') {
        sgf::read_sgf(trimmed)?
    } else if trimmed.starts_with("Piskvorky") {
        psq::read_psq(trimmed)?
    } else if trimmed.chars().all(|c| c.is_ascii_digit() || c == ',' || c.is_whitespace()) {
        let moves = trimmed
            .split_whitespace()
            .map(|pair| {
                let (x, y) = pair.split_once(',').ok_or_else(|| format!("`{pair}` is not x,y"))?;
                let coord = |v: &str| v.parse::<i64>().map_err(|_| format!("`{pair}` is not x,y"));
                parse_point([coord(x)?, coord(y)?], size)
            })
            .collect::<Result<Vec<Point>, String>>()?;
        line_game("moves", None, size, &moves)
    } else {
        let moves = parse_pos_sequence(trimmed, size, size, PosOrientation::RowOneAtTop)
            .map_err(|e| format!("not an SGF, a PSQ or a pos string: {}", e.message()))?;
        line_game("pos", None, size, &moves)
    };
    check(&game.nodes, game.size)?;
    Ok(game)
}

/// A tree the page can use: parents come before their children, moves are on the board and
/// never on a square their own line already holds, sizes are bounded.
pub fn check(nodes: &[FlatNode], size: u8) -> Result<(), String> {
    if nodes.len() > MAX_NODES {
        return Err(format!("{} moves: more than {MAX_NODES}", nodes.len()));
    }
    for (i, node) in nodes.iter().enumerate() {
        let n = i + 1;
        if node.parent < -1 || node.parent >= i as i64 {
            return Err(format!("move {n}: its parent {} does not come before it", node.parent));
        }
        let [x, y] = node.point;
        if x >= size || y >= size {
            return Err(format!("move {n}: [{x}, {y}] is off a {size}×{size} board"));
        }
        if node.comment.len() > MAX_COMMENT {
            return Err(format!("move {n}: a comment longer than {MAX_COMMENT} bytes"));
        }
        if node.marks.iter().any(|&[mx, my]| mx >= size || my >= size) {
            return Err(format!("move {n}: a mark off the board"));
        }
        let mut depth = 0usize;
        let mut parent = node.parent;
        while parent >= 0 {
            let up = &nodes[parent as usize];
            if up.point == node.point {
                return Err(format!("move {n}: [{x}, {y}] is already taken on its line"));
            }
            parent = up.parent;
            depth += 1;
        }
        if depth >= usize::from(size) * usize::from(size) {
            return Err(format!("move {n}: a line longer than the board holds"));
        }
    }
    Ok(())
}

/// The page's tree as SGF, validated first.
pub fn save(request: &SaveRequest) -> Result<String, String> {
    let rule = parse_rule(&request.rule)?;
    let size = parse_size(request.size)?;
    check(&request.nodes, size)?;
    Ok(write_sgf(rule, size, &request.nodes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pos_strings_and_coordinate_lists_load_as_one_line() {
        let game = load("h8i9j10", 15).expect("pos");
        assert_eq!(game.format, "pos");
        let points: Vec<[u8; 2]> = game.nodes.iter().map(|n| n.point).collect();
        assert_eq!(points, [[7, 7], [8, 8], [9, 9]]);
        assert_eq!(game.nodes[2].parent, 1);
        let game = load("7,7\n8,8", 15).expect("x,y");
        assert_eq!(game.nodes[1].point, [8, 8]);
        assert!(load("h8h8", 15).is_err(), "taken twice");
        assert!(load("z99", 15).is_err());
        assert!(load("", 15).is_err());
        assert!(load("99,1", 15).is_err());
    }

    #[test]
    fn bad_trees_are_refused() {
        let node =
            |parent, point| FlatNode { parent, point, comment: String::new(), marks: vec![] };
        assert!(check(&[node(0, [1, 1])], 15).is_err(), "its own parent");
        assert!(check(&[node(-1, [1, 1]), node(0, [1, 1])], 15).is_err(), "taken");
        assert!(check(&[node(-1, [1, 1]), node(-1, [1, 1])], 15).is_ok(), "two first moves");
        assert!(check(&[node(-1, [15, 1])], 15).is_err());
        assert!(check(&[node(-2, [1, 1])], 15).is_err());
    }
}
