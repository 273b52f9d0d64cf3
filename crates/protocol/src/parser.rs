//! The stateful, line-oriented command parser.
//!
//! Blocks (`BOARD` … `DONE` and friends) span several lines, so the parser keeps the block being
//! read. A bad line inside a block spoils only that block: the error is reported at its `DONE`,
//! and a line that starts with a command word ends the block early (the block is reported bad and
//! the command is kept for [`CommandParser::resume`]), so one lost `DONE` never swallows the rest
//! of the session.

use renzoku_rules::Point;

use crate::command::{Command, YX_DATABASE_BLOCK_WORDS, YxPathKind};
use crate::error::ParseError;
use crate::info::Info;
use crate::opening::OpeningStep;
use crate::stone::Stone;
use crate::text::{excerpt, parse_i64, parse_point, parse_points, parse_u32, split_word};

/// More lines than any board has squares: a block this long is junk, and is not stored.
const MAX_BLOCK_LINES: usize = 32 * 32;

/// The stones before the offered fifth moves (RIFSTEP5, YAMAGUCHISTEP5, SOOSYRVSTEP6,
/// TARAGUCHISTEP4).
const OFFER_STONES: usize = 4;

/// Command words without arguments or blocks (upper case), with their command.
const SIMPLE: [(&str, Command); 15] = [
    ("RESTART", Command::Restart),
    ("BEGIN", Command::Begin),
    ("END", Command::End),
    ("ABOUT", Command::About),
    ("STOP", Command::Stop),
    ("CLEARHASH", Command::ClearHash),
    ("PROTOCOLVERSION", Command::ProtocolVersion),
    ("YXSTOP", Command::YxStop),
    ("YXSHOWFORBID", Command::YxShowForbid),
    ("YXSHOWINFO", Command::YxShowInfo),
    ("YXHASHCLEAR", Command::YxHashClear),
    ("YXSHOWHASHUSAGE", Command::YxShowHashUsage),
    ("YXSEARCHDEFEND", Command::YxSearchDefend),
    ("YXBLOCKRESET", Command::YxBlockReset),
    ("YXBLOCKPATHRESET", Command::YxBlockPathReset),
];

/// Command words with arguments (upper case); together with [`SIMPLE`], the opening steps and the
/// database words, the words that can end a block early.
const WITH_ARGUMENTS: [&str; 26] = [
    "START",
    "RECTSTART",
    "TURN",
    "BOARD",
    "INFO",
    "TAKEBACK",
    "PLAY",
    "SWAP2BOARD",
    "PONDER",
    "BALANCE",
    "SHOWFORBID",
    "YXBOARD",
    "YXNBEST",
    "YXBALANCEONE",
    "YXBALANCETWO",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKPATH",
    "YXBLOCKPATHUNDO",
    "YXFORBID",
    "YXSWAP2STEP1",
    "YXSWAP2STEP2",
    "YXSWAP2STEP3",
    "YXSOOSORVSTEP1",
    "YXSOOSORVSTEP2",
    "YXSOOSORVSTEP3",
];

/// Whether `word` (any case) starts a command this parser knows.
pub(crate) fn is_command_word(word: &str) -> bool {
    let upper = word.to_ascii_uppercase();
    let lower = word.to_ascii_lowercase();
    SIMPLE.iter().any(|(w, _)| *w == upper)
        || WITH_ARGUMENTS.contains(&upper.as_str())
        || matches!(upper.as_str(), "YXSOOSORVSTEP4" | "YXSOOSORVSTEP5" | "YXSOOSORVSTEP6")
        || YxPathKind::ALL.iter().any(|k| k.word() == lower)
        || YX_DATABASE_BLOCK_WORDS.contains(&lower.as_str())
        || OpeningStep::from_word(&upper).is_some()
}

/// What a block becomes when its `DONE` arrives.
#[derive(Debug)]
enum Head {
    Board,
    YxBoard,
    Swap2Board,
    ShowForbid,
    Balance(u32),
    Opening { step: OpeningStep, arg: Option<u32> },
    YxBlock,
    YxBlockUndo,
    YxBlockPath,
    YxBlockPathUndo,
    YxSoosorv { step: u8, arg: Option<u32> },
    YxDatabase { word: String, args: String },
}

