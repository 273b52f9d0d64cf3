//! The board server over HTTP: the embedded page, and every request validated (clear JSON
//! errors with a 4xx status, never a panic), the session stream, the page limit, and a brain
//! that cannot be started reported in words.

#[path = "../../../live/tests/it/common/mod.rs"]
mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use renzoku_board::{BoardConfig, BoardServer, EngineSpec, serve};
use serde_json::{Value, json};

fn start(max_games: usize) -> BoardServer {
    let missing = EngineSpec {
        name: "missing".into(),
        program: "/nonexistent/pbrain-missing".into(),
        args: Vec::new(),
    };
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), BoardConfig { engines: vec![missing], max_games })
        .expect("serve")
}

/// POSTs `body` with a JSON content type; the status and the body.
fn post_raw(addr: SocketAddr, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .expect("send head");
    // A refused body may close the connection early: what was sent is enough.
    let _ = stream.write_all(body);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let text = String::from_utf8_lossy(&reply).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = post_raw(addr, path, body.to_string().as_bytes());
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[test]
fn the_page_is_embedded_and_loads_nothing_from_elsewhere() {
    let server = start(2);
    let addr = server.local_addr();
    let page = common::get(addr, "/").text();
    assert!(page.contains("Renzoku board"));
    // The board's own files and those shared with the live view.
    for path in [
        "/",
        "/board.js",
        "/openings.js",
        "/style.css",
        "/base.css",
        "/goban.js",
        "/frame.js",
        "/graphs.js",
    ] {
        let response = common::get(addr, path);
        assert_eq!(response.status, 200, "{path}");
        let text = response.text();
        assert!(!text.contains("http://") && !text.contains("https://"), "{path} links out");
    }
}

#[test]
fn position_requests_are_validated() {
    let server = start(2);
    let addr = server.local_addr();
    let (status, reply) =
        post(addr, "/api/position", &json!({"rule": "renju", "size": 15, "moves": [[7, 7]]}));
    assert_eq!(status, 200);
    assert_eq!(reply["to_move"], "white");
    let bad = [
        (json!({"rule": "renju", "size": 15, "moves": [[7, 7], [7, 7]]}), "taken"),
        (json!({"rule": "renju", "size": 300, "moves": []}), "between"),
        (json!({"rule": "renju", "size": 15, "moves": [[15, 0]]}), "off"),
        (json!({"rule": "renju", "size": 15, "moves": [[-1, 0]]}), "off"),
        (json!({"rule": "renju", "size": 15, "moves": [[1e30, 0]]}), "bad request"),
        (json!({"rule": "chess", "size": 15, "moves": []}), "unknown rule"),
        (json!({"rule": "renju", "size": 15}), "bad request"),
        (json!([1, 2, 3]), "bad request"),
    ];
    for (body, expected) in bad {
        let (status, reply) = post(addr, "/api/position", &body);
        assert!((400..500).contains(&status), "{body}: {status}");
        let error = reply["error"].as_str().unwrap_or_default();
        assert!(error.contains(expected), "{body}: {error}");
    }
    let (status, text) = post_raw(addr, "/api/position", b"{not json");
    assert_eq!(status, 400, "{text}");
    // Bodies over the limit are refused before they are read.
    let huge = vec![b' '; 2 << 20];
    let (status, _) = post_raw(addr, "/api/position", &huge);
    assert_eq!(status, 413);
}

#[test]
fn games_load_and_save_with_clear_errors() {
    let server = start(2);
    let addr = server.local_addr();
    let sgf = "(;FF[4]GM[4]SZ[15]RU[4];B[hh];W[ih](;B[ii])(;B[gg]))";
    let (status, game) = post(addr, "/api/load", &json!({"text": sgf}));
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["rule"], "renju");
    assert_eq!(game["nodes"].as_array().map(Vec::len), Some(4));
    let (status, saved) = post(
        addr,
        "/api/save",
        &json!({"rule": "renju", "size": 15, "nodes": game["nodes"].clone()}),
    );
    assert_eq!(status, 200);
    let (_, again) = post(addr, "/api/load", &json!({"text": saved["sgf"].clone()}));
    assert_eq!(again["nodes"], game["nodes"]);
    for text in
        ["(;SZ[15];B[hh];B[ii])", "(;SZ[15];B[zz])", "Piskvorky 15x15, 0:0, 0\n99,1", "h8h8", ""]
    {
        let (status, reply) = post(addr, "/api/load", &json!({"text": text}));
        assert_eq!(status, 400, "{text}: {reply}");
        assert!(reply["error"].is_string());
    }
    let cyclic = json!({"rule": "renju", "size": 15, "nodes": [{"parent": 0, "move": [1, 1]}]});
    let (status, _) = post(addr, "/api/save", &cyclic);
    assert_eq!(status, 400);
}

