//! What every journal line says about the match it belongs to, so that `renzoku merge` can
//! rebuild the statistics from journals alone and refuse to mix different matches.
//!
//! The id is a hash of everything that decides which games are played and how: the engines
//! (commands, names, limits, `option.` values), the rules, board, schedule options, the
//! openings' text (not the file's path: shards on other machines may keep it elsewhere), the
//! sampling frequency, the SPRT and the seed. Worker counts, output paths, logging and the
//! shard are not part of it.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::config::options::Options;
use crate::games::openings::Opening;
use crate::statistics::sprt::SprtParams;

/// The match a journal line belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchInfo {
    /// 16 hex digits: the hash of the options that decide the games.
    pub id: String,
    /// Number of engines (standings rows).
    pub engines: usize,
    pub gauntlet: bool,
    pub repeat: bool,
    #[serde(default)]
    pub lose_only: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtParams>,
    /// `I/N` of the shard that played the game (absent for an unsharded run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// FNV-1a, 64 bits: stable across versions and platforms (unlike `DefaultHasher`).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The canonical text of the options that decide the games (without the seed).
fn canonical(o: &Options, openings: &[Opening]) -> String {
    let mut s = String::new();
    for e in &o.engines {
        let _ = write!(
            s,
            "engine cmd={:?} name={:?} tc={:?} depth={} nodes={} mem={} threads={:?} tol={} infos={:?};",
            e.cmd, e.name, e.tc, e.depth, e.nodes, e.max_memory, e.threads, e.tolerance_ms, e.infos
        );
    }
    let _ = write!(
        s,
        "rule={} size={} games={} rounds={} gauntlet={} loseonly={} repeat={} transform={} \
         drawafter={} hang={} byboard={} sprt={:?} sample={:?};",
        o.rule.gomocup_code(),
        o.board_size,
        o.games,
        o.rounds,
        o.gauntlet,
        o.lose_only,
        o.repeat,
        o.transform,
        o.draw_after,
        o.hang_timeout_ms,
        o.send_by_board,
        o.sprt,
        o.sample.as_ref().map(|x| x.freq)
    );
    if let Some(op) = &o.openings {
        let _ = write!(s, "openings {:?} random={}:", op.format, op.random);
        for line in openings {
            s.push_str(&line.text);
            s.push('\n');
        }
    }
    s
}

/// The hash of the options alone: with `-shard` and no `srand`, every shard derives the same
/// seed from it.
pub fn options_hash(o: &Options, openings: &[Opening]) -> u64 {
    fnv1a(canonical(o, openings).as_bytes())
}

impl MatchInfo {
    pub fn new(o: &Options, openings: &[Opening], seed: u64) -> MatchInfo {
        let mut text = canonical(o, openings);
        let _ = write!(text, "seed={seed}");
        MatchInfo {
            id: format!("{:016x}", fnv1a(text.as_bytes())),
            engines: o.engines.len(),
            gauntlet: o.gauntlet,
            repeat: o.repeat,
            lose_only: o.lose_only,
            sprt: o.sprt,
            shard: o.shard.map(|s| s.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::options::parse;

    fn opts(s: &str) -> Options {
        let args: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        parse(&args).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_id_follows_the_games_not_the_outputs() {
        let base = "-engine cmd=a -engine cmd=b -games 10 -repeat";
        let a = MatchInfo::new(&opts(base), &[], 5);
        let same = MatchInfo::new(
            &opts(&format!("{base} -concurrency 4 -pgn x.pgn -jsonl j.jsonl -shard 2/3")),
            &[],
            5,
        );
        assert_eq!(a.id, same.id);
        assert_eq!(same.shard.as_deref(), Some("2/3"));
        for other in [
            format!("{base} -rule 4"),
            base.replace("-games 10", "-games 12"),
            base.replace("cmd=b", "cmd=c"),
            format!("{base} -each tc=5"),
        ] {
            assert_ne!(MatchInfo::new(&opts(&other), &[], 5).id, a.id, "{other}");
        }
        assert_ne!(MatchInfo::new(&opts(base), &[], 6).id, a.id);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
