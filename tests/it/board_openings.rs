//! `renzoku board`'s opening rules with the engine as the other player, in headless Chromium
//! (the harness of `board_browser`): swap2, swap (SWAPBOARD) and Soosõrv-N (SOOSYRVSTEP1..6),
//! the engine opening and the engine choosing. The engine's decisions are its own, so each test
//! follows whichever branch it takes, to the end of the opening.

use crate::board_browser::{click, engine, moves_shown, open, set, start};
use crate::chromium::{Browser, chromium_or_notice};
use renzoku_board::BoardServer;

/// A server with pbrain-renzoku and a page on an empty 15×15 board of `rule`, 1 s a move, the
/// opening rule chosen; `None` (with a notice) when no browser is found outside CI.
fn opening_page(rule: &str, opening: &str) -> Option<(BoardServer, Browser)> {
    let chromium = chromium_or_notice()?;
    let server = start(vec![engine("renzoku", &["brain"])]);
    let browser = open(&chromium, &server, &format!("#rule={rule}&size=15&moves="));
    set(&browser, "limit", "time:1000");
    set(&browser, "opening-rule", opening);
    Some((server, browser))
}

fn notice(browser: &Browser) -> String {
    browser.evaluate("document.getElementById('notice').textContent").as_str().unwrap_or("").into()
}

fn press(browser: &Browser, id: &str) {
    browser.evaluate(&format!("document.getElementById('{id}').click()"));
}

fn wait_moves(browser: &Browser, n: usize) {
    let done = browser.wait_for(&format!("document.querySelectorAll('#moves .mv').length === {n}"));
    assert!(done, "{n} moves expected: {}", browser.text());
}

fn wait_notice(browser: &Browser, starts: &str) -> String {
    // While the engine thinks the notice ends with '…'.
    let done = browser.wait_for(&format!(
        "(() => {{ const t = document.getElementById('notice').textContent; \
         return t.startsWith({starts:?}) && !t.endsWith('…'); }})()"
    ));
    assert!(done, "notice {starts:?} expected: {}", notice(browser));
    notice(browser)
}

fn seats(browser: &Browser) -> (String, String) {
    let value = |b: &Browser, id: &str| {
        b.evaluate(&format!("document.getElementById('{id}').value")).as_str().unwrap_or("").into()
    };
    (value(browser, "black"), value(browser, "white"))
}

/// The first empty square of a few near the centre (a sensible 4th).
fn free_square(browser: &Browser) -> (u8, u8) {
    let free = browser.evaluate(
        "(() => { const taken = pathOf(state.current).map(([x, y]) => `${x},${y}`); \
         for (const [x, y] of [[8, 8], [6, 8], [8, 6], [6, 6], [9, 9], [5, 5]]) \
           if (!taken.includes(`${x},${y}`)) return JSON.stringify([x, y]); })()",
    );
    let [x, y]: [u8; 2] = serde_json::from_str(free.as_str().unwrap_or("[0,0]")).expect("a point");
    (x, y)
}

/// The fifth moves shown on the board (the engine's offers or the person's picks).
fn fifths(browser: &Browser) -> Vec<[u8; 2]> {
    let shown = browser.evaluate("document.getElementById('board').dataset.fifths || '[]'");
    serde_json::from_str(shown.as_str().unwrap_or("[]")).unwrap_or_default()
}

/// Both seats the person's: no engine move arrives (one clears the notice) until an opening
/// step asks the engine.
fn people_on_both_seats(browser: &Browser) {
    set(browser, "black", "human");
    set(browser, "white", "human");
}

/// A new game on an empty board with both seats the person's.
fn new_game(browser: &Browser, rule: &str) {
    people_on_both_seats(browser);
    set(browser, "rule", rule);
    press(browser, "new");
    wait_moves(browser, 0);
}

fn play(browser: &Browser, stones: &[(u8, u8)]) {
    for &(x, y) in stones {
        let before = moves_shown(browser).len();
        click(browser, x, y);
        wait_moves(browser, before + 1);
    }
}

