//! Writes the journals of a synthetic sharded match, to measure `renzoku merge` on large inputs:
//! `cargo run --example synthetic_journals -- GAMES SHARDS DIR` writes
//! `DIR/synthetic.shard-I-of-SHARDS.jsonl`, one line per game of a two-engine match with
//! colour-swapped pairs (20 to 80 moves each, random results), as `renzoku match -shard` would.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use renzoku_arena::config::shard::Shard;
use renzoku_arena::games::record::Reason;
use renzoku_arena::games::rng::SplitMix64;
use renzoku_arena::run::journal::Entry;
use renzoku_arena::run::matchinfo::MatchInfo;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [games, shards, dir] = &args[..] else {
        return Err("usage: synthetic_journals GAMES SHARDS DIR".to_string());
    };
    let games: usize = games.parse().map_err(|_| format!("bad GAMES '{games}'"))?;
    let shards: u32 = shards.parse().map_err(|_| format!("bad SHARDS '{shards}'"))?;
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut writers = (1..=shards)
        .map(|index| {
            let shard = Shard { index, count: shards };
            let path = shard.path(&dir.join("synthetic.jsonl"));
            File::create(&path).map(|f| (shard, BufWriter::new(f))).map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut rng = SplitMix64::new(12345);
    for index in 0..games {
        let Some((shard, out)) = writers.iter_mut().find(|(s, _)| s.contains(index)) else {
            return Err(format!("game {index} belongs to no shard"));
        };
        let reverse = index % 2 == 1;
        let n = 20 + rng.below(61) as usize;
        let moves: Vec<String> =
            (0..n).map(|_| format!("{},{}", rng.below(15), rng.below(15))).collect();
        let winner = match rng.below(10) {
            0 => None,
            k if k % 2 == 0 => Some("black".to_string()),
            _ => Some("white".to_string()),
        };
        let (black_engine, white_engine) = if reverse { (1, 0) } else { (0, 1) };
        let names = ["New", "Old"];
        let e = Entry {
            game: index + 1,
            round: 1,
            encounter: 0,
            black: names[black_engine].to_string(),
            white: names[white_engine].to_string(),
            black_engine,
            white_engine,
            opening: "0,0, 1,0, 1,3".to_string(),
            opening_moves: 3,
            times_ms: (0..n).map(|i| if i < 3 { 0 } else { rng.below(200) }).collect(),
            moves,
            reason: if winner.is_some() { Reason::Five } else { Reason::FullBoard },
            winner,
            detail: "synthetic".to_string(),
            board_size: 15,
            rule: 0,
            srand: 7,
            total: games,
            messages: Vec::new(),
            samples: Vec::new(),
            info: Some(MatchInfo {
                id: "00000000synthetic".to_string(),
                engines: 2,
                gauntlet: false,
                repeat: true,
                lose_only: false,
                sprt: None,
                shard: Some(shard.to_string()),
            }),
        };
        serde_json::to_writer(&mut *out, &e).map_err(|e| e.to_string())?;
        out.write_all(b"\n").map_err(|e| e.to_string())?;
    }
    for (_, mut out) in writers {
        out.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}
