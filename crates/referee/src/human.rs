//! A person at the terminal: the board is shown, moves are read from standard input as `x,y`
//! or `h8` (row 1 at the top, as shown). A wrong or illegal entry (occupied, off the board, a
//! renju forbidden point for black) is explained and asked again, never a loss; `resign` (or
//! the end of the input) resigns. A human has no clock.

use std::io::{BufRead, Write};

use renzoku_rules::{Board, Color, Point, Rule, is_legal};

use crate::brain::Answer;
use crate::display;
use crate::ending::{EndReason, Ending};

#[derive(Debug)]
pub struct Human {
    seat: usize,
    pub name: String,
}

enum Entry {
    Resign(String),
    Text(String),
}

impl Human {
    pub fn new(seat: usize, name: String) -> Human {
        Human { seat, name }
    }

    fn read(prompt: &str) -> Entry {
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "{prompt}: ");
        let _ = out.flush();
        drop(out);
        let mut line = String::new();
        match std::io::stdin().lock().read_line(&mut line) {
            Ok(0) | Err(_) => Entry::Resign("the input was closed".into()),
            Ok(_) => {
                let t = line.trim();
                if ["resign", "quit", "exit"].contains(&t.to_ascii_lowercase().as_str()) {
                    Entry::Resign("resigned".into())
                } else {
                    Entry::Text(t.to_string())
                }
            }
        }
    }

    fn resign(&self, why: &str) -> Ending {
        Ending::loss(
            self.seat,
            EndReason::Resign,
            format!("player{} ({}) {why}", self.seat + 1, self.name),
        )
    }

    fn who(&self, color: Color) -> String {
        let c = if color == Color::Black { "black, X" } else { "white, O" };
        format!("player{} ({}, {c})", self.seat + 1, self.name)
    }

    /// One legal move for `color` on `board`.
    pub fn ask_move(&self, board: &Board, rule: Rule) -> Result<Point, Ending> {
        let color = board.side_to_move();
        println!("\n{}", display::board(board));
        loop {
            let prompt = format!("{} to move [x,y | h8 | resign]", self.who(color));
            let text = match Self::read(&prompt) {
                Entry::Resign(why) => return Err(self.resign(&why)),
                Entry::Text(t) => t,
            };
            match check(board, &text, rule, &[]) {
                Ok(p) => return Ok(p),
                Err(e) => println!("  {e}; try again"),
            }
        }
    }

    /// `count` new stones (alternating colours from the side to move), one per line.
    pub fn ask_stones(&self, board: &Board, count: usize) -> Result<Vec<Point>, Ending> {
        println!("\n{}", display::board(board));
        let mut chosen: Vec<Point> = Vec::new();
        while chosen.len() < count {
            let color =
                if (board.stone_count() + chosen.len()).is_multiple_of(2) { "X" } else { "O" };
            let prompt = format!(
                "player{} ({}): opening stone {} of {count} ({color}) [x,y | h8 | resign]",
                self.seat + 1,
                self.name,
                chosen.len() + 1
            );
            let text = match Self::read(&prompt) {
                Entry::Resign(why) => return Err(self.resign(&why)),
                Entry::Text(t) => t,
            };
            match check(board, &text, Rule::Freestyle, &chosen) {
                Ok(p) => chosen.push(p),
                Err(e) => println!("  {e}; try again"),
            }
        }
        Ok(chosen)
    }

    /// `swap`, or a number of new stones allowed by `counts` (on one line: `h8 i9`).
    pub fn ask_choice(&self, board: &Board, counts: &[usize]) -> Result<Answer, Ending> {
        println!("\n{}", display::board(board));
        let what = counts
            .iter()
            .map(|n| if *n == 1 { "one move".to_string() } else { format!("{n} moves") })
            .collect::<Vec<_>>()
            .join(" or ");
        loop {
            let prompt = format!(
                "player{} ({}): 'swap' to take the colour that just moved, or {what} [resign]",
                self.seat + 1,
                self.name
            );
            let text = match Self::read(&prompt) {
                Entry::Resign(why) => return Err(self.resign(&why)),
                Entry::Text(t) => t,
            };
            if text.eq_ignore_ascii_case("swap") {
                return Ok(Answer::Swap);
            }
            let mut chosen = Vec::new();
            let mut error = None;
            for word in text.split_whitespace() {
                match check(board, word, Rule::Freestyle, &chosen) {
                    Ok(p) => chosen.push(p),
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                }
            }
            match error {
                Some(e) => println!("  {e}; try again"),
                None if counts.contains(&chosen.len()) => return Ok(Answer::Moves(chosen)),
                None => println!("  {} moves given, {what} wanted; try again", chosen.len()),
            }
        }
    }
}

/// Reads `text` as a move that is legal on `board` (and not among `taken`).
fn check(board: &Board, text: &str, rule: Rule, taken: &[Point]) -> Result<Point, String> {
    let p = display::parse_move(text, board.width())?;
    if !board.is_empty_square(p) || taken.contains(&p) {
        return Err(format!("{} ({}) is taken", display::pos(p), p));
    }
    if !is_legal(board, p, board.side_to_move(), rule) {
        return Err(format!("{} ({}) is forbidden for black", display::pos(p), p));
    }
    Ok(p)
}
