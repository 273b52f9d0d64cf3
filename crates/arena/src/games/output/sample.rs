//! Training samples in c-gomoku-cli's layouts: CSV (`Position,Move,Result` in pos notation),
//! `bin` (packed 16-bit little-endian entries) and `bin_lz4` (the same bytes in an LZ4 frame).
//!
//! Binary entry, 4 + 2·ply bytes:
//! * word 0: bits 0–1 result (0 loss, 1 draw, 2 win for the side to move), bits 2–10 ply (stones
//!   on the board), bits 11–15 board size;
//! * word 1: bits 0–2 rule, bits 3–15 the move `(x << 5) | y`;
//! * then `ply` words, the stones in move order (black first), each `(x << 5) | y`.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use lz4_flex::frame::FrameEncoder;
use renzoku_rules::{Color, Point};

use crate::config::options::SampleFormat;
use crate::games::openings::pos_string;
use crate::games::record::{GameRecord, Sample};

/// Largest ply a binary entry can hold (9 bits).
pub const MAX_BIN_PLY: usize = 511;

pub fn packed(p: Point) -> u16 {
    (u16::from(p.x) << 5) | u16::from(p.y)
}

/// Result of a sample for its side to move: 0 loss, 1 draw, 2 win.
pub fn result_for(g: &GameRecord, side: Color) -> u8 {
    match g.winner {
        None => 1,
        Some(w) if w == side => 2,
        Some(_) => 0,
    }
}

/// One binary entry, or None when the position is too long for the format.
pub fn encode_bin(s: &Sample, result: u8, size: u8, rule: u8) -> Option<Vec<u8>> {
    let ply = s.position.len();
    if ply > MAX_BIN_PLY {
        return None;
    }
    let w0 = u16::from(result & 3) | ((ply as u16) << 2) | (u16::from(size & 31) << 11);
    let w1 = u16::from(rule & 7) | (packed(s.mv) << 3);
    let mut out = Vec::with_capacity(4 + 2 * ply);
    out.extend_from_slice(&w0.to_le_bytes());
    out.extend_from_slice(&w1.to_le_bytes());
    for &p in &s.position {
        out.extend_from_slice(&packed(p).to_le_bytes());
    }
    Some(out)
}

pub fn encode_csv(s: &Sample, result: u8) -> String {
    let pos: String = s.position.iter().map(|&p| pos_string(p)).collect();
    format!("{pos},{},{result}\n", pos_string(s.mv))
}

#[derive(Debug)]
enum Sink {
    Plain(BufWriter<File>),
    Lz4(FrameEncoder<BufWriter<File>>),
}

#[derive(Debug)]
pub struct SampleWriter {
    sink: Sink,
    format: SampleFormat,
}

impl SampleWriter {
    pub fn new(file: File, format: SampleFormat) -> io::Result<SampleWriter> {
        let buffered = BufWriter::new(file);
        let sink = match format {
            SampleFormat::BinLz4 => Sink::Lz4(FrameEncoder::new(buffered)),
            _ => Sink::Plain(buffered),
        };
        Ok(SampleWriter { sink, format })
    }

    pub fn write(&mut self, g: &GameRecord) -> io::Result<()> {
        let mut bytes = Vec::new();
        for s in &g.samples {
            let r = result_for(g, s.side);
            match self.format {
                SampleFormat::Csv => bytes.extend_from_slice(encode_csv(s, r).as_bytes()),
                _ => {
                    if let Some(e) = encode_bin(s, r, g.board_size, g.rule) {
                        bytes.extend_from_slice(&e);
                    }
                }
            }
        }
        match &mut self.sink {
            Sink::Plain(w) => {
                w.write_all(&bytes)?;
                w.flush()
            }
            Sink::Lz4(w) => {
                w.write_all(&bytes)?;
                w.flush()
            }
        }
    }

    pub fn finish(self) -> io::Result<()> {
        match self.sink {
            Sink::Plain(mut w) => w.flush(),
            Sink::Lz4(w) => {
                let mut inner = w.finish().map_err(io::Error::other)?;
                inner.flush()
            }
        }
    }
}

/// A decoded binary entry: `(result, board size, rule, move, position)`.
pub type Decoded = (u8, u8, u8, Point, Vec<Point>);

/// Decodes a binary sample stream (for tests and tools): `(result, size, rule, move, position)`.
pub fn decode_bin(mut bytes: &[u8]) -> Result<Vec<Decoded>, String> {
    let unpack = |w: u16| Point::new(((w >> 5) & 31) as u8, (w & 31) as u8);
    let mut out = Vec::new();
    while !bytes.is_empty() {
        if bytes.len() < 4 {
            return Err("truncated entry head".to_string());
        }
        let w0 = u16::from_le_bytes([bytes[0], bytes[1]]);
        let w1 = u16::from_le_bytes([bytes[2], bytes[3]]);
        let ply = usize::from((w0 >> 2) & 0x1ff);
        let need = 4 + 2 * ply;
        if bytes.len() < need {
            return Err("truncated position".to_string());
        }
        let position = (0..ply)
            .map(|i| unpack(u16::from_le_bytes([bytes[4 + 2 * i], bytes[5 + 2 * i]])))
            .collect();
        out.push(((w0 & 3) as u8, (w0 >> 11) as u8, (w1 & 7) as u8, unpack(w1 >> 3), position));
        bytes = &bytes[need..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_layout_is_bit_exact() {
        let s = Sample {
            position: vec![Point::new(7, 7), Point::new(8, 7)],
            mv: Point::new(9, 9),
            side: Color::Black,
        };
        let b = encode_bin(&s, 2, 15, 4).unwrap_or_default();
        // w0 = 2 | 2<<2 | 15<<11 = 0x780A; w1 = 4 | ((9<<5)|9)<<3 = 4 | 297<<3 = 0x094C.
        assert_eq!(b, vec![0x0A, 0x78, 0x4C, 0x09, 0xE7, 0x00, 0x07, 0x01]);
        let d = decode_bin(&b).unwrap_or_default();
        assert_eq!(d, vec![(2, 15, 4, Point::new(9, 9), s.position.clone())]);
        assert_eq!(encode_csv(&s, 0), "h8i8,j10,0\n");
    }
}
