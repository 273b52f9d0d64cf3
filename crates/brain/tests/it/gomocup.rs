//! Transcripts of the official Gomocup commands (contract §2–3).

use crate::common::{Brain, point};
use renzoku_rules::Point;

fn started(size: u32) -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask(&format!("START {size}")), "OK");
    brain.send("INFO timeout_turn 100\nINFO timeout_match 0\nINFO time_left 2147483647");
    brain
}

#[test]
fn start_sizes() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 4"), "ERROR unsupported board size 4");
    assert_eq!(brain.ask("START 33"), "ERROR unsupported board size 33");
    assert_eq!(brain.ask("start 5"), "OK");
    assert_eq!(brain.ask("START 32"), "OK");
    assert_eq!(brain.ask("RECTSTART 20,15"), "OK");
    assert!(brain.ask("RECTSTART 4,15").starts_with("ERROR"));
    assert!(brain.ask("RECTSTART 20").starts_with("ERROR"));
    assert_eq!(brain.ask("RESTART"), "OK");
    // Rectangular board: x < 20, y < 15 are on it.
    assert_eq!(
        brain.ask("INFO timeout_turn 50\nTAKEBACK 19,14"),
        "ERROR TAKEBACK 19,14: square 19,14 holds no stone"
    );
}

#[test]
fn about_protocolversion_unknown() {
    let mut brain = Brain::start();
    let about = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"Renzoku\", version=\""), "{about}");
    for key in ["author=", "country=", "www=", "email="] {
        assert!(about.contains(key), "{about}");
    }
    assert_eq!(brain.ask("PROTOCOLVERSION"), "1,0");
    assert_eq!(brain.ask("  FooBar  1,2 "), "UNKNOWN FooBar  1,2");
    assert_eq!(brain.ask("DONE"), "UNKNOWN DONE");
}

#[test]
fn info_errors_keep_the_old_value() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("INFO rule 2"), "ERROR continuous game is not supported");
    assert!(brain.ask("INFO rule 5").starts_with("ERROR"));
    assert!(brain.ask("INFO thread_num 0").starts_with("ERROR"));
    assert!(brain.ask("INFO timeout_turn soon").starts_with("ERROR"));
    // Unknown keys are ignored silently; valid INFO says nothing.
    brain.send("INFO some_future_key 1\nINFO RULE 4\nInfo Timeout_Turn 100");
    assert!(brain.silent_for(std::time::Duration::from_millis(300)));
}

#[test]
fn begin_turn_and_errors_leave_the_state_unchanged() {
    let mut brain = started(15);
    let first = point(&brain.ask("BEGIN"));
    assert!(first.x < 15 && first.y < 15);
    assert!(brain.ask("BEGIN").starts_with("ERROR"), "BEGIN on a non-empty board");
    let occupied = format!("TURN {first}");
    assert!(brain.ask(&occupied).starts_with("ERROR"));
    assert!(brain.ask("TURN 15,0").starts_with("ERROR"));
    assert!(brain.ask("TURN 3").starts_with("ERROR"));
    let opp = if first == Point::new(0, 0) { Point::new(1, 1) } else { Point::new(0, 0) };
    let second = point(&brain.ask(&format!("TURN {opp}")));
    assert!(second != first && second != opp);
    // Both our stones and the opponent's are on the board: taking them back works once each.
    assert_eq!(brain.ask(&format!("TAKEBACK {second}")), "OK");
    assert_eq!(brain.ask(&format!("TAKEBACK {opp}")), "OK");
    assert!(brain.ask(&format!("TAKEBACK {opp}")).starts_with("ERROR"));
    assert!(brain.ask("TAKEBACK 40,40").starts_with("ERROR"));
}

#[test]
fn summary_message_precedes_the_move() {
    let mut brain = started(15);
    brain.send("TURN 7,7");
    // One summary per finished iteration, the search's own last.
    let (message, reply) = brain.summary_and_reply();
    // `depth N-M`: the last full-width iteration and the deepest ply reached.
    let depths = message.strip_prefix("MESSAGE depth ").and_then(|r| r.split(' ').next());
    let (nominal, deepest) = depths
        .and_then(|d| d.split_once('-'))
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .unwrap_or_else(|| panic!("no depth range: {message}"));
    assert!(1 <= nominal && nominal <= deepest, "{message}");
    assert!(message.contains(" ev ") && message.contains(" pv O"), "{message}");
    let reply = point(&reply);
    // The PV starts with the move played: white, column letter, row from the top.
    let letter = char::from(b'a' + reply.x);
    assert!(message.contains(&format!("pv O{letter}{}", reply.y)), "{message} vs {reply}");
}

