//! The extended Gomocup commands other than the opening rules (contract §5, document §3.1–3.9):
//! analysis mode, PONDER/STOP, auto pondering, INFO evaluate, BALANCE, SHOWFORBID, CLEARHASH,
//! PROTOCOLVERSION.

use std::time::{Duration, Instant};

use crate::common::{Brain, point};
use renzoku_protocol::SearchSummary;
use renzoku_rules::{Board, Point};

fn brain(rule: u32, turn_ms: i64) -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO rule {rule}\nINFO timeout_turn {turn_ms}"));
    brain
}

fn moves(reply: &str) -> Vec<Point> {
    reply.split_whitespace().map(point).collect()
}

fn suggested(reply: &str) -> Point {
    point(reply.strip_prefix("SUGGEST ").unwrap_or_else(|| panic!("not SUGGEST: {reply}")))
}

#[test]
fn analysis_mode_suggests_for_begin_board_and_turn_without_changing_the_state() {
    let mut b = brain(0, 100);
    b.send("INFO analysis_mode 1");
    let first = suggested(&b.ask("BEGIN"));
    // The board is still empty: BEGIN again is accepted (it would be an ERROR otherwise).
    assert_eq!(suggested(&b.ask("BEGIN")), first);
    // PLAY imposes any legal move, echoed; it becomes our stone.
    assert_eq!(b.ask("PLAY 7,7"), "7,7");
    assert!(b.ask("PLAY 7,7").starts_with("ERROR"), "7,7 is taken now");
    let s = suggested(&b.ask("TURN 8,8"));
    assert!(s != Point::new(7, 7) && s != Point::new(8, 8));
    // TURN's stone was placed but the suggestion was not: the suggested square is free.
    assert_eq!(b.ask(&format!("PLAY {s}")), s.to_string());
    let s = suggested(&b.ask("BOARD\n7,7,1\n8,8,2\n6,6,1\n9,9,2\nDONE"));
    assert!(b.ask("TURN 9,9").starts_with("ERROR"), "the BOARD position is set");
    assert_eq!(b.ask(&format!("PLAY {s}")), s.to_string());
    // Off-board or occupied PLAY: ERROR, nothing changes.
    assert!(b.ask("PLAY 40,40").starts_with("ERROR"));
    assert!(b.ask("PLAY 8,8").starts_with("ERROR"));
    // Back to normal mode: moves are answered plainly.
    b.send("INFO analysis_mode 0");
    let reply = b.ask("TURN 0,0");
    assert!(!reply.starts_with("SUGGEST"), "{reply}");
    let _ = point(&reply);
}

#[test]
fn ponder_is_silent_and_ends_on_stop_a_new_position_or_its_time() {
    let mut b = brain(0, 100);
    assert_eq!(b.ask("BOARD\n7,7,2\nDONE").split(',').count(), 2);
    // Infinite pondering: nothing printed, STOP ends it silently.
    b.send("PONDER");
    assert!(b.silent_for(Duration::from_millis(300)));
    b.send("STOP");
    assert!(b.silent_for(Duration::from_millis(200)));
    assert_eq!(b.ask("PROTOCOLVERSION"), "1,0");
    // Negative = infinite; a new position ends it and is answered in time.
    b.send("PONDER -1");
    assert!(b.silent_for(Duration::from_millis(200)));
    let started = Instant::now();
    let _ = point(&b.ask("TURN 0,0"));
    assert!(started.elapsed() < Duration::from_millis(600), "{:?}", started.elapsed());
    // PONDER ms ends by itself: a command after it is answered at once.
    b.send("PONDER 100");
    assert!(b.silent_for(Duration::from_millis(250)));
    let started = Instant::now();
    assert_eq!(b.ask("PROTOCOLVERSION"), "1,0");
    assert!(started.elapsed() < Duration::from_millis(200));
    b.send("PONDER\nBEGIN");
    assert!(b.reply().starts_with("ERROR"), "BEGIN after the ponder: the board is not empty");
}

