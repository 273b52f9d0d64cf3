//! A Yixin-Board session against the built binary (contract §6, protocol-reference §3): the
//! GUI's init sequence, an unlimited think with the realtime and detail streams stopped by
//! `yxstop`, forbidden points, n-best, path blocking, the swap2 and Soosõrv dialogues and the
//! hash file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::common::{Brain, point};

/// Yixin-Board's (fork) init sequence with a node level: "no time limit".
const INIT: &str = "info show_detail 3
yxshowinfo
START 15
INFO max_node -1
INFO timeout_match 100000000
INFO time_left 100000000
INFO timeout_turn 2000000
INFO max_depth 225
INFO time_increment 0
INFO caution_factor 2
INFO thread_num 1
INFO hash_size 16384
INFO pondering 0
INFO vcthread 0
INFO rule 2
INFO usedatabase 0
info nbestsym 0
info start_depth 0";

fn init(brain: &mut Brain) {
    brain.send(INIT);
    assert!(brain.line().starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    let hash = brain.line();
    let k: u32 = hash
        .strip_prefix("MESSAGE INFO MAX_HASH_SIZE ")
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("{hash}"));
    assert!((10..=30).contains(&k), "{hash}");
    assert_eq!(brain.line(), "OK");
    // Every INFO key the GUI sends is accepted silently.
    assert!(brain.silent_for(Duration::from_millis(300)), "INFO keys must not answer");
}

