//! Games read from the files people have: SGF (ours, the referee's, c-gomoku-cli's and other
//! FF[4] GM[4] writers: `;B[hh];W[ih]`, setup stones in `AB`/`AW`, board size `SZ`, Renzoku's
//! Gomocup rule number in `RU`), PGN (ours: the moves in a comment, `{h8 i9 j10}`, row 1 at the
//! top; or move text of such squares or of `x,y` pairs), Piskvork's and GomocupJudge's PSQ
//! (`Piskvorky 20x20, 11:11, 0`, then `x,y,ms` lines counted from 1) and the match journal
//! (JSON lines).

use std::path::Path;

use renzoku_rules::notation::{self, PosOrientation};
use renzoku_rules::{Point, Rule};

/// One game to analyse: its stones in order from black.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub size: u8,
    /// From the file, when it says.
    pub rule: Option<Rule>,
    pub black: String,
    pub white: String,
    pub moves: Vec<Point>,
}

/// Every game in the file at `path`, by its format (from the extension, else its content).
pub fn read(path: &Path) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let trimmed = text.trim_start();
    let games = if ext == "psq" || trimmed.starts_with("Piskvorky") {
        psq(&text)?
    } else if ext == "sgf" || trimmed.starts_with('(') {
        sgf(&text)?
    } else if ext == "jsonl" || ext == "json" || trimmed.starts_with('{') {
        journal(&text)?
    } else if ext == "pgn" || trimmed.starts_with('[') {
        pgn(&text)?
    } else {
        return Err(format!("{}: not an SGF, PGN, PSQ or JSONL file", path.display()));
    };
    if games.is_empty() {
        return Err(format!("{}: no game found", path.display()));
    }
    Ok(games)
}

/// One SGF property: its name and values.
type Property = (String, Vec<String>);

/// The properties of each SGF game, in order, nodes separated by `None`. Escapes (`\]`) are
/// resolved.
fn sgf_games(text: &str) -> Result<Vec<Vec<Option<Property>>>, String> {
    let mut games = Vec::new();
    let mut current: Option<Vec<Option<Property>>> = None;
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let mut name = String::new();
    while let Some(c) = chars.next() {
        match c {
            '(' => {
                depth += 1;
                if depth == 1 {
                    current = Some(Vec::new());
                }
            }
            ')' => {
                depth = depth.checked_sub(1).ok_or("SGF: unbalanced ')'")?;
                if depth == 0 {
                    games.extend(current.take());
                }
            }
            ';' => {
                if let Some(g) = current.as_mut() {
                    g.push(None);
                }
            }
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next() {
                        None => return Err("SGF: a value is not closed with ']'".to_owned()),
                        Some('\\') => value.extend(chars.next()),
                        Some(']') => break,
                        Some(v) => value.push(v),
                    }
                }
                let Some(g) = current.as_mut() else { continue };
                // A value after a name starts a property; more values extend it (`AB[aa][bb]`).
                if name.is_empty() {
                    if let Some(Some((_, values))) = g.last_mut() {
                        values.push(value);
                    }
                } else {
                    g.push(Some((std::mem::take(&mut name), vec![value])));
                }
            }
            c if c.is_ascii_uppercase() => name.push(c),
            _ => {}
        }
    }
    if depth != 0 {
        return Err("SGF: a game is not closed with ')'".to_owned());
    }
    Ok(games)
}

fn sgf(text: &str) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    for (n, props) in sgf_games(text)?.into_iter().enumerate() {
        let props: Vec<(String, Vec<String>)> = props.into_iter().flatten().collect();
        let value =
            |key: &str| props.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.first()).cloned();
        let size_text = value("SZ").unwrap_or_else(|| "15".to_owned());
        // `SZ[15]` or `SZ[15:15]`: only square boards here.
        let size: u8 = size_text
            .split(':')
            .next()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| format!("SGF game {}: board size '{size_text}'", n + 1))?;
        let rule =
            value("RU").and_then(|r| r.trim().parse::<i64>().ok()).and_then(Rule::from_gomocup);
        let mut moves = Vec::new();
        let point = |s: &str| {
            notation::parse_sgf_point(s, size, size)
                .map_err(|e| format!("SGF game {}: {}", n + 1, e.message()))
        };
        // Setup stones first (black and white alternate when both are given), then the moves.
        let setup = |key: &str| -> Vec<String> {
            props.iter().filter(|(k, _)| k == key).flat_map(|(_, v)| v.clone()).collect()
        };
        let (ab, aw) = (setup("AB"), setup("AW"));
        for i in 0..ab.len().max(aw.len()) {
            for list in [&ab, &aw] {
                if let Some(s) = list.get(i) {
                    moves.push(point(s)?);
                }
            }
        }
        for (key, values) in &props {
            if (key == "B" || key == "W")
                && let Some(v) = values.first().filter(|v| !v.is_empty())
            {
                moves.push(point(v)?);
            }
        }
        out.push(Game {
            size,
            rule,
            black: value("PB").unwrap_or_default(),
            white: value("PW").unwrap_or_default(),
            moves,
        });
    }
    Ok(out)
}

