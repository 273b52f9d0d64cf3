//! One search thread: PVS alpha-beta with a transposition table, threat-driven move generation,
//! killer and history ordering, late-move reductions and pruning, and a VCF probe at the leaves.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::board::position::Position;
use crate::board::static_eval::{EVAL_LIMIT, static_eval};
use crate::eval::square::{CL_3, CL_4, CL_43, CL_LOW, CL_NONE};
use crate::score::{INF, MATE, MATE_BOUND};
use crate::search::correction::Correction;
use crate::search::crumbs::Crumbs;
use crate::search::history::{self, History, Kind};
use crate::search::movegen::{
    blocks_can_spoil, defence_moves, four_three_defence, has_four_moves, legal_flex4, quiet_moves,
};
use crate::search::order::OrderTerms;
use crate::search::params::{Param, Params};
use crate::search::tt::{Bound, Entry, TranspositionTable};

pub const MAX_PLY: usize = 120;

/// One ply of search depth. Depths are in hundredths of a ply, so that an extension or reduction
/// may be a fraction of a ply (Rapfi's depths are fractional); today's are whole plies (keeping
/// the reductions' fractions was neutral, docs/experiments.md). A node's remaining depth meets
/// whole-ply thresholds as `depth <= n * PLY`, and the hash table keeps whole plies.
pub const PLY: i32 = 100;

/// No move (the excluded move of a ply outside a singular-extension test).
const NO_MOVE: usize = usize::MAX;

/// Marks a ply without a static value (static values are clamped far inside this).
const NO_EVAL: i32 = i32::MIN;
// The search constants (leaf VCF depth, futility and razoring margins, late-move limits, move
// ordering bonuses) are tunable: see `params.rs`. (Futility depth 6 against 3: 67-30-3 at
// tc=5/0.5.)

/// Limits and flags shared by all threads of one search.
#[derive(Debug)]
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    /// The caller's stop flag.
    pub stop_ext: &'a AtomicBool,
    /// Set by the main thread when the search must end (time, nodes, depth, proven result).
    pub stop_int: AtomicBool,
    pub nodes: AtomicU64,
    pub start: Instant,
    pub hard: Option<Duration>,
    pub max_nodes: Option<u64>,
    /// Tunable search constants.
    pub params: Params,
    /// Which nodes near the root each thread is searching (`smp_crumbs`; tagged thread + 1).
    pub crumbs: Crumbs,
}

impl<'a> Shared<'a> {
    /// The state of a search starting now, with no time or node limit (set `hard` and
    /// `max_nodes` for those).
    pub fn new(tt: &'a TranspositionTable, stop_ext: &'a AtomicBool, params: Params) -> Self {
        Shared {
            tt,
            stop_ext,
            stop_int: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            hard: None,
            max_nodes: None,
            params,
            crumbs: Crumbs::default(),
        }
    }
}

/// Converts a score to its hash-table form (mate distances from the node, not the root).
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A move's ordering key: sorting the keys in increasing order sorts the moves by decreasing
/// score `s`, ties by increasing generation index `i` (the order of the `(Reverse(s), i)` pairs;
/// one integer compares faster than the pair). The square `m` rides in the low bits.
fn sort_key(s: i32, i: usize, m: usize) -> u64 {
    debug_assert!(i < 1 << 16 && m < 1 << 16);
    // Flipping the sign bit maps i32 order onto u32 order; the complement reverses it.
    let descending = !((s as u32) ^ 0x8000_0000);
    u64::from(descending) << 32 | (i as u64) << 16 | m as u64
}

/// Late-move reduction of move number `n` (from 0) at remaining `depth`, both depths in
/// [`PLY`] units: `scale/100 * ln(depth) * ln(n + 1)` plies, rounded down to a hundredth of a
/// ply.
fn log_reduction(scale: i32, depth: i32, n: usize) -> i32 {
    let r = f64::from(scale) / 100.0 * plies(depth).ln() * ((n + 1) as f64).ln();
    (r * f64::from(PLY)) as i32
}

/// `depth` rounded down to whole plies.
#[inline]
fn whole(depth: i32) -> i32 {
    depth.div_euclid(PLY) * PLY
}

/// A depth in [`PLY`] units as plies, at least one (the reduction and move-count formulas take
/// logarithms and powers of it).
fn plies(depth: i32) -> f64 {
    f64::from(depth.max(PLY)) / f64::from(PLY)
}

/// Moves a node picks one by one before it sorts the rest of its list at once.
const SELECTED_MOVES: usize = 6;

/// The square of the `n`th best move of `keys` (ordering keys from [`Worker::order_keys`]),
/// when `keys[..n]` hold the `n` best in order: `keys[n]` becomes the next best. Most nodes
/// search only their first few moves (a cut-off, the late-move limit), so the first
/// [`SELECTED_MOVES`] are selected and only a node that goes on sorts the rest; the keys are
/// distinct, so the order is the full sort's.
#[inline]
fn pick_move(keys: &mut [u64], n: usize) -> usize {
    if n < SELECTED_MOVES {
        let mut at = n;
        for i in n + 1..keys.len() {
            if keys[i] < keys[at] {
                at = i;
            }
        }
        keys.swap(n, at);
    } else if n == SELECTED_MOVES {
        keys[n..].sort_unstable();
    }
    (keys[n] & 0xFFFF) as usize
}

/// Quiet moves searched at remaining `depth` ([`PLY`] units) before late-move pruning:
/// `3 + scale/100 * depth^1.32` (Rapfi's futility move count, depth in plies).
fn late_move_limit(scale: i32, depth: i32) -> i32 {
    3 + (f64::from(scale) / 100.0 * plies(depth).powf(1.32)) as i32
}