#[test]
fn board_with_walls_and_bad_blocks() {
    let mut brain = started(10);
    let reply = point(&brain.ask("BOARD\n5,5,2\n4,4,3\n4,5,3\n4,6,3\nDONE"));
    assert!(
        ![Point::new(5, 5), Point::new(4, 4), Point::new(4, 5), Point::new(4, 6)].contains(&reply)
    );
    // Invalid blocks: each answered by one ERROR, the previous position kept.
    assert!(brain.ask("BOARD\n1,1,1\n1,1,2\nDONE").contains("twice"));
    assert!(brain.ask("BOARD\n1,1,1\n2,2,1\nDONE").contains("impossible"));
    assert!(brain.ask("BOARD\n1,1,1\njunk\nDONE").starts_with("ERROR"));
    assert!(brain.ask("BOARD\n1,1,9\nDONE").starts_with("ERROR"));
    assert!(brain.ask("BOARD\n10,1,1\nDONE").starts_with("ERROR"));
    assert_eq!(brain.ask(&format!("TAKEBACK {reply}")), "OK");
    assert_eq!(brain.ask("TAKEBACK 5,5"), "OK");
    // Walls survive a takeback: the wall squares are still not empty for TURN.
    assert!(brain.ask("TURN 4,4").starts_with("ERROR"));
}

#[test]
fn analysis_mode_suggests_and_play_commits() {
    let mut brain = started(15);
    brain.send("INFO analysis_mode 1");
    let suggest = brain.ask("TURN 7,7");
    let p = point(suggest.strip_prefix("SUGGEST ").expect("SUGGEST reply"));
    // The state did not change: the suggested square is still free.
    assert_eq!(brain.ask(&format!("PLAY {p}")), p.to_string());
    assert!(brain.ask(&format!("PLAY {p}")).starts_with("ERROR"));
}

#[test]
fn swap2board_answers() {
    let mut brain = started(15);
    let three = brain.ask("SWAP2BOARD\nDONE");
    let moves: Vec<Point> = three.split_whitespace().map(point).collect();
    assert_eq!(moves.len(), 3, "{three}");
    let reply = brain.ask("SWAP2BOARD\n7,7\n8,8\n6,8\nDONE");
    if reply != "SWAP" {
        // The 4th, or the 4th and 5th: new, distinct squares.
        let placed: Vec<Point> = reply.split_whitespace().map(point).collect();
        let taken = [Point::new(7, 7), Point::new(8, 8), Point::new(6, 8)];
        assert!((1..=2).contains(&placed.len()), "{reply}");
        assert!(placed.iter().all(|p| !taken.contains(p) && p.x < 15 && p.y < 15), "{reply}");
        assert!(placed.len() == 1 || placed[0] != placed[1], "{reply}");
    }
    let reply = brain.ask("SWAP2BOARD\n7,7,1\n8,8,2\n6,8,1\n9,9,2\n5,9,1\nDONE");
    assert!(reply == "SWAP" || point(&reply).x < 15, "{reply}");
    assert!(brain.ask("SWAP2BOARD\n7,7\n8,8\nDONE").starts_with("ERROR"));
}

#[test]
fn showforbid_lists_renju_fouls() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    // Black stones at (6,7),(7,6) and (6,5),(5,6)... a double three at 7,7 needs two open threes
    // through it: horizontal 5,7 6,7 (+7,7) and vertical 7,5 7,6 (+7,7).
    let block = "SHOWFORBID\n5,7,1\n0,0,2\n6,7,1\n0,14,2\n7,5,1\n14,0,2\n7,6,1\n14,14,2\nDONE";
    let reply = brain.ask(block);
    assert!(reply.starts_with("FORBID"), "{reply}");
    assert!(reply.split_whitespace().any(|t| t == "7,7"), "{reply}");
    brain.send("INFO rule 0");
    assert_eq!(brain.ask(block), "FORBID");
}

#[test]
fn full_board_is_an_error_not_an_illegal_move() {
    let mut brain = started(5);
    // 12 own and 13 opponent stones fill the 5x5 board.
    let mut lines = vec!["BOARD".to_owned()];
    for i in 0..25u8 {
        let field = if i % 2 == 0 { 2 } else { 1 };
        lines.push(format!("{},{},{field}", i % 5, i / 5));
    }
    lines.push("DONE".to_owned());
    let reply = brain.ask(&lines.join("\n"));
    assert_eq!(reply, "ERROR no legal move left");
}

#[test]
fn show_detail_streams_realtime_and_pv_lines() {
    let mut brain = started(15);
    // A full turn even if the pattern tables are still being built (that wait counts).
    brain.send("INFO show_detail 3\nINFO timeout_turn 1000\nTURN 7,7");
    let mut seen_realtime = false;
    let mut seen_pv_done = false;
    loop {
        let line = brain.line();
        if line.starts_with("MESSAGE REALTIME ") {
            seen_realtime = true;
        } else if line == "INFO PV DONE" {
            seen_pv_done = true;
        } else if !line.starts_with("MESSAGE") && !line.starts_with("INFO ") {
            let _ = point(&line);
            break;
        }
    }
    assert!(seen_realtime && seen_pv_done);
}
