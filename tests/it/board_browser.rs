//! `renzoku board` in a real browser: headless Chromium (the live view's driver, over the
//! headless_chrome crate) opens the page served with pbrain-renzoku (`renzoku brain`) or a zoo
//! engine, clicks the board with the mouse (or taps it) and reads what the page shows. Under
//! `CI=true` a missing browser fails; on a developer's machine the tests are skipped with a
//! notice. `RENZOKU_BOARD_SCREENSHOTS=DIR` saves what they saw.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::chromium::{Browser, chromium_or_notice};
use renzoku_board::{BoardConfig, BoardServer, EngineSpec, serve};

const RENZOKU: &str = env!("CARGO_BIN_EXE_renzoku");

pub(crate) fn engine(name: &str, args: &[&str]) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        program: RENZOKU.into(),
        args: args.iter().map(|a| (*a).to_owned()).collect(),
    }
}

pub(crate) fn start(engines: Vec<EngineSpec>) -> BoardServer {
    let config = BoardConfig { engines, max_games: 4 };
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).expect("serve")
}

pub(crate) fn open(chromium: &std::path::Path, server: &BoardServer, hash: &str) -> Browser {
    let url = format!("http://{}/{hash}", server.local_addr());
    let browser = Browser::launch(chromium, &url, 1100, 1020);
    assert!(browser.wait_for("document.getElementById('status').textContent === 'connected'"));
    browser
}

/// Where the board's point (x, y) is in the viewport (CSS pixels), scrolled into view first
/// when it is outside it.
fn on_screen(browser: &Browser, x: u8, y: u8) -> (f64, f64) {
    let at = browser.evaluate(&format!(
        "(() => {{ const c = document.getElementById('board'); \
         const cell = (c.clientWidth - 56) / state.size; const at = (v) => 28 + cell / 2 + v * cell; \
         let r = c.getBoundingClientRect(); const px = r.left + at({x}); const py = r.top + at({y}); \
         if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) {{ \
           scrollBy(px - innerWidth / 2, py - innerHeight / 2); r = c.getBoundingClientRect(); }} \
         return JSON.stringify([r.left + at({x}), r.top + at({y})]); }})()"
    ));
    let [px, py]: [f64; 2] =
        serde_json::from_str(at.as_str().unwrap_or("")).expect("the point's page coordinates");
    (px, py)
}

/// Clicks the board's point (x, y) with the mouse.
pub(crate) fn click(browser: &Browser, x: u8, y: u8) {
    let (px, py) = on_screen(browser, x, y);
    browser.click_at(px, py);
}

/// Taps the board's point (x, y) with a finger.
fn tap(browser: &Browser, x: u8, y: u8) {
    let (px, py) = on_screen(browser, x, y);
    browser.tap_at(px, py);
}

/// Moves the mouse over the board's point (x, y).
pub(crate) fn set(browser: &Browser, id: &str, value: &str) {
    browser.evaluate(&format!(
        "(() => {{ const e = document.getElementById('{id}'); e.value = '{value}'; \
         e.dispatchEvent(new Event('change')); }})()"
    ));
}

pub(crate) fn moves_shown(browser: &Browser) -> Vec<String> {
    let list = browser.evaluate(
        "JSON.stringify([...document.querySelectorAll('#moves .mv')].map((e) => e.dataset.move))",
    );
    serde_json::from_str(list.as_str().unwrap_or("[]")).unwrap_or_default()
}

