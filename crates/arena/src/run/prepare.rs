//! The first phase of a run: everything decided before the first game. The engines are
//! checked and named, the openings loaded, the seed chosen (from the journal on `-resume`),
//! the schedule built, the journal's games counted and every output rebuilt from them, and the
//! live view started.

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::Duration;

use crate::config::options::Options;
use crate::engines::command_check;
use crate::engines::engine::probe_name;
use crate::engines::process::Spawn;
use crate::games::job::Job;
use crate::games::live::{self, LiveHub, LiveServer};
use crate::games::openings::{self, Opening};
use crate::games::output::Outputs;
use crate::games::record::GameRecord;
use crate::games::rng;
use crate::run::journal::{self, Entry, Journal};
use crate::run::matchinfo::{self, MatchInfo};
use crate::run::progress::Progress;
use crate::run::schedule;
use crate::run::shardpeers::{self, ShardPeers};
use crate::statistics::standings::Standings;

/// What every game of the run reads, fixed before the first one.
#[derive(Debug)]
pub struct Setup {
    /// The options, with `-shard`'s output files named for the shard.
    pub options: Options,
    pub spawns: Vec<Spawn>,
    pub names: Vec<String>,
    pub openings: Vec<Opening>,
    pub seed: u64,
    pub info: MatchInfo,
    /// Games of the whole match (all shards).
    pub total: usize,
    /// Games of this run (this shard's), played or not.
    pub games: usize,
}

impl Setup {
    /// Whether a finished game goes to the output files (`-gauntlet -loseonly` keeps only the
    /// first engine's losses).
    pub fn keeps(&self, g: &GameRecord) -> bool {
        let o = &self.options;
        !(o.gauntlet && o.lose_only) || g.half_points_of(0) == 0
    }
}

/// What the results change as the games finish.
#[derive(Debug)]
pub struct Results {
    pub standings: Standings,
    /// `-shard` with `-sprt`: the other shards' games, for the test on all of them.
    pub peers: Option<ShardPeers>,
    pub outputs: Outputs,
    pub journal: Option<Journal>,
    pub progress: Progress,
}

/// A run ready to play.
#[derive(Debug)]
pub struct Prepared {
    pub setup: Setup,
    pub results: Results,
    /// This run's games not in the journal yet, in the schedule's order.
    pub todo: VecDeque<Job>,
    /// `-serve`: the hub the games publish to, and its server, which stops (closing every
    /// viewer's stream) when this is dropped at the end of the run.
    pub live: Option<(LiveHub, LiveServer)>,
}

/// Prepares the run; `None` when there is nothing to play because another shard's SPRT
/// decision already stopped the match.
pub fn prepare(given: &Options) -> Result<Option<Prepared>, String> {
    // The journal as named on the command line: the shards' journals are found beside it.
    let base_journal = given.jsonl.clone();
    let o = shard_local(given);
    let spawns =
        o.engines.iter().map(|e| Spawn::from_command(&e.cmd)).collect::<Result<Vec<_>, _>>()?;
    check_engines(&o)?;
    let opening_list: Vec<Opening> = match &o.openings {
        Some(op) => openings::load(&op.file, op.format, o.board_size)?,
        None => Vec::new(),
    };
    // Resume: the journal's games and seed.
    let previous = match (&o.jsonl, o.resume) {
        (Some(p), true) => {
            journal::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?
        }
        (None, true) => {
            return Err("-resume needs -jsonl FILE (the journal of the run)".to_string());
        }
        _ => Vec::new(),
    };
    let configured = o.openings.as_ref().map_or(0, |op| op.srand);
    let seed = match previous.first() {
        Some(e) => e.srand,
        None if configured != 0 => configured,
        // Every shard must draw the same schedule: the seed comes from the options.
        None if o.shard.is_some() => matchinfo::options_hash(&o, &opening_list).max(1),
        None => rng::unpredictable_seed(),
    };
    if configured != 0 && configured != seed {
        return Err(format!("the journal was written with srand={seed}, not {configured}"));
    }
    let info = MatchInfo::new(&o, &opening_list, seed);
    let all_jobs = schedule::build(&o, opening_list.len(), seed);
    let total = all_jobs.len();
    let jobs: Vec<Job> =
        all_jobs.into_iter().filter(|j| o.shard.is_none_or(|s| s.contains(j.index))).collect();
    // -shard with -sprt: the test runs on every shard's games.
    let mut peers = match (o.shard, &base_journal, &o.sprt) {
        (Some(shard), Some(base), Some(_)) => {
            let peers = ShardPeers::new(base, shard, total, &info.id, &o);
            if let Some(d) = shardpeers::read_decision(peers.decision_path(), &info.id)? {
                println!(
                    "SPRT: {} accepted by shard {} after {} games (LLR {:.2}); shard {} stops.",
                    d.decision, d.shard, d.games, d.llr, shard
                );
                return Ok(None);
            }
            if peers.decision_path().exists() {
                eprintln!(
                    "warning: {} decides another match; ignored",
                    peers.decision_path().display()
                );
            }
            Some(peers)
        }
        _ => None,
    };
    let names = resolve_names(&o, &spawns)?;
    let setup = Setup {
        options: o,
        spawns,
        names,
        openings: opening_list,
        seed,
        info,
        total,
        games: jobs.len(),
    };
    let o = &setup.options;
    let mut standings = schedule::empty_standings(o);
    let mut done: HashSet<usize> = HashSet::new();
    // The journal is authoritative: its games (each once, torn lines dropped) are the games
    // of the run, and every other output is rebuilt from them.
    let mut kept: Vec<Entry> = Vec::new();
    let mut replay: Vec<GameRecord> = Vec::new();
    for e in previous {
        check_journal_entry(&e, &setup)?;
        if done.insert(e.game - 1) {
            let g = e.to_record()?;
            standings.add_result(g.index, g.encounter, |e| g.half_points_of(e));
            if let Some(p) = &mut peers {
                p.add_own(&g);
            }
            replay.push(g);
            kept.push(e);
        }
    }
    let todo: VecDeque<Job> = jobs.iter().filter(|j| !done.contains(&j.index)).copied().collect();
    let mut outputs = Outputs::open(o, false).map_err(|e| e.to_string())?;
    for g in replay.iter().filter(|g| setup.keeps(g)) {
        outputs.write(g).map_err(|e| format!("cannot rebuild output: {e}"))?;
    }
    let journal = match &o.jsonl {
        Some(p) if o.resume => Some(
            Journal::rewrite(p, &kept)
                .map_err(|e| format!("cannot rewrite {}: {e}", p.display()))?,
        ),
        Some(p) => Some(Journal::open(p, false).map_err(|e| e.to_string())?),
        None => None,
    };
    let progress = Progress::new(jobs.len(), done.len(), o.show_board || o.debug);
    if let Some(s) = o.shard {
        progress.println(&format!(
            "Shard {s}: {} of the {total} games of the match (seed {seed}, match {})",
            jobs.len(),
            setup.info.id
        ));
    }
    if !done.is_empty() {
        progress.println(&format!(
            "Resuming: {} of {} games already played (outputs rebuilt from the journal)",
            done.len(),
            jobs.len()
        ));
    }
    // Started before the games so that the first viewer sees them from their first move.
    let live = start_live_view(o)?;
    if let Some((hub, _)) = &live {
        hub.publish(live::standings(&standings, &setup.names, o, total));
    }
    if configured == 0 && o.openings.as_ref().is_some_and(|op| op.random) {
        progress.println(&format!("Openings in random order, srand={seed}"));
    }
    let results = Results { standings, peers, outputs, journal, progress };
    Ok(Some(Prepared { setup, results, todo, live }))
}

