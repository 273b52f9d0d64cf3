//! The evaluation's weights file (`.rzn`): what a fit writes and the engine loads, so that a net
//! can be tried, A/B-tested and shipped without rebuilding the engine.
//!
//! Little-endian throughout:
//!
//! ```text
//! magic        8 bytes   "RZKNET\r\n" (the CR LF catches a text-mode copy)
//! version      u32       FORMAT_VERSION
//! arch         u16 length + ASCII: what the tables are (ARCHITECTURE)
//! family       u8        0: every rule but renju, 1: renju
//! description  u32 length + UTF-8: who fitted it on what
//! payload      the tables, in the order of `Tables`' fields, rows of COMBOS, MASKS or HIDDEN;
//!              with the `-lines6561` architecture the line windows' hidden weights follow
//!              (per colour block, per window, the two roles' HIDDEN weights; window 0 zero)
//! checksum     u32       CRC-32 (IEEE) of every byte before it
//! ```
//!
//! The payload's size follows from the architecture and the family, so a file cut short, grown
//! or flipped anywhere is refused with what is wrong, and the net in use stays.

use thiserror::Error;

use crate::eval::hidden::{Embed, HIDDEN, LineEmbed, WINDOWS};
use crate::eval::square::{COMBOS, MASKS};

pub const MAGIC: &[u8; 8] = b"RZKNET\r\n";
pub const FORMAT_VERSION: u32 = 1;

/// The tables this build computes with: the linear tables and the hidden layer over the 1365
/// pattern combinations and 512 threat masks, with `HIDDEN` units.
pub fn architecture() -> String {
    format!("combo{COMBOS}-mask{MASKS}-hidden{HIDDEN}")
}

/// The same with the line windows' weights as well (`hidden::Layer::lines`).
pub fn lines_architecture() -> String {
    format!("{}-lines{WINDOWS}", architecture())
}

/// The rule family a net is for: renju has its own net (per-colour tables), every other rule
/// shares the generic one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    Generic,
    Renju,
}

impl Family {
    pub fn of(rule: renzoku_rules::Rule) -> Family {
        if rule == renzoku_rules::Rule::Renju { Family::Renju } else { Family::Generic }
    }

    /// Colour blocks of the tables: renju's are per colour (black, then white).
    pub fn blocks(self) -> usize {
        match self {
            Family::Generic => 1,
            Family::Renju => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Family::Generic => "generic",
            Family::Renju => "renju",
        }
    }

    /// The family's number: its code in the file and its index among the nets in use.
    pub fn index(self) -> usize {
        match self {
            Family::Generic => 0,
            Family::Renju => 1,
        }
    }
}

/// The weights of one family, as integers the engine computes with.
#[derive(Clone, PartialEq, Debug)]
pub struct Tables {
    /// Evaluation share per combination: rows (side to move's, waiting side's) per colour block.
    pub eval_combo: Vec<[i16; COMBOS]>,
    /// Evaluation term per threat mask.
    pub eval_mask: Box<[i16; MASKS]>,
    /// Move-ordering correction per combination: rows (this colour's move, the opponent's) per
    /// colour block.
    pub order_combo: Vec<[i16; COMBOS]>,
    /// Hidden weights per colour block, times `hidden::ONE`.
    pub embed: Vec<Box<Embed>>,
    /// Hidden units' offsets per threat mask, times `hidden::ONE`.
    pub mask_rows: Box<[[i16; HIDDEN]; MASKS]>,
    /// Output weight per unit, in evaluation points times `hidden::OUT_ONE`.
    pub out: [i32; HIDDEN],
    /// Output bias in evaluation points.
    pub out_bias: i32,
    /// Per colour block, the line windows' hidden weights, times `hidden::ONE` (nets of
    /// [`lines_architecture`] only).
    pub line_embed: Option<Vec<Box<LineEmbed>>>,
}

/// A parsed weights file.
#[derive(Clone, PartialEq, Debug)]
pub struct NetFile {
    pub family: Family,
    pub description: String,
    pub tables: Tables,
    /// The file's CRC-32, which names the net in messages.
    pub checksum: u32,
}

