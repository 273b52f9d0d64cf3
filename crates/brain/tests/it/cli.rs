//! The command line: `pbrain-renzoku bench`.

use std::process::Command;

#[test]
fn bench_prints_nodes_and_speed() {
    let output = Command::new(env!("CARGO_BIN_EXE_pbrain-renzoku"))
        .args(["bench", "2"])
        .output()
        .expect("bench runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{text}");
    assert!(words[0].parse::<u64>().is_ok_and(|n| n > 0), "{text}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{text}");
}
