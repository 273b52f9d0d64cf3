//! `-shard I/N`: one run's share of a match split over several machines.
//!
//! The schedule is a pure function of the options (see [`crate::run::schedule`]); shard `I` of `N`
//! plays the game pairs `p` (games `2p` and `2p + 1`, so that a colour-swapped pair is never
//! split) with `p % N == I - 1`. The shards are interleaved rather than cut into blocks so that
//! every shard plays early games of the schedule: an SPRT across shards sees all of them move.
//! Each shard writes its own files, named after the given ones with `.shard-I-of-N` inserted
//! before the extension.
//!
//! `-shard slurm` reads the index from a Slurm job array (`SLURM_ARRAY_TASK_ID`, with
//! `SLURM_ARRAY_TASK_MIN`, `_MAX`, `_STEP` and `_COUNT`); `-shard k8s/N` (or `-shard k8s` with
//! `RENZOKU_SHARD_COUNT=N`) reads it from a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`,
//! 0-based; Kubernetes does not tell a pod how many completions its Job has).

use std::fmt;
use std::path::{Path, PathBuf};

/// This run's share: shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the game with 0-based schedule index `game` belongs to this shard.
    pub fn contains(&self, game: usize) -> bool {
        (game / 2) % self.count as usize == (self.index - 1) as usize
    }

    /// Whether 0-based item `k` of a sequence (a tuning iteration) belongs to this shard.
    pub fn owns_item(&self, k: usize) -> bool {
        k % self.count as usize == (self.index - 1) as usize
    }

    /// `dir/name.ext` → `dir/name.shard-I-of-N.ext` (the extension is everything from the
    /// first dot of the file name, so `sample.bin.lz4` keeps `.bin.lz4`).
    pub fn path(&self, p: &Path) -> PathBuf {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let (stem, ext) = match name.find('.') {
            Some(0) | None => (name.as_str(), ""),
            Some(i) => name.split_at(i),
        };
        p.with_file_name(format!("{stem}{}{ext}", self.tag()))
    }

    /// `.shard-I-of-N`.
    pub fn tag(&self) -> String {
        format!(".shard-{}-of-{}", self.index, self.count)
    }
}

/// The file names of every shard of `base` (`dir/name.shard-*-of-N.ext`): the prefix and
/// suffix a sibling's file name has.
pub fn sibling_pattern(base: &Path, count: u32) -> (String, String) {
    let name = base.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (stem, ext) = match name.find('.') {
        Some(0) | None => (name.as_str(), ""),
        Some(i) => name.split_at(i),
    };
    (format!("{stem}.shard-"), format!("-of-{count}{ext}"))
}

