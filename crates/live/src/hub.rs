//! The live state shared by producers and viewers.
//!
//! Producers call [`LiveHub::publish`] from plain threads; the hub applies the event to its
//! state and forwards it on a bounded broadcast channel. Sending on a broadcast channel never
//! waits: a viewer that falls more than [`CHANNEL_CAPACITY`] events behind loses its place
//! (`Lagged`) and rebuilds its view from a fresh [`LiveHub::snapshot`] instead of slowing the
//! game down.
//!
//! Engine reports are merged per search: an engine may print its depth and evaluation on one
//! `MESSAGE` line and its PV on the next (Rapfi does), and a producer may publish each line as
//! it comes. Until that side's next move, a new [`EngineInfo`] only adds to the report (see
//! [`EngineInfo::absorb`]); after the move, the next one starts a new report. Viewers receive
//! the merged report, so the page only ever replaces what it shows.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::broadcast;

use crate::event::{EngineInfo, GameEnd, GameInfo, LiveEvent, MatchProgress, MoveEvent, Standings};

/// Events a viewer may fall behind before it has to resynchronise from a snapshot.
pub const CHANNEL_CAPACITY: usize = 4096;

/// Finished games kept for viewers that connect later.
pub const FINISHED_KEPT: usize = 12;

/// Thread-safe, cheap to clone; `publish` never blocks on slow viewers.
#[derive(Clone, Debug)]
pub struct LiveHub {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    state: Mutex<State>,
    sender: broadcast::Sender<LiveEvent>,
}

#[derive(Debug, Default)]
struct State {
    running: BTreeMap<u64, GameRecord>,
    /// Oldest first.
    finished: VecDeque<GameRecord>,
    standings: Option<Standings>,
    /// The match graph: one point per standings update of a two-engine match.
    history: Vec<MatchProgress>,
}

/// One game as far as it went.
#[derive(Debug)]
struct GameRecord {
    info: GameInfo,
    moves: Vec<MoveEvent>,
    engines: [Option<EngineInfo>; 2],
    /// The side has moved since its stored report: the next report starts afresh.
    moved_since_report: [bool; 2],
    end: Option<GameEnd>,
}

impl GameRecord {
    fn push_events(&self, out: &mut Vec<LiveEvent>) {
        out.push(LiveEvent::GameStarted(self.info.clone()));
        out.extend(self.moves.iter().cloned().map(LiveEvent::Move));
        out.extend(self.engines.iter().flatten().cloned().map(LiveEvent::EngineInfo));
        if let Some(end) = &self.end {
            out.push(LiveEvent::GameEnded(end.clone()));
        }
    }
}

impl State {
    /// Updates the state; returns what viewers get (an engine report merged with the earlier
    /// lines of the same search, a move with its evaluation point, everything else as it came).
    fn apply(&mut self, mut event: LiveEvent) -> LiveEvent {
        if let LiveEvent::Move(mv) = &mut event
            && mv.black_score.is_none()
            && let Some(record) = self.running.get(&mv.game)
        {
            // The mover's report since its previous move is the search of this move.
            let side = mv.side.index();
            if !record.moved_since_report[side] {
                mv.black_score = record.engines[side].as_ref().and_then(crate::score::black_score);
            }
        }
        match &event {
            LiveEvent::GameStarted(info) => {
                // A repeated id starts the game afresh (a producer restarting it).
                self.running.insert(
                    info.game,
                    GameRecord {
                        info: info.clone(),
                        moves: Vec::new(),
                        engines: [None, None],
                        moved_since_report: [false, false],
                        end: None,
                    },
                );
            }
            LiveEvent::Move(mv) => {
                if let Some(record) = self.running.get_mut(&mv.game) {
                    record.moves.push(mv.clone());
                    record.moved_since_report[mv.side.index()] = true;
                }
            }
            LiveEvent::EngineInfo(info) => {
                if let Some(record) = self.running.get_mut(&info.game) {
                    let side = info.side.index();
                    let merged = match record.engines[side].take() {
                        Some(mut report) if !record.moved_since_report[side] => {
                            report.absorb(info.clone());
                            report
                        }
                        _ => info.clone(),
                    };
                    record.moved_since_report[side] = false;
                    record.engines[side] = Some(merged.clone());
                    return LiveEvent::EngineInfo(merged);
                }
            }
            LiveEvent::GameEnded(end) => {
                if let Some(mut record) = self.running.remove(&end.game) {
                    record.end = Some(end.clone());
                    if self.finished.len() == FINISHED_KEPT {
                        self.finished.pop_front();
                    }
                    self.finished.push_back(record);
                }
            }
            LiveEvent::Standings(standings) => {
                if let Some(point) = &standings.progress {
                    // A producer may repeat an update: one point per number of games.
                    if self.history.last().is_some_and(|last| last.games >= point.games) {
                        self.history.pop();
                    }
                    self.history.push(point.clone());
                }
                self.standings = Some(Standings { history: Vec::new(), ..standings.clone() });
            }
        }
        event
    }

