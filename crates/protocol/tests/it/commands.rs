//! One test per command family, including odd casing, CRLF and blank lines.

use renzoku_protocol::{
    Command, CommandParser, Field, Info, IntKey, OpeningRule, OpeningStep, ParseError, Point,
    Stone, YxPathKind,
};

/// Feeds `text` line by line (any line ends) and collects the commands and errors.
fn run(text: &str) -> Vec<Result<Command, ParseError>> {
    let mut parser = CommandParser::new();
    let mut out = Vec::new();
    for line in text.split(['\n', '\r']) {
        let mut result = parser.feed(line);
        loop {
            match result {
                Ok(Some(c)) => out.push(Ok(c)),
                Ok(None) => {}
                Err(e) => out.push(Err(e)),
            }
            match parser.resume() {
                Some(next) => result = next,
                None => break,
            }
        }
    }
    if let Err(e) = parser.finish() {
        out.push(Err(e));
    }
    out
}

fn one(text: &str) -> Command {
    let mut got = run(text);
    assert_eq!(got.len(), 1, "{text:?} gave {got:?}");
    got.remove(0).expect("parses")
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn s(x: u8, y: u8, f: Option<Field>) -> Stone {
    Stone::new(p(x, y), f)
}

#[test]
fn start_forms() {
    assert_eq!(one("START 15"), Command::Start(15));
    assert_eq!(one("Start 20\r\n"), Command::Start(20));
    assert_eq!(one("start 15"), Command::YxStart { width: 15, height: 15 });
    assert_eq!(one("start 20 15"), Command::YxStart { width: 20, height: 15 });
    assert_eq!(one("start 20,15"), Command::YxStart { width: 20, height: 15 });
    assert_eq!(one("RECTSTART 20,15"), Command::RectStart { width: 20, height: 15 });
    assert_eq!(one("rectstart 20 , 15"), Command::RectStart { width: 20, height: 15 });
    assert!(run("START").first().is_some_and(Result::is_err));
    assert!(run("START 15 15").first().is_some_and(Result::is_err));
    assert!(run("START -5").first().is_some_and(Result::is_err));
    assert!(run("RECTSTART 20").first().is_some_and(Result::is_err));
}

#[test]
fn simple_commands_in_any_case() {
    for (text, want) in [
        ("RESTART", Command::Restart),
        ("begin", Command::Begin),
        ("End", Command::End),
        ("ABOUT", Command::About),
        ("stop", Command::Stop),
        ("CLEARHASH", Command::ClearHash),
        ("ProtocolVersion", Command::ProtocolVersion),
        ("yxstop", Command::YxStop),
        ("YXSHOWFORBID", Command::YxShowForbid),
        ("yxshowinfo", Command::YxShowInfo),
        ("yxhashclear", Command::YxHashClear),
        ("yxshowhashusage", Command::YxShowHashUsage),
        ("yxsearchdefend", Command::YxSearchDefend),
        ("yxblockreset", Command::YxBlockReset),
        ("yxblockpathreset", Command::YxBlockPathReset),
    ] {
        assert_eq!(one(&format!("\r\n  {text}  \r\n\n")), want, "{text}");
    }
}

#[test]
fn moves() {
    assert_eq!(one("TURN 7,8"), Command::Turn(p(7, 8)));
    assert_eq!(one("turn 7, 8"), Command::Turn(p(7, 8)));
    assert_eq!(one("TAKEBACK 0,0"), Command::Takeback(p(0, 0)));
    assert_eq!(one("PLAY 31,31"), Command::Play(p(31, 31)));
    assert!(matches!(
        run("TURN 7").first(),
        Some(Err(ParseError::BadArguments { command, .. })) if command == "TURN"
    ));
    assert!(run("TURN 700,1").first().is_some_and(Result::is_err));
    assert!(run("TURN -1,-1").first().is_some_and(Result::is_err));
}

#[test]
fn board_block_with_all_fields() {
    let text = "BOARD\r\n7,7,1\r\n\r\n8,8,2\r\n 0,0,3 \r\ndone\r\n";
    assert_eq!(
        one(text),
        Command::Board(vec![
            s(7, 7, Some(Field::Own)),
            s(8, 8, Some(Field::Opponent)),
            s(0, 0, Some(Field::Wall)),
        ])
    );
    assert_eq!(one("board\ndone"), Command::Board(vec![]));
}

#[test]
fn board_lines_without_field_spoil_the_block_but_not_the_stream() {
    let got = run("BOARD\n7,7\n8,8,2\nDONE\nBEGIN");
    assert!(matches!(&got[0], Err(ParseError::BadBlock { command, .. }) if command == "BOARD"));
    assert_eq!(got[1], Ok(Command::Begin));
    assert_eq!(got.len(), 2);
}

#[test]
fn swap2board_with_and_without_field() {
    assert_eq!(one("SWAP2BOARD\nDONE"), Command::Swap2Board(vec![]));
    assert_eq!(
        one("SWAP2BOARD\n7,7\n8,8,2\n9,9\nDONE"),
        Command::Swap2Board(vec![s(7, 7, None), s(8, 8, Some(Field::Opponent)), s(9, 9, None)])
    );
}

#[test]
fn info_keys() {
    assert_eq!(one("INFO timeout_turn 1000"), Command::Info(Info::Int(IntKey::TimeoutTurn, 1000)));
    assert_eq!(one("info TIME_LEFT -300"), Command::Info(Info::Int(IntKey::TimeLeft, -300)));
    assert_eq!(
        one("INFO folder C:\\Program Files\\x"),
        Command::Info(Info::Folder("C:\\Program Files\\x".into()))
    );
    assert_eq!(one("INFO evaluate 3,4 5,6"), Command::Info(Info::Evaluate(vec![p(3, 4), p(5, 6)])));
    assert_eq!(
        one("INFO database_readonly 1"),
        Command::Info(Info::Unknown { key: "database_readonly".into(), value: "1".into() })
    );
    for key in IntKey::ALL {
        assert_eq!(
            one(&format!("INFO {} 7", key.name().to_uppercase())),
            Command::Info(Info::Int(key, 7))
        );
    }
    assert!(matches!(
        run("INFO rule abc").first(),
        Some(Err(ParseError::BadArguments { command, .. })) if command == "INFO"
    ));
}

#[test]
fn extended_commands() {
    assert_eq!(one("PONDER"), Command::Ponder(None));
    assert_eq!(one("PONDER 500"), Command::Ponder(Some(500)));
    assert_eq!(one("PONDER -1"), Command::Ponder(Some(-1)));
    assert_eq!(
        one("BALANCE 2\n7,7,2\n8,8,1\n9,7,2\nDONE"),
        Command::Balance {
            count: 2,
            stones: vec![
                s(7, 7, Some(Field::Opponent)),
                s(8, 8, Some(Field::Own)),
                s(9, 7, Some(Field::Opponent)),
            ]
        }
    );
    assert!(run("BALANCE\nDONE").first().is_some_and(Result::is_err));
    assert_eq!(
        one("SHOWFORBID\n7,7,1\nDONE"),
        Command::ShowForbid(vec![s(7, 7, Some(Field::Own))])
    );
}

#[test]
fn opening_steps() {
    let rif5 = OpeningStep::new(OpeningRule::Rif, 5).expect("exists");
    assert_eq!(
        one("RIFSTEP5\n7,7\n8,8\n7,8\n9,9\nDONE\n5,5 10,10"),
        Command::Opening {
            step: rif5,
            arg: None,
            stones: vec![s(7, 7, None), s(8, 8, None), s(7, 8, None), s(9, 9, None)],
            candidates: vec![p(5, 5), p(10, 10)],
        }
    );
    let yama5 = OpeningStep::new(OpeningRule::Yamaguchi, 5).expect("exists");
    assert_eq!(
        one("YAMAGUCHISTEP5 2\n7,7\nPLAY\n5,5 10,10"),
        Command::Opening {
            step: yama5,
            arg: Some(2),
            stones: vec![s(7, 7, None)],
            candidates: vec![p(5, 5), p(10, 10)],
        }
    );
    assert_eq!(
        one("YAMAGUCHISTEP5 2\n7,7\nPLAY 5,5 10,10"),
        Command::Opening {
            step: yama5,
            arg: Some(2),
            stones: vec![s(7, 7, None)],
            candidates: vec![p(5, 5), p(10, 10)],
        }
    );
    let pro = OpeningStep::new(OpeningRule::Pro, 0).expect("exists");
    assert_eq!(
        one("proboard\ndone"),
        Command::Opening { step: pro, arg: None, stones: vec![], candidates: vec![] }
    );
    // Every step command of every rule parses with an argument and a block.
    for step in OpeningStep::all() {
        let tail = if step.expects_candidates() { "\n1,1 2,2" } else { "" };
        let got = one(&format!("{step} 3\n7,7\nDONE{tail}"));
        assert!(matches!(got, Command::Opening { step: s, arg: Some(3), .. } if s == step));
    }
}

#[test]
fn yixin_commands() {
    assert_eq!(
        one("yxboard\n7,7,1\n8,8,2\ndone"),
        Command::YxBoard(vec![s(7, 7, Some(Field::Own)), s(8, 8, Some(Field::Opponent))])
    );
    assert_eq!(
        one("yxhashdump\n/tmp/hash file.bin"),
        Command::YxPath { kind: YxPathKind::HashDump, path: "/tmp/hash file.bin".into() }
    );
    assert_eq!(
        one("YXHASHLOAD /tmp/h"),
        Command::YxPath { kind: YxPathKind::HashLoad, path: "/tmp/h".into() }
    );
    assert_eq!(one("yxnbest 5"), Command::YxNbest(5));
    assert_eq!(one("yxbalanceone"), Command::YxBalanceOne(0));
    assert_eq!(one("yxbalancetwo -30"), Command::YxBalanceTwo(-30));
    assert_eq!(one("yxblock\n7,7\ndone"), Command::YxBlock(vec![s(7, 7, None)]));
    assert_eq!(one("yxblockundo\n7,7\ndone"), Command::YxBlockUndo(vec![s(7, 7, None)]));
    assert_eq!(
        one("yxblockpath\n7,7\n8,8\ndone"),
        Command::YxBlockPath(vec![s(7, 7, None), s(8, 8, None)])
    );
    assert_eq!(one("yxblockpathundo\ndone"), Command::YxBlockPathUndo(vec![]));
    assert_eq!(one("yxforbid add 7 8 1"), Command::YxForbid { add: true, point: p(7, 8), flag: 1 });
    assert!(run("yxforbid add 7 8 2").first().is_some_and(Result::is_err));
    assert_eq!(one("yxswap2step2"), Command::YxSwap2Step(2));
    assert_eq!(
        one("yxsoosorvstep1"),
        Command::YxSoosorvStep { step: 1, arg: None, stones: vec![] }
    );
    assert_eq!(
        one("yxsoosorvstep5 3\n7,7\n8,8\n9,9\n6,6\ndone"),
        Command::YxSoosorvStep {
            step: 5,
            arg: Some(3),
            stones: vec![s(7, 7, None), s(8, 8, None), s(9, 9, None), s(6, 6, None)]
        }
    );
    assert_eq!(
        one("yxquerydatabaseall\n7,7\ndone"),
        Command::YxDatabase {
            word: "yxquerydatabaseall".into(),
            args: String::new(),
            stones: vec![s(7, 7, None)]
        }
    );
}

#[test]
fn unknown_commands_keep_the_line() {
    assert_eq!(one("  FooBar 1 2  "), Command::Unknown("FooBar 1 2".into()));
    assert_eq!(one("DONE"), Command::Unknown("DONE".into()));
    assert_eq!(one("7,7,1"), Command::Unknown("7,7,1".into()));
    assert_eq!(one("RIFSTEP9"), Command::Unknown("RIFSTEP9".into()));
}