#[test]
fn a_click_gets_the_engines_answer_and_analysis_shows_deepening_candidates() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    let server = start(vec![engine("renzoku", &["brain"])]);
    let browser = open(&chromium, &server, "#rule=renju&size=15&moves=");
    set(&browser, "limit", "time:1000");
    click(&browser, 7, 7);
    // The person's h8, then the engine's answer.
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 2"));
    assert_eq!(moves_shown(&browser)[0], "h8");
    assert!(browser.wait_for("location.hash.startsWith('#rule=renju&size=15&moves=h8')"));
    browser.screenshot_if_asked("RENZOKU_BOARD_SCREENSHOTS", "board-play.png");

    // Analysis: at least two candidates with evaluations, deepening.
    set(&browser, "nbest", "3");
    browser.evaluate("document.getElementById('analysis').click()");
    assert!(browser.wait_for("Number(document.getElementById('board').dataset.candidates) >= 2"));
    assert!(browser.wait_for("document.querySelectorAll('#candidates tr').length >= 2"));
    let depth = "Number(state.lines[0].depth)";
    let first = browser.evaluate(depth).as_f64().unwrap_or(0.0);
    assert!(browser.wait_for(&format!("{depth} > {first}")), "the analysis deepens");
    let evals = browser.evaluate(
        "[...document.querySelectorAll('#candidates tr')].every((tr) => tr.children[2].textContent.length > 0)",
    );
    assert_eq!(evals, true);
    assert!(browser.text().contains("nodes"), "depth, nodes and speed are shown");
    // The evaluation graph (the live view's code) has the analysed position's point.
    assert!(browser.wait_for(
        "JSON.parse(document.getElementById('eval-graph').dataset.values || '[]').some((p) => p[0] === 2)"
    ));
    // Hovering the best candidate shows its line as numbered ghost stones. Read and hovered in
    // one task of the page, so that the streaming analysis cannot drop the move in between.
    browser.evaluate(
        "(() => { const [x, y] = state.lines[0].pv[0]; const c = document.getElementById('board'); \
         const r = c.getBoundingClientRect(); const g = geometry(c); \
         c.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + g.px(x), \
           clientY: r.top + g.px(y), pointerType: 'mouse', bubbles: true })); })()",
    );
    assert!(browser.wait_for("document.querySelector('#candidates tr.shown') !== null"));
    browser.screenshot_if_asked("RENZOKU_BOARD_SCREENSHOTS", "board-analysis.png");
    // Leaving the best move out (yxblock): the analysis goes on without it. The first row's
    // move is read and its button clicked in one task: the table is redrawn on the next frame
    // after the analysis changes, so `state.lines[0]` may already name another move than the
    // row (a busy machine made the test block one move and wait for another).
    let best = browser.evaluate(
        "(() => { const tr = document.querySelector('#candidates tr'); \
         tr.querySelector('button.exclude').click(); return tr.dataset.move; })()",
    );
    let best = best.as_str().unwrap_or_default().to_owned();
    assert!(!best.is_empty(), "the first candidate row names its move");
    assert!(browser.wait_for(&format!(
        "document.getElementById('blocked-moves').textContent === '{best}' && state.lines.length >= 2 \
         && state.lines.every((l) => moveName(l.pv[0]) !== '{best}')"
    )));
    browser.evaluate("document.getElementById('unblock').click()");
    assert!(browser.wait_for("document.getElementById('blocked').hidden"));
    // While analysis streams, no task of the page's runs long (Chromium's long-task entries are
    // tasks over 50 ms).
    browser.watch_long_tasks();
    std::thread::sleep(Duration::from_secs(3));
    let long = browser.long_tasks();
    eprintln!("long tasks (> 50 ms) in 3 s of streaming analysis: {long:?}");

    // The time from a click to the first candidates (two people, so the engine only analyses).
    set(&browser, "white", "human");
    browser.evaluate("delete document.body.dataset.firstLinesMs");
    let started = Instant::now();
    click(&browser, 3, 3);
    assert!(browser.wait_for("document.body.dataset.firstLinesMs !== undefined"));
    let ms = browser.evaluate("document.body.dataset.firstLinesMs");
    eprintln!(
        "click to first candidate marks: {} ms in the page ({} ms seen by the test)",
        ms.as_str().unwrap_or("?"),
        started.elapsed().as_millis()
    );
    // A finger cannot hover: the first tap on a candidate shows its line, the second plays it.
    let before = moves_shown(&browser).len();
    // Read and tapped in one go, so that the candidates cannot change in between.
    let best = browser.evaluate(
        "(() => { const [x, y] = state.lines[0].pv[0]; const c = document.getElementById('board'); \
         const r = c.getBoundingClientRect(); const g = geometry(c); \
         c.dispatchEvent(new PointerEvent('pointerup', { clientX: r.left + g.px(x), \
           clientY: r.top + g.px(y), pointerType: 'touch', bubbles: true })); \
         return JSON.stringify([x, y]); })()",
    );
    let [x, y]: [u8; 2] = serde_json::from_str(best.as_str().unwrap_or("[0,0]")).expect("a point");
    // The tap pins the move, and its row is shown while the move is a candidate (the streaming
    // analysis may drop it from the list at any update, and then no row can show it).
    assert!(browser.wait_for(&format!(
        "state.pinned && state.pinned[0] === {x} && state.pinned[1] === {y} \
         && (document.querySelector('#candidates tr.shown') !== null \
             || !state.lines.some((l) => l.pv[0][0] === {x} && l.pv[0][1] === {y}))"
    )));
    assert_eq!(moves_shown(&browser).len(), before, "the first tap only shows the line");
    tap(&browser, x, y);
    assert!(
        browser.wait_for(&format!(
            "document.querySelectorAll('#moves .mv').length === {}",
            before + 1
        ))
    );
}

