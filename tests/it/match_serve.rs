//! `renzoku match -serve`: a real two-game match (the in-process brain at 50 ms a move on 9x9)
//! watched through the live view's event stream from start to end.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use renzoku_live::{LiveEvent, Side};

use crate::common;
use renzoku_rules::{Board, Outcome, Point, Rule, outcome_after};

const BIN: &str = env!("CARGO_BIN_EXE_renzoku");

/// Starts `renzoku match ARGS` and returns it with the live view's address from its stderr.
fn start_match(args: &[String]) -> (Child, SocketAddr, mpsc::Receiver<String>) {
    let mut child = Command::new(BIN)
        .arg("match")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("renzoku runs");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, received) = mpsc::channel();
    // Drains stderr to the end so that the match never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut seen = Vec::new();
    let addr = loop {
        let line = received
            .recv_timeout(Duration::from_mins(1))
            .unwrap_or_else(|_| panic!("no 'Live view:' line on stderr; got {seen:?}"));
        if let Some(url) = line.strip_prefix("Live view: http://") {
            break url.trim_end_matches('/').parse().expect("a socket address in the URL");
        }
        seen.push(line);
    };
    (child, addr, received)
}

fn brain_match(extra: &[&str]) -> Vec<String> {
    let engine =
        |name: &str| vec!["-engine".to_owned(), format!("cmd={BIN} brain"), format!("name={name}")];
    let mut args = engine("Alpha");
    args.extend(engine("Beta"));
    args.extend(
        ["-each", "tc=20/0.05", "-games", "2", "-repeat", "-boardsize", "9", "-concurrency", "2"]
            .map(str::to_owned),
    );
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

#[test]
fn a_match_streams_its_games_engine_reports_and_standings_until_it_ends() {
    let _turn = crate::module_turn(module_path!());
    let (mut child, addr, _stderr) = start_match(&brain_match(&["-serve", "127.0.0.1:0"]));
    let response = common::get(addr, "/events");
    assert_eq!(response.status, 200);
    let mut events = response.into_events();
    let mut seen: Vec<LiveEvent> = Vec::new();
    // The stream ends when the run ends and the server shuts down.
    while let Some(event) = events.next_event() {
        if event.name == "reset" {
            seen.clear();
            continue;
        }
        seen.push(
            serde_json::from_str(&event.data).unwrap_or_else(|e| panic!("{e}: {}", event.data)),
        );
    }
    let status = child.wait().expect("renzoku exits");
    assert!(status.success(), "{status}");

    let Some(LiveEvent::Standings(last)) =
        seen.iter().rev().find(|e| matches!(e, LiveEvent::Standings(_)))
    else {
        panic!("no standings in {seen:?}");
    };
    assert_eq!((last.games_done, last.games_total), (2, 2));
    assert_eq!(last.title, "Alpha vs Beta");
    let mut names: Vec<&str> = last.rows.iter().map(|r| r.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Alpha", "Beta"]);
    for row in &last.rows {
        assert_eq!((row.games, row.wins + row.losses + row.draws), (2, 2), "{row:?}");
    }
    assert!(last.summary.iter().any(|l| l.starts_with("Elo:")), "{:?}", last.summary);

    let mut reports = 0;
    for game in 1..=2 {
        let of_game: Vec<&LiveEvent> = seen.iter().filter(|e| e.game() == Some(game)).collect();
        let Some(LiveEvent::GameStarted(info)) = of_game.first() else {
            panic!("game {game} does not start with game_started: {of_game:?}");
        };
        assert_eq!((info.width, info.height, info.rule), (9, 9, 0));
        assert_eq!(info.time_turn_ms, Some(50));
        assert_eq!(info.clock_ms, [Some(20_000), Some(20_000)]);
        let Some(LiveEvent::GameEnded(end)) = of_game.last() else {
            panic!("game {game} does not end with game_ended: {of_game:?}");
        };
        // Replays the streamed moves: consecutive plies, alternating sides, legal, and the
        // ending the stream reports is the board's.
        let mut board = Board::square(9).expect("9x9");
        let mut last = None;
        for event in &of_game {
            match event {
                LiveEvent::Move(mv) => {
                    assert_eq!(mv.ply as usize, board.stone_count() + 1, "{mv:?}");
                    let expected = if board.stone_count().is_multiple_of(2) {
                        Side::Black
                    } else {
                        Side::White
                    };
                    assert_eq!(mv.side, expected);
                    let p = Point::new(mv.x, mv.y);
                    board.play(p).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
                    assert!(mv.clock_ms.iter().all(|c| c.is_some_and(|ms| ms <= 20_000)));
                    last = Some(p);
                }
                LiveEvent::EngineInfo(info) => {
                    reports += 1;
                    assert!(info.depth.is_some(), "the brain's summary has a depth: {info:?}");
                }
                _ => {}
            }
        }
        let last = last.expect("moves were played");
        match outcome_after(&board, last, Rule::Freestyle) {
            Some(Outcome::Five { winner }) => {
                assert_eq!(end.reason, "five");
                assert_eq!(
                    end.winner.map(|s| s == Side::Black),
                    Some(winner == renzoku_rules::Color::Black)
                );
            }
            Some(Outcome::FullBoard) => {
                assert_eq!((end.reason.as_str(), end.winner), ("full_board", None));
            }
            other => panic!("game {game} ended {end:?} but the board says {other:?}"),
        }
    }
    assert!(reports > 0, "no engine reports streamed");
}

#[test]
fn a_taken_port_or_a_bad_address_is_a_clear_error() {
    let _turn = crate::module_turn(module_path!());
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port();
    let out = Command::new(BIN)
        .arg("match")
        .args(brain_match(&["--serve", &format!("127.0.0.1:{port}")]))
        .output()
        .expect("renzoku runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot serve the live view"), "{stderr}");

    let out = Command::new(BIN)
        .arg("match")
        .args(brain_match(&["-serve", "not-an-address"]))
        .output()
        .expect("renzoku runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("-serve: expected PORT or HOST:PORT"), "{stderr}");
}