impl Head {
    fn name(&self) -> String {
        match self {
            Head::Board => "BOARD".into(),
            Head::YxBoard => "yxboard".into(),
            Head::Swap2Board => "SWAP2BOARD".into(),
            Head::ShowForbid => "SHOWFORBID".into(),
            Head::Balance(_) => "BALANCE".into(),
            Head::Opening { step, .. } => step.to_string(),
            Head::YxBlock => "yxblock".into(),
            Head::YxBlockUndo => "yxblockundo".into(),
            Head::YxBlockPath => "yxblockpath".into(),
            Head::YxBlockPathUndo => "yxblockpathundo".into(),
            Head::YxSoosorv { step, .. } => format!("yxsoosorvstep{step}"),
            Head::YxDatabase { word, .. } => word.clone(),
        }
    }

    /// `BOARD` and `yxboard` lines must say whose stone it is; move blocks may omit it.
    fn field_required(&self) -> bool {
        matches!(self, Head::Board | Head::YxBoard)
    }

    fn expects_candidates(&self) -> bool {
        matches!(self, Head::Opening { step, .. } if step.expects_candidates())
    }

    fn build(self, stones: Vec<Stone>, candidates: Vec<Point>) -> Command {
        match self {
            Head::Board => Command::Board(stones),
            Head::YxBoard => Command::YxBoard(stones),
            Head::Swap2Board => Command::Swap2Board(stones),
            Head::ShowForbid => Command::ShowForbid(stones),
            Head::Balance(count) => Command::Balance { count, stones },
            Head::Opening { step, arg } => Command::Opening { step, arg, stones, candidates },
            Head::YxBlock => Command::YxBlock(stones),
            Head::YxBlockUndo => Command::YxBlockUndo(stones),
            Head::YxBlockPath => Command::YxBlockPath(stones),
            Head::YxBlockPathUndo => Command::YxBlockPathUndo(stones),
            Head::YxSoosorv { step, arg } => Command::YxSoosorvStep { step, arg, stones },
            Head::YxDatabase { word, args } => Command::YxDatabase { word, args, stones },
        }
    }
}

#[derive(Debug)]
struct Block {
    head: Head,
    stones: Vec<Stone>,
    /// Offered fifth moves read so far (candidate steps only).
    candidates: Vec<Point>,
    /// The first thing wrong with the block; the block keeps being read to its `DONE`.
    error: Option<String>,
}

#[derive(Debug, Default)]
enum State {
    #[default]
    Idle,
    Block(Block),
    /// Stones read; the next line holds the offered fifth moves.
    Candidates(Block),
    /// A `yxhashdump`-style command waiting for its path line.
    Path(YxPathKind),
}

/// Reads manager → brain commands line by line. See the module documentation.
#[derive(Debug, Default)]
pub struct CommandParser {
    state: State,
    /// A command line that ended a block early, to be parsed by [`CommandParser::resume`].
    deferred: Option<String>,
}

impl CommandParser {
    pub fn new() -> Self {
        CommandParser::default()
    }

    /// True while inside a multi-line command.
    pub fn in_block(&self) -> bool {
        !matches!(self.state, State::Idle)
    }

