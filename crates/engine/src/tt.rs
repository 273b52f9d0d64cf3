//! The transposition table: a lockless hash table shared by all search threads.
//!
//! Each entry is two atomic words, the key XOR the data and the data, so a torn write by a
//! concurrent thread shows up as a key mismatch instead of a corrupt hit (the "XOR trick"); no
//! `unsafe` and no locks. Four entries form a bucket of 64 bytes.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use renzoku_rules::Point;

/// What kind of bound the stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// A decoded hit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub best: Option<Point>,
    /// Score in node-relative form (mate scores relative to the stored node).
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

const WAYS: usize = 4;
const ENTRY_BYTES: usize = 16;
const NO_MOVE: u64 = 0xFFFF;

#[derive(Debug)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Debug)]
pub struct TranspositionTable {
    slots: Vec<Slot>,
    buckets: usize,
    generation: AtomicU8,
}

fn encode_move(p: Option<Point>) -> u64 {
    p.map_or(NO_MOVE, |p| u64::from(p.y) * 32 + u64::from(p.x))
}

fn decode_move(v: u64) -> Option<Point> {
    (v != NO_MOVE).then(|| Point::new((v % 32) as u8, (v / 32) as u8))
}

fn pack(
    best: Option<Point>,
    score: i32,
    eval: i32,
    depth: i32,
    bound: Bound,
    generation: u8,
) -> u64 {
    encode_move(best)
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (u64::from(depth.clamp(-128, 127) as i8 as u8) << 48)
        | ((bound as u64) << 56)
        | (u64::from(generation & 0x3F) << 58)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        best: decode_move(data & 0xFFFF),
        score: i32::from((data >> 16) as u16 as i16),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: i32::from((data >> 48) as u8 as i8),
        bound,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

fn depth_of(data: u64) -> i32 {
    i32::from((data >> 48) as u8 as i8)
}

impl TranspositionTable {
    pub fn new(bytes: usize) -> TranspositionTable {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        let slots = (0..buckets * WAYS)
            .map(|_| Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) })
            .collect();
        TranspositionTable { slots, buckets, generation: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed).wrapping_add(1) & 0x3F;
        self.generation.store(g, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let b = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        &self.slots[b * WAYS..(b + 1) * WAYS]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        for s in self.bucket(key) {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    pub fn store(
        &self,
        key: u64,
        best: Option<Point>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            if data == 0 || s.check.load(Ordering::Relaxed) ^ data == key {
                victim = i;
                if data != 0 {
                    // Same position: keep a deeper exact result from this search, and the old
                    // move when the new store has none.
                    let old = unpack(data);
                    if let Some(old) = old {
                        if bound != Bound::Exact
                            && generation_of(data) == generation
                            && old.depth > depth + 2
                        {
                            return;
                        }
                        if best.is_none() && old.best.is_some() {
                            let packed = pack(old.best, score, eval, depth, bound, generation);
                            s.data.store(packed, Ordering::Relaxed);
                            s.check.store(key ^ packed, Ordering::Relaxed);
                            return;
                        }
                    }
                }
                break;
            }
            let age = i32::from(generation.wrapping_sub(generation_of(data)) & 0x3F);
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let packed = pack(best, score, eval, depth, bound, generation);
        bucket[victim].data.store(packed, Ordering::Relaxed);
        bucket[victim].check.store(key ^ packed, Ordering::Relaxed);
    }

    /// Fill of the first thousand entries written by the current search, in permille.
    pub fn usage_permille(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 0x3F;
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1 << 16);
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(tt.probe(key).is_none());
        tt.store(key, Some(Point::new(7, 9)), -321, 45, 6, Bound::Lower);
        let e = tt.probe(key).expect("stored entry");
        assert_eq!(e.best, Some(Point::new(7, 9)));
        assert_eq!((e.score, e.eval, e.depth, e.bound), (-321, 45, 6, Bound::Lower));
        assert!(tt.probe(key ^ 1).is_none());
        assert!(tt.usage_permille() > 0);
        tt.clear();
        assert!(tt.probe(key).is_none());
    }
}
