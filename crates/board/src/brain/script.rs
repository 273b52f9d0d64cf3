//! The commands Yixin-Board sends, as renzoku-protocol values: once at start-up, and before
//! every think (`INFO` limits, `start N`, then `board` for a move or `yxboard` + `yxnbest N` for
//! analysis). Stones are in move order, field 1 for the side to move (Yixin's convention, and
//! Gomocup's "own" since the brain is to move). Opening decisions go as the AlphaGomoku
//! document's commands (`SWAPBOARD`, `SOOSYRVSTEP1..6`: bare `x,y` lines in move order) or the
//! official `SWAP2BOARD`.

use renzoku_protocol::{Command, Field, Info, IntKey, OpeningRule, OpeningStep, Stone};
use renzoku_rules::{Point, Rule};

use crate::opening::Opening;

/// Yixin-Board's "no time limit" (its node levels): Rapfi and pbrain-renzoku then search until
/// `yxstop`, the node limit or a proven result.
const NO_LIMIT_MATCH: i64 = 100_000_000;
const NO_LIMIT_TURN: i64 = 2_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Milliseconds per move.
    Time(u64),
    Nodes(u64),
    Unlimited,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Answer with a move to play.
    Move,
    /// Think with `nbest` lines until stopped.
    Analyse { nbest: u32 },
    /// Propose a balanced continuation: one stone (`yxbalanceone`), or a stone of each colour
    /// (`yxbalancetwo`), after which neither side is better.
    Balance { two: bool },
    /// An opening rule's decision with the brain as the other player (swap, swap2, Soosõrv).
    Opening(Opening),
}

/// One think request, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The page's number for it: its results carry it, so a stale answer is never shown.
    pub id: u64,
    pub rule: Rule,
    pub size: u8,
    pub moves: Vec<Point>,
    pub limit: Limit,
    pub purpose: Purpose,
    /// Root moves the brain must not choose (`yxblock`), e.g. to see the next best ones.
    pub blocked: Vec<Point>,
    /// Soosõrv's step 6: the fifth moves offered to the brain, which picks one.
    pub offers: Vec<Point>,
}

fn info(key: IntKey, value: i64) -> Command {
    Command::Info(Info::Int(key, value))
}

/// What Yixin-Board sends once after starting a brain (`show_detail 3`: realtime and detail
/// lines; `yxshowinfo` puts Rapfi in GUI mode).
pub fn start_up(size: u8) -> Vec<Command> {
    vec![info(IntKey::ShowDetail, 3), Command::YxShowInfo, Command::Start(u32::from(size))]
}

/// The commands of one think. `reset_blocks`: an earlier think blocked moves, so the list is
/// cleared first (it survives `start` in Rapfi and pbrain-renzoku); a Gomocup-only brain never
/// sees a `yx` command unless the page asks for one.
pub fn think(t: &Think, reset_blocks: bool) -> Vec<Command> {
    let size = u32::from(t.size);
    let mut commands = vec![info(IntKey::Rule, i64::from(t.rule.gomocup_code()))];
    if reset_blocks || !t.blocked.is_empty() {
        commands.push(Command::YxBlockReset);
    }
    if !t.blocked.is_empty() {
        commands.push(Command::YxBlock(t.blocked.iter().map(|&p| Stone::new(p, None)).collect()));
    }
    let limit = match t.purpose {
        Purpose::Move | Purpose::Balance { .. } | Purpose::Opening(_) => t.limit,
        Purpose::Analyse { .. } => Limit::Unlimited,
    };
    let saturate = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    match limit {
        Limit::Time(ms) => commands.extend([
            info(IntKey::TimeoutMatch, NO_LIMIT_MATCH),
            info(IntKey::TimeLeft, NO_LIMIT_MATCH),
            info(IntKey::TimeoutTurn, saturate(ms)),
            info(IntKey::MaxNode, -1),
        ]),
        Limit::Nodes(_) | Limit::Unlimited => {
            let nodes = if let Limit::Nodes(n) = limit { saturate(n) } else { -1 };
            commands.extend([
                info(IntKey::MaxNode, nodes),
                info(IntKey::TimeoutMatch, NO_LIMIT_MATCH),
                info(IntKey::TimeLeft, NO_LIMIT_MATCH),
                info(IntKey::TimeoutTurn, NO_LIMIT_TURN),
                info(IntKey::MaxDepth, i64::from(size * size)),
                info(IntKey::TimeIncrement, 0),
            ]);
        }
    }
    commands.push(Command::YxStart { width: size, height: size });
    let to_move = t.moves.len() % 2;
    let stones: Vec<Stone> = t
        .moves
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let field = if i % 2 == to_move { Field::Own } else { Field::Opponent };
            Stone::new(p, Some(field))
        })
        .collect();
    match t.purpose {
        Purpose::Move => commands.push(Command::Board(stones)),
        Purpose::Analyse { nbest } => {
            commands.push(Command::YxBoard(stones));
            commands.push(Command::YxNbest(nbest.max(1)));
        }
        Purpose::Opening(opening) => commands.push(opening_command(opening, stones, &t.offers)),
        Purpose::Balance { two } => {
            commands.push(Command::YxBoard(stones));
            commands.push(if two { Command::YxBalanceTwo(0) } else { Command::YxBalanceOne(0) });
        }
    }
    commands
}

