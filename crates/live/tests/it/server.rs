//! The live server through a real HTTP connection: the event stream, reconnection, several
//! viewers, `/state`, the page's files, and shutdown.

use std::net::SocketAddr;

use crate::common::{EventReader, SseEvent, get};
use renzoku_live::{
    EngineInfo, GameEnd, GameInfo, LiveEvent, LiveHub, LiveServer, MoveEvent, Side, StandingRow,
    Standings, serve,
};

fn loopback() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 0))
}

fn started(game: u64) -> LiveEvent {
    LiveEvent::GameStarted(GameInfo {
        game,
        black: "alpha".into(),
        white: "beta".into(),
        rule: 1,
        width: 15,
        height: 15,
        opening: vec![[7, 7], [8, 7]],
        time_match_ms: Some(60_000),
        time_turn_ms: Some(5_000),
        increment_ms: 0,
        clock_ms: [Some(60_000), Some(60_000)],
    })
}

fn stone(game: u64, ply: u32) -> LiveEvent {
    let side = if ply % 2 == 1 { Side::Black } else { Side::White };
    LiveEvent::Move(MoveEvent {
        game,
        ply,
        x: (ply % 15) as u8,
        y: (ply / 15) as u8,
        side,
        time_ms: u64::from(ply),
        clock_ms: [Some(60_000 - u64::from(ply)), Some(60_000)],
        black_score: None,
    })
}

fn open_events(server: &LiveServer) -> EventReader {
    let response = get(server.local_addr(), "/events");
    assert_eq!(response.status, 200);
    assert_eq!(response.header("content-type"), Some("text/event-stream"));
    response.into_events()
}

/// Reads the `reset` that opens every stream and the snapshot after it (`count` events).
fn read_snapshot(events: &mut EventReader, count: usize) -> Vec<LiveEvent> {
    let reset = events.next_event().expect("reset event");
    assert_eq!(reset.name, "reset");
    (0..count).map(|_| read_live(events)).collect()
}

fn read_live(events: &mut EventReader) -> LiveEvent {
    let SseEvent { name, data } = events.next_event().expect("an event");
    assert_eq!(name, "message", "{data}");
    serde_json::from_str(&data).unwrap_or_else(|e| panic!("{data}: {e}"))
}

#[test]
fn events_arrive_after_the_snapshot_in_publishing_order() {
    let hub = LiveHub::new();
    hub.publish(started(1));
    hub.publish(stone(1, 3));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let mut events = open_events(&server);
    assert_eq!(read_snapshot(&mut events, 2), vec![started(1), stone(1, 3)]);

    let publisher = std::thread::spawn(move || {
        for ply in 4..100 {
            hub.publish(stone(1, ply));
        }
        hub.publish(LiveEvent::EngineInfo(EngineInfo::from_message(
            1,
            Side::White,
            "depth 7-12 ev 51.0 winrate 50.0 drawrate 2.0 n 10 n/s 10 tm 1 pv Oa1",
        )));
        hub.publish(LiveEvent::GameEnded(GameEnd {
            game: 1,
            winner: Some(Side::Black),
            reason: "five".into(),
            detail: "five in a row".into(),
        }));
    });
    for ply in 4..100 {
        assert_eq!(read_live(&mut events), stone(1, ply));
    }
    let LiveEvent::EngineInfo(info) = read_live(&mut events) else { panic!("engine info") };
    assert_eq!((info.depth.as_deref(), info.eval.as_deref()), (Some("7-12"), Some("51.0")));
    assert!(matches!(read_live(&mut events), LiveEvent::GameEnded(end) if end.reason == "five"));
    publisher.join().expect("publisher");
}

#[test]
fn reconnecting_mid_game_gets_the_whole_game_so_far() {
    let hub = LiveHub::new();
    let server = serve(loopback(), hub.clone()).expect("serve");
    let mut first = open_events(&server);
    assert_eq!(read_snapshot(&mut first, 0), Vec::new());
    hub.publish(started(7));
    for ply in 3..20 {
        hub.publish(stone(7, ply));
    }
    assert_eq!(read_live(&mut first), started(7));
    drop(first);

    let mut again = open_events(&server);
    let snapshot = read_snapshot(&mut again, 18);
    let mut expected = vec![started(7)];
    expected.extend((3..20).map(|ply| stone(7, ply)));
    assert_eq!(snapshot, expected);
    hub.publish(stone(7, 20));
    assert_eq!(read_live(&mut again), stone(7, 20));
}

