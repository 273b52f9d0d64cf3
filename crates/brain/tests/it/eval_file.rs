//! Evaluation weights from a file: `INFO eval_file PATH`, `--eval-file PATH` and
//! `pbrain-renzoku nets`. A loaded net is the one the search uses; `INFO eval_file default`
//! goes back to the built-in one; a file that cannot be used is answered with ERROR naming it
//! and what is wrong, and the net in use stays.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{self, Brain};

const GENERIC: &[u8] = include_bytes!("../../../engine/src/eval/weights/generic.rzn");
const POSITION: &str = "BOARD\n7,7,1\n8,8,2\n8,7,1\n6,7,2\n9,6,1\n9,9,2\nDONE";

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("renzoku-brain-eval-{}-{name}", std::process::id()))
}

/// Where a weights file's tables start: after magic, version, architecture, family and
/// description (eval/net/format.rs).
fn tables_offset(bytes: &[u8]) -> usize {
    let arch_len = usize::from(u16::from_le_bytes([bytes[12], bytes[13]]));
    let at = 14 + arch_len + 1;
    let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
    at + 4 + len
}

/// The generic net with its linear square tables negated and a description of its own, with
/// a valid checksum: a net that evaluates differently.
fn negated_net(description: &str) -> Vec<u8> {
    let start = tables_offset(GENERIC);
    let family_end = 14 + usize::from(u16::from_le_bytes([GENERIC[12], GENERIC[13]])) + 1;
    let mut out = GENERIC[..family_end].to_vec();
    out.extend((description.len() as u32).to_le_bytes());
    out.extend(description.as_bytes());
    let mut tables = GENERIC[start..GENERIC.len() - 4].to_vec();
    // eval_combo: 2 rows of 1365 i16.
    for pair in tables[..2 * 1365 * 2].chunks_exact_mut(2) {
        let v = i16::from_le_bytes([pair[0], pair[1]]).wrapping_neg();
        pair.copy_from_slice(&v.to_le_bytes());
    }
    out.extend(tables);
    let checksum = crc32fast::hash(&out);
    out.extend(checksum.to_le_bytes());
    out
}

/// The brain at a fixed depth; returns the summary's `ev` of POSITION.
fn search_eval(brain: &mut Brain) -> String {
    brain.send(POSITION);
    let (summary, reply) = brain.summary_and_reply();
    let _ = common::point(&reply);
    let ev = summary.split(" ev ").nth(1).and_then(|r| r.split(' ').next());
    ev.unwrap_or_else(|| panic!("no ev in {summary}")).to_owned()
}

fn brain() -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO max_depth 4\nINFO timeout_turn 60000\nINFO thread_num 1");
    brain
}

#[test]
fn a_loaded_net_is_used_and_default_goes_back() {
    let path = temp("negated.rzn");
    std::fs::write(&path, negated_net("negated test net")).expect("write net");
    let mut brain = brain();
    let built_in = search_eval(&mut brain);
    brain.send(&format!("INFO eval_file {}", path.display()));
    let loaded = brain.line();
    assert!(
        loaded.starts_with("MESSAGE eval_file: generic net ")
            && loaded.ends_with("negated test net"),
        "{loaded}"
    );
    assert!(loaded.contains(&path.display().to_string()), "{loaded}");
    brain.send("RESTART");
    assert_eq!(brain.reply(), "OK");
    let negated = search_eval(&mut brain);
    assert_ne!(negated, built_in, "the loaded net must change the evaluation");
    brain.send("INFO eval_file default");
    let back = brain.line();
    assert!(back.starts_with("MESSAGE eval_file: built-in nets: generic net "), "{back}");
    brain.send("RESTART");
    assert_eq!(brain.reply(), "OK");
    assert_eq!(search_eval(&mut brain), built_in);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn unusable_files_are_refused_and_the_net_stays() {
    let missing = temp("missing.rzn");
    let corrupt = temp("corrupt.rzn");
    let mut bytes = negated_net("corrupt");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&corrupt, &bytes).expect("write");
    let text = temp("text.rzn");
    std::fs::write(&text, "not a net\n").expect("write");
    let mut brain = brain();
    let built_in = search_eval(&mut brain);
    for (path, why) in [
        (&missing, "No such file"),
        (&corrupt, "checksum mismatch"),
        (&text, "not a Renzoku weights file"),
    ] {
        brain.send(&format!("INFO eval_file {}", path.display()));
        let line = brain.line();
        assert!(line.starts_with("ERROR INFO eval_file "), "{line}");
        assert!(line.contains(&path.display().to_string()) && line.contains(why), "{line}");
    }
    brain.send("INFO eval_file");
    assert!(brain.line().starts_with("ERROR INFO eval_file"));
    brain.send("RESTART");
    assert_eq!(brain.reply(), "OK");
    assert_eq!(search_eval(&mut brain), built_in, "the built-in net stays");
    for path in [corrupt, text] {
        let _ = std::fs::remove_file(path);
    }
}

fn pbrain(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pbrain-renzoku")).args(args).output().expect("runs")
}

#[test]
fn nets_shows_the_built_in_nets_and_checks_files() {
    let out = pbrain(&["nets"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("generic net ") && lines[0].contains("from built-in"), "{text}");
    assert!(lines[1].starts_with("renju net ") && lines[1].contains("from built-in"), "{text}");

    let good = temp("nets-good.rzn");
    std::fs::write(&good, negated_net("checked net")).expect("write");
    let out = pbrain(&["--eval-file", &good.display().to_string(), "nets"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().next().is_some_and(|l| l.ends_with("checked net")), "{text}");

    let bad: &Path = Path::new("/nonexistent/renzoku.rzn");
    let out = pbrain(&["--eval-file", &bad.display().to_string(), "bench", "1"]);
    assert!(!out.status.success(), "an unusable --eval-file stops the brain");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/renzoku.rzn"), "{err}");
    let _ = std::fs::remove_file(&good);
}
