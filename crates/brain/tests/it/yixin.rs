//! Yixin-Board dialect transcripts (contract §6).

use std::time::Duration;

use crate::common::{Brain, point};
use renzoku_rules::Point;

#[test]
fn yixin_session() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15 15"), "OK");
    // In Yixin mode rule 2 is renju.
    brain.send("info rule 2\ninfo timeout_turn 100");
    brain.send("yxboard\n7,5,1\n0,0,2\n7,6,1\n0,14,2\n5,7,1\n14,0,2\n6,7,1\n14,14,2\ndone");
    assert!(brain.silent_for(Duration::from_millis(300)), "yxboard must not answer");
    let forbid = brain.ask("yxshowforbid");
    assert!(forbid.starts_with("FORBID ") && forbid.ends_with('.'), "{forbid}");
    assert!(forbid.contains("0707"), "{forbid}");
    brain.send("yxshowinfo");
    assert!(brain.line().starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(brain.line().starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    let p = point(&brain.ask("yxnbest 2"));
    assert!(p.x < 15 && p.y < 15);
    brain.send("yxhashclear");
    brain.send("yxshowhashusage");
    assert!(brain.line().starts_with("MESSAGE"));
}

#[test]
fn yixin_block_excludes_root_moves() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15"), "OK");
    brain.send("info timeout_turn 100");
    brain.send("yxboard\n7,7,2\ndone");
    let first = point(&brain.ask("yxnbest 1"));
    brain.send(&format!("yxboard\n7,7,2\ndone\nyxblock\n{first}\ndone"));
    let second = point(&brain.ask("yxnbest 1"));
    assert_ne!(first, second);
    brain.send("yxblockreset");
    assert!(brain.silent_for(Duration::from_millis(200)));
}

/// Yixin-Board sends `start` before every board; the blocked squares must survive it (they are
/// kept until `yxblockreset`, as Rapfi keeps them).
#[test]
fn yixin_block_survives_start() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15"), "OK");
    brain.send("info timeout_turn 300\nyxblock\n9,7\ndone");
    assert_eq!(brain.ask("start 15"), "OK");
    // Own four 5..8,7 closed at 4,7: 9,7 is the only five.
    let board = "5,7,1\n4,7,2\n6,7,1\n0,0,2\n7,7,1\n0,14,2\n8,7,1\n14,0,2";
    let reply = point(&brain.ask(&format!("board\n{board}\ndone")));
    assert_ne!(reply, Point::new(9, 7), "the blocked five was played after start");
    brain.send("yxblockreset");
    assert_eq!(brain.ask("start 15"), "OK");
    let reply = point(&brain.ask(&format!("board\n{board}\ndone")));
    assert_eq!(reply, Point::new(9, 7), "after yxblockreset the five is played");
}

/// A position where black (to move, "own" = 1) wins: its move is taken from the search's
/// shortcut (a five or a proven line), then that square is blocked and must not be played.
fn blocked_winning_square_is_avoided(position: &str, rule: u32) {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO rule {rule}\nINFO timeout_turn 300"));
    let board = format!("BOARD\n{position}\nDONE");
    brain.send(&board);
    let (summary, reply) = brain.summary_and_reply();
    assert!(summary.contains(" ev W"), "a won position: {summary}");
    let win = point(&reply);
    // A new game forgets the blocked squares: they are sent after RESTART.
    brain.send(&format!("RESTART\nyxblock\n{win}\ndone"));
    assert_eq!(brain.line(), "OK");
    for ask in [board.as_str(), "yxnbest 1", "yxsearchdefend"] {
        if ask != board {
            brain.send(&format!("yxboard\n{position}\ndone"));
        }
        let reply = point(&brain.ask(ask));
        assert_ne!(reply, win, "`{ask}` played the blocked square");
    }
}

#[test]
fn blocked_five_is_not_played() {
    // A four with one free end: the five's square is the only immediate win.
    let four = "3,7,1\n4,7,1\n5,7,1\n6,7,1\n2,7,2\n4,9,2\n5,9,2\n6,10,2";
    blocked_winning_square_is_avoided(four, 0);
    blocked_winning_square_is_avoided(four, 4);
}

#[test]
fn blocked_winning_line_is_not_started() {
    // Two closed threes crossing: a forced win by fours (VCF) from the root threat probe.
    let vcf =
        "3,7,1\n4,7,1\n5,7,1\n8,3,1\n8,4,1\n8,5,1\n2,7,2\n8,2,2\n0,0,2\n14,14,2\n0,14,2\n14,0,2";
    blocked_winning_square_is_avoided(vcf, 0);
}

/// Opening answers and proposals (the centre stone, the book of 26 openings) avoid blocked
/// squares too.
#[test]
fn blocked_squares_are_avoided_by_opening_answers() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    let block = "yxblock\n7,7\n6,6\ndone";
    brain.send(&format!("INFO timeout_turn 300\n{block}"));
    let blocked = [Point::new(7, 7), Point::new(6, 6)];
    let first = point(&brain.ask("PROBOARD\nDONE"));
    assert!(!blocked.contains(&first), "PRO's first stone on a blocked square: {first}");
    for ask in ["SWAP2BOARD\nDONE", "RIFSTEP1\nDONE"] {
        brain.send(&format!("RESTART\n{block}"));
        assert_eq!(brain.line(), "OK");
        let reply = brain.ask(ask);
        let stones: Vec<Point> = reply.split_whitespace().map(point).collect();
        assert_eq!(stones.len(), 3, "{ask}: {reply}");
        assert!(stones.iter().all(|p| !blocked.contains(p)), "{ask}: {reply}");
    }
    brain.send(&format!("RESTART\n{block}\nyxswap2step1"));
    assert_eq!(brain.line(), "OK");
    for i in 1..=3 {
        let line = brain.reply_message(&format!("MESSAGE SWAP2 MOVE{i} "));
        let coords: Vec<u8> =
            line.split_whitespace().skip(3).filter_map(|t| t.parse().ok()).collect();
        assert!(!blocked.contains(&Point::new(coords[0], coords[1])), "{line}");
    }
}