    /// Feeds one line (line ending optional; blanks around it ignored).
    ///
    /// `Ok(None)` while a block is being read and for empty lines. After an
    /// [`ParseError::Interrupted`], call [`CommandParser::resume`] to get the interrupting
    /// command; the brain loop can simply call `resume` after every `feed` until it gives `None`.
    pub fn feed(&mut self, line: &str) -> Result<Option<Command>, ParseError> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        match std::mem::take(&mut self.state) {
            State::Idle => self.parse_command(line),
            State::Block(block) => self.block_line(block, line),
            State::Candidates(block) => self.candidate_line(block, line),
            State::Path(kind) => {
                if is_command_word(split_word(line).0) {
                    return Err(self.interrupt(kind.word(), line));
                }
                Ok(Some(Command::YxPath { kind, path: line.to_owned() }))
            }
        }
    }

    /// The result of the command that ended a block early, if any is pending.
    pub fn resume(&mut self) -> Option<Result<Option<Command>, ParseError>> {
        let line = self.deferred.take()?;
        Some(self.feed(&line))
    }

    /// End of input: an unfinished block is an error (and is dropped).
    pub fn finish(&mut self) -> Result<(), ParseError> {
        let command = match std::mem::take(&mut self.state) {
            State::Idle => return Ok(()),
            State::Block(block) | State::Candidates(block) => block.head.name(),
            State::Path(kind) => kind.word().to_owned(),
        };
        Err(ParseError::Truncated { command })
    }

    fn interrupt(&mut self, command: &str, line: &str) -> ParseError {
        self.state = State::Idle;
        self.deferred = Some(line.to_owned());
        ParseError::Interrupted { command: command.to_owned(), by: excerpt(line) }
    }

    fn block_line(&mut self, mut block: Block, line: &str) -> Result<Option<Command>, ParseError> {
        let (word, rest) = split_word(line);
        let upper = word.to_ascii_uppercase();
        let is_end = upper == "DONE" || (upper == "PLAY" && block.head.expects_candidates());
        if is_end && rest.is_empty() {
            if let Some(reason) = block.error {
                return Err(ParseError::BadBlock { command: block.head.name(), reason });
            }
            if block.head.expects_candidates() {
                // Candidates may come inside the block: as one line of several moves, or as
                // move lines after the four stones. Then the block is complete at its end.
                if block.stones.len() > OFFER_STONES {
                    let extra = block.stones.split_off(OFFER_STONES);
                    block.candidates.extend(extra.into_iter().map(|s| s.point));
                }
                if !block.candidates.is_empty() {
                    return Ok(Some(block.head.build(block.stones, block.candidates)));
                }
                self.state = State::Candidates(block);
                return Ok(None);
            }
            return Ok(Some(block.head.build(block.stones, Vec::new())));
        }
        // `PLAY x,y x,y …` or `DONE x,y x,y …` on one line: the terminator and the candidates
        // together.
        if is_end && block.head.expects_candidates() {
            if let Some(reason) = block.error {
                return Err(ParseError::BadBlock { command: block.head.name(), reason });
            }
            return self.candidate_line(block, rest);
        }
        // A line of several moves inside a candidate step's block: the offered fifth moves.
        if block.head.expects_candidates()
            && line.split_whitespace().count() > 1
            && let Ok(points) = parse_point_list(line)
            && points.len() > 1
        {
            if block.error.is_none() {
                block.candidates.extend(points);
            }
            self.state = State::Block(block);
            return Ok(None);
        }
        let starts_like_stone = line.starts_with(|c: char| c.is_ascii_digit() || c == '-');
        if !starts_like_stone && is_command_word(word) {
            return Err(self.interrupt(&block.head.name(), line));
        }
        if block.error.is_none() {
            block.error = Self::check_stone(&block, line).err();
            if let (None, Ok(stone)) = (&block.error, Stone::parse(line)) {
                block.stones.push(stone);
            }
        }
        self.state = State::Block(block);
        Ok(None)
    }

    fn check_stone(block: &Block, line: &str) -> Result<(), String> {
        if block.stones.len() >= MAX_BLOCK_LINES {
            return Err(format!("more than {MAX_BLOCK_LINES} lines"));
        }
        let stone = Stone::parse(line)?;
        if stone.field.is_none() && block.head.field_required() {
            return Err(format!("`{}` has no field (x,y,field)", excerpt(line)));
        }
        Ok(())
    }

    /// The line after a candidate step's block: the offered fifth moves.
    fn candidate_line(
        &mut self,
        mut block: Block,
        line: &str,
    ) -> Result<Option<Command>, ParseError> {
        let name = block.head.name();
        if !line.starts_with(|c: char| c.is_ascii_digit()) && is_command_word(split_word(line).0) {
            return Err(self.interrupt(&name, line));
        }
        match parse_point_list(line) {
            Ok(points) => {
                block.candidates.extend(points);
                Ok(Some(block.head.build(block.stones, block.candidates)))
            }
            Err(reason) => Err(ParseError::BadBlock {
                command: name,
                reason: format!("candidate line: {reason}"),
            }),
        }
    }

    /// Opens a block whose head is already wrong: it is read to its end and reported then.
    fn open_bad(&mut self, head: Head, reason: String) {
        self.state = State::Block(Block {
            head,
            stones: Vec::new(),
            candidates: Vec::new(),
            error: Some(reason),
        });
    }

    fn open(&mut self, head: Head) {
        self.state =
            State::Block(Block { head, stones: Vec::new(), candidates: Vec::new(), error: None });
    }

    fn parse_command(&mut self, line: &str) -> Result<Option<Command>, ParseError> {
        let (word, rest) = split_word(line);
        let upper = word.to_ascii_uppercase();
        let bad = |reason: String| ParseError::BadArguments { command: upper.clone(), reason };
        if let Some((_, command)) = SIMPLE.iter().find(|(w, _)| *w == upper) {
            return Ok(Some(command.clone()));
        }
        let command = match upper.as_str() {
            // Lower-case `start` is how Yixin-Board starts; it may carry two sizes.
            "START" if word == "start" => {
                let (width, height) = parse_yixin_size(rest).map_err(bad)?;
                Command::YxStart { width, height }
            }
            "START" => Command::Start(parse_u32(rest).map_err(bad)?),
            "RECTSTART" => {
                let (w, h) = rest
                    .split_once(',')
                    .ok_or_else(|| bad(format!("`{}` is not w,h", excerpt(rest))))?;
                Command::RectStart {
                    width: parse_u32(w).map_err(bad)?,
                    height: parse_u32(h).map_err(bad)?,
                }
            }
            "TURN" => Command::Turn(parse_point(rest).map_err(bad)?),
            "TAKEBACK" => Command::Takeback(parse_point(rest).map_err(bad)?),
            "PLAY" => Command::Play(parse_point(rest).map_err(bad)?),
            "INFO" => Command::Info(Info::parse(rest).map_err(bad)?),
            "PONDER" => Command::Ponder(optional(rest, parse_i64).map_err(bad)?),
            "YXNBEST" => Command::YxNbest(parse_u32(rest).map_err(bad)?),
            "YXBALANCEONE" => {
                Command::YxBalanceOne(optional(rest, parse_i64).map_err(bad)?.unwrap_or(0))
            }
            "YXBALANCETWO" => {
                Command::YxBalanceTwo(optional(rest, parse_i64).map_err(bad)?.unwrap_or(0))
            }
            "YXFORBID" => parse_yxforbid(rest).map_err(bad)?,
            "YXSWAP2STEP1" => Command::YxSwap2Step(1),
            "YXSWAP2STEP2" => Command::YxSwap2Step(2),
            "YXSWAP2STEP3" => Command::YxSwap2Step(3),
            "YXSOOSORVSTEP1" => Command::YxSoosorvStep {
                step: 1,
                arg: optional(rest, parse_u32).map_err(bad)?,
                stones: Vec::new(),
            },
            _ => return self.parse_block_head(line, word, &upper, rest),
        };
        Ok(Some(command))
    }

    fn parse_block_head(
        &mut self,
        line: &str,
        word: &str,
        upper: &str,
        rest: &str,
    ) -> Result<Option<Command>, ParseError> {
        let bad = |reason: String| ParseError::BadArguments { command: upper.to_owned(), reason };
        let lower = word.to_ascii_lowercase();
        let head = match upper {
            "BOARD" => Head::Board,
            "YXBOARD" => Head::YxBoard,
            "SWAP2BOARD" => Head::Swap2Board,
            "SHOWFORBID" => Head::ShowForbid,
            // A bad number still opens the block, so its stone lines are not taken for
            // commands: the error is reported at its DONE.
            "BALANCE" => match parse_u32(rest) {
                Ok(n) => Head::Balance(n),
                Err(reason) => {
                    self.open_bad(Head::Balance(0), format!("bad number of moves: {reason}"));
                    return Ok(None);
                }
            },
            "YXBLOCK" => Head::YxBlock,
            "YXBLOCKUNDO" => Head::YxBlockUndo,
            "YXBLOCKPATH" => Head::YxBlockPath,
            "YXBLOCKPATHUNDO" => Head::YxBlockPathUndo,
            "YXSOOSORVSTEP2" | "YXSOOSORVSTEP3" | "YXSOOSORVSTEP4" | "YXSOOSORVSTEP5"
            | "YXSOOSORVSTEP6" => Head::YxSoosorv {
                step: upper.as_bytes()[upper.len() - 1] - b'0',
                arg: optional(rest, parse_u32).map_err(bad)?,
            },
            _ => {
                if let Some(kind) = YxPathKind::ALL.into_iter().find(|k| k.word() == lower) {
                    if rest.is_empty() {
                        self.state = State::Path(kind);
                        return Ok(None);
                    }
                    return Ok(Some(Command::YxPath { kind, path: rest.to_owned() }));
                }
                if YX_DATABASE_BLOCK_WORDS.contains(&lower.as_str()) {
                    Head::YxDatabase { word: lower, args: rest.to_owned() }
                } else if let Some(step) = OpeningStep::from_word(upper) {
                    match optional(rest, parse_u32) {
                        Ok(arg) => Head::Opening { step, arg },
                        Err(reason) => {
                            let head = Head::Opening { step, arg: None };
                            self.open_bad(head, format!("bad number: {reason}"));
                            return Ok(None);
                        }
                    }
                } else {
                    return Ok(Some(Command::Unknown(line.to_owned())));
                }
            }
        };
        self.open(head);
        Ok(None)
    }
}

