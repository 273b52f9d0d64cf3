//! The transposition table: a lockless hash table shared by all search threads.
//!
//! Each entry is two atomic words, the key XOR the data and the data, so a torn write by a
//! concurrent thread shows up as a key mismatch instead of a corrupt hit (the "XOR trick"); no
//! locks. Four entries form a bucket of 64 bytes. The table is allocated as zeroed memory (one
//! small `unsafe` block, [`zeroed_slots`]) so that the operating system hands out zero pages
//! lazily: a 256 MiB table costs nothing to create, instead of ~100 ms of writes that would fall
//! on the first move of a game. After its first search, the table is advised transparent huge
//! pages on Linux and merged into them ([`TranspositionTable::advise_huge_pages`]).
//!
//! Every key is XORed with a salt derived from the rule and the board's width and height before
//! it is used ([`TranspositionTable::set_salt`]), so entries left by a game under another rule or
//! on another board size never match: the table survives a new game without being cleared, and
//! only same-rule, same-size positions (which are valid) are found again.

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
    /// The node was on a principal variation when stored, or lies below one in the tree the
    /// search keeps going back to (Rapfi's and Stockfish's ttPv).
    pub pv: bool,
}

pub(crate) const WAYS: usize = 4;
const ENTRY_BYTES: usize = 16;
/// Version of the packed entry layout (`pack`/`unpack`, the move encoding, the key scheme), as
/// written into hash files: a file from another layout is refused, not misread.
pub(crate) const LAYOUT_VERSION: u32 = 2;
/// The search generation's bits in an entry (bits 58-62; bit 63 is the PV flag).
const GENERATION_MASK: u8 = 0x1F;
const NO_MOVE: u64 = 0xFFFF;
#[cfg(target_os = "linux")]
const SMALL_PAGE: usize = 4096;
/// The size of a transparent huge page, the step of [`TranspositionTable::merge_huge_page`].
pub const HUGE_PAGE: usize = 2 << 20;
/// `MADV_COLLAPSE` of Linux's `asm-generic/mman-common.h` (since 6.1; older kernels refuse it
/// with `EINVAL`), spelt out because the libc crate has it for glibc targets only.
#[cfg(target_os = "linux")]
const MADV_COLLAPSE: libc::c_int = 25;

/// `repr(C)`: two `AtomicU64`s and nothing else, so a slot is 16 bytes with 8-byte alignment and
/// all-zero bytes are a valid (empty) slot, which [`zeroed_slots`] relies on.
#[derive(Debug)]
#[repr(C)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// `n` empty slots in freshly allocated zeroed memory (calloc-backed: untouched pages are never
/// written, so creating even a large table is instant).
#[allow(unsafe_code)]
fn zeroed_slots(n: usize) -> Box<[Slot]> {
    const _: () = assert!(size_of::<Slot>() == 2 * size_of::<u64>());
    const _: () = assert!(align_of::<Slot>() == align_of::<u64>());
    let words: Box<[u64]> = vec![0u64; n * 2].into_boxed_slice();
    let ptr = Box::into_raw(words).cast::<u64>().cast::<Slot>();
    // SAFETY: the allocation holds exactly 2n u64s, i.e. the size and alignment of n `Slot`s
    // (checked above), every byte is zero, and an all-zero `AtomicU64` is a valid value (it has
    // the same in-memory representation as `u64`). Ownership moves from the first box to the new
    // one, so the memory is freed once, with the same layout it was allocated with.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n)) }
}

/// Starts loading the cache line at `p`: a hint, with no effect on what the program computes.
#[allow(unsafe_code)]
#[inline]
fn prefetch_line<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: PREFETCHT0 (SSE, part of every x86-64 CPU) only hints the cache; it cannot fault
    // and reads nothing the program sees. The address comes from a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(p).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[derive(Debug)]
pub struct TranspositionTable {
    /// The allocation: the table proper starts `base` slots in, on a 64-byte boundary.
    slots: Box<[Slot]>,
    /// Slots skipped so that every bucket is one cache line (the allocator's pointer is only
    /// 16-byte aligned: a bucket straddling two lines costs two misses a probe).
    base: usize,
    buckets: usize,
    generation: AtomicU8,
    /// XORed into every key (see the module documentation).
    salt: AtomicU64,
}

/// One stored entry in raw form, as hash files hold it: slot index, check word, data word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct RawEntry {
    pub index: u64,
    pub check: u64,
    pub data: u64,
}

