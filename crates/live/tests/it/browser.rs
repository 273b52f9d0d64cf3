//! The page in a real browser: headless Chromium loads a running server's page and runs its
//! JavaScript against the live event stream; the rendered page must show the game, follow
//! new events, and switch views on a click. `.ci/run` installs Debian's chromium when it is
//! missing; under `CI=true` a missing browser fails these tests, and only on a developer's
//! machine are they skipped with a notice. `RENZOKU_CHROMIUM` picks a browser. With
//! `RENZOKU_LIVE_SCREENSHOTS=DIR` the tests also save what they saw as PNG files there.

use std::net::SocketAddr;

use crate::chromium::{Browser, chromium_or_notice};
use renzoku_live::{
    EngineInfo, GameEnd, GameInfo, LiveEvent, LiveHub, MoveEvent, Side, StandingRow, Standings,
    serve,
};

fn loopback() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 0))
}

fn game(game: u64, black: &str, white: &str) -> LiveEvent {
    LiveEvent::GameStarted(GameInfo {
        game,
        black: black.into(),
        white: white.into(),
        rule: 4,
        width: 15,
        height: 15,
        opening: vec![[7, 7], [8, 6], [9, 9]],
        time_match_ms: Some(120_000),
        time_turn_ms: Some(10_000),
        increment_ms: 500,
        clock_ms: [Some(120_000), Some(120_000)],
    })
}

/// Moves after the three opening stones, white first.
fn moves(game: u64, list: &[[u8; 2]]) -> Vec<LiveEvent> {
    list.iter()
        .enumerate()
        .map(|(i, &[x, y])| {
            let ply = 4 + i as u32;
            LiveEvent::Move(MoveEvent {
                game,
                ply,
                x,
                y,
                side: if ply % 2 == 1 { Side::Black } else { Side::White },
                time_ms: 1_234,
                clock_ms: [Some(110_000), Some(100_000)],
                black_score: None,
            })
        })
        .collect()
}

#[test]
fn a_single_game_shows_its_moves_players_and_engine_reports_and_follows_new_moves() {
    let Some(chromium) = chromium_or_notice() else { return };
    let hub = LiveHub::new();
    let server = serve(loopback(), hub.clone()).expect("serve");
    hub.publish(game(1, "Renzoku", "Rapfi"));
    for event in moves(1, &[[10, 10], [6, 8], [11, 4]]) {
        hub.publish(event);
    }
    hub.publish(LiveEvent::EngineInfo(EngineInfo::from_message(
        1,
        Side::Black,
        "MESSAGE depth 5-14 ev 61.5 winrate 58.0 drawrate 7.0 n 9000 n/s 90000 tm 100 pv Xl5 Oh9",
    )));
    let browser =
        Browser::launch(&chromium, &format!("http://{}/", server.local_addr()), 1100, 760);
    assert!(browser.wait_for("document.querySelectorAll('#moves tr').length === 6"));
    for name in ["h8", "i7", "j10", "k11", "g9", "l5"] {
        let selector = format!("#moves tr[data-move='{name}']");
        assert_eq!(
            browser.evaluate(&format!("!!document.querySelector(\"{selector}\")")),
            true,
            "{name}"
        );
    }
    let text = browser.text();
    assert!(text.contains("Game 1: Renzoku vs Rapfi"), "{text}");
    assert!(text.contains("depth 5-14 · eval 61.5 · pv Xl5 Oh9"), "{text}");
    assert!(text.contains("15×15, renju"), "{text}");
    // White played last (ply 6), so black's clock runs.
    assert_eq!(
        browser.evaluate("document.getElementById('player-black').classList.contains('to-move')"),
        true
    );
    assert_eq!(
        browser.evaluate("document.getElementById('player-white').classList.contains('to-move')"),
        false
    );
    // The board is drawn: the canvas is not one flat colour.
    assert_eq!(
        browser.evaluate(
            "(() => { const c = document.getElementById('board'); \
              const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
              return new Set(Array.from({length: 400}, (_, i) => d[(i * 997 * 4) % d.length])).size > 3; })()"
        ),
        true
    );

    // The move-number toggle redraws the board with numbers on the stones.
    let checksum = "(() => { const c = document.getElementById('board'); \
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
        let h = 0; for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i]) | 0; return h; })()";
    let plain = browser.evaluate(checksum);
    browser.evaluate("document.getElementById('numbers').click()");
    assert!(browser.wait_for(&format!("{checksum} !== {plain}")));
    browser.evaluate("document.getElementById('numbers').click()");
    assert!(browser.wait_for(&format!("{checksum} === {plain}")));

    // Live: a new move and the end of the game reach the open page.
    for event in moves(1, &[[4, 4]]).into_iter().map(|e| match e {
        LiveEvent::Move(mv) => LiveEvent::Move(MoveEvent { ply: 7, side: Side::Black, ..mv }),
        other => other,
    }) {
        hub.publish(event);
    }
    assert!(browser.wait_for("document.querySelector(\"#moves tr[data-move='e5']\")"));
    browser.screenshot_if_asked("RENZOKU_LIVE_SCREENSHOTS", "single-game.png");
    hub.publish(LiveEvent::GameEnded(GameEnd {
        game: 1,
        winner: Some(Side::Black),
        reason: "five".into(),
        detail: "Renzoku made five".into(),
    }));
    assert!(browser.wait_for(
        "document.getElementById('focus-result').textContent.includes('1-0 — black wins (five)')"
    ));
}

