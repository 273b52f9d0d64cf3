//! Property tests: whatever one side formats, the other side parses back to the same value.

use proptest::collection::vec;
use proptest::prelude::*;
use renzoku_protocol::{
    About, Command, CommandParser, Ev, Field, ForbidFormat, Info, IntKey, OpeningStep, Point,
    PvMove, Realtime, Reply, SearchSummary, Stone, Tenths, YxOpeningMessage, YxOpeningRule,
    YxPathKind, parse_reply,
};
use renzoku_rules::Color;

fn point() -> impl Strategy<Value = Point> {
    (0u8..=255, 0u8..=255).prop_map(|(x, y)| Point::new(x, y))
}

fn small_point() -> impl Strategy<Value = Point> {
    (0u8..32, 0u8..32).prop_map(|(x, y)| Point::new(x, y))
}

fn field() -> impl Strategy<Value = Field> {
    prop_oneof![Just(Field::Own), Just(Field::Opponent), Just(Field::Wall)]
}

fn stones(field_required: bool) -> impl Strategy<Value = Vec<Stone>> {
    let f = if field_required {
        field().prop_map(Some).boxed()
    } else {
        proptest::option::of(field()).boxed()
    };
    vec((point(), f).prop_map(|(p, f)| Stone::new(p, f)), 0..12)
}

/// Trimmed, non-empty text without line breaks.
fn word_text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_./:\\\\-]{1,12}( [A-Za-z0-9_./:-]{1,12}){0,3}"
}

fn info() -> impl Strategy<Value = Info> {
    prop_oneof![
        (proptest::sample::select(IntKey::ALL.to_vec()), any::<i64>())
            .prop_map(|(k, v)| Info::Int(k, v)),
        proptest::option::of(word_text()).prop_map(|t| Info::Folder(t.unwrap_or_default())),
        vec(point(), 0..5).prop_map(Info::Evaluate),
        ("zz_[a-z_]{1,10}", proptest::option::of(word_text()))
            .prop_map(|(key, value)| { Info::Unknown { key, value: value.unwrap_or_default() } }),
    ]
}

fn opening() -> impl Strategy<Value = Command> {
    (
        proptest::sample::select(OpeningStep::all()),
        proptest::option::of(any::<u32>()),
        stones(false),
        vec(point(), 1..6),
    )
        .prop_map(|(step, arg, mut stones, candidates)| {
            if step.expects_candidates() {
                // Four stones precede the offer; stone lines past them are read as candidates.
                stones.truncate(4);
            }
            Command::Opening {
                step,
                arg,
                stones,
                candidates: if step.expects_candidates() { candidates } else { Vec::new() },
            }
        })
}

fn yixin() -> impl Strategy<Value = Command> {
    prop_oneof![
        (any::<u32>(), any::<u32>()).prop_map(|(width, height)| Command::YxStart { width, height }),
        stones(true).prop_map(Command::YxBoard),
        Just(Command::YxStop),
        Just(Command::YxShowForbid),
        Just(Command::YxShowInfo),
        Just(Command::YxHashClear),
        Just(Command::YxShowHashUsage),
        (proptest::sample::select(YxPathKind::ALL.to_vec()), "[A-Za-z0-9_./:-]{1,20}")
            .prop_map(|(kind, path)| Command::YxPath { kind, path }),
        any::<u32>().prop_map(Command::YxNbest),
        any::<i64>().prop_map(Command::YxBalanceOne),
        any::<i64>().prop_map(Command::YxBalanceTwo),
        Just(Command::YxSearchDefend),
        stones(false).prop_map(Command::YxBlock),
        stones(false).prop_map(Command::YxBlockUndo),
        Just(Command::YxBlockReset),
        stones(false).prop_map(Command::YxBlockPath),
        stones(false).prop_map(Command::YxBlockPathUndo),
        Just(Command::YxBlockPathReset),
        (any::<bool>(), point(), 0u8..=1).prop_map(|(add, point, flag)| Command::YxForbid {
            add,
            point,
            flag
        }),
        (1u8..=3).prop_map(Command::YxSwap2Step),
        (1u8..=6, proptest::option::of(any::<u32>()), stones(false)).prop_map(
            |(step, arg, stones)| Command::YxSoosorvStep {
                step,
                arg,
                stones: if step == 1 { Vec::new() } else { stones },
            }
        ),
        (
            proptest::sample::select(vec!["yxquerydatabaseall", "yxedittvddatabase"]),
            proptest::option::of("[0-9]{1,3}( [0-9]{1,3}){0,3}"),
            stones(false)
        )
            .prop_map(|(word, args, stones)| Command::YxDatabase {
                word: word.to_owned(),
                args: args.unwrap_or_default(),
                stones,
            }),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        any::<u32>().prop_map(Command::Start),
        (any::<u32>(), any::<u32>())
            .prop_map(|(width, height)| Command::RectStart { width, height }),
        Just(Command::Restart),
        Just(Command::Begin),
        point().prop_map(Command::Turn),
        stones(true).prop_map(Command::Board),
        info().prop_map(Command::Info),
        Just(Command::End),
        Just(Command::About),
        point().prop_map(Command::Takeback),
        point().prop_map(Command::Play),
        stones(false).prop_map(Command::Swap2Board),
        proptest::option::of(any::<i64>()).prop_map(Command::Ponder),
        Just(Command::Stop),
        (any::<u32>(), stones(false))
            .prop_map(|(count, stones)| Command::Balance { count, stones }),
        stones(false).prop_map(Command::ShowForbid),
        Just(Command::ClearHash),
        Just(Command::ProtocolVersion),
        opening(),
        yixin(),
        "zz[A-Za-z0-9]{0,8}( [ -~]{0,20})?".prop_map(|s| Command::Unknown(s.trim().to_owned())),
    ]
}

