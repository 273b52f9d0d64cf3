//! Malformed input: junk, huge lines and numbers, truncated blocks. Nothing may panic, and the
//! first valid command after the damage must parse.

use renzoku_protocol::{Command, CommandParser, LineSplitter, ParseError, Point, parse_reply};

#[test]
fn truncated_block_followed_by_a_command_keeps_the_command() {
    let mut parser = CommandParser::new();
    assert_eq!(parser.feed("BOARD"), Ok(None));
    assert_eq!(parser.feed("7,7,1"), Ok(None));
    let err = parser.feed("TURN 8,8").expect_err("block interrupted");
    assert!(matches!(err, ParseError::Interrupted { ref command, .. } if command == "BOARD"));
    assert_eq!(parser.resume(), Some(Ok(Some(Command::Turn(Point::new(8, 8))))));
    assert_eq!(parser.resume(), None);
    assert!(!parser.in_block());
}

#[test]
fn eof_inside_a_block_is_reported_once() {
    let mut parser = CommandParser::new();
    assert_eq!(parser.feed("SWAP2BOARD"), Ok(None));
    assert_eq!(parser.feed("7,7"), Ok(None));
    assert!(matches!(parser.finish(), Err(ParseError::Truncated { .. })));
    assert_eq!(parser.finish(), Ok(()));
    assert_eq!(parser.feed("begin"), Ok(Some(Command::Begin)));
}

#[test]
fn junk_inside_a_block_spoils_only_the_block() {
    let mut parser = CommandParser::new();
    for line in ["BOARD", "7,7,1", "\u{1}\u{2}garbage\u{7f}", "8,8,2", "DONE"] {
        let result = parser.feed(line);
        if line == "DONE" {
            assert!(matches!(result, Err(ParseError::BadBlock { .. })));
        } else {
            assert_eq!(result, Ok(None));
        }
    }
    assert_eq!(parser.feed("END"), Ok(Some(Command::End)));
}

#[test]
fn missing_candidate_line_is_an_error_and_the_next_command_parses() {
    let mut parser = CommandParser::new();
    for line in ["RIFSTEP5", "7,7", "8,8", "DONE"] {
        assert_eq!(parser.feed(line), Ok(None));
    }
    assert!(matches!(parser.feed("ABOUT"), Err(ParseError::Interrupted { .. })));
    assert_eq!(parser.resume(), Some(Ok(Some(Command::About))));
}

#[test]
fn megabyte_lines_and_huge_numbers() {
    let mut parser = CommandParser::new();
    let junk = "x".repeat(1 << 20);
    assert_eq!(parser.feed(&junk), Ok(Some(Command::Unknown(junk.clone()))));
    let long_turn = format!("TURN {}", "9".repeat(1 << 20));
    let err = parser.feed(&long_turn).expect_err("not a point");
    // Errors quote at most a short excerpt of the offending text.
    assert!(err.to_string().len() < 200, "{}", err.to_string().len());
    for line in [
        "START 99999999999999999999999999",
        "RECTSTART 4294967296,1",
        "INFO time_left 9223372036854775808",
        "PONDER 99999999999999999999",
        "TURN 256,0",
    ] {
        assert!(matches!(parser.feed(line), Err(ParseError::BadArguments { .. })), "{line}");
    }
    assert_eq!(parser.feed("INFO time_left -9223372036854775808").map(|c| c.is_some()), Ok(true));
    // A block of a million lines is bounded: it is rejected at DONE, not stored.
    assert_eq!(parser.feed("BOARD"), Ok(None));
    for _ in 0..100_000 {
        assert_eq!(parser.feed("1,1,1"), Ok(None));
    }
    assert!(matches!(parser.feed("DONE"), Err(ParseError::BadBlock { .. })));
    assert!(parse_reply(&junk).is_err());
}

#[test]
fn binary_junk_through_the_splitter() {
    let bytes: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
    let mut splitter = LineSplitter::new(64 * 1024);
    let mut parser = CommandParser::new();
    let mut lines = splitter.push(&bytes);
    lines.extend(splitter.finish());
    for line in lines {
        let _ = parser.feed(&line.text);
        while parser.resume().is_some() {}
    }
    let _ = parser.finish();
    assert_eq!(parser.feed("START 15\r"), Ok(Some(Command::Start(15))));
}
