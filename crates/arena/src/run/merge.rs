//! `renzoku merge JOURNAL…|DIR`: the exact union of the journals of one match's shards (or of
//! any runs of the same match): standings, W/L/D, pentanomial counts, Elo, LOS and SPRT, and
//! the PGN/SGF/message/sample files and a merged journal rebuilt in game order.
//!
//! Streaming, in two passes. The first reads every line once, keeping per game of the schedule
//! one byte (its result, so a game seen twice is counted once and a duplicate with another
//! result is reported) and, only when files are to be rebuilt, where the line is (file and
//! offset, 12 bytes); the counts are built as the lines go by. The second pass, only for the
//! rebuilt files, reads the kept lines again in game order. Memory is thus a few bytes per game
//! of the schedule plus one line, whatever the size of the journals.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::config::options::{self, EngineOptions, Options, SampleOptions};
use crate::games::output::Outputs;
use crate::run::journal::Entry;
use crate::run::matchinfo::MatchInfo;
use crate::run::schedule;
use crate::statistics::sprt::Decision;
use crate::statistics::standings::Standings;

pub const USAGE: &str = "\
usage: renzoku merge [-pgn FILE] [-sgf FILE] [-msg FILE] [-sample [freq=F] [format=csv|bin|bin_lz4]
                     [file=FILE]] [-jsonl FILE] JOURNAL... | DIR...

Joins the JSONL journals of one match (the shards of `renzoku match ... -shard I/N`, a run and its
re-runs; a directory stands for every *.jsonl file in it) into the results of the whole match:
standings, W/L/D, pentanomial counts, Elo +/- error, LOS and the SPRT. A game found in several
journals counts once; games missing from all of them are listed; journals of another match
(other options) are refused. -pgn, -sgf, -msg, -sample and -jsonl rebuild those files from the
journals in game order (-msg and -sample need shards run with -msg and -sample: only then do
their journals keep the engines' messages and the sampled moves). The sample's freq is ignored:
the samples are the ones the games drew.";

/// The command line of `renzoku merge`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MergeOptions {
    pub inputs: Vec<PathBuf>,
    pub pgn: Option<PathBuf>,
    pub sgf: Option<PathBuf>,
    pub msg: Option<PathBuf>,
    pub sample: Option<SampleOptions>,
    /// The merged journal (one line per game, in game order).
    pub jsonl: Option<PathBuf>,
}

impl MergeOptions {
    fn rebuilds(&self) -> bool {
        self.pgn.is_some()
            || self.sgf.is_some()
            || self.msg.is_some()
            || self.sample.is_some()
            || self.jsonl.is_some()
    }
}

pub fn parse(args: &[String]) -> Result<MergeOptions, String> {
    let mut m = MergeOptions::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let name = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            m.inputs.push(PathBuf::from(arg));
            continue;
        };
        if name == "sample" {
            let start = i;
            while i < args.len() && args[i].contains('=') && !args[i].starts_with('-') {
                i += 1;
            }
            let kv = args[start..i]
                .iter()
                .map(|w| {
                    let (k, v) = w.split_once('=').unwrap_or((w, ""));
                    (k.to_string(), v.to_string())
                })
                .collect::<Vec<_>>();
            m.sample = Some(options::parse_sample(&kv)?);
            continue;
        }
        let value = args.get(i).ok_or_else(|| format!("-{name} needs a file"))?;
        i += 1;
        let slot = match name {
            "pgn" => &mut m.pgn,
            "sgf" => &mut m.sgf,
            "msg" => &mut m.msg,
            "jsonl" => &mut m.jsonl,
            _ => return Err(format!("unknown option '{arg}'")),
        };
        *slot = Some(PathBuf::from(value));
    }
    if m.inputs.is_empty() {
        return Err("no journal given".to_string());
    }
    Ok(m)
}

