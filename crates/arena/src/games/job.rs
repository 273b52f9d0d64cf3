//! One game to play: its place in the run, the pair and who moves first, the opening.

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 0-based game number across the run.
    pub index: usize,
    pub round: u32,
    /// Which engine pair (encounter) this game belongs to.
    pub encounter: usize,
    /// The pair: results are counted from `engines[0]`'s point of view.
    pub engines: [usize; 2],
    /// When set, `engines[1]` makes the first move after the opening.
    pub reverse: bool,
    /// Index into the openings, if any.
    pub opening: Option<usize>,
    /// Board transform (0 = identity) applied to the opening.
    pub transform: usize,
}

impl Job {
    /// The engine that moves first after the opening, then the other.
    pub fn movers(&self) -> [usize; 2] {
        if self.reverse { [self.engines[1], self.engines[0]] } else { self.engines }
    }
}