#[test]
fn yixin_swap2_steps() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15"), "OK");
    brain.send("info timeout_turn 100\nyxswap2step1");
    for i in 1..=3 {
        let line = brain.line();
        assert!(line.starts_with(&format!("MESSAGE SWAP2 MOVE{i} ")), "{line}");
    }
    brain.send("yxboard\n7,7,2\n8,8,1\n6,8,2\ndone\nyxswap2step2");
    let line = brain.reply_message("MESSAGE SWAP2 ");
    if line.starts_with("MESSAGE SWAP2 MOVE4 ") {
        let fifth = brain.reply_message("MESSAGE SWAP2 MOVE5 ");
        assert_eq!(fifth.split_whitespace().count(), 5, "{fifth}");
    } else {
        assert!(line == "MESSAGE SWAP2 SWAP1 YES" || line == "MESSAGE SWAP2 SWAP1 NO", "{line}");
    }
    brain.send("yxboard\n7,7,2\n8,8,1\n6,8,2\n9,9,1\n5,9,2\ndone\nyxswap2step3");
    let line = brain.reply_message("MESSAGE SWAP2 SWAP2 ");
    assert!(line.ends_with(" YES") || line.ends_with(" NO"), "{line}");
}

#[test]
fn yixin_soosorv_steps() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15"), "OK");
    brain.send("info rule 2\ninfo timeout_turn 100\nyxsoosorvstep1");
    for i in 1..=3 {
        let line = brain.reply_message(&format!("MESSAGE SOOSORV MOVE{i} "));
        assert_eq!(line.split_whitespace().count(), 5, "{line}");
    }
    let three = "7,7\n7,6\n8,6\ndone";
    brain.send(&format!("yxsoosorvstep2\n{three}"));
    let swap1 = brain.reply_message("MESSAGE SOOSORV SWAP1 ");
    assert!(swap1.ends_with("YES") || swap1.ends_with("NO"), "{swap1}");
    brain.send(&format!("yxsoosorvstep3\n{three}"));
    let fourth = brain.reply_message("MESSAGE SOOSORV MOVE4 ");
    let n: u32 =
        fourth.rsplit(' ').next().and_then(|t| t.parse().ok()).expect("count of fifth moves");
    assert!((1..=8).contains(&n), "{fourth}");
    let four = "7,7\n7,6\n8,6\n6,8";
    brain.send(&format!("yxsoosorvstep4 3\n{four}\ndone"));
    let swap2 = brain.reply_message("MESSAGE SOOSORV SWAP2 ");
    assert!(swap2.ends_with("YES") || swap2.ends_with("NO"), "{swap2}");
    brain.send(&format!("yxsoosorvstep5 3\n{four}\ndone"));
    assert_eq!(
        brain.reply_message("MESSAGE SOOSORV MOVE5 REFRESH"),
        "MESSAGE SOOSORV MOVE5 REFRESH"
    );
    for _ in 0..3 {
        let line = brain.reply_message("MESSAGE SOOSORV MOVE5 ");
        assert_eq!(line.split_whitespace().count(), 5, "{line}");
    }
    assert_eq!(brain.line(), "MESSAGE SOOSORV MOVE5 DONE");
    brain.send(&format!("yxsoosorvstep6\n{four}\n5,5\n10,10\ndone"));
    let chosen = brain.reply_message("MESSAGE SOOSORV MOVE5C ");
    assert!(chosen.ends_with(" 5 5") || chosen.ends_with(" 10 10"), "{chosen}");
}

#[test]
fn yixin_rectangular_board_takes_row_col_as_sent() {
    let mut brain = Brain::start();
    // 20 columns, 15 rows: Yixin-Board sends row,col, so the first number stays below 15.
    assert_eq!(brain.ask("start 20 15"), "OK");
    brain.send("info timeout_turn 100\nyxboard\n14,19,2\ndone");
    assert!(brain.silent_for(Duration::from_millis(200)));
    let p = point(&brain.ask("yxnbest 1"));
    assert!(p.x < 15 && p.y < 20, "{p}");
    assert!(brain.ask("yxboard\n19,14,2\ndone").starts_with("ERROR"));
}

#[test]
fn yixin_nbest_reports_every_line() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("start 15"), "OK");
    brain.send("info timeout_turn 10000\ninfo max_depth 3\nyxboard\n7,7,2\ndone\nyxnbest 3");
    let mut summaries = 0;
    loop {
        let line = brain.line();
        if line.starts_with("MESSAGE depth") {
            summaries += 1;
        } else {
            let _ = point(&line);
            break;
        }
    }
    assert!(summaries >= 3, "{summaries}");
}
