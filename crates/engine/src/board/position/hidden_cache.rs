//! The hidden-sum cache: the hidden layer's sums along the move stack, brought up to date from
//! the change log only when an evaluation asks for them.

use std::cell::Cell;

use renzoku_rules::{Color, Rule};

use crate::eval::hidden;
use crate::eval::square::Tables;

use super::layout::codes_of;
use super::log::{Change, ChangeLog, LineChange, Undo};

/// The hidden sums (`hidden::Sums`, per colour) of the positions along the move stack, brought
/// up to date lazily: a move only logs the codes it changes, and the sums follow the log when
/// an evaluation asks for them. Searches make many moves that are never evaluated (the VCF
/// searches, hash cut-offs), and the update is the costly part of the hidden layer.
#[derive(Clone, Debug)]
pub(super) struct HiddenCache {
    /// `sums[k]`: the sums after the first `k` moves of the stack (k = 0: the position built).
    pub(super) sums: Vec<[hidden::Sums; 2]>,
    pub(super) layer: &'static hidden::Layer,
    /// Per colour.
    pub(super) combo_of: [&'static [u16; 1 << 16]; 2],
}

/// What a move changed, as the replay reads it: the squares' codes and the line windows.
#[derive(Clone, Copy)]
pub(super) struct Logged<'a> {
    pub(super) changes: &'a [Change],
    pub(super) lines: &'a [LineChange],
}

/// Both colours' hidden sums after a move: those before it (`from`) with its logged code
/// changes applied, written to `to` (read and written in place, not copied to and fro).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn replay_changes(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    logged: Logged<'_>,
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    // One colour at a time, its sums in a local copy: the compiler keeps them in registers
    // through the changes instead of loading and storing them for every square.
    for (c, sums) in to.iter_mut().enumerate() {
        let (embed, combo_of) = (layer.embed(c), combo_of[c]);
        let mut s = from[c];
        for &[_, old, new] in logged.changes {
            let before = combo_of[codes_of(old, c) as usize];
            let after = combo_of[codes_of(new, c) as usize];
            if before != after {
                hidden::update(embed, &mut s, usize::from(before), usize::from(after));
            }
        }
        if let Some(lines) = layer.lines(c) {
            let windows = hidden::window_of_key();
            for &[old, new] in logged.lines {
                let (before, after) = (windows[usize::from(old)][c], windows[usize::from(new)][c]);
                if before != after {
                    hidden::update(lines, &mut s, usize::from(before), usize::from(after));
                }
            }
        }
        *sums = s;
    }
}

/// [`replay_changes`] compiled for AVX2: the sums are 32-bit lanes, eight to a register instead
/// of four (about 7 % less CPU for the whole search than the baseline x86-64 code).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) fn replay_changes_avx2(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    logged: Logged<'_>,
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    replay_changes(layer, combo_of, logged, from, to);
}

/// [`replay_changes`] with the widest vectors the CPU has (checked at run time, so one binary
/// runs everywhere).
#[allow(unsafe_code)]
pub(super) fn replay(
    layer: &hidden::Layer,
    combo_of: [&[u16; 1 << 16]; 2],
    logged: Logged<'_>,
    from: &[hidden::Sums; 2],
    to: &mut [hidden::Sums; 2],
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above; that is the only requirement of
        // a `target_feature` function.
        unsafe { replay_changes_avx2(layer, combo_of, logged, from, to) };
        return;
    }
    replay_changes(layer, combo_of, logged, from, to);
}

impl HiddenCache {
    /// The cache of a position just built under `rule`, whose empty squares' `pat` words are
    /// `empty_pats` and their inner line keys (`hidden::window_of_key`) `empty_keys`.
    pub(super) fn new(
        layer: &'static hidden::Layer,
        rule: Rule,
        empty_pats: impl Iterator<Item = u32>,
        empty_keys: impl Iterator<Item = u16>,
        room: usize,
    ) -> HiddenCache {
        let combo_of =
            [Color::Black, Color::White].map(|c| hidden::combo_of_key(Tables::of(rule, c)));
        let mut sums = [hidden::NO_SUMS; 2];
        for pat in empty_pats {
            for (c, s) in sums.iter_mut().enumerate() {
                let key = codes_of(pat, c) as usize;
                hidden::add(layer.embed(c), s, usize::from(combo_of[c][key]));
            }
        }
        if layer.has_lines() {
            let windows = hidden::window_of_key();
            for key in empty_keys {
                for (c, s) in sums.iter_mut().enumerate() {
                    if let Some(lines) = layer.lines(c) {
                        hidden::add(lines, s, usize::from(windows[usize::from(key)][c]));
                    }
                }
            }
        }
        let mut all = Vec::with_capacity(room);
        all.push(sums);
        HiddenCache { sums: all, layer, combo_of }
    }

    /// The sums of the current position (the move stack `stack` over the change log
    /// `changes`): those of the last position still valid on the stack (`valid`: how many
    /// entries of the cache are), plus the logged changes of every move after it.
    pub(super) fn current(
        &mut self,
        stack: &[Undo],
        changes: &ChangeLog,
        line_changes: &ChangeLog<LineChange>,
        valid: &Cell<usize>,
    ) -> &[hidden::Sums; 2] {
        let depth = stack.len();
        while valid.get() <= depth {
            let k = valid.get();
            let start = stack[k - 1].changes;
            let end = stack.get(k).map_or(changes.len, |u| u.changes);
            if self.sums.len() == k {
                self.sums.push([hidden::NO_SUMS; 2]);
            }
            let (before, after) = self.sums.split_at_mut(k);
            let line_start = stack[k - 1].line_changes;
            let line_end = stack.get(k).map_or(line_changes.len, |u| u.line_changes);
            let logged = Logged {
                changes: &changes.entries[start..end],
                lines: &line_changes.entries[line_start..line_end],
            };
            replay(self.layer, self.combo_of, logged, &before[k - 1], &mut after[0]);
            valid.set(k + 1);
        }
        &self.sums[depth]
    }
}
