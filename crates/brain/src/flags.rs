//! Flags the reader thread raises while the controller searches.
//!
//! The engine polls one `AtomicBool`. Normal searches poll `stop` (raised by STOP/YXSTOP/END);
//! ponder searches poll `interrupt` (raised by any new command). Sequence numbers close the race
//! where STOP arrives after its search's command was queued but before the search started.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

#[derive(Debug, Default)]
pub struct Flags {
    pub stop: AtomicBool,
    pub interrupt: AtomicBool,
    /// Sequence number of the last command forwarded to the controller.
    forwarded: AtomicU64,
    /// Value of `forwarded` when the last STOP arrived.
    stop_after: AtomicU64,
    /// END arrived: searches still queued are skipped, the running one is abandoned.
    ending: AtomicBool,
    /// End of input: nobody can send STOP any more.
    eof: AtomicBool,
    /// The running search has no limit at all (it ends only by STOP).
    unbounded: AtomicBool,
}

impl Flags {
    /// Reader side: a command is about to be forwarded; returns its sequence number.
    pub fn next_seq(&self) -> u64 {
        self.forwarded.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The sequence number of the last command forwarded.
    pub fn last_seq(&self) -> u64 {
        self.forwarded.load(Ordering::SeqCst)
    }

    /// Reader side: a command was forwarded (so a ponder search must end).
    pub fn forwarded(&self) {
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Reader side: STOP or YXSTOP.
    pub fn request_stop(&self) {
        self.stop_after.store(self.forwarded.load(Ordering::SeqCst), Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Controller side: arm `stop` for the search answering command `seq`. A STOP that arrived
    /// after that command was forwarded still stops it. A search without any limit
    /// (`unbounded`) is stopped at once after end of input, since no STOP can come any more.
    pub fn arm_stop(&self, seq: u64, unbounded: bool) {
        self.stop.store(false, Ordering::SeqCst);
        if self.stop_after.load(Ordering::SeqCst) >= seq {
            self.stop.store(true, Ordering::SeqCst);
        }
        // Set before `eof` is read; the reader sets `eof` before reading this: one of the two
        // sees the other, so an unbounded search never outlives the input unnoticed.
        self.unbounded.store(unbounded, Ordering::SeqCst);
        if unbounded && self.eof.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Reader side: END. The running search is stopped (its reply is not printed) and queued
    /// searches will be skipped.
    pub fn request_end(&self) {
        self.ending.store(true, Ordering::SeqCst);
        self.request_stop();
    }

    pub fn ending(&self) -> bool {
        self.ending.load(Ordering::SeqCst)
    }

    /// Reader side: end of input. Queued searches still run with their limits, but one without
    /// any limit is stopped as by STOP (see [`Flags::arm_stop`]).
    pub fn input_closed(&self) {
        self.eof.store(true, Ordering::SeqCst);
        if self.unbounded.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Controller side: arm `interrupt` for a ponder search after command `seq` (the PONDER
    /// itself, or the command whose reply is followed by automatic pondering); false if a later
    /// command has been counted already. The reader counts a command and raises the flag before
    /// queueing it, and the check follows the clearing: a command counted after the check
    /// raises the flag after the clearing, so none can slip through, and the raising for
    /// command `seq` itself happened before it was received, so it cannot end this search.
    pub fn arm_interrupt(&self, seq: u64) -> bool {
        self.interrupt.store(false, Ordering::SeqCst);
        self.last_seq() <= seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_after_queueing_still_stops() {
        let flags = Flags::default();
        let seq = flags.next_seq();
        flags.request_stop();
        flags.arm_stop(seq, false);
        assert!(flags.stop.load(Ordering::SeqCst));
        // A STOP that came before the command does not stop the next search.
        let next = flags.next_seq();
        flags.arm_stop(next, false);
        assert!(!flags.stop.load(Ordering::SeqCst));
    }

    #[test]
    fn end_of_input_stops_only_unbounded_searches() {
        let flags = Flags::default();
        let seq = flags.next_seq();
        flags.arm_stop(seq, true);
        assert!(!flags.stop.load(Ordering::SeqCst));
        flags.input_closed();
        assert!(flags.stop.load(Ordering::SeqCst), "running unbounded search stopped");
        let next = flags.next_seq();
        flags.arm_stop(next, false);
        assert!(!flags.stop.load(Ordering::SeqCst), "a limited search runs normally");
        flags.arm_stop(flags.next_seq(), true);
        assert!(flags.stop.load(Ordering::SeqCst), "a queued unbounded search is stopped");
        assert!(!flags.ending());
        flags.request_end();
        assert!(flags.ending());
    }

    #[test]
    fn pending_commands_prevent_pondering() {
        let flags = Flags::default();
        flags.forwarded();
        let ponder = flags.next_seq();
        // The PONDER's own forwarding does not end its search.
        assert!(flags.arm_interrupt(ponder));
        assert!(!flags.interrupt.load(Ordering::SeqCst));
        // A command counted before the ponder starts prevents it; one after interrupts it.
        let later = flags.next_seq();
        assert!(!flags.arm_interrupt(ponder));
        assert!(flags.arm_interrupt(later));
        flags.forwarded();
        assert!(flags.interrupt.load(Ordering::SeqCst));
    }
}