/// The salt of `rule` (its index in [`Rule::ALL`]) on a `width` x `height` board: a 64-bit mix
/// of the three, never zero.
pub(crate) fn salt(rule_index: u64, width: u64, height: u64) -> u64 {
    let mut z = (rule_index << 16 | width << 8 | height).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) | 1
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
    pv: bool,
    generation: u8,
) -> u64 {
    encode_move(best)
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (u64::from(depth.clamp(-128, 127) as i8 as u8) << 48)
        | ((bound as u64) << 56)
        | (u64::from(generation & GENERATION_MASK) << 58)
        | (u64::from(pv) << 63)
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
        pv: data >> 63 != 0,
    })
}

/// True when `data` is a stored entry (not an empty slot, and a bound that decodes).
pub(crate) fn is_valid_data(data: u64) -> bool {
    data != 0 && unpack(data).is_some()
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & GENERATION_MASK
}

fn depth_of(data: u64) -> i32 {
    i32::from((data >> 48) as u8 as i8)
}

impl TranspositionTable {
    pub fn new(bytes: usize) -> TranspositionTable {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        // WAYS spare slots (one bucket's bytes) leave room to start on a line boundary.
        let slots = zeroed_slots((buckets + 1) * WAYS);
        let misalign = slots.as_ptr() as usize % (ENTRY_BYTES * WAYS);
        let base = ((ENTRY_BYTES * WAYS - misalign) % (ENTRY_BYTES * WAYS)) / ENTRY_BYTES;
        TranspositionTable {
            slots,
            base,
            buckets,
            generation: AtomicU8::new(0),
            salt: AtomicU64::new(0),
        }
    }

    /// The table proper: `buckets * WAYS` slots, each bucket on one cache line.
    fn table(&self) -> &[Slot] {
        &self.slots[self.base..self.base + self.buckets * WAYS]
    }

    /// Sets the salt XORed into every key from now on (see the module documentation).
    pub fn set_salt(&self, salt: u64) {
        self.salt.store(salt, Ordering::Relaxed);
    }

    /// Number of entry slots.
    pub(crate) fn slot_count(&self) -> usize {
        self.table().len()
    }