/// Moves separated by blanks, each `x,y` (blanks around the comma allowed, as in stone lines).
fn parse_point_list(text: &str) -> Result<Vec<Point>, String> {
    let mut joined = String::with_capacity(text.len());
    for part in text.split(',') {
        if !joined.is_empty() {
            joined.push(',');
        }
        joined.push_str(part.trim());
    }
    let points = parse_points(&joined)?;
    if points.is_empty() { Err("no moves".to_owned()) } else { Ok(points) }
}

/// An optional single argument: absent when `rest` is empty.
fn optional<T>(rest: &str, parse: fn(&str) -> Result<T, String>) -> Result<Option<T>, String> {
    if rest.is_empty() { Ok(None) } else { parse(rest).map(Some) }
}

/// `N`, `W H` or `W,H` (the AlphaGomoku document writes the comma form).
fn parse_yixin_size(rest: &str) -> Result<(u32, u32), String> {
    let parts: Vec<&str> =
        rest.split(|c: char| c == ',' || c.is_whitespace()).filter(|s| !s.is_empty()).collect();
    match parts.as_slice() {
        [n] => {
            let n = parse_u32(n)?;
            Ok((n, n))
        }
        [w, h] => Ok((parse_u32(w)?, parse_u32(h)?)),
        _ => Err(format!("`{}` is not N or W H", excerpt(rest))),
    }
}

/// `add|del r c s`.
fn parse_yxforbid(rest: &str) -> Result<Command, String> {
    let parts: Vec<&str> = rest.split_whitespace().collect();
    let [verb, x, y, flag] = parts.as_slice() else {
        return Err(format!("`{}` is not add|del r c s", excerpt(rest)));
    };
    let add = match verb.to_ascii_lowercase().as_str() {
        "add" => true,
        "del" => false,
        _ => return Err(format!("`{}` is not add or del", excerpt(verb))),
    };
    let point = parse_point(&format!("{x},{y}"))?;
    let flag = flag
        .parse::<u8>()
        .ok()
        .filter(|f| *f <= 1)
        .ok_or_else(|| format!("`{}` is not 0 or 1", excerpt(flag)))?;
    Ok(Command::YxForbid { add, point, flag })
}