/// The journal files: files as given, directories as their `*.jsonl` files (sorted); the
/// merged journal being written is never an input.
pub fn expand(inputs: &[PathBuf], output: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("cannot list {}: {e}", p.display()))?
                .flatten()
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "jsonl") && f.is_file())
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(format!("{}: no *.jsonl journal in this directory", p.display()));
            }
            files.extend(found);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("{}: no such journal or directory", p.display()));
        }
    }
    if let Some(out) = output {
        let out = out.canonicalize().unwrap_or_else(|_| out.to_path_buf());
        files.retain(|f| f.canonicalize().map_or(true, |c| c != out));
    }
    Ok(files)
}

/// What the first pass needs of a line (the moves are skipped, not stored).
#[derive(Deserialize)]
struct Head {
    game: usize,
    encounter: usize,
    black: String,
    white: String,
    black_engine: usize,
    white_engine: usize,
    winner: Option<String>,
    total: usize,
    #[serde(rename = "match")]
    info: Option<MatchInfo>,
}

/// One byte per game: 0 not seen, else its result.
fn result_code(winner: Option<&str>) -> u8 {
    match winner {
        Some("black") => 1,
        Some("white") => 2,
        _ => 3,
    }
}

/// Where a game's line is: file number and byte offset.
const NOWHERE: (u32, u64) = (u32::MAX, 0);

/// The merged match.
#[derive(Debug)]
pub struct Merged {
    pub info: MatchInfo,
    pub total: usize,
    pub names: Vec<String>,
    pub standings: Standings,
    pub options: Options,
    pub files: usize,
    pub lines: usize,
    pub duplicates: usize,
    /// Duplicates whose result differs from the first one seen (described).
    pub conflicts: Vec<String>,
    pub conflict_count: usize,
    /// Lines that are not a game (torn by a kill).
    pub torn: usize,
    /// 1-based ranges of games found in no journal.
    pub missing: Vec<(usize, usize)>,
    pub missing_count: usize,
}

