//! `renzoku referee` end to end: games from the example TOML and liskvork INI files, every
//! rule, the opening rules against the real brain, faults of the test-engine zoo (`renzoku
//! zoo`), memory limits over the process tree, a human on piped stdin, the replay read back,
//! exit codes, and no process left behind.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use renzoku_rules::{Board, Outcome, Point, Rule, outcome_after};
use serde_json::Value;

const RENZOKU: &str = env!("CARGO_BIN_EXE_renzoku");

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renzoku-referee-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path).to_string_lossy().into_owned()
}

fn zoo(mode: &str, extra: &str, tag: &str) -> String {
    format!("{RENZOKU} zoo {mode} {extra} --tag {tag}")
}

fn brain() -> String {
    format!("{RENZOKU} brain")
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn referee(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(RENZOKU)
        .arg("referee")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        // The referee may exit before reading everything (the game is over).
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let _ = writer.join();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn replay(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

fn end_of(lines: &[Value]) -> &Value {
    let last = lines.last().unwrap_or_else(|| panic!("empty replay"));
    assert_eq!(last["kind"], "end", "{last}");
    last
}

fn stones(lines: &[Value]) -> Vec<Point> {
    lines
        .iter()
        .filter(|l| l["kind"] == "stone")
        .map(|l| {
            Point::new(l["x"].as_u64().unwrap_or(99) as u8, l["y"].as_u64().unwrap_or(99) as u8)
        })
        .collect()
}

/// The processes tagged `tag` that are still alive once teardown had time to finish: killed
/// brains (and their children, re-parented to init) disappear asynchronously, which takes a
/// moment on a loaded machine.
fn settled_leftovers(tag: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let found = leftovers(tag);
        if found.is_empty() || std::time::Instant::now() >= deadline {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Processes whose command line holds `tag` (zombies have none).
fn leftovers(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return found };
    for e in entries.flatten() {
        let Some(pid) = e
            .file_name()
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .map(str::to_string)
        else {
            continue;
        };
        if let Ok(cmd) = std::fs::read(e.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(tag) {
                found.push(format!("{pid}: {cmd}"));
            }
        }
    }
    found
}

/// The exit code agrees with the replay's end, which agrees with the board.
fn check_result(run: &Run, lines: &[Value], rule: Rule, size: u8) {
    let end = end_of(lines);
    let want = match end["winner"].as_u64() {
        Some(1) => 1,
        Some(2) => 2,
        _ => 3,
    };
    assert_eq!(run.code, want, "exit code vs replay end {end}\n{}\n{}", run.stdout, run.stderr);
    let mut board = Board::square(u32::from(size)).unwrap_or_else(|e| panic!("{e}"));
    let moves = stones(lines);
    for &p in &moves {
        board.play(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
    if end["reason"] == "five" {
        let last = *moves.last().unwrap_or_else(|| panic!("no stone"));
        let outcome = outcome_after(&board, last, rule);
        assert!(matches!(outcome, Some(Outcome::Five { .. })), "{end}: {outcome:?}");
        let winner_color = if moves.len() % 2 == 1 { "black" } else { "white" };
        assert_eq!(end["winner_color"], winner_color);
    }
}

#[test]
fn toml_example_brain_against_the_zoo_with_records_and_replay() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("toml");
    let tag = "refx-toml";
    let (p1, p2) = (brain(), zoo("good", "", tag));
    let cfg = repo("examples/referee.toml");
    let run = referee(
        &dir,
        &[
            &cfg,
            "--player1",
            &p1,
            "--player2",
            &p2,
            "--timeout-turn",
            "300",
            "--board-file",
            "board.txt",
        ],
        "",
    );
    let lines = replay(&dir.join("referee-replay.jsonl"));
    check_result(&run, &lines, Rule::Renju, 15);
    assert_eq!(lines[0]["opening"], "swap2");
    assert!(lines.iter().any(|l| l["kind"] == "colors"));
    // The brain (player 1) started the swap2 opening with three stones.
    let first: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "stone").take(3).collect();
    assert!(first.iter().all(|l| l["by"] == 1 && l["opening"] == true), "{first:?}");
    let log = std::fs::read_to_string(dir.join("referee-protocol.log")).unwrap_or_default();
    assert!(log.contains("] player1 <- SWAP2BOARD"), "{log}");
    assert!(log.contains("] player2 <- SWAP2BOARD"));
    assert!(log.contains("] player1 -> MESSAGE depth"), "the brain's reports are logged");
    let sgf = std::fs::read_to_string(dir.join("referee-game.sgf")).unwrap_or_default();
    assert_eq!(sgf.matches(";B[").count() + sgf.matches(";W[").count(), stones(&lines).len());
    assert!(
        std::fs::read_to_string(dir.join("board.txt"))
            .is_ok_and(|b| b.contains("[X]") || b.contains("[O]"))
    );
    // Read back: every stone shown, then the result.
    let shown = Command::new(RENZOKU)
        .args(["referee", "--replay", "referee-replay.jsonl", "--delay", "0"])
        .current_dir(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&shown.stdout);
    assert_eq!(shown.status.code(), Some(0));
    assert_eq!(text.matches(" by player").count(), stones(&lines).len(), "{text}");
    assert!(text.contains("\nResult: "), "{text}");
    assert!(settled_leftovers(tag).is_empty(), "{:?}", settled_leftovers(tag));
}

#[test]
fn liskvork_ini_example_runs_with_its_keys() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("ini");
    let tag = "refx-ini";
    let (p1, p2) = (zoo("good", "", tag), brain());
    let cfg = repo("examples/referee.ini");
    let run =
        referee(&dir, &[&cfg, "--player1", &p1, "--player2", &p2, "--timeout-turn", "200"], "");
    // liskvork's keys: replay_file=./replay.log, board_file=./board.log, board_size=20.
    let lines = replay(&dir.join("replay.log"));
    assert_eq!(lines[0]["board_size"], 20);
    assert_eq!(lines[0]["players"][0]["timeout_match"], 300_000);
    check_result(&run, &lines, Rule::Freestyle, 20);
    assert!(dir.join("board.log").exists());
    assert!(settled_leftovers(tag).is_empty());
}

#[test]
fn every_rule_and_board_size_edge() {
    let _turn = crate::module_turn(module_path!());
    for (rule, size) in [(0u8, 5u8), (1, 32), (4, 7), (8, 11), (9, 15)] {
        let dir = workdir(&format!("rule{rule}"));
        let tag = format!("refx-rule{rule}");
        let (p1, p2) = (zoo("good", "", &tag), zoo("good", "", &tag));
        let (r, s) = (rule.to_string(), size.to_string());
        let run = referee(
            &dir,
            &[
                "--player1",
                &p1,
                "--player2",
                &p2,
                "--rule",
                &r,
                "--size",
                &s,
                "--replay-file",
                "r.jsonl",
            ],
            "",
        );
        let lines = replay(&dir.join("r.jsonl"));
        let rule = Rule::from_gomocup(i64::from(rule)).unwrap_or(Rule::Freestyle);
        check_result(&run, &lines, rule, size);
        let reason = end_of(&lines)["reason"].as_str().unwrap_or_default().to_string();
        assert!(["five", "forbidden", "full_board"].contains(&reason.as_str()), "{reason}");
        assert!(settled_leftovers(&tag).is_empty());
    }
}

/// One game of `p1` against a good zoo engine; returns the end line and the run.
fn fault_game(name: &str, p1_mode: &str, extra: &str, options: &[&str]) -> (Value, Run) {
    let dir = workdir(name);
    let tag = format!("refx-{name}");
    let (p1, p2) = (zoo(p1_mode, extra, &tag), zoo("good", "", &tag));
    let mut args = vec!["--player1", &p1, "--player2", &p2, "--replay-file", "r.jsonl"];
    args.extend_from_slice(options);
    let run = referee(&dir, &args, "");
    let lines = replay(&dir.join("r.jsonl"));
    let end = end_of(&lines).clone();
    assert!(settled_leftovers(&tag).is_empty(), "{name}: {:?}", settled_leftovers(&tag));
    (end, run)
}

fn assert_lost(name: &str, mode: &str, extra: &str, options: &[&str], reason: &str) {
    let (end, run) = fault_game(name, mode, extra, options);
    assert_eq!(end["reason"], reason, "{name}: {end}\n{}", run.stdout);
    assert_eq!(end["winner"], 2, "{name}: {end}");
    assert_eq!(run.code, 2, "{name}: {}", run.stderr);
}

#[test]
fn faults_lose_for_the_right_reason() {
    let _turn = crate::module_turn(module_path!());
    let t = ["--timeout-turn", "300", "--tolerance", "200"];
    assert_lost("crash", "crash", "--after 2", &t, "crash");
    assert_lost("crash-start", "crash-start", "", &t, "crash");
    assert_lost("mute-start", "mute-start", "", &t, "hang");
    assert_lost("hang", "hang", "--after 1", &t, "time");
    assert_lost("late", "late", "--after 1 --delay 1200", &t, "time");
    assert_lost("occupied", "occupied", "--after 1", &t, "illegal");
    assert_lost("offboard", "offboard", "", &t, "illegal");
    assert_lost("junk", "junk", "", &t, "illegal");
    assert_lost("error", "error", "", &t, "illegal");
    // The match clock: 2 s in all, 700 ms a move, increment 100 ms: out of time on move 3.
    let m = [
        "--timeout-turn",
        "0",
        "--timeout-match",
        "2000",
        "--increment",
        "100",
        "--tolerance",
        "200",
    ];
    let (end, _) = fault_game("match-clock", "late", "--delay 700", &m);
    assert_eq!(end["reason"], "time", "{end}");
    assert!(end["detail"].as_str().is_some_and(|d| d.contains("match time")), "{end}");
    // Hanging on the first move: the detail names the turn limit.
    let (end, _) = fault_game("hang-detail", "hang", "", &t);
    assert!(end["detail"].as_str().is_some_and(|d| d.contains("300 ms turn limit")), "{end}");
}

#[test]
fn memory_is_measured_over_the_process_tree_and_enforced() {
    let _turn = crate::module_turn(module_path!());
    let limit = ["--max-memory", "96M", "--enforce-memory", "--timeout-turn", "2000"];
    assert_lost("hog", "hog", "--mb 200 --after 1", &limit, "memory");
    // The memory is held by a child process: only a measure of the whole tree sees it.
    assert_lost("hog-child", "hog-child", "--mb 200 --after 1", &limit, "memory");
    // Not enforced: the limit is only announced; the peak is still recorded.
    let (end, run) = fault_game("hog-free", "hog", "--mb 120 --after 1", &["--max-memory", "96M"]);
    assert_ne!(end["reason"], "memory", "{end}");
    let peak = end["peak_memory"][0].as_u64().unwrap_or(0);
    assert!(peak > 120 << 20, "peak {peak}\n{}", run.stdout);
}

#[test]
fn opening_rules_against_the_real_brain() {
    let _turn = crate::module_turn(module_path!());
    for (rule, word) in
        [("swap1st", "SWAP1STBOARD"), ("swap", "SWAPBOARD"), ("swap2", "SWAP2BOARD")]
    {
        for brain_seat in [1, 2] {
            let dir = workdir(&format!("{rule}-{brain_seat}"));
            let tag = format!("refx-{rule}-{brain_seat}");
            let z = zoo("good", "", &tag);
            let b = brain();
            let (p1, p2) = if brain_seat == 1 { (&b, &z) } else { (&z, &b) };
            let run = referee(
                &dir,
                &[
                    "--player1",
                    p1,
                    "--player2",
                    p2,
                    "--opening-rule",
                    rule,
                    "--timeout-turn",
                    "300",
                    "--replay-file",
                    "r.jsonl",
                    "--log",
                    "p.log",
                ],
                "",
            );
            let lines = replay(&dir.join("r.jsonl"));
            check_result(&run, &lines, Rule::Freestyle, 15);
            let log = std::fs::read_to_string(dir.join("p.log")).unwrap_or_default();
            let asked = format!("player{brain_seat} <- {word}");
            assert!(log.contains(&asked), "{rule}: {asked} missing\n{log}");
            let colors = lines.iter().find(|l| l["kind"] == "colors").cloned().unwrap_or_default();
            let swapped = lines.iter().filter(|l| l["kind"] == "swap").count();
            assert!(colors["black"] == 1 || colors["black"] == 2, "{colors}");
            // The brain never loses on a fault: its answers are legal and in time.
            let end = end_of(&lines);
            if end["winner"] == 3 - brain_seat {
                assert!(
                    ["five", "forbidden"].contains(&end["reason"].as_str().unwrap_or("")),
                    "{rule}: {end}"
                );
            }
            assert!(swapped <= 2);
            assert!(settled_leftovers(&tag).is_empty());
        }
    }
}

#[test]
fn an_opening_from_a_file_is_placed_first() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("openingfile");
    let tag = "refx-openingfile";
    let (p1, p2) = (zoo("good", "", tag), zoo("good", "", tag));
    let file = repo("crates/arena/tests/data/openings-offset.txt");
    let run = referee(
        &dir,
        &[
            "--player1",
            &p1,
            "--player2",
            &p2,
            "--opening",
            &file,
            "--opening-line",
            "2",
            "--replay-file",
            "r.jsonl",
        ],
        "",
    );
    let lines = replay(&dir.join("r.jsonl"));
    check_result(&run, &lines, Rule::Freestyle, 15);
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let line2 =
        text.lines().filter(|l| !l.trim().is_empty()).nth(1).unwrap_or_default().to_string();
    let expected =
        renzoku_rules::notation::parse_offset_opening(&line2, 15, 15).unwrap_or_default();
    assert!(!expected.is_empty());
    let played = stones(&lines);
    assert_eq!(&played[..expected.len()], &expected[..]);
    let by: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "stone").map(|l| &l["by"]).collect();
    assert!(by[..expected.len()].iter().all(|b| b.is_null()));
    assert!(by[expected.len()..].iter().all(|b| !b.is_null()));
}

#[test]
fn a_human_plays_from_piped_stdin() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("human");
    let tag = "refx-human";
    let p1 = zoo("good", "", tag);
    // Junk, off-board and occupied entries are asked again; then every square in turn.
    let mut input = String::from("hello\n9,9\nz1\n");
    input.extend((0..25).map(|i| format!("{},{}\n", i % 5, i / 5)));
    let run = referee(
        &dir,
        &["--player1", &p1, "--human", "2", "--size", "5", "--replay-file", "r.jsonl"],
        &input,
    );
    assert!(run.stdout.contains("try again"), "{}", run.stdout);
    assert!(run.stdout.contains("to move [x,y | h8 | resign]"));
    let lines = replay(&dir.join("r.jsonl"));
    check_result(&run, &lines, Rule::Freestyle, 5);
    assert_ne!(end_of(&lines)["reason"], "illegal", "a human's wrong entry is never a loss");
    // Resigning, and an input that ends, both resign.
    let run =
        referee(&dir, &["--player1", &p1, "--human", "2", "--replay-file", "r2.jsonl"], "resign\n");
    assert_eq!(run.code, 1);
    assert_eq!(end_of(&replay(&dir.join("r2.jsonl")))["reason"], "resign");
    let run = referee(&dir, &["--human", "1", "--player2", &p1], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(settled_leftovers(tag).is_empty());
}

#[test]
fn the_paused_opponent_cannot_use_the_cpu() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("pause");
    let tag = "refx-pause";
    // Player 1 burns CPU in a thread from the start; player 2 thinks 150 ms a move.
    let (p1, p2) = (zoo("spin", "", tag), zoo("late", "--delay 150", tag));
    let run = referee(
        &dir,
        &[
            "--player1",
            &p1,
            "--player2",
            &p2,
            "--pause-opponent",
            "--move-limit",
            "12",
            "--log",
            "p.log",
        ],
        "",
    );
    assert_eq!(run.code, 3, "a draw at the move limit: {}", run.stdout);
    let log = std::fs::read_to_string(dir.join("p.log")).unwrap_or_default();
    let cpu: Vec<u64> = log
        .lines()
        .filter(|l| l.contains("player1 -> MESSAGE zoo spin"))
        .filter_map(|l| l.rsplit_once("cpu ").and_then(|(_, v)| v.trim().parse().ok()))
        .collect();
    assert!(cpu.len() >= 5, "{log}");
    // Five opponent moves of 150 ms passed between the first and the last report: a spinner
    // that was not stopped would have burnt most of those 750 ms.
    let burnt = cpu[cpu.len() - 1] - cpu[0];
    assert!(burnt < 400, "the spinner used {burnt} ms of CPU while paused\n{log}");
    assert!(settled_leftovers(tag).is_empty());
}