    fn snapshot(&self) -> Vec<LiveEvent> {
        let mut out = Vec::new();
        if let Some(standings) = &self.standings {
            // A late viewer gets the whole match graph with the table.
            let history = self.history.clone();
            out.push(LiveEvent::Standings(Standings { history, ..standings.clone() }));
        }
        for record in self.finished.iter().chain(self.running.values()) {
            record.push_events(&mut out);
        }
        out
    }
}

impl Default for LiveHub {
    fn default() -> LiveHub {
        LiveHub::new()
    }
}

impl LiveHub {
    pub fn new() -> LiveHub {
        let (sender, _) = broadcast::channel(CHANNEL_CAPACITY);
        LiveHub { shared: Arc::new(Shared { state: Mutex::new(State::default()), sender }) }
    }

    /// Records the event and forwards it to every connected viewer. Never waits for viewers.
    pub fn publish(&self, event: LiveEvent) {
        // Applying and sending under one lock keeps every viewer's order equal to the state's
        // order, and lets `subscribe` take a snapshot that no event can slip past.
        let mut state = self.lock();
        let event = state.apply(event);
        // An error only means nobody is watching right now.
        let _ = self.shared.sender.send(event);
    }

    /// Events that rebuild the current state for a viewer that connects now.
    pub fn snapshot(&self) -> Vec<LiveEvent> {
        self.lock().snapshot()
    }

    /// The current snapshot plus a receiver of every event published after it, taken
    /// atomically: nothing is missed and nothing is seen twice.
    pub fn subscribe(&self) -> (Vec<LiveEvent>, broadcast::Receiver<LiveEvent>) {
        let state = self.lock();
        (state.snapshot(), self.shared.sender.subscribe())
    }

    /// Viewers connected right now.
    pub fn viewers(&self) -> usize {
        self.shared.sender.receiver_count()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent even if a publisher panicked mid-way: each `apply` arm
        // makes one insertion or removal.
        self.shared.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Side;

    fn started(game: u64) -> LiveEvent {
        LiveEvent::GameStarted(GameInfo {
            game,
            black: "alpha".into(),
            white: "beta".into(),
            rule: 0,
            width: 15,
            height: 15,
            opening: vec![[7, 7]],
            time_match_ms: Some(10_000),
            time_turn_ms: Some(1_000),
            increment_ms: 0,
            clock_ms: [Some(10_000), Some(10_000)],
        })
    }

    fn mv(game: u64, ply: u32, x: u8, side: Side) -> LiveEvent {
        LiveEvent::Move(MoveEvent {
            game,
            ply,
            x,
            y: 3,
            side,
            time_ms: 5,
            clock_ms: [Some(9_000), Some(9_000)],
            black_score: None,
        })
    }

    fn info(game: u64, side: Side, depth: &str) -> LiveEvent {
        LiveEvent::EngineInfo(EngineInfo {
            game,
            side,
            depth: Some(depth.into()),
            eval: None,
            pv: None,
            text: format!("depth {depth}"),
        })
    }

    fn ended(game: u64) -> LiveEvent {
        LiveEvent::GameEnded(GameEnd {
            game,
            winner: Some(Side::Black),
            reason: "five".into(),
            detail: String::new(),
        })
    }

    #[test]
    fn snapshot_replays_a_running_game_with_latest_engine_info_only() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        hub.publish(mv(1, 2, 4, Side::White));
        hub.publish(info(1, Side::Black, "3"));
        hub.publish(info(1, Side::Black, "4"));
        hub.publish(mv(1, 3, 5, Side::Black));
        assert_eq!(
            hub.snapshot(),
            vec![
                started(1),
                mv(1, 2, 4, Side::White),
                mv(1, 3, 5, Side::Black),
                info(1, Side::Black, "4")
            ]
        );
    }

