//! The annotated game as SGF: every move with a comment (black's expected score after it, the
//! engine's evaluation, its choice and line in the position before the move), the engine's
//! choice marked with a square (`SQ`) when the move was another, and the mistakes marked as bad
//! moves (`BM[1]` a mistake, `BM[2]` a blunder) with the expected score they gave away; the
//! engine's own choice is never marked, its fall is told as what the search had not seen.

use std::fmt::Write as _;

use renzoku_engine::Score;
use renzoku_rules::notation::{self, PosOrientation};
use renzoku_rules::{Color, Point};

use super::annotate::{MoveNote, PositionView, Settings};
use super::games::Game;

/// A move losing at least this much of the mover's expected score is a mistake; twice as much,
/// a blunder.
#[derive(Clone, Copy, Debug)]
pub struct Thresholds {
    pub mistake: f64,
}

fn square(p: Point, size: u8) -> String {
    notation::format_pos(p, size, PosOrientation::RowOneAtTop)
}

/// The engine's own score, which is for the side to move (`to_move`).
fn score_text(score: Option<Score>, to_move: Color) -> String {
    let side = if to_move == Color::Black { "black" } else { "white" };
    match score {
        None => "game over".to_owned(),
        Some(Score::Eval(v)) => format!("{v:+} for {side} to move"),
        Some(Score::Win(n)) => format!("{side} to move wins in {n}"),
        Some(Score::Loss(n)) => format!("{side} to move loses in {n}"),
    }
}

fn percent(v: f64) -> String {
    format!("{:.1} %", v * 100.0)
}

fn line(view: &PositionView, size: u8) -> String {
    view.pv.iter().map(|&p| square(p, size)).collect::<Vec<_>>().join(" ")
}

/// How bad a move is: 0 fine, 1 a mistake, 2 a blunder.
pub fn severity(note: &MoveNote, t: Thresholds) -> u8 {
    u8::from(note.loss() >= t.mistake) + u8::from(note.loss() >= 2.0 * t.mistake)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The whole SGF file.
pub fn write(game: &Game, notes: &[MoveNote], settings: Settings, t: Thresholds) -> String {
    let size = game.size;
    let mut out = String::from("(;FF[4]GM[4]CA[UTF-8]AP[Renzoku analyze]");
    let _ = write!(out, "SZ[{size}]RU[{}]", settings.rule.gomocup_code());
    let _ = write!(out, "PB[{}]PW[{}]", escape(&game.black), escape(&game.white));
    let mistakes = notes.iter().filter(|n| severity(n, t) == 1).count();
    let blunders = notes.iter().filter(|n| severity(n, t) == 2).count();
    let header = format!(
        "Analysed by Renzoku: {} ms per position, {} thread(s), {}. Scores are black's expected \
         score. Mistakes lose at least {} of the mover's expected score, blunders twice that: \
         {mistakes} mistake(s), {blunders} blunder(s).",
        settings.ms_per_position,
        settings.threads,
        settings.rule,
        percent(t.mistake)
    );
    let _ = write!(out, "C[{}]", escape(&header));
    for (i, note) in notes.iter().enumerate() {
        let c = if note.color == Color::Black { 'B' } else { 'W' };
        let _ = write!(out, "\n;{c}[{}]", notation::format_sgf_point(note.point));
        let mut comment = format!(
            "{}. {}: black's expected score {} (engine: {}, depth {}).",
            i + 1,
            square(note.point, size),
            percent(note.after.black),
            score_text(note.after.score, note.color.opponent()),
            note.after.depth
        );
        if let Some(best) = note.before.best {
            if note.is_engine_choice() {
                comment.push_str(" The engine's choice too.");
                if note.unforeseen() >= t.mistake {
                    let _ = write!(
                        comment,
                        " After it the engine gives the mover {} less than before: its search \
                         before the move did not see this far.",
                        percent(note.unforeseen())
                    );
                }
            } else {
                let _ = write!(
                    comment,
                    " Engine's choice: {} (black's expected score {} before this move), line: {}.",
                    square(best, size),
                    percent(note.before.black),
                    line(&note.before, size)
                );
            }
        }
        match severity(note, t) {
            0 => {}
            level => {
                let word = if level == 2 { "Blunder" } else { "Mistake" };
                let _ = write!(
                    comment,
                    " {word}: gives away {} of the mover's score.",
                    percent(note.loss())
                );
                let _ = write!(out, "BM[{level}]");
            }
        }
        let _ = write!(out, "C[{}]", escape(&comment));
        if let Some(best) = note.before.best
            && !note.is_engine_choice()
        {
            let _ = write!(out, "SQ[{}]", notation::format_sgf_point(best));
        }
    }
    out.push_str(")\n");
    out
}