#[test]
fn a_session_reports_an_engine_that_cannot_start_and_requests_are_checked() {
    let server = start(1);
    let addr = server.local_addr();
    let mut events = common::get(addr, "/api/session").into_events();
    let hello: Value =
        serde_json::from_str(&events.next_event().expect("hello").data).expect("json");
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["engines"], json!(["missing"]));
    let session = hello["session"].as_str().expect("id").to_owned();
    let path = format!("/api/session/{session}");

    // The limit is one page: a second one is told so.
    let mut second = common::get(addr, "/api/session").into_events();
    let full: Value = serde_json::from_str(&second.next_event().expect("full").data).expect("json");
    assert_eq!(full["type"], "full");
    assert!(full["text"].as_str().unwrap_or_default().contains("--max-games"));
    assert!(second.next_event().is_none(), "the refused stream ends");

    let bad = [
        json!({"type": "think", "id": 1, "purpose": "move", "rule": "renju", "size": 15, "moves": [[7, 7], [7, 7]]}),
        json!({"type": "think", "id": 1, "purpose": "analyse", "rule": "renju", "size": 15, "moves": [], "nbest": 0}),
        json!({"type": "engine", "index": 5}),
        json!({"type": "run", "program": "/bin/sh"}),
        // Opening decisions that break the rule: the wrong stones, an opening that is not one
        // of the 26, symmetrical fifth moves.
        json!({"type": "think", "id": 1, "purpose": "swap", "rule": "freestyle", "size": 15, "moves": [[7, 7]]}),
        json!({"type": "think", "id": 1, "purpose": "soosorv", "rule": "renju", "size": 15,
               "moves": [[0, 0], [1, 1], [2, 2]], "step": 2, "number": 8}),
        json!({"type": "think", "id": 1, "purpose": "soosorv", "rule": "renju", "size": 15,
               "moves": [[7, 7], [7, 6], [7, 5], [7, 9]], "step": 6, "number": 2,
               "offers": [[6, 7], [8, 7]]}),
    ];
    for body in bad {
        let (status, reply) = post(addr, &path, &body);
        assert!((400..500).contains(&status), "{body}: {reply}");
        assert!(reply["error"].is_string(), "{body}: {reply}");
    }
    let (status, _) = post(addr, "/api/session/nosuchsession", &json!({"type": "restart"}));
    assert_eq!(status, 404);

    let think = json!({"type": "think", "id": 7, "purpose": "move", "rule": "renju", "size": 15,
                       "moves": [[7, 7]], "time_ms": 500});
    let (status, _) = post(addr, &path, &think);
    assert_eq!(status, 200);
    let fault = loop {
        let event: Value =
            serde_json::from_str(&events.next_event().expect("an event").data).expect("json");
        if event["state"] == "fault" {
            break event;
        }
    };
    let text = fault["text"].as_str().unwrap_or_default();
    assert!(text.contains("could not start missing"), "{text}");
    assert!(text.contains("/nonexistent/pbrain-missing"), "{text}");
}