#[test]
fn configuration_errors_and_exit_codes() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("config");
    std::fs::write(dir.join("bad.ini"), "[game]\nboard_size=20\n\nmax_memory=lots\n")
        .unwrap_or_default();
    let run = referee(&dir, &["bad.ini"], "");
    assert_eq!(run.code, 4);
    assert!(run.stderr.contains("bad.ini:4: max_memory: 'lots'"), "{}", run.stderr);
    std::fs::write(dir.join("bad.toml"), "[game]\nrule = 4\n[player1]\npaht = \"x\"\n")
        .unwrap_or_default();
    let run = referee(&dir, &["bad.toml"], "");
    assert_eq!(run.code, 4);
    assert!(run.stderr.contains("bad.toml:4: "), "{}", run.stderr);
    let run = referee(&dir, &["--player1", "a", "--player2", "b", "--rule", "3"], "");
    assert_eq!((run.code, run.stderr.contains("rule 3")), (4, true), "{}", run.stderr);
    let run = referee(&dir, &["--bogus"], "");
    assert_eq!(run.code, 4, "usage errors are not a player-2 win");
    let run = referee(&dir, &["--help"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("1  player 1 won"));
    let z = zoo("good", "", "refx-config");
    let run =
        referee(&dir, &["--player1", &z, "--player2", &z, "--sgf", "/nonexistent/dir/g.sgf"], "");
    assert_eq!(run.code, 5, "{}", run.stderr);
    let run = referee(&dir, &["--replay", "missing.jsonl"], "");
    assert_eq!(run.code, 5);
    assert!(settled_leftovers("refx-config").is_empty());
}

