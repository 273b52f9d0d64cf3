//! An SPRT across shards without a server: the shards' journals sit in one directory of a shared
//! file system (as on a Slurm cluster); between games each shard reads what the others appended
//! since it last looked, counts every game once, and decides on the merged counts. The shard
//! that decides writes the decision beside the journals (`NAME.sprt-decision.json`), so that the
//! others stop within a second and shards that start later stop before their first game.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::config::options::Options;
use crate::config::shard::{self, Shard};
use crate::games::record::GameRecord;
use crate::run::journal::Entry;
use crate::run::schedule;
use crate::statistics::sprt::Decision;
use crate::statistics::standings::Standings;

/// The decision file's content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionFile {
    /// The match id (see [`crate::run::matchinfo`]).
    #[serde(rename = "match")]
    pub match_id: String,
    /// `H0` or `H1`.
    pub decision: String,
    pub llr: f64,
    /// Games counted over all shards when it was decided.
    pub games: usize,
    /// The shard that decided.
    pub shard: String,
}

/// The other shards' journals, followed incrementally, and the merged counts.
#[derive(Debug)]
pub struct ShardPeers {
    dir: PathBuf,
    own: PathBuf,
    prefix: String,
    suffix: String,
    decision_path: PathBuf,
    match_id: String,
    shard: Shard,
    /// Bytes of each peer journal already read (complete lines only).
    offsets: HashMap<PathBuf, u64>,
    /// Games counted so far, by 0-based schedule index.
    seen: Vec<bool>,
    pub merged: Standings,
}

/// `NAME.sprt-decision.json` beside the journal `NAME.jsonl` (the name without the shard tag).
pub fn decision_path(base_journal: &Path) -> PathBuf {
    let name =
        base_journal.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.split('.').next().unwrap_or("journal");
    base_journal.with_file_name(format!("{stem}.sprt-decision.json"))
}

/// The files in `dir` named `prefix…suffix` (the other shards' files), except `own`.
pub fn sibling_files(
    dir: &Path,
    prefix: &str,
    suffix: &str,
    own: &Path,
) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(prefix) && name.ends_with(suffix) && e.path() != own
        })
        .map(|e| e.path())
        .collect();
    files.sort();
    Ok(files)
}

/// The whole lines appended to `path` after byte `offset` (a line being written now is left for
/// the next call), and the offset after them.
pub fn read_new_lines(path: &Path, offset: u64) -> io::Result<(Vec<u8>, u64)> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(offset))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    match bytes.iter().rposition(|&b| b == b'\n') {
        Some(end) => {
            bytes.truncate(end);
            Ok((bytes, offset + end as u64 + 1))
        }
        None => Ok((Vec::new(), offset)),
    }
}

/// The directory a file is in (`.` for a bare name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Reads a decision file; `Ok(None)` when there is none or it decides another match (a
/// directory used again).
pub fn read_decision(path: &Path, match_id: &str) -> Result<Option<DecisionFile>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let d: DecisionFile = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a decision file: {e}", path.display()))?;
    Ok((d.match_id == match_id).then_some(d))
}

impl ShardPeers {
    /// `base_journal` is the `-jsonl` path as given (before the shard tag), `total` the games
    /// of the whole schedule.
    pub fn new(
        base_journal: &Path,
        shard: Shard,
        total: usize,
        match_id: &str,
        o: &Options,
    ) -> ShardPeers {
        let (prefix, suffix) = shard::sibling_pattern(base_journal, shard.count);
        let dir = parent_dir(base_journal);
        ShardPeers {
            own: shard.path(base_journal),
            dir,
            prefix,
            suffix,
            decision_path: decision_path(base_journal),
            match_id: match_id.to_string(),
            shard,
            offsets: HashMap::new(),
            seen: vec![false; total],
            merged: schedule::empty_standings(o),
        }
    }

    pub fn decision_path(&self) -> &Path {
        &self.decision_path
    }

    /// Counts one of this shard's games (once).
    pub fn add_own(&mut self, g: &GameRecord) {
        if let Some(seen) = self.seen.get_mut(g.index)
            && !*seen
        {
            *seen = true;
            self.merged.add_result(g.index, g.encounter, |e| g.half_points_of(e));
        }
    }

    /// Reads what the other shards appended since the last call.
    pub fn poll(&mut self) -> Result<(), String> {
        for path in sibling_files(&self.dir, &self.prefix, &self.suffix, &self.own)? {
            self.read_new(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }

    fn read_new(&mut self, path: &Path) -> Result<(), String> {
        let offset = self.offsets.get(path).copied().unwrap_or(0);
        let (bytes, next) = read_new_lines(path, offset).map_err(|e| e.to_string())?;
        for line in bytes.split(|&b| b == b'\n') {
            let Ok(e) = serde_json::from_slice::<Entry>(line) else { continue };
            let id = e.info.as_ref().map(|i| i.id.as_str());
            if id != Some(self.match_id.as_str()) {
                return Err(format!(
                    "game {} belongs to another match ({}), not to this one ({}); give this \
                     match another journal name or directory",
                    e.game,
                    id.unwrap_or("no match id"),
                    self.match_id
                ));
            }
            let index = e.game.wrapping_sub(1);
            if let Some(seen) = self.seen.get_mut(index)
                && !*seen
            {
                *seen = true;
                self.merged.add_result(index, e.encounter, |x| e.half_points_of(x));
            }
        }
        self.offsets.insert(path.to_path_buf(), next);
        Ok(())
    }

    /// The SPRT decision on every shard's games seen so far.
    pub fn decision(&self, o: &Options) -> Decision {
        self.merged.sprt_decision(o.sprt.as_ref())
    }

    /// Writes the decision file (atomically: a temporary file renamed over it).
    pub fn write_decision(&self, o: &Options, decision: Decision) -> Result<(), String> {
        let (Some(s), Some(t)) = (&o.sprt, self.merged.tallies.first()) else { return Ok(()) };
        let llr = s.llr(&t.games, self.merged.paired.then_some(&t.pairs));
        let d = DecisionFile {
            match_id: self.match_id.clone(),
            decision: if decision == Decision::AcceptH1 { "H1" } else { "H0" }.to_string(),
            llr,
            games: self.merged.finished,
            shard: self.shard.to_string(),
        };
        let mut name = self.decision_path.file_name().unwrap_or_default().to_os_string();
        name.push(format!("{}.tmp", self.shard.tag()));
        let tmp = self.decision_path.with_file_name(name);
        let write = || -> io::Result<()> {
            let mut f = File::create(&tmp)?;
            f.write_all(serde_json::to_string(&d).map_err(io::Error::other)?.as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()?;
            std::fs::rename(&tmp, &self.decision_path)
        };
        write().map_err(|e| format!("cannot write {}: {e}", self.decision_path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_of_other_matches_do_not_count() {
        let dir = std::env::temp_dir().join(format!("renzoku-decision-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = decision_path(&dir.join("m.jsonl"));
        assert_eq!(path, dir.join("m.sprt-decision.json"));
        assert_eq!(read_decision(&path, "abc"), Ok(None));
        let d = DecisionFile {
            match_id: "abc".into(),
            decision: "H1".into(),
            llr: 3.0,
            games: 10,
            shard: "1/2".into(),
        };
        let text = serde_json::to_string(&d).unwrap_or_default();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read_decision(&path, "abc"), Ok(Some(d)));
        assert_eq!(read_decision(&path, "other"), Ok(None));
        std::fs::write(&path, "{").unwrap_or_else(|e| panic!("{e}"));
        assert!(read_decision(&path, "abc").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
