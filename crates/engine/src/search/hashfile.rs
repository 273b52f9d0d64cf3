//! Hash files: the transposition table saved to and restored from disk (Yixin `yxhashdump` /
//! `yxhashload`).
//!
//! Format (all integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `RZKHASH\0` |
//! | 4 | format version ([`FORMAT_VERSION`]) |
//! | 4 | entry layout version (the table's packing, [`crate::search::tt::LAYOUT_VERSION`]) |
//! | 8 | slots of the table the entries come from |
//! | 4 | entries per bucket |
//! | 4 | generation of the table |
//! | 8 | entry count n |
//! | n × 20 | entries: slot index (u32), check word (u64), data word (u64), in increasing index order |
//! | 8 | checksum of every byte before it ([`checksum`]) |
//!
//! Only non-empty slots are written. Keys are stored salted (see [`crate::search::tt`]), so loaded
//! entries are found again only under the rule and board size that wrote them. Loading reads
//! and checks the whole file before the table is touched: any error leaves it as it was.

use std::fmt;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

use crate::search::tt::{LAYOUT_VERSION, RawEntry, TranspositionTable, WAYS, is_valid_data};

pub(crate) const MAGIC: &[u8; 8] = b"RZKHASH\0";
pub(crate) const FORMAT_VERSION: u32 = 1;
const HEADER_BYTES: usize = 8 + 4 + 4 + 8 + 4 + 4 + 8;
const ENTRY_BYTES: usize = 4 + 8 + 8;
const CHECKSUM_BYTES: usize = 8;
/// Largest table a file may describe (the brain never allocates more than 1 GiB: 64 Mi slots).
const MAX_SLOTS: u64 = 1 << 28;

/// Why a hash file could not be written or read.
#[derive(Debug)]
pub enum HashFileError {
    Io(std::io::Error),
    /// Not a Renzoku hash file at all.
    Foreign,
    /// A Renzoku hash file of another format or entry layout.
    Version {
        format: u32,
        layout: u32,
    },
    /// Shorter than its header says.
    Truncated,
    /// Longer than its header says.
    TrailingBytes,
    Checksum,
    /// Header or entries that cannot come from a valid table.
    Invalid(&'static str),
}

impl fmt::Display for HashFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashFileError::Io(e) => write!(f, "{e}"),
            HashFileError::Foreign => f.write_str("not a Renzoku hash file"),
            HashFileError::Version { format, layout } => write!(
                f,
                "hash file version {format}/{layout}, this build reads {FORMAT_VERSION}/{LAYOUT_VERSION}"
            ),
            HashFileError::Truncated => f.write_str("hash file truncated"),
            HashFileError::TrailingBytes => f.write_str("hash file has trailing bytes"),
            HashFileError::Checksum => f.write_str("hash file checksum mismatch (corrupt file)"),
            HashFileError::Invalid(what) => write!(f, "invalid hash file: {what}"),
        }
    }
}

impl std::error::Error for HashFileError {}

impl From<std::io::Error> for HashFileError {
    fn from(e: std::io::Error) -> Self {
        HashFileError::Io(e)
    }
}

/// A checksum of 64-bit words in the manner of FNV-1a (XOR, then multiply by the FNV prime; the
/// tail bytes one by one, then the length). Each step is a bijection of the running value, so
/// any single changed word or byte always changes the result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checksum {
    hash: u64,
    len: u64,
    tail: [u8; 8],
    tail_len: usize,
}

const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01B3;

impl Checksum {
    pub(crate) fn new() -> Checksum {
        Checksum { hash: FNV_OFFSET, len: 0, tail: [0; 8], tail_len: 0 }
    }

    fn word(&mut self, w: u64) {
        self.hash = (self.hash ^ w).wrapping_mul(FNV_PRIME);
        self.hash ^= self.hash >> 29;
    }

    pub(crate) fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.tail_len > 0 {
            let take = (8 - self.tail_len).min(bytes.len());
            self.tail[self.tail_len..self.tail_len + take].copy_from_slice(&bytes[..take]);
            self.tail_len += take;
            bytes = &bytes[take..];
            if self.tail_len < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.tail));
            self.tail_len = 0;
        }
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        self.tail[..rest.len()].copy_from_slice(rest);
        self.tail_len = rest.len();
    }

    pub(crate) fn finish(mut self) -> u64 {
        for i in 0..self.tail_len {
            self.hash = (self.hash ^ u64::from(self.tail[i])).wrapping_mul(FNV_PRIME);
        }
        self.word(self.len);
        self.hash
    }
}

