//! `yxhashdump` / `yxhashload` (contract §6): the search memory in a versioned, checksummed
//! file; a warm search of the same position needs fewer nodes; bad files → ERROR, memory kept.

use std::path::PathBuf;

use crate::common::{self, Brain};

const POSITION: &str = "BOARD\n7,7,2\n8,8,1\n8,7,2\n6,7,1\n9,6,2\nDONE";

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("renzoku-brain-hash-{}-{name}", std::process::id()))
}

/// A brain with a small hash table and a fixed-depth, time-unlimited search, deep enough that
/// the table's sampled fill (its first thousand slots) is well above zero whatever the
/// evaluation: at depth 7 a better evaluation once searched so few nodes that it read 0.0 %.
fn brain() -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO hash_size 256\nINFO max_depth 9\nINFO timeout_turn 60000\nINFO thread_num 1");
    // The table takes its size at START.
    assert_eq!(brain.ask("RESTART"), "OK");
    brain
}

/// Searches POSITION; returns the node count of the summary line.
fn nodes(brain: &mut Brain) -> u64 {
    brain.send(POSITION);
    let (summary, reply) = brain.summary_and_reply();
    let _ = common::point(&reply);
    let n = summary.split(" n ").nth(1).and_then(|r| r.split(' ').next());
    n.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no node count in {summary}"))
}

fn usage(brain: &mut Brain) -> String {
    brain.send("yxshowhashusage");
    let line = brain.line();
    assert!(line.starts_with("MESSAGE Hash usage: ") && line.ends_with('%'), "{line}");
    line
}

fn ask_path(brain: &mut Brain, command: &str, path: &std::path::Path) -> String {
    brain.send(&format!("{command}\n{}", path.display()));
    brain.line()
}

#[test]
fn dump_then_load_makes_the_same_search_cheaper() {
    let file = temp("good");
    let mut cold_brain = brain();
    let cold = nodes(&mut cold_brain);
    let reply = ask_path(&mut cold_brain, "yxhashdump", &file);
    assert!(reply.starts_with("MESSAGE hash dumped to "), "{reply}");
    drop(cold_brain);

    let mut warm_brain = brain();
    let empty = usage(&mut warm_brain);
    let reply = ask_path(&mut warm_brain, "yxhashload", &file);
    assert!(reply.starts_with("MESSAGE hash loaded from ") && !reply.contains(": 0 entries"));
    let loaded = usage(&mut warm_brain);
    assert_ne!(empty, loaded);
    let warm = nodes(&mut warm_brain);
    assert!(warm < cold, "warm {warm} nodes, cold {cold}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn bad_hash_files_are_errors_and_change_nothing() {
    let good = temp("src");
    let bad = temp("bad");
    let mut brain = brain();
    let _ = nodes(&mut brain);
    assert!(ask_path(&mut brain, "yxhashdump", &good).starts_with("MESSAGE"));
    let bytes = std::fs::read(&good).expect("dumped file");
    assert!(bytes.starts_with(b"RZKHASH"));
    let before = usage(&mut brain);

    let mut corrupt = bytes.clone();
    let middle = corrupt.len() / 2;
    corrupt[middle] ^= 0x01;
    let mut wrong_version = bytes.clone();
    wrong_version[8] = 99;
    let cases: [(&str, Vec<u8>); 5] = [
        ("corrupt", corrupt),
        ("truncated", bytes[..bytes.len() - 9].to_vec()),
        ("foreign", b"[Yixin hash]\nnot ours\n".to_vec()),
        ("empty", Vec::new()),
        ("version", wrong_version),
    ];
    for (what, content) in cases {
        std::fs::write(&bad, content).expect("write bad file");
        let reply = ask_path(&mut brain, "yxhashload", &bad);
        assert!(reply.starts_with("ERROR yxhashload"), "{what}: {reply}");
        assert_eq!(usage(&mut brain), before, "{what} changed the table");
    }
    let missing = temp("missing");
    assert!(ask_path(&mut brain, "yxhashload", &missing).starts_with("ERROR"));
    let unwritable = temp("no-such-dir").join("x");
    assert!(ask_path(&mut brain, "yxhashdump", &unwritable).starts_with("ERROR"));
    // Still a working brain with the same table.
    assert!(ask_path(&mut brain, "yxhashload", &good).starts_with("MESSAGE hash loaded"));
    assert_eq!(usage(&mut brain), before);
    let _ = std::fs::remove_file(&good);
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn hash_entries_do_not_leak_across_rules_or_sizes() {
    // The salt (rule, width, height) keeps other rules' entries out (tt.rs tests that
    // directly); here: a new game of the same rule and size still finds the old entries.
    let mut brain = brain();
    let cold = nodes(&mut brain);
    brain.send("INFO rule 1");
    assert_eq!(brain.ask("RESTART"), "OK");
    let other_rule = nodes(&mut brain);
    brain.send("INFO rule 0");
    assert_eq!(brain.ask("RESTART"), "OK");
    let again = nodes(&mut brain);
    // Back to the first rule and size: its entries are still there (START keeps the table).
    assert!(again < cold, "same rule again {again}, cold {cold}");
    assert!(other_rule > 0);
}

/// The table's slot count, as a dump of it records in its header (bytes 16..24).
fn dumped_slots(brain: &mut Brain, file: &std::path::Path) -> u64 {
    let reply = ask_path(brain, "yxhashdump", file);
    assert!(reply.starts_with("MESSAGE hash dumped to "), "{reply}");
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let field = bytes.get(16..24).and_then(|f| <[u8; 8]>::try_from(f).ok());
    u64::from_le_bytes(field.unwrap_or_else(|| panic!("short header: {} bytes", bytes.len())))
}

#[test]
fn a_memory_limit_sent_after_start_sizes_the_unused_table() {
    // Managers send START first and their limits after it: the table allocated at that START
    // has held nothing yet, so the first search gives it the size of the limits it runs under.
    // After that it only shrinks until the next START (growing would drop what it holds).
    let file = temp("sized");
    let mut brain = Brain::start();
    brain.send("INFO hash_size 256\nINFO max_depth 3\nINFO timeout_turn 60000\nINFO thread_num 1");
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO hash_size 1024");
    let _ = common::point(&brain.ask("BEGIN"));
    assert_eq!(dumped_slots(&mut brain, &file), 1024 * 1024 / 16, "grown at the first search");
    brain.send("INFO hash_size 4096");
    let _ = common::point(&brain.ask("TURN 9,9"));
    assert_eq!(dumped_slots(&mut brain, &file), 1024 * 1024 / 16, "kept during the game");
    brain.send("INFO hash_size 512");
    let _ = common::point(&brain.ask("TURN 9,10"));
    assert_eq!(dumped_slots(&mut brain, &file), 512 * 1024 / 16, "shrunk at once");
    brain.send("INFO hash_size 4096");
    assert_eq!(brain.ask("RESTART"), "OK");
    let _ = common::point(&brain.ask("BEGIN"));
    assert_eq!(dumped_slots(&mut brain, &file), 4096 * 1024 / 16, "after RESTART");
    let _ = std::fs::remove_file(&file);
}
