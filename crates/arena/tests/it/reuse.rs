//! Engine processes are kept from game to game and replaced only after a fault; engines without
//! a clock cannot hang the run; a panicking worker leaves no process behind.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::*;

fn s(v: &str) -> String {
    v.to_string()
}

/// Engine name → the process ids that played for it in each game (from the zoo's MESSAGEs).
fn pids_per_game(games: &[serde_json::Value]) -> BTreeMap<String, Vec<BTreeSet<u64>>> {
    let mut out: BTreeMap<String, Vec<BTreeSet<u64>>> = BTreeMap::new();
    for g in games {
        let mut this: BTreeMap<String, BTreeSet<u64>> = BTreeMap::new();
        for m in g["messages"].as_array().into_iter().flatten() {
            let m = m.as_str().unwrap_or_default();
            // "ply) NAME: zoo MODE pid PID move N"
            let Some((head, text)) = m.split_once(": ") else { continue };
            let name = head.split_once(") ").map_or(head, |(_, n)| n).to_string();
            let words: Vec<&str> = text.split_whitespace().collect();
            if let Some(i) = words.iter().position(|w| *w == "pid")
                && let Some(pid) = words.get(i + 1).and_then(|p| p.parse().ok())
            {
                this.entry(name).or_default().insert(pid);
            }
        }
        for (name, pids) in this {
            out.entry(name).or_default().push(pids);
        }
    }
    out
}

fn all_pids(games: &[BTreeSet<u64>]) -> BTreeSet<u64> {
    games.iter().flatten().copied().collect()
}

fn run(
    tag: &str,
    engines: &[(&str, &str, &str)],
    extra: &[&str],
) -> (Vec<serde_json::Value>, String) {
    let dir = workdir(tag);
    let mut a = Vec::new();
    for (mode, opts, name) in engines {
        a.extend([s("-engine"), zoo(mode, opts, tag), format!("name={name}")]);
    }
    // -msg: the journal then keeps the engines' messages, which name their process ids.
    a.extend(["-boardsize", "9", "-jsonl", "g.jsonl", "-msg", "g.txt"].map(s));
    a.extend(extra.iter().map(|x| s(x)));
    let out = run_match("child_runner", &dir, &a);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_no_leftovers(tag);
    let games = journal(&dir.join("g.jsonl"));
    let _ = std::fs::remove_dir_all(&dir);
    (games, stdout)
}

