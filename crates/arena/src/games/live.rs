//! `-serve ADDR`: the run as it happens on a web page, through renzoku-live.
//!
//! The runner starts the server and hands a [`LiveHub`] to every game through its
//! [`Context`](crate::games::game::Context); without `-serve` there is no hub and each hook in
//! the game loop is one skipped `if let`. This module only translates the arena's records into
//! the live view's events.

use renzoku_live::{
    GameEnd, GameInfo, LiveEvent, MatchProgress, MoveEvent, Side, SprtProgress, StandingRow,
};
use renzoku_rules::{Color, Point};

use crate::config::options::Options;
use crate::games::record::{GameRecord, Reason};
use crate::statistics::standings::Standings;

pub use renzoku_live::{EngineInfo, LiveHub, LiveServer};

/// The game's id on the page: its number in the run, as the console prints it.
pub fn game_id(job_index: usize) -> u64 {
    job_index as u64 + 1
}

pub fn side(color: Color) -> Side {
    match color {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// The start of a game; `record` holds the opening stones at this point.
pub fn game_started(record: &GameRecord, o: &Options) -> LiveEvent {
    let tc = |engine: usize| o.engines.get(engine).map(|e| e.tc).unwrap_or_default();
    let (black, white) = (tc(record.black_engine), tc(record.white_engine));
    let some = |ms: u64| (ms > 0).then_some(ms);
    LiveEvent::GameStarted(GameInfo {
        game: game_id(record.index),
        black: record.black.clone(),
        white: record.white.clone(),
        rule: record.rule,
        width: record.board_size,
        height: record.board_size,
        opening: record.moves.iter().map(|p| [p.x, p.y]).collect(),
        // The page shows one time control; engines with their own `tc=` differ only in
        // their clocks, which are per side.
        time_match_ms: some(black.match_ms),
        time_turn_ms: some(black.turn_ms),
        increment_ms: black.increment_ms,
        clock_ms: [some(black.match_ms), some(white.match_ms)],
    })
}

/// A stone an engine played; `ply` counts every stone on the board, opening included.
pub fn move_played(
    record: &GameRecord,
    ply: usize,
    point: Point,
    color: Color,
    time_ms: u64,
    clock_ms: [Option<u64>; 2],
) -> LiveEvent {
    LiveEvent::Move(MoveEvent {
        game: game_id(record.index),
        ply: ply as u32,
        x: point.x,
        y: point.y,
        side: side(color),
        time_ms,
        clock_ms,
        // The hub takes it from the engine report published just before.
        black_score: None,
    })
}

/// The engine's search report from the `MESSAGE` lines of one move, which the engine driver
/// stored as `"{ply}) {name}: {text}"`; `None` when it sent none.
pub fn engine_report(
    record: &GameRecord,
    color: Color,
    prefix: &str,
    lines: &[String],
) -> Option<LiveEvent> {
    let texts = lines.iter().map(|l| l.strip_prefix(prefix).unwrap_or(l));
    EngineInfo::from_messages(game_id(record.index), side(color), texts).map(LiveEvent::EngineInfo)
}

/// The journal's name of a reason (`five`, `full_board`, …).
pub fn reason_code(reason: Reason) -> String {
    serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| reason.describe().to_owned())
}

pub fn game_ended(record: &GameRecord) -> LiveEvent {
    LiveEvent::GameEnded(GameEnd {
        game: game_id(record.index),
        winner: record.winner.map(side),
        reason: reason_code(record.reason),
        detail: record.detail.clone(),
    })
}

/// A game that stopped without a result (the run was interrupted or stopped by SPRT, or an
/// engine failed under `-fatalerror`): the page must not keep showing it as running.
pub fn game_abandoned(record: &GameRecord, why: &str) -> LiveEvent {
    LiveEvent::GameEnded(GameEnd {
        game: game_id(record.index),
        winner: None,
        reason: "aborted".to_owned(),
        detail: why.to_owned(),
    })
}

/// The standings table and the console's statistics after `standings.finished` games.
pub fn standings(standings: &Standings, names: &[String], o: &Options, total: usize) -> LiveEvent {
    let finite = |v: f64| v.is_finite().then_some(v);
    let overall = standings.overall();
    // Every row's Elo comes from the same model (see `Standings::overall`).
    let elo_model = overall.first().map(|s| s.model.name().to_owned());
    let rows = overall
        .into_iter()
        .map(|s| StandingRow {
            name: names.get(s.engine).cloned().unwrap_or_default(),
            games: s.games.games(),
            wins: s.games.wins,
            losses: s.games.losses,
            draws: s.games.draws,
            points: s.games.wins as f64 + s.games.draws as f64 / 2.0,
            elo: finite(s.elo),
            elo_error: finite(s.error),
        })
        .collect();
    let title = match names {
        [a, b] => format!("{a} vs {b}"),
        _ if o.gauntlet => format!("Gauntlet of {} engines", names.len()),
        _ => format!("Round robin of {} engines", names.len()),
    };
    let summary = standings
        .report(names, o.sprt.as_ref())
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("---"))
        .map(str::to_owned)
        .collect();
    LiveEvent::Standings(renzoku_live::Standings {
        title,
        games_done: standings.finished as u64,
        games_total: total as u64,
        rows,
        summary,
        progress: match_progress(standings, names, o),
        elo_model,
        history: Vec::new(),
    })
}

