//! `renzoku rules forbid` end to end: the built binary answers every reference line exactly.

use std::io::Write;
use std::process::{Command, Stdio};

const REFERENCE: &str = include_str!("../../crates/rules/tests/data/renju-forbidden.txt");

fn run_forbid(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renzoku"))
        .args(["rules", "forbid"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("renzoku runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("renzoku finishes");
    writer.join().expect("writer").expect("input written");
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn answers_the_reference_file_exactly() {
    // Feed the lines with their F part removed; the output must restore it.
    let cases: Vec<&str> =
        REFERENCE.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    let mut input = String::new();
    for l in &cases {
        input.push_str(l[..l.rfind("| F").expect("F part")].trim_end());
        input.push('\n');
    }
    let (out, err, code) = run_forbid(&[], &input);
    assert_eq!(code, Some(0), "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), cases.len());
    for (g, want) in got.iter().zip(&cases) {
        assert_eq!(g, want);
    }
}

#[test]
fn a_malformed_line_is_named_and_the_others_answered() {
    let input =
        "B 7,7 | W 0,0\nB 7,7 7,7 | W\nnonsense\r\nB 6,7 8,7 7,6 7,8 | W 0,0 1,0 2,0 3,0 | F 1,1\n";
    let (out, err, code) = run_forbid(&[], input);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "B 7,7 | W 0,0 | F");
    assert!(lines[1].starts_with("ERROR line 2:"), "{}", lines[1]);
    assert!(lines[2].starts_with("ERROR line 3:"), "{}", lines[2]);
    assert_eq!(lines[3], "B 6,7 8,7 7,6 7,8 | W 0,0 1,0 2,0 3,0 | F 7,7");
    assert!(err.contains("line 2") && err.contains("line 3"), "{err}");
}

#[test]
fn other_board_sizes() {
    // On 7x7 the same shape near the edge: 3,3 is a double three only if the lines have room.
    let (out, _, code) = run_forbid(&["--size", "7"], "B 2,3 4,3 3,2 3,4 | W 0,0 1,0 5,0 6,0\n");
    assert_eq!(code, Some(0));
    assert_eq!(out.trim(), "B 2,3 4,3 3,2 3,4 | W 0,0 1,0 5,0 6,0 | F 3,3");
    let (out, _, code) = run_forbid(&["--size", "20"], "B 19,19 | W 0,0\n");
    assert_eq!((out.trim(), code), ("B 19,19 | W 0,0 | F", Some(0)));
    let (out, _, code) = run_forbid(&["--size", "15"], "B 19,19 | W 0,0\n");
    assert_eq!(code, Some(1));
    assert!(out.starts_with("ERROR line 1:"), "{out}");
}