#[test]
fn stop_answers_a_regular_search_at_once_and_auto_pondering_stays_silent() {
    let mut b = brain(0, -1);
    b.send("INFO auto_pondering 1");
    b.send("TURN 7,7");
    assert!(b.no_reply_for(Duration::from_millis(300)), "unlimited search runs");
    let started = Instant::now();
    b.send("STOP");
    let reply = b.reply();
    assert!(started.elapsed() < Duration::from_millis(250), "{:?}", started.elapsed());
    let ours = point(&reply);
    // Auto pondering now runs on the opponent's time: silent, and the next TURN is answered.
    assert!(b.silent_for(Duration::from_millis(300)));
    b.send("INFO timeout_turn 100");
    let started = Instant::now();
    let next = point(&b.ask("TURN 0,0"));
    assert!(started.elapsed() < Duration::from_millis(600), "{:?}", started.elapsed());
    assert!(next != ours && next != Point::new(7, 7) && next != Point::new(0, 0));
    // Never in analysis mode: SUGGEST is not followed by pondering output either.
    b.send("INFO analysis_mode 1");
    let _ = suggested(&b.ask("TURN 14,14"));
    assert!(b.silent_for(Duration::from_millis(200)));
}

/// CPU ticks the brain uses in `window` after answering a TURN.
fn cpu_after_a_move(b: &mut Brain, turn: &str, window: Duration) -> Option<u64> {
    let _ = point(&b.ask(turn));
    let before = b.cpu_ticks()?;
    std::thread::sleep(window);
    Some(b.cpu_ticks()? - before)
}

#[test]
fn auto_pondering_only_when_enabled() {
    let mut b = brain(0, 100);
    let window = Duration::from_millis(800);
    settle(&mut b);
    // Off by default and with 0: the brain is idle on the opponent's time.
    let Some(idle) = cpu_after_a_move(&mut b, "TURN 7,7", window) else { return };
    assert!(idle <= 4, "pondering without auto_pondering: {idle} ticks");
    b.send("INFO auto_pondering 1");
    let busy = cpu_after_a_move(&mut b, "TURN 0,0", window).unwrap_or_default();
    assert!(busy >= 8, "auto_pondering 1 did not ponder: {busy} ticks");
    // Never in analysis mode, even when allowed.
    b.send("INFO analysis_mode 1");
    let _ = suggested(&b.ask("TURN 14,14"));
    let before = b.cpu_ticks().unwrap_or_default();
    std::thread::sleep(window);
    let idle = b.cpu_ticks().unwrap_or_default() - before;
    assert!(idle <= 4, "pondering in analysis mode: {idle} ticks");
    // An explicit PONDER works in analysis mode, silently, and STOP ends it.
    b.send("PONDER");
    assert!(b.silent_for(window));
    b.send("STOP");
    assert_eq!(b.ask("PROTOCOLVERSION"), "1,0");
    b.send("INFO auto_pondering 0");
    b.send("INFO analysis_mode 0");
    let Some(idle) = cpu_after_a_move(&mut b, "TURN 14,0", window) else { return };
    assert!(idle <= 4, "auto_pondering 0 still ponders: {idle} ticks");
}

/// An explicit PONDER after an ordinary reply (no analysis mode, no automatic pondering)
/// searches until STOP or a new position: the brain uses CPU right after it, every time (the
/// command used to be able to end its own search at once), and is idle again after STOP.
#[test]
fn explicit_ponder_after_a_normal_reply_searches_until_stop_or_a_new_position() {
    let mut b = brain(0, 100);
    let window = Duration::from_secs(1);
    settle(&mut b);
    for turn in ["TURN 7,7", "TURN 3,3", "TURN 11,4"] {
        let _ = point(&b.ask(turn));
        b.send("PONDER");
        let Some(before) = b.cpu_ticks() else { return };
        std::thread::sleep(window);
        let busy = b.cpu_ticks().unwrap_or_default() - before;
        // 100 ticks at most in 1 s on one thread; a loaded CI machine still gives it a share.
        assert!(busy >= 8, "PONDER after `{turn}` used {busy} ticks in {window:?}");
        if turn == "TURN 3,3" {
            // A new position ends the pondering and is answered as usual.
            continue;
        }
        b.send("STOP");
        assert!(b.silent_for(Duration::from_millis(150)), "STOP ends pondering silently");
        let before = b.cpu_ticks().unwrap_or_default();
        std::thread::sleep(Duration::from_millis(400));
        let idle = b.cpu_ticks().unwrap_or_default() - before;
        assert!(idle <= 4, "still searching after STOP: {idle} ticks");
    }
}