#[test]
fn a_tournament_shows_standings_and_game_cards_and_a_click_enlarges_a_game() {
    let Some(chromium) = chromium_or_notice() else { return };
    let hub = LiveHub::new();
    hub.publish(game(1, "alpha", "beta"));
    hub.publish(game(2, "beta", "alpha"));
    for event in moves(2, &[[1, 1], [2, 2]]) {
        hub.publish(event);
    }
    hub.publish(LiveEvent::GameEnded(GameEnd {
        game: 1,
        winner: Some(Side::White),
        reason: "time".into(),
        detail: "alpha ran out of match time".into(),
    }));
    hub.publish(LiveEvent::Standings(Standings {
        title: "alpha vs beta".into(),
        games_done: 1,
        games_total: 10,
        rows: vec![
            StandingRow {
                name: "beta".into(),
                games: 1,
                wins: 1,
                losses: 0,
                draws: 0,
                points: 1.0,
                elo: Some(120.5),
                elo_error: Some(300.25),
            },
            StandingRow {
                name: "alpha".into(),
                games: 1,
                wins: 0,
                losses: 1,
                draws: 0,
                points: 0.0,
                elo: None,
                elo_error: None,
            },
        ],
        summary: vec!["LOS: 15.9 %".into()],
        progress: None,
        elo_model: Some("pentanomial".into()),
        history: Vec::new(),
    }));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let browser =
        Browser::launch(&chromium, &format!("http://{}/", server.local_addr()), 1100, 760);
    assert!(browser.wait_for("document.querySelectorAll('#standings tbody tr').length === 2"));
    let text = browser.text();
    assert!(text.contains("1 / 10 games"), "{text}");
    assert!(text.contains("+120.5 ± 300.3"), "{text}");
    // The page names the model of the error, as the console's report computes it.
    assert!(text.contains("Elo ± 95 % (pentanomial)"), "{text}");
    assert!(text.contains("LOS: 15.9 %"), "{text}");
    assert!(text.contains("0-1 — white wins (time): alpha ran out of match time"), "{text}");
    assert!(text.contains("#2: move 5, last c3"), "{text}");
    assert_eq!(browser.evaluate("document.querySelectorAll('#running .card').length"), 1);
    assert_eq!(browser.evaluate("document.querySelectorAll('#finished .card').length"), 1);
    assert_eq!(browser.evaluate("document.getElementById('focus').hidden"), true);

    // A third game starts while the page is open: a second card appears.
    hub.publish(game(3, "alpha", "beta"));
    assert!(browser.wait_for("document.querySelectorAll('#running .card').length === 2"));

    // A click with the mouse on its card enlarges a game.
    let (x, y) = browser.centre_of("#running .card[data-game='2']");
    browser.click_at(x, y);
    assert!(browser.wait_for("!document.getElementById('focus').hidden"));
    let text = browser.text();
    assert!(text.contains("Game 2: beta vs alpha"), "{text}");
    assert_eq!(browser.evaluate("document.querySelectorAll('#moves tr').length"), 5);
    browser.screenshot_if_asked("RENZOKU_LIVE_SCREENSHOTS", "tournament-focus.png");
}

