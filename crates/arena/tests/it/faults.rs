//! Every misbehaviour of the zoo is recorded as a loss for the right reason, the run goes on,
//! and no process is left behind.

use crate::common::*;

/// Plays one game: the faulty engine is black and moves first; returns the journal entry.
fn one_game(mode: &str, extra: &str, tc: &str, tolerance: &str) -> (serde_json::Value, String) {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let tag = format!("fault-{mode}-{n}-{}", std::process::id());
    let dir = workdir(&tag);
    let a = vec![
        "-engine".to_string(),
        zoo(mode, extra, &tag),
        "name=Faulty".to_string(),
        "-engine".to_string(),
        zoo("good", "", &tag),
        "name=Good".to_string(),
        "-each".to_string(),
        format!("tc={tc}"),
        format!("tolerance={tolerance}"),
        "-boardsize".to_string(),
        "9".to_string(),
        "-jsonl".to_string(),
        "games.jsonl".to_string(),
        "-pgn".to_string(),
        "games.pgn".to_string(),
        "-sgf".to_string(),
        "games.sgf".to_string(),
    ];
    let out = run_match("child_runner", &dir, &a);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_no_leftovers(&tag);
    let games = journal(&dir.join("games.jsonl"));
    assert_eq!(games.len(), 1, "{stdout}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap_or_default();
    let sgf = std::fs::read_to_string(dir.join("games.sgf")).unwrap_or_default();
    // Results read the same everywhere.
    match games[0]["winner"].as_str() {
        Some("white") => {
            assert!(
                pgn.contains("[Result \"1-0\"]")
                    && sgf.contains("RE[W+]")
                    && stdout.contains("white wins")
            );
        }
        Some("black") => {
            assert!(
                pgn.contains("[Result \"0-1\"]")
                    && sgf.contains("RE[B+]")
                    && stdout.contains("black wins")
            );
        }
        _ => assert!(pgn.contains("1/2-1/2") && sgf.contains("RE[0]") && stdout.contains("draw")),
    }
    let _ = std::fs::remove_dir_all(&dir);
    (games[0].clone(), stdout)
}

fn assert_loss(mode: &str, extra: &str, reason: &str) {
    let (g, out) = one_game(mode, extra, "0/0.3", "1");
    assert_eq!(g["black"], "Faulty", "{out}");
    assert_eq!(g["winner"], "white", "{mode}: {g}\n{out}");
    assert_eq!(g["reason"], reason, "{mode}: {g}\n{out}");
}

#[test]
fn crash_at_start() {
    assert_loss("crash-start", "", "crash");
}

#[test]
fn crash_mid_game() {
    let (g, out) = one_game("crash", "--after 2", "0/0.3", "1");
    assert_eq!(
        (g["winner"].as_str(), g["reason"].as_str()),
        (Some("white"), Some("crash")),
        "{out}"
    );
    // Two good moves by each side were played before the crash.
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(4), "{g}");
}

#[test]
fn hang_mid_game() {
    let (g, out) = one_game("hang", "--after 1", "0/0.3", "1");
    assert_eq!(
        (g["winner"].as_str(), g["reason"].as_str()),
        (Some("white"), Some("hang")),
        "{out}"
    );
}

#[test]
fn no_answer_to_start_is_a_hang() {
    assert_loss("mute-start", "", "hang");
}

#[test]
fn late_answer_is_a_time_forfeit() {
    // Turn 0.3 s + move overhead 0.5 s < 1.0 s < turn + tolerance 1 s.
    assert_loss("late", "--delay 1000", "time");
}

#[test]
fn match_time_runs_out() {
    // 0.4 s for the whole game and 0.2 s per move: the third move exceeds the match time.
    let (g, out) = one_game("late", "--delay 180", "0.4/1", "2");
    assert_eq!(
        (g["winner"].as_str(), g["reason"].as_str()),
        (Some("white"), Some("time")),
        "{out}"
    );
}

#[test]
fn occupied_square() {
    assert_loss("occupied", "--after 1", "illegal");
}

#[test]
fn off_board() {
    assert_loss("offboard", "", "illegal");
}