/// What is wrong with a weights file.
#[derive(Error, Clone, PartialEq, Eq, Debug)]
pub enum FormatError {
    #[error("not a Renzoku weights file (no RZKNET magic at the start)")]
    Magic,
    #[error("format version {0}; this engine reads version {FORMAT_VERSION}")]
    Version(u32),
    #[error(
        "architecture '{file}'; this engine computes with '{engine}' (or with '{engine}-lines{WINDOWS}')"
    )]
    Architecture { file: String, engine: String },
    #[error("line window 0 (no stone of the colour) has weights; it must weigh nothing")]
    EmptyWindow,
    #[error("unknown rule family {0} (0: generic, 1: renju)")]
    Family(u8),
    #[error("the description is not UTF-8")]
    Description,
    #[error("cut short: {0} bytes missing")]
    Truncated(usize),
    #[error("{0} bytes after the end of the tables")]
    Trailing(usize),
    #[error(
        "checksum mismatch: the file says {stored:08x}, its bytes give {computed:08x} (corrupt?)"
    )]
    Checksum { stored: u32, computed: u32 },
}

/// Reads a weights file's bytes.
pub fn parse(bytes: &[u8]) -> Result<NetFile, FormatError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(FormatError::Magic);
    }
    if bytes.len() < MAGIC.len() + 4 + 4 {
        return Err(FormatError::Truncated(MAGIC.len() + 8 - bytes.len()));
    }
    let (body, stored) = bytes.split_at(bytes.len() - 4);
    let mut r = Reader { bytes: body, at: MAGIC.len() };
    let version = r.u32()?;
    if version != FORMAT_VERSION {
        return Err(FormatError::Version(version));
    }
    let arch_len = usize::from(r.u16()?);
    let arch = String::from_utf8_lossy(r.take(arch_len)?).into_owned();
    let with_lines = arch == lines_architecture();
    if arch != architecture() && !with_lines {
        return Err(FormatError::Architecture { file: arch, engine: architecture() });
    }
    let family = match r.u8()? {
        0 => Family::Generic,
        1 => Family::Renju,
        other => return Err(FormatError::Family(other)),
    };
    let description_len = r.u32()? as usize;
    let description = String::from_utf8(r.take(description_len)?.to_vec())
        .map_err(|_| FormatError::Description)?;
    let tables = read_tables(&mut r, family.blocks(), with_lines)?;
    if r.at != body.len() {
        return Err(FormatError::Trailing(body.len() - r.at));
    }
    let stored = u32::from_le_bytes([stored[0], stored[1], stored[2], stored[3]]);
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(FormatError::Checksum { stored, computed });
    }
    Ok(NetFile { family, description, tables, checksum: stored })
}

/// Writes a weights file (the inverse of [`parse`]); the returned bytes end with their checksum.
/// The fitting scripts write the files (`tuning/netfile.py`); this writer checks the reader.
#[cfg(test)]
pub fn write(family: Family, description: &str, tables: &Tables) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend(FORMAT_VERSION.to_le_bytes());
    let arch = if tables.line_embed.is_some() { lines_architecture() } else { architecture() };
    out.extend((arch.len() as u16).to_le_bytes());
    out.extend(arch.as_bytes());
    out.push(family.index() as u8);
    out.extend((description.len() as u32).to_le_bytes());
    out.extend(description.as_bytes());
    let i16s = |out: &mut Vec<u8>, values: &[i16]| {
        for v in values {
            out.extend(v.to_le_bytes());
        }
    };
    for row in &tables.eval_combo {
        i16s(&mut out, row);
    }
    i16s(&mut out, &tables.eval_mask[..]);
    for row in &tables.order_combo {
        i16s(&mut out, row);
    }
    for block in &tables.embed {
        for combo in block.iter() {
            i16s(&mut out, &combo[0]);
            i16s(&mut out, &combo[1]);
        }
    }
    for row in tables.mask_rows.iter() {
        i16s(&mut out, row);
    }
    for v in tables.out.iter().chain([&tables.out_bias]) {
        out.extend(v.to_le_bytes());
    }
    for block in tables.line_embed.iter().flatten() {
        for window in block.iter() {
            i16s(&mut out, &window[0]);
            i16s(&mut out, &window[1]);
        }
    }
    let checksum = crc32fast::hash(&out);
    out.extend(checksum.to_le_bytes());
    out
}