/// PSQ: a header `Piskvorky WxH, …`, then one `x,y[,ms]` line per stone from black, counted
/// from 1; the move list ends at the first other line (the players' programs, a result code).
fn psq(text: &str) -> Result<Vec<Game>, String> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let size: u8 = header
        .split_whitespace()
        .nth(1)
        .and_then(|dims| dims.trim_end_matches(',').split(['x', 'X']).next())
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("PSQ: no board size in the header '{header}'"))?;
    let mut moves = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let (Some(x), Some(y)) = (fields.first(), fields.get(1)) else { break };
        let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else { break };
        if fields.len() > 3 || x == 0 || y == 0 || x > size || y > size {
            return Err(format!("PSQ: '{line}' is not a square of the {size}x{size} board"));
        }
        moves.push(Point::new(x - 1, y - 1));
    }
    Ok(vec![Game { size, rule: None, black: String::new(), white: String::new(), moves }])
}

fn journal(text: &str) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let entry: renzoku_arena::run::journal::Entry =
            serde_json::from_str(line).map_err(|e| format!("journal line {}: {e}", i + 1))?;
        let size = entry.board_size;
        let moves = entry
            .moves
            .iter()
            .map(|m| notation::parse_gomocup(m, size, size).map_err(|e| e.message().to_owned()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("journal line {}: {e}", i + 1))?;
        out.push(Game {
            size,
            rule: Rule::from_gomocup(i64::from(entry.rule)),
            black: entry.black,
            white: entry.white,
            moves,
        });
    }
    Ok(out)
}

/// PGN: games start at their first tag; the moves are in a `{…}` comment (ours) or in the move
/// text. The board size is not written in PGN: 15 unless a `[BoardSize "N"]` tag says.
fn pgn(text: &str) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body = String::new();
    let mut flush = |tags: &mut Vec<(String, String)>, body: &mut String| -> Result<(), String> {
        if tags.is_empty() && body.trim().is_empty() {
            return Ok(());
        }
        let tag =
            |k: &str| tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(k)).map(|(_, v)| v.clone());
        let size: u8 = tag("BoardSize").and_then(|s| s.parse().ok()).unwrap_or(15);
        let moves =
            pgn_moves(body, size).map_err(|e| format!("PGN game {}: {e}", out.len() + 1))?;
        out.push(Game {
            size,
            rule: tag("Rule").and_then(|r| r.parse().ok()).and_then(Rule::from_gomocup),
            black: tag("Black").unwrap_or_default(),
            white: tag("White").unwrap_or_default(),
            moves,
        });
        tags.clear();
        body.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !body.trim().is_empty() {
                flush(&mut tags, &mut body)?;
            }
            if let Some((name, value)) = inner.split_once(' ') {
                tags.push((name.to_owned(), value.trim().trim_matches('"').to_owned()));
            }
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(&mut tags, &mut body)?;
    Ok(out)
}