#[derive(Debug)]
pub struct Worker<'a> {
    pub pos: Position,
    pub shared: &'a Shared<'a>,
    /// The thread's id: 0 is the main thread, which checks the limits and reports; helpers
    /// count from 1.
    pub thread: usize,
    pub nodes: u64,
    flushed: u64,
    pub stopped: bool,
    pub seldepth: u32,
    killers: Vec<[usize; 2]>,
    /// The move a singular-extension test leaves out, by ply ([`NO_MOVE`]: none).
    excluded: Vec<usize>,
    /// Static values by ply ([`NO_EVAL`] where none was computed).
    evals: Vec<i32>,
    /// By ply: the extensions beyond one ply taken on the way there (`singular_double` stops
    /// at 11 plies of them, as Rapfi's, so a line of double extensions cannot run away).
    extra: Vec<i32>,
    /// By ply: whether the node is or was lately on a principal variation (Rapfi's ttPv: a PV
    /// node, or a hash entry stored with the flag). The root (ply 0) always is.
    tt_pv: Vec<bool>,
    /// The bounded move history (`history_weight`).
    history: History,
    /// The static values' correction by the two last moves (`corr_history`; none when off, so
    /// a search without it allocates no table).
    correction: Option<Correction>,
    /// The counter moves (`counter_bonus`): `[side * squares + the opponent's last move]`, the
    /// side's move last found best after it ([`NO_MOVE`]: none yet).
    counter: Vec<usize>,
    /// Whether the move made at each ply was an attack (a three or more), for
    /// `lmr_attack_less`.
    attacks: Vec<bool>,
    /// The moves each ply has searched so far, with their kind (for the history's malus).
    searched: Vec<Vec<(usize, Kind)>>,
    pv: Vec<Vec<usize>>,
    buffers: Vec<Vec<usize>>,
    /// Ordering keys of each ply's moves (see [`pick_move`]).
    keys: Vec<Vec<u64>>,
    /// VCF failures: (hash, depth) of positions where no VCF of that depth exists.
    pub vcf_memo: Vec<(u64, u32)>,
    /// Node count at which threat searches give up (root probes have a budget).
    pub threat_limit: u64,
    /// The winning line found by the last successful threat search.
    pub threat_line: Vec<usize>,
    /// Move lists of the threat searches, one per ply (reused: no allocation per node).
    pub(crate) threat_buffers: Vec<Vec<usize>>,
    /// Scratch buffer of move ordering (a cell so that ordering can take `&self`).
    scored: std::cell::RefCell<Vec<u64>>,
}

impl<'a> Worker<'a> {
    pub fn new(pos: Position, shared: &'a Shared<'a>, thread: usize) -> Worker<'a> {
        let squares = (pos.width + 10) * (pos.height + 10);
        Worker {
            pos,
            shared,
            thread,
            nodes: 0,
            flushed: 0,
            stopped: false,
            seldepth: 0,
            killers: vec![[usize::MAX; 2]; MAX_PLY + 2],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            extra: vec![0; MAX_PLY + 2],
            tt_pv: std::iter::once(true).chain(std::iter::repeat_n(false, MAX_PLY + 1)).collect(),
            excluded: vec![NO_MOVE; MAX_PLY + 2],
            history: History::new(squares),
            correction: (shared.params.get(Param::CorrHistory) > 0).then(Correction::new),
            counter: vec![NO_MOVE; 2 * squares],
            attacks: vec![false; MAX_PLY + 2],
            searched: vec![Vec::new(); MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            buffers: vec![Vec::new(); MAX_PLY + 2],
            keys: vec![Vec::new(); MAX_PLY + 2],
            vcf_memo: vec![(0, 0); 1 << 16],
            threat_limit: u64::MAX,
            threat_line: Vec::new(),
            threat_buffers: Vec::new(),
            scored: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// Counts a node and, every 256, publishes the count and checks the stop conditions.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes.trailing_zeros() >= 8 {
            self.poll();
        }
    }

    pub fn poll(&mut self) {
        let s = self.shared;
        let total = s.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed) + self.nodes
            - self.flushed;
        self.flushed = self.nodes;
        if self.thread == 0 {
            let out_of_time = s.hard.is_some_and(|h| s.start.elapsed() >= h);
            let out_of_nodes = s.max_nodes.is_some_and(|n| total >= n);
            if out_of_time || out_of_nodes {
                s.stop_int.store(true, Ordering::Relaxed);
            }
        }
        if s.stop_int.load(Ordering::Relaxed) || s.stop_ext.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    /// Nodes counted but not yet published.
    pub fn unflushed(&self) -> u64 {
        self.nodes - self.flushed
    }

    /// Publishes the remaining node count.
    pub fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// The principal variation below the root move just searched.
    pub fn child_pv(&self) -> &[usize] {
        &self.pv[1]
    }

    /// Static evaluation for the side to move.
    pub fn evaluate(&self) -> i32 {
        #[cfg(feature = "sample-evals")]
        crate::search::sample::record(&self.pos);
        let value = static_eval(&self.pos);
        match self.shared.params.get(Param::EvalScale) {
            100 => value,
            scale => (value * scale / 100).clamp(-EVAL_LIMIT, EVAL_LIMIT),
        }
    }

