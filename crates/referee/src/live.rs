//! The live view's side of a game: referee events turned into renzoku-live's [`LiveEvent`]s.
//! The game is announced once the colours are final (at once without an opening rule, after
//! the swaps with one), with every stone placed so far as its opening.

use renzoku_live::{EngineInfo, GameEnd, GameInfo, LiveEvent, LiveHub, MoveEvent, Side};
use renzoku_rules::Color;

use crate::event::{self, Event, Observer};

/// The referee's game id in the live view.
pub const GAME_ID: u64 = 1;

#[derive(Debug)]
pub struct LivePublisher {
    hub: LiveHub,
    info: Option<event::GameInfo>,
    /// Black's seat, once the colours are final.
    black: Option<usize>,
    clock_ms: [Option<u64>; 2],
}

impl LivePublisher {
    pub fn new(hub: LiveHub) -> LivePublisher {
        LivePublisher { hub, info: None, black: None, clock_ms: [None, None] }
    }

    fn side_of(black: usize, seat: usize) -> Side {
        if seat == black { Side::Black } else { Side::White }
    }

    /// Seat-ordered values in `[black, white]` order.
    fn by_colour<T: Copy>(black: usize, v: [T; 2]) -> [T; 2] {
        [v[black], v[1 - black]]
    }

    fn announce(&mut self, black: usize, stones: &[[u8; 2]]) {
        let Some(g) = &self.info else { return };
        self.black = Some(black);
        let white = 1 - black;
        self.hub.publish(LiveEvent::GameStarted(GameInfo {
            game: GAME_ID,
            black: g.names[black].clone(),
            white: g.names[white].clone(),
            rule: g.rule.gomocup_code(),
            width: g.board_size,
            height: g.board_size,
            opening: stones.to_vec(),
            time_match_ms: g.limits[black].match_ms,
            time_turn_ms: g.limits[black].turn_ms,
            increment_ms: g.limits[black].increment_ms,
            clock_ms: Self::by_colour(black, self.clock_ms),
        }));
    }
}

impl Observer for LivePublisher {
    fn event(&mut self, event: &Event) {
        match event {
            Event::Started(g) => {
                self.clock_ms = [g.limits[0].match_ms, g.limits[1].match_ms];
                self.info = Some(g.clone());
            }
            Event::Stone { ply, point, color, time_ms, clock_ms, .. } => {
                self.clock_ms = *clock_ms;
                // Stones before the colours are final arrive in the announcement.
                let Some(black) = self.black else { return };
                self.hub.publish(LiveEvent::Move(MoveEvent {
                    game: GAME_ID,
                    ply: *ply as u32,
                    x: point.x,
                    y: point.y,
                    side: if *color == Color::Black { Side::Black } else { Side::White },
                    time_ms: *time_ms,
                    clock_ms: Self::by_colour(black, *clock_ms),
                    // The hub takes it from the mover's report (its MESSAGE lines).
                    black_score: None,
                }));
            }
            Event::ColorsSet { black, stones } => {
                let stones: Vec<[u8; 2]> = stones.iter().map(|p| [p.x, p.y]).collect();
                self.announce(*black, &stones);
            }
            Event::Message { seat, text } => {
                if let Some(black) = self.black {
                    let side = Self::side_of(black, *seat);
                    self.hub.publish(LiveEvent::EngineInfo(EngineInfo::from_message(
                        GAME_ID, side, text,
                    )));
                }
            }
            Event::Swap { .. } => {}
            Event::Ended { ending, black, .. } => {
                if self.black.is_none() {
                    self.announce(*black, &[]);
                }
                self.hub.publish(LiveEvent::GameEnded(GameEnd {
                    game: GAME_ID,
                    winner: ending.winner.map(|w| Self::side_of(*black, w)),
                    reason: ending.reason.name().to_string(),
                    detail: ending.detail.clone(),
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeLimits;
    use crate::ending::{EndReason, Ending};
    use renzoku_rules::{Point, Rule};

    #[test]
    fn the_game_is_announced_with_final_colours_and_its_opening() {
        let hub = LiveHub::new();
        let mut p = LivePublisher::new(hub.clone());
        let limits = TimeLimits { turn_ms: Some(1000), match_ms: Some(9000), increment_ms: 0 };
        p.event(&Event::Started(event::GameInfo {
            rule: Rule::Renju,
            board_size: 15,
            names: ["A".into(), "B".into()],
            limits: [limits, limits],
            max_memory: 0,
            opening: "swap".into(),
        }));
        let stone = |ply, x, color, seat| Event::Stone {
            ply,
            point: Point::new(x, 7),
            color,
            seat,
            time_ms: 5,
            clock_ms: [Some(8000), Some(9000)],
            opening: true,
        };
        p.event(&stone(1, 1, Color::Black, Some(0)));
        p.event(&Event::Message { seat: 1, text: "thinking".into() });
        p.event(&Event::Swap { seat: 1, time_ms: 3 });
        p.event(&Event::ColorsSet { black: 1, stones: vec![Point::new(1, 7)] });
        p.event(&stone(2, 2, Color::White, Some(0)));
        p.event(&Event::Message { seat: 1, text: "depth 3 ev 10".into() });
        let end = Ending { winner: Some(1), reason: EndReason::Five, detail: "x".into() };
        p.event(&Event::Ended { ending: end, black: 1, peak_memory: [0, 0] });
        let all = hub.snapshot();
        let started = all.iter().find_map(|e| match e {
            LiveEvent::GameStarted(g) => Some(g.clone()),
            _ => None,
        });
        let started = started.unwrap_or_else(|| panic!("no GameStarted in {all:?}"));
        assert_eq!((started.black.as_str(), started.white.as_str()), ("B", "A"));
        assert_eq!(started.opening, vec![[1, 7]]);
        assert_eq!(started.rule, 4);
        assert!(
            all.iter()
                .any(|e| matches!(e, LiveEvent::Move(m) if m.ply == 2 && m.side == Side::White))
        );
    }
}
