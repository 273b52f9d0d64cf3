//! Per-game output files: PGN, SGF, engine messages, training samples. Each finished game is
//! appended and flushed at once.

pub mod pgn;
pub mod sample;
pub mod sgf;

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::config::options::{Options, SampleFormat};
use crate::games::record::GameRecord;

/// Opens `path` for appending (resume) or truncating (new run).
pub fn open(path: &Path, append: bool) -> io::Result<File> {
    let mut o = OpenOptions::new();
    o.create(true);
    if append {
        o.append(true);
    } else {
        o.write(true).truncate(true);
    }
    o.open(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// The open output files of a run.
#[derive(Debug, Default)]
pub struct Outputs {
    pgn: Option<BufWriter<File>>,
    sgf: Option<BufWriter<File>>,
    msg: Option<BufWriter<File>>,
    sample: Option<sample::SampleWriter>,
}

impl Outputs {
    pub fn open(o: &Options, append: bool) -> io::Result<Outputs> {
        let file = |p: &Option<std::path::PathBuf>| -> io::Result<Option<BufWriter<File>>> {
            p.as_ref().map(|p| open(p, append).map(BufWriter::new)).transpose()
        };
        let sample = match &o.sample {
            Some(s) => Some(sample::SampleWriter::new(open(&s.file, append)?, s.format)?),
            None => None,
        };
        Ok(Outputs { pgn: file(&o.pgn)?, sgf: file(&o.sgf)?, msg: file(&o.msg)?, sample })
    }

    /// Writes one finished game everywhere and flushes.
    pub fn write(&mut self, g: &GameRecord) -> io::Result<()> {
        if let Some(f) = &mut self.pgn {
            f.write_all(pgn::game(g).as_bytes())?;
            f.flush()?;
        }
        if let Some(f) = &mut self.sgf {
            f.write_all(sgf::game(g).as_bytes())?;
            f.flush()?;
        }
        if let Some(f) = &mut self.msg {
            writeln!(f, "------------------------------")?;
            writeln!(f, "Game ID: {}", g.index + 1)?;
            writeln!(f, "Engines: {} x {}", g.black, g.white)?;
            for m in &g.messages {
                writeln!(f, "{m}")?;
            }
            writeln!(f, "Result: {}", g.result_text())?;
            f.flush()?;
        }
        if let Some(s) = &mut self.sample {
            s.write(g)?;
        }
        Ok(())
    }

    /// Ends the files that need it (the LZ4 frame).
    pub fn finish(self) -> io::Result<()> {
        if let Some(s) = self.sample {
            s.finish()?;
        }
        Ok(())
    }
}

/// Whether a format writes binary samples.
pub fn is_binary(f: SampleFormat) -> bool {
    f != SampleFormat::Csv
}