/// The match graph's point of a two-engine run: the first engine's score, its Elo ± error as
/// the console's report computes it (pentanomial with colour-swapped pairs), and the SPRT.
fn match_progress(standings: &Standings, names: &[String], o: &Options) -> Option<MatchProgress> {
    let ([tally], [first, second]) = (standings.tallies.as_slice(), names) else { return None };
    let games = &tally.games;
    let (estimate, _) = standings.pair_estimate(tally);
    let finite = |v: f64| v.is_finite().then_some(v);
    let elo = estimate.and_then(|e| finite(e.elo));
    let sprt = o.sprt.as_ref().map(|s| {
        let (lower, upper) = s.bounds();
        SprtProgress {
            llr: s.llr(games, standings.paired.then_some(&tally.pairs)),
            lower,
            upper,
            elo0: s.elo0,
            elo1: s.elo1,
        }
    });
    Some(MatchProgress {
        games: games.games(),
        first: first.clone(),
        second: second.clone(),
        points: games.points(),
        elo,
        elo_error: elo.and(estimate.and_then(|e| finite(e.error))),
        sprt,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's standings row, the match graph and the console's report give one Elo error
    /// for the same games (the pentanomial one with colour-swapped pairs).
    #[test]
    fn the_standings_rows_show_the_reports_elo_error() {
        let o = Options { repeat: true, ..Options::default() };
        let names = vec!["A".to_string(), "B".to_string()];
        let mut s = Standings::new(vec![[0, 1]], 2, true);
        // Five pairs: won-won, won-lost twice, won-drawn, lost-lost (A's half points).
        for (i, hp) in [2, 2, 2, 0, 2, 0, 2, 1, 0, 0].into_iter().enumerate() {
            s.add_result(i, 0, |e| if e == 0 { hp } else { 2 - hp });
        }
        let LiveEvent::Standings(page) = standings(&s, &names, &o, 10) else {
            panic!("a standings event")
        };
        let (estimate, _) = s.pair_estimate(&s.tallies[0]);
        let estimate = estimate.expect("an estimate after ten games");
        let first = page.rows.iter().find(|r| r.name == "A").expect("A's row");
        let second = page.rows.iter().find(|r| r.name == "B").expect("B's row");
        assert_eq!(page.elo_model.as_deref(), Some("pentanomial"));
        assert_eq!(first.elo, Some(estimate.elo));
        assert_eq!(first.elo_error, Some(estimate.error));
        assert_eq!(second.elo, Some(-estimate.elo));
        assert_eq!(second.elo_error, Some(estimate.error));
        let graph = page.progress.expect("a two-engine run has a graph point");
        assert_eq!(graph.elo_error, first.elo_error);
        let report = s.report(&names, None);
        assert!(report.contains(&format!("+/- {:.2}", estimate.error)), "{report}");
    }

    #[test]
    fn reasons_use_the_journal_names() {
        assert_eq!(reason_code(Reason::Five), "five");
        assert_eq!(reason_code(Reason::FullBoard), "full_board");
        assert_eq!(reason_code(Reason::MoveLimit), "move_limit");
    }
}
