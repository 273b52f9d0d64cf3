//! PGN for rating tools (BayesElo, Ordo): the tags say who had which colour and who won;
//! White/Black carry the gomoku colours and the result is written as PGN reads it (1-0 = White
//! won), so console, PGN, SGF and JSONL agree. The gomoku moves go in a comment.

use std::fmt::Write as _;

use crate::games::openings::pos_string;
use crate::games::record::GameRecord;

pub fn game(g: &GameRecord) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Event \"{}\"]", g.index + 1);
    let _ = writeln!(out, "[Round \"{}.{}\"]", g.round + 1, g.index + 1);
    let _ = writeln!(out, "[White \"{}\"]", escape(&g.white));
    let _ = writeln!(out, "[Black \"{}\"]", escape(&g.black));
    let _ = writeln!(out, "[Result \"{}\"]", g.pgn_result());
    let _ = writeln!(out, "[Termination \"{}\"]", g.result_text());
    let _ = writeln!(out, "[PlyCount \"{}\"]", g.moves.len());
    if !g.opening.is_empty() {
        let _ = writeln!(out, "[Opening \"{}\"]", escape(&g.opening));
    }
    out.push('\n');
    let moves: Vec<String> = g.moves.iter().map(|&p| pos_string(p)).collect();
    let _ = writeln!(out, "{{{}}} {}\n", moves.join(" "), g.pgn_result());
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}