/// First pass (and, with files to rebuild, the second).
pub fn merge(m: &MergeOptions) -> Result<Merged, String> {
    let files = expand(&m.inputs, m.jsonl.as_deref())?;
    if files.is_empty() {
        return Err("no journal to merge".to_string());
    }
    let rebuild = m.rebuilds();
    let mut state: Option<(MatchInfo, usize, PathBuf)> = None;
    let mut results: Vec<u8> = Vec::new();
    let mut places: Vec<(u32, u64)> = Vec::new();
    let mut names: Vec<Option<String>> = Vec::new();
    let mut standings: Option<Standings> = None;
    let mut options = Options::default();
    let (mut lines, mut duplicates, mut torn) = (0, 0, 0);
    let mut conflicts = Vec::new();
    let mut conflict_count = 0;
    let mut line = String::new();
    for (file_no, path) in files.iter().enumerate() {
        let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let mut reader = BufReader::with_capacity(1 << 20, file);
        let mut offset = 0u64;
        let mut line_no = 0usize;
        loop {
            line.clear();
            let n = reader
                .read_line(&mut line)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            if n == 0 {
                break;
            }
            let at = offset;
            offset += n as u64;
            line_no += 1;
            let text = line.trim_end();
            if text.is_empty() {
                continue;
            }
            let Ok(h) = serde_json::from_str::<Head>(text) else {
                torn += 1;
                continue;
            };
            lines += 1;
            let where_ = || format!("{}:{line_no}", path.display());
            let Some(info) = h.info else {
                return Err(format!(
                    "{}: the game has no match description (a journal written before \
                     renzoku merge existed); it cannot be merged",
                    where_()
                ));
            };
            match &state {
                None => {
                    if h.total == 0 {
                        return Err(format!("{}: a match of 0 games", where_()));
                    }
                    results = vec![0; h.total];
                    if rebuild {
                        places = vec![NOWHERE; h.total];
                    }
                    names = vec![None; info.engines];
                    options = Options {
                        engines: vec![EngineOptions::default(); info.engines],
                        gauntlet: info.gauntlet,
                        repeat: info.repeat,
                        lose_only: info.lose_only,
                        sprt: info.sprt,
                        pgn: m.pgn.clone(),
                        sgf: m.sgf.clone(),
                        msg: m.msg.clone(),
                        sample: m.sample.clone(),
                        ..Options::default()
                    };
                    standings = Some(schedule::empty_standings(&options));
                    state = Some((info, h.total, path.clone()));
                }
                Some((first, total, first_path)) => {
                    if info.id != first.id || h.total != *total {
                        return Err(format!(
                            "{} belongs to another match than {}: match {} of {} games, not {} \
                             of {total} (the options differ); merge the journals of one match",
                            where_(),
                            first_path.display(),
                            info.id,
                            h.total,
                            first.id
                        ));
                    }
                }
            }
            let index = h.game.wrapping_sub(1);
            let (Some(seen), Some(s)) = (results.get_mut(index), standings.as_mut()) else {
                return Err(format!("{}: game {} is not in the schedule", where_(), h.game));
            };
            if h.black_engine >= names.len() || h.white_engine >= names.len() {
                return Err(format!("{}: engine number out of range", where_()));
            }
            let code = result_code(h.winner.as_deref());
            if *seen != 0 {
                duplicates += 1;
                if *seen != code {
                    conflict_count += 1;
                    if conflicts.len() < 20 {
                        conflicts.push(format!(
                            "game {} has another result in {} than where it was first seen; \
                             the first is kept",
                            h.game,
                            where_()
                        ));
                    }
                }
                continue;
            }
            *seen = code;
            if rebuild {
                places[index] = (file_no as u32, at);
            }
            names[h.black_engine].get_or_insert(h.black);
            names[h.white_engine].get_or_insert(h.white);
            let hp = |e: usize| match code {
                1 => 2 * u8::from(h.black_engine == e),
                2 => 2 * u8::from(h.white_engine == e),
                _ => 1,
            };
            s.add_result(index, h.encounter, hp);
        }
    }
    let (Some((info, total, _)), Some(standings)) = (state, standings) else {
        return Err("the journals hold no finished game".to_string());
    };
    let names: Vec<String> = names
        .into_iter()
        .enumerate()
        .map(|(i, n)| n.unwrap_or_else(|| format!("engine {}", i + 1)))
        .collect();
    let mut missing = Vec::new();
    let mut missing_count = 0;
    let mut g = 0;
    while g < total {
        if results[g] == 0 {
            let start = g;
            while g < total && results[g] == 0 {
                g += 1;
            }
            missing_count += g - start;
            missing.push((start + 1, g));
        } else {
            g += 1;
        }
    }
    if rebuild {
        rebuild_files(m, &files, &places, &options)?;
    }
    Ok(Merged {
        info,
        total,
        names,
        standings,
        options,
        files: files.len(),
        lines,
        duplicates,
        conflicts,
        conflict_count,
        torn,
        missing,
        missing_count,
    })
}