#[test]
fn swap2_with_the_engine_opening_or_choosing() {
    let _turn = crate::module_turn(module_path!());
    let Some((_server, browser)) = opening_page("freestyle", "swap2") else { return };
    // The engine opens (SWAP2BOARD, no stones): three stones; the person takes white and plays
    // the 4th, the engine (black) answers.
    press(&browser, "opening-opens");
    wait_moves(&browser, 3);
    wait_notice(&browser, "swap2: the engine opened");
    press(&browser, "opening-white");
    assert_eq!(seats(&browser).0, "engine");
    let (x, y) = free_square(&browser);
    click(&browser, x, y);
    wait_moves(&browser, 5);

    // The person opens with three stones and the engine chooses: it takes black (SWAP), or
    // stays white and plays the 4th, or puts the 4th and 5th.
    new_game(&browser, "freestyle");
    play(&browser, &[(7, 7), (8, 7), (7, 8)]);
    press(&browser, "opening-chooses");
    let said = wait_notice(&browser, "swap2: the engine ");
    let shown = moves_shown(&browser).len();
    match said.as_str() {
        "swap2: the engine takes black; you play white" => {
            assert_eq!(shown, 3);
            assert_eq!(seats(&browser).0, "engine");
        }
        "swap2: the engine stays white; you play black" => assert_eq!(shown, 4),
        other => {
            assert!(other.contains("two more stones"), "{other}");
            assert_eq!(shown, 5);
        }
    }
}

#[test]
fn swap_with_the_engine_opening_or_choosing() {
    let _turn = crate::module_turn(module_path!());
    let Some((_server, browser)) = opening_page("freestyle", "swap") else { return };
    // Asked at the wrong moment, the page says when it can be.
    people_on_both_seats(&browser);
    play(&browser, &[(7, 7)]);
    press(&browser, "opening-opens");
    wait_notice(&browser, "swap: the engine opens on an empty board");
    press(&browser, "opening-chooses");
    wait_notice(&browser, "swap: the engine chooses after 3 stones");

    // The engine opens (SWAPBOARD, no stones): three stones; the person takes black, so the
    // engine is white and plays the 4th.
    new_game(&browser, "freestyle");
    press(&browser, "opening-opens");
    wait_moves(&browser, 3);
    wait_notice(&browser, "swap: the engine opened: take black, or take white");
    press(&browser, "opening-black");
    assert_eq!(seats(&browser), ("human".into(), "engine".into()));
    wait_moves(&browser, 4);

    // The person's three stones, the engine chooses: black (SWAP: the person plays the 4th as
    // white), or white with its 4th (the person plays on as black).
    new_game(&browser, "freestyle");
    play(&browser, &[(7, 7), (8, 8), (6, 8)]);
    press(&browser, "opening-chooses");
    let said = wait_notice(&browser, "swap: the engine ");
    match said.as_str() {
        "swap: the engine takes black; you play white" => {
            assert_eq!(moves_shown(&browser).len(), 3);
            assert_eq!(seats(&browser), ("engine".into(), "human".into()));
            let (x, y) = free_square(&browser);
            click(&browser, x, y);
            wait_moves(&browser, 5);
        }
        "swap: the engine stays white; you play black" => {
            assert_eq!(moves_shown(&browser).len(), 4);
            assert_eq!(seats(&browser), ("human".into(), "engine".into()));
        }
        other => panic!("{other}"),
    }
}

/// The notice once the engine has answered (while it thinks, the notice ends with '…').
fn settled(browser: &Browser) -> String {
    let done = browser.wait_for(
        "(() => { const t = document.getElementById('notice').textContent; \
         return state.pending === null && t.startsWith('Soosõrv') && !t.endsWith('…'); })()",
    );
    assert!(done, "the engine did not answer: {}", notice(browser));
    notice(browser)
}

/// Plays a Soosõrv opening to its end, whatever the engine decides: the person offers fifth
/// moves on the top row (no two of them symmetrical under any symmetry of the board), takes
/// white when the engine declares M if `swap_on_declare`, and picks the engine's first offer.
/// Returns the steps the engine was asked.
fn finish_soosorv(browser: &Browser, swap_on_declare: bool) -> Vec<&'static str> {
    let mut steps = Vec::new();
    for _ in 0..8 {
        let said = settled(browser);
        let stones = moves_shown(browser).len();
        if said.contains("your move") || said.contains("your 6th move") {
            return steps;
        }
        if said.contains("take white and play the 4th")
            || said.contains("takes black: play the 4th")
        {
            // The person is white: the 4th, with M = 2.
            set(browser, "soosorv-m", "2");
            let (x, y) = free_square(browser);
            click(browser, x, y);
            wait_moves(browser, stones + 1);
            steps.push("4: the engine, black, swaps or offers");
        } else if said.contains("asks for") && swap_on_declare {
            press(browser, "opening-white");
            steps.push("5: the engine, black after the swap, offers");
        } else if ["asks for", "takes white: offer", "wanted"].iter().any(|s| said.contains(s)) {
            let m = browser.evaluate("opening.m").as_u64().unwrap_or(0) as u8;
            for x in 0..m {
                click(browser, x, 0);
            }
            // The picks are drawn as ghost fifth moves.
            let drawn = browser.wait_for(&format!(
                "JSON.parse(document.getElementById('board').dataset.fifths || '[]').length === {m}"
            ));
            assert!(drawn, "{:?} {}", fifths(browser), notice(browser));
            press(browser, "opening-offer");
            wait_moves(browser, 6);
            steps.push("6: the engine picks a fifth and plays the 6th");
        } else if said.contains("the engine offers") {
            assert!(browser.wait_for(
                "JSON.parse(document.getElementById('board').dataset.fifths || '[]').length > 0"
            ));
            let offers = fifths(browser);
            assert!(!offers.is_empty(), "{said}");
            let [x, y] = offers[0];
            click(browser, x, y);
            wait_moves(browser, 5);
        } else {
            panic!("unexpected: {said}");
        }
    }
    panic!("the opening did not end: {}", notice(browser));
}

