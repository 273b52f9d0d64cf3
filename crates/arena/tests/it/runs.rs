//! Whole runs: outputs and samples, resume after a kill, SIGTERM, SPRT stop, the demo.

use std::io::Read;
use std::time::Duration;

use crate::common::*;
use renzoku_arena::games::output::sample::decode_bin;

fn s(v: &str) -> String {
    v.to_string()
}

fn good_pair(tag: &str) -> Vec<String> {
    vec![
        s("-engine"),
        zoo("good", "", tag),
        s("name=A"),
        s("-engine"),
        zoo("good", "", tag),
        s("name=B"),
    ]
}

#[test]
fn samples_decode_in_every_format() {
    let tag = format!("samples-{}", std::process::id());
    let dir = workdir(&tag);
    for (format, file) in [("csv", "s.csv"), ("bin", "s.bin"), ("bin_lz4", "s.bin.lz4")] {
        let mut a = good_pair(&tag);
        a.extend(
            ["-boardsize", "9", "-rule", "4", "-games", "4", "-repeat", "-jsonl", "g.jsonl"].map(s),
        );
        a.extend([s("-sample"), format!("format={format}"), format!("file={file}")]);
        let out = run_match("child_runner", &dir, &a);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let games = journal(&dir.join("g.jsonl"));
        assert_eq!(games.len(), 4);
        // freq=1: one sample per engine move of every game without a fault.
        let expected: usize = games
            .iter()
            .filter(|g| {
                ["five", "forbidden", "full_board"].contains(&g["reason"].as_str().unwrap_or(""))
            })
            .map(|g| g["moves"].as_array().map_or(0, Vec::len))
            .sum();
        let bytes = std::fs::read(dir.join(file)).unwrap_or_default();
        if format == "csv" {
            {
                let text = String::from_utf8(bytes).unwrap_or_default();
                assert_eq!(text.lines().count(), expected);
                for line in text.lines() {
                    let f: Vec<&str> = line.split(',').collect();
                    assert_eq!(f.len(), 3, "{line}");
                    assert!(["0", "1", "2"].contains(&f[2]), "{line}");
                }
            }
        } else {
            {
                let raw = if format == "bin_lz4" {
                    let mut d = lz4_flex::frame::FrameDecoder::new(&bytes[..]);
                    let mut v = Vec::new();
                    d.read_to_end(&mut v).unwrap_or_else(|e| panic!("{e}"));
                    // The lz4 command-line tool reads it too, when installed.
                    if let Ok(o) = std::process::Command::new("lz4")
                        .args(["-dc", file])
                        .current_dir(&dir)
                        .output()
                    {
                        assert!(o.status.success());
                        assert_eq!(o.stdout, v);
                    }
                    v
                } else {
                    bytes
                };
                let entries = decode_bin(&raw).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(entries.len(), expected);
                for (i, (result, size, rule, _mv, position)) in entries.iter().enumerate() {
                    assert!(*result <= 2 && *size == 9 && *rule == 4);
                    // Positions grow by one stone per sample within a game.
                    if i > 0 && !position.is_empty() {
                        assert_eq!(entries[i - 1].4.len() + 1, position.len());
                    }
                }
            }
        }
    }
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

fn opening_args(tag: &str, srand: u64, extra: &[&str]) -> Vec<String> {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-offset.txt");
    let mut a = good_pair(tag);
    a.extend(
        [
            "-boardsize",
            "15",
            "-games",
            "12",
            "-repeat",
            "-transform",
            "-jsonl",
            "g.jsonl",
            "-pgn",
            "g.pgn",
        ]
        .map(s),
    );
    a.extend([
        s("-openings"),
        format!("file={openings}"),
        s("order=random"),
        format!("srand={srand}"),
    ]);
    a.extend(extra.iter().map(|x| s(x)));
    a
}

fn schedule_of(games: &[serde_json::Value]) -> Vec<(u64, String, String, String)> {
    let mut v: Vec<_> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap_or(0),
                g["black"].as_str().unwrap_or("").to_string(),
                g["opening"].as_str().unwrap_or("").to_string(),
                g["moves"][0].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn resume_after_a_kill_plays_the_same_schedule() {
    let tag = format!("resume-{}", std::process::id());
    let dir = workdir(&tag);
    // Uninterrupted run with an unpredictable seed (srand=0): the seed goes to the journal.
    let out = run_match("child_runner", &dir, &opening_args(&tag, 0, &[]));
    assert_eq!(out.status.code(), Some(0));
    let full = journal(&dir.join("g.jsonl"));
    assert_eq!(full.len(), 12);
    // Simulate kill -9 after 5 games, the 6th line torn.
    let text = std::fs::read_to_string(dir.join("g.jsonl")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!("{}\n{}", lines[..5].join("\n"), &lines[5][..20]);
    std::fs::write(dir.join("g.jsonl"), cut).unwrap_or_else(|e| panic!("{e}"));
    let out = run_match("child_runner", &dir, &opening_args(&tag, 0, &["-resume"]));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Resuming: 5 of 12"), "{stdout}");
    assert!(!stdout.contains("Finished game 1 of"), "{stdout}");
    let resumed = journal(&dir.join("g.jsonl"));
    assert_eq!(resumed.len(), 12);
    assert_eq!(schedule_of(&resumed), schedule_of(&full));
    assert!(stdout.contains("Games: 12,"), "{stdout}");
    // The PGN held all 12 games of the first run; after the resume it holds each game once,
    // the 7 replayed ones included.
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap_or_default();
    assert_eq!(numbers_after(&pgn, "[Event \""), (1..=12).collect::<Vec<_>>(), "{pgn}");
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_kills_every_engine_and_keeps_finished_games() {
    let tag = format!("sigterm-{}", std::process::id());
    let dir = workdir(&tag);
    let mut a =
        vec![s("-engine"), zoo("late", "--delay 100", &tag), s("-engine"), zoo("spawn", "", &tag)];
    a.extend(["-boardsize", "15", "-games", "50", "-concurrency", "2", "-jsonl", "g.jsonl"].map(s));
    let mut child = spawn_match("child_runner", &dir, &a);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(!processes_with(&tag).is_empty(), "engines should be running");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status.code(), Some(130));
    assert_no_leftovers(&tag);
    let games = journal(&dir.join("g.jsonl"));
    assert!(games.len() < 50);
    // Every journal line is a complete game.
    let text = std::fs::read_to_string(dir.join("g.jsonl")).unwrap_or_default();
    assert_eq!(text.lines().count(), games.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_the_run() {
    let tag = format!("sprt-{}", std::process::id());
    let dir = workdir(&tag);
    let mut a = vec![
        s("-engine"),
        zoo("good", "", &tag),
        s("name=Good"),
        s("-engine"),
        zoo("crash", "--after 1", &tag),
        s("name=Bad"),
    ];
    a.extend(
        [
            "-boardsize",
            "9",
            "-games",
            "400",
            "-repeat",
            "-sprt",
            "elo0=0",
            "elo1=20",
            "-jsonl",
            "g.jsonl",
        ]
        .map(s),
    );
    let out = run_match("child_runner", &dir, &a);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("Ptnml(0-2): [0, 0, 0, 0,"), "{stdout}");
    let n = journal(&dir.join("g.jsonl")).len();
    assert!((2..400).contains(&n), "{n}");
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn demo_runs_with_a_stand_in_engine() {
    let dir = workdir("demo");
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(exe)
        .args(["child_runner", "--exact", "--nocapture"])
        .env(CHILD_ARGS, "-boardsize\n9")
        .env("RENZOKU_DEMO_ENGINE", ZOO)
        .current_dir(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Demo:") && stdout.contains("Games: 2,"), "{stdout}");
    assert!(stdout.contains('X') && stdout.contains("Renzoku-A (X) vs Renzoku-B (O)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The numbers that follow each occurrence of `marker`, sorted.
fn numbers_after(text: &str, marker: &str) -> Vec<u64> {
    let mut v: Vec<u64> = text
        .match_indices(marker)
        .filter_map(|(i, _)| {
            let rest = &text[i + marker.len()..];
            let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            rest[..end].parse().ok()
        })
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn sigkill_mid_run_then_resume_leaves_outputs_matching_the_journal() {
    let tag = format!("sigkill-{}", std::process::id());
    let dir = workdir(&tag);
    let total = 30;
    let mut a = vec![
        s("-engine"),
        zoo("late", "--delay 3", &tag),
        s("name=A"),
        s("-engine"),
        zoo("late", "--delay 3", &tag),
        s("name=B"),
    ];
    a.extend(
        [
            "-boardsize",
            "9",
            "-games",
            "30",
            "-repeat",
            "-concurrency",
            "2",
            "-jsonl",
            "g.jsonl",
            "-pgn",
            "g.pgn",
            "-sgf",
            "g.sgf",
            "-msg",
            "g.txt",
        ]
        .map(s),
    );
    a.extend([s("-sample"), s("format=bin_lz4"), s("file=s.bin.lz4")]);
    let mut child = spawn_match("child_runner", &dir, &a);
    let start = std::time::Instant::now();
    while journal(&dir.join("g.jsonl")).len() < 6 {
        assert!(start.elapsed() < Duration::from_secs(30), "the run does not progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGKILL,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let _ = child.wait();
    // Orphaned engines exit when their stdin closes.
    assert_no_leftovers(&tag);
    let before = journal(&dir.join("g.jsonl")).len();
    assert!(before < total, "the kill came too late: {before} games");

    a.push(s("-resume"));
    let out = run_match("child_runner", &dir, &a);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(&format!("Resuming: {before} of {total}")), "{stdout}");
    assert_no_leftovers(&tag);

    let games = journal(&dir.join("g.jsonl"));
    let text = std::fs::read_to_string(dir.join("g.jsonl")).unwrap_or_default();
    assert_eq!(text.lines().count(), total, "the journal has torn or duplicate lines");
    let all: Vec<u64> = (1..=total as u64).collect();
    let mut ids: Vec<u64> = games.iter().filter_map(|g| g["game"].as_u64()).collect();
    ids.sort_unstable();
    assert_eq!(ids, all);
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
    assert_eq!(numbers_after(&read("g.pgn"), "[Event \""), all);
    assert_eq!(numbers_after(&read("g.sgf"), "GN["), all);
    assert_eq!(numbers_after(&read("g.txt"), "Game ID: "), all);
    // Every game's messages are in the -msg file, in journal order.
    let msg = read("g.txt");
    let mut at = 0;
    for g in &games {
        for m in g["messages"].as_array().into_iter().flatten() {
            let m = m.as_str().unwrap_or_default();
            let found = msg[at..].find(m).unwrap_or_else(|| panic!("missing message {m}"));
            at += found + m.len();
        }
    }

    // Samples: one LZ4 frame that the lz4 tool reads, holding exactly the journal's samples.
    let bytes = std::fs::read(dir.join("s.bin.lz4")).unwrap_or_default();
    let mut raw = Vec::new();
    lz4_flex::frame::FrameDecoder::new(&bytes[..])
        .read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("{e}"));
    if let Ok(o) =
        std::process::Command::new("lz4").args(["-dc", "s.bin.lz4"]).current_dir(&dir).output()
    {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.stdout, raw);
    }
    let entries = decode_bin(&raw).unwrap_or_else(|e| panic!("{e}"));
    let mut expected = Vec::new();
    for g in &games {
        let moves: Vec<String> = g["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|m| m.as_str().unwrap_or_default().to_string())
            .collect();
        for k in g["samples"].as_array().into_iter().flatten().filter_map(serde_json::Value::as_u64)
        {
            expected.push((k as usize, moves[k as usize].clone(), moves[..k as usize].to_vec()));
        }
    }
    assert!(!expected.is_empty());
    assert_eq!(entries.len(), expected.len());
    for ((_, size, _, mv, position), (k, emv, epos)) in entries.iter().zip(&expected) {
        assert_eq!(*size, 9);
        assert_eq!(position.len(), *k);
        assert_eq!(&mv.to_string(), emv);
        let pos: Vec<String> = position.iter().map(ToString::to_string).collect();
        assert_eq!(&pos, epos);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