/// `checksum` over one slice.
#[cfg(test)]
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::new();
    c.update(bytes);
    c.finish()
}

/// Writes through to `inner` while checksumming.
struct Summing<W: Write> {
    inner: W,
    sum: Checksum,
}

impl<W: Write> Summing<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sum.update(bytes);
        self.inner.write_all(bytes)
    }
}

/// Writes `tt` to `path` (through a temporary file renamed at the end, so a failed dump never
/// leaves a half-written file under that name). Returns the number of entries written.
pub(crate) fn dump(tt: &TranspositionTable, path: &Path) -> Result<u64, HashFileError> {
    let entries: Vec<RawEntry> = tt.raw_entries().collect();
    if tt.slot_count() as u64 > MAX_SLOTS {
        return Err(HashFileError::Invalid("table too large"));
    }
    let mut tmp_name = path.as_os_str().to_owned();
    tmp_name.push(".tmp");
    let tmp = Path::new(&tmp_name);
    let result = (|| {
        let file = std::fs::File::create(tmp)?;
        let mut w =
            Summing { inner: BufWriter::with_capacity(1 << 20, file), sum: Checksum::new() };
        w.put(MAGIC)?;
        w.put(&FORMAT_VERSION.to_le_bytes())?;
        w.put(&LAYOUT_VERSION.to_le_bytes())?;
        w.put(&(tt.slot_count() as u64).to_le_bytes())?;
        w.put(&(WAYS as u32).to_le_bytes())?;
        w.put(&u32::from(tt.generation()).to_le_bytes())?;
        w.put(&(entries.len() as u64).to_le_bytes())?;
        for e in &entries {
            w.put(&(e.index as u32).to_le_bytes())?;
            w.put(&e.check.to_le_bytes())?;
            w.put(&e.data.to_le_bytes())?;
        }
        let sum = w.sum.finish();
        w.inner.write_all(&sum.to_le_bytes())?;
        let file = w.inner.into_inner().map_err(std::io::IntoInnerError::into_error)?;
        file.sync_all()?;
        std::fs::rename(tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(tmp);
        return Err(e.into());
    }
    Ok(entries.len() as u64)
}

/// A hash file read and checked, ready to be put into a table.
#[derive(Debug)]
pub(crate) struct Loaded {
    pub slot_count: usize,
    pub generation: u8,
    pub entries: Vec<RawEntry>,
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

/// Reads and checks `path` completely; nothing is touched.
pub(crate) fn read(path: &Path) -> Result<Loaded, HashFileError> {
    let mut file = std::fs::File::open(path)?;
    // Read the header first: a foreign (possibly huge) file is refused without reading it all.
    let mut header = [0u8; HEADER_BYTES];
    let mut got = 0;
    while got < HEADER_BYTES {
        match file.read(&mut header[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    if got < MAGIC.len() || &header[..MAGIC.len()] != MAGIC {
        return Err(HashFileError::Foreign);
    }
    if got < HEADER_BYTES {
        return Err(HashFileError::Truncated);
    }
    parse(&header, file)
}

fn parse(header: &[u8; HEADER_BYTES], mut rest: impl Read) -> Result<Loaded, HashFileError> {
    let format = u32_at(header, 8);
    let layout = u32_at(header, 12);
    if format != FORMAT_VERSION || layout != LAYOUT_VERSION {
        return Err(HashFileError::Version { format, layout });
    }
    let slots = u64_at(header, 16);
    let ways = u32_at(header, 24);
    let generation = u32_at(header, 28);
    let count = u64_at(header, 32);
    if ways as usize != WAYS
        || slots == 0
        || slots > MAX_SLOTS
        || !slots.is_multiple_of(WAYS as u64)
    {
        return Err(HashFileError::Invalid("table size"));
    }
    if generation > 0x3F {
        return Err(HashFileError::Invalid("generation"));
    }
    if count > slots {
        return Err(HashFileError::Invalid("more entries than slots"));
    }
    let body_len = count as usize * ENTRY_BYTES;
    let mut body = Vec::new();
    // Never trust the count for the allocation: read what is there, at most what is expected.
    rest.by_ref().take((body_len + CHECKSUM_BYTES) as u64).read_to_end(&mut body)?;
    if body.len() < body_len + CHECKSUM_BYTES {
        return Err(HashFileError::Truncated);
    }
    let mut extra = [0u8; 1];
    if rest.read(&mut extra)? != 0 {
        return Err(HashFileError::TrailingBytes);
    }
    let mut sum = Checksum::new();
    sum.update(header);
    sum.update(&body[..body_len]);
    if sum.finish() != u64_at(&body, body_len) {
        return Err(HashFileError::Checksum);
    }
    let mut entries = Vec::with_capacity(count as usize);
    let mut previous: Option<u64> = None;
    for chunk in body[..body_len].chunks_exact(ENTRY_BYTES) {
        let index = u64::from(u32_at(chunk, 0));
        let check = u64_at(chunk, 4);
        let data = u64_at(chunk, 12);
        if index >= slots || previous.is_some_and(|p| p >= index) {
            return Err(HashFileError::Invalid("entry index"));
        }
        if !is_valid_data(data) {
            return Err(HashFileError::Invalid("entry data"));
        }
        previous = Some(index);
        entries.push(RawEntry { index, check, data });
    }
    Ok(Loaded { slot_count: slots as usize, generation: generation as u8, entries })
}

/// Reads `path` and, only if it is a valid hash file, replaces the content of `tt` by it.
/// Returns the number of entries loaded.
pub(crate) fn load(tt: &TranspositionTable, path: &Path) -> Result<u64, HashFileError> {
    let loaded = read(path)?;
    tt.restore(loaded.slot_count, loaded.generation, &loaded.entries);
    Ok(loaded.entries.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tt::{Bound, Entry, salt};
    use renzoku_rules::Point;

    fn filled() -> TranspositionTable {
        let tt = TranspositionTable::new(1 << 16);
        tt.set_salt(salt(0, 15, 15));
        for i in 1..500u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(
                key,
                Entry {
                    best: Some(Point::new((i % 15) as u8, 7)),
                    score: i as i32,
                    eval: -3,
                    depth: 3,
                    bound: Bound::Exact,
                    pv: false,
                },
            );
        }
        tt
    }

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("renzoku-hashfile-{}-{name}", std::process::id()))
    }

    #[test]
    fn checksum_sees_every_byte() {
        let data: Vec<u8> = (0..100u8).collect();
        let base = checksum(&data);
        for i in 0..data.len() {
            let mut d = data.clone();
            d[i] ^= 0x40;
            assert_ne!(checksum(&d), base, "byte {i}");
        }
        assert_ne!(checksum(&data[..99]), base);
        // Streaming in odd pieces gives the same sum.
        let mut c = Checksum::new();
        for piece in data.chunks(3) {
            c.update(piece);
        }
        assert_eq!(c.finish(), base);
    }

    #[test]
    fn round_trip_and_every_kind_of_damage() {
        let tt = filled();
        let path = temp("round");
        let n = dump(&tt, &path).expect("dump");
        assert_eq!(n, tt.raw_entries().count() as u64);
        let loaded = read(&path).expect("read");
        assert_eq!(loaded.entries, tt.raw_entries().collect::<Vec<_>>());
        let bytes = std::fs::read(&path).expect("file");
        let damaged = temp("damaged");
        for at in [0, 9, 13, 20, 40, HEADER_BYTES + 5, bytes.len() - 30, bytes.len() - 1] {
            let mut b = bytes.clone();
            b[at] ^= 0x10;
            std::fs::write(&damaged, &b).expect("write");
            assert!(read(&damaged).is_err(), "flipped byte {at} accepted");
        }
        for len in [0, 5, HEADER_BYTES - 1, HEADER_BYTES + 7, bytes.len() - 1] {
            std::fs::write(&damaged, &bytes[..len]).expect("write");
            assert!(read(&damaged).is_err(), "truncated to {len} accepted");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        std::fs::write(&damaged, &longer).expect("write");
        assert!(matches!(read(&damaged), Err(HashFileError::TrailingBytes)));
        std::fs::write(&damaged, b"RIFF\0\0\0\0WAVEfmt some other file").expect("write");
        assert!(matches!(read(&damaged), Err(HashFileError::Foreign)));
        // A failed load leaves the table as it was.
        let before: Vec<RawEntry> = tt.raw_entries().collect();
        std::fs::write(&damaged, &bytes[..bytes.len() - 3]).expect("write");
        assert!(load(&tt, &damaged).is_err());
        assert_eq!(tt.raw_entries().collect::<Vec<_>>(), before);
        let fresh = TranspositionTable::new(1 << 16);
        assert_eq!(load(&fresh, &path).expect("load"), n);
        assert_eq!(fresh.raw_entries().collect::<Vec<_>>(), before);
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(&damaged);
    }
}
