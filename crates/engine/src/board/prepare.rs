//! The pattern tables of each rule, built ahead of the first search: at once for one rule
//! ([`prepare`]) or for all of them on a background thread ([`prepare_all_in_background`]).

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use renzoku_rules::Rule;

/// Builds the pattern tables of `rule` now, if they are not built yet (they are otherwise built
/// on first use; each takes tens of milliseconds). When the two colours of `rule` use different
/// tables, both are built at once on two threads. A table another thread is building is waited
/// for, not built twice.
pub fn prepare(rule: Rule) {
    use renzoku_rules::Color;
    let index = rule_index(rule);
    if PREPARED[index].load(Ordering::Acquire) {
        return;
    }
    std::thread::scope(|scope| {
        let black = scope.spawn(|| {
            crate::pattern::own_table(rule, Color::Black);
        });
        crate::pattern::own_table(rule, Color::White);
        // A panic while building is a bug; building again on first use reports it there.
        let _ = black.join();
    });
    crate::pattern::pair_table(rule);
    PREPARED[index].store(true, Ordering::Release);
}

/// Which rules have their pattern tables built (set by [`prepare`]).
static PREPARED: [AtomicBool; Rule::ALL.len()] = [const { AtomicBool::new(false) }; _];

/// Whether [`prepare`] has finished for `rule`, without waiting: a caller with a hard deadline
/// (the brain's first move right after START) can answer another way instead of blocking.
pub fn is_prepared(rule: Rule) -> bool {
    PREPARED[rule_index(rule)].load(Ordering::Acquire)
}

pub(crate) fn rule_index(rule: Rule) -> usize {
    Rule::ALL.iter().position(|r| *r == rule).unwrap_or(0)
}

/// Starts building the pattern tables of every rule on a background thread (once per process;
/// later calls do nothing). A search that needs a table still being built waits only for that
/// table, see [`prepare`].
pub fn prepare_all_in_background() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let spawned = std::thread::Builder::new().name("pattern-tables".into()).spawn(|| {
            for rule in Rule::ALL {
                for color in [renzoku_rules::Color::Black, renzoku_rules::Color::White] {
                    crate::pattern::own_table(rule, color);
                }
                crate::pattern::pair_table(rule);
            }
        });
        if let Err(e) = spawned {
            // Not fatal: each search builds what it needs.
            eprintln!("renzoku-engine: cannot start the pattern-table thread: {e}");
        }
    });
}