/// Parses `r,c` after a realtime keyword.
fn realtime_point(line: &str, word: &str) -> Option<(u32, u32)> {
    let rest = line.strip_prefix("MESSAGE REALTIME ")?.strip_prefix(word)?.strip_prefix(' ')?;
    let (r, c) = rest.split_once(',')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// Checks the lines printed during one search: realtime lines well formed, `POS`/`DONE` paired
/// and throttled, detail blocks complete. Returns the `INFO PV n` indices seen.
fn check_progress(lines: &[String], elapsed: Duration) -> BTreeSet<u32> {
    const KEYS: [&str; 12] = [
        "PV",
        "NUMPV",
        "DEPTH",
        "SELDEPTH",
        "NODES",
        "TOTALNODES",
        "TOTALTIME",
        "SPEED",
        "EVAL",
        "WINRATE",
        "BESTLINE",
        "PV",
    ];
    let mut open_pos = None;
    let mut positions = 0u128;
    let mut indices = BTreeSet::new();
    let mut block: Option<usize> = None;
    for line in lines {
        if let Some(rest) = line.strip_prefix("INFO ") {
            let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
            let at = block.unwrap_or(0);
            assert_eq!(key, KEYS[at], "detail block out of order at {line:?}");
            if at == 0 {
                indices.insert(value.parse::<u32>().unwrap_or_else(|_| panic!("{line}")));
            }
            if at == KEYS.len() - 1 {
                assert_eq!(value, "DONE", "{line}");
                block = None;
            } else {
                block = Some(at + 1);
            }
            continue;
        }
        assert!(block.is_none(), "a detail block is interrupted by {line:?}");
        if line == "MESSAGE REALTIME REFRESH" {
            assert!(open_pos.is_none(), "REFRESH while POS {open_pos:?} is open");
        } else if let Some(p) = realtime_point(line, "POS") {
            assert!(open_pos.is_none(), "POS {p:?} while {open_pos:?} is open");
            open_pos = Some(p);
            positions += 1;
        } else if let Some(p) = realtime_point(line, "DONE") {
            assert_eq!(open_pos.take(), Some(p), "DONE without its POS: {line}");
        } else if let Some(p) =
            realtime_point(line, "BEST").or_else(|| realtime_point(line, "LOST"))
        {
            assert!(p.0 < 15 && p.1 < 15, "{line}");
        } else {
            assert!(
                line.starts_with("MESSAGE ") && !line.starts_with("MESSAGE REALTIME"),
                "unexpected line during the search: {line:?}"
            );
        }
    }
    assert!(block.is_none() && open_pos.is_none(), "stream left open");
    // Throttled: at most one POS per 40 ms (plus one).
    assert!(positions <= elapsed.as_millis() / 40 + 1, "{positions} POS in {elapsed:?}");
    indices
}

/// Reads the lines of a search until its move reply; returns them and the move.
fn until_move(brain: &mut Brain) -> (Vec<String>, String) {
    let mut lines = Vec::new();
    loop {
        let line = brain.line();
        if line.starts_with("MESSAGE") || line.starts_with("INFO ") {
            lines.push(line);
        } else {
            return (lines, line);
        }
    }
}

#[test]
fn unlimited_think_streams_progress_and_stops_on_yxstop() {
    let mut brain = Brain::start();
    init(&mut brain);
    brain.send(
        "INFO time_left 100000000\nstart 15 15\nboard\n7,7,2\n7,8,1\n6,8,2\n8,6,1\n6,6,2\ndone",
    );
    assert_eq!(brain.line(), "OK");
    let started = Instant::now();
    // "No time limit": nothing but progress for a good while.
    let mut lines = Vec::new();
    while started.elapsed() < Duration::from_millis(1200) {
        if let Some(line) = brain.line_within(Duration::from_millis(50)) {
            assert!(
                line.starts_with("MESSAGE") || line.starts_with("INFO "),
                "the unlimited search answered {line:?} on its own"
            );
            lines.push(line);
        }
    }
    brain.send("yxstop");
    let stopped = Instant::now();
    let (rest, reply) = until_move(&mut brain);
    let latency = stopped.elapsed();
    lines.extend(rest);
    assert!(latency < Duration::from_millis(300), "yxstop answered after {latency:?}");
    let p = point(&reply);
    assert!(
        p.x < 15 && p.y < 15 && ![(7, 7), (7, 8), (6, 8), (8, 6), (6, 6)].contains(&(p.x, p.y)),
        "{reply}"
    );
    let indices = check_progress(&lines, started.elapsed());
    assert_eq!(indices, BTreeSet::from([1]), "one principal variation");
    assert!(lines.iter().any(|l| l == "MESSAGE REALTIME REFRESH"));
    assert!(lines.iter().any(|l| realtime_point(l, "POS").is_some()), "root moves shown");
    // The last BEST is the move played.
    let best = lines.iter().rev().find_map(|l| realtime_point(l, "BEST"));
    assert_eq!(best, Some((u32::from(p.x), u32::from(p.y))));
    assert!(brain.silent_for(Duration::from_millis(200)), "nothing after the move");
}

/// Nothing but progress lines for `wait`: the search must not answer on its own.
fn only_progress_for(brain: &mut Brain, wait: Duration, what: &str) {
    let started = Instant::now();
    while started.elapsed() < wait {
        if let Some(line) = brain.line_within(Duration::from_millis(50)) {
            assert!(
                line.starts_with("MESSAGE") || line.starts_with("INFO "),
                "{what} answered {line:?} on its own after {:?}",
                started.elapsed()
            );
        }
    }
}

#[test]
fn unlimited_think_in_a_two_stone_opening_waits_for_yxstop() {
    // A 2-stone opening searches deep fast: the search must not end by itself (no time limit,
    // max_depth W×H is no practical limit, nothing is proven) until yxstop.
    let mut brain = Brain::start();
    init(&mut brain);
    brain.send("INFO time_left 100000000\nstart 15 15\nboard\n7,7,2\n7,8,1\ndone");
    assert_eq!(brain.line(), "OK");
    only_progress_for(&mut brain, Duration::from_millis(3500), "the unlimited search");
    brain.send("yxstop");
    let stopped = Instant::now();
    let (_, reply) = until_move(&mut brain);
    assert!(stopped.elapsed() < Duration::from_millis(500), "yxstop took {:?}", stopped.elapsed());
    let p = point(&reply);
    assert!(p.x < 15 && p.y < 15 && ![(7, 7), (7, 8)].contains(&(p.x, p.y)), "{reply}");
}

#[test]
fn end_of_input_stops_an_unlimited_search_on_a_small_board() {
    // On 13x13 the "no limit" level sends max_depth 169: still no limit, so end of input stops
    // the search (no yxstop can come any more) and the brain answers and exits.
    let mut brain = Brain::start();
    init(&mut brain);
    brain.send("INFO max_depth 169\nstart 13 13\nboard\n6,6,2\n6,7,1\ndone");
    assert_eq!(brain.line(), "OK");
    only_progress_for(&mut brain, Duration::from_millis(500), "the unlimited search");
    brain.close_stdin();
    let (_, reply) = until_move(&mut brain);
    let p = point(&reply);
    assert!(p.x < 13 && p.y < 13, "{reply}");
    assert!(brain.wait_exit(Duration::from_secs(5)).is_some(), "still running after EOF");
}

#[test]
fn unlimited_balance_deepens_until_yxstop() {
    let mut brain = Brain::start();
    init(&mut brain);
    assert_eq!(brain.ask("start 15 15"), "OK");
    for command in ["yxbalanceone 0", "yxbalancetwo 0"] {
        brain.send(&format!("yxboard\n7,7,2\n7,8,1\ndone\n{command}"));
        only_progress_for(&mut brain, Duration::from_millis(2500), command);
        brain.send("yxstop");
        let stopped = Instant::now();
        let (_, reply) = until_move(&mut brain);
        assert!(stopped.elapsed() < Duration::from_millis(500), "{command}: yxstop too slow");
        let moves: Vec<_> = reply.split_whitespace().map(point).collect();
        let expected = if command.contains("two") { 2 } else { 1 };
        assert_eq!(moves.len(), expected, "{command}: {reply}");
        let mut seen = vec![(7, 7), (7, 8)];
        for p in moves {
            assert!(p.x < 15 && p.y < 15 && !seen.contains(&(p.x, p.y)), "{command}: {reply}");
            seen.push((p.x, p.y));
        }
    }
}

#[test]
fn nbest_reports_each_line_and_plays_the_best() {
    let mut brain = Brain::start();
    init(&mut brain);
    brain.send("info show_detail 2\nINFO timeout_turn 600\nINFO timeout_match 0");
    brain.send("start 15 15\nyxboard\n7,7,2\n7,8,1\ndone\nyxnbest 3");
    assert_eq!(brain.line(), "OK");
    let started = Instant::now();
    let (lines, reply) = until_move(&mut brain);
    let indices = check_progress(&lines, started.elapsed());
    assert_eq!(indices, BTreeSet::from([1, 2, 3]), "{lines:?}");
    assert!(lines.iter().any(|l| l == "INFO NUMPV 3"), "{lines:?}");
    let p = point(&reply);
    // Each depth reports different root moves in its lines.
    let mut by_depth: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut depth = String::new();
    for line in &lines {
        if let Some(d) = line.strip_prefix("INFO DEPTH ") {
            depth = d.to_owned();
        } else if let Some(pv) = line.strip_prefix("INFO BESTLINE ") {
            let first = pv.split(' ').next().unwrap_or("").to_owned();
            by_depth.entry(depth.clone()).or_default().push(first);
        }
    }
    assert!(by_depth.values().any(|firsts| firsts.len() == 3), "{lines:?}");
    for firsts in by_depth.values() {
        let distinct: BTreeSet<&String> = firsts.iter().collect();
        assert_eq!(distinct.len(), firsts.len(), "{firsts:?}");
    }
    assert!(![(7, 7), (7, 8)].contains(&(p.x, p.y)), "{reply}");
    assert!(p.x < 15 && p.y < 15);
}

/// Yixin-Board's `yxboard` + `yxshowforbid` against the reference renju positions (15×15, x =
/// column, y = row); the GUI sends and reads every point as row,col.
#[test]
fn showforbid_matches_the_reference_renju_positions() {
    let data = include_str!("../../../rules/tests/data/renju-forbidden.txt");
    let cases: Vec<&str> =
        data.lines().filter(|l| l.starts_with("B ") || l.starts_with("B\t")).collect();
    assert!(cases.len() >= 1000, "{}", cases.len());
    let mut brain = Brain::start();
    init(&mut brain);
    // Every 40th case: a spread over all the generators (50 positions).
    let mut with_forbidden = 0;
    for case in cases.iter().step_by(40) {
        let mut sections = case.split('|').map(str::trim);
        let black = sections.next().and_then(|s| s.strip_prefix('B')).unwrap_or("");
        let white = sections.next().and_then(|s| s.strip_prefix('W')).unwrap_or("");
        let forbid = sections.next().and_then(|s| s.strip_prefix('F')).unwrap_or("");
        let points = |text: &str| -> Vec<(u32, u32)> {
            text.split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap_or_else(|| panic!("{case}"));
                    (x.parse().expect("x"), y.parse().expect("y"))
                })
                .collect()
        };
        let mut command = String::from("yxboard");
        // Black to move: black stones are the side to move's (1), white's are 2.
        for (field, list) in [(1, black), (2, white)] {
            for (x, y) in points(list) {
                let _ = write!(command, "\n{y},{x},{field}");
            }
        }
        command.push_str("\ndone\nyxshowforbid");
        let reply = brain.ask(&command);
        let digits = reply
            .strip_prefix("FORBID ")
            .and_then(|r| r.strip_suffix('.'))
            .unwrap_or_else(|| panic!("{reply}"));
        assert!(
            digits.len().is_multiple_of(4) && digits.bytes().all(|b| b.is_ascii_digit()),
            "{reply}"
        );
        let got: BTreeSet<(u32, u32)> = (0..digits.len() / 4)
            .map(|i| {
                let row = digits[i * 4..i * 4 + 2].parse().expect("row");
                let col = digits[i * 4 + 2..i * 4 + 4].parse().expect("col");
                (row, col)
            })
            .collect();
        let expected: BTreeSet<(u32, u32)> =
            points(forbid).into_iter().map(|(x, y)| (y, x)).collect();
        assert_eq!(got, expected, "{case}\n{reply}");
        with_forbidden += usize::from(!expected.is_empty());
    }
    assert!(with_forbidden >= 20, "{with_forbidden}");
    // White to move, or another rule: no forbidden point.
    let reply = brain.ask("yxboard\n7,7,2\n7,8,1\n6,8,2\ndone\nYXSHOWFORBID");
    assert_eq!(reply, "FORBID .");
    brain.send("INFO RULE 0");
    let reply = brain.ask(
        "yxboard\n7,5,1\n0,0,2\n7,6,1\n0,14,2\n5,7,1\n14,0,2\n6,7,1\n14,14,2\ndone\nyxshowforbid",
    );
    assert_eq!(reply, "FORBID .");
    brain.send("INFO RULE 2");
    let reply = brain.ask(
        "yxboard\n7,5,1\n0,0,2\n7,6,1\n0,14,2\n5,7,1\n14,0,2\n6,7,1\n14,14,2\ndone\nyxshowforbid",
    );
    assert_eq!(reply, "FORBID 0707.");
}

