//! The opening rules played with the engine as the other player: swap (swap1, `SWAPBOARD`),
//! swap2 (`SWAP2BOARD`) and Soosõrv-N (`SOOSYRVSTEP1..6`), as /work/shared/docs/rules.md
//! defines them. Two checks live here, so that neither side can break a rule: what a decision
//! needs before the brain is asked (stone counts, the canonical opening, the number of fifth
//! moves, the offered fifths), and whether the brain's answer obeys the rule.

use renzoku_rules::{Point, Rule, are_pairwise_non_symmetric, identify_renju_opening};

use crate::position::{self, Replayed};

/// The most fifth moves a Soosõrv-N game may declare (N): Taraguchi-10's number, beyond the
/// usual Soosõrv-8.
pub const MAX_FIFTHS: u32 = 10;

/// One opening decision asked of the brain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Swap (swap1): on 0 stones the first three, on 3 `SWAP` (the brain takes black) or
    /// white's 4th.
    Swap,
    /// Swap2: on 0 stones the first three; on 3 `SWAP`, white's 4th, or the 4th and 5th; on 5
    /// `SWAP` or white's 6th.
    Swap2,
    /// Soosõrv-N step 1 to 6; `number` is N for steps 1 to 3 and the declared M for 4 to 6.
    Soosorv { step: u8, number: u32 },
}

/// What a brain answered to an opening command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Swap,
    Moves(Vec<Point>),
    /// Moves followed by a number (`x,y M`: Soosõrv's 4th and its number of fifth moves).
    Declared(Vec<Point>, u32),
}

/// An answer that obeys the rule, as the page is to use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The brain takes black.
    Swap,
    /// Stones to play in order.
    Play(Vec<Point>),
    /// Soosõrv: white's 4th, and the number of fifth moves black must offer.
    Declare { fourth: Point, fifths: u32 },
    /// Soosõrv: the fifth moves offered (not played): the other player picks one.
    Offer(Vec<Point>),
}