#[test]
fn renju_forbidden_clicks_are_refused_and_undo_redo_variations_and_sgf_round_trip() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    let server = start(vec![engine("renzoku", &["brain"])]);
    // Black e8 f8 g6 g7, white far away: g8 is a double three for black to move.
    let browser = open(&chromium, &server, "#rule=renju&size=15&moves=e8a1f8a15g6o1g7o15");
    set(&browser, "white", "human");
    assert!(browser.wait_for("state.facts && state.facts.forbidden.length > 0"));
    click(&browser, 6, 7);
    assert!(browser.wait_for(
        "document.getElementById('notice').textContent.includes('g8 is forbidden for black (double three)')"
    ));
    assert_eq!(moves_shown(&browser).len(), 8, "the forbidden move was not played");

    // Undo, redo, and a variation.
    click(&browser, 10, 10);
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 9"));
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }))");
    assert!(browser.wait_for("location.hash.endsWith('moves=e8a1f8a15g6o1g7o15')"));
    browser.evaluate("document.getElementById('redo').click()");
    assert!(browser.wait_for("location.hash.endsWith('g7o15k11')"));
    browser.evaluate("document.getElementById('undo').click()");
    assert!(browser.wait_for("location.hash.endsWith('moves=e8a1f8a15g6o1g7o15')"));
    click(&browser, 11, 11);
    assert!(browser.wait_for("location.hash.endsWith('g7o15l12')"));
    assert!(browser.wait_for("document.querySelectorAll('#moves .var').length === 1"));
    // A click on a move of the list goes there.
    browser.evaluate("document.querySelector(\"#moves .mv[data-move='k11']\").click()");
    assert!(browser.wait_for("location.hash.endsWith('g7o15k11')"));

    // Save as SGF, load it back: the same tree.
    let tree = "JSON.stringify(flatTree())";
    let before = browser.evaluate(tree);
    browser.evaluate("document.getElementById('save').click()");
    assert!(browser.wait_for("document.getElementById('record').value.startsWith('(;FF[4]')"));
    let sgf = browser.evaluate("document.getElementById('record').value");
    assert!(sgf.as_str().unwrap_or_default().contains("RU[4]"), "{sgf}");
    browser.evaluate(
        "state.root = newNode(null, null); state.current = state.root; positionChanged()",
    );
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 0"));
    browser.evaluate("document.getElementById('load').click()");
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 10"));
    assert_eq!(browser.evaluate(tree), before, "the loaded tree is the saved one");
    browser.screenshot_if_asked("RENZOKU_BOARD_SCREENSHOTS", "board-variations.png");

    // An annotated SGF (`renzoku analyze`'s shape): the move's comment is shown, its mark kept.
    browser.evaluate(
        "document.getElementById('record').value = '(;FF[4]GM[4]SZ[15]RU[4];B[hh]C[centre, \
         as the engine would];W[ii]C[a mistake]SQ[jj])'; document.getElementById('load').click()",
    );
    assert!(browser.wait_for(
        "document.getElementById('comment').textContent === 'a mistake' \
         && JSON.stringify(state.current.marks) === '[[9,9]]'"
    ));

    // A link to a finished game: the result in words, the winning line drawn, clicks refused.
    browser.evaluate("location.hash = '#rule=freestyle&size=15&moves=d8d9e8e9f8f9g8g9h8'");
    assert!(
        browser
            .wait_for("document.getElementById('result').textContent === 'black wins with five'")
    );
    assert_eq!(
        browser.evaluate("JSON.stringify(state.facts.result.line)"),
        "[[3,7],[4,7],[5,7],[6,7],[7,7]]"
    );
    click(&browser, 0, 0);
    assert!(
        browser
            .wait_for("document.getElementById('notice').textContent.includes('the game is over')")
    );
}