/// A report in the AlphaGomoku summary style (`ev` in percent for the side to move).
fn summary_report(game: u64, side: Side, percent: &str) -> LiveEvent {
    LiveEvent::EngineInfo(EngineInfo::from_message(
        game,
        side,
        &format!(
            "MESSAGE depth 1-9 ev {percent} winrate {percent} drawrate 0.0 n 9 n/s 9 tm 1 pv Xa1"
        ),
    ))
}

/// A report in Rapfi's realtime style (`ev` in evaluation units, or a mate).
fn rapfi_report(game: u64, side: Side, eval: &str) -> LiveEvent {
    LiveEvent::EngineInfo(EngineInfo::from_message(
        game,
        side,
        &format!("MESSAGE depth 7-12 ev {eval} n 1.2K n/ms 40 tm 30 pv a1"),
    ))
}

/// A hash of a canvas's pixels, to see that it was redrawn.
fn checksum(id: &str) -> String {
    format!(
        "(() => {{ const c = document.getElementById('{id}'); \
         const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
         let h = 0; for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + d[i + 1]) | 0; \
         return h; }})()"
    )
}

/// More than a few colours in a canvas: something was drawn on it.
fn drawn(id: &str) -> String {
    format!(
        "(() => {{ const c = document.getElementById('{id}'); \
         const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
         const seen = new Set(); for (let i = 0; i < d.length; i += 4) seen.add(d[i] * 65536 + d[i + 1] * 256 + d[i + 2]); \
         return seen.size > 4; }})()"
    )
}

#[test]
fn the_evaluation_graph_shows_both_engines_reports_from_blacks_side_and_follows_the_game() {
    let Some(chromium) = chromium_or_notice() else { return };
    let hub = LiveHub::new();
    let server = serve(loopback(), hub.clone()).expect("serve");
    hub.publish(game(1, "Renzoku", "Rapfi"));
    let plies = moves(1, &[[10, 10], [6, 8], [11, 4], [4, 4]]);
    // White (Rapfi's scale) thinks it is 200 behind: black's 1 / (1 + e^-1) = 0.731.
    hub.publish(rapfi_report(1, Side::White, "-200"));
    hub.publish(plies[0].clone());
    // Black (percent) expects 60 %.
    hub.publish(summary_report(1, Side::Black, "60.0"));
    hub.publish(plies[1].clone());
    // White sees its own mate in 5: black's 0, clamped.
    hub.publish(rapfi_report(1, Side::White, "+M5"));
    hub.publish(plies[2].clone());
    let browser =
        Browser::launch(&chromium, &format!("http://{}/", server.local_addr()), 1100, 980);
    let values = "document.getElementById('eval-graph').dataset.values";
    let expected = r#"[[4,0.731,"white"],[5,0.6,"black"],[6,0,"white"]]"#;
    assert!(browser.wait_for(&format!("{values} === '{expected}'")), "{}", browser.text());
    assert_eq!(browser.evaluate(&drawn("eval-graph")), true);
    // A new report and move reach the open page: one more point, the picture redrawn.
    let before = browser.evaluate(&checksum("eval-graph"));
    hub.publish(summary_report(1, Side::Black, "W3"));
    hub.publish(plies[3].clone());
    let grown = r#"[[4,0.731,"white"],[5,0.6,"black"],[6,0,"white"],[7,1,"black"]]"#;
    assert!(browser.wait_for(&format!("{values} === '{grown}'")));
    assert!(browser.wait_for(&format!("{} !== {before}", checksum("eval-graph"))));
    browser.screenshot_if_asked("RENZOKU_LIVE_SCREENSHOTS", "eval-graph.png");
}