#[test]
fn the_journal_keeps_messages_only_for_a_msg_file() {
    let tag = format!("nomsg-{}", std::process::id());
    let dir = workdir(&tag);
    let mut a = vec![s("-engine"), zoo("good", "", &tag), s("-engine"), zoo("good", "", &tag)];
    a.extend(["-boardsize", "9", "-games", "2", "-jsonl", "g.jsonl"].map(s));
    let out = run_match("child_runner", &dir, &a);
    assert_eq!(out.status.code(), Some(0));
    let games = journal(&dir.join("g.jsonl"));
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g["messages"].as_array().is_some_and(Vec::is_empty)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn healthy_engines_play_every_game_on_one_process_per_worker() {
    let tag = format!("reuse-one-{}", std::process::id());
    let (games, out) =
        run(&tag, &[("good", "", "A"), ("good", "", "B")], &["-games", "8", "-repeat"]);
    assert_eq!(games.len(), 8, "{out}");
    let pids = pids_per_game(&games);
    for name in ["A", "B"] {
        let per_game = &pids[name];
        assert_eq!(per_game.len(), 8, "{name}: {per_game:?}");
        assert_eq!(all_pids(per_game).len(), 1, "{name} was restarted: {per_game:?}");
    }
    assert_ne!(all_pids(&pids["A"]), all_pids(&pids["B"]));
}

#[test]
fn each_worker_keeps_its_own_processes() {
    let tag = format!("reuse-two-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("late", "--delay 2", "A"), ("late", "--delay 2", "B")],
        &["-games", "12", "-concurrency", "2"],
    );
    assert_eq!(games.len(), 12, "{out}");
    let pids = pids_per_game(&games);
    for name in ["A", "B"] {
        let used = all_pids(&pids[name]);
        // One process per worker at most, never more.
        assert!((1..=2).contains(&used.len()), "{name}: {:?}", pids[name]);
        // Within one game, one process per engine.
        assert!(pids[name].iter().all(|g| g.len() == 1), "{name}: {:?}", pids[name]);
    }
}

#[test]
fn misbehaving_engines_are_restarted_healthy_ones_kept() {
    let tag = format!("reuse-fault-{}", std::process::id());
    // The faulty engine plays one good move per process, then an occupied square: every game
    // ends with its illegal move, and each game must get a fresh process.
    let (games, out) =
        run(&tag, &[("occupied", "--after 1", "Faulty"), ("good", "", "Good")], &["-games", "4"]);
    assert_eq!(games.len(), 4, "{out}");
    assert!(games.iter().all(|g| g["reason"] == "illegal"), "{games:?}");
    let pids = pids_per_game(&games);
    assert_eq!(all_pids(&pids["Faulty"]).len(), 4, "{:?}", pids["Faulty"]);
    assert_eq!(all_pids(&pids["Good"]).len(), 1, "{:?}", pids["Good"]);
}

#[test]
fn crashed_and_late_engines_are_restarted() {
    let tag = format!("reuse-crash-{}", std::process::id());
    let (games, out) =
        run(&tag, &[("crash", "--after 2", "Crashy"), ("good", "", "Good")], &["-games", "3"]);
    assert!(games.iter().all(|g| g["reason"] == "crash"), "{games:?}\n{out}");
    let pids = pids_per_game(&games);
    assert_eq!(all_pids(&pids["Crashy"]).len(), 3, "{:?}", pids["Crashy"]);
    assert_eq!(all_pids(&pids["Good"]).len(), 1, "{:?}", pids["Good"]);

    // A late answer (time forfeit) also retires the process: it may still be thinking.
    let tag = format!("reuse-late-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("late", "--after 1 --delay 700", "Slow"), ("good", "", "Good")],
        &["-games", "2", "-each", "tc=0/0.1", "tolerance=1"],
    );
    assert!(games.iter().all(|g| g["reason"] == "time"), "{games:?}\n{out}");
    let pids = pids_per_game(&games);
    assert_eq!(all_pids(&pids["Slow"]).len(), 2, "{:?}", pids["Slow"]);
    assert_eq!(all_pids(&pids["Good"]).len(), 1, "{:?}", pids["Good"]);
}

#[test]
fn engine_refusing_a_new_start_is_restarted_without_losing() {
    let tag = format!("reuse-once-{}", std::process::id());
    let (games, out) = run(&tag, &[("once", "", "Once"), ("good", "", "Good")], &["-games", "3"]);
    assert_eq!(games.len(), 3, "{out}");
    for g in &games {
        let reason = g["reason"].as_str().unwrap_or_default();
        assert!(["five", "full_board"].contains(&reason), "{g}");
    }
    let pids = pids_per_game(&games);
    assert_eq!(all_pids(&pids["Once"]).len(), 3, "{:?}", pids["Once"]);
    assert_eq!(all_pids(&pids["Good"]).len(), 1, "{:?}", pids["Good"]);
}

#[test]
fn engine_without_a_clock_loses_by_hang_after_the_hang_timeout() {
    for limits in [&["-each", "depth=3"][..], &[][..]] {
        let tag = format!("hang-timeout-{}-{}", limits.len(), std::process::id());
        let start = std::time::Instant::now();
        let mut extra = vec!["-hangtimeout", "0.4", "-games", "2"];
        extra.extend_from_slice(limits);
        let (games, out) =
            run(&tag, &[("hang", "--after 1", "Hangs"), ("good", "", "Good")], &extra);
        assert_eq!(games.len(), 2, "{out}");
        for g in &games {
            assert_eq!(g["reason"], "hang", "{g}");
            assert_eq!(g["winner"], if g["black"] == "Hangs" { "white" } else { "black" }, "{g}");
            assert!(g["detail"].as_str().is_some_and(|d| d.contains("hang timeout")), "{g}");
        }
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    }
}

#[test]
fn three_engines_get_an_overall_standings_table() {
    let tag = format!("standings-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("good", "", "Alpha"), ("crash", "--after 1", "Crashy"), ("good", "", "Gamma")],
        &["-games", "4", "-ratinginterval", "6"],
    );
    assert_eq!(games.len(), 12, "{out}");
    // At the interval (game 6) and at the end.
    assert_eq!(out.matches("Standings (Elo vs the field").count(), 2, "{out}");
    let table = &out[out.rfind("Standings (Elo").unwrap_or(0)..];
    let rows: Vec<&str> = table.lines().skip(2).take(3).collect();
    let names: Vec<&str> = rows.iter().filter_map(|r| r.split_whitespace().nth(1)).collect();
    // Crashy loses every game, so it is last with 0 %.
    assert_eq!(names.len(), 3, "{table}");
    assert_eq!(names[2], "Crashy", "{table}");
    // Its Elo has no finite estimate: shown as `-`, never `-inf`.
    assert_eq!(rows[2].split_whitespace().nth(4), Some("-"), "{table}");
    assert!(!out.contains("inf") && !out.contains("nan"), "{out}");
    let winner = out.contains(" finished first with ") || out.contains(" share first place with ");
    assert!(winner, "the closing block names the winner: {out}");
    for r in &rows {
        assert_eq!(r.split_whitespace().nth(2), Some("8"), "{table}");
    }

    // Gauntlet: the table as well.
    let tag = format!("standings-g-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("good", "", "Alpha"), ("good", "", "Beta"), ("good", "", "Gamma")],
        &["-games", "2", "-gauntlet"],
    );
    assert_eq!(games.len(), 4, "{out}");
    let table = &out[out.rfind("Standings (Elo").unwrap_or(0)..];
    assert!(table.contains("Alpha") && table.contains("Beta") && table.contains("Gamma"));

    // Two engines: no table.
    let tag = format!("standings-2-{}", std::process::id());
    let (_, out) = run(&tag, &[("good", "", "A"), ("good", "", "B")], &["-games", "2"]);
    assert!(!out.contains("Standings"), "{out}");
}

#[test]
fn debug_prints_boards_and_engine_lines_and_logs() {
    let tag = format!("debug-{}", std::process::id());
    let dir = workdir(&tag);
    let mut a = vec![s("-engine"), zoo("good", "", &tag), s("name=A")];
    a.extend([s("-engine"), zoo("error", "--after 3", &tag), s("name=E")]);
    // E answers ERROR and then nothing: it loses when the hang timeout runs out.
    a.extend(["-boardsize", "7", "-games", "2", "-debug", "-hangtimeout", "1"].map(s));
    let out = run_match("child_runner", &dir, &a);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("engine A output message: zoo good pid"), "{stdout}");
    assert!(stdout.contains("engine E output error: I do not feel like playing"), "{stdout}");
    assert!(stdout.contains("Started game 1 (A vs E)"), "{stdout}");
    // Boards: a frame of 7 × "--", rows of 7 cells.
    assert!(stdout.contains("\n  --------------\n"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("  ") && l.contains("X ") && l.len() == 16));
    let log = std::fs::read_to_string(dir.join("c-gomoku-cli.1.log")).unwrap_or_default();
    assert!(log.contains("A <- START 7") && log.contains("E -> ERROR"), "{log}");
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panicking_worker_stops_the_run_and_leaves_no_process() {
    use renzoku_arena::config::options::{EngineOptions, Options};
    let tag = format!("panic-{}", std::process::id());
    let engine = |name: &str| EngineOptions {
        cmd: format!("{ZOO} good --tag {tag}"),
        name: Some(name.to_string()),
        ..EngineOptions::default()
    };
    let o = Options {
        engines: vec![engine("A"), engine("B")],
        games: 50,
        concurrency: 2,
        board_size: 9,
        ..Options::default()
    };
    let observer = |b: &renzoku_rules::Board, _: &str, _: &str| {
        assert!(b.stone_count() < 6, "observer panics on purpose");
    };
    let code = renzoku_arena::run::runner::run(&o, Some(&observer));
    assert_eq!(code, Ok(1));
    assert_eq!(renzoku_arena::engines::process::live_count(), 0);
    assert_no_leftovers(&tag);
}

/// Parses a `Cpus_allowed_list` (`0-2,5`).
fn cpu_list(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                if let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) {
                    out.extend(a..=b);
                }
            }
            None => out.extend(part.parse::<usize>().ok()),
        }
    }
    out
}