fn read_tables(r: &mut Reader, blocks: usize, with_lines: bool) -> Result<Tables, FormatError> {
    let mut eval_combo = Vec::with_capacity(2 * blocks);
    for _ in 0..2 * blocks {
        eval_combo.push(r.i16s::<COMBOS>()?);
    }
    let eval_mask = Box::new(r.i16s::<MASKS>()?);
    let mut order_combo = Vec::with_capacity(2 * blocks);
    for _ in 0..2 * blocks {
        order_combo.push(r.i16s::<COMBOS>()?);
    }
    let mut embed = Vec::with_capacity(blocks);
    for _ in 0..blocks {
        let mut block: Box<Embed> = boxed_zeroed();
        for combo in block.iter_mut() {
            *combo = [r.i16s::<HIDDEN>()?, r.i16s::<HIDDEN>()?];
        }
        embed.push(block);
    }
    let mut mask_rows: Box<[[i16; HIDDEN]; MASKS]> = boxed_zeroed();
    for row in mask_rows.iter_mut() {
        *row = r.i16s::<HIDDEN>()?;
    }
    let mut out = [0; HIDDEN];
    for v in &mut out {
        *v = r.i32()?;
    }
    let out_bias = r.i32()?;
    let line_embed = if with_lines {
        let mut lines = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            let mut block: Box<LineEmbed> = boxed_zeroed();
            for window in block.iter_mut() {
                *window = [r.i16s::<HIDDEN>()?, r.i16s::<HIDDEN>()?];
            }
            if block[0].iter().flatten().any(|&w| w != 0) {
                return Err(FormatError::EmptyWindow);
            }
            lines.push(block);
        }
        Some(lines)
    } else {
        None
    };
    Ok(Tables { eval_combo, eval_mask, order_combo, embed, mask_rows, out, out_bias, line_embed })
}

/// A zeroed array of `i16` rows on the heap (the embedding is too large for the stack).
pub(super) fn boxed_zeroed<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}

