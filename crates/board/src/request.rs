//! A page's request to its brain as JSON, and its validation into a typed request: the rule,
//! size and moves must make a legal unfinished game, the limits must be sane, the engine must
//! be one of the command line's.

use renzoku_rules::Point;
use serde::Deserialize;

use crate::brain::session::{Limit, Request, Think, ThinkPurpose};
use crate::opening::{MAX_FIFTHS, Opening};
use crate::position::{self, MAX_MOVES};

/// Most candidate lines an analysis may ask for.
pub const MAX_NBEST: u32 = 20;
/// Longest time per move: an hour.
const MAX_TIME_MS: u64 = 3_600_000;
/// Most moves a think may block.
const MAX_BLOCKED: usize = 64;
/// Largest node limit.
const MAX_NODES: u64 = 1_000_000_000_000;

#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum PageRequest {
    Think {
        id: u64,
        /// `move`, `analyse`, `balance1`, `balance2`, `swap`, `swap2` or `soosorv`.
        purpose: String,
        rule: String,
        size: i64,
        moves: Vec<[i64; 2]>,
        #[serde(default)]
        time_ms: Option<u64>,
        #[serde(default)]
        nodes: Option<u64>,
        #[serde(default)]
        nbest: Option<u32>,
        /// Moves the brain must not choose (`yxblock`): empty squares of the position.
        #[serde(default)]
        blocked: Vec<[i64; 2]>,
        /// Soosõrv: the step (1 to 6) and its number (N for steps 1 to 3, the declared M after).
        #[serde(default)]
        step: Option<u8>,
        #[serde(default)]
        number: Option<u32>,
        /// Soosõrv's step 6: the fifth moves offered to the brain.
        #[serde(default)]
        offers: Vec<[i64; 2]>,
    },
    Stop {
        #[serde(default)]
        discard: bool,
    },
    Restart,
    Engine {
        index: usize,
    },
}

impl PageRequest {
    /// The typed request, or what is wrong with it in words.
    pub fn validate(self, engines: usize) -> Result<Request, String> {
        match self {
            PageRequest::Think {
                id,
                purpose,
                rule,
                size,
                moves,
                time_ms,
                nodes,
                nbest,
                blocked,
                step,
                number,
                offers,
            } => {
                let rule = position::parse_rule(&rule)?;
                let size = position::parse_size(size)?;
                if moves.len() > MAX_MOVES {
                    return Err(format!("{} moves: more than any board holds", moves.len()));
                }
                let moves = moves
                    .into_iter()
                    .map(|xy| position::parse_point(xy, size))
                    .collect::<Result<Vec<_>, _>>()?;
                let game = position::replay(rule, size, &moves)?;
                if let Some(result) = game.result {
                    return Err(format!("the game is over ({})", result.text));
                }
                let purpose = match purpose.as_str() {
                    "move" => ThinkPurpose::Move,
                    "balance1" => ThinkPurpose::Balance { two: false },
                    "balance2" => ThinkPurpose::Balance { two: true },
                    "swap" => ThinkPurpose::Opening(Opening::Swap),
                    "swap2" => ThinkPurpose::Opening(Opening::Swap2),
                    "soosorv" => {
                        let step = step.ok_or("a Soosõrv decision needs its step (1 to 6)")?;
                        let number = number.ok_or("a Soosõrv decision needs its number N or M")?;
                        ThinkPurpose::Opening(Opening::Soosorv { step, number })
                    }
                    "analyse" => {
                        let nbest = nbest.unwrap_or(1);
                        if !(1..=MAX_NBEST).contains(&nbest) {
                            return Err(format!("nbest {nbest} is not between 1 and {MAX_NBEST}"));
                        }
                        ThinkPurpose::Analyse { nbest }
                    }
                    other => {
                        let other: String = other.chars().take(20).collect();
                        return Err(format!(
                            "unknown purpose `{other}` (move, analyse, balance1, balance2, swap, \
                             swap2, soosorv)"
                        ));
                    }
                };
                let limit = match (time_ms, nodes) {
                    (Some(_), Some(_)) => return Err("a time or a node limit, not both".into()),
                    (Some(ms), None) if (1..=MAX_TIME_MS).contains(&ms) => Limit::Time(ms),
                    (Some(ms), None) => {
                        return Err(format!("{ms} ms per move is not between 1 and {MAX_TIME_MS}"));
                    }
                    (None, Some(n)) if (1..=MAX_NODES).contains(&n) => Limit::Nodes(n),
                    (None, Some(n)) => {
                        return Err(format!("{n} nodes is not between 1 and {MAX_NODES}"));
                    }
                    (None, None) => Limit::Unlimited,
                };
                let blocked = points(blocked, size, MAX_BLOCKED, "blocked")?;
                if let Some(p) = blocked.iter().find(|&&p| !game.board.is_empty_square(p)) {
                    return Err(format!(
                        "blocked move {} is not an empty square",
                        position::name(*p, size)
                    ));
                }
                let offers = points(offers, size, MAX_FIFTHS as usize, "offered")?;
                match purpose {
                    ThinkPurpose::Opening(opening) => {
                        opening.check_request(&game, &moves, &offers)?;
                    }
                    _ if !offers.is_empty() => {
                        return Err("offered moves go with a Soosõrv decision only".into());
                    }
                    _ => {}
                }
                Ok(Request::Think(Think { id, rule, size, moves, limit, purpose, blocked, offers }))
            }
            PageRequest::Stop { discard } => Ok(Request::Stop { discard }),
            PageRequest::Restart => Ok(Request::Restart),
            PageRequest::Engine { index } if index < engines => Ok(Request::Engine(index)),
            PageRequest::Engine { index } => {
                Err(format!("no engine number {index} (there are {engines})"))
            }
        }
    }
}

