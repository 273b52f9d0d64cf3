//! Threat-space searches: VCF (victory by continuous fours) and VCT (continuous threats: fours
//! and open threes), both as AND/OR searches on the incremental position.
//!
//! The attacker is the side to move at the call. Failed positions are remembered in a small
//! direct-mapped table per thread (the same positions recur through move transpositions).

use renzoku_rules::{Color, Point};

use crate::board::position::Position;
use crate::eval::square::{CL_3, CL_4, CL_33, CL_43};
use crate::pattern::{B3, B4, F3, F4, F4X};
use crate::search::movegen::{blocks_can_spoil, defence_moves, four_moves, legal_flex4};
use crate::search::worker::Worker;

/// Salt that keeps VCT failures apart from VCF failures in the memo.
const VCT_SALT: u64 = 0x7C7A_55E1_0F3B_9D21;
/// Salt of the narrow VCF's failures, which also depend on the previous four.
const NARROW_SALT: u64 = 0x3D6B_0A9F_C2E4_1857;

/// Whether `b` lies near `a`: within 2 squares either way, or on one of the four lines through
/// `a` at most 4 squares away (Rapfi's neighbourhood for its quiescence VCF).
fn near_four(a: Point, b: Point) -> bool {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    // `Point::chebyshev`, from the differences the line test needs anyway.
    let distance = dx.max(dy);
    distance <= 2 || (dx == 0 || dy == 0 || dx == dy) && distance <= 4
}

/// Whether `c`'s four on `m` builds something besides: a second four or a three (open or
/// closed) on another line. A four that makes nothing else rarely leads a VCF anywhere.
fn builds(pos: &Position, m: usize, c: Color) -> bool {
    if pos.class(m, c) >= CL_43 {
        return true;
    }
    let threats =
        (0..4).filter(|&d| matches!(pos.line_pattern(m, c, d), B3 | F3 | B4 | F4 | F4X)).count();
    threats >= 2
}

/// Which fours a VCF's attacking moves may be.
#[derive(Clone, Copy)]
enum Fours {
    /// Every four.
    All,
    /// The narrow VCF's: near `prev`, the attacker's previous four, building something too,
    /// at most `width` of them; the first four (no `prev`) anywhere, or near the attacker's
    /// last stone with `first_near`.
    Narrow { width: usize, prev: Option<usize>, first_near: bool },
}

