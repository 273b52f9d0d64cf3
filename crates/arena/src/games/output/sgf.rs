//! SGF (`FF[4]`, `GM[4]`): points as column letter + row letter from the top-left.

use std::fmt::Write as _;

use renzoku_rules::{Color, Point};

use crate::games::record::GameRecord;

fn coord(v: u8) -> char {
    // a..z then A..F for boards up to 32.
    if v < 26 { char::from(b'a' + v) } else { char::from(b'A' + v - 26) }
}

pub fn point(p: Point) -> String {
    format!("{}{}", coord(p.x), coord(p.y))
}

pub fn game(g: &GameRecord) -> String {
    let mut out = String::from("(;FF[4]GM[4]");
    let _ = write!(out, "SZ[{}]GN[{}]", g.board_size, g.index + 1);
    let _ = write!(out, "PB[{}]PW[{}]", escape(&g.black), escape(&g.white));
    let re = match g.winner {
        Some(Color::Black) => "B+",
        Some(Color::White) => "W+",
        None => "0",
    };
    let _ = write!(out, "RE[{re}]RU[{}]", g.rule);
    let _ = write!(out, "C[{}: {}]", escape(&g.result_text()), escape(&g.detail));
    for (i, &p) in g.moves.iter().enumerate() {
        if i % 8 == 0 {
            out.push('\n');
        }
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        let _ = write!(out, ";{c}[{}]", point(p));
        if i >= g.opening_moves {
            let _ = write!(out, "C[{}ms]", g.times_ms.get(i).copied().unwrap_or(0));
        }
    }
    out.push_str(")\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}
