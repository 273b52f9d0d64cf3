//! Arbitrary bytes through the line splitter, the command parser and the reply parser: nothing
//! may panic, and every command or reply that parses must format back to text that parses to the
//! same value.

#![no_main]

use libfuzzer_sys::fuzz_target;
use renzoku_protocol::{Command, CommandParser, LineSplitter, ParseError, parse_reply};

fn check_round_trip(command: &Command) {
    let text = command.to_string();
    let mut parser = CommandParser::new();
    let mut got = Vec::new();
    for line in text.split('\n') {
        if let Some(c) = parser.feed(line).expect("formatted command parses") {
            got.push(c);
        }
    }
    assert_eq!(got, vec![command.clone()], "text {text:?}");
}

fn handle(result: Result<Option<Command>, ParseError>) {
    if let Ok(Some(command)) = result {
        check_round_trip(&command);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut splitter = LineSplitter::new(4096);
    let mut lines = splitter.push(data);
    lines.extend(splitter.finish());
    let mut parser = CommandParser::new();
    for line in &lines {
        handle(parser.feed(&line.text));
        while let Some(result) = parser.resume() {
            handle(result);
        }
        if let Ok(reply) = parse_reply(&line.text) {
            let text = reply.to_string();
            assert_eq!(parse_reply(&text), Ok(reply), "reply text {text:?}");
        }
    }
    let _ = parser.finish();
});