    #[test]
    fn report_lines_of_one_search_merge_and_a_move_starts_the_next_report() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        let (_, mut receiver) = hub.subscribe();
        let line =
            |text: &str| LiveEvent::EngineInfo(EngineInfo::from_message(1, Side::White, text));
        hub.publish(line("MESSAGE Speed 613K | Depth 19-32 | Eval 188 | Node 902K | Time 1471ms"));
        hub.publish(line("MESSAGE Bestline I7 H7 G9"));
        hub.publish(line("MESSAGE REALTIME BEST 7,7"));
        let received: Vec<LiveEvent> = std::iter::from_fn(|| receiver.try_recv().ok()).collect();
        let LiveEvent::EngineInfo(last) = &received[2] else { panic!("{received:?}") };
        assert_eq!(last.depth.as_deref(), Some("19-32"));
        assert_eq!(last.eval.as_deref(), Some("188"));
        assert_eq!(last.pv.as_deref(), Some("I7 H7 G9"));
        assert_eq!(last.text, "Bestline I7 H7 G9");
        assert_eq!(hub.snapshot().last(), received.last());

        // Black's move does not end white's search; white's own move does.
        hub.publish(mv(1, 2, 4, Side::Black));
        hub.publish(line("depth 3"));
        let Some(LiveEvent::EngineInfo(merged)) = hub.snapshot().pop() else { panic!() };
        assert_eq!((merged.depth.as_deref(), merged.pv.as_deref()), (Some("3"), Some("I7 H7 G9")));
        hub.publish(mv(1, 3, 5, Side::White));
        hub.publish(line("depth 4"));
        let Some(LiveEvent::EngineInfo(fresh)) = hub.snapshot().pop() else { panic!() };
        assert_eq!(
            (fresh.depth.as_deref(), fresh.eval.as_deref(), fresh.pv.as_deref()),
            (Some("4"), None, None)
        );
    }

    #[test]
    fn finished_games_come_first_and_only_the_last_few_are_kept() {
        let hub = LiveHub::new();
        hub.publish(started(100));
        for game in 0..(FINISHED_KEPT as u64 + 3) {
            hub.publish(started(game));
            hub.publish(mv(game, 2, 1, Side::White));
            hub.publish(ended(game));
        }
        let snapshot = hub.snapshot();
        let starts: Vec<u64> = snapshot
            .iter()
            .filter(|event| matches!(event, LiveEvent::GameStarted(_)))
            .filter_map(LiveEvent::game)
            .collect();
        let mut expected: Vec<u64> = (3..FINISHED_KEPT as u64 + 3).collect();
        expected.push(100);
        assert_eq!(starts, expected);
        assert_eq!(snapshot.last(), Some(&started(100)));
    }

    #[test]
    fn standings_are_replaced_and_come_first() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        for done in 1..=2 {
            hub.publish(LiveEvent::Standings(Standings {
                title: "t".into(),
                games_done: done,
                games_total: 10,
                rows: Vec::new(),
                summary: Vec::new(),
                progress: None,
                elo_model: None,
                history: Vec::new(),
            }));
        }
        let snapshot = hub.snapshot();
        assert_eq!(snapshot.len(), 2);
        assert!(matches!(&snapshot[0], LiveEvent::Standings(s) if s.games_done == 2));
    }

    #[test]
    fn a_move_carries_the_movers_evaluation_from_blacks_point_of_view() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        let report = |side, text: &str| {
            LiveEvent::EngineInfo(EngineInfo::from_message(1, side, &format!("MESSAGE {text}")))
        };
        hub.publish(report(Side::White, "depth 9-16 ev 200 n 5K n/ms 1 tm 1 pv h8"));
        hub.publish(mv(1, 2, 4, Side::White));
        // Black moves without a report of its own: no point for that ply.
        hub.publish(mv(1, 3, 5, Side::Black));
        hub.publish(report(Side::White, "depth 9-16 ev +M5 n 5K n/ms 1 tm 1 pv h8"));
        hub.publish(mv(1, 4, 6, Side::White));
        let scores: Vec<Option<f64>> = hub
            .snapshot()
            .iter()
            .filter_map(|e| match e {
                LiveEvent::Move(m) => Some(m.black_score.map(|s| (s * 1000.0).round() / 1000.0)),
                _ => None,
            })
            .collect();
        // White's +200 is black's 1 / (1 + e) = 0.269; white's mate is black's 0.
        assert_eq!(scores, vec![Some(0.269), None, Some(0.0)]);
    }

    #[test]
    fn the_match_graph_is_kept_and_given_to_late_viewers() {
        let hub = LiveHub::new();
        let point = |games: u64, points: f64| MatchProgress {
            games,
            first: "a".into(),
            second: "b".into(),
            points,
            elo: None,
            elo_error: None,
            sprt: None,
        };
        let (_, mut receiver) = hub.subscribe();
        for (games, points) in [(1, 1.0), (2, 1.5), (2, 1.5), (3, 1.5)] {
            hub.publish(LiveEvent::Standings(Standings {
                title: "a vs b".into(),
                games_done: games,
                games_total: 10,
                rows: Vec::new(),
                summary: Vec::new(),
                progress: Some(point(games, points)),
                elo_model: None,
                history: Vec::new(),
            }));
        }
        // Live events carry their own point only.
        let live: Vec<LiveEvent> = std::iter::from_fn(|| receiver.try_recv().ok()).collect();
        assert!(live.iter().all(|e| matches!(e, LiveEvent::Standings(s) if s.history.is_empty())));
        let Some(LiveEvent::Standings(late)) = hub.snapshot().first().cloned() else { panic!() };
        assert_eq!(late.history, vec![point(1, 1.0), point(2, 1.5), point(3, 1.5)]);
    }

    #[test]
    fn events_for_unknown_games_do_not_enter_the_state() {
        let hub = LiveHub::new();
        hub.publish(mv(9, 1, 1, Side::Black));
        hub.publish(ended(9));
        assert!(hub.snapshot().is_empty());
    }

    #[test]
    fn subscribers_get_events_after_their_snapshot_in_order() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        let (snapshot, mut receiver) = hub.subscribe();
        assert_eq!(snapshot, vec![started(1)]);
        assert_eq!(hub.viewers(), 1);
        let publisher = {
            let hub = hub.clone();
            std::thread::spawn(move || {
                for ply in 2..50 {
                    hub.publish(mv(1, ply, 0, Side::White));
                }
            })
        };
        publisher.join().expect("publisher thread");
        for ply in 2..50 {
            assert_eq!(receiver.try_recv().ok(), Some(mv(1, ply, 0, Side::White)));
        }
    }

    #[test]
    fn a_lagging_subscriber_is_told_and_publishing_does_not_block() {
        let hub = LiveHub::new();
        hub.publish(started(1));
        let (_, mut receiver) = hub.subscribe();
        for ply in 0..(CHANNEL_CAPACITY as u32 + 10) {
            hub.publish(mv(1, ply, 0, Side::Black));
        }
        assert!(matches!(receiver.try_recv(), Err(broadcast::error::TryRecvError::Lagged(_))));
        assert_eq!(hub.snapshot().len(), CHANNEL_CAPACITY + 11);
    }
}
