//! Breadcrumbs for Lazy SMP (Stockfish 11–13's `ThreadHolding`): near the root each thread
//! marks the node it is searching, so a second thread that arrives at the same node learns it
//! is not alone there and reduces its late moves more (`smp_crumbs`), moving on sooner to work
//! the first thread is not doing. With one thread nothing is ever marked by another.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Slots, indexed by the low bits of the node's key: only the nodes of the first plies are
/// marked, a few dozen per thread at a time.
const SLOTS: usize = 1024;

/// Marks nodes of the first plies where a thread is searching.
pub struct Crumbs {
    slots: Box<[Slot]>,
}

struct Slot {
    /// The marking thread's tag (0: free).
    owner: AtomicUsize,
    key: AtomicU64,
}

/// What [`Crumbs::enter`] found: the slot this thread marked (to free on leaving), and whether
/// another thread marks the same node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visit {
    pub owned: Option<usize>,
    pub shared: bool,
}

/// The slots in use, not the table: a `Shared` printed for a log stays one line.
impl std::fmt::Debug for Crumbs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let marked = self.slots.iter().filter(|s| s.owner.load(Ordering::Relaxed) != 0).count();
        write!(f, "Crumbs {{ marked: {marked} of {} }}", self.slots.len())
    }
}

impl Default for Crumbs {
    fn default() -> Self {
        let slots = (0..SLOTS).map(|_| Slot { owner: AtomicUsize::new(0), key: AtomicU64::new(0) });
        Crumbs { slots: slots.collect() }
    }
}

impl Crumbs {
    /// Thread `tag` (1 or more) enters the node `key`: it marks a free slot; a slot another
    /// thread holds for the same key says the node is shared. (Two threads racing for a free
    /// slot may both believe they hold it: a hint, like Stockfish's, not a lock.)
    pub fn enter(&self, key: u64, tag: usize) -> Visit {
        let i = key as usize & (SLOTS - 1);
        let slot = &self.slots[i];
        let owner = slot.owner.load(Ordering::Relaxed);
        if owner == 0 {
            slot.key.store(key, Ordering::Relaxed);
            slot.owner.store(tag, Ordering::Relaxed);
            Visit { owned: Some(i), shared: false }
        } else {
            let shared = owner != tag && slot.key.load(Ordering::Relaxed) == key;
            Visit { owned: None, shared }
        }
    }

    /// Frees the slot [`Crumbs::enter`] marked.
    pub fn leave(&self, visit: Visit) {
        if let Some(i) = visit.owned {
            self.slots[i].owner.store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_thread_sees_the_first_until_it_leaves() {
        let crumbs = Crumbs::default();
        let first = crumbs.enter(77, 1);
        assert_eq!(first, Visit { owned: Some(77), shared: false });
        // The same thread again (a transposition below): not shared, nothing owned.
        assert_eq!(crumbs.enter(77, 1), Visit { owned: None, shared: false });
        assert_eq!(crumbs.enter(77, 2), Visit { owned: None, shared: true });
        // Another node in the same slot is not this one.
        assert_eq!(crumbs.enter(77 + SLOTS as u64, 2), Visit { owned: None, shared: false });
        crumbs.leave(first);
        assert_eq!(crumbs.enter(77, 2), Visit { owned: Some(77), shared: false });
    }
}
