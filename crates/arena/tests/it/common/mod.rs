//! Helpers for the end-to-end tests: run `renzoku match` in a child process (this test binary
//! re-executed), read the journal, find leftover processes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const ZOO: &str = env!("CARGO_BIN_EXE_zoo-engine");

/// Environment variable carrying the match arguments (one per line) to the child runner.
pub const CHILD_ARGS: &str = "RENZOKU_ARENA_TEST_ARGS";

/// If this process is the child runner, run the match and exit with its code.
pub fn child_main() {
    if let Ok(args) = std::env::var(CHILD_ARGS) {
        let args: Vec<String> = args.lines().map(str::to_string).collect();
        // `tune …` runs the tuner, anything else is a match.
        let code = match args.split_first() {
            Some((first, rest)) if first == "tune" => renzoku_arena::tuning::tune::run(rest),
            _ => renzoku_arena::cli::run(&args),
        };
        std::process::exit(code);
    }
}

/// A fresh directory for one test.
pub fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renzoku-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// A zoo engine command with a unique tag.
pub fn zoo(mode: &str, extra: &str, tag: &str) -> String {
    format!("cmd={ZOO} {mode} {extra} --tag {tag}")
}

/// Starts the match in a child process running `test_name` (a test that calls `child_main`).
pub fn spawn_match(test_name: &str, dir: &Path, args: &[String]) -> Child {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    Command::new(exe)
        .args([test_name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ARGS, args.join("\n"))
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"))
}

pub fn run_match(test_name: &str, dir: &Path, args: &[String]) -> Output {
    spawn_match(test_name, dir, args).wait_with_output().unwrap_or_else(|e| panic!("{e}"))
}

/// Splits a command line written with spaces, keeping `cmd=…` words (which contain spaces)
/// whole when they are given as separate arguments.
pub fn args(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| (*s).to_string()).collect()
}

/// The journal's entries as JSON values.
pub fn journal(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

/// Processes with `tag` as a word of their command line.
pub fn processes_with(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return found };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().filter(|n| n.chars().all(|c| c.is_ascii_digit())) else {
            continue;
        };
        if let Ok(cmd) = std::fs::read(e.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            // Zombies have an empty command line; they are reaped already when it matters.
            // A whole word: all the tests share one process id, and `sprt-PID` must not find
            // the engines of `shard-sprt-PID`.
            if cmd.split(' ').any(|word| word == tag) {
                found.push(format!("{pid}: {cmd}"));
            }
        }
    }
    found
}

/// Asserts that no process with `tag` is left (a short wait lets the kernel finish reaping).
pub fn assert_no_leftovers(tag: &str) {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let left = processes_with(tag);
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < until, "processes left behind: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