#[test]
fn block_path_and_undo_steer_the_root_move() {
    let mut brain = Brain::start();
    init(&mut brain);
    // A fixed depth, one thread: the same search gives the same move.
    brain.send(
        "INFO show_detail 0\nINFO max_depth 3\nINFO timeout_turn 20000\nINFO timeout_match 0",
    );
    brain.send("start 15 15\nyxboard\n7,7,2\n7,8,1\n6,8,2\ndone");
    assert_eq!(brain.line(), "OK");
    let first = point(&brain.ask("yxhashclear\nyxnbest 1"));
    let position = "7,7\n7,8\n6,8";
    brain.send(&format!("yxblockpath\n{position}\n{first}\n8,8\ndone"));
    brain.send("yxboard\n7,7,2\n7,8,1\n6,8,2\ndone");
    let second = point(&brain.ask("yxhashclear\nyxnbest 1"));
    assert_ne!(first, second, "the blocked path's root move is not played");
    brain.send(&format!("yxblockpathundo\n{position}\n{first}\n8,8\ndone"));
    brain.send("yxboard\n7,7,2\n7,8,1\n6,8,2\ndone");
    assert_eq!(point(&brain.ask("yxhashclear\nyxnbest 1")), first, "allowed again");
    brain.send(&format!("yxblock\n{first}\ndone\nyxblock\n{second}\ndone"));
    let third = point(&brain.ask("yxhashclear\nyxsearchdefend"));
    assert!(third != first && third != second, "{third}");
    brain.send(&format!("yxblockundo\n{first}\ndone\nyxblockreset\nyxblockpathreset"));
    assert!(brain.silent_for(Duration::from_millis(200)), "block commands need no answer");
    assert_eq!(point(&brain.ask("yxhashclear\nyxnbest 1")), first);
}

