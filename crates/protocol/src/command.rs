//! Manager → brain commands and how they are written.

use std::fmt;

use renzoku_rules::Point;

use crate::info::Info;
use crate::opening::OpeningStep;
use crate::stone::Stone;
use crate::text::join_points;

/// Yixin commands that take a file path (on the next line, as Yixin-Board sends them, or on the
/// same line, as Rapfi also accepts).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum YxPathKind {
    HashDump,
    HashLoad,
    SetDatabase,
    DbToPos,
    DbToTxt,
    TxtToDb,
}

impl YxPathKind {
    pub const ALL: [YxPathKind; 6] = [
        YxPathKind::HashDump,
        YxPathKind::HashLoad,
        YxPathKind::SetDatabase,
        YxPathKind::DbToPos,
        YxPathKind::DbToTxt,
        YxPathKind::TxtToDb,
    ];

    pub const fn word(self) -> &'static str {
        match self {
            YxPathKind::HashDump => "yxhashdump",
            YxPathKind::HashLoad => "yxhashload",
            YxPathKind::SetDatabase => "yxsetdatabase",
            YxPathKind::DbToPos => "yxdbtopos",
            YxPathKind::DbToTxt => "yxdbtotxt",
            YxPathKind::TxtToDb => "yxtxttodb",
        }
    }
}

/// Yixin database commands followed by a move block. Renzoku has no opening database; the
/// parser still reads their blocks so the stream stays in sync.
pub(crate) const YX_DATABASE_BLOCK_WORDS: [&str; 11] = [
    "yxquerydatabaseall",
    "yxquerydatabaseallt",
    "yxquerydatabaseone",
    "yxquerydatabasetext",
    "yxeditlabeldatabase",
    "yxedittvddatabase",
    "yxedittextdatabase",
    "yxdeletedatabaseone",
    "yxdeletedatabaseall",
    "yxsetbestmovedatabase",
    "yxclearbestmovedatabase",
];

/// One command from a manager or GUI.
///
/// Block commands hold their lines as [`Stone`]s; whether the `field` is required is decided by
/// the parser per command (`BOARD` and `yxboard` require it, move blocks accept both shapes).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    // Official Gomocup.
    /// `START n`.
    Start(u32),
    /// `RECTSTART w,h`.
    RectStart {
        width: u32,
        height: u32,
    },
    Restart,
    Begin,
    Turn(Point),
    /// `BOARD` + `x,y,f` lines + `DONE`.
    Board(Vec<Stone>),
    Info(Info),
    End,
    About,
    Takeback(Point),
    Play(Point),
    /// `SWAP2BOARD` + 0, 3 or 5 lines + `DONE`.
    Swap2Board(Vec<Stone>),

    // Extended Gomocup (AlphaGomoku document §3).
    /// `PONDER [ms]`; `None` or negative = until STOP.
    Ponder(Option<i64>),
    Stop,
    /// `BALANCE n` + board lines + `DONE`.
    Balance {
        count: u32,
        stones: Vec<Stone>,
    },
    /// `SHOWFORBID` + board lines + `DONE`.
    ShowForbid(Vec<Stone>),
    ClearHash,
    ProtocolVersion,
    /// Any opening step command: `<WORD> [n]`, stone lines, `DONE` (or `PLAY`), and for the
    /// steps that offer fifth moves a line of candidates (never empty there, empty otherwise).
    Opening {
        step: OpeningStep,
        arg: Option<u32>,
        stones: Vec<Stone>,
        candidates: Vec<Point>,
    },

    // Yixin-Board dialect.
    /// Lower-case `start N`, `start W H` or `start W,H`: switches the brain to Yixin mode.
    YxStart {
        width: u32,
        height: u32,
    },
    YxBoard(Vec<Stone>),
    YxStop,
    YxShowForbid,
    YxShowInfo,
    YxHashClear,
    YxShowHashUsage,
    YxPath {
        kind: YxPathKind,
        path: String,
    },
    YxNbest(u32),
    /// `yxbalanceone [bias]`, bias 0 when absent.
    YxBalanceOne(i64),
    YxBalanceTwo(i64),
    YxSearchDefend,
    YxBlock(Vec<Stone>),
    YxBlockUndo(Vec<Stone>),
    YxBlockReset,
    YxBlockPath(Vec<Stone>),
    YxBlockPathUndo(Vec<Stone>),
    YxBlockPathReset,
    /// `yxforbid add|del r c s`.
    YxForbid {
        add: bool,
        point: Point,
        flag: u8,
    },
    /// `yxswap2step1`..`yxswap2step3` (the position comes from a preceding `yxboard`).
    YxSwap2Step(u8),
    /// `yxsoosorvstep1` (no block) and `yxsoosorvstep2..6 [n]` + move block.
    YxSoosorvStep {
        step: u8,
        arg: Option<u32>,
        stones: Vec<Stone>,
    },
    /// A Yixin database command with its move block (word in lower case, `args` the rest of the
    /// first line).
    YxDatabase {
        word: String,
        args: String,
        stones: Vec<Stone>,
    },

    /// Anything else: the trimmed line as received, to be answered with `UNKNOWN <line>`.
    Unknown(String),
}