/// A configuration that cannot work is an error before any game (exit 4), naming the path and
/// the directory it was resolved against: the example INI run from another directory (its
/// relative player paths lead nowhere), a file that is not executable, an unreadable opening.
/// Nothing is played: no replay file, no board log.
#[test]
fn brains_that_cannot_be_run_and_missing_openings_are_configuration_errors() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("preflight");
    let cfg = repo("examples/referee.ini");
    let run = referee(&dir, &[&cfg], "");
    assert_eq!(run.code, 4, "{}{}", run.stdout, run.stderr);
    let shown = dir.display().to_string();
    for seat in ["player1", "player2"] {
        let expected = format!(
            "{seat}: brain cannot be run: target/release/pbrain-renzoku does not exist (resolved \
             against {shown})"
        );
        assert!(run.stderr.contains(&expected), "{expected}\n{}", run.stderr);
    }
    assert!(!run.stdout.contains("wins"), "no game: {}", run.stdout);
    assert!(!dir.join("replay.log").exists() && !dir.join("board.log").exists());
    std::fs::write(dir.join("not-a-program"), "#!/bin/sh\n").unwrap_or_default();
    let z = zoo("good", "", "refx-preflight");
    let run = referee(&dir, &["--player1", "./not-a-program", "--player2", &z], "");
    assert_eq!(run.code, 4, "{}", run.stderr);
    assert!(run.stderr.contains("player1: brain cannot be run: ./not-a-program is not executable"));
    let run = referee(&dir, &["--player1", "no-such-brain", "--player2", &z], "");
    assert_eq!(run.code, 4, "{}", run.stderr);
    assert!(run.stderr.contains("no-such-brain is not an executable file in any PATH"));
    let run = referee(&dir, &["--player1", &z, "--player2", &z, "--opening", "missing.txt"], "");
    assert_eq!(run.code, 4, "{}", run.stderr);
    assert!(run.stderr.contains("missing.txt"), "{}", run.stderr);
    assert!(settled_leftovers("refx-preflight").is_empty(), "no brain was started");
}

