//! `-jsonl`: one JSON object per finished game, flushed at once. It is also the journal that
//! `-resume` reads back.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

use renzoku_rules::{Color, Point};
use serde::{Deserialize, Serialize};

use crate::games::record::{GameRecord, Reason, Sample};
use crate::run::matchinfo::MatchInfo;

/// The JSON form of a game (field names are the public format).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// 1-based game number in the schedule.
    pub game: usize,
    pub round: u32,
    pub encounter: usize,
    pub black: String,
    pub white: String,
    pub black_engine: usize,
    pub white_engine: usize,
    pub opening: String,
    pub opening_moves: usize,
    pub moves: Vec<String>,
    pub times_ms: Vec<u64>,
    pub winner: Option<String>,
    pub reason: Reason,
    pub detail: String,
    pub board_size: u8,
    pub rule: u8,
    /// The seed of the run (`srand`), so `-resume` replays the same schedule.
    pub srand: u64,
    /// Total games in the schedule.
    pub total: usize,
    /// The engines' `MESSAGE` lines (`"ply) name: text"`), for the `-msg` file.
    #[serde(default)]
    pub messages: Vec<String>,
    /// The sampled moves, as indices into `moves` (the position is every stone before it),
    /// for the `-sample` file.
    #[serde(default)]
    pub samples: Vec<usize>,
    /// The match this game belongs to (what `renzoku merge` needs; absent in journals written
    /// before sharding existed).
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub info: Option<MatchInfo>,
}

impl Entry {
    pub fn from_record(g: &GameRecord, total: usize) -> Entry {
        Entry {
            game: g.index + 1,
            round: g.round + 1,
            encounter: g.encounter,
            black: g.black.clone(),
            white: g.white.clone(),
            black_engine: g.black_engine,
            white_engine: g.white_engine,
            opening: g.opening.clone(),
            opening_moves: g.opening_moves,
            moves: g.moves.iter().map(ToString::to_string).collect(),
            times_ms: g.times_ms.clone(),
            winner: g
                .winner
                .map(|c| if c == Color::Black { "black".into() } else { "white".into() }),
            reason: g.reason,
            detail: g.detail.clone(),
            board_size: g.board_size,
            rule: g.rule,
            srand: g.seed,
            total,
            messages: g.messages.clone(),
            samples: g.samples.iter().map(|s| s.position.len()).collect(),
            info: None,
        }
    }

    /// The score of engine `e` in half points (0, 1 or 2), as [`GameRecord::half_points_of`].
    pub fn half_points_of(&self, e: usize) -> u8 {
        match self.winner.as_deref() {
            Some("black") => 2 * u8::from(self.black_engine == e),
            Some("white") => 2 * u8::from(self.white_engine == e),
            _ => 1,
        }
    }

