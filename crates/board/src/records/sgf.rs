//! SGF (`FF[4]`, `GM[4]`) with variations. Reading takes the file's first game tree; it is written
//! without recursion (a stack of parents), so any depth of variations reads safely. Moves are
//! `B[hh]`/`W[ih]` (column letter, row letter from the top-left); `SZ` gives the size (square
//! boards), `RU` the rule (Renzoku's Gomocup number, or a rule name), `AB`/`AW` in the first
//! node setup stones (played alternately from black), `C` comments, `SQ`/`TR`/`CR`/`MA` marks.

use std::fmt::Write as _;
use std::iter::Peekable;
use std::str::Chars;

use renzoku_rules::Rule;
use renzoku_rules::notation::{format_sgf_point, parse_sgf_point};

use super::tree::{FlatNode, LoadedGame, MAX_COMMENT, MAX_NODES};
use crate::position::parse_size;

type Property = (String, Vec<String>);

/// One node's properties; the reader stands after its `;`.
fn read_node(chars: &mut Peekable<Chars<'_>>) -> Result<Vec<Property>, String> {
    let mut props = Vec::new();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        match chars.peek() {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Ok(props),
        }
        let mut name = String::new();
        while let Some(c) = chars.next_if(char::is_ascii_alphabetic) {
            // FF[3]'s long names (`AddBlack`) keep their capitals only.
            if c.is_ascii_uppercase() {
                name.push(c);
            }
        }
        let mut values = Vec::new();
        loop {
            while chars.next_if(|c| c.is_whitespace()).is_some() {}
            if chars.next_if_eq(&'[').is_none() {
                break;
            }
            let mut value = String::new();
            loop {
                match chars.next() {
                    None => return Err(format!("SGF: the value of {name} is not closed")),
                    Some('\\') => {
                        if let Some(c) = chars.next() {
                            value.push(c);
                        }
                    }
                    Some(']') => break,
                    Some(c) => value.push(c),
                }
            }
            values.push(value);
        }
        if values.is_empty() {
            return Err(format!("SGF: property {name} has no value"));
        }
        props.push((name, values));
    }
}

/// The tree being read.
struct Tree {
    nodes: Vec<FlatNode>,
    /// Each node's move number (1 = black's first).
    depths: Vec<usize>,
    size: u8,
    rule: Option<String>,
}

impl Tree {
    /// Adds the move `value` (`B` when `black`) after node `parent`; its index.
    fn add(&mut self, parent: i64, value: &str, black: bool) -> Result<i64, String> {
        if self.nodes.len() >= MAX_NODES {
            return Err(format!("SGF: more than {MAX_NODES} moves"));
        }
        if value.is_empty() || (self.size <= 19 && value == "tt") {
            return Err("SGF: passes are not supported".to_owned());
        }
        let depth = usize::try_from(parent).map_or(0, |i| self.depths[i]) + 1;
        if (depth % 2 == 1) != black {
            let who = if black { "black" } else { "white" };
            return Err(format!("SGF: move {depth} is {who}'s, out of turn"));
        }
        let p = parse_sgf_point(value, self.size, self.size)
            .map_err(|e| format!("SGF: {}", e.message()))?;
        self.nodes.push(FlatNode {
            parent,
            point: [p.x, p.y],
            comment: String::new(),
            marks: Vec::new(),
        });
        self.depths.push(depth);
        Ok((self.nodes.len() - 1) as i64)
    }

