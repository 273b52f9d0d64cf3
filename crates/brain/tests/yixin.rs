//! Yixin-Board dialect transcripts (contract §6).

mod common;

use std::time::Duration;

use common::{Brain, point};

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
    let line = brain.reply_message("MESSAGE SWAP2 SWAP1 ");
    assert!(line.ends_with("YES") || line.ends_with("NO"), "{line}");
}