/// A list of at most `most` points on the board (`what` names the list in the error).
fn points(list: Vec<[i64; 2]>, size: u8, most: usize, what: &str) -> Result<Vec<Point>, String> {
    if list.len() > most {
        return Err(format!("{} {what} moves: at most {most}", list.len()));
    }
    list.into_iter().map(|xy| position::parse_point(xy, size)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn think(json: &str) -> Result<Request, String> {
        serde_json::from_str::<PageRequest>(json).map_err(|e| e.to_string())?.validate(2)
    }

    #[test]
    fn a_think_is_validated() {
        let ok = think(
            r#"{"type":"think","id":3,"purpose":"analyse","rule":"renju","size":15,
                "moves":[[7,7],[8,8]],"nbest":3}"#,
        );
        match ok {
            Ok(Request::Think(t)) => {
                assert_eq!(t.purpose, ThinkPurpose::Analyse { nbest: 3 });
                assert_eq!(t.limit, Limit::Unlimited);
                assert_eq!(t.moves.len(), 2);
            }
            other => panic!("{other:?}"),
        }
        let bad = [
            (
                r#"{"type":"think","id":1,"purpose":"move","rule":"renju","size":15,"moves":[[7,7],[7,7]]}"#,
                "taken",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"move","rule":"renju","size":40,"moves":[]}"#,
                "between",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"fly","rule":"renju","size":15,"moves":[]}"#,
                "purpose",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"move","rule":"renju","size":15,"moves":[],"time_ms":0}"#,
                "ms per move",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"analyse","rule":"renju","size":15,"moves":[],"nbest":99}"#,
                "nbest",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"move","rule":"go","size":15,"moves":[]}"#,
                "unknown rule",
            ),
            (r#"{"type":"engine","index":2}"#, "no engine"),
            (
                r#"{"type":"think","id":1,"purpose":"analyse","rule":"renju","size":15,"moves":[[7,7]],"blocked":[[7,7]]}"#,
                "not an empty square",
            ),
            (
                r#"{"type":"think","id":1,"purpose":"analyse","rule":"renju","size":15,"moves":[],"blocked":[[15,7]]}"#,
                "off",
            ),
            (r#"{"type":"launch","program":"/bin/sh"}"#, "unknown variant"),
        ];
        for (json, expected) in bad {
            let error = think(json).expect_err(json);
            assert!(error.contains(expected), "{json}: {error}");
        }
    }

    /// A think of `purpose` on a 15×15 renju board: `moves` and `extra` fields as JSON.
    fn opening(purpose: &str, moves: &str, extra: &str) -> Result<Request, String> {
        think(&format!(
            r#"{{"type":"think","id":1,"purpose":"{purpose}","rule":"renju","size":15,"moves":{moves}{extra}}}"#
        ))
    }

    #[test]
    fn opening_requests_are_validated() {
        // h8 h7 h6 h10: symmetric about the h column, so c8 and m8 are the same fifth move.
        let four = "[[7,7],[7,6],[7,5],[7,9]]";
        match opening("soosorv", four, r#","step":6,"number":2,"offers":[[6,7],[9,9]]"#) {
            Ok(Request::Think(t)) => {
                let soosorv = Opening::Soosorv { step: 6, number: 2 };
                assert_eq!(t.purpose, ThinkPurpose::Opening(soosorv));
                assert_eq!(t.offers.len(), 2);
            }
            other => panic!("{other:?}"),
        }
        let bad = [
            ("swap", "[[7,7]]", "", "0 or 3 stones, not 1"),
            ("swap2", "[[7,7],[7,6],[8,8],[1,1]]", "", "0 or 3 or 5 stones, not 4"),
            ("soosorv", "[]", r#","number":8"#, "needs its step"),
            ("soosorv", "[]", r#","step":1"#, "needs its number"),
            ("soosorv", "[]", r#","step":1,"number":99"#, "1 to 10"),
            ("soosorv", "[[0,0],[1,1],[2,2]]", r#","step":2,"number":8"#, "26 renju openings"),
            ("soosorv", four, r#","step":6,"number":2,"offers":[[6,7],[8,7]]"#, "symmetrical"),
            ("soosorv", four, r#","step":6,"number":2,"offers":[[6,7],[7,7]]"#, "taken"),
            ("soosorv", four, r#","step":6,"number":2,"offers":[[6,7],[16,7]]"#, "off"),
            ("soosorv", four, r#","step":6,"number":3,"offers":[[6,7],[9,9]]"#, "3 declared"),
            ("move", "[]", r#","offers":[[6,7]]"#, "Soosõrv decision only"),
        ];
        for (purpose, moves, extra, expected) in bad {
            let error = opening(purpose, moves, extra).expect_err(extra);
            assert!(error.contains(expected), "{purpose} {moves}{extra}: {error}");
        }
    }
}