    /// Applies one SGF node read after node `current`; the node to continue from.
    fn node(&mut self, current: i64, props: &[Property]) -> Result<i64, String> {
        let mut current = current;
        if self.nodes.is_empty() && current == -1 {
            // The first node: the game's settings and its setup stones.
            for (name, values) in props {
                match name.as_str() {
                    "SZ" => {
                        let text = values[0].split(':').next().unwrap_or_default().trim();
                        let n = text
                            .parse::<i64>()
                            .map_err(|_| format!("SGF: size `{}`", values[0]))?;
                        self.size = parse_size(n)?;
                    }
                    "RU" => {
                        self.rule = values[0].trim().parse::<Rule>().ok().map(|r| r.to_string());
                    }
                    _ => {}
                }
            }
            let setup = |key: &str| -> Vec<&String> {
                props.iter().filter(|(k, _)| k == key).flat_map(|(_, v)| v).collect()
            };
            let (ab, aw) = (setup("AB"), setup("AW"));
            for i in 0..ab.len().max(aw.len()) {
                for (list, black) in [(&ab, true), (&aw, false)] {
                    if let Some(v) = list.get(i) {
                        current = self.add(current, v, black)?;
                    }
                }
            }
        }
        let mut made = None;
        for (name, values) in props {
            if name == "B" || name == "W" {
                if made.is_some() {
                    return Err("SGF: two moves in one node".into());
                }
                made = Some(self.add(current, &values[0], name == "B")?);
            }
        }
        let Some(index) = made else { return Ok(current) };
        let size = self.size;
        let node = &mut self.nodes[index as usize];
        for (name, values) in props {
            match name.as_str() {
                "C" => node.comment = values[0].chars().take(MAX_COMMENT / 4).collect(),
                "SQ" | "TR" | "CR" | "MA" => {
                    for v in values {
                        if let Ok(p) = parse_sgf_point(v, size, size) {
                            node.marks.push([p.x, p.y]);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(index)
    }
}

/// The first game tree of `text`.
pub fn read_sgf(text: &str) -> Result<LoadedGame, String> {
    let mut chars = text.chars().peekable();
    // The node each open `(` continues from, and the current node (-1: the empty board).
    let mut stack: Vec<i64> = Vec::new();
    let mut current: i64 = -1;
    let mut tree = Tree { nodes: Vec::new(), depths: Vec::new(), size: 15, rule: None };
    let mut started = false;
    while let Some(c) = chars.next() {
        match c {
            '(' => {
                stack.push(current);
                started = true;
            }
            ')' => {
                current = stack.pop().ok_or("SGF: a ')' closes nothing")?;
                if stack.is_empty() {
                    break;
                }
            }
            ';' if started => {
                let props = read_node(&mut chars)?;
                current = tree.node(current, &props)?;
            }
            c if c.is_whitespace() || !started => {}
            c => return Err(format!("SGF: unexpected `{c}`")),
        }
    }
    if !started {
        return Err("SGF: no game tree".into());
    }
    if !stack.is_empty() {
        return Err("SGF: the game tree is not closed with ')'".into());
    }
    Ok(LoadedGame { format: "sgf", rule: tree.rule, size: tree.size, nodes: tree.nodes })
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

enum Step {
    Open,
    Node(usize),
    Close,
}

/// Pushes the steps that write `kids` (and, through each, its own children): one child
/// continues the sequence, several open a variation each.
fn push_children(stack: &mut Vec<Step>, kids: &[usize]) {
    if let [only] = kids {
        stack.push(Step::Node(*only));
        return;
    }
    for &kid in kids.iter().rev() {
        stack.push(Step::Close);
        stack.push(Step::Node(kid));
        stack.push(Step::Open);
    }
}

/// The tree as SGF; `nodes` must have passed `records::check`.
pub fn write_sgf(rule: Rule, size: u8, nodes: &[FlatNode]) -> String {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len() + 1];
    let mut depth = vec![0usize; nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        let parent = usize::try_from(node.parent + 1).unwrap_or(0);
        children[parent].push(i);
        depth[i] = if node.parent < 0 { 1 } else { depth[node.parent as usize] + 1 };
    }
    let mut out =
        format!("(;FF[4]GM[4]CA[UTF-8]AP[Renzoku board]SZ[{size}]RU[{}]", rule.gomocup_code());
    let mut stack = Vec::new();
    push_children(&mut stack, &children[0]);
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => out.push_str("\n("),
            Step::Close => out.push(')'),
            Step::Node(i) => {
                let node = &nodes[i];
                let colour = if depth[i] % 2 == 1 { 'B' } else { 'W' };
                let point = renzoku_rules::Point::new(node.point[0], node.point[1]);
                let _ = write!(out, ";{colour}[{}]", format_sgf_point(point));
                if !node.comment.is_empty() {
                    let _ = write!(out, "C[{}]", escape(&node.comment));
                }
                if !node.marks.is_empty() {
                    out.push_str("SQ");
                    for &[x, y] in &node.marks {
                        let _ =
                            write!(out, "[{}]", format_sgf_point(renzoku_rules::Point::new(x, y)));
                    }
                }
                push_children(&mut stack, &children[i + 1]);
            }
        }
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ours_with_variations_reads_back() {
        let text =
            "(;FF[4]GM[4]SZ[15]RU[4];B[hh]C[centre \\] ok];W[ih](;B[ii]SQ[jj])(;B[gg];W[ff]))";
        let game = read_sgf(text).expect("sgf");
        assert_eq!(game.rule.as_deref(), Some("renju"));
        assert_eq!(game.nodes.len(), 5);
        assert_eq!(game.nodes[0].comment, "centre ] ok");
        assert_eq!(game.nodes[2].parent, 1);
        assert_eq!(game.nodes[3].parent, 1, "the second variation starts from W[ih]");
        assert_eq!(game.nodes[2].marks, [[9, 9]]);
        let again = read_sgf(&write_sgf(Rule::Renju, 15, &game.nodes)).expect("ours");
        assert_eq!(again.nodes, game.nodes);
    }

    #[test]
    fn setup_stones_and_foreign_files() {
        let game = read_sgf("(;GM[4]FF[4]SZ[15]AB[hh][jj]AW[ii];W[kk])").expect("setup");
        let points: Vec<[u8; 2]> = game.nodes.iter().map(|n| n.point).collect();
        assert_eq!(points, [[7, 7], [8, 8], [9, 9], [10, 10]]);
        assert!(read_sgf("(;SZ[15];B[hh];B[ii])").is_err(), "out of turn");
        assert!(read_sgf("(;SZ[15];B[hh]").is_err(), "not closed");
        assert!(read_sgf("(;SZ[15];B[])").is_err(), "pass");
        assert!(read_sgf("(;SZ[99])").is_err());
    }
}
