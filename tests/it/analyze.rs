//! `renzoku analyze` end to end on a small game, with a short time per position: the annotated
//! SGF (a comment on every move, the engine's choice, the mistakes marked), the SVG graph, and
//! the same game read from our PGN, Piskvork's PSQ and the journal; bad input is a clear error.

use std::path::{Path, PathBuf};
use std::process::Command;

const RENZOKU: &str = env!("CARGO_BIN_EXE_renzoku");

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renzoku-analyze-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// Black builds h8..l8 while white plays along the edge (a1..a4, far from the fight): white's
/// first edge move throws the game away, and black's five ends it.
const SGF: &str = "(;FF[4]GM[4]SZ[15]PB[Alpha]PW[Beta]RU[0]\n;B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad];B[lh])\n(;FF[4]GM[4]SZ[9]PB[C]PW[D]RU[4];B[ee];W[ff])\n";

fn analyze(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(RENZOKU)
        .arg("analyze")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The move nodes of an SGF: the text after each `;` but the first.
fn nodes(sgf: &str) -> Vec<String> {
    sgf.split("\n;").skip(1).map(str::to_owned).collect()
}

#[test]
fn an_annotated_sgf_and_an_svg_graph_from_every_input_format() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("e2e");
    std::fs::write(dir.join("games.sgf"), SGF).unwrap_or_default();
    // The threshold is below the default: white's corner move costs it about 15 points of a
    // 15 % score, a drop the default 0.15 marks or not by a tenth of a point.
    let args =
        ["--ms", "250", "--threshold", "0.1", "--out", "annotated.sgf", "--svg", "graph.svg"];
    let (code, stdout, stderr) = analyze(&dir, &[&["games.sgf"][..], &args[..]].concat());
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("9 moves analysed (250 ms per position, freestyle)"), "{stdout}");
    let sgf = std::fs::read_to_string(dir.join("annotated.sgf")).unwrap_or_default();
    let moves = nodes(&sgf);
    assert_eq!(moves.len(), 9, "{sgf}");
    assert!(sgf.starts_with("(;FF[4]GM[4]") && sgf.contains("PB[Alpha]PW[Beta]"), "{sgf}");
    for (i, node) in moves.iter().enumerate() {
        assert!(node.contains(&format!("C[{}. ", i + 1)), "move {} has its comment: {node}", i + 1);
        assert!(node.contains("black's expected score"), "{node}");
    }
    // White's first edge move gives the game away: marked, with the engine's choice squared.
    assert!(moves[1].starts_with("W[aa]BM["), "{}", moves[1]);
    assert!(moves[1].contains("Engine's choice: ") && moves[1].contains("SQ["), "{}", moves[1]);
    // Black's moves build the winning row: none is a mistake; the five ends at 100 %.
    for node in moves.iter().step_by(2) {
        assert!(!node.contains("BM["), "{node}");
    }
    assert!(moves[8].contains("black's expected score 100.0 %"), "{}", moves[8]);
    let svg = std::fs::read_to_string(dir.join("graph.svg")).unwrap_or_default();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"), "{svg}");
    assert!(svg.contains("<circle") && svg.contains("move 2: loses"), "the mistake is a red dot");

    // The same game from our PGN (moves in a comment) and from a journal line.
    std::fs::write(
        dir.join("games.pgn"),
        "[Event \"1\"]\n[White \"Beta\"]\n[Black \"Alpha\"]\n[Result \"0-1\"]\n\n{h8 a1 i8 a2 j8 a3 k8 a4 l8} 0-1\n",
    )
    .unwrap_or_default();
    let moves_json = r#"["7,7","0,0","8,7","0,1","9,7","0,2","10,7","0,3","11,7"]"#;
    let line = format!(
        r#"{{"game":1,"round":1,"encounter":0,"black":"Alpha","white":"Beta","black_engine":0,"white_engine":1,"opening":"","opening_moves":0,"moves":{moves_json},"times_ms":[],"winner":"black","reason":"five","detail":"","board_size":15,"rule":0,"srand":1,"total":1}}"#
    );
    std::fs::write(dir.join("games.jsonl"), format!("{line}\n")).unwrap_or_default();
    // Piskvork / GomocupJudge: counted from 1, thinking times after the squares.
    let psq = "Piskvorky 15x15, 11:11, 0\n8,8,10\n1,1,10\n9,8,10\n1,2,10\n10,8,10\n1,3,10\n11,8,10\n1,4,10\n12,8,10\nAlpha.exe\nBeta.exe\n-1\n";
    std::fs::write(dir.join("games.psq"), psq).unwrap_or_default();
    for input in ["games.pgn", "games.jsonl", "games.psq"] {
        let (code, stdout, stderr) = analyze(&dir, &[input, "--ms", "30", "--out", "again.sgf"]);
        assert_eq!(code, 0, "{input}: {stdout}{stderr}");
        let again = std::fs::read_to_string(dir.join("again.sgf")).unwrap_or_default();
        let squares: Vec<String> =
            nodes(&again).iter().map(|n| n.chars().take(5).collect()).collect();
        let first: Vec<String> = moves.iter().map(|n| n.chars().take(5).collect()).collect();
        assert_eq!(squares, first, "{input}: the same moves");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn game_choice_rule_and_errors() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("choice");
    std::fs::write(dir.join("games.sgf"), SGF).unwrap_or_default();
    // The second game: 9x9 renju from the file; --rule overrides it.
    let (code, stdout, _) =
        analyze(&dir, &["games.sgf", "--game", "2", "--ms", "20", "--out", "g2.sgf"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("2 moves analysed (20 ms per position, renju)"), "{stdout}");
    let g2 = std::fs::read_to_string(dir.join("g2.sgf")).unwrap_or_default();
    assert!(g2.contains("SZ[9]RU[4]"), "{g2}");
    let (_, stdout, _) = analyze(
        &dir,
        &["games.sgf", "--game", "2", "--ms", "20", "--rule", "1", "--out", "g2.sgf"],
    );
    assert!(stdout.contains("standard"), "{stdout}");
    for (args, expected) in [
        (vec!["games.sgf", "--game", "3", "--out", "x.sgf"], "holds 2 game(s)"),
        (vec!["missing.sgf", "--out", "x.sgf"], "cannot read missing.sgf"),
        (vec!["games.sgf", "--threshold", "2", "--out", "x.sgf"], "--threshold 2"),
    ] {
        let (code, _, stderr) = analyze(&dir, &args);
        assert_ne!(code, 0, "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // A game that continues after its five is refused, not half-analysed.
    std::fs::write(
        dir.join("bad.sgf"),
        "(;SZ[15];B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad];B[lh];W[ae])",
    )
    .unwrap_or_default();
    let (code, _, stderr) = analyze(&dir, &["bad.sgf", "--ms", "10", "--out", "x.sgf"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("ended the game"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
