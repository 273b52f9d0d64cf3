//! Reply parsing of the shapes real engines send.

use renzoku_protocol::{
    Ev, ForbidFormat, Point, Realtime, Reply, Tenths, YxOpeningMessage, YxOpeningRule, parse_reply,
};

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn moves_and_simple_replies() {
    assert_eq!(parse_reply("7,8\r\n"), Ok(Reply::Move(p(7, 8))));
    assert_eq!(parse_reply(" 7 ,8 "), Ok(Reply::Move(p(7, 8))));
    assert_eq!(parse_reply("7,7 8,8 9,9"), Ok(Reply::Moves(vec![p(7, 7), p(8, 8), p(9, 9)])));
    assert_eq!(
        parse_reply("7,7 8,8 9,9 4"),
        Ok(Reply::MovesWithCount { moves: vec![p(7, 7), p(8, 8), p(9, 9)], count: 4 })
    );
    assert_eq!(parse_reply("ok"), Ok(Reply::Ok));
    assert_eq!(parse_reply("SWAP"), Ok(Reply::Swap));
    assert_eq!(parse_reply("suggest 3,4"), Ok(Reply::Suggest(p(3, 4))));
    assert_eq!(parse_reply("ERROR bad size"), Ok(Reply::Error("bad size".into())));
    assert_eq!(parse_reply("UNKNOWN"), Ok(Reply::Unknown(String::new())));
    assert_eq!(parse_reply("DEBUG x"), Ok(Reply::Debug("x".into())));
    assert_eq!(parse_reply("MESSAGE hello  world"), Ok(Reply::Message("hello  world".into())));
    assert!(parse_reply("").is_err());
    assert!(parse_reply("7,7 junk").is_err());
    assert!(parse_reply("OK then").is_err());
}

#[test]
fn forbid_in_both_formats() {
    assert_eq!(
        parse_reply("FORBID 09121011."),
        Ok(Reply::Forbid { points: vec![p(9, 12), p(10, 11)], format: ForbidFormat::Yixin })
    );
    assert_eq!(
        parse_reply("FORBID ."),
        Ok(Reply::Forbid { points: vec![], format: ForbidFormat::Yixin })
    );
    assert_eq!(
        parse_reply("FORBID 5,4 8,7 10,11"),
        Ok(Reply::Forbid {
            points: vec![p(5, 4), p(8, 7), p(10, 11)],
            format: ForbidFormat::Gomocup
        })
    );
    assert_eq!(
        parse_reply("FORBID"),
        Ok(Reply::Forbid { points: vec![], format: ForbidFormat::Gomocup })
    );
    assert!(parse_reply("FORBID 091.").is_err());
}

#[test]
fn about_line() {
    let line = r#"name="Renzoku", version="0.1.0", author="The Renzoku developers", country="CZ""#;
    let Ok(Reply::About(about)) = parse_reply(line) else {
        panic!("about not parsed");
    };
    assert_eq!(about.get("name"), Some("Renzoku"));
    assert_eq!(about.get("country"), Some("CZ"));
    assert_eq!(Reply::About(about).to_string(), line);
}

#[test]
fn summary_and_yixin_messages() {
    let Ok(Reply::Summary(s)) = parse_reply(
        "MESSAGE depth 1-17 ev W5 winrate 100.0 drawrate 0.0 n 1234567 n/s 812345 tm 1519 pv Xh8 Oi9",
    ) else {
        panic!("summary not parsed");
    };
    assert_eq!(s.ev, Ev::Win(5));
    assert_eq!(s.winrate, Tenths(1000));
    assert_eq!(s.pv.len(), 2);
    // Rapfi's own "depth" message is not AlphaGomoku's: it stays free text.
    assert!(matches!(
        parse_reply("MESSAGE depth 12-18 ev 35 n 1.2M n/ms 900 tm 1300 pv H8 I9"),
        Ok(Reply::Message(_))
    ));
    assert_eq!(
        parse_reply("MESSAGE REALTIME LOSE 7,7"),
        Ok(Reply::Realtime(Realtime::Lost(p(7, 7))))
    );
    assert_eq!(
        parse_reply("MESSAGE SWAP2 MOVE4 7 8"),
        Ok(Reply::YxOpening(YxOpeningMessage::Move {
            rule: YxOpeningRule::Swap2,
            index: 4,
            point: p(7, 8),
            count: None
        }))
    );
    assert_eq!(
        parse_reply("MESSAGE SOOSORV SWAP1 Yes"),
        Ok(Reply::YxOpening(YxOpeningMessage::Swap {
            rule: YxOpeningRule::Soosorv,
            stage: 1,
            yes: true
        }))
    );
    assert_eq!(parse_reply("MESSAGE INFO MAX_THREAD_NUM 2"), Ok(Reply::MaxThreadNum(2)));
    assert_eq!(
        parse_reply("INFO PV DONE"),
        Ok(Reply::Detail { key: "PV".into(), value: "DONE".into() })
    );
}