#[test]
fn a_finished_games_card_shows_its_evaluation_graph() {
    let Some(chromium) = chromium_or_notice() else { return };
    let hub = LiveHub::new();
    hub.publish(game(1, "alpha", "beta"));
    hub.publish(game(2, "beta", "alpha"));
    let plies = moves(1, &[[10, 10], [6, 8]]);
    hub.publish(rapfi_report(1, Side::White, "0"));
    hub.publish(plies[0].clone());
    hub.publish(summary_report(1, Side::Black, "75.0"));
    hub.publish(plies[1].clone());
    hub.publish(LiveEvent::GameEnded(GameEnd {
        game: 1,
        winner: Some(Side::Black),
        reason: "five".into(),
        detail: String::new(),
    }));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let browser =
        Browser::launch(&chromium, &format!("http://{}/", server.local_addr()), 1100, 760);
    let card_graph = "document.querySelector('#finished .card canvas.card-graph')";
    assert!(browser.wait_for(&format!("!!{card_graph}")));
    assert_eq!(
        browser.evaluate(&format!("{card_graph}.dataset.values")),
        r#"[[4,0.5,"white"],[5,0.75,"black"]]"#
    );
    // Running games have no graph on their card.
    assert_eq!(browser.evaluate("document.querySelectorAll('#running .card-graph').length"), 0);
}

fn progress(games: u64, points: f64, elo: Option<f64>, error: Option<f64>, llr: f64) -> LiveEvent {
    LiveEvent::Standings(Standings {
        title: "alpha vs beta".into(),
        games_done: games,
        games_total: 20,
        rows: Vec::new(),
        summary: Vec::new(),
        progress: Some(renzoku_live::MatchProgress {
            games,
            first: "alpha".into(),
            second: "beta".into(),
            points,
            elo,
            elo_error: error,
            sprt: Some(renzoku_live::SprtProgress {
                llr,
                lower: -2.94,
                upper: 2.94,
                elo0: 0.0,
                elo1: 10.0,
            }),
        }),
        elo_model: Some("trinomial".into()),
        history: Vec::new(),
    })
}

#[test]
fn the_match_graphs_show_elo_with_its_error_and_the_llr_against_its_bounds() {
    let Some(chromium) = chromium_or_notice() else { return };
    let hub = LiveHub::new();
    // Before the viewer connects: it gets these from the snapshot.
    hub.publish(progress(1, 1.0, None, None, 0.4));
    hub.publish(progress(2, 1.5, Some(190.8), None, 0.5));
    hub.publish(progress(3, 2.5, Some(240.0), Some(410.5), 0.9));
    let server = serve(loopback(), hub.clone()).expect("serve");
    let browser =
        Browser::launch(&chromium, &format!("http://{}/", server.local_addr()), 1100, 900);
    let elo = "document.getElementById('elo-graph').dataset.values";
    let llr = "document.getElementById('sprt-graph').dataset.values";
    assert!(browser.wait_for(&format!("{elo} === '[[2,190.8,null],[3,240,410.5]]'")));
    assert_eq!(browser.evaluate(llr), "[[1,0.4],[2,0.5],[3,0.9]]");
    assert_eq!(browser.evaluate(&drawn("elo-graph")), true);
    assert_eq!(browser.evaluate(&drawn("sprt-graph")), true);
    let text = browser.text();
    assert!(
        text.contains("alpha 2.5 – 0.5 beta after 3 games, Elo +240.0 ± 410.5 (trinomial)"),
        "{text}"
    );
    assert!(text.contains("LLR 0.90 (-2.94, 2.94) [0, 10]"), "{text}");
    // The next game extends both graphs.
    let before = browser.evaluate(&checksum("sprt-graph"));
    hub.publish(progress(4, 3.0, Some(200.0), Some(300.0), 1.6));
    assert!(browser.wait_for(&format!("{llr} === '[[1,0.4],[2,0.5],[3,0.9],[4,1.6]]'")));
    assert!(browser.wait_for(&format!("{} !== {before}", checksum("sprt-graph"))));
    assert!(browser.text().contains("after 4 games"));
    browser.screenshot_if_asked("RENZOKU_LIVE_SCREENSHOTS", "match-graphs.png");
}
