//! Opening rules played by the players themselves, driven with the AlphaGomoku commands:
//! `SWAP1STBOARD` (swap after the first stone), `SWAPBOARD` (swap after three stones) and the
//! official `SWAP2BOARD`. Player 1 is the opener. `SWAP` always means "I take the colour that
//! just moved, the opponent moves next"; answering with stones means staying with the colour
//! the stones are asked for.
//!
//! | rule | step | asked | answer |
//! |---|---|---|---|
//! | swap1st | 1 | player 1, empty board | 1 stone |
//! | | 2 | player 2, 1 stone | `SWAP` (player 2 black) or the 2nd stone (player 2 white) |
//! | swap | 1 | player 1, empty board | 3 stones |
//! | | 2 | player 2, 3 stones | `SWAP` (player 2 black) or the 4th stone (player 2 white) |
//! | swap2 | 1 | player 1, empty board | 3 stones |
//! | | 2 | player 2, 3 stones | `SWAP` (player 2 black), the 4th stone (player 2 white), or the 4th and 5th |
//! | | 3 | player 1, 5 stones | `SWAP` (player 1 black) or the 6th stone (player 1 white) |

use renzoku_rules::Point;

use crate::brain::Answer;
use crate::ending::Ending;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningRule {
    None,
    Swap1st,
    Swap,
    Swap2,
}

impl OpeningRule {
    pub fn parse(name: &str) -> Option<OpeningRule> {
        match name.trim().to_ascii_lowercase().as_str() {
            "" | "none" => Some(OpeningRule::None),
            "swap1st" | "swap1" => Some(OpeningRule::Swap1st),
            "swap" => Some(OpeningRule::Swap),
            "swap2" => Some(OpeningRule::Swap2),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::None => "none",
            OpeningRule::Swap1st => "swap1st",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
        }
    }
}

/// One question of the opening phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The board is empty: place this many stones.
    Place(usize),
    /// `SWAP`, or one of these numbers of new stones.
    Choose(&'static [usize]),
}

/// What the opening procedure needs from the game.
pub trait Referee {
    /// Asks `seat` the opening question `step` (the command of `rule`, with the board's
    /// stones); the answer is already checked against `step` (right kind and count).
    fn ask(&mut self, rule: OpeningRule, seat: usize, step: Step) -> Result<Answer, Ending>;
    /// Checks and places stones that `seat` gave.
    fn place(&mut self, seat: usize, stones: &[Point]) -> Result<(), Ending>;
}

fn stones(answer: Answer) -> Vec<Point> {
    match answer {
        Answer::Moves(v) => v,
        // Off-board numbers never reach here: the game turns them into an illegal-move loss.
        Answer::Move(x, y) => vec![Point::new(x as u8, y as u8)],
        Answer::Swap => Vec::new(),
    }
}

/// Plays the opening phase; returns the seat that plays black.
pub fn run(rule: OpeningRule, referee: &mut dyn Referee) -> Result<usize, Ending> {
    let (first, second_counts): (usize, &'static [usize]) = match rule {
        OpeningRule::None => return Ok(0),
        OpeningRule::Swap1st => (1, &[1]),
        OpeningRule::Swap => (3, &[1]),
        OpeningRule::Swap2 => (3, &[1, 2]),
    };
    let opening = referee.ask(rule, 0, Step::Place(first))?;
    referee.place(0, &stones(opening))?;
    let answer = referee.ask(rule, 1, Step::Choose(second_counts))?;
    if answer == Answer::Swap {
        return Ok(1);
    }
    let placed = stones(answer);
    referee.place(1, &placed)?;
    if placed.len() == 1 {
        // Player 2 stayed white.
        return Ok(0);
    }
    // Swap2 with two more stones: player 1 chooses.
    let answer = referee.ask(rule, 0, Step::Choose(&[1]))?;
    if answer == Answer::Swap {
        return Ok(0);
    }
    referee.place(0, &stones(answer))?;
    Ok(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::EndReason;

    /// Answers from a script; records the questions.
    struct Script {
        answers: Vec<Answer>,
        asked: Vec<(usize, Step)>,
        placed: Vec<(usize, usize)>,
    }

    impl Referee for Script {
        fn ask(&mut self, _: OpeningRule, seat: usize, step: Step) -> Result<Answer, Ending> {
            self.asked.push((seat, step));
            if self.answers.is_empty() {
                return Err(Ending::loss(seat, EndReason::Illegal, "no answer"));
            }
            Ok(self.answers.remove(0))
        }
        fn place(&mut self, seat: usize, stones: &[Point]) -> Result<(), Ending> {
            self.placed.push((seat, stones.len()));
            Ok(())
        }
    }

    fn play(rule: OpeningRule, answers: Vec<Answer>) -> (Result<usize, Ending>, Script) {
        let mut s = Script { answers, asked: Vec::new(), placed: Vec::new() };
        let r = run(rule, &mut s);
        (r, s)
    }

    fn three() -> Answer {
        Answer::Moves(vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)])
    }

    #[test]
    fn every_branch_gives_the_right_colours() {
        let p = |x| Answer::Move(x, 0);
        let two = Answer::Moves(vec![Point::new(1, 1), Point::new(2, 2)]);
        assert_eq!(play(OpeningRule::None, vec![]).0, Ok(0));
        assert_eq!(play(OpeningRule::Swap1st, vec![p(7), Answer::Swap]).0, Ok(1));
        assert_eq!(play(OpeningRule::Swap1st, vec![p(7), p(8)]).0, Ok(0));
        assert_eq!(play(OpeningRule::Swap, vec![three(), Answer::Swap]).0, Ok(1));
        assert_eq!(play(OpeningRule::Swap, vec![three(), p(1)]).0, Ok(0));
        assert_eq!(play(OpeningRule::Swap2, vec![three(), Answer::Swap]).0, Ok(1));
        assert_eq!(play(OpeningRule::Swap2, vec![three(), p(1)]).0, Ok(0));
        let (r, s) = play(OpeningRule::Swap2, vec![three(), two.clone(), Answer::Swap]);
        assert_eq!(r, Ok(0));
        assert_eq!(
            s.asked,
            vec![(0, Step::Place(3)), (1, Step::Choose(&[1, 2])), (0, Step::Choose(&[1]))]
        );
        assert_eq!(s.placed, vec![(0, 3), (1, 2)]);
        let (r, s) = play(OpeningRule::Swap2, vec![three(), two, p(3)]);
        assert_eq!(r, Ok(1));
        assert_eq!(s.placed, vec![(0, 3), (1, 2), (0, 1)]);
        assert_eq!(OpeningRule::parse("SWAP2"), Some(OpeningRule::Swap2));
        assert_eq!(OpeningRule::parse("soosyrv"), None);
    }
}