#[test]
fn opening_dialogues_and_hash_file() {
    let mut brain = Brain::start();
    init(&mut brain);
    brain.send("INFO show_detail 0\nINFO timeout_turn 150\nINFO timeout_match 0\nINFO rule 1");
    brain.send("start 15 15\nyxswap2step1");
    assert_eq!(brain.line(), "OK");
    let mut opening = BTreeSet::new();
    for i in 1..=3 {
        let line = brain.reply_message(&format!("MESSAGE SWAP2 MOVE{i} "));
        let words: Vec<u32> = line.split(' ').skip(3).map(|w| w.parse().expect("number")).collect();
        assert!(words.len() == 2 && words.iter().all(|v| *v < 15), "{line}");
        opening.insert((words[0], words[1]));
    }
    assert_eq!(opening.len(), 3, "three distinct stones");
    brain.send("yxboard\n7,7,2\n8,8,1\n6,8,2\ndone\nyxswap2step2");
    let line = brain.reply_message("MESSAGE SWAP2 ");
    if line.starts_with("MESSAGE SWAP2 MOVE4 ") {
        let fifth = brain.reply_message("MESSAGE SWAP2 MOVE5 ");
        assert_eq!(fifth.split(' ').count(), 5, "{fifth}");
    } else {
        assert!(["MESSAGE SWAP2 SWAP1 YES", "MESSAGE SWAP2 SWAP1 NO"].contains(&line.as_str()));
    }
    brain.send("yxboard\n7,7,2\n8,8,1\n6,8,2\n9,9,1\n5,9,2\ndone\nyxswap2step3");
    let line = brain.reply_message("MESSAGE SWAP2 SWAP2 ");
    assert!(["MESSAGE SWAP2 SWAP2 YES", "MESSAGE SWAP2 SWAP2 NO"].contains(&line.as_str()));

    brain.send("INFO rule 2\nyxsoosorvstep1");
    for i in 1..=3 {
        let line = brain.reply_message(&format!("MESSAGE SOOSORV MOVE{i} "));
        assert_eq!(line.split(' ').count(), 5, "{line}");
    }
    let three = "7,7\n7,6\n8,6\ndone";
    brain.send(&format!("yxsoosorvstep2\n{three}"));
    let swap1 = brain.reply_message("MESSAGE SOOSORV SWAP1 ");
    assert!(swap1.ends_with(" YES") || swap1.ends_with(" NO"), "{swap1}");
    brain.send(&format!("yxsoosorvstep3\n{three}"));
    let fourth = brain.reply_message("MESSAGE SOOSORV MOVE4 ");
    let n: u32 = fourth.rsplit(' ').next().and_then(|t| t.parse().ok()).expect("count");
    assert!((1..=8).contains(&n) && fourth.split(' ').count() == 6, "{fourth}");
    let four = "7,7\n7,6\n8,6\n6,8";
    brain.send(&format!("yxsoosorvstep4 2\n{four}\ndone"));
    let swap2 = brain.reply_message("MESSAGE SOOSORV SWAP2 ");
    assert!(swap2.ends_with(" YES") || swap2.ends_with(" NO"), "{swap2}");
    brain.send(&format!("yxsoosorvstep5 2\n{four}\ndone"));
    brain.reply_message("MESSAGE SOOSORV MOVE5 REFRESH");
    let mut fifths = BTreeSet::new();
    for _ in 0..2 {
        let line = brain.reply_message("MESSAGE SOOSORV MOVE5 ");
        assert_eq!(line.split(' ').count(), 5, "{line}");
        fifths.insert(line);
    }
    assert_eq!(fifths.len(), 2);
    assert_eq!(brain.line(), "MESSAGE SOOSORV MOVE5 DONE");
    brain.send(&format!("yxsoosorvstep6\n{four}\n5,5\n10,10\ndone"));
    let chosen = brain.reply_message("MESSAGE SOOSORV MOVE5C ");
    assert!(chosen.ends_with(" 5 5") || chosen.ends_with(" 10 10"), "{chosen}");

    // The hash file: dump after a search, load it back; a foreign file is refused.
    let dir = std::env::temp_dir().join(format!("renzoku-yixin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("session.hash");
    brain.send("start 15 15\nyxboard\n7,7,2\n7,8,1\ndone");
    assert_eq!(brain.line(), "OK");
    let _ = point(&brain.ask("yxnbest 1"));
    brain.send(&format!("yxhashdump\n{}", file.display()));
    assert!(brain.line().starts_with("MESSAGE"), "dump");
    brain.send("yxhashclear\nyxshowhashusage");
    assert!(brain.line().starts_with("MESSAGE"), "usage");
    brain.send(&format!("yxhashload\n{}", file.display()));
    assert!(brain.line().starts_with("MESSAGE"), "load");
    let foreign = dir.join("foreign.hash");
    std::fs::write(&foreign, b"not a hash file at all").expect("write");
    brain.send(&format!("yxhashload\n{}", foreign.display()));
    assert!(brain.line().starts_with("ERROR"), "a foreign file is refused");
    let _ = std::fs::remove_dir_all(&dir);
}
