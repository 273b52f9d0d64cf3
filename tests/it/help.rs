//! `renzoku --help` lists every subcommand with its summary; `renzoku help COMMAND` is that
//! command's own help; an unknown command is a usage error.

use std::process::Command;

fn renzoku(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_renzoku"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run renzoku: {e}"));
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn help_lists_every_subcommand() {
    let (code, out, _) = renzoku(&["--help"]);
    assert_eq!(code, Some(0));
    for name in ["match", "merge", "tune", "referee", "analyze", "board", "rules", "brain", "help"]
    {
        assert!(out.lines().any(|l| l.starts_with(&format!("  {name} "))), "{name}:\n{out}");
    }
}

#[test]
fn help_of_a_command_is_its_own_help() {
    let (code, out, _) = renzoku(&["help", "match"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("usage: renzoku match"), "{out}");
    assert!(out.contains("-engine ENGINE_OPTIONS"), "{out}");
    let (code, out, _) = renzoku(&["help", "rules"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage: renzoku rules"), "{out}");
    let (code, _, err) = renzoku(&["nonsense"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown command 'nonsense'"), "{err}");
}