fn write_block(f: &mut fmt::Formatter<'_>, head: &str, stones: &[Stone], end: &str) -> fmt::Result {
    write!(f, "{head}")?;
    for stone in stones {
        write!(f, "\n{stone}")?;
    }
    write!(f, "\n{end}")
}

fn with_arg<T: fmt::Display>(word: &str, arg: Option<T>) -> String {
    match arg {
        Some(arg) => format!("{word} {arg}"),
        None => word.to_owned(),
    }
}

impl fmt::Display for Command {
    /// Block commands are written as several lines joined by `\n`, without a final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Start(size) => write!(f, "START {size}"),
            Command::RectStart { width, height } => write!(f, "RECTSTART {width},{height}"),
            Command::Restart => write!(f, "RESTART"),
            Command::Begin => write!(f, "BEGIN"),
            Command::Turn(p) => write!(f, "TURN {p}"),
            Command::Board(stones) => write_block(f, "BOARD", stones, "DONE"),
            Command::Info(info) => write!(f, "{info}"),
            Command::End => write!(f, "END"),
            Command::About => write!(f, "ABOUT"),
            Command::Takeback(p) => write!(f, "TAKEBACK {p}"),
            Command::Play(p) => write!(f, "PLAY {p}"),
            Command::Swap2Board(stones) => write_block(f, "SWAP2BOARD", stones, "DONE"),
            Command::Ponder(ms) => write!(f, "{}", with_arg("PONDER", *ms)),
            Command::Stop => write!(f, "STOP"),
            Command::Balance { count, stones } => {
                write_block(f, &format!("BALANCE {count}"), stones, "DONE")
            }
            Command::ShowForbid(stones) => write_block(f, "SHOWFORBID", stones, "DONE"),
            Command::ClearHash => write!(f, "CLEARHASH"),
            Command::ProtocolVersion => write!(f, "PROTOCOLVERSION"),
            Command::Opening { step, arg, stones, candidates } => {
                let head = with_arg(&step.to_string(), *arg);
                write_block(f, &head, stones, step.terminator())?;
                if step.expects_candidates() {
                    write!(f, "\n{}", join_points(candidates))?;
                }
                Ok(())
            }
            Command::YxStart { width, height } if width == height => write!(f, "start {width}"),
            Command::YxStart { width, height } => write!(f, "start {width} {height}"),
            Command::YxBoard(stones) => write_block(f, "yxboard", stones, "done"),
            Command::YxStop => write!(f, "yxstop"),
            Command::YxShowForbid => write!(f, "yxshowforbid"),
            Command::YxShowInfo => write!(f, "yxshowinfo"),
            Command::YxHashClear => write!(f, "yxhashclear"),
            Command::YxShowHashUsage => write!(f, "yxshowhashusage"),
            Command::YxPath { kind, path } => write!(f, "{}\n{path}", kind.word()),
            Command::YxNbest(n) => write!(f, "yxnbest {n}"),
            Command::YxBalanceOne(bias) => write!(f, "yxbalanceone {bias}"),
            Command::YxBalanceTwo(bias) => write!(f, "yxbalancetwo {bias}"),
            Command::YxSearchDefend => write!(f, "yxsearchdefend"),
            Command::YxBlock(stones) => write_block(f, "yxblock", stones, "done"),
            Command::YxBlockUndo(stones) => write_block(f, "yxblockundo", stones, "done"),
            Command::YxBlockReset => write!(f, "yxblockreset"),
            Command::YxBlockPath(stones) => write_block(f, "yxblockpath", stones, "done"),
            Command::YxBlockPathUndo(stones) => write_block(f, "yxblockpathundo", stones, "done"),
            Command::YxBlockPathReset => write!(f, "yxblockpathreset"),
            Command::YxForbid { add, point, flag } => {
                let verb = if *add { "add" } else { "del" };
                write!(f, "yxforbid {verb} {} {} {flag}", point.x, point.y)
            }
            Command::YxSwap2Step(step) => write!(f, "yxswap2step{step}"),
            Command::YxSoosorvStep { step, arg, stones } => {
                let head = with_arg(&format!("yxsoosorvstep{step}"), *arg);
                if *step == 1 { write!(f, "{head}") } else { write_block(f, &head, stones, "done") }
            }
            Command::YxDatabase { word, args, stones } => {
                let head = if args.is_empty() { word.clone() } else { format!("{word} {args}") };
                write_block(f, &head, stones, "done")
            }
            Command::Unknown(line) => write!(f, "{line}"),
        }
    }
}