/// Waits (at most 15 s) until the start-up work (the pattern tables of every rule, built in the
/// background) is done, so that CPU measurements see only the searches.
fn settle(b: &mut Brain) {
    let settle = Instant::now();
    while settle.elapsed() < Duration::from_secs(15) {
        let Some(before) = b.cpu_ticks() else { return };
        std::thread::sleep(Duration::from_millis(300));
        if b.cpu_ticks().unwrap_or_default() - before <= 1 {
            break;
        }
    }
}

/// The summary of an `INFO evaluate` answer; `None` for the empty MESSAGE.
fn evaluated(line: &str) -> Option<SearchSummary> {
    if line == "MESSAGE" {
        return None;
    }
    let text = line.strip_prefix("MESSAGE ").unwrap_or_else(|| panic!("not a MESSAGE: {line}"));
    Some(SearchSummary::parse(text).unwrap_or_else(|e| panic!("{e}: {line}")))
}

/// Sends an `INFO evaluate` and returns its answer, which must come at once (well within a
/// second on a loaded machine), and the time it took.
fn evaluate_now(b: &mut Brain, path: &[Point]) -> (Option<SearchSummary>, Duration) {
    let text = std::iter::once("INFO evaluate".to_owned())
        .chain(path.iter().map(ToString::to_string))
        .collect::<Vec<_>>()
        .join(" ");
    let started = Instant::now();
    b.send(&text);
    loop {
        let line =
            b.line_within(Duration::from_secs(2)).unwrap_or_else(|| panic!("{text}: no answer"));
        // A running search's own lines (tests that evaluate during a search ask for Rapfi's
        // style, which an answer in the AlphaGomoku summary cannot be mistaken for).
        if !line.contains(" n/ms ") {
            return (evaluated(&line), started.elapsed());
        }
    }
}

#[test]
fn evaluate_answers_from_the_running_search_at_once() {
    let mut b = brain(0, -1);
    // An unlimited search: it runs until STOP.
    b.send("INFO message_format rapfi\nBOARD\n7,7,2\n8,8,1\n7,8,2\nDONE");
    std::thread::sleep(Duration::from_millis(800));
    // The root: the running search's current line, answered while it keeps searching.
    let (root, took) = evaluate_now(&mut b, &[]);
    let root = root.expect("the running search has a line");
    assert!(took < Duration::from_secs(1), "answered after {took:?}");
    assert!(root.pv.len() >= 2, "{root}");
    assert_eq!(root.pv[0].color, renzoku_rules::Color::White, "we are white to move: {root}");
    // One move down the line: the rest of the line, from the opponent's side.
    let (child, _) = evaluate_now(&mut b, &[root.pv[0].point]);
    let child = child.expect("a node on the principal variation");
    assert_eq!(child.pv.first(), root.pv.get(1), "{root} / {child}");
    // A node the search never reached (far corners): the empty MESSAGE; so are impossible
    // paths (occupied, repeated).
    for path in [
        vec![Point::new(0, 0), Point::new(14, 14)],
        vec![Point::new(7, 7)],
        vec![Point::new(3, 3), Point::new(3, 3)],
    ] {
        assert!(evaluate_now(&mut b, &path).0.is_none(), "{path:?}");
    }
    // Still searching: no move has been printed; STOP answers at once.
    assert!(b.no_reply_for(Duration::from_millis(200)), "the search went on");
    let ours = point(&b.ask("STOP"));
    // The position is now after our move: an empty path describes it from the opponent's side
    // (the line after our move), and our move's square is occupied.
    let (after, _) = evaluate_now(&mut b, &[]);
    let after = after.expect("the node after our move is on the line");
    assert_eq!(after.pv.first().map(|m| m.color), Some(renzoku_rules::Color::Black), "{after}");
    assert!(evaluate_now(&mut b, &[ours]).0.is_none());
    b.send("INFO evaluate 40,40");
    let line = b.line();
    assert!(line == "MESSAGE" || line.starts_with("ERROR"), "{line}");
    // Nothing changed the position: the opponent's move is answered as usual.
    b.send("INFO timeout_turn 100");
    let _ = point(&b.ask("TURN 3,3"));
}

