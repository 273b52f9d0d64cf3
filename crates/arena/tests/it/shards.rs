//! A match split with -shard I/N and joined with renzoku merge: the shards play exactly the
//! games of the unsharded run (seeded zoo engines play the same game wherever it is played),
//! the merge counts each game once, lists the missing ones, refuses other matches, rebuilds
//! the files; -resume per shard; an SPRT decided across shards through the journal directory.

use std::path::{Path, PathBuf};

use crate::common::*;
use renzoku_arena::run::merge::{self, MergeOptions};

fn s(v: &str) -> String {
    v.to_string()
}

/// Two seeded zoo engines, openings in random order with a fixed srand, colour-swapped pairs.
fn match_args(tag: &str, games: u32, extra: &[&str]) -> Vec<String> {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-offset.txt");
    let mut a = vec![
        s("-engine"),
        zoo("good", "--seed 1", tag),
        s("name=A"),
        s("option.zoo_skill=60"),
        s("-engine"),
        zoo("good", "--seed 2", tag),
        s("name=B"),
        s("option.zoo_skill=40"),
        s("-openings"),
        format!("file={openings}"),
        s("order=random"),
        s("srand=7"),
        s("-games"),
        games.to_string(),
        s("-repeat"),
        s("-transform"),
        s("-ratinginterval"),
        s("0"),
    ];
    a.extend(extra.iter().map(|x| s(x)));
    a
}