/// A cursor over the file's bytes that reports how much is missing when they run out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at.checked_add(n).ok_or(FormatError::Truncated(n))?;
        if end > self.bytes.len() {
            return Err(FormatError::Truncated(end - self.bytes.len()));
        }
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<u8, FormatError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, FormatError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, FormatError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i32(&mut self) -> Result<i32, FormatError> {
        Ok(self.u32()? as i32)
    }

    fn i16s<const N: usize>(&mut self) -> Result<[i16; N], FormatError> {
        let b = self.take(2 * N)?;
        Ok(std::array::from_fn(|i| i16::from_le_bytes([b[2 * i], b[2 * i + 1]])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(family: Family) -> Tables {
        let blocks = family.blocks();
        let row = |seed: i16| -> [i16; COMBOS] {
            std::array::from_fn(|i| (i as i16).wrapping_mul(7).wrapping_add(seed))
        };
        let mut embed = Vec::new();
        for b in 0..blocks {
            let mut block: Box<Embed> = boxed_zeroed();
            for (i, combo) in block.iter_mut().enumerate() {
                combo[0] = std::array::from_fn(|u| (i + u + b) as i16);
                combo[1] = std::array::from_fn(|u| -((i * u) as i16));
            }
            embed.push(block);
        }
        let mut mask_rows: Box<[[i16; HIDDEN]; MASKS]> = boxed_zeroed();
        for (m, row) in mask_rows.iter_mut().enumerate() {
            *row = std::array::from_fn(|u| (m as i16) - (u as i16));
        }
        Tables {
            eval_combo: (0..2 * blocks).map(|i| row(i as i16)).collect(),
            eval_mask: Box::new(std::array::from_fn(|m| m as i16 - 256)),
            order_combo: (0..2 * blocks).map(|i| row(-(i as i16))).collect(),
            embed,
            mask_rows,
            out: std::array::from_fn(|u| (u as i32) * 1000 - 7),
            out_bias: -42,
            line_embed: None,
        }
    }

    /// [`sample`] with line windows' weights (window 0 zero, as the format wants).
    fn sample_with_lines(family: Family) -> Tables {
        let mut tables = sample(family);
        let blocks = (0..family.blocks())
            .map(|b| {
                let mut block: Box<LineEmbed> = boxed_zeroed();
                for (i, window) in block.iter_mut().enumerate().skip(1) {
                    window[0] = std::array::from_fn(|u| (i as i16).wrapping_sub((u + b) as i16));
                    window[1] = std::array::from_fn(|u| (i as i16) ^ (u as i16));
                }
                block
            })
            .collect();
        tables.line_embed = Some(blocks);
        tables
    }

    /// Writes `tables`, reads the file back and checks that it gives the same net and, written
    /// again, the same bytes; returns the file.
    fn read_back(family: Family, description: &str, tables: &Tables) -> Vec<u8> {
        let bytes = write(family, description, tables);
        let net = parse(&bytes).expect("a file just written");
        assert_eq!(net.family, family);
        assert_eq!(net.description, description);
        assert_eq!(&net.tables, tables);
        assert_eq!(write(family, &net.description, &net.tables), bytes);
        bytes
    }

    #[test]
    fn written_files_read_back() {
        for family in [Family::Generic, Family::Renju] {
            read_back(family, "test net ✓", &sample(family));
        }
    }

    #[test]
    fn nets_with_line_windows_read_back() {
        for family in [Family::Generic, Family::Renju] {
            let bytes = read_back(family, "lines", &sample_with_lines(family));
            assert!(parse(&bytes[..bytes.len() - 100]).is_err());
        }
        // Weights on window 0 (no stone of the colour) are refused.
        let mut tables = sample_with_lines(Family::Generic);
        if let Some(lines) = tables.line_embed.as_mut() {
            lines[0][0][1][3] = 5;
        }
        let bytes = write(Family::Generic, "bad", &tables);
        assert_eq!(parse(&bytes), Err(FormatError::EmptyWindow));
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let bytes = write(Family::Generic, "n", &sample(Family::Generic));
        assert_eq!(parse(b"hello"), Err(FormatError::Magic));
        assert!(matches!(parse(&bytes[..bytes.len() - 10]), Err(FormatError::Truncated(_))));
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 1;
        assert!(matches!(parse(&flipped), Err(FormatError::Checksum { .. })));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(parse(&version), Err(FormatError::Version(9)));
        let mut longer = bytes[..bytes.len() - 4].to_vec();
        longer.push(0);
        let checksum = crc32fast::hash(&longer);
        longer.extend(checksum.to_le_bytes());
        assert_eq!(parse(&longer), Err(FormatError::Trailing(1)));
    }

    #[test]
    fn another_architecture_is_named() {
        let mut bytes = write(Family::Renju, "n", &sample(Family::Renju));
        // "hidden32" -> "hidden64": the payload is not even looked at.
        let at = bytes.windows(8).position(|w| w == b"hidden32").expect("arch string");
        bytes[at + 6] = b'6';
        bytes[at + 7] = b'4';
        match parse(&bytes) {
            Err(FormatError::Architecture { file, engine }) => {
                assert!(file.ends_with("hidden64"), "{file}");
                assert_eq!(engine, architecture());
            }
            other => panic!("{other:?}"),
        }
    }

    /// Any damage to a file, anywhere, is an error and never a panic: cut at every length,
    /// single bytes changed at random places, random header fields and random bytes.
    #[test]
    fn arbitrary_damage_is_an_error_not_a_panic() {
        let good = write(Family::Renju, "fuzz", &sample(Family::Renju));
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for len in (0..good.len()).step_by(97).chain([good.len() - 1, 13, 14, 20, 30]) {
            assert!(parse(&good[..len]).is_err(), "cut at {len}");
        }
        for _ in 0..2000 {
            let mut bytes = good.clone();
            let at = (next() as usize) % bytes.len();
            bytes[at] = bytes[at].wrapping_add(1 + (next() % 255) as u8);
            assert!(parse(&bytes).is_err(), "byte {at} changed");
        }
        // A valid checksum over damaged header fields (lengths, family, version).
        for _ in 0..2000 {
            let mut body = good[..good.len() - 4].to_vec();
            let at = 8 + (next() as usize) % 60;
            body[at] = next() as u8;
            let checksum = crc32fast::hash(&body);
            body.extend(checksum.to_le_bytes());
            let _ = parse(&body);
        }
        for n in 0..500 {
            let random: Vec<u8> = (0..n * 7).map(|_| next() as u8).collect();
            let mut with_magic = MAGIC.to_vec();
            with_magic.extend(&random);
            assert!(parse(&random).is_err() && parse(&with_magic).is_err());
        }
    }
}