#[test]
fn a_brain_that_crashes_mid_think_is_reported_and_a_restart_works() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    // The zoo engine answers its first move, then exits when asked for the second.
    let server = start(vec![engine("zoo-crash", &["zoo", "crash", "--after", "1"])]);
    let browser = open(&chromium, &server, "#rule=freestyle&size=15&moves=");
    click(&browser, 7, 7);
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 2"));
    let second = browser.evaluate("JSON.stringify(state.current.move)");
    let taken: [u8; 2] = serde_json::from_str(second.as_str().unwrap_or("[0,0]")).expect("point");
    let (x, y) = if taken == [0, 0] { (1, 1) } else { (0, 0) };
    click(&browser, x, y);
    assert!(browser.wait_for("!document.getElementById('restart').hidden"));
    let text = browser.text();
    assert!(text.contains("zoo-crash exited"), "{text}");
    assert!(text.contains("while thinking"), "{text}");
    assert_eq!(moves_shown(&browser).len(), 3, "the game is kept");
    // A restart starts a fresh process, which answers (its first move).
    browser.evaluate("document.getElementById('restart').click()");
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 4"));
    assert!(browser.wait_for("document.getElementById('restart').hidden"));
}

/// The pids of this test process's children running `args` (not yet reaped zombies excluded).
fn children_running(tag: &str) -> usize {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0 };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().chars().all(|c| c.is_ascii_digit()))
        .filter(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
            let fields: Vec<&str> = after.split_whitespace().collect();
            let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            fields.first() != Some(&"Z")
                && fields.get(1) == Some(&me.as_str())
                && String::from_utf8_lossy(&cmdline).contains(tag)
        })
        .count()
}

#[test]
fn closing_pages_and_stopping_the_server_end_their_brains_and_the_limit_holds() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    let tag = "board-limit-test";
    let config =
        BoardConfig { engines: vec![engine("zoo", &["zoo", "good", "--tag", tag])], max_games: 2 };
    let server = serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).expect("serve");
    let mut pages = Vec::new();
    for _ in 0..2 {
        let page = open(&chromium, &server, "#rule=freestyle&size=15&moves=");
        click(&page, 7, 7);
        assert!(page.wait_for("document.querySelectorAll('#moves .mv').length === 2"));
        pages.push(page);
    }
    assert_eq!(children_running(tag), 2);
    // A third page is told that the limit is reached.
    let url = format!("http://{}/", server.local_addr());
    let third = Browser::launch(&chromium, &url, 800, 700);
    assert!(
        third.wait_for("document.getElementById('brain-text').textContent.includes('--max-games')")
    );
    drop(third);
    // Closing a page ends its brain.
    drop(pages.pop());
    let deadline = Instant::now() + Duration::from_secs(20);
    while children_running(tag) > 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(children_running(tag), 1, "the closed page's brain ended");
    // Stopping the server ends the rest.
    server.shutdown();
    assert_eq!(children_running(tag), 0, "no brain outlives the server");
}

