//! Yixin-Board's swap2 and Soosõrv dialogues (contract §6): the same decisions as the
//! AlphaGomoku opening commands, answered with `MESSAGE SWAP2 …` / `MESSAGE SOOSORV …` lines
//! (points written `r c`, exactly as the board sent them).

use renzoku_protocol::{Reply, Stone, YxOpeningMessage, YxOpeningRule};
use renzoku_rules::{Board, Point};

use crate::balance;
use crate::controller::Controller;
use crate::extended::Swap2;
use crate::openings::{Choice, Zone, fifth_count};
use crate::position;

/// Soosõrv-8: at most eight fifth moves are offered.
const SOOSORV_MAX_FIFTHS: u32 = 8;

impl Controller {
    fn yx_send(&self, message: YxOpeningMessage) {
        self.out.send(&Reply::YxOpening(message));
    }

    fn yx_moves(&self, rule: YxOpeningRule, first_index: u8, moves: &[Point]) {
        for (i, &point) in moves.iter().enumerate() {
            self.yx_send(YxOpeningMessage::Move {
                rule,
                index: first_index + i as u8,
                point,
                count: None,
            });
        }
    }

    /// Yixin swap2 steps on the position set by the preceding `yxboard`.
    pub(crate) fn yx_swap2(&mut self, seq: u64, step: u8) {
        let Some(board) = self.board().cloned() else { return };
        if step == 1 {
            let mut empty = board;
            empty.clear();
            match self.propose_three(seq, &empty) {
                Some(moves) => self.yx_moves(YxOpeningRule::Swap2, 1, &moves),
                None => self.error("yxswap2step1: no room for an opening"),
            }
        } else if step == 2 {
            // Three stones, we are white: SWAP1 YES takes black, NO stays white (the GUI then
            // asks for the 4th with `board`), MOVE4 + MOVE5 puts two stones.
            match self.swap2_decision(seq, &board) {
                None => self.error("yxswap2step2: no legal move left"),
                Some(Swap2::PutTwo(fourth, fifth)) => {
                    self.yx_moves(YxOpeningRule::Swap2, 4, &[fourth, fifth]);
                }
                Some(decision) => self.yx_send(YxOpeningMessage::Swap {
                    rule: YxOpeningRule::Swap2,
                    stage: 1,
                    yes: matches!(decision, Swap2::Swap),
                }),
            }
        } else {
            // Five stones: choose black (YES) when white, to move, is worse.
            let yes = matches!(self.swap_or_move(seq, &board, Zone::Anywhere), Choice::Swap);
            self.yx_send(YxOpeningMessage::Swap { rule: YxOpeningRule::Swap2, stage: 2, yes });
        }
    }

    /// `yxsoosorvstep1..6`.
    pub(crate) fn yx_soosorv(&mut self, seq: u64, step: u8, arg: Option<u32>, stones: &[Stone]) {
        let Some(template) = self.board() else { return };
        // Step 6 lists the four opening stones and then the offered fifth moves.
        let (opening, offered) =
            stones.split_at(if step == 6 { stones.len().min(4) } else { stones.len() });
        let board = match position::from_move_order(template, opening) {
            Ok(b) => b,
            Err(reason) => {
                self.error(format!("yxsoosorvstep{step}: {reason}"));
                return;
            }
        };
        let rule = YxOpeningRule::Soosorv;
        let fifths = arg.unwrap_or(SOOSORV_MAX_FIFTHS).clamp(1, SOOSORV_MAX_FIFTHS) as usize;
        match step {
            1 => {
                let mut empty = board;
                empty.clear();
                match self.propose_three(seq, &empty) {
                    Some(moves) => self.yx_moves(rule, 1, &moves),
                    None => self.error("yxsoosorvstep1: no room for an opening"),
                }
            }
            2 | 4 => {
                let yes = matches!(self.swap_or_move(seq, &board, Zone::Anywhere), Choice::Swap);
                self.yx_send(YxOpeningMessage::Swap { rule, stage: step / 2, yes });
            }
            // White's 4th may be swapped away at step 4, so it aims at balance.
            3 => self.soosorv_fourth(seq, &board),
            5 => {
                let budget = balance::turn_budget(&self.settings());
                let moves = self.with_scorer(seq, |s| s.offer(&board, fifths, budget, &|_| true));
                self.yx_send(YxOpeningMessage::Move5Refresh(rule));
                for point in moves {
                    self.yx_send(YxOpeningMessage::Move { rule, index: 5, point, count: None });
                }
                self.yx_send(YxOpeningMessage::Move5Done(rule));
            }
            6 => {
                let points: Vec<Point> = offered.iter().map(|s| s.point).collect();
                let budget = balance::turn_budget(&self.settings());
                let valid = self.playable(&board, &points);
                match self.with_scorer(seq, |s| s.worst_of(&board, &valid, budget)) {
                    Some(point) => self.yx_send(YxOpeningMessage::Move5Chosen { rule, point }),
                    None => self.error("yxsoosorvstep6: no valid fifth move offered"),
                }
            }
            _ => self.error(format!("yxsoosorvstep{step}: no such step")),
        }
    }

    /// Step 3: our 4th move and how many fifth moves black must offer. Offering more favours
    /// us (white chooses), so the worse our position, the more we ask for.
    fn soosorv_fourth(&mut self, seq: u64, board: &Board) {
        let budget = balance::turn_budget(&self.settings());
        let Some(point) = self.with_scorer(seq, |s| s.balancing_move(board, 0, budget, &|_| true))
        else {
            self.error("yxsoosorvstep3: no legal move left");
            return;
        };
        let mut next = board.clone();
        let _ = next.play(point);
        let black_value = self.with_scorer(seq, |s| s.value(&next, budget / 4));
        let count = fifth_count(black_value, SOOSORV_MAX_FIFTHS, self.settings().rule);
        self.yx_send(YxOpeningMessage::Move {
            rule: YxOpeningRule::Soosorv,
            index: 4,
            point,
            count: Some(count),
        });
    }
}