    pub(crate) fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Every non-empty slot, in index order.
    pub(crate) fn raw_entries(&self) -> impl Iterator<Item = RawEntry> + '_ {
        self.table().iter().enumerate().filter_map(|(i, s)| {
            let data = s.data.load(Ordering::Relaxed);
            (data != 0).then(|| RawEntry {
                index: i as u64,
                check: s.check.load(Ordering::Relaxed),
                data,
            })
        })
    }

    /// Replaces the whole content by `entries` (from a table of `slot_count` slots) and sets the
    /// generation. Entries from a table of the same size go back to their slots; from another
    /// size, each is re-inserted by its key (a bucket that overflows keeps its deepest entries).
    /// The caller has validated the entries (indices below `slot_count`, non-zero data).
    pub(crate) fn restore(&self, slot_count: usize, generation: u8, entries: &[RawEntry]) {
        self.clear();
        if slot_count == self.table().len() {
            for e in entries {
                if let Some(s) = usize::try_from(e.index).ok().and_then(|i| self.table().get(i)) {
                    s.data.store(e.data, Ordering::Relaxed);
                    s.check.store(e.check, Ordering::Relaxed);
                }
            }
        } else {
            for e in entries {
                let bucket = self.bucket(e.check ^ e.data);
                let victim = bucket
                    .iter()
                    .min_by_key(|s| {
                        let d = s.data.load(Ordering::Relaxed);
                        if d == 0 { i32::MIN } else { depth_of(d) }
                    })
                    .filter(|s| {
                        let d = s.data.load(Ordering::Relaxed);
                        d == 0 || depth_of(d) < depth_of(e.data)
                    });
                if let Some(s) = victim {
                    s.data.store(e.data, Ordering::Relaxed);
                    s.check.store(e.check, Ordering::Relaxed);
                }
            }
        }
        self.generation.store(generation & GENERATION_MASK, Ordering::Relaxed);
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Advises the table transparent huge pages (2 MiB), on Linux; elsewhere nothing. Probes
    /// land anywhere in a table far larger than what the TLB maps with 4 KiB pages, so nearly
    /// every probe walks the page tables; on huge pages the same searches take less CPU time
    /// (docs/experiments.md). Given after the table's first search, not at allocation, and
    /// after one word of every 4 KiB page is read, so that every 2 MiB region already has its
    /// small pages (a page nothing wrote is mapped to the shared zero page): where a region has
    /// none, the advice makes the first write into it allocate a huge page inside the search,
    /// and in a virtual machine whose host backs memory lazily each such allocation took 34 ms
    /// (a 150 ms opening turn answered after 2-3.5 s). The reads go through `black_box`: an
    /// unused load, or an OR with zero (which compiles to one), is removed by the compiler.
    /// The small pages become huge ones as [`TranspositionTable::merge_huge_page`] (or,
    /// a few MiB a minute, the kernel's own khugepaged) merges them. Returns the advised range.
    #[allow(unsafe_code)]
    pub fn advise_huge_pages(&self) -> Option<std::ops::Range<usize>> {
        #[cfg(target_os = "linux")]
        {
            for s in self.slots.iter().step_by(SMALL_PAGE / ENTRY_BYTES) {
                std::hint::black_box(s.check.load(Ordering::Relaxed));
            }
            let start = self.slots.as_ptr() as usize;
            let end = start + std::mem::size_of_val(&*self.slots);
            let first = start.next_multiple_of(HUGE_PAGE);
            if end.saturating_sub(first) >= HUGE_PAGE {
                let len = (end - first) / HUGE_PAGE * HUGE_PAGE;
                // SAFETY: [first, first + len) lies inside the table's own allocation; the
                // advice changes only how the kernel backs those pages, never their contents,
                // and where transparent huge pages are off it fails and changes nothing.
                let advised =
                    unsafe { libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
                return (advised == 0).then_some(first..first + len);
            }
        }
        None
    }

    /// Merges the 2 MiB region at address `region` of the advised range
    /// ([`TranspositionTable::advise_huge_pages`]) into one huge page now (Linux 6.1's
    /// `MADV_COLLAPSE`: the kernel copies the region's small pages into a huge one, contents
    /// unchanged, while searches go on). One region a call, so that the caller can pause between
    /// them: merging a 208 MiB table in one call halved the next search's nodes in three of four
    /// runs, where a region every 20 ms left opening turns of 150 ms on time and merged it all
    /// in about 5 s. False where the kernel cannot merge (older kernels, huge pages off) or
    /// `region` is not an aligned region of the table.
    #[allow(unsafe_code)]
    pub fn merge_huge_page(&self, region: usize) -> bool {
        #[cfg(target_os = "linux")]
        {
            let start = self.slots.as_ptr() as usize;
            let inside = region >= start && region + HUGE_PAGE <= start + self.bytes();
            if !inside || !region.is_multiple_of(HUGE_PAGE) {
                return false;
            }
            // SAFETY: the region lies inside the table's own allocation (checked above); the
            // merge changes only how the kernel backs those pages, never their contents.
            unsafe { libc::madvise(region as *mut libc::c_void, HUGE_PAGE, MADV_COLLAPSE) == 0 }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = region;
            false
        }
    }

    /// Bytes of the table's allocation.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.slots)
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(g, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let b = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        let start = self.base + b * WAYS;
        &self.slots[start..start + WAYS]
    }

    /// Starts fetching the bucket of `key` (see [`crate::board::position::Position::hash_after`]), so
    /// that a probe a little later finds it in the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let key = key ^ self.salt.load(Ordering::Relaxed);
        prefetch_line(&self.bucket(key)[0]);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.probe_salted(key, self.salt.load(Ordering::Relaxed))
    }

    /// As [`TranspositionTable::probe`] with the salt of a given rule and board size instead of
    /// the current one: a reader on another thread (see `probe.rs`) cannot rely on the salt the
    /// running search set.
    pub(crate) fn probe_salted(&self, key: u64, salt: u64) -> Option<Entry> {
        let key = key ^ salt;
        for s in self.bucket(key) {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    /// Stores `entry` (its score node-relative) for the position of `key`.
    pub fn store(&self, key: u64, entry: Entry) {
        let Entry { best, score, eval, depth, bound, pv } = entry;
        let key = key ^ self.salt.load(Ordering::Relaxed);
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
                            let packed = pack(old.best, score, eval, depth, bound, pv, generation);
                            s.data.store(packed, Ordering::Relaxed);
                            s.check.store(key ^ packed, Ordering::Relaxed);
                            return;
                        }
                    }
                }
                break;
            }
            let age = i32::from(generation.wrapping_sub(generation_of(data)) & GENERATION_MASK);
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let packed = pack(best, score, eval, depth, bound, pv, generation);
        bucket[victim].data.store(packed, Ordering::Relaxed);
        bucket[victim].check.store(key ^ packed, Ordering::Relaxed);
    }

    /// Fill of the first thousand entries written by the current search, in permille.
    pub fn usage_permille(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & GENERATION_MASK;
        self.sample_permille(|d| generation_of(d) == generation)
    }

    /// Fill of the first thousand entries, whatever search wrote them, in permille.
    pub fn fill_permille(&self) -> u32 {
        self.sample_permille(|_| true)
    }

    fn sample_permille(&self, counts: impl Fn(u64) -> bool) -> u32 {
        let n = self.table().len().min(1000);
        let used = self.table()[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && counts(d)
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// The salt the hash table uses for `rule` on `board`'s size.
pub(crate) fn hash_salt(board: &renzoku_rules::Board, rule: renzoku_rules::Rule) -> u64 {
    salt(
        crate::board::prepare::rule_index(rule) as u64,
        u64::from(board.width()),
        u64::from(board.height()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1 << 16);
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(tt.probe(key).is_none());
        tt.store(
            key,
            Entry {
                best: Some(Point::new(7, 9)),
                score: -321,
                eval: 45,
                depth: 6,
                bound: Bound::Lower,
                pv: false,
            },
        );
        let e = tt.probe(key).expect("stored entry");
        assert_eq!(e.best, Some(Point::new(7, 9)));
        assert_eq!((e.score, e.eval, e.depth, e.bound), (-321, 45, 6, Bound::Lower));
        assert!(tt.probe(key ^ 1).is_none());
        assert!(!e.pv);
        // The PV flag has a bit of its own: it comes back, and the entry counts as this
        // search's (its generation bits are intact).
        tt.store(
            key ^ 2,
            Entry { best: None, score: 7, eval: 0, depth: 3, bound: Bound::Upper, pv: true },
        );
        let flagged = tt.probe(key ^ 2).expect("stored entry");
        assert!(flagged.pv);
        assert_eq!((flagged.score, flagged.depth, flagged.bound), (7, 3, Bound::Upper));
        assert!(tt.usage_permille() > 0);
        tt.clear();
        assert!(tt.probe(key).is_none());
    }

    /// Reading every page, advising huge pages and merging every region leaves the entries,
    /// stored ones and empty slots, as they were (a table of several 2 MiB regions, so the
    /// advice is given); where the kernel merged, the regions are on huge pages.
    #[test]
    fn huge_pages_keep_the_entries() {
        let tt = TranspositionTable::new(8 << 20);
        let keys: Vec<u64> = (1..=2000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for (i, &k) in keys.iter().enumerate() {
            tt.store(
                k,
                Entry {
                    best: Some(Point::new(3, 4)),
                    score: i as i32,
                    eval: -7,
                    depth: 5,
                    bound: Bound::Exact,
                    pv: false,
                },
            );
        }
        let before: Vec<Option<Entry>> = keys.iter().map(|&k| tt.probe(k)).collect();
        assert!(before.iter().all(Option::is_some));
        let merged = tt.advise_huge_pages().map_or(0, |range| {
            let regions: Vec<usize> = range.clone().step_by(HUGE_PAGE).collect();
            assert!(regions.len() >= 3, "{range:x?}");
            regions.into_iter().filter(|&r| tt.merge_huge_page(r)).count()
        });
        let after: Vec<Option<Entry>> = keys.iter().map(|&k| tt.probe(k)).collect();
        assert_eq!(before, after);
        assert!(tt.probe(0xDEAD_BEEF).is_none());
        assert!(tt.bytes() >= 8 << 20);
        assert!(!tt.merge_huge_page(tt.slots.as_ptr() as usize + 1), "an unaligned region");
        #[cfg(target_os = "linux")]
        if merged > 0 {
            let start = tt.slots.as_ptr() as usize;
            let huge_kb = anon_huge_kb_in(start..start + tt.bytes()).expect("the mappings");
            assert!(huge_kb >= merged as u64 * 2048, "{merged} merged, {huge_kb} kB huge");
        }
    }

    /// After the advice, writing into every 2 MiB region of the table must not allocate huge
    /// pages there and then (that would happen inside a search: see `advise_huge_pages`);
    /// only the kernel's background merging may, far slower than the milliseconds this takes.
    /// Checked where Linux gives huge pages on advice only (`enabled` is `madvise`).
    #[cfg(target_os = "linux")]
    #[test]
    fn huge_page_advice_leaves_first_writes_on_small_pages() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if !mode.is_ok_and(|m| m.contains("[madvise]")) {
            eprintln!("skipped: transparent huge pages are not in madvise mode here");
            return;
        }
        let tt = TranspositionTable::new(64 << 20);
        assert!(tt.advise_huge_pages().is_some());
        for s in tt.slots.iter().step_by(HUGE_PAGE / ENTRY_BYTES) {
            s.check.store(1, Ordering::Relaxed);
        }
        let start = tt.slots.as_ptr() as usize;
        let huge_kb = anon_huge_kb_in(start..start + tt.bytes()).expect("the process's mappings");
        assert!(huge_kb < 32 << 10, "{huge_kb} kB of the 64 MiB table on huge pages at once");
    }

    /// `AnonHugePages` of the mappings overlapping `range` (the advice splits the table's
    /// mapping in two or three), from `/proc/self/smaps`.
    #[cfg(target_os = "linux")]
    fn anon_huge_kb_in(range: std::ops::Range<usize>) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        let mut total = 0;
        for line in smaps.lines() {
            let bounds = line.split_whitespace().next().and_then(|r| r.split_once('-'));
            if let Some((start, end)) = bounds
                && let (Ok(start), Ok(end)) =
                    (usize::from_str_radix(start, 16), usize::from_str_radix(end, 16))
            {
                inside = start < range.end && range.start < end;
            } else if inside && let Some(kb) = line.strip_prefix("AnonHugePages:") {
                total += kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok()?;
            }
        }
        Some(total)
    }

    #[test]
    fn every_bucket_is_one_cache_line() {
        for bytes in [1 << 12, 1 << 16, 3 << 20] {
            let tt = TranspositionTable::new(bytes);
            for key in [0, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
                assert_eq!(tt.bucket(key).as_ptr() as usize % (ENTRY_BYTES * WAYS), 0);
            }
            assert_eq!(tt.slot_count(), tt.buckets * WAYS);
        }
    }

    #[test]
    fn salts_separate_rules_and_sizes() {
        let tt = TranspositionTable::new(1 << 16);
        let key = 0x0F0F_1234_5678_9ABC;
        let a = salt(0, 15, 15);
        tt.set_salt(a);
        tt.store(
            key,
            Entry {
                best: Some(Point::new(1, 2)),
                score: 10,
                eval: 0,
                depth: 4,
                bound: Bound::Exact,
                pv: false,
            },
        );
        for other in [salt(1, 15, 15), salt(0, 20, 20), salt(0, 15, 20), salt(0, 20, 15)] {
            assert_ne!(other, a);
            tt.set_salt(other);
            assert!(tt.probe(key).is_none());
        }
        // The same rule and size finds it again (a later game of the same kind).
        tt.set_salt(a);
        assert_eq!(tt.probe(key).map(|e| e.best), Some(Some(Point::new(1, 2))));
    }

    #[test]
    fn restore_into_the_same_and_another_size() {
        let tt = TranspositionTable::new(1 << 16);
        tt.set_salt(salt(2, 15, 15));
        let keys: Vec<u64> = (1..200u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for (i, &k) in keys.iter().enumerate() {
            tt.store(
                k,
                Entry {
                    best: Some(Point::new(i as u8 % 15, 3)),
                    score: i as i32,
                    eval: 0,
                    depth: 5,
                    bound: Bound::Lower,
                    pv: false,
                },
            );
        }
        let raw: Vec<RawEntry> = tt.raw_entries().collect();
        assert!(!raw.is_empty());
        let same = TranspositionTable::new(1 << 16);
        same.set_salt(salt(2, 15, 15));
        same.restore(tt.slot_count(), tt.generation(), &raw);
        let bigger = TranspositionTable::new(1 << 18);
        bigger.set_salt(salt(2, 15, 15));
        bigger.restore(tt.slot_count(), tt.generation(), &raw);
        for &k in &keys {
            let want = tt.probe(k);
            assert_eq!(same.probe(k), want);
            if want.is_some() {
                assert_eq!(bigger.probe(k), want);
            }
        }
    }
}