/// The command of an opening decision on `stones` (`offers`: Soosõrv step 6's fifth moves).
/// SWAP2BOARD keeps the fields (Rapfi reads its block as a BOARD's); the AlphaGomoku steps get
/// bare `x,y` lines, as the document writes them.
fn opening_command(opening: Opening, stones: Vec<Stone>, offers: &[Point]) -> Command {
    let bare = || stones.iter().map(|s| Stone::new(s.point, None)).collect::<Vec<_>>();
    let (rule, step, arg) = match opening {
        Opening::Swap2 => return Command::Swap2Board(stones),
        Opening::Swap => (OpeningRule::Swap, 0, None),
        Opening::Soosorv { step, number } => (OpeningRule::Soosyrv, step, Some(number)),
    };
    match OpeningStep::new(rule, step) {
        Some(step) => Command::Opening { step, arg, stones: bare(), candidates: offers.to_vec() },
        // Validated requests never get here (steps 1 to 6); a plain board is harmless.
        None => Command::Board(bare()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(commands: &[Command]) -> String {
        commands.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_move_and_an_analysis_as_yixin_board_sends_them() {
        let mut t = Think {
            id: 1,
            rule: Rule::Renju,
            size: 15,
            moves: vec![Point::new(7, 7), Point::new(8, 8), Point::new(6, 6)],
            limit: Limit::Time(1500),
            purpose: Purpose::Move,
            blocked: Vec::new(),
            offers: Vec::new(),
        };
        assert_eq!(
            text(&think(&t, false)),
            "INFO rule 4\nINFO timeout_match 100000000\nINFO time_left 100000000\n\
             INFO timeout_turn 1500\nINFO max_node -1\nstart 15\nBOARD\n7,7,2\n8,8,1\n6,6,2\nDONE"
        );
        t.purpose = Purpose::Analyse { nbest: 3 };
        t.moves.pop();
        assert_eq!(
            text(&think(&t, false)),
            "INFO rule 4\nINFO max_node -1\nINFO timeout_match 100000000\n\
             INFO time_left 100000000\nINFO timeout_turn 2000000\nINFO max_depth 225\n\
             INFO time_increment 0\nstart 15\nyxboard\n7,7,1\n8,8,2\ndone\nyxnbest 3"
        );
        // Blocked moves: the list is set anew before the board.
        t.blocked = vec![Point::new(9, 7)];
        let with_block = text(&think(&t, true));
        assert!(
            with_block.starts_with("INFO rule 4\nyxblockreset\nyxblock\n9,7\ndone\n"),
            "{with_block}"
        );
        t.blocked.clear();
        assert!(text(&think(&t, true)).contains("yxblockreset"));
        assert!(!text(&think(&t, false)).contains("yxblock"));
        // A balanced pair, under the move's limit.
        t.purpose = Purpose::Balance { two: true };
        t.limit = Limit::Nodes(5000);
        let balance = text(&think(&t, false));
        assert!(balance.contains("INFO max_node 5000"), "{balance}");
        assert!(balance.ends_with("yxboard\n7,7,1\n8,8,2\ndone\nyxbalancetwo 0"), "{balance}");
    }

    #[test]
    fn opening_decisions_as_the_protocol_writes_them() {
        let opening = vec![Point::new(7, 7), Point::new(7, 6), Point::new(9, 5)];
        let mut t = Think {
            id: 1,
            rule: Rule::Renju,
            size: 15,
            moves: opening.clone(),
            limit: Limit::Time(500),
            purpose: Purpose::Opening(Opening::Swap),
            blocked: Vec::new(),
            offers: Vec::new(),
        };
        let ends = |t: &Think| text(&think(t, false)).split("start 15\n").nth(1).map(str::to_owned);
        assert_eq!(ends(&t).as_deref(), Some("SWAPBOARD\n7,7\n7,6\n9,5\nDONE"));
        t.moves.clear();
        assert_eq!(ends(&t).as_deref(), Some("SWAPBOARD\nDONE"));
        t.purpose = Purpose::Opening(Opening::Swap2);
        t.moves = opening.clone();
        assert_eq!(ends(&t).as_deref(), Some("SWAP2BOARD\n7,7,2\n7,6,1\n9,5,2\nDONE"));
        t.purpose = Purpose::Opening(Opening::Soosorv { step: 2, number: 8 });
        assert_eq!(ends(&t).as_deref(), Some("SOOSYRVSTEP2 8\n7,7\n7,6\n9,5\nDONE"));
        t.moves.push(Point::new(8, 8));
        t.offers = vec![Point::new(6, 7), Point::new(9, 9)];
        t.purpose = Purpose::Opening(Opening::Soosorv { step: 6, number: 2 });
        assert_eq!(ends(&t).as_deref(), Some("SOOSYRVSTEP6 2\n7,7\n7,6\n9,5\n8,8\nDONE\n6,7 9,9"));
    }
}