#[test]
fn evaluate_during_ponder_answers_from_it_and_lets_it_run() {
    let mut b = brain(0, 20_000);
    b.send("INFO max_depth 3");
    let ours = point(&b.ask("BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE"));
    b.send("INFO max_depth 0\nPONDER");
    std::thread::sleep(Duration::from_millis(400));
    // The ponder search is about the position after our move: the opponent (black) moves.
    let (first, took) = evaluate_now(&mut b, &[]);
    let first = first.expect("the ponder search's line");
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(first.pv.first().map(|m| m.color), Some(renzoku_rules::Color::Black), "{first}");
    // It goes on: a later answer comes from a deeper iteration of the same search (one
    // iteration may take a while on a loaded machine: ask again until then).
    let started = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(200));
        let (later, _) = evaluate_now(&mut b, &[]);
        let later = later.expect("the ponder search's line");
        if later.nodes > first.nodes {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(8), "pondering stopped: {later}");
    }
    // STOP ends pondering silently; our move's square is still taken.
    b.send("STOP");
    assert!(b.silent_for(Duration::from_millis(300)), "a ponder search prints nothing");
    assert!(evaluate_now(&mut b, &[ours]).0.is_none());
}

#[test]
fn evaluate_reads_nodes_off_the_line_from_the_hash_table() {
    // A depth-limited search with time enough to wait for the pattern tables (a turn that
    // comes before they are built is answered without searching, and then nothing is known).
    // Depth 7: a child cut by futility stores nothing, and at depth 6 the internal iterative
    // reduction left most siblings that shallow (2 of 9 known).
    let mut b = brain(0, 20_000);
    let stones = [(7, 7), (8, 8), (7, 8)];
    b.send("INFO analysis_mode 1\nINFO max_depth 7");
    let reply = b.ask("BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE");
    let suggested = suggested(&reply);
    let (root, _) = evaluate_now(&mut b, &[]);
    let root = root.expect("the last search's root");
    assert_eq!(root.pv.first().map(|m| m.point), Some(suggested), "{root}");
    // Every root move was searched, so the nodes after the other moves next to the stones are
    // in the hash table: most of them are answered, with a line that is playable from there.
    let mut known = 0;
    for (x, y) in [(6, 6), (6, 7), (6, 8), (6, 9), (7, 6), (7, 9), (8, 6), (8, 7), (8, 9)] {
        let p = Point::new(x, y);
        if p == suggested {
            continue;
        }
        if let (Some(summary), _) = evaluate_now(&mut b, &[p]) {
            known += 1;
            let mut board = Board::square(15).expect("15x15");
            for &(sx, sy) in &stones {
                board.play(Point::new(sx, sy)).expect("empty");
            }
            board.play(p).expect("empty");
            for m in &summary.pv {
                assert_eq!(m.color, board.side_to_move(), "{summary}");
                board.play(m.point).expect("the line is playable");
            }
        }
    }
    assert!(known >= 3, "only {known} sibling nodes known");
}

