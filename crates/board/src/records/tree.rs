//! The game tree as the page and the files share it: flat, each node naming its parent.

use renzoku_rules::Point;
use serde::{Deserialize, Serialize};

/// The most nodes a loaded or saved game may have.
pub const MAX_NODES: usize = 20_000;
/// The longest comment kept on a node.
pub const MAX_COMMENT: usize = 4_000;

/// One move of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatNode {
    /// The index of the node this move is played from; -1 for the empty board.
    pub parent: i64,
    #[serde(rename = "move")]
    pub point: [u8; 2],
    #[serde(default)]
    pub comment: String,
    /// Squares marked in the file (`SQ`, `TR`, `CR`, `MA`), e.g. the engine's choice.
    #[serde(default)]
    pub marks: Vec<[u8; 2]>,
}

/// A game read from a file or text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoadedGame {
    /// `sgf`, `psq`, `pos` or `moves`.
    pub format: &'static str,
    /// The rule's name when the file says (renzoku-rules' names: `renju`, …).
    pub rule: Option<String>,
    pub size: u8,
    pub nodes: Vec<FlatNode>,
}

/// A game without variations.
pub fn line_game(
    format: &'static str,
    rule: Option<String>,
    size: u8,
    moves: &[Point],
) -> LoadedGame {
    let nodes = moves
        .iter()
        .enumerate()
        .map(|(i, p)| FlatNode {
            parent: i as i64 - 1,
            point: [p.x, p.y],
            comment: String::new(),
            marks: Vec::new(),
        })
        .collect();
    LoadedGame { format, rule, size, nodes }
}