#[test]
fn a_hanging_brain_a_brain_writing_junk_and_a_brains_error_are_reported_in_words() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    let server = start(vec![
        engine("zoo-hang", &["zoo", "hang"]),
        engine("zoo-junk", &["zoo", "junk"]),
        engine("zoo-error", &["zoo", "error"]),
    ]);
    let browser = open(&chromium, &server, "#rule=freestyle&size=15&moves=");
    set(&browser, "limit", "time:1000");
    click(&browser, 7, 7);
    // Past its time (and the grace) it is asked to stop; it does not answer that either.
    assert!(browser.wait_for("!document.getElementById('restart').hidden"));
    let text = browser.text();
    assert!(text.contains("zoo-hang did not answer yxstop"), "{text}");
    assert_eq!(moves_shown(&browser).len(), 1, "the game is kept");
    // The other engine of the command line: its junk is shown, then it is stopped the same way.
    set(&browser, "engine", "1");
    assert!(
        browser.wait_for(
            "document.getElementById('message').textContent.includes('not the protocol')"
        )
    );
    assert!(browser.text().contains("the best move is obviously"));
    assert!(browser.wait_for("!document.getElementById('restart').hidden"));
    assert!(browser.text().contains("zoo-junk did not answer yxstop"));
    // A brain's ERROR is shown as it is, and the think is given up (no fault: nothing broke).
    set(&browser, "engine", "2");
    assert!(browser.wait_for(
        "document.getElementById('message').textContent === 'ERROR I do not feel like playing'"
    ));
    assert!(browser.wait_for(
        "document.getElementById('brain-text').textContent.includes('the brain refused')"
    ));
    assert_eq!(browser.evaluate("document.getElementById('restart').hidden"), true);
}

#[test]
fn without_a_limit_move_now_plays_and_the_page_fits_a_phone() {
    let _turn = crate::module_turn(module_path!());
    let Some(chromium) = chromium_or_notice() else { return };
    let server = start(vec![engine("renzoku", &["brain"])]);
    let url = format!("http://{}/#rule=standard&size=20&moves=", server.local_addr());
    let browser = Browser::launch(&chromium, &url, 390, 844);
    assert!(browser.wait_for("document.getElementById('status').textContent === 'connected'"));
    set(&browser, "limit", "unlimited");
    click(&browser, 9, 9);
    assert!(
        browser.wait_for("document.getElementById('brain-text').textContent.includes('thinking')")
    );
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(moves_shown(&browser).len(), 1, "no limit: still thinking");
    browser.evaluate("document.getElementById('stop').click()");
    assert!(browser.wait_for("document.querySelectorAll('#moves .mv').length === 2"));
    // At a phone's width the board fits the screen and is drawn for its pixel density.
    browser.screenshot_if_asked("RENZOKU_BOARD_SCREENSHOTS", "board-phone.png");
    // The engine proposes a balanced pair (yxbalancetwo), then a balanced move (yxbalanceone).
    set(&browser, "white", "human");
    set(&browser, "limit", "time:1000");
    browser.evaluate("document.getElementById('balance2').click()");
    let pair = browser.wait_for("document.querySelectorAll('#moves .mv').length === 4");
    assert!(pair, "{}", browser.text());
    browser.evaluate("document.getElementById('balance1').click()");
    let one = browser.wait_for("document.querySelectorAll('#moves .mv').length === 5");
    assert!(one, "{}", browser.text());
    let fits = browser.evaluate(
        "JSON.stringify([document.getElementById('board').getBoundingClientRect().right, \
         document.documentElement.clientWidth, window.innerWidth])",
    );
    let [right, page, window]: [f64; 3] =
        serde_json::from_str(fits.as_str().unwrap_or("[]")).expect("three numbers");
    assert!(right <= page && page <= window, "{fits}");
    assert_eq!(
        browser.evaluate(
            "document.getElementById('board').width === Math.round(document.getElementById('board').clientWidth * devicePixelRatio)"
        ),
        true
    );
}
