//! Malformed input, END/STOP/EOF timing (contract §1, §4).

use std::time::{Duration, Instant};

use crate::common::{Brain, point};

#[test]
fn junk_bytes_and_huge_lines_do_not_hurt() {
    let mut brain = Brain::start();
    let junk: Vec<u8> = (0..=255u8).filter(|b| *b != b'\n' && *b != b'\r').collect();
    brain.send_bytes(&junk);
    brain.send_bytes(b"\n");
    let echo = brain.reply();
    assert!(echo.starts_with("UNKNOWN"), "{echo}");
    assert!(!echo.chars().any(char::is_control), "{echo:?}");
    let mut huge = vec![b'Z'; 1 << 20];
    huge.push(b'\n');
    brain.send_bytes(&huge);
    let reply = brain.reply();
    assert!(reply.starts_with("UNKNOWN ZZZ") && reply.len() < 2000, "{}", reply.len());
    assert_eq!(brain.ask("START 99999999999999999999999").split(':').next(), Some("ERROR START"));
    assert_eq!(brain.ask("START 15"), "OK");
}

#[test]
fn truncated_block_then_valid_command() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 100\nBOARD\n7,7,1\n8,8,2");
    // The block never gets its DONE: the next command ends it with an ERROR and is answered.
    let error = brain.ask("START 15");
    assert!(error.starts_with("ERROR BOARD block not finished"), "{error}");
    assert_eq!(brain.reply(), "OK");
    let p = point(&brain.ask("TURN 7,7"));
    assert!(p.x < 15);
}

#[test]
fn eof_mid_block_exits_cleanly() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("BOARD\n7,7,1");
    brain.close_stdin();
    assert!(brain.wait_exit(Duration::from_secs(2)).is_some());
}

#[test]
fn end_during_a_search_exits_fast_and_silently() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 20"), "OK");
    brain.send("INFO timeout_turn -1\nINFO timeout_match 0\nTURN 10,10");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    brain.send("END");
    let took = brain.wait_exit(Duration::from_secs(5)).expect("brain exits");
    assert!(took < Duration::from_millis(200) + Duration::from_millis(100), "{took:?}");
    // Nothing but (at most) progress messages came out: no move after END.
    while let Some(line) = brain.line_within(Duration::from_millis(50)) {
        assert!(line.starts_with("MESSAGE"), "printed after END: {line}");
    }
    assert!(sent.elapsed() < Duration::from_secs(5));
}

#[test]
fn stop_answers_with_the_best_move_so_far() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 20"), "OK");
    brain.send("INFO timeout_turn -1\nTURN 10,10");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    brain.send("STOP");
    let p = point(&brain.reply());
    // Contract: 50 ms; leave room for a loaded CI machine.
    assert!(sent.elapsed() < Duration::from_millis(500), "{:?}", sent.elapsed());
    assert!(p.x < 20 && p.y < 20 && (p.x, p.y) != (10, 10));
}

#[test]
fn commands_during_a_search_are_queued_not_dropped() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 300\nTURN 7,7\nABOUT\nPROTOCOLVERSION");
    let _ = point(&brain.reply());
    assert!(brain.reply().starts_with("name="));
    assert_eq!(brain.reply(), "1,0");
}

#[test]
fn eof_is_end() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.close_stdin();
    assert!(brain.wait_exit(Duration::from_secs(2)).is_some());
}

#[test]
fn pondering_does_not_delay_the_next_reply() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 200\nINFO auto_pondering 1");
    let first = point(&brain.ask("TURN 7,7"));
    std::thread::sleep(Duration::from_millis(300));
    // A free square beside our reply (not the opponent's first stone at 7,7).
    let opp = [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)]
        .iter()
        .map(|(dx, dy)| (i32::from(first.x) + dx, i32::from(first.y) + dy))
        .find(|&(x, y)| (0..15).contains(&x) && (0..15).contains(&y) && (x, y) != (7, 7))
        .unwrap_or((0, 0));
    let sent = Instant::now();
    let second = point(&brain.ask(&format!("TURN {},{}", opp.0, opp.1)));
    assert!(sent.elapsed() < Duration::from_millis(600), "{:?}", sent.elapsed());
    assert!(second != first);
}

#[test]
fn zero_and_negative_time_still_give_legal_moves() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 0");
    let a = point(&brain.ask("TURN 7,7"));
    brain.send("INFO timeout_turn 1000\nINFO time_left -5");
    let sent = Instant::now();
    let b = point(&brain.ask("TURN 0,0"));
    assert!(sent.elapsed() < Duration::from_millis(500));
    assert!(a != b && (b.x, b.y) != (7, 7) && (b.x, b.y) != (0, 0));
}