/// Per game, the CPU lists its engine processes were allowed to run on.
fn cpus_per_game(games: &[serde_json::Value]) -> Vec<BTreeSet<Vec<usize>>> {
    games
        .iter()
        .map(|g| {
            g["messages"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| {
                    let words: Vec<&str> = m.as_str()?.split_whitespace().collect();
                    let i = words.iter().position(|w| *w == "cpus")?;
                    Some(cpu_list(words.get(i + 1)?))
                })
                .collect()
        })
        .collect()
}

#[test]
fn workers_and_their_engines_get_their_own_cpus() {
    let allowed = renzoku_arena::run::affinity::allowed_cpus();
    let tag = format!("affinity-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("late", "--delay 1", "A"), ("late", "--delay 1", "B")],
        &["-games", "10", "-concurrency", "2"],
    );
    assert_eq!(games.len(), 10, "{out}");
    let per_game = cpus_per_game(&games);
    let used: BTreeSet<Vec<usize>> = per_game.iter().flatten().cloned().collect();
    if allowed.len() >= 2 {
        // Both engines of a game share their worker's CPUs; the two workers' shares split the
        // allowed CPUs between them.
        assert!(per_game.iter().all(|g| g.len() == 1), "{per_game:?}");
        let even: Vec<usize> = allowed.iter().copied().step_by(2).collect();
        let odd: Vec<usize> = allowed.iter().copied().skip(1).step_by(2).collect();
        assert!(used.iter().all(|c| *c == even || *c == odd), "{used:?} vs {allowed:?}");
    } else {
        assert!(used.iter().all(|c| *c == allowed), "{used:?}");
    }

    let tag = format!("affinity-off-{}", std::process::id());
    let (games, out) = run(
        &tag,
        &[("good", "", "A"), ("good", "", "B")],
        &["-games", "4", "-concurrency", "2", "-affinity", "off"],
    );
    assert_eq!(games.len(), 4, "{out}");
    let used: BTreeSet<Vec<usize>> = cpus_per_game(&games).into_iter().flatten().collect();
    assert_eq!(used, BTreeSet::from([allowed]));
}