/// Every engine must be a program that can be started before any game is played: a missing
/// one would otherwise lose every game by crash.
fn check_engines(o: &Options) -> Result<(), String> {
    for (i, e) in o.engines.iter().enumerate() {
        command_check::check_command(&e.cmd).map_err(|why| {
            let name = e.name.as_deref().map(|n| format!(" ({n})")).unwrap_or_default();
            format!("engine {}{name}, cmd={}: cannot be run: {why}", i + 1, e.cmd)
        })?;
    }
    Ok(())
}

/// A journal line on `-resume` must be a game of this match and of this shard.
fn check_journal_entry(e: &Entry, setup: &Setup) -> Result<(), String> {
    let total = setup.total;
    if e.total != total || e.game == 0 || e.game > total {
        return Err(format!(
            "the journal does not match these options (game {} of {})",
            e.game, e.total
        ));
    }
    if let Some(id) = e.info.as_ref().map(|i| &i.id)
        && *id != setup.info.id
    {
        return Err(format!(
            "the journal belongs to another match (id {id}, these options make {})",
            setup.info.id
        ));
    }
    if let Some(s) = setup.options.shard
        && !s.contains(e.game - 1)
    {
        return Err(format!("game {} of the journal is not in shard {s}", e.game));
    }
    Ok(())
}

/// Engine names: `name=`, else the `ABOUT` name, else the program's file name; made unique.
fn resolve_names(o: &Options, spawns: &[Spawn]) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for (e, s) in o.engines.iter().zip(spawns) {
        let name = match &e.name {
            Some(n) => n.clone(),
            None => probe_name(s, Duration::from_millis(e.tolerance_ms))?
                .unwrap_or_else(|| s.program.rsplit('/').next().unwrap_or(&s.program).to_string()),
        };
        names.push(name);
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for n in &mut names {
        let k = seen.entry(n.clone()).or_insert(0);
        *k += 1;
        if *k > 1 {
            *n = format!("{n}#{k}");
        }
    }
    Ok(names)
}

/// `-serve`: the hub the games publish to and its web server, bound before any game starts;
/// the URL goes to stderr (tests and scripts read the port chosen for port 0 from there).
fn start_live_view(o: &Options) -> Result<Option<(LiveHub, LiveServer)>, String> {
    let Some(addr) = o.serve else { return Ok(None) };
    let hub = LiveHub::new();
    let server = renzoku_live::serve(addr, hub.clone())
        .map_err(|e| format!("cannot serve the live view on {addr}: {e}"))?;
    eprintln!("Live view: http://{}/", server.local_addr());
    Ok(Some((hub, server)))
}

/// With `-shard`, the options with every output file named for the shard.
fn shard_local(o: &Options) -> Options {
    let mut local = o.clone();
    if let Some(s) = o.shard {
        for p in [&mut local.jsonl, &mut local.pgn, &mut local.sgf, &mut local.msg] {
            if let Some(path) = p.as_mut() {
                *path = s.path(path);
            }
        }
        if let Some(sample) = local.sample.as_mut() {
            sample.file = s.path(&sample.file);
        }
    }
    local
}
