//! Progress reports. The engine never prints: the brain turns these into `MESSAGE` lines, Yixin
//! realtime output or multi-PV tables; tests simply record them.

use std::time::Duration;

use renzoku_rules::Point;

use crate::score::Score;

/// One finished iteration (one depth) of one principal variation.
#[derive(Clone, PartialEq, Debug)]
pub struct IterationInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line when several principal variations are searched.
    pub multipv: u32,
    pub score: Score,
    pub winrate: f64,
    /// Nodes over all threads so far.
    pub nodes: u64,
    pub elapsed: Duration,
    pub nps: u64,
    /// Hash table fill in permille.
    pub hash_permille: u32,
    /// The principal variation; its first move is this line's move.
    pub pv: Vec<Point>,
}

/// The root move about to be searched (Yixin realtime "thinking about" output).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RootMoveInfo {
    pub depth: u32,
    pub point: Point,
    /// 1-based position of the move in the root ordering.
    pub index: u32,
    pub total: u32,
}

/// Receives progress during a search. Every method has an empty default.
pub trait SearchObserver {
    /// Called when an iteration completes (once per principal variation in multi-PV mode).
    fn on_iteration(&mut self, _info: &IterationInfo) {}
    /// Called before each root move of an iteration (main thread only).
    fn on_root_move(&mut self, _info: &RootMoveInfo) {}
}

/// An observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullObserver;

impl SearchObserver for NullObserver {}