    /// This position's static value `raw` corrected (`corr_history`: plus its percentage of the
    /// mean error after the same two last moves); `raw` itself when off.
    fn corrected(&self, raw: i32) -> i32 {
        let Some(table) = &self.correction else { return raw };
        let side = self.pos.side_to_move().index();
        let (last, before) = (self.pos.recent_move(0), self.pos.recent_move(1));
        let correction = table.get(side, last, before) * self.shared.params.get(Param::CorrHistory);
        (raw + correction / 100).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The static value the search prunes and stands pat on: [`Self::evaluate`] corrected.
    fn corrected_eval(&self) -> i32 {
        self.corrected(self.evaluate())
    }

    fn set_pv(&mut self, ply: usize, m: usize) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Orders `moves` in place, best first.
    pub fn order(&self, moves: &mut [usize], tt_move: Option<usize>, ply: usize) {
        let mut scored = std::mem::take(&mut *self.scored.borrow_mut());
        self.order_keys(moves, tt_move, ply, &mut scored);
        // Ties keep the generation order (e.g. nearest the centre first on an empty board).
        scored.sort_unstable();
        for (slot, &key) in moves.iter_mut().zip(scored.iter()) {
            *slot = (key & 0xFFFF) as usize;
        }
        *self.scored.borrow_mut() = scored;
    }

    /// The ordering keys of `moves` (see [`sort_key`]), in generation order: sorted, they put
    /// the moves best first; [`pick_move`] takes them one at a time.
    fn order_keys(&self, moves: &[usize], tt_move: Option<usize>, ply: usize, keys: &mut Vec<u64>) {
        let me = self.pos.side_to_move();
        let killers = self.killers[ply];
        let p = &self.shared.params;
        let (terms, killer_bonus) = (OrderTerms::new(&self.pos, p), p.get(Param::OrderKiller));
        let weight = p.get(Param::HistoryWeight);
        let counter = match p.get(Param::CounterBonus) {
            0 => None,
            bonus => self.counter_move(me).map(|m| (m, bonus)),
        };
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, &m)| {
            let s = if Some(m) == tt_move {
                1 << 28
            } else {
                let mut s = terms.score(&self.pos, m);
                if killers[0] == m || killers[1] == m {
                    s += killer_bonus;
                }
                if weight > 0 {
                    let kind = self.move_kind(m, me);
                    s += self.history.get(me.index(), kind, m) * weight / history::RANGE;
                }
                if let Some((c, bonus)) = counter
                    && c == m
                {
                    s += bonus;
                }
                s
            };
            sort_key(s, i, m)
        }));
    }

    /// Whether `m` lies far from both last moves (more than 4 squares, 5 in renju): a four
    /// there answers nothing near the fight.
    fn is_distraction(&self, m: usize) -> bool {
        let far = if self.pos.rule == renzoku_rules::Rule::Renju { 5 } else { 4 };
        let at = self.pos.point(m);
        let away =
            |back| self.pos.recent_move(back).is_none_or(|p| at.chebyshev(self.pos.point(p)) > far);
        away(0) && away(1)
    }

    /// The history table a move of `me` belongs to: an attack where it makes a three or more.
    #[inline]
    fn move_kind(&self, m: usize, me: renzoku_rules::Color) -> Kind {
        if self.pos.class(m, me) >= CL_3 { Kind::Attack } else { Kind::Quiet }
    }

    /// A move's standing in the history tables (Rapfi's statScore): its attack value plus
    /// three quarters of its quiet one, on Rapfi's scale (its tables' range is 10692), less
    /// Rapfi's 3322.
    #[inline]
    fn stat_score(&self, m: usize, me: renzoku_rules::Color) -> i32 {
        let sum = self.history.get(me.index(), Kind::Attack, m)
            + self.history.get(me.index(), Kind::Quiet, m) * 780 / 1024;
        sum * 10_692 / crate::search::history::RANGE - 3322
    }

    /// Where the counter move of side `c` after the opponent's last move lies in `counter`
    /// (none before the first stone).
    #[inline]
    fn counter_slot(&self, c: usize) -> Option<usize> {
        let last = self.pos.recent_move(0)?;
        Some(c * self.counter.len() / 2 + last)
    }

    /// The move of `me` last found best after the opponent's last move, if any.
    #[inline]
    fn counter_move(&self, me: renzoku_rules::Color) -> Option<usize> {
        let slot = self.counter_slot(me.index())?;
        Some(self.counter[slot]).filter(|&m| m != NO_MOVE)
    }

    /// Updates the bounded history at a node whose best move is `best`: its table's value up,
    /// the values of the moves searched before it down (attacks always; quiet moves when the
    /// best is quiet too), by the bonus of the node's depth; `best` becomes the counter move of
    /// the opponent's last move.
    fn update_history(&mut self, ply: usize, best: usize, depth: i32) {
        let me = self.pos.side_to_move();
        let c = me.index();
        let kind = self.move_kind(best, me);
        let b = history::bonus(depth / PLY);
        self.history.update(c, kind, best, b);
        for &(m, k) in &self.searched[ply] {
            if m != best && (k == Kind::Attack || kind == Kind::Quiet) {
                self.history.update(c, k, m, -b);
            }
        }
        if let Some(slot) = self.counter_slot(c) {
            self.counter[slot] = best;
        }
    }

    /// Records whether `m`, about to be made at `ply` by the side to move, is an attack (the
    /// history's [`Kind::Attack`]): two plies on, the same side's reductions read it
    /// (`lmr_attack_less`).
    #[inline]
    pub(crate) fn note_attack(&mut self, ply: usize, m: usize) {
        self.attacks[ply] = self.move_kind(m, self.pos.side_to_move()) == Kind::Attack;
    }

    /// Whether `m` goes on the side's attack: its own last move (two plies up) was an attack,
    /// `m` lies within 4 squares of it and makes a two or better (Rapfi's continuous attack).
    fn continues_attack(&self, ply: usize, m: usize) -> bool {
        let me = self.pos.side_to_move();
        ply >= 2
            && self.attacks[ply - 2]
            && self.pos.class(m, me) >= CL_LOW
            && self
                .pos
                .recent_move(1)
                .is_some_and(|p| self.pos.point(m).chebyshev(self.pos.point(p)) <= 4)
    }

    /// Whether a move is tactical (never reduced or pruned).
    pub(crate) fn is_tactical(&self, m: usize) -> bool {
        let me = self.pos.side_to_move();
        // Also exempting answers to the opponent's threes was neutral (20-19, standard 13-11).
        self.pos.class(m, me) >= CL_3 || self.pos.class(m, me.opponent()) >= CL_4
    }

    /// Alpha-beta with principal variation search. `depth` is in [`PLY`] units; `cut_node`:
    /// a null-window node expected to fail high (Stockfish's cutNode: the reduced searches'
    /// children, and every other generation below them).
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let me = self.pos.side_to_move();
        let opp = me.opponent();
        let spoil = blocks_can_spoil(self.pos.rule);

        let five = if self.pos.has_five(me) { self.pos.fives(me).iter().next() } else { None };
        if let Some(m) = five {
            self.set_pv(ply, m);
            return MATE - ply as i32 - 1;
        }
        if !self.pos.has_empty() {
            return 0;
        }
        // Mate distance pruning: we cannot lose before ply + 2 nor win before ply + 1.
        alpha = alpha.max(-MATE + ply as i32 + 2);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let opp_fives = self.pos.five_count(opp);
        let forced = opp_fives > 0;
        if forced && !spoil && opp_fives >= 2 {
            return -MATE + ply as i32 + 2;
        }
        if !forced && !spoil && legal_flex4(&self.pos, me).is_some() {
            if let Some(m) = legal_flex4(&self.pos, me) {
                self.set_pv(ply, m);
            }
            return MATE - ply as i32 - 3;
        }
        if ply >= MAX_PLY - 4 {
            return self.evaluate();
        }
        // (Extending leaves where the opponent threatens an open four by one ply over the
        // defences lost in self-play at equal nodes: 16-23; searching such leaves over the
        // defences, at most 4 levels deep, scored 60-70 at tc=5/0.5, Elo -27 +/- 46.)
        // (Leaves that took the hash table's score where its bound allowed were no better.)
        if depth <= 0 && !forced {
            return self.quiescence(ply, beta, None);
        }

        // A singular-extension test searches this node again without its hash move: no hash
        // cut-off (the entry's result includes that move) and no store.
        let excluded = self.excluded[ply];
        let key = self.pos.hash();
        let entry = self.shared.tt.probe(key);
        let mut tt_move = None;
        if excluded == NO_MOVE {
            self.tt_pv[ply] = pv_node || entry.is_some_and(|e| e.pv);
        }
        self.tt_pv[ply + 1] = false;
        if let Some(e) = entry {
            tt_move = e.best.map(|p| self.pos.index_of(p)).filter(|&i| self.pos.is_empty(i));
            if !pv_node && e.depth * PLY >= depth && excluded == NO_MOVE {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // A PV node whose hash move comes from a much shallower search was off the PV in the
        // last iterations: it gets part of that difference less depth (Rapfi's reduction for a
        // PV hash move not chosen for a few iterations).
        let params = self.shared.params;
        let pv_tt_reduction = params.get(Param::PvTtReduction);
        if pv_tt_reduction > 0
            && pv_node
            && depth > PLY
            && tt_move.is_some()
            && excluded == NO_MOVE
            && !forced
            && let Some(e) = entry
        {
            let cut = (depth - e.depth * PLY) * pv_tt_reduction / 100;
            depth -= whole(cut).clamp(0, 3 * PLY);
        }

        // A node without a hash move at a high depth is searched a ply shallower: it is
        // cheaper, and leaves a move in the hash table for the next visit (internal
        // iterative reduction, Stockfish's and Rapfi's). Renju only with `iir_renju`: there it
        // lost in self-play at equal nodes (-24 +/- 28 in 304 games) while freestyle won +27;
        // from 6 plies it was neutral there (+5 +/- 22 in 541).
        let iir_depth = params.get(Param::IirDepth);
        if iir_depth > 0
            && (self.pos.rule != renzoku_rules::Rule::Renju || params.get(Param::IirRenju) != 0)
            && tt_move.is_none()
            && excluded == NO_MOVE
            && !forced
            && depth >= iir_depth * PLY
        {
            depth -= PLY;
            if cut_node {
                depth -= params.get(Param::IirCutNode);
            }
        }

        // Null move (19-19) and skipping squares without any threat class (20-18, renju 12-11)
        // were neutral in self-play at equal nodes and are left out.
        let under_threat = !forced && legal_flex4(&self.pos, opp).is_some();
        // Static pruning near the leaves (Rapfi's razoring and child-node futility): only when
        // the opponent has no five, open-four or four-three square, where the static value
        // would hide a forced line.
        // The static value of every node that is not answering a five, kept by ply: a side
        // whose value rose over its last move is "improving" and prunes less.
        let (raw_value, static_value) = if forced {
            (NO_EVAL, NO_EVAL)
        } else {
            let raw = self.evaluate();
            (raw, self.corrected(raw))
        };
        self.evals[ply] = static_value;
        let improving = ply >= 2 && static_value != NO_EVAL && static_value > self.evals[ply - 2];
        if !pv_node
            && !forced
            && !under_threat
            && depth <= params.get(Param::FutilityDepth) * PLY
            && !self.pos.has_class(opp, CL_43)
        {
            let mut eval = static_value;
            // The hash score bounds the true value better than the static value when its bound
            // points the right way (Rapfi and Stockfish prune on it).
            if params.get(Param::TtEvalRefine) != 0
                && let Some(e) = entry
            {
                let s = from_tt(e.score, ply);
                let tighter = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > eval,
                    Bound::Upper => s < eval,
                };
                if tighter && s.abs() < MATE_BOUND {
                    eval = s;
                }
            }
            if eval + params.get(Param::RazorMargin) * depth / PLY < alpha && depth <= 2 * PLY {
                // This node's static value is already known: the leaf does not compute it again.
                return self.quiescence(ply, beta, Some(static_value));
            }
            let mut margin = params.get(Param::FutilityMargin);
            // An expected cut node the hash table has never seen prunes more (Rapfi's smaller
            // margin for `cutNode && !ttHit`).
            let cut_no_tt = params.get(Param::FutilityCutNoTt);
            if cut_no_tt > 0 && cut_node && entry.is_none() {
                margin = margin * (100 - cut_no_tt) / 100;
            }
            if eval - margin * depth / PLY >= beta && beta > -MATE_BOUND {
                return eval;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let threatened;
        if forced {
            moves.extend(self.pos.fives(opp).iter().filter(|&i| self.pos.is_legal(i, me)));
            threatened = true;
        } else if under_threat {
            defence_moves(&self.pos, &mut moves);
            threatened = true;
        } else {
            // The four-three's defences, like the open four's, are few and forced: none is
            // reduced or pruned. (Without any legal defence the full list finds the loss.)
            threatened = params.get(Param::FourThreeDefence) != 0
                && four_three_defence(&mut self.pos, &mut moves)
                && !moves.is_empty();
            if !threatened {
                quiet_moves(&self.pos, &mut moves);
            }
        }
        if excluded != NO_MOVE {
            moves.retain(|&m| m != excluded);
            if moves.is_empty() {
                // The hash move is the only move: singular.
                self.buffers[ply] = moves;
                return alpha;
            }
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            // Nothing stops the opponent's five (or open four): lost in two (or four) plies.
            return if forced { -MATE + ply as i32 + 2 } else { -MATE + ply as i32 + 4 };
        }
        if let Some(t) = tt_move.filter(|t| !moves.contains(t)) {
            // A hash move outside the generated set (e.g. from a different threat situation)
            // is not trusted.
            let _ = t;
            tt_move = None;
        }
        // Singular extension: when the hash move alone holds the hash score (every other move,
        // searched at half depth, fails below it), it gets a ply more; when another move also
        // reaches beta, the node is cut at once (multi-cut).
        // The hash move's extension (hundredths of a ply) when the test below found it
        // singular (one ply, or two), or its reduction when it likely fails high anyway.
        let mut singular = None;
        let mut singular_ext = 0;
        let singular_depth = params.get(Param::SingularDepth);
        if singular_depth > 0
            && excluded == NO_MOVE
            && !forced
            && depth >= singular_depth * PLY
            && let (Some(t), Some(e)) = (tt_move, entry)
            && matches!(e.bound, Bound::Lower | Bound::Exact)
            && e.depth * PLY >= depth - 3 * PLY
            && from_tt(e.score, ply).abs() < MATE_BOUND
        {
            let singular_beta =
                from_tt(e.score, ply) - params.get(Param::SingularMargin) * depth / PLY;
            // The test runs at this ply while `moves` is held here: it fills a list of its own
            // in this ply's (now empty) buffer, and `moves` goes back there at the end.
            self.excluded[ply] = t;
            let half = whole((depth - PLY) / 2);
            let v = self.search(singular_beta - 1, singular_beta, half, ply, false, cut_node);
            self.excluded[ply] = NO_MOVE;
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            let double = params.get(Param::SingularDouble);
            if v < singular_beta {
                singular = Some(t);
                singular_ext = if double > 0
                    && !pv_node
                    && v < singular_beta - (double - (depth * 6 / 10 / PLY).min(9))
                    && self.extra[ply] < 11 * PLY
                {
                    2 * PLY
                } else {
                    PLY
                };
            } else if singular_beta >= beta {
                self.buffers[ply] = moves;
                return singular_beta;
            } else if from_tt(e.score, ply) >= beta {
                // Not singular, and the hash score already fails high: the hash move is
                // searched less deep (Rapfi's fail-high reduction of 1.5 plies).
                singular = Some(t);
                singular_ext = -params.get(Param::SingularNegative);
            }
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.order_keys(&moves, tt_move, ply, &mut keys);

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // Rapfi's shape of search from `crowded_stones` stones on (by default 1: every node).
        // On a crowded board threes and fours are everywhere, and a search that spares every
        // tactical move stalls a few plies deep (10 plies in 5 s where Rapfi's reaches 22 and
        // proves the win); this one reduces and prunes them as Rapfi does (session 75).
        let crowded_stones = params.get(Param::CrowdedStones);
        let crowded = crowded_stones > 0 && self.pos.stone_count() >= crowded_stones as usize;
        let lmr_log_scale = if crowded {
            params.get(Param::CrowdedLmrScale)
        } else {
            params.get(Param::LmrLogScale)
        };
        let distract_depth = params.get(Param::DistractPruneDepth);
        let trivial_depth = params.get(Param::TrivialPruneDepth);
        let late_moves_pv = params.get(Param::LateMovesPv) != 0;
        let late_moves_scale = params.get(Param::LateMovesScale);
        let late_moves_max_depth = match (late_moves_scale, crowded) {
            (1.., true) => params.get(Param::CrowdedLateDepth),
            (1.., false) => params.get(Param::LateMovesMaxDepth),
            _ => 3,
        };
        // The late-move limit is the node's, not the move's: worked out once, when first
        // needed (it takes a `powf`).
        let mut late_move_count = None;
        let use_history = params.get(Param::HistoryWeight) > 0;
        let history_prune = if use_history { params.get(Param::HistoryPrune) } else { 0 };
        let lmr_cut_node = params.get(Param::LmrCutNode);
        let lmr_attack_less = params.get(Param::LmrAttackLess);
        // A node whose hash move is an attack: the moves that are none are less likely to
        // matter (Stockfish's ttCapture reduction).
        let lmr_tt_attack = params.get(Param::LmrTtAttack);
        let tt_attack_more = if lmr_tt_attack > 0
            && tt_move.is_some_and(|t| self.move_kind(t, me) == Kind::Attack)
        {
            lmr_tt_attack
        } else {
            0
        };
        let lmr_trivial = params.get(Param::LmrTrivial);
        let lmr_tactical = if crowded { 100 } else { params.get(Param::LmrTactical) };
        let lmr_four = params.get(Param::LmrFour) != 0;
        let lmr_not_improving =
            if pv_node || improving { 0 } else { params.get(Param::LmrNotImproving) };
        // Rapfi's statScore divisor, larger (the history counts less) from 6 plies to go.
        let lmr_history = match params.get(Param::LmrHistory) {
            0 => 0,
            d if depth > 11 * PLY / 2 => d * 136 / 100,
            d => d,
        };
        let lmr_deeper = params.get(Param::LmrDeeper);
        let lmr_tt_pv = params.get(Param::LmrTtPv);
        // The forcing tree's width: an answer to an open three looks no further than this many
        // of its ordered moves (`threat_width`).
        let threat_width = match params.get(Param::ThreatWidth) {
            w @ 1.. if under_threat => w as usize,
            _ => usize::MAX,
        };
        let smp_crumbs = params.get(Param::SmpCrumbs);
        let crumb =
            (smp_crumbs > 0 && ply < 8).then(|| self.shared.crumbs.enter(key, self.thread + 1));
        let crumbs_more = if crumb.is_some_and(|c| c.shared) { smp_crumbs } else { 0 };
        self.searched[ply].clear();
        for n in 0..keys.len() {
            let m = pick_move(&mut keys, n);
            // (The root's moves are searched in search.rs: every node here is below the root.)
            if distract_depth > 0
                && under_threat
                && depth <= distract_depth * PLY
                && best > -MATE_BOUND
                && self.pos.class(m, opp) < CL_4
                && self.is_distraction(m)
            {
                continue;
            }
            if n >= threat_width && best > -MATE_BOUND {
                break;
            }
            let tactical = threatened || self.is_tactical(m);
            // Squares where neither side would make even a two: pruned near the leaves once
            // a move holds, reduced more above (the class look-ups only where either applies).
            let prune_trivial =
                trivial_depth > 0 && depth <= trivial_depth * PLY && best > -MATE_BOUND;
            let trivial = !tactical
                && (prune_trivial || (lmr_trivial > 0 && depth >= 3 * PLY))
                && self.pos.class(m, me) == CL_NONE
                && self.pos.class(m, opp) == CL_NONE;
            if trivial && prune_trivial {
                continue;
            }
            if history_prune > 0
                && !tactical
                && depth <= late_moves_max_depth * PLY
                && best > -MATE_BOUND
                && self.history.get(me.index(), Kind::Quiet, m)
                    < -history_prune * (depth / PLY).max(1)
            {
                continue;
            }
            // A crowded node counts its tactical moves too, unless it answers a threat.
            let counted = !tactical || (crowded && !threatened);
            if (!pv_node || late_moves_pv)
                && counted
                && depth <= late_moves_max_depth * PLY
                && best > -MATE_BOUND
            {
                // Looser (10/16/24: 16-21) and tighter (4/7/12: 21-19) limits were no better.
                let limit =
                    *late_move_count.get_or_insert_with(|| match (late_moves_scale, depth / PLY) {
                        (1.., _) => {
                            let halve = params.get(Param::LateMovesImproving) != 0 && !improving;
                            let limit = late_move_limit(late_moves_scale, depth);
                            (limit >> i32::from(halve)).max(1)
                        }
                        (_, ..=1) => params.get(Param::LateMovesDepth1),
                        (_, 2) => params.get(Param::LateMovesDepth2),
                        _ => params.get(Param::LateMovesDepth3),
                    });
                if n >= limit as usize {
                    break;
                }
            }
            let mut new_depth = if forced { depth } else { depth - PLY };
            if singular == Some(m) {
                new_depth += singular_ext;
            }
            self.extra[ply + 1] = self.extra[ply] + (new_depth - depth).max(0);
            // The child probes the hash table first thing: its bucket loads while make works.
            self.shared.tt.prefetch(self.pos.hash_after(m));
            let kind = use_history.then(|| self.move_kind(m, me));
            // Read before make: afterwards the square holds the stone and has no class.
            let makes_four = lmr_four && tactical && self.pos.class(m, me) >= CL_4;
            // Only with the switch on: the class look-ups cost every move made.
            let mut attack_less = 0;
            if lmr_attack_less > 0 {
                if !tactical && self.continues_attack(ply, m) {
                    attack_less = lmr_attack_less;
                }
                self.note_attack(ply, m);
            }
            self.pos.make(m);
            let score = if n == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv_node, !pv_node && !cut_node)
            } else {
                let mut r = 0;
                // Tactical moves get a share of a quiet move's reduction (`lmr_tactical`):
                // never reducing every three, four and block made the forcing tree's width grow
                // with depth (Rapfi reduces every move). Answers to a five stay unreduced.
                let share = match (tactical, forced) {
                    (false, _) => 100,
                    (true, false) if lmr_log_scale > 0 && !makes_four => lmr_tactical,
                    _ => 0,
                };
                if depth >= 3 * PLY && share > 0 && n >= params.get(Param::LmrMinMoves) as usize {
                    r = if lmr_log_scale > 0 {
                        let mut r = log_reduction(lmr_log_scale, depth, n) * share / 100;
                        if r > PLY {
                            r += lmr_not_improving;
                        }
                        if self.tt_pv[ply] {
                            r -= lmr_tt_pv;
                        }
                        if lmr_history > 0 {
                            r -= self.stat_score(m, me) * PLY / lmr_history;
                        }
                        whole(r.max(0)).min(depth - 2 * PLY)
                    } else {
                        PLY * (1 + i32::from(n >= 8) + i32::from(n >= 16 && depth >= 6 * PLY))
                    };
                    if pv_node {
                        r = (r - PLY).max(0);
                    }
                    // The added reductions leave the reduced search at least a ply to go.
                    let most = (depth - 2 * PLY).max(0);
                    if lmr_cut_node > 0 && cut_node && !self.killers[ply].contains(&m) {
                        r = (r + lmr_cut_node).min(most);
                    }
                    r = (r - attack_less).max(0);
                    if tt_attack_more > 0 {
                        r = (r + tt_attack_more).min(most);
                    }
                    if lmr_trivial > 0 && trivial {
                        r = (r + lmr_trivial).min(most);
                    }
                    if crumbs_more > 0 {
                        r = (r + crumbs_more).min(most);
                    }
                }
                // A reduced search expects to fail high (a cut node); a full-depth one the opposite
                // of this node.
                let child_cut = r > 0 || !cut_node;
                let mut s =
                    -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, child_cut);
                if s > alpha && r > 0 {
                    // How far the reduced search beat alpha says how deep to look again.
                    let mut full = new_depth;
                    if lmr_deeper > 0 {
                        if s > alpha + lmr_deeper + 11 * r / PLY {
                            full += PLY;
                        } else if s < best.saturating_add(new_depth / PLY) {
                            full -= PLY;
                        }
                    }
                    if new_depth - r < full {
                        s = -self.search(-alpha - 1, -alpha, full, ply + 1, false, !cut_node);
                    }
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                if let Some(c) = crumb {
                    self.shared.crumbs.leave(c);
                }
                self.buffers[ply] = moves;
                self.keys[ply] = keys;
                return 0;
            }
            if let Some(k) = kind {
                self.searched[ply].push((m, k));
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.set_pv(ply, m);
                    }
                    if score >= beta {
                        if !tactical {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                        }
                        break;
                    }
                }
            }
        }
        if let Some(c) = crumb {
            self.shared.crumbs.leave(c);
        }
        self.buffers[ply] = moves;
        self.keys[ply] = keys;
        if use_history
            && !forced
            && excluded == NO_MOVE
            && let Some(b) = best_move
        {
            self.update_history(ply, b, depth);
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction learns from quiet nodes' results that the static value did not
        // foresee: above it where the result is a lower bound or exact, below it where it is
        // an upper bound or exact (Stockfish's rule); never from a mate.
        if let Some(table) = &mut self.correction
            && raw_value != NO_EVAL
            && !under_threat
            && excluded == NO_MOVE
            && best.abs() < MATE_BOUND
            && !self.stopped
            && ((bound != Bound::Lower && best < static_value)
                || (bound != Bound::Upper && best > static_value))
        {
            let (last, before) = (self.pos.recent_move(0), self.pos.recent_move(1));
            table.update(me.index(), last, before, best - raw_value, depth.div_euclid(PLY));
        }
        if excluded == NO_MOVE {
            // A node that failed low below a PV node joins the tree the search returns to (its
            // opponent's move was likely good); one that found a cut keeps the flag only if the
            // child that cut has it too (Rapfi's and Stockfish's ttPv upkeep).
            if best <= original_alpha {
                let parent_pv = ply.checked_sub(1).is_some_and(|p| self.tt_pv[p]);
                self.tt_pv[ply] |= parent_pv && depth > 3 * PLY;
            } else if depth > 3 * PLY {
                self.tt_pv[ply] &= self.tt_pv[ply + 1];
            }
            let best_point = best_move.map(|m| self.pos.point(m));
            // Whole plies, rounded up: a node at 2.67 plies searches as many plies before its
            // leaves as one at 3 (3 moves, then the leaf), and probes at 2.67 should find it.
            let plies = -(-depth).div_euclid(PLY);
            let score = to_tt(best, ply);
            let pv = self.tt_pv[ply];
            let entry = Entry { best: best_point, score, eval: 0, depth: plies, bound, pv };
            self.shared.tt.store(key, entry);
        }
        best
    }

    /// Leaf evaluation: a short VCF probe for the side to move, else the static evaluation.
    /// (A penalty of 150 or 400 when the opponent threatens an open four and we have no four
    /// lost 18-22 in self-play at equal nodes; the square values already carry that threat.)
    /// `known`: the position's static value when the caller has computed it already.
    fn quiescence(&mut self, ply: usize, beta: i32, known: Option<i32>) -> i32 {
        let me = self.pos.side_to_move();
        // A static value at or above beta cuts off whatever a VCF would add: the probe, most of
        // a leaf's cost where we have fours, is only made where it can change the outcome.
        let stand_pat = self.shared.params.get(Param::LeafStandPat) != 0;
        let static_value =
            if stand_pat { Some(known.unwrap_or_else(|| self.corrected_eval())) } else { known };
        if let Some(v) = static_value
            && v >= beta
        {
            return v;
        }
        if has_four_moves(&self.pos, me) {
            let params = &self.shared.params;
            let narrow = params.get(Param::LeafVcfNarrow) as u32;
            let found = if narrow > 0 {
                let width = params.get(Param::LeafVcfWidth) as usize;
                let first_near = params.get(Param::LeafVcfNearFirst) != 0;
                self.vcf_narrow(narrow, width, ply, first_near)
            } else {
                self.vcf(params.get(Param::LeafVcfDepth) as u32, ply)
            };
            if let Some(n) = found {
                return MATE - ply as i32 - n as i32;
            }
        }
        static_value.unwrap_or_else(|| self.corrected_eval())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_keys_order_by_score_then_generation() {
        let scores = [i32::MIN / 2, -4500, -1, 0, 1, 777, 1 << 28];
        let mut keys: Vec<u64> =
            scores.iter().enumerate().map(|(i, &s)| sort_key(s, i, 100 + i)).collect();
        keys.sort_unstable();
        // The square rides in the low bits: 100 + the index of each score above.
        let squares: Vec<u64> = keys.iter().map(|&k| k & 0xFFFF).collect();
        assert_eq!(squares, vec![106, 105, 104, 103, 102, 101, 100]);
        // Equal scores: the earlier generated move first.
        assert!(sort_key(5, 1, 9) < sort_key(5, 2, 8));
    }

    #[test]
    fn picking_moves_one_by_one_follows_the_full_sort() {
        // Lists shorter and longer than the selected prefix, scores with many ties.
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for len in [0, 1, 2, SELECTED_MOVES, SELECTED_MOVES + 1, 13, 60] {
            let keys: Vec<u64> =
                (0..len).map(|i| sort_key((next() % 9) as i32 * 100 - 400, i, 1000 + i)).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            let want: Vec<usize> = sorted.iter().map(|&k| (k & 0xFFFF) as usize).collect();
            let mut picked = keys.clone();
            let got: Vec<usize> = (0..len).map(|n| pick_move(&mut picked, n)).collect();
            assert_eq!(got, want, "{len} moves");
        }
    }

    #[test]
    fn reductions_and_move_limits_grow_with_depth_and_move_number() {
        assert_eq!(log_reduction(60, PLY, 10), 0);
        assert!(log_reduction(60, 10 * PLY, 3) <= log_reduction(60, 10 * PLY, 20));
        assert!(log_reduction(60, 4 * PLY, 10) <= log_reduction(60, 12 * PLY, 10));
        // 0.6 * ln 10 * ln 10 = 3.18 plies; at 9.5 plies 0.6 * ln 9.5 * ln 10 = 3.11.
        assert_eq!(log_reduction(60, 10 * PLY, 9), 318);
        assert_eq!(log_reduction(60, 950, 9), 311);
        assert_eq!(whole(318), 300);
        assert_eq!(whole(-50), -100);
        assert_eq!(late_move_limit(100, PLY), 4);
        assert_eq!(late_move_limit(100, 6 * PLY), 13);
    }

    /// Whenever the opponent has a four-three square, every legal move outside
    /// `four_three_defence`'s list leaves the opponent a VCF: checked on positions of random
    /// games (moves near the stones, some threats) under freestyle and renju.
    #[test]
    fn every_move_outside_the_four_three_defence_loses() {
        use crate::search::movegen::{four_three_defence, quiet_moves};
        use renzoku_rules::Rule;
        let tt = crate::search::tt::TranspositionTable::new(1 << 16);
        let stop = AtomicBool::new(false);
        let shared = Shared::new(&tt, &stop, Params::default());
        let mut rng = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: usize| (rng() % n as u64) as usize;
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Renju] {
            for _ in 0..3000 {
                let board = renzoku_rules::Board::square(15).expect("board");
                let mut w = Worker::new(Position::new(&board, rule), &shared, 0);
                let mut played = Vec::new();
                for _ in 0..40 {
                    let me = w.pos.side_to_move();
                    if w.pos.has_five(me) || w.pos.has_five(me.opponent()) {
                        break;
                    }
                    // The search generates these lists only where neither side has an open
                    // four to make (a win, or a threat answered by its defences first).
                    let quiet = legal_flex4(&w.pos, me).is_none()
                        && legal_flex4(&w.pos, me.opponent()).is_none();
                    let mut list = Vec::new();
                    if quiet && four_three_defence(&mut w.pos, &mut list) {
                        checked += 1;
                        let mut all = Vec::new();
                        quiet_moves(&w.pos, &mut all);
                        for &m in all.iter().filter(|m| !list.contains(m)) {
                            w.pos.make(m);
                            let lost = w.vcf(4, 1).is_some();
                            w.pos.unmake();
                            let at = w.pos.point(m);
                            assert!(lost, "{rule:?}: {at:?} escapes after {played:?}");
                        }
                    }
                    // A random move near the stones, threats (three or better) a quarter of the time.
                    let mut moves = Vec::new();
                    quiet_moves(&w.pos, &mut moves);
                    let threats: Vec<usize> =
                        moves.iter().copied().filter(|&m| w.pos.class(m, me) >= CL_3).collect();
                    let pick = if !threats.is_empty() && next(4) == 0 {
                        threats[next(threats.len())]
                    } else {
                        moves[next(moves.len())]
                    };
                    played.push(w.pos.point(pick));
                    w.pos.make(pick);
                }
            }
        }
        assert!(checked >= 150, "only {checked} positions with a four-three square");
    }

    /// Runs `f` on a worker over an empty 15x15 freestyle board with the default constants.
    fn with_empty_worker(f: impl FnOnce(&mut Worker<'_>)) {
        let board = renzoku_rules::Board::square(15).expect("board");
        let tt = crate::search::tt::TranspositionTable::new(1 << 16);
        let stop = AtomicBool::new(false);
        let shared = Shared::new(&tt, &stop, Params::default());
        f(&mut Worker::new(Position::new(&board, renzoku_rules::Rule::Freestyle), &shared, 0));
    }

    #[test]
    fn a_node_s_best_move_becomes_the_counter_move_of_the_opponent_s_last_move() {
        with_empty_worker(|w| {
            let (first, reply, other) = (w.pos.index(7, 7), w.pos.index(8, 8), w.pos.index(6, 6));
            w.pos.make(first);
            let me = w.pos.side_to_move();
            assert_eq!(w.counter_move(me), None, "nothing learnt yet");
            w.update_history(0, reply, 4 * PLY);
            assert_eq!(w.counter_move(me), Some(reply));
            assert_eq!(w.counter_move(me.opponent()), None, "the other side's table");
            // After another last move the counter move is that move's own.
            w.pos.unmake();
            w.pos.make(other);
            assert_eq!(w.counter_move(me), None);
            // The ordering puts the counter move ahead of a move alike in every other term.
            w.pos.unmake();
            w.pos.make(first);
            let twin = w.pos.index(6, 8);
            let mut moves = vec![twin, reply];
            let (base, base_twin) = {
                let terms = OrderTerms::new(&w.pos, &w.shared.params);
                (terms.score(&w.pos, reply), terms.score(&w.pos, twin))
            };
            assert_eq!(base, base_twin, "the diagonal squares are alike");
            w.history = History::new(w.counter.len() / 2);
            w.order(&mut moves, None, 0);
            assert_eq!(moves, vec![reply, twin]);
        });
    }

    #[test]
    fn a_move_near_the_side_s_last_attack_continues_it() {
        with_empty_worker(|w| {
            for (x, y) in [(5, 7), (0, 0), (6, 7), (0, 14)] {
                let m = w.pos.index(x, y);
                w.pos.make(m);
            }
            let (three, quiet) = (w.pos.index(7, 7), w.pos.index(9, 11));
            let (reply, near, far) = (w.pos.index(14, 14), w.pos.index(7, 9), w.pos.index(13, 0));
            // Black's open three at ply 0, White's reply at ply 1: at ply 2 a two beside the three
            // goes on with the attack, a square far from it does not.
            w.note_attack(0, three);
            w.pos.make(three);
            w.note_attack(1, reply);
            w.pos.make(reply);
            assert!(w.continues_attack(2, near));
            assert!(!w.continues_attack(2, far));
            assert!(!w.continues_attack(1, near), "no own move two plies up");
            // The same square after a quiet move as near (two squares off) continues nothing.
            w.pos.unmake();
            w.pos.unmake();
            w.note_attack(0, quiet);
            w.pos.make(quiet);
            w.note_attack(1, reply);
            w.pos.make(reply);
            assert!(!w.continues_attack(2, near));
        });
    }

    #[test]
    fn eval_scale_scales_the_search_s_static_values() {
        let board = renzoku_rules::parse_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .expect("diagram")
        .board;
        let pos = Position::new(&board, renzoku_rules::Rule::Freestyle);
        let raw = static_eval(&pos);
        assert_ne!(raw, 0, "the diagram needs a nonzero value");
        let tt = crate::search::tt::TranspositionTable::new(1 << 16);
        let stop = AtomicBool::new(false);
        for (scale, want) in [(100, raw), (50, raw * 50 / 100), (400, raw * 4)] {
            let shared = Shared::new(&tt, &stop, Params::default().with(Param::EvalScale, scale));
            let w = Worker::new(pos.clone(), &shared, 0);
            assert_eq!(w.evaluate(), want, "eval_scale {scale}");
        }
    }
}