#[test]
fn soosorv_with_the_engine_opening() {
    let _turn = crate::module_turn(module_path!());
    let Some((_server, browser)) = opening_page("renju", "soosorv") else { return };
    set(&browser, "soosorv-n", "3");
    // Step 1: the engine's three stones, one of the 26 openings (the server checks it).
    press(&browser, "opening-opens");
    wait_moves(&browser, 3);
    wait_notice(&browser, "Soosõrv-3: the engine opened: take black (swap)");
    let first = moves_shown(&browser);
    assert_eq!(first[0], "h8", "the first stone at the centre");
    // The person takes black (swap): step 3, the engine, white, plays the 4th and declares M.
    press(&browser, "opening-black");
    wait_moves(&browser, 4);
    let said = wait_notice(&browser, "Soosõrv-3: the engine played the 4th and asks for ");
    // Too few fifth moves: the page says so and asks nothing.
    press(&browser, "opening-offer");
    wait_notice(&browser, "Soosõrv-3: ");
    assert!(notice(&browser).contains("wanted"), "{said}");
    let steps = finish_soosorv(&browser, false);
    assert!(steps.iter().any(|s| s.starts_with('6')), "{steps:?}");
    // The engine played one of the offered fifths and the 6th; black (the person) to move.
    let shown = moves_shown(&browser);
    assert_eq!(shown.len(), 6);
    assert!(shown[4].len() >= 2 && shown[4].ends_with('1'), "a fifth from the top row: {shown:?}");
    assert_eq!(seats(&browser), ("human".into(), "engine".into()));

    // Stay white instead: the person's 4th with M, then step 4 (the engine, black, swaps or
    // offers); then the game goes on.
    new_game(&browser, "renju");
    press(&browser, "opening-opens");
    wait_moves(&browser, 3);
    wait_notice(&browser, "Soosõrv-3: the engine opened");
    press(&browser, "opening-white");
    wait_notice(&browser, "Soosõrv-3: play the 4th as white");
    // M above N is refused on the page.
    set(&browser, "soosorv-m", "4");
    click(&browser, 8, 8);
    wait_notice(&browser, "Soosõrv-3: M must be a whole number from 1 to 3");
    set(&browser, "soosorv-m", "2");
    click(&browser, 8, 8);
    wait_moves(&browser, 4);
    // Step 4: the engine, black, takes white (the person offers) or offers two fifths.
    let said = settled(&browser);
    assert!(
        said.contains("the engine takes white: offer 2") || said.contains("the engine offers"),
        "{said}"
    );
    finish_soosorv(&browser, false);
    assert!(moves_shown(&browser).len() >= 5);
}

#[test]
fn soosorv_with_the_engine_choosing() {
    let _turn = crate::module_turn(module_path!());
    let Some((_server, browser)) = opening_page("renju", "soosorv") else { return };
    set(&browser, "soosorv-n", "2");
    people_on_both_seats(&browser);
    // Three stones that are not one of the 26 openings: the server refuses, in words.
    play(&browser, &[(7, 7), (7, 6), (11, 3)]);
    press(&browser, "opening-chooses");
    assert!(browser.wait_for(
        "document.getElementById('notice').textContent.includes('not one of the 26 renju openings')"
    ));
    // Kagetsu (h8, h7, i7 in our rows): step 2, the engine swaps or plays the 4th with M.
    new_game(&browser, "renju");
    play(&browser, &[(7, 7), (7, 6), (8, 6)]);
    press(&browser, "opening-chooses");
    let steps = finish_soosorv(&browser, true);
    let shown = moves_shown(&browser);
    assert!(shown.len() >= 5, "{steps:?} {shown:?}");
    let (black, white) = seats(&browser);
    assert!(
        (black == "engine") != (white == "engine"),
        "one seat each after the opening: {black} {white}"
    );
}
