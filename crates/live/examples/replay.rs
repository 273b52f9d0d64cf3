//! Serves the live view of one game replayed at a steady pace, to look at the page without
//! engines: `cargo run -p renzoku-live --example replay -- [ADDR] [MS_PER_MOVE]`
//! (default `127.0.0.1:8080`, 700 ms). The moves are a fixed, legal freestyle game.

use std::net::SocketAddr;
use std::time::Duration;

use renzoku_live::{EngineInfo, GameEnd, GameInfo, LiveEvent, LiveHub, MoveEvent, Side, serve};

/// A short freestyle game on 15x15 (x, y), black first; black's last stone makes five in a row
/// from h8 to l8 (x 7..=11 on row y 7).
const MOVES: [[u8; 2]; 9] =
    [[7, 7], [7, 8], [8, 7], [8, 8], [9, 7], [9, 8], [10, 7], [6, 7], [11, 7]];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let addr: SocketAddr = args.next().as_deref().unwrap_or("127.0.0.1:8080").parse()?;
    let pace = Duration::from_millis(args.next().as_deref().unwrap_or("700").parse()?);
    let hub = LiveHub::new();
    let server = serve(addr, hub.clone())?;
    eprintln!("live view at http://{}/", server.local_addr());
    let mut clock = [60_000_u64, 60_000];
    hub.publish(LiveEvent::GameStarted(GameInfo {
        game: 1,
        black: "replay-black".into(),
        white: "replay-white".into(),
        rule: 0,
        width: 15,
        height: 15,
        opening: Vec::new(),
        time_match_ms: Some(60_000),
        time_turn_ms: Some(5_000),
        increment_ms: 0,
        clock_ms: clock.map(Some),
    }));
    for (i, &[x, y]) in MOVES.iter().enumerate() {
        std::thread::sleep(pace);
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        let spent = pace.as_millis() as u64;
        clock[side.index()] = clock[side.index()].saturating_sub(spent);
        let depth = 4 + i;
        hub.publish(LiveEvent::EngineInfo(EngineInfo::from_message(
            1,
            side,
            &format!(
                "depth {depth}-{} ev {} n 1000 tm {spent} pv {}",
                depth + 6,
                50 + i,
                name(x, y)
            ),
        )));
        hub.publish(LiveEvent::Move(MoveEvent {
            game: 1,
            ply: i as u32 + 1,
            x,
            y,
            side,
            time_ms: spent,
            clock_ms: clock.map(Some),
            black_score: None,
        }));
    }
    hub.publish(LiveEvent::GameEnded(GameEnd {
        game: 1,
        winner: Some(Side::Black),
        reason: "five".into(),
        detail: "five in a row".into(),
    }));
    eprintln!("game over; serving until interrupted");
    loop {
        std::thread::park();
    }
}

fn name(x: u8, y: u8) -> String {
    format!("{}{}", char::from(b'a' + x), y + 1)
}
