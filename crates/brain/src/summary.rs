//! The `MESSAGE` lines that describe a search: the AlphaGomoku summary (contract §3) or
//! Rapfi's info line, built from a finished search or from one of its iterations. The thinking
//! loop sends them as a search goes, and `INFO evaluate` answers with them from the analysis
//! snapshot, so both read them from here.

use renzoku_engine::{IterationInfo, Score, SearchResult};
use renzoku_protocol::{Ev, LineEval, PvMove, RapfiLine, Reply, SearchSummary, Tenths};
use renzoku_rules::{Board, Point};

use crate::settings::MessageFormat;

/// The AlphaGomoku summary of a search from `board` (side to move = the first PV move's colour).
pub fn summary(board: &Board, result: &SearchResult) -> SearchSummary {
    build_summary(board, Line::of_result(result))
}

/// The summary of one iteration (one principal variation of a multi-PV search).
pub fn line_summary(board: &Board, info: &IterationInfo) -> SearchSummary {
    build_summary(board, Line::of_iteration(info))
}

/// The `MESSAGE` line of one finished iteration, or `None` when `format` has no line for it:
/// the AlphaGomoku summary has no multi-PV index, so a multi-PV search (yxnbest,
/// yxsearchdefend) sends its summaries only at the end, one per line, best last, where a
/// reader can tell them apart (Rapfi's style reports every line of every iteration).
pub fn iteration_reply(
    board: &Board,
    info: &IterationInfo,
    format: MessageFormat,
    num_pv: u32,
) -> Option<Reply> {
    match format {
        MessageFormat::AlphaGomoku if num_pv > 1 => None,
        MessageFormat::AlphaGomoku => Some(Reply::Summary(line_summary(board, info))),
        MessageFormat::Rapfi => Some(rapfi_reply(Line::of_iteration(info), multipv(num_pv, info))),
    }
}

/// `multipv k` is printed only when several lines are searched.
fn multipv(num_pv: u32, info: &IterationInfo) -> Option<u32> {
    (num_pv > 1).then_some(info.multipv.max(1))
}

/// The `MESSAGE` lines at the end of a search, in `format`: the other principal variations of
/// a multi-PV search (`lines[1..]`, worst first), then the result, which comes last so that a
/// client takes it as the move's evaluation.
pub fn final_replies(
    board: &Board,
    result: &SearchResult,
    lines: &[IterationInfo],
    format: MessageFormat,
) -> Vec<Reply> {
    let num_pv = lines.len().max(1) as u32;
    let mut replies: Vec<Reply> = lines
        .iter()
        .skip(1)
        .rev()
        .map(|line| match format {
            MessageFormat::AlphaGomoku => Reply::Summary(line_summary(board, line)),
            MessageFormat::Rapfi => rapfi_reply(Line::of_iteration(line), multipv(num_pv, line)),
        })
        .collect();
    replies.push(result_reply(board, result, format, num_pv));
    replies
}

/// The result's line alone (searches that report nothing else).
pub fn result_reply(
    board: &Board,
    result: &SearchResult,
    format: MessageFormat,
    num_pv: u32,
) -> Reply {
    match format {
        MessageFormat::AlphaGomoku => Reply::Summary(summary(board, result)),
        MessageFormat::Rapfi => rapfi_reply(Line::of_result(result), (num_pv > 1).then_some(1)),
    }
}

fn rapfi_reply(line: Line<'_>, multipv: Option<u32>) -> Reply {
    let eval = match line.score {
        Score::Eval(v) => LineEval::Value(v),
        Score::Win(n) => LineEval::MateIn(n),
        Score::Loss(n) => LineEval::MatedIn(n),
    };
    let text = RapfiLine {
        depth: line.depth,
        seldepth: line.seldepth,
        multipv,
        eval,
        nodes: line.nodes,
        time_ms: line.elapsed.as_millis() as u64,
        pv: line.pv.to_vec(),
    };
    Reply::Message(text.to_string())
}

/// What a summary is made of, from a final result or from one iteration.
#[derive(Clone, Copy)]
struct Line<'a> {
    depth: u32,
    seldepth: u32,
    score: Score,
    winrate: f64,
    nodes: u64,
    elapsed: std::time::Duration,
    pv: &'a [Point],
}

impl<'a> Line<'a> {
    fn of_result(result: &'a SearchResult) -> Self {
        Line {
            depth: result.depth,
            seldepth: result.seldepth,
            score: result.score,
            winrate: result.winrate,
            nodes: result.nodes,
            elapsed: result.elapsed,
            pv: &result.pv,
        }
    }

    fn of_iteration(info: &'a IterationInfo) -> Self {
        Line {
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            winrate: info.winrate,
            nodes: info.nodes,
            elapsed: info.elapsed,
            pv: &info.pv,
        }
    }
}

fn build_summary(board: &Board, result: Line<'_>) -> SearchSummary {
    let mut color = board.side_to_move();
    let pv = result
        .pv
        .iter()
        .map(|&point| {
            let m = PvMove { color, point };
            color = color.opponent();
            m
        })
        .collect();
    let ev = match result.score {
        Score::Win(n) => Ev::Win(n),
        Score::Loss(n) => Ev::Loss(n),
        Score::Eval(_) => Ev::Expected(Tenths::from_percent(result.winrate * 100.0)),
    };
    let ms = result.elapsed.as_millis() as u64;
    // The full-width depth of the last finished iteration, and the deepest ply reached.
    let depth_min = result.depth.max(1);
    SearchSummary {
        depth_min,
        depth_max: result.seldepth.max(depth_min),
        ev,
        winrate: Tenths::from_percent(result.winrate * 100.0),
        drawrate: Tenths(0),
        nodes: result.nodes,
        nps: result.nodes.saturating_mul(1000) / ms.max(1),
        time_ms: ms,
        pv,
    }
}
