//! Experiment switch for A/B tests in one process (the `selfplay` example): searches started
//! while a variant is set use that variant of an experimental feature. Variant 0 is the normal
//! engine; nothing else should set it. No experiment is active at the moment: a new one reads
//! `variant()` where it branches (e.g. in `Worker::new`) and is removed once decided.

use std::sync::atomic::{AtomicU32, Ordering};

static VARIANT: AtomicU32 = AtomicU32::new(0);

/// Selects the experimental variant used by searches started from now on.
pub fn set_variant(v: u32) {
    VARIANT.store(v, Ordering::Relaxed);
}

pub fn variant() -> u32 {
    VARIANT.load(Ordering::Relaxed)
}