impl Opening {
    /// The stone counts the decision may be asked on.
    fn stone_counts(self) -> &'static [usize] {
        match self {
            Opening::Swap => &[0, 3],
            Opening::Swap2 => &[0, 3, 5],
            Opening::Soosorv { step: 1, .. } => &[0],
            Opening::Soosorv { step: 2 | 3, .. } => &[3],
            Opening::Soosorv { .. } => &[4],
        }
    }

    /// Whether the request may go to the brain: `game` is the position (`moves` replayed),
    /// `offers` the fifth moves offered to the brain (Soosõrv step 6 only).
    pub fn check_request(
        self,
        game: &Replayed,
        moves: &[Point],
        offers: &[Point],
    ) -> Result<(), String> {
        if let Opening::Soosorv { step, number } = self {
            if !(1..=6).contains(&step) {
                return Err(format!("Soosõrv has steps 1 to 6, not {step}"));
            }
            if !(1..=MAX_FIFTHS).contains(&number) {
                return Err(format!(
                    "{number} fifth moves: Soosõrv takes 1 to {MAX_FIFTHS} (N, or the declared M)"
                ));
            }
        }
        let counts = self.stone_counts();
        if !counts.contains(&moves.len()) {
            let counts: Vec<String> = counts.iter().map(ToString::to_string).collect();
            return Err(format!(
                "{} comes with {} stones, not {}",
                self.name(),
                counts.join(" or "),
                moves.len()
            ));
        }
        let Opening::Soosorv { step, number } = self else {
            return if offers.is_empty() {
                Ok(())
            } else {
                Err(format!("{} takes no offered moves", self.name()))
            };
        };
        if moves.len() >= 3 {
            canonical(game, moves)?;
        }
        match (step, offers.is_empty()) {
            (6, _) => check_offers(game, offers, number),
            (_, true) => Ok(()),
            (_, false) => Err(format!("{} takes no offered moves (step 6 does)", self.name())),
        }
    }

    /// Whether `answer` to this decision on `moves` (with `offers` at Soosõrv's step 6) obeys
    /// the rule; the error says what is wrong in words.
    pub fn judge(
        self,
        rule: Rule,
        size: u8,
        moves: &[Point],
        offers: &[Point],
        answer: Answer,
    ) -> Result<Decision, String> {
        let n = moves.len();
        let name = self.name();
        let play = |points: Vec<Point>, counts: &[usize]| -> Result<Decision, String> {
            if !counts.contains(&points.len()) {
                let counts: Vec<String> = counts.iter().map(ToString::to_string).collect();
                return Err(format!(
                    "{name}: {} stone(s) where {} were asked",
                    points.len(),
                    counts.join(" or ")
                ));
            }
            position::check_sequence(rule, size, moves, &points)?;
            Ok(Decision::Play(points))
        };
        match (self, n, answer) {
            (Opening::Swap | Opening::Swap2, 3 | 5, Answer::Swap)
            | (Opening::Soosorv { step: 2 | 4, .. }, _, Answer::Swap) => Ok(Decision::Swap),
            (Opening::Swap | Opening::Swap2, 0, Answer::Moves(points)) => play(points, &[3]),
            (Opening::Swap2, 3, Answer::Moves(points)) => play(points, &[1, 2]),
            (Opening::Swap, 3, Answer::Moves(points))
            | (Opening::Swap2, 5, Answer::Moves(points)) => play(points, &[1]),
            (Opening::Soosorv { step: 1, .. }, _, Answer::Moves(points)) => {
                let decision = play(points.clone(), &[3])?;
                let game = position::replay(rule, size, &points)?;
                canonical(&game, &points)?;
                Ok(decision)
            }
            (Opening::Soosorv { step: 2 | 3, number }, _, Answer::Declared(points, fifths)) => {
                play(points.clone(), &[1])?;
                if !(1..=number).contains(&fifths) {
                    return Err(format!(
                        "{name}: {fifths} fifth moves declared, not 1 to {number}"
                    ));
                }
                Ok(Decision::Declare { fourth: points[0], fifths })
            }
            (Opening::Soosorv { step: 4 | 5, number }, _, Answer::Moves(points)) => {
                let game = position::replay(rule, size, moves)?;
                check_offers(&game, &points, number).map_err(|e| format!("{name}: {e}"))?;
                Ok(Decision::Offer(points))
            }
            (Opening::Soosorv { step: 6, .. }, _, Answer::Moves(points)) => {
                if points.first().is_some_and(|p| !offers.contains(p)) {
                    return Err(format!(
                        "{name}: the fifth move {} is not one of those offered",
                        position::name(points[0], size)
                    ));
                }
                play(points, &[2])
            }
            (_, _, answer) => Err(format!("{name}: the answer {answer:?} does not fit this step")),
        }
    }

    /// The protocol's name of the decision, for messages.
    pub fn name(self) -> String {
        match self {
            Opening::Swap => "SWAPBOARD".to_owned(),
            Opening::Swap2 => "SWAP2BOARD".to_owned(),
            Opening::Soosorv { step, .. } => format!("SOOSYRVSTEP{step}"),
        }
    }
}

/// The first three stones must be one of the 26 renju openings (centre first), up to symmetry.
fn canonical(game: &Replayed, moves: &[Point]) -> Result<(), String> {
    let size = game.board.width();
    let three = [moves[0], moves[1], moves[2]];
    if identify_renju_opening(three, game.board.center()).is_some() {
        return Ok(());
    }
    let names: Vec<String> = three.iter().map(|&p| position::name(p, size)).collect();
    Err(format!(
        "{} is not one of the 26 renju openings (1st at the centre {}, 2nd next to it, 3rd in \
         the central 5×5)",
        names.join(" "),
        position::name(game.board.center(), size)
    ))
}