/// The squares of a PGN game: from its `{…}` comment when there is one, else from the move
/// text (move numbers and the result left out), each a `h8` square (row 1 at the top) or `x,y`.
fn pgn_moves(body: &str, size: u8) -> Result<Vec<Point>, String> {
    let text = match (body.find('{'), body.find('}')) {
        (Some(a), Some(b)) if a < b => body[a + 1..b].to_owned(),
        _ => body.to_owned(),
    };
    let mut moves = Vec::new();
    for word in text.split_whitespace() {
        let word = word.trim_end_matches(['.', ',']);
        let is_number = word.chars().all(|c| c.is_ascii_digit() || c == '.');
        if word.is_empty() || is_number || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            continue;
        }
        if word.contains(',') {
            moves.push(
                notation::parse_gomocup(word, size, size).map_err(|e| e.message().to_owned())?,
            );
        } else {
            let squares =
                notation::parse_pos_sequence(word, size, size, PosOrientation::RowOneAtTop)
                    .map_err(|e| format!("'{word}': {}", e.message()))?;
            moves.extend(squares);
        }
    }
    if moves.is_empty() {
        return Err(
            "no gomoku moves (c-gomoku-cli's PGN holds only dummy chess moves: use its SGF)"
                .to_owned(),
        );
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn sgf_of_ours_and_with_setup_stones() {
        let ours = "(;FF[4]GM[4]SZ[15]GN[1]PB[A]PW[B]RE[B+]RU[4]C[black wins: x]\n;B[hh];W[ih]C[12ms];B[hi])\n(;FF[4]SZ[9]PB[C]PW[D];B[ee])";
        let games = sgf(ours).expect("sgf");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, vec![p(7, 7), p(8, 7), p(7, 8)]);
        assert_eq!((games[0].rule, games[0].black.as_str()), (Some(Rule::Renju), "A"));
        assert_eq!((games[1].size, games[1].rule), (9, None));
        let setup = "(;GM[4]FF[4]SZ[15]AB[hh][ii]AW[hi];W[jj];B[kk])";
        assert_eq!(
            sgf(setup).expect("sgf")[0].moves,
            vec![p(7, 7), p(7, 8), p(8, 8), p(9, 9), p(10, 10)]
        );
        // c-gomoku-cli's layout: game info first, the opening stones with a comment, then
        // eight moves a line with their times.
        let cli = "(;FF[4]GM[4]GN[7]EV[A x B]DT[2024.01.02 03:04:05]RO[1.7]RU[4]SZ[15]PB[A]PW[B]RE[W+1]\n;B[hh]C[opening move];W[ig]C[opening move]\n;B[ii]C[15ms];W[gg]C[9ms])\n\n";
        let games = sgf(cli).expect("c-gomoku-cli sgf");
        assert_eq!(games[0].moves, vec![p(7, 7), p(8, 6), p(8, 8), p(6, 6)]);
        assert_eq!((games[0].rule, games[0].white.as_str()), (Some(Rule::Renju), "B"));
        assert!(sgf("(;SZ[15];B[hh]").is_err());
        assert!(sgf("(;SZ[15];B[zz])").is_err());
    }

    #[test]
    fn pgn_comment_and_move_text() {
        let ours = "[Event \"1\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n\n{h8 i8 h9} 0-1\n\n[Event \"2\"]\n\n1. 7,7 8,8 2. 6,6 *\n";
        let games = pgn(ours).expect("pgn");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, vec![p(7, 7), p(8, 7), p(7, 8)]);
        assert_eq!(games[0].black, "A");
        assert_eq!(games[1].moves, vec![p(7, 7), p(8, 8), p(6, 6)]);
        let dummy = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n";
        assert!(pgn(dummy).is_err(), "chess moves are not gomoku moves");
    }

    #[test]
    fn psq_of_piskvork_and_gomocupjudge() {
        let text =
            "Piskvorky 20x20, 11:11, 0\n10,10,1200\n11,11,900\n10,11,1000\npbrain-a.exe\n-1\n";
        let games = psq(text).expect("psq");
        assert_eq!(
            (games[0].size, games[0].moves.clone()),
            (20, vec![p(9, 9), p(10, 10), p(9, 10)])
        );
        assert!(psq("Piskvorky 15x15, 11:11, 0\n16,1,5\n").is_err(), "off the board");
        assert!(psq("hello\n").is_err());
    }

    #[test]
    fn journal_lines() {
        let line = r#"{"game":1,"round":1,"encounter":0,"black":"A","white":"B","black_engine":0,"white_engine":1,"opening":"","opening_moves":0,"moves":["7,7","8,8"],"times_ms":[1,2],"winner":null,"reason":"five","detail":"","board_size":15,"rule":1,"srand":3,"total":1}"#;
        let games = journal(line).expect("journal");
        assert_eq!(games[0].moves, vec![p(7, 7), p(8, 8)]);
        assert_eq!(games[0].rule, Some(Rule::Standard));
    }
}