/// Parses `-shard`'s value, reading the scheduler's variables through `env`.
pub fn parse(value: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
    let number = |what: &str, v: &str| -> Result<i64, String> {
        v.trim().parse::<i64>().map_err(|_| format!("-shard: {what} is not a number: '{v}'"))
    };
    let var = |name: &str| env(name).filter(|v| !v.trim().is_empty());
    let (index, count) = match value {
        "slurm" => {
            let id = var("SLURM_ARRAY_TASK_ID").ok_or(
                "-shard slurm: SLURM_ARRAY_TASK_ID is not set (submit with sbatch --array=...)",
            )?;
            let id = number("SLURM_ARRAY_TASK_ID", &id)?;
            let min = var("SLURM_ARRAY_TASK_MIN")
                .map_or(Ok(0), |v| number("SLURM_ARRAY_TASK_MIN", &v))?;
            let step = var("SLURM_ARRAY_TASK_STEP")
                .map_or(Ok(1), |v| number("SLURM_ARRAY_TASK_STEP", &v))?;
            if step < 1 || id < min || (id - min) % step != 0 {
                return Err(format!(
                    "-shard slurm: task {id} is not on the array's grid (min {min}, step {step})"
                ));
            }
            let count = match (var("SLURM_ARRAY_TASK_COUNT"), var("SLURM_ARRAY_TASK_MAX")) {
                (Some(c), _) => number("SLURM_ARRAY_TASK_COUNT", &c)?,
                (None, Some(max)) => (number("SLURM_ARRAY_TASK_MAX", &max)? - min) / step + 1,
                (None, None) => {
                    return Err("-shard slurm: neither SLURM_ARRAY_TASK_COUNT nor \
                                SLURM_ARRAY_TASK_MAX is set"
                        .to_string());
                }
            };
            ((id - min) / step + 1, count)
        }
        _ if value == "k8s" || value.starts_with("k8s/") => {
            let index = var("JOB_COMPLETION_INDEX")
                .ok_or("-shard k8s: JOB_COMPLETION_INDEX is not set (run in an Indexed Job)")?;
            let count = match value.strip_prefix("k8s/") {
                Some(n) => n.to_string(),
                None => var("RENZOKU_SHARD_COUNT").ok_or(
                    "-shard k8s: give the number of shards as -shard k8s/N or in \
                     RENZOKU_SHARD_COUNT (the Job's completions)",
                )?,
            };
            (number("JOB_COMPLETION_INDEX", &index)? + 1, number("the shard count", &count)?)
        }
        _ => {
            let (i, n) = value.split_once('/').ok_or_else(|| {
                format!("-shard takes I/N (1 <= I <= N), slurm, k8s or k8s/N, got '{value}'")
            })?;
            (number("I", i)?, number("N", n)?)
        }
    };
    if count < 1 || index < 1 || index > count || count > i64::from(u32::MAX) {
        return Err(format!("-shard: shard {index} of {count} does not exist (1 <= I <= N)"));
    }
    Ok(Shard { index: index as u32, count: count as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> =
            vars.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn shards_partition_the_schedule_by_pairs() {
        let shards: Vec<Shard> = (1..=3).map(|index| Shard { index, count: 3 }).collect();
        for game in 0..100 {
            let owners: Vec<u32> =
                shards.iter().filter(|s| s.contains(game)).map(|s| s.index).collect();
            assert_eq!(owners.len(), 1, "game {game}: {owners:?}");
            // The two games of a pair go to the same shard.
            assert!(shards.iter().all(|s| s.contains(game) == s.contains(game ^ 1)));
        }
    }

    #[test]
    fn explicit_slurm_and_k8s() {
        let none = env_of(&[]);
        assert_eq!(parse("2/4", &none), Ok(Shard { index: 2, count: 4 }));
        assert!(parse("0/4", &none).is_err());
        assert!(parse("5/4", &none).is_err());
        assert!(parse("x/4", &none).is_err());
        assert!(parse("slurm", &none).is_err());
        assert!(parse("k8s", &none).is_err());
        let slurm = env_of(&[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "4")]);
        assert_eq!(parse("slurm", &slurm), Ok(Shard { index: 4, count: 4 }));
        // --array=1-8:2 → tasks 1, 3, 5, 7.
        let stepped = env_of(&[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ]);
        assert_eq!(parse("slurm", &stepped), Ok(Shard { index: 3, count: 4 }));
        let k8s = env_of(&[("JOB_COMPLETION_INDEX", "0"), ("RENZOKU_SHARD_COUNT", "6")]);
        assert_eq!(parse("k8s", &k8s), Ok(Shard { index: 1, count: 6 }));
        assert_eq!(parse("k8s/3", &k8s), Ok(Shard { index: 1, count: 3 }));
        let beyond = env_of(&[("JOB_COMPLETION_INDEX", "3")]);
        assert!(parse("k8s/3", &beyond).is_err());
    }

    #[test]
    fn file_names_get_the_shard_tag() {
        let s = Shard { index: 2, count: 4 };
        assert_eq!(s.path(Path::new("run/m.jsonl")), PathBuf::from("run/m.shard-2-of-4.jsonl"));
        assert_eq!(
            s.path(Path::new("sample.bin.lz4")),
            PathBuf::from("sample.shard-2-of-4.bin.lz4")
        );
        assert_eq!(s.path(Path::new("games")), PathBuf::from("games.shard-2-of-4"));
        let (prefix, suffix) = sibling_pattern(Path::new("run/m.jsonl"), 4);
        let name = "m.shard-3-of-4.jsonl";
        assert!(name.starts_with(&prefix) && name.ends_with(&suffix));
    }
}