    /// Back to a record, with its messages and samples.
    pub fn to_record(&self) -> Result<GameRecord, String> {
        let moves = self
            .moves
            .iter()
            .map(|m| {
                let (x, y) = m.split_once(',').ok_or_else(|| format!("bad move '{m}'"))?;
                Ok(Point::new(
                    x.parse().map_err(|_| format!("bad move '{m}'"))?,
                    y.parse().map_err(|_| format!("bad move '{m}'"))?,
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let samples = self
            .samples
            .iter()
            .map(|&k| {
                let mv = *moves.get(k).ok_or_else(|| format!("bad sample index {k}"))?;
                let side = if k % 2 == 0 { Color::Black } else { Color::White };
                Ok(Sample { position: moves[..k].to_vec(), mv, side })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let winner = match self.winner.as_deref() {
            None => None,
            Some("black") => Some(Color::Black),
            Some("white") => Some(Color::White),
            Some(w) => return Err(format!("bad winner '{w}'")),
        };
        Ok(GameRecord {
            index: self.game.checked_sub(1).ok_or("game numbers start at 1")?,
            round: self.round.saturating_sub(1),
            encounter: self.encounter,
            black_engine: self.black_engine,
            white_engine: self.white_engine,
            black: self.black.clone(),
            white: self.white.clone(),
            opening: self.opening.clone(),
            opening_moves: self.opening_moves,
            moves,
            times_ms: self.times_ms.clone(),
            winner,
            reason: self.reason,
            detail: self.detail.clone(),
            board_size: self.board_size,
            rule: self.rule,
            seed: self.srand,
            messages: self.messages.clone(),
            samples,
        })
    }
}

/// Appends entries, one line each, flushed at once.
#[derive(Debug)]
pub struct Journal {
    file: File,
}

impl Journal {
    pub fn open(path: &Path, append: bool) -> io::Result<Journal> {
        let mut file = crate::games::output::open(path, append)?;
        if append {
            // A line cut by a kill must not glue itself to the next one.
            let len = file.metadata()?.len();
            if len > 0 {
                let mut last = [0u8; 1];
                let mut r = File::open(path)?;
                r.seek(SeekFrom::Start(len - 1))?;
                r.read_exact(&mut last)?;
                if last[0] != b'\n' {
                    file.write_all(b"\n")?;
                }
            }
        }
        Ok(Journal { file })
    }

    /// Replaces the journal at `path` with `entries` (see [`rewrite_lines`]), dropping lines
    /// torn by a kill, then opens it for appending.
    pub fn rewrite(path: &Path, entries: &[Entry]) -> io::Result<Journal> {
        rewrite_lines(path, entries)?;
        Journal::open(path, true)
    }

    pub fn write(&mut self, e: &Entry) -> io::Result<()> {
        let mut line = serde_json::to_string(e).map_err(io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

/// Replaces the JSONL file at `path` with one line per item, atomically (a new file, synced,
/// renamed over the old one): a kill during the rewrite leaves the old file whole.
pub fn rewrite_lines<T: Serialize>(path: &Path, items: &[T]) -> io::Result<()> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".rewrite");
    let tmp = path.with_file_name(name);
    {
        let mut w = io::BufWriter::new(File::create(&tmp)?);
        for item in items {
            serde_json::to_writer(&mut w, item).map_err(io::Error::other)?;
            w.write_all(b"\n")?;
        }
        w.into_inner().map_err(io::IntoInnerError::into_error)?.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads the finished games of a journal; lines that do not parse (a write cut by a kill) are
/// skipped. A missing file is an empty journal.
pub fn read(path: &Path) -> io::Result<Vec<Entry>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line?;
        if let Ok(e) = serde_json::from_str::<Entry>(&line) {
            out.push(e);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_carry_everything_the_outputs_need() {
        let moves = vec![Point::new(7, 7), Point::new(8, 8), Point::new(7, 8), Point::new(9, 9)];
        let g = GameRecord {
            index: 4,
            round: 1,
            encounter: 0,
            black_engine: 1,
            white_engine: 0,
            black: "B".into(),
            white: "A".into(),
            opening: "h8".into(),
            opening_moves: 1,
            moves: moves.clone(),
            times_ms: vec![0, 12, 30, 7],
            winner: Some(Color::White),
            reason: Reason::Five,
            detail: "A made five".into(),
            board_size: 15,
            rule: 0,
            seed: 99,
            messages: vec!["2) A: depth 3".into()],
            samples: vec![
                Sample { position: moves[..1].to_vec(), mv: moves[1], side: Color::White },
                Sample { position: moves[..2].to_vec(), mv: moves[2], side: Color::Black },
            ],
        };
        let e = Entry::from_record(&g, 10);
        assert_eq!(e.samples, vec![1, 2]);
        let line = serde_json::to_string(&e).unwrap_or_default();
        let back: Entry = serde_json::from_str(&line).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(back.to_record(), Ok(g));
        let bad = Entry { samples: vec![4], ..e };
        assert!(bad.to_record().is_err());
    }
}