/// Second pass: the kept line of every game, in game order, to the rebuilt files.
fn rebuild_files(
    m: &MergeOptions,
    files: &[PathBuf],
    places: &[(u32, u64)],
    o: &Options,
) -> Result<(), String> {
    let mut readers = files
        .iter()
        .map(|p| {
            File::open(p)
                .map(BufReader::new)
                .map_err(|e| format!("cannot open {}: {e}", p.display()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut outputs = Outputs::open(o, false).map_err(|e| e.to_string())?;
    let mut journal = match &m.jsonl {
        Some(p) => Some(BufWriter::new(
            File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?,
        )),
        None => None,
    };
    let keep_all = !(o.gauntlet && o.lose_only);
    let (mut with_messages, mut with_samples, mut games) = (0usize, 0usize, 0usize);
    let mut line = String::new();
    for &(file_no, offset) in places {
        if (file_no, offset) == NOWHERE {
            continue;
        }
        let reader = &mut readers[file_no as usize];
        let path = &files[file_no as usize];
        let read = |r: &mut BufReader<File>, line: &mut String| -> io::Result<usize> {
            line.clear();
            // Seeking inside the buffer keeps it when the next line is already there.
            let here = r.stream_position()?;
            if here != offset {
                r.seek_relative(offset as i64 - here as i64)?;
            }
            r.read_line(line)
        };
        read(reader, &mut line).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let e: Entry = serde_json::from_str(line.trim_end())
            .map_err(|e| format!("{} changed while being merged: {e}", path.display()))?;
        let g =
            e.to_record().map_err(|err| format!("{}: game {}: {err}", path.display(), e.game))?;
        games += 1;
        with_messages += usize::from(!g.messages.is_empty());
        with_samples += usize::from(!g.samples.is_empty());
        if keep_all || g.half_points_of(0) == 0 {
            outputs.write(&g).map_err(|e| format!("cannot write output: {e}"))?;
        }
        if let Some(j) = &mut journal {
            j.write_all(line.trim_end().as_bytes())
                .and_then(|()| j.write_all(b"\n"))
                .map_err(|e| format!("cannot write the merged journal: {e}"))?;
        }
    }
    outputs.finish().map_err(|e| format!("cannot finish output: {e}"))?;
    if let Some(j) = journal {
        j.into_inner()
            .map_err(io::IntoInnerError::into_error)
            .and_then(|mut f| f.flush())
            .map_err(|e| format!("cannot write the merged journal: {e}"))?;
    }
    if games > 0 && m.msg.is_some() && with_messages == 0 {
        eprintln!("warning: the journals hold no engine messages (run the shards with -msg)");
    }
    if games > 0 && m.sample.is_some() && with_samples == 0 {
        eprintln!("warning: the journals hold no samples (run the shards with -sample)");
    }
    Ok(())
}

impl Merged {
    /// The SPRT decision on the merged games.
    pub fn decision(&self) -> Decision {
        self.standings.sprt_decision(self.options.sprt.as_ref())
    }

    /// What `renzoku merge` prints.
    pub fn report(&self) -> String {
        let mut out = format!(
            "Merged {} of the {} games of match {} from {} journal{} ({} line{} read, {} \
             duplicate{} counted once, {} torn line{} skipped)\n",
            self.standings.finished,
            self.total,
            self.info.id,
            self.files,
            plural(self.files),
            self.lines,
            plural(self.lines),
            self.duplicates,
            plural(self.duplicates),
            self.torn,
            plural(self.torn),
        );
        for c in &self.conflicts {
            out.push_str("warning: ");
            out.push_str(c);
            out.push('\n');
        }
        if self.conflict_count > self.conflicts.len() {
            let _ = writeln!(
                out,
                "warning: {} more games with conflicting results",
                self.conflict_count - self.conflicts.len()
            );
        }
        if self.missing_count == 0 {
            out.push_str("Missing games: none\n");
        } else {
            let shown: Vec<String> = self
                .missing
                .iter()
                .take(30)
                .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
                .collect();
            let more = if self.missing.len() > 30 { ", ..." } else { "" };
            let _ =
                writeln!(out, "Missing games: {} ({}{more})", self.missing_count, shown.join(", "));
        }
        out.push_str(&self.standings.report(&self.names, self.options.sprt.as_ref()));
        match self.decision() {
            Decision::AcceptH0 => out.push_str("SPRT: H0 accepted.\n"),
            Decision::AcceptH1 => out.push_str("SPRT: H1 accepted.\n"),
            Decision::Continue => {}
        }
        out
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Runs `renzoku merge` with the arguments after `merge`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    crate::config::subcommand::run("merge", USAGE, args, parse, |m| {
        let merged = merge(m)?;
        print!("{}", merged.report());
        Ok(0)
    })
}