impl Fours {
    /// Keeps the narrow VCF's failures apart from the full one's, and by previous four.
    fn memo_salt(self) -> u64 {
        match self {
            Fours::All => 0,
            Fours::Narrow { prev, .. } => {
                NARROW_SALT ^ prev.map_or(0, |p| (p as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }
        }
    }

    /// Drops from `moves` (the side to move's fours, strongest class first) those not tried.
    fn narrow(self, pos: &Position, moves: &mut Vec<usize>) {
        let Fours::Narrow { width, prev, first_near } = self else { return };
        let me = pos.side_to_move();
        if let Some(p) = prev {
            let at = pos.point(p);
            moves.retain(|&m| near_four(at, pos.point(m)) && builds(pos, m, me));
            moves.truncate(width);
        } else if first_near && let Some(own) = pos.recent_move(1) {
            let at = pos.point(own);
            moves.retain(|&m| near_four(at, pos.point(m)));
        }
    }

    /// The fours allowed after the attacking move `m`.
    fn after(self, m: usize) -> Fours {
        match self {
            Fours::All => Fours::All,
            Fours::Narrow { width, .. } => {
                Fours::Narrow { width, prev: Some(m), first_near: false }
            }
        }
    }
}

impl Worker<'_> {
    fn memo_fails(&self, key: u64, depth: u32) -> bool {
        let e = self.vcf_memo[(key as usize) & (self.vcf_memo.len() - 1)];
        e.0 == key && e.1 >= depth
    }

    fn memo_store(&mut self, key: u64, depth: u32) {
        let n = self.vcf_memo.len() - 1;
        self.vcf_memo[(key as usize) & n] = (key, depth);
    }

    fn out_of_budget(&self) -> bool {
        self.stopped || self.nodes >= self.threat_limit
    }

    /// The (emptied) move list of `ply`; hand it back with `self.threat_buffers[ply] = list`.
    fn threat_buffer(&mut self, ply: usize) -> Vec<usize> {
        if ply >= self.threat_buffers.len() {
            self.threat_buffers.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.threat_buffers[ply]);
        list.clear();
        list
    }

    /// Looks for a VCF of at most `depth` fours for the side to move. Returns the number of
    /// plies until the five (1 = a five can be made now); `self.threat_line` then holds the
    /// winning sequence. `ply` is only used for the selective depth.
    pub fn vcf(&mut self, depth: u32, ply: usize) -> Option<u32> {
        self.vcf_with(depth, ply, Fours::All)
    }

    /// The leaf probe's VCF (`leaf_vcf_narrow`, after PentaZen's and Rapfi's): each four after
    /// the first lies near the attacker's previous four (within 2 squares, or on a line through
    /// it within 4) and makes a three or a second four as well, and only the first `width` of
    /// those (strongest class first) are tried. Much cheaper per level than [`Worker::vcf`], so
    /// it can look further along the lines that usually carry a VCF. With `first_near`, the
    /// first four too lies near the attacker's last stone (any four there, as in Rapfi's).
    pub fn vcf_narrow(
        &mut self,
        depth: u32,
        width: usize,
        ply: usize,
        first_near: bool,
    ) -> Option<u32> {
        self.vcf_with(depth, ply, Fours::Narrow { width, prev: None, first_near })
    }

    /// The VCF of [`Worker::vcf`] and [`Worker::vcf_narrow`]: `fours` says which fours each
    /// attacking move may be.
    fn vcf_with(&mut self, depth: u32, ply: usize, fours: Fours) -> Option<u32> {
        let me = self.pos.side_to_move();
        let five = if self.pos.has_five(me) { self.pos.fives(me).iter().next() } else { None };
        if let Some(m) = five {
            self.threat_line.clear();
            self.threat_line.push(m);
            return Some(1);
        }
        if depth == 0 {
            return None;
        }
        self.count_node();
        if self.out_of_budget() {
            return None;
        }
        let key = self.pos.hash() ^ fours.memo_salt();
        if self.memo_fails(key, depth) {
            return None;
        }
        let opp = me.opponent();
        let opp_fives = self.pos.five_count(opp);
        // We must block two fives at once: lost, unless one stone can spoil both.
        if opp_fives >= 2 && !blocks_can_spoil(self.pos.rule) {
            return None;
        }
        let mut moves = self.threat_buffer(ply);
        if opp_fives > 0 {
            // We must block; the block only continues the VCF if it is a four itself.
            moves.extend(
                self.pos
                    .fives(opp)
                    .iter()
                    .filter(|&b| self.pos.class(b, me) >= CL_4 && self.pos.is_legal(b, me)),
            );
        } else {
            four_moves(&self.pos, me, &mut moves);
            fours.narrow(&self.pos, &mut moves);
        }
        // `Some(result)` once decided before trying every move.
        let mut decided = None;
        for &m in &moves {
            self.pos.make(m);
            self.seldepth = self.seldepth.max(ply as u32 + 1);
            // The defender must block every five square (each block is tried), unless it has
            // a five of its own.
            let r = if self.pos.has_five(self.pos.side_to_move()) {
                None
            } else {
                let next = fours.after(m);
                self.block_all(depth, ply + 1, move |w, d, p| w.vcf_with(d, p, next))
            };
            self.pos.unmake();
            if let Some(n) = r {
                self.threat_line.insert(0, m);
                decided = Some(Some(n + 1));
                break;
            }
            if self.out_of_budget() {
                decided = Some(None);
                break;
            }
        }
        self.threat_buffers[ply] = moves;
        if let Some(result) = decided {
            return result;
        }
        self.memo_store(key, depth);
        None
    }

    /// Shared by VCF and VCT: the defender must stop the attacker's five(s). Every legal block
    /// is tried and the attacker must win after each; returns plies from this node.
    fn block_all(
        &mut self,
        depth: u32,
        ply: usize,
        attack: impl Fn(&mut Self, u32, usize) -> Option<u32>,
    ) -> Option<u32> {
        let def = self.pos.side_to_move();
        let att = def.opponent();
        let count = self.pos.five_count(att);
        if count == 0 {
            return None;
        }
        if count >= 2 && !blocks_can_spoil(self.pos.rule) {
            self.threat_line.clear();
            self.threat_line.extend(self.pos.fives(att).iter().take(2));
            return Some(2);
        }
        let mut fives = self.threat_buffer(ply);
        fives.extend(self.pos.fives(att).iter());
        let mut longest = None;
        let mut line = Vec::new();
        let mut refuted = false;
        for &b in &fives {
            if !self.pos.is_legal(b, def) {
                // Black cannot block on a forbidden square: the five follows.
                continue;
            }
            self.pos.make(b);
            let r = if self.pos.has_five(att) {
                let m = self.pos.fives(att).iter().next().unwrap_or(b);
                self.threat_line.clear();
                self.threat_line.push(m);
                Some(1)
            } else {
                attack(self, depth - 1, ply + 1)
            };
            self.pos.unmake();
            let Some(n) = r else {
                refuted = true;
                break;
            };
            if longest.is_none_or(|l| n + 1 > l) {
                longest = Some(n + 1);
                line.clear();
                line.push(b);
                line.extend_from_slice(&self.threat_line);
            }
        }
        self.threat_buffers[ply] = fives;
        if refuted {
            return None;
        }
        if longest.is_none() {
            // The line stops here: the defender's only "block" would be a forbidden move.
            self.threat_line.clear();
            return Some(2);
        }
        self.threat_line = line;
        longest
    }

    /// Looks for a VCT of at most `depth` attacking moves (fours or open threes).
    pub fn vct(&mut self, depth: u32, ply: usize) -> Option<u32> {
        let me = self.pos.side_to_move();
        let five = if self.pos.has_five(me) { self.pos.fives(me).iter().next() } else { None };
        if let Some(m) = five {
            self.threat_line.clear();
            self.threat_line.push(m);
            return Some(1);
        }
        if depth == 0 {
            return None;
        }
        self.count_node();
        if self.out_of_budget() {
            return None;
        }
        let key = self.pos.hash() ^ VCT_SALT;
        if self.memo_fails(key, depth) {
            return None;
        }
        let opp = me.opponent();
        let spoil = blocks_can_spoil(self.pos.rule);
        let opp_fives = self.pos.five_count(opp);
        let mut moves = Vec::new();
        if opp_fives > 0 {
            if opp_fives >= 2 && !spoil {
                return None;
            }
            moves.extend(self.pos.fives(opp).iter().filter(|&b| self.pos.is_legal(b, me)));
        } else {
            if !spoil && let Some(m) = legal_flex4(&self.pos, me) {
                self.threat_line.clear();
                self.threat_line.push(m);
                return Some(3);
            }
            four_moves(&self.pos, me, &mut moves);
            for class in [CL_33, CL_3] {
                for i in self.pos.squares_of(me, class).iter() {
                    if self.pos.is_legal(i, me) {
                        moves.push(i);
                    }
                }
            }
        }
        for m in moves {
            self.pos.make(m);
            let r = self.vct_defend(depth, ply + 1);
            self.pos.unmake();
            if let Some(n) = r {
                self.threat_line.insert(0, m);
                return Some(n + 1);
            }
            if self.out_of_budget() {
                return None;
            }
        }
        self.memo_store(key, depth);
        None
    }

    /// The defender answers a threat: a five must be blocked; an open-four threat may be met
    /// on any defence square or by a counter-four. No threat left means the VCT failed.
    fn vct_defend(&mut self, depth: u32, ply: usize) -> Option<u32> {
        self.seldepth = self.seldepth.max(ply as u32);
        let def = self.pos.side_to_move();
        let att = def.opponent();
        if self.pos.has_five(def) {
            return None;
        }
        if self.pos.has_five(att) {
            return self.block_all(depth, ply, Self::vct);
        }
        legal_flex4(&self.pos, att)?;
        let mut defences = Vec::new();
        defence_moves(&self.pos, &mut defences);
        // No defence at all: any move, the open four, any move, the five.
        let mut longest = 4;
        let mut line = Vec::new();
        for d in defences {
            self.pos.make(d);
            let r = self.vct(depth - 1, ply + 1);
            self.pos.unmake();
            let n = r?;
            if line.is_empty() || n + 1 > longest {
                longest = n + 1;
                line.clear();
                line.push(d);
                line.extend_from_slice(&self.threat_line);
            }
        }
        self.threat_line = line;
        Some(longest)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use renzoku_rules::{Rule, parse_diagram};

    use crate::board::position::Position;
    use crate::search::params::Params;
    use crate::search::tt::TranspositionTable;
    use crate::search::worker::{Shared, Worker};

    /// Black wins by three fours in a chain: a (6,7) closed by the white stone at (2,7), then
    /// b (6,10) down the column through a (a four-three), then c (5,10) along row 10 through b,
    /// an open four. Each four lies on a line through the one before.
    const CHAIN: &str = "
        O . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . O X X X . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . O X . . . . . . . .
        . . . X X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . O";

    fn with_worker(text: &str, check: impl FnOnce(&mut Worker<'_>)) {
        let board = parse_diagram(text).expect("diagram").board;
        let tt = TranspositionTable::new(1 << 16);
        let stop = AtomicBool::new(false);
        let shared = Shared::new(&tt, &stop, Params::default());
        let mut w = Worker::new(Position::new(&board, Rule::Freestyle), &shared, 0);
        check(&mut w);
    }

    #[test]
    fn narrow_vcf_follows_the_chain_of_fours() {
        with_worker(CHAIN, |w| {
            let r = w.vcf(2, 0);
            let line: Vec<_> = w.threat_line.iter().map(|&i| w.pos.point(i)).collect();
            assert_eq!(r, None, "two fours are not enough: {line:?}");
            assert_eq!(w.vcf_narrow(2, 2, 0, false), None);
            let full = w.vcf(3, 0).expect("the full VCF finds three fours");
            let narrow =
                w.vcf_narrow(3, 2, 0, false).expect("the chain stays near the previous fours");
            assert_eq!(narrow, full);
            let (a, b, c) = (w.pos.index(6, 7), w.pos.index(6, 10), w.pos.index(5, 10));
            assert_eq!(w.threat_line[0], a);
            assert_eq!(w.threat_line[2], b);
            assert_eq!(w.threat_line[4], c);
        });
    }
}
