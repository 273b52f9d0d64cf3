//! `renzoku board` as a user runs it: the URL on stdout, the default engine playing a move
//! through the page's API, a warning for a non-loopback address, and SIGTERM ending the server
//! and its brains.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common;

const BIN: &str = env!("CARGO_BIN_EXE_renzoku");

/// Starts `renzoku board ARGS`; the child and the address from its first stdout line.
fn start(args: &[&str]) -> (Child, SocketAddr, std::process::ChildStderr) {
    let mut child = Command::new(BIN)
        .arg("board")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("renzoku runs");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let url = line.split("http://").nth(1).expect("a URL on stdout").split('/').next();
    let addr = url.and_then(|a| a.parse().ok()).unwrap_or_else(|| panic!("{line}"));
    let stderr = child.stderr.take().expect("stderr");
    (child, addr, stderr)
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> u16 {
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).expect("connect");
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    reply.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// The pids of `parent`'s children that are still running (not zombies).
fn running_children(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_string_lossy().parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
            let fields: Vec<&str> = after.split_whitespace().collect();
            fields.first() != Some(&"Z") && fields.get(1) == Some(&parent.to_string().as_str())
        })
        .collect()
}

fn alive(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    !stat.is_empty() && !after.trim_start().starts_with('Z')
}

#[test]
fn the_default_engine_plays_and_sigterm_ends_the_server_and_its_brain() {
    let _turn = crate::module_turn(module_path!());
    let (mut child, addr, _stderr) = start(&["--serve", "0"]);
    assert!(addr.ip().is_loopback());
    assert!(common::get(addr, "/").text().contains("Renzoku board"));
    let mut events = common::get(addr, "/api/session").into_events();
    let hello: Value =
        serde_json::from_str(&events.next_event().expect("hello").data).expect("json");
    assert_eq!(hello["engines"], json!(["renzoku"]));
    let path = format!("/api/session/{}", hello["session"].as_str().expect("id"));
    let think = json!({"type": "think", "id": 1, "purpose": "move", "rule": "renju", "size": 15,
                       "moves": [[7, 7]], "time_ms": 300});
    assert_eq!(post(addr, &path, &think), 200);
    let answer = loop {
        let event: Value =
            serde_json::from_str(&events.next_event().expect("an event").data).expect("json");
        if event["type"] == "move" {
            break event;
        }
        assert_ne!(event["state"], "fault", "{event}");
    };
    assert_eq!(answer["id"], 1);
    let brains = running_children(child.id());
    assert_eq!(brains.len(), 1, "one brain for the page");
    Command::new("kill").arg("-TERM").arg(child.id().to_string()).status().expect("kill runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "renzoku board did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert!(!alive(brains[0]), "the brain outlived the server");
}

#[test]
fn a_non_loopback_address_is_warned_about_and_bad_engines_are_refused() {
    let _turn = crate::module_turn(module_path!());
    let (mut child, _, stderr) = start(&["--serve", "0.0.0.0:0", "--engine", "/bin/true x"]);
    let mut line = String::new();
    BufReader::new(stderr).read_line(&mut line).expect("a warning");
    assert!(line.starts_with("warning: serving on 0.0.0.0"), "{line}");
    let _ = child.kill();
    let _ = child.wait();
    let output = Command::new(BIN).args(["board", "--engine", "  "]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("empty engine command"));
    let output = Command::new(BIN).args(["board", "--serve", "nowhere"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
}