/// Feeds every line of a formatted command and returns what came out.
fn parse_all(text: &str) -> Vec<Result<Option<Command>, String>> {
    let mut parser = CommandParser::new();
    let mut out: Vec<_> =
        text.split('\n').map(|line| parser.feed(line).map_err(|e| e.to_string())).collect();
    out.retain(|r| !matches!(r, Ok(None)));
    assert!(!parser.in_block(), "parser still inside a block after {text:?}");
    out
}

fn summary() -> impl Strategy<Value = SearchSummary> {
    let ev = prop_oneof![
        (0u32..=1000).prop_map(|t| Ev::Expected(Tenths(t))),
        any::<u32>().prop_map(Ev::Loss),
        proptest::option::of(any::<u32>()).prop_map(Ev::Draw),
        any::<u32>().prop_map(Ev::Win),
    ];
    let pv_move = (any::<bool>(), small_point()).prop_map(|(black, point)| PvMove {
        color: if black { Color::Black } else { Color::White },
        point,
    });
    (
        (any::<u32>(), any::<u32>(), ev, 0u32..=1000, 0u32..=1000),
        (any::<u64>(), any::<u64>(), any::<u64>(), vec(pv_move, 0..10)),
    )
        .prop_map(|((depth_min, depth_max, ev, w, d), (nodes, nps, time_ms, pv))| {
            SearchSummary {
                depth_min,
                depth_max,
                ev,
                winrate: Tenths(w),
                drawrate: Tenths(d),
                nodes,
                nps,
                time_ms,
                pv,
            }
        })
}

fn yx_opening() -> impl Strategy<Value = YxOpeningMessage> {
    let rule = prop_oneof![Just(YxOpeningRule::Swap2), Just(YxOpeningRule::Soosorv)];
    (rule, 1u8..=5, small_point(), proptest::option::of(any::<u32>()), 1u8..=2, any::<bool>(), 0..4)
        .prop_map(|(rule, index, point, count, stage, yes, kind)| match kind {
            0 => YxOpeningMessage::Move { rule, index, point, count },
            1 => YxOpeningMessage::Swap { rule, stage, yes },
            2 => YxOpeningMessage::Move5Refresh(rule),
            _ => YxOpeningMessage::Move5Chosen { rule, point },
        })
}

fn realtime() -> impl Strategy<Value = Realtime> {
    prop_oneof![
        Just(Realtime::Refresh),
        point().prop_map(Realtime::Pos),
        point().prop_map(Realtime::Done),
        point().prop_map(Realtime::Best),
        point().prop_map(Realtime::Lost),
        any::<i64>().prop_map(Realtime::Val),
        proptest::option::of(word_text()).prop_map(|t| Realtime::Pv(t.unwrap_or_default())),
    ]
}

/// Free text that is not one of the typed MESSAGE forms.
fn free_text() -> impl Strategy<Value = String> {
    proptest::option::of("note[ -~]{0,40}")
        .prop_map(|t| t.map(|s| s.trim().to_owned()).unwrap_or_default())
}