#[test]
fn balance_n_moves() {
    let mut b = brain(0, 150);
    let position = "7,7,2\n8,8,1\n7,8,2";
    let mut board = Board::square(15).expect("15x15");
    for p in [Point::new(7, 7), Point::new(8, 8), Point::new(7, 8)] {
        board.play(p).expect("legal");
    }
    for n in [1usize, 2, 3, 7] {
        let started = Instant::now();
        let reply = b.ask(&format!("BALANCE {n}\n{position}\nDONE"));
        assert!(started.elapsed() < Duration::from_millis(550), "BALANCE {n}: too slow");
        let m = moves(&reply);
        assert_eq!(m.len(), n, "BALANCE {n}: {reply}");
        let mut next = board.clone();
        for p in m {
            next.play(p).expect("balancing moves are empty, distinct squares");
        }
    }
    // On an empty board.
    assert_eq!(moves(&b.ask("BALANCE 2\nDONE")).len(), 2);
    // Errors: n = 0, no n, more moves than squares, a malformed block.
    assert!(b.ask("BALANCE 0\nDONE").starts_with("ERROR"));
    assert!(b.ask("BALANCE\nDONE").starts_with("ERROR"));
    assert!(b.ask("BALANCE x\nDONE").starts_with("ERROR"));
    assert!(b.ask("BALANCE 2\n7,7,2\n7,7,1\nDONE").starts_with("ERROR"));
    assert_eq!(b.ask("START 5"), "OK");
    assert!(b.ask("BALANCE 26\nDONE").starts_with("ERROR"));
}

#[test]
fn showforbid_clearhash_protocolversion() {
    let mut b = brain(4, 100);
    // A black double three at 7,7 (horizontal 5,7 6,7 and vertical 7,5 7,6), black to move.
    let stones = "5,7,1\n0,0,2\n6,7,1\n0,14,2\n7,5,1\n14,0,2\n7,6,1\n14,14,2";
    assert_eq!(b.ask(&format!("SHOWFORBID\n{stones}\nDONE")), "FORBID 7,7");
    // In move order without fields, and with white to move: black's fouls all the same.
    let order = "SHOWFORBID\n5,7\n0,0\n6,7\n0,14\n7,5\n14,0\n7,6\n14,14\n1,1\nDONE";
    let reply = b.ask(order);
    assert!(reply.split_whitespace().any(|t| t == "7,7"), "{reply}");
    assert_eq!(b.ask("SHOWFORBID\nDONE"), "FORBID");
    // Black stones alone (no legal game has these counts): black's fouls all the same, with
    // either field.
    for f in [1, 2] {
        let only = format!("SHOWFORBID\n5,7,{f}\n6,7,{f}\n7,5,{f}\n7,6,{f}\nDONE");
        assert_eq!(b.ask(&only), "FORBID 7,7", "field {f}");
    }
    assert!(b.ask("SHOWFORBID\n7,7,1\n7,7,2\nDONE").starts_with("ERROR"));
    b.send("INFO rule 0");
    assert_eq!(b.ask(&format!("SHOWFORBID\n{stones}\nDONE")), "FORBID");
    // CLEARHASH answers nothing; PROTOCOLVERSION answers 1,0; searching still works.
    b.send("CLEARHASH");
    assert_eq!(b.ask("PROTOCOLVERSION"), "1,0");
    let _ = point(&b.ask("TURN 7,7"));
    b.send("CLEARHASH");
    assert!(b.silent_for(Duration::from_millis(100)));
    // CLEARHASH during a search stops it: the move comes at once.
    b.send("INFO timeout_turn -1\nTURN 0,0");
    assert!(b.no_reply_for(Duration::from_millis(300)), "unlimited search runs");
    let started = Instant::now();
    b.send("CLEARHASH");
    let _ = point(&b.reply());
    assert!(started.elapsed() < Duration::from_millis(250), "{:?}", started.elapsed());
    assert_eq!(b.ask("PROTOCOLVERSION"), "1,0");
}
