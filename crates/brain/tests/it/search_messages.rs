//! Search information for analysis clients: one `MESSAGE` line per finished iteration while the
//! brain thinks, in the style `INFO message_format` picks (AlphaGomoku's summary by default, or
//! Rapfi's realtime line that pygomo-lib and Gomoku Calculator-style GUIs read).

use std::time::{Duration, Instant};

use crate::common::{Brain, point};
use renzoku_protocol::SearchSummary;
use renzoku_rules::Point;

/// The fields of a Rapfi realtime line, checked against the grammar its readers use:
/// `depth D-S [multipv K] ev V n N n/ms S tm T pv M…`.
#[derive(Debug)]
struct Realtime {
    depth: u32,
    multipv: Option<u32>,
    eval: String,
    pv: Vec<Point>,
}

fn rapfi(line: &str) -> Realtime {
    let text = line.strip_prefix("MESSAGE ").unwrap_or_else(|| panic!("not a MESSAGE: {line}"));
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = || -> ! { panic!("not a realtime line: {line}") };
    let mut i = 0;
    let mut next = |key: &str| {
        if words.get(i) != Some(&key) {
            bad();
        }
        i += 2;
        words.get(i - 1).copied().unwrap_or_else(|| bad())
    };
    let depths = next("depth");
    let (depth, sel) = depths.split_once('-').unwrap_or_else(|| bad());
    let depth: u32 = depth.parse().unwrap_or_else(|_| bad());
    assert!(sel.parse::<u32>().unwrap_or_else(|_| bad()) >= depth, "{line}");
    let multipv = (words.get(2) == Some(&"multipv"))
        .then(|| next("multipv").parse::<u32>().unwrap_or_else(|_| bad()));
    let eval = next("ev").to_owned();
    let value = eval.strip_prefix("+M").or_else(|| eval.strip_prefix("-M")).unwrap_or(&eval);
    assert!(value.parse::<i64>().is_ok(), "ev {eval}: {line}");
    let nodes = next("n");
    let digits = nodes.trim_end_matches(['K', 'M', 'G']);
    assert!(digits.parse::<f64>().is_ok(), "n {nodes}: {line}");
    assert!(next("n/ms").parse::<u64>().is_ok(), "{line}");
    assert!(next("tm").parse::<u64>().is_ok(), "{line}");
    assert_eq!(words.get(i), Some(&"pv"), "{line}");
    // Column letter from `a`, row counted from 1: `h8` is 7,7.
    let pv = words[i + 1..]
        .iter()
        .map(|m| {
            let (col, row) = m.split_at(1);
            let x = col.as_bytes()[0].checked_sub(b'a').unwrap_or_else(|| bad());
            let y = row.parse::<u8>().unwrap_or_else(|_| bad()) - 1;
            Point::new(x, y)
        })
        .collect();
    Realtime { depth, multipv, eval, pv }
}

fn summary(line: &str) -> SearchSummary {
    let text = line.strip_prefix("MESSAGE ").unwrap_or_else(|| panic!("not a MESSAGE: {line}"));
    SearchSummary::parse(text).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Sends `command` and collects the MESSAGE lines until the move.
fn think(b: &mut Brain, command: &str) -> (Vec<String>, Point) {
    b.send(command);
    until_move(b)
}

/// The MESSAGE lines until the move, and the move.
fn until_move(b: &mut Brain) -> (Vec<String>, Point) {
    let mut messages = Vec::new();
    loop {
        let line = b.line();
        if line.starts_with("MESSAGE") {
            messages.push(line);
        } else {
            return (messages, point(&line));
        }
    }
}

fn brain() -> Brain {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b
}

#[test]
fn lines_arrive_during_the_search_not_only_at_its_end() {
    for format in ["alphagomoku", "rapfi"] {
        let mut b = brain();
        // No limit: the search ends only by STOP, so whatever arrives before it came while
        // it was running.
        b.send(&format!("INFO message_format {format}\nINFO timeout_turn -1\nTURN 7,7"));
        let started = Instant::now();
        let mut during = Vec::new();
        while during.len() < 3 {
            assert!(started.elapsed() < Duration::from_secs(20), "{format}: {during:?}");
            if let Some(line) = b.line_within(Duration::from_millis(100)) {
                assert!(line.starts_with("MESSAGE"), "{format}: a move before STOP: {line}");
                during.push(line);
            }
        }
        b.send("STOP");
        let (after, ours) = until_move(&mut b);
        let last = after.last().or(during.last()).expect("lines").clone();
        if format == "rapfi" {
            let depths: Vec<u32> = during.iter().map(|l| rapfi(l).depth).collect();
            assert!(depths.windows(2).all(|w| w[0] < w[1]), "one line per iteration: {depths:?}");
            assert_eq!(rapfi(&last).pv.first(), Some(&ours), "{last}");
        } else {
            let depths: Vec<u32> = during.iter().map(|l| summary(l).depth_max).collect();
            assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
            assert_eq!(summary(&last).pv.first().map(|m| m.point), Some(ours), "{last}");
        }
    }
}

#[test]
fn rapfi_lines_carry_multipv_under_nbest_and_the_move_comes_last() {
    let mut b = brain();
    b.send("INFO Message_Format RAPFI\nINFO max_depth 6\nINFO timeout_turn 20000");
    let (lines, ours) = think(&mut b, "BOARD\n7,7,2\n8,8,1\nDONE");
    let parsed: Vec<Realtime> = lines.iter().map(|l| rapfi(l)).collect();
    assert!(parsed.iter().all(|r| r.multipv.is_none()), "{lines:?}");
    assert_eq!(parsed.iter().filter(|r| r.depth == 6).count(), 2, "iteration 6, then the result");
    let last = parsed.last().expect("lines");
    assert_eq!(last.pv.first(), Some(&ours));
    assert!(!last.eval.is_empty());

    b.send("yxboard\n7,7,2\n8,8,1\ndone");
    let (lines, ours) = think(&mut b, "yxnbest 3");
    let parsed: Vec<Realtime> = lines.iter().map(|l| rapfi(l)).collect();
    for k in 1..=3 {
        let at_6 = parsed.iter().filter(|r| r.depth == 6 && r.multipv == Some(k)).count();
        assert!(at_6 >= 1, "multipv {k} at depth 6: {lines:?}");
    }
    let last = parsed.last().expect("lines");
    assert_eq!((last.multipv, last.pv.first()), (Some(1), Some(&ours)), "{lines:?}");
}

#[test]
fn the_default_is_the_alphagomoku_summary_and_a_bad_format_is_refused() {
    let mut b = brain();
    b.send("INFO max_depth 5\nINFO timeout_turn 20000");
    let (lines, ours) = think(&mut b, "BOARD\n7,7,2\n8,8,1\nDONE");
    let depths: Vec<u32> = lines.iter().map(|l| summary(l).depth_max).collect();
    assert!(lines.len() >= 5, "one summary per iteration and one at the end: {lines:?}");
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    assert_eq!(summary(lines.last().expect("lines")).pv[0].point, ours);
    // An unknown format: ERROR at once, and the summaries stay.
    assert!(b.ask("INFO message_format uci").starts_with("ERROR"));
    let (lines, _) = think(&mut b, "TURN 3,3");
    assert!(lines.iter().all(|l| SearchSummary::parse(&l[8..]).is_ok()), "{lines:?}");
}