#[test]
fn junk_line() {
    assert_loss("junk", "", "illegal");
}

#[test]
fn non_utf8_bytes() {
    assert_loss("nonutf8", "", "illegal");
}

#[test]
fn huge_lines() {
    assert_loss("huge", "", "illegal");
}

#[test]
fn error_instead_of_move() {
    assert_loss("error", "", "illegal");
}

#[test]
fn error_line_followed_by_a_move_is_not_a_loss() {
    let (game, _) = one_game("error-then-move", "", "2/0.5", "0.5");
    // Random players: the game ends with a five or a full board, never a forfeit.
    let reason = game["reason"].as_str().unwrap_or_default();
    assert!(reason == "five" || reason == "full_board", "{game}");
    assert!(game["moves"].as_array().is_some_and(|m| m.len() >= 9), "{game}");
}

#[test]
fn stderr_flood_is_harmless() {
    let (g, out) = one_game("stderr-flood", "", "0/2", "2");
    let reason = g["reason"].as_str().unwrap_or_default();
    assert!(["five", "full_board"].contains(&reason), "{g}\n{out}");
}

#[test]
fn spawned_children_are_killed() {
    // The engine's sleeping child carries the tag; one_game checks that nothing is left.
    let (g, out) = one_game("spawn", "", "0/2", "2");
    let reason = g["reason"].as_str().unwrap_or_default();
    assert!(["five", "full_board"].contains(&reason), "{g}\n{out}");
}

#[test]
fn engine_ignoring_end_is_killed() {
    let start = std::time::Instant::now();
    let (g, out) = one_game("ignore-end", "", "0/2", "0.5");
    let reason = g["reason"].as_str().unwrap_or_default();
    assert!(["five", "full_board"].contains(&reason), "{g}\n{out}");
    assert!(start.elapsed().as_secs() < 10);
}

#[test]
fn fatal_error_stops_the_run() {
    let tag = format!("fatal-{}", std::process::id());
    let dir = workdir(&tag);
    let a = vec![
        "-engine".to_string(),
        zoo("crash", "--after 1", &tag),
        "-engine".to_string(),
        zoo("good", "", &tag),
        "-boardsize".to_string(),
        "9".to_string(),
        "-games".to_string(),
        "4".to_string(),
        "-fatalerror".to_string(),
        "-jsonl".to_string(),
        "g.jsonl".to_string(),
    ];
    let out = run_match("child_runner", &dir, &a);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fatal error"));
    assert!(journal(&dir.join("g.jsonl")).is_empty());
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine command that cannot be run, or an openings file that does not exist, stops the
/// match before any game with an error naming it (not a crash loss in every game); an engine
/// that starts and dies later is still a crash loss (`crash_at_start`, `crash_mid_game`).
#[test]
fn engines_that_cannot_be_run_and_missing_inputs_stop_the_match_before_any_game() {
    let tag = format!("fault-preflight-{}", std::process::id());
    let dir = workdir(&tag);
    std::fs::write(dir.join("not-a-program"), "#!/bin/sh\n").unwrap_or_default();
    let good = zoo("good", "", &tag);
    let cases: [(&[&str], String); 4] = [
        (
            &["-engine", "cmd=./engines/pbrain-missing", "-engine", &good],
            format!("./engines/pbrain-missing does not exist (resolved against {})", dir.display()),
        ),
        (&["-engine", &good, "-engine", "cmd=./not-a-program"], "is not executable".to_owned()),
        (&["-engine", &good, "-engine", "cmd=no-such-engine"], "any PATH directory".to_owned()),
        (
            &["-engine", &good, "-engine", &good, "-openings", "file=missing-openings.txt"],
            "missing-openings.txt".to_owned(),
        ),
    ];
    for (engines, expected) in cases {
        let mut a = args(engines);
        a.extend(args(&["-each", "tc=0/0.3", "-boardsize", "9", "-jsonl", "games.jsonl"]));
        let out = run_match("child_runner", &dir, &a);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains(&expected), "{expected}\n{stderr}");
        assert!(journal(&dir.join("games.jsonl")).is_empty(), "no game was played: {stderr}");
    }
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}