#[test]
fn several_viewers_see_the_same_events() {
    let hub = LiveHub::new();
    hub.publish(started(2));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let mut viewers: Vec<EventReader> = (0..4).map(|_| open_events(&server)).collect();
    for viewer in &mut viewers {
        assert_eq!(read_snapshot(viewer, 1), vec![started(2)]);
    }
    for ply in 3..30 {
        hub.publish(stone(2, ply));
    }
    for viewer in &mut viewers {
        for ply in 3..30 {
            assert_eq!(read_live(viewer), stone(2, ply));
        }
    }
}

#[test]
fn state_is_the_snapshot_as_a_json_array() {
    let hub = LiveHub::new();
    hub.publish(LiveEvent::Standings(Standings {
        title: "alpha vs beta".into(),
        games_done: 1,
        games_total: 4,
        rows: vec![StandingRow {
            name: "alpha".into(),
            games: 1,
            wins: 1,
            losses: 0,
            draws: 0,
            points: 1.0,
            elo: Some(191.0),
            elo_error: None,
        }],
        summary: vec!["Elo: not defined yet (1-0)".into()],
        progress: None,
        elo_model: None,
        history: Vec::new(),
    }));
    hub.publish(started(3));
    hub.publish(stone(3, 3));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let response = get(server.local_addr(), "/state");
    assert_eq!(response.status, 200);
    assert_eq!(response.header("content-type"), Some("application/json"));
    let state: Vec<LiveEvent> = serde_json::from_str(&response.text()).expect("JSON array");
    assert_eq!(state, hub.snapshot());
    assert_eq!(state.len(), 3);
}

#[test]
fn the_page_and_its_files_are_served_without_external_references() {
    let server = serve(loopback(), LiveHub::new()).expect("serve");
    let page = get(server.local_addr(), "/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").is_some_and(|t| t.starts_with("text/html")));
    let html = page.text();
    assert!(html.contains("app.js") && html.contains("style.css"), "{html}");
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let response = get(server.local_addr(), path);
        assert_eq!(response.status, 200, "{path}");
        assert!(response.header("content-type").is_some_and(|t| t.starts_with(kind)), "{path}");
        let text = response.text();
        assert!(text.len() > 100, "{path} is nearly empty");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} loads from outside"
        );
    }
    assert_eq!(get(server.local_addr(), "/nothing-here").status, 404);
}

#[test]
fn binding_a_taken_port_is_an_error() {
    let server = serve(loopback(), LiveHub::new()).expect("serve");
    assert!(serve(server.local_addr(), LiveHub::new()).is_err());
}

#[test]
fn shutdown_ends_open_event_streams() {
    let hub = LiveHub::new();
    let server = serve(loopback(), hub.clone()).expect("serve");
    let mut events = open_events(&server);
    assert_eq!(read_snapshot(&mut events, 0), Vec::new());
    let addr = server.local_addr();
    server.shutdown();
    assert_eq!(events.next_event(), None);
    assert!(std::net::TcpStream::connect(addr).is_err());
}

#[test]
fn a_viewer_that_falls_behind_is_resynchronised_from_a_snapshot() {
    let hub = LiveHub::new();
    hub.publish(started(5));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let mut events = open_events(&server);
    assert_eq!(read_snapshot(&mut events, 1), vec![started(5)]);
    // The viewer reads nothing while far more events than the channel holds, and more bytes
    // than the socket buffers take (20 000 reports of 1 kB), are published: it loses its place.
    let report = |n: usize| {
        LiveEvent::EngineInfo(EngineInfo {
            game: 5,
            side: Side::White,
            depth: Some(n.to_string()),
            eval: None,
            pv: None,
            text: "x".repeat(1000),
        })
    };
    for n in 0..20_000 {
        hub.publish(report(n));
    }
    hub.publish(stone(5, 3));
    // The end comes last both live and in a snapshot (a game's events end with it).
    let end = LiveEvent::GameEnded(GameEnd {
        game: 5,
        winner: None,
        reason: "adjudication".into(),
        detail: String::new(),
    });
    hub.publish(end.clone());
    // What the page would hold: every `reset` starts it afresh.
    let mut view: Vec<LiveEvent> = vec![started(5)];
    let mut resets = 0;
    loop {
        let event = events.next_event().expect("the stream goes on");
        if event.name == "reset" {
            resets += 1;
            view.clear();
            continue;
        }
        let event: LiveEvent = serde_json::from_str(&event.data).expect("JSON event");
        let done = event == end;
        view.push(event);
        if done {
            break;
        }
    }
    assert!(resets >= 1, "the viewer never lagged; publish more in this test");
    // The view rebuilds the same state as the hub's.
    let replica = LiveHub::new();
    for event in view {
        replica.publish(event);
    }
    assert_eq!(replica.snapshot(), hub.snapshot());
}