/// Game number → (black, white, moves, winner) of a journal (or merged journal).
fn games_of(path: &Path) -> Vec<(u64, String, String, String, String)> {
    let mut v: Vec<_> = journal(path)
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap_or(0),
                g["black"].as_str().unwrap_or("").to_string(),
                g["white"].as_str().unwrap_or("").to_string(),
                g["moves"].to_string(),
                g["winner"].to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn merge_opts(inputs: &[PathBuf]) -> MergeOptions {
    MergeOptions { inputs: inputs.to_vec(), ..MergeOptions::default() }
}

/// The line `Games: …` of a report.
fn games_line(text: &str) -> String {
    text.lines().find(|l| l.starts_with("Games: ")).unwrap_or("").to_string()
}

fn ptnml_line(text: &str) -> String {
    text.lines().find(|l| l.starts_with("Ptnml")).unwrap_or("").to_string()
}

#[test]
fn shards_play_the_unsharded_games_and_merge_exactly() {
    let tag = format!("shards-{}", std::process::id());
    let dir = workdir(&tag);
    let full = run_match(
        "child_runner",
        &dir,
        &match_args(
            &tag,
            22,
            &[
                "-concurrency",
                "2",
                "-jsonl",
                "full.jsonl",
                "-pgn",
                "full.pgn",
                "-sample",
                "file=full.csv",
            ],
        ),
    );
    let full_out = String::from_utf8_lossy(&full.stdout).into_owned();
    assert_eq!(full.status.code(), Some(0), "{full_out}");
    let expected = games_of(&dir.join("full.jsonl"));
    assert_eq!(expected.len(), 22);
    // The same match in three shards, each with its own journal (and PGN) under one name.
    std::fs::create_dir_all(dir.join("run")).unwrap_or_else(|e| panic!("{e}"));
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = run_match(
            "child_runner",
            &dir,
            &match_args(
                &tag,
                22,
                &[
                    "-jsonl",
                    "run/m.jsonl",
                    "-pgn",
                    "run/m.pgn",
                    "-msg",
                    "run/m.txt",
                    "-sample",
                    "file=run/s.csv",
                    "-shard",
                    &shard,
                ],
            ),
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains(&format!("Shard {i}/3: ")), "{text}");
        assert!(dir.join(format!("run/m.shard-{i}-of-3.pgn")).exists());
    }
    let shard_games: Vec<_> =
        (1..=3).map(|i| games_of(&dir.join(format!("run/m.shard-{i}-of-3.jsonl")))).collect();
    // Pairs stay together: 11 pairs over 3 shards are 4, 4 and 3 pairs.
    assert_eq!(shard_games.iter().map(Vec::len).collect::<Vec<_>>(), vec![8, 8, 6]);
    for g in shard_games.iter().flatten() {
        assert!(shard_games.iter().flatten().filter(|h| h.0 == (g.0 - 1) / 2 * 2 + 1).count() == 1);
    }
    // Merged: the games of the unsharded run, game for game, and the same statistics.
    let sample =
        renzoku_arena::config::options::parse_sample(&[("file".into(), "merged.csv".into())])
            .map(|mut s| {
                s.file = dir.join("merged.csv");
                s
            })
            .ok();
    let m = MergeOptions {
        jsonl: Some(dir.join("merged.jsonl")),
        pgn: Some(dir.join("merged.pgn")),
        msg: Some(dir.join("merged.txt")),
        sample,
        ..merge_opts(&[dir.join("run")])
    };
    let merged = merge::merge(&m).unwrap_or_else(|e| panic!("{e}"));
    let report = merged.report();
    assert_eq!(games_of(&dir.join("merged.jsonl")), expected);
    assert!(report.contains("Merged 22 of the 22 games"), "{report}");
    assert!(report.contains("Missing games: none"), "{report}");
    assert_eq!(games_line(&report), games_line(&full_out), "{report}\n{full_out}");
    assert_eq!(ptnml_line(&report), ptnml_line(&full_out), "{report}\n{full_out}");
    assert!(!ptnml_line(&report).is_empty());
    // The rebuilt PGN holds the unsharded run's games (the run writes them as they finish,
    // the merge in game order).
    let pgn_games = |p: &Path| {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let mut games: Vec<String> =
            text.split("[Event ").filter(|g| !g.is_empty()).map(str::to_string).collect();
        games.sort();
        games
    };
    assert_eq!(pgn_games(&dir.join("merged.pgn")), pgn_games(&dir.join("full.pgn")));
    // The samples too (drawn from the seed and the game number); the engines' messages name
    // their process ids, so only their games are compared.
    let sorted_lines = |p: &Path| {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    let samples = sorted_lines(&dir.join("merged.csv"));
    assert!(samples.len() > 22, "{}", samples.len());
    assert_eq!(samples, sorted_lines(&dir.join("full.csv")));
    let messages = std::fs::read_to_string(dir.join("merged.txt")).unwrap_or_default();
    let ids: Vec<&str> = messages.lines().filter(|l| l.starts_with("Game ID: ")).collect();
    assert_eq!(ids.len(), 22);
    assert!(messages.contains("zoo good"), "{messages}");

    // A shard given twice counts once; a shard left out is listed as missing.
    let s1 = dir.join("run/m.shard-1-of-3.jsonl");
    let s2 = dir.join("run/m.shard-2-of-3.jsonl");
    let twice = merge::merge(&merge_opts(&[s1.clone(), s1.clone(), s2.clone()]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(twice.duplicates, 8);
    assert_eq!(twice.standings.finished, 16);
    assert_eq!(twice.missing_count, 6);
    // Shard 3 holds pairs 2, 5, 8 → games 5-6, 11-12, 17-18.
    assert_eq!(twice.missing, vec![(5, 6), (11, 12), (17, 18)]);
    assert!(twice.report().contains("Missing games: 6 (5-6, 11-12, 17-18)"), "{}", twice.report());

    // Another match (another skill for A) is refused with a clear error.
    let mut other_args = match_args(&tag, 22, &["-jsonl", "other.jsonl", "-shard", "1/3"]);
    other_args[3] = s("option.zoo_skill=61");
    let out = run_match("child_runner", &dir, &other_args);
    assert_eq!(out.status.code(), Some(0));
    let err = merge::merge(&merge_opts(&[s1, dir.join("other.shard-1-of-3.jsonl")]))
        .err()
        .unwrap_or_default();
    assert!(err.contains("belongs to another match"), "{err}");
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_resumes_its_own_journal() {
    let tag = format!("shard-resume-{}", std::process::id());
    let dir = workdir(&tag);
    let args = match_args(&tag, 16, &["-jsonl", "m.jsonl", "-shard", "2/2"]);
    let out = run_match("child_runner", &dir, &args);
    assert_eq!(out.status.code(), Some(0));
    let path = dir.join("m.shard-2-of-2.jsonl");
    let complete = games_of(&path);
    assert_eq!(complete.len(), 8);
    // Cut the journal after three games and a torn line, as a kill would leave it.
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut cut: String = text.lines().take(3).flat_map(|l| [l, "\n"]).collect();
    cut.push_str("{\"game\": 1");
    std::fs::write(&path, cut).unwrap_or_else(|e| panic!("{e}"));
    let mut resume = args.clone();
    resume.push(s("-resume"));
    let out = run_match("child_runner", &dir, &resume);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Resuming: 3 of 8 games"), "{stdout}");
    assert_eq!(games_of(&path), complete);
    // The other shard's journal is not this shard's to resume.
    std::fs::copy(&path, dir.join("m.shard-1-of-2.jsonl")).unwrap_or_else(|e| panic!("{e}"));
    let mut wrong = match_args(&tag, 16, &["-jsonl", "m.jsonl", "-shard", "1/2"]);
    wrong.push(s("-resume"));
    let out = run_match("child_runner", &dir, &wrong);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not in shard 1/2"));
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_is_decided_across_shards_and_late_shards_stop_at_once() {
    let tag = format!("shard-sprt-{}", std::process::id());
    let dir = workdir(&tag);
    let args = |shard: &str| {
        let mut a = vec![
            s("-engine"),
            zoo("good", "--seed 1", &tag),
            s("name=Good"),
            s("option.zoo_skill=100"),
            s("-engine"),
            zoo("good", "--seed 2", &tag),
            s("name=Weak"),
        ];
        a.extend(
            [
                "-boardsize",
                "9",
                "-games",
                "2000",
                "-repeat",
                "-sprt",
                "elo0=0",
                "elo1=20",
                "-jsonl",
                "m.jsonl",
                "-ratinginterval",
                "0",
                "-shard",
                shard,
            ]
            .map(s),
        );
        a
    };
    // Two shards at the same time; neither could decide that fast alone.
    let first = spawn_match("child_runner", &dir, &args("1/3"));
    let second = spawn_match("child_runner", &dir, &args("2/3"));
    let outs = [first, second].map(|c| c.wait_with_output().unwrap_or_else(|e| panic!("{e}")));
    for out in &outs {
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains("All shards so far"), "{text}");
        assert!(
            text.contains("H1 accepted") || text.contains("decided by another shard"),
            "{text}"
        );
    }
    let decision = std::fs::read_to_string(dir.join("m.sprt-decision.json")).unwrap_or_default();
    assert!(decision.contains("\"decision\":\"H1\""), "{decision}");
    let played: usize =
        (1..=2).map(|i| journal(&dir.join(format!("m.shard-{i}-of-3.jsonl"))).len()).sum();
    assert!((2..2000).contains(&played), "{played}");
    // A shard that starts after the decision plays nothing.
    let late = run_match("child_runner", &dir, &args("3/3"));
    let text = String::from_utf8_lossy(&late.stdout);
    assert_eq!(late.status.code(), Some(0), "{text}");
    assert!(text.contains("SPRT: H1 accepted by shard"), "{text}");
    assert!(!dir.join("m.shard-3-of-3.jsonl").exists());
    // The merge of the directory agrees.
    let merged =
        merge::merge(&merge_opts(std::slice::from_ref(&dir))).unwrap_or_else(|e| panic!("{e}"));
    assert!(merged.report().contains("SPRT: H1 accepted."), "{}", merged.report());
    assert_eq!(merged.standings.finished, played);
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}