fn reply() -> impl Strategy<Value = Reply> {
    prop_oneof![
        point().prop_map(Reply::Move),
        vec(point(), 2..8).prop_map(Reply::Moves),
        (vec(point(), 1..5), any::<u32>())
            .prop_map(|(moves, count)| Reply::MovesWithCount { moves, count }),
        Just(Reply::Ok),
        Just(Reply::Swap),
        free_text().prop_map(Reply::Error),
        free_text().prop_map(Reply::Unknown),
        free_text().prop_map(Reply::Message),
        free_text().prop_map(Reply::Debug),
        point().prop_map(Reply::Suggest),
        vec(point(), 0..8)
            .prop_map(|points| Reply::Forbid { points, format: ForbidFormat::Gomocup }),
        vec(small_point(), 0..8)
            .prop_map(|points| Reply::Forbid { points, format: ForbidFormat::Yixin }),
        vec(("[a-z_]{1,8}", "[ -!#-~]{0,20}"), 1..6)
            .prop_map(|fields| Reply::About(About { fields })),
        summary().prop_map(Reply::Summary),
        realtime().prop_map(Reply::Realtime),
        yx_opening().prop_map(Reply::YxOpening),
        any::<u32>().prop_map(Reply::MaxThreadNum),
        any::<u32>().prop_map(Reply::MaxHashSize),
        ("[A-Z]{1,10}", proptest::option::of(word_text()))
            .prop_map(|(key, value)| { Reply::Detail { key, value: value.unwrap_or_default() } }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn commands_read_back(cmd in command()) {
        let text = cmd.to_string();
        prop_assert_eq!(parse_all(&text), vec![Ok(Some(cmd))], "text: {:?}", text);
    }

    #[test]
    fn commands_read_back_in_any_case_with_crlf_and_blanks(cmd in command(), upper in any::<bool>()) {
        // Yixin's lower-case `start` is case-significant, and unknown lines are echoed verbatim.
        prop_assume!(!matches!(cmd, Command::Start(_) | Command::YxStart { .. } | Command::Unknown(_) | Command::YxPath { .. }));
        prop_assume!(!matches!(&cmd, Command::Info(Info::Folder(_) | Info::Unknown { .. })));
        let text = cmd.to_string();
        let cased = if upper { text.to_ascii_uppercase() } else { text.to_ascii_lowercase() };
        let noisy: Vec<String> = cased.split('\n').map(|l| format!("  {l} \r\n\r\n")).collect();
        let mut parser = CommandParser::new();
        let mut out = Vec::new();
        for line in &noisy {
            for piece in line.split('\n') {
                match parser.feed(piece) {
                    Ok(Some(c)) => out.push(c),
                    Ok(None) => {}
                    Err(e) => return Err(TestCaseError::fail(e.to_string())),
                }
            }
        }
        prop_assert_eq!(out, vec![cmd], "text: {:?}", noisy);
    }

    #[test]
    fn replies_read_back(r in reply()) {
        let text = r.to_string();
        prop_assert!(!text.contains('\n'));
        prop_assert_eq!(parse_reply(&text), Ok(r), "text: {:?}", text);
    }

    #[test]
    fn a_sequence_of_commands_reads_back_in_order(cmds in vec(command(), 1..8)) {
        let text: Vec<String> = cmds.iter().map(ToString::to_string).collect();
        let got: Vec<_> = parse_all(&text.join("\n"));
        let want: Vec<_> = cmds.into_iter().map(|c| Ok(Some(c))).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn arbitrary_lines_never_panic_and_never_lose_sync(lines in vec("[ -~\\t\\r\\u{80}-\\u{10FFFF}]{0,40}", 0..20)) {
        let mut parser = CommandParser::new();
        for line in &lines {
            let _ = parser.feed(line);
            while parser.resume().is_some() {}
            let _ = parse_reply(line);
        }
        let _ = parser.finish();
        // After end of input and a fresh start, a valid command always parses.
        prop_assert_eq!(parser.feed("BEGIN"), Ok(Some(Command::Begin)));
    }
}

proptest! {
    /// `INFO EVAL` values and Rapfi's `ev`: what `LineEval` writes it reads back.
    #[test]
    fn line_eval_round_trips(kind in 0u8..3, v in any::<i32>(), n in any::<u32>()) {
        use renzoku_protocol::LineEval;
        let eval = match kind {
            0 => LineEval::Value(v),
            1 => LineEval::MateIn(n),
            _ => LineEval::MatedIn(n),
        };
        prop_assert_eq!(LineEval::parse(&eval.to_string()), Ok(eval));
    }

    /// Any text: an evaluation or an error, never a panic.
    #[test]
    fn line_eval_parse_never_panics(text in "\\PC{0,16}") {
        let _ = renzoku_protocol::LineEval::parse(&text);
    }

    /// `INFO BESTLINE` lists: what `join` writes `parse_points` reads back.
    #[test]
    fn point_lists_round_trip(points in vec(point(), 0..10)) {
        let text: Vec<String> = points.iter().map(ToString::to_string).collect();
        prop_assert_eq!(renzoku_protocol::parse_points(&text.join(" ")), Ok(points));
    }
}