/// `GET path` on the live view, the body as text.
fn http_get(addr: &str, path: &str) -> String {
    use std::io::Read;
    let Ok(mut s) = std::net::TcpStream::connect(addr) else { return String::new() };
    let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(5)));
    let _ = write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    text.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default()
}

#[test]
fn the_game_can_be_watched_live() {
    use std::io::BufRead;
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("live");
    let tag = "refx-live";
    let (p1, p2) = (brain(), zoo("good", "", tag));
    let mut child = Command::new(RENZOKU)
        .args(["referee", "--player1", &p1, "--player2", &p2, "--timeout-turn", "200"])
        .args(["--serve", "127.0.0.1:0", "--hold"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = child.stderr.take().unwrap_or_else(|| panic!("stderr"));
    let mut lines = std::io::BufReader::new(stderr).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            l.strip_prefix("Live view: http://").map(|r| r.trim_end_matches('/').to_string())
        })
        .unwrap_or_else(|| panic!("no live view URL on stderr"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_mins(1);
    let mut state = String::new();
    while std::time::Instant::now() < deadline {
        state = http_get(&url, "/state");
        if state.contains("\"game_ended\"") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // The game is over; Enter closes the referee (--hold).
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(b"\n");
    }
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    let events: Vec<Value> =
        serde_json::from_str(&state).unwrap_or_else(|e| panic!("{e}: {state}"));
    let kinds: Vec<&str> = events.iter().filter_map(|e| e["type"].as_str()).collect();
    assert_eq!(kinds.first(), Some(&"game_started"), "{kinds:?}");
    assert!(kinds.contains(&"move"), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"game_ended"), "{kinds:?}");
    assert_eq!(events[0]["black"], "Renzoku");
    let ended = &events[events.len() - 1];
    let code = status.code().unwrap_or(-1);
    let winner = match ended["winner"].as_str() {
        Some("black") => 1,
        Some("white") => 2,
        _ => 3,
    };
    assert_eq!(code, winner, "{ended}");
    assert!(settled_leftovers(tag).is_empty());
}

#[test]
fn an_interrupted_game_kills_the_brains_and_exits_6() {
    let _turn = crate::module_turn(module_path!());
    let dir = workdir("signal");
    let tag = "refx-signal";
    // No limits at all: the hanging brain would be waited on for ever.
    let (p1, p2) = (zoo("hang", "", tag), zoo("spawn", "", tag));
    let child = Command::new(RENZOKU)
        .args(["referee", "--player1", &p1, "--player2", &p2, "--timeout-turn", "0"])
        .args(["--timeout-match", "0", "--log", "p.log", "--replay-file", "r.jsonl"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::time::Instant::now() < deadline {
        let log = std::fs::read_to_string(dir.join("p.log")).unwrap_or_default();
        if log.contains("player1 <- BEGIN") && leftovers(tag).len() >= 3 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().map(|s| s.success());
    assert_eq!(killed.ok(), Some(true));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(6), "{}", String::from_utf8_lossy(&out.stderr));
    // The brains' whole process groups (the spawned sleeper too) are gone.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !leftovers(tag).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(settled_leftovers(tag).is_empty(), "{:?}", settled_leftovers(tag));
    assert_eq!(replay(&dir.join("r.jsonl"))[0]["kind"], "header");
}