/// Fifth moves offered on the 4-stone position `game`: exactly `count`, each a legal move for
/// black, no two the same or images of each other under a symmetry of the position.
pub fn check_offers(game: &Replayed, offers: &[Point], count: u32) -> Result<(), String> {
    let size = game.board.width();
    if offers.len() != count as usize {
        return Err(format!("{} fifth moves offered, {count} declared", offers.len()));
    }
    for &p in offers {
        if p.x >= size || p.y >= size {
            return Err(format!("the offered fifth move {p} is off the board"));
        }
        if let Some(reason) = position::refusal(game, p) {
            return Err(format!("the offered fifth move cannot be played: {reason}"));
        }
    }
    if !are_pairwise_non_symmetric(&game.board, offers) {
        let names: Vec<String> = offers.iter().map(|&p| position::name(p, size)).collect();
        return Err(format!(
            "the offered fifth moves {} include two that are the same or symmetrical",
            names.join(" ")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    fn game(moves: &[Point]) -> Replayed {
        position::replay(Rule::Renju, 15, moves).expect("a legal game")
    }

    /// h8, h7, j6 in our rows (row 1 at the top): Sosei (3D), one of the 26.
    fn opening() -> Vec<Point> {
        vec![p(7, 7), p(7, 6), p(9, 5)]
    }

    #[test]
    fn requests_need_the_right_stones() {
        let swap = Opening::Swap;
        assert!(swap.check_request(&game(&[]), &[], &[]).is_ok());
        let three = opening();
        assert!(swap.check_request(&game(&three), &three, &[]).is_ok());
        let four = [three.clone(), vec![p(3, 3)]].concat();
        let err = swap.check_request(&game(&four), &four, &[]).expect_err("4 stones");
        assert!(err.contains("0 or 3 stones, not 4"), "{err}");
        let err = swap.check_request(&game(&three), &three, &[p(1, 1)]).expect_err("offers");
        assert!(err.contains("no offered moves"), "{err}");

        let soosorv = |step, number| Opening::Soosorv { step, number };
        assert!(soosorv(1, 8).check_request(&game(&[]), &[], &[]).is_ok());
        assert!(soosorv(2, 8).check_request(&game(&three), &three, &[]).is_ok());
        let err = soosorv(7, 8).check_request(&game(&[]), &[], &[]).expect_err("step 7");
        assert!(err.contains("steps 1 to 6"), "{err}");
        let err = soosorv(1, 0).check_request(&game(&[]), &[], &[]).expect_err("N = 0");
        assert!(err.contains("1 to 10"), "{err}");
        let err = soosorv(1, 11).check_request(&game(&[]), &[], &[]).expect_err("N = 11");
        assert!(err.contains("1 to 10"), "{err}");
        let err = soosorv(4, 2).check_request(&game(&three), &three, &[]).expect_err("3");
        assert!(err.contains("SOOSYRVSTEP4 comes with 4 stones, not 3"), "{err}");
        // Not one of the 26: the first stone off the centre, the third too far.
        let off = vec![p(6, 6), p(7, 6), p(9, 5)];
        let err = soosorv(2, 8).check_request(&game(&off), &off, &[]).expect_err("off");
        assert!(err.contains("not one of the 26 renju openings"), "{err}");
        let far = vec![p(7, 7), p(7, 6), p(11, 5)];
        assert!(soosorv(3, 8).check_request(&game(&far), &far, &[]).is_err());
        let err =
            soosorv(4, 2).check_request(&game(&four), &four, &[p(1, 1), p(2, 2)]).expect_err("");
        assert!(err.contains("step 6 does"), "{err}");
    }

    #[test]
    fn offered_fifths_are_counted_legal_and_not_symmetrical() {
        // h8 h7 h6 h10 (black, white, black, white), all on the h column: the mirror x -> 14 - x
        // maps the position onto itself, so g8 and i8 are the same fifth move.
        let four = vec![p(7, 7), p(7, 6), p(7, 5), p(7, 9)];
        let g = game(&four);
        let step6 = |offers: &[Point]| {
            Opening::Soosorv { step: 6, number: 2 }.check_request(&g, &four, offers)
        };
        assert!(step6(&[p(6, 7), p(9, 9)]).is_ok());
        let err = step6(&[p(6, 7)]).expect_err("one");
        assert!(err.contains("1 fifth moves offered, 2 declared"), "{err}");
        let err = step6(&[p(6, 7), p(8, 7)]).expect_err("mirror images");
        assert!(err.contains("symmetrical"), "{err}");
        let err = step6(&[p(6, 7), p(6, 7)]).expect_err("twice the same");
        assert!(err.contains("symmetrical"), "{err}");
        let err = step6(&[p(7, 7), p(6, 7)]).expect_err("taken");
        assert!(err.contains("h8 is taken"), "{err}");
        let err = step6(&[p(15, 7), p(6, 7)]).expect_err("off");
        assert!(err.contains("off the board"), "{err}");
    }

    #[test]
    fn answers_must_obey_the_rule() {
        let three = opening();
        let judge = |o: Opening, moves: &[Point], offers: &[Point], a: Answer| {
            o.judge(Rule::Renju, 15, moves, offers, a)
        };
        assert_eq!(judge(Opening::Swap, &three, &[], Answer::Swap), Ok(Decision::Swap));
        assert!(judge(Opening::Swap, &[], &[], Answer::Swap).is_err(), "no swap on 0 stones");
        assert!(judge(Opening::Swap, &three, &[], Answer::Moves(vec![p(1, 1), p(2, 2)])).is_err());
        assert!(judge(Opening::Swap, &three, &[], Answer::Moves(vec![p(7, 7)])).is_err(), "taken");
        assert_eq!(
            judge(Opening::Swap, &three, &[], Answer::Moves(vec![p(8, 8)])),
            Ok(Decision::Play(vec![p(8, 8)]))
        );
        let step1 = Opening::Soosorv { step: 1, number: 8 };
        assert!(judge(step1, &[], &[], Answer::Moves(three.clone())).is_ok());
        let err = judge(step1, &[], &[], Answer::Moves(vec![p(0, 0), p(1, 1), p(2, 2)]))
            .expect_err("not canonical");
        assert!(err.contains("26 renju openings"), "{err}");
        let step2 = Opening::Soosorv { step: 2, number: 3 };
        assert_eq!(
            judge(step2, &three, &[], Answer::Declared(vec![p(8, 8)], 3)),
            Ok(Decision::Declare { fourth: p(8, 8), fifths: 3 })
        );
        let err = judge(step2, &three, &[], Answer::Declared(vec![p(8, 8)], 4)).expect_err("M>N");
        assert!(err.contains("4 fifth moves declared, not 1 to 3"), "{err}");
        let step3 = Opening::Soosorv { step: 3, number: 3 };
        assert!(judge(step3, &three, &[], Answer::Swap).is_err(), "step 3 may not swap");
        let four = vec![p(7, 7), p(7, 6), p(7, 5), p(7, 9)];
        let step5 = Opening::Soosorv { step: 5, number: 2 };
        assert_eq!(
            judge(step5, &four, &[], Answer::Moves(vec![p(6, 7), p(9, 9)])),
            Ok(Decision::Offer(vec![p(6, 7), p(9, 9)]))
        );
        assert!(judge(step5, &four, &[], Answer::Moves(vec![p(6, 7), p(8, 7)])).is_err());
        let step6 = Opening::Soosorv { step: 6, number: 2 };
        let offers = [p(6, 7), p(9, 9)];
        assert!(judge(step6, &four, &offers, Answer::Moves(vec![p(9, 9), p(3, 3)])).is_ok());
        let err = judge(step6, &four, &offers, Answer::Moves(vec![p(4, 4), p(3, 3)]))
            .expect_err("not offered");
        assert!(err.contains("not one of those offered"), "{err}");
    }
}
