//! `renzoku tune`: SPSA over an engine's `INFO` parameters in games (see
//! [`crate::tuning::spsa`] for the arithmetic).
//!
//! Every iteration plays one game pair on one opening with colours swapped: the engine with
//! `theta + c_k·delta` against itself with `theta − c_k·delta` (the fishtest and OpenBench way,
//! the default); with a second `-engine`, both perturbed engines play a pair against that fixed
//! opponent instead and the result is the difference of their scores. The parameters go to the
//! engine as `INFO NAME V` before every game, as `option.NAME=V` does in `renzoku match`.
//!
//! The trajectory file (JSONL, one line per iteration: signs, values played, result, step,
//! theta after) is the state of the run: `-resume` goes on from it, and with `-shard` every
//! shard writes its own beside the others and adds their steps to its theta before each
//! iteration, so that N machines climb one gradient together. Theta is the start plus every
//! known step, applied in iteration order and clamped after each.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::config::options::{self, EngineOptions, Options};
use crate::config::shard::{self, Shard};
use crate::engines::logger::Logger;
use crate::engines::pool::EnginePool;
use crate::engines::process::{self, Spawn};
use crate::games::game::{self, Context, GameError};
use crate::games::job::Job;
use crate::games::openings::{self, Opening};
use crate::games::rng::SplitMix64;
use crate::run::matchinfo;
use crate::run::shardpeers;
use crate::tuning::spsa::{self, Param, Schedule};

pub const USAGE: &str = "\
usage: renzoku tune -engine ENGINE_OPTIONS [-engine OPPONENT_OPTIONS] -param SPEC [-param SPEC ...]
                    -iterations N [-trajectory FILE] [-csv FILE] [-resume] [-shard I/N|slurm|k8s[/N]]
                    [renzoku match options: -each, -rule, -boardsize, -openings, -concurrency,
                     -drawafter, -hangtimeout, -affinity, -log, -debug ...]

SPSA as fishtest and OpenBench run it. SPEC is NAME,int|float,START,MIN,MAX,C_END,R_END (as
OpenBench writes it); the engine gets each value as INFO NAME V before every game. Each of the N
iterations is a game pair on one opening with colours swapped: the engine with theta + c_k*delta
against itself with theta - c_k*delta, or, with a second -engine, both against that fixed
opponent (two pairs). a and c schedules with A = N/10, alpha 0.602, gamma 0.101; values clamped
to [MIN, MAX] and rounded for int. -trajectory (default tune.jsonl) gets one JSON line per
iteration and is what -resume and the shards read; -csv also writes iteration,result,theta....
With -shard, each shard plays its share of the iterations and adds the other shards' steps
(their trajectory files beside its own, FILE with .shard-I-of-N) before each iteration.
The last line printed is `tuned: NAME=V NAME=V ...`.";

/// The command line of `renzoku tune`.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub params: Vec<Param>,
    pub iterations: usize,
    pub trajectory: PathBuf,
    pub csv: Option<PathBuf>,
    pub shard: Option<Shard>,
    /// The games' settings; `engines[0]` is tuned, `engines[1]` is the tuned engine again
    /// (self-play) or the fixed opponent.
    pub games: Options,
    pub against_opponent: bool,
}

fn is_option(word: &str) -> bool {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-')).unwrap_or("");
    name.starts_with(|c: char| c.is_ascii_alphabetic())
}

pub fn parse(args: &[String]) -> Result<TuneOptions, String> {
    let mut params = Vec::new();
    let mut iterations = None;
    let mut trajectory = PathBuf::from("tune.jsonl");
    let mut csv = None;
    let mut shard = None;
    let mut rest: Vec<String> = Vec::new();
    let mut engines: Vec<Vec<String>> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let name = args[i].trim_start_matches('-');
        let own = matches!(name, "param" | "iterations" | "trajectory" | "csv" | "shard");
        if own && is_option(&args[i]) {
            let value = args.get(i + 1).ok_or_else(|| format!("-{name} needs a value"))?;
            match name {
                "param" => params.push(Param::parse(value)?),
                "iterations" => {
                    iterations = Some(
                        value
                            .parse::<usize>()
                            .ok()
                            .filter(|n| *n > 0)
                            .ok_or_else(|| format!("-iterations: bad number '{value}'"))?,
                    );
                }
                "trajectory" => trajectory = PathBuf::from(value),
                "csv" => csv = Some(PathBuf::from(value)),
                _ => shard = Some(shard::parse(value, &|k| std::env::var(k).ok())?),
            }
            i += 2;
            continue;
        }
        if name == "engine" && is_option(&args[i]) {
            let end = (i + 1..args.len()).find(|&j| is_option(&args[j])).unwrap_or(args.len());
            engines.push(args[i + 1..end].to_vec());
        }
        rest.push(args[i].clone());
        i += 1;
    }
    if params.is_empty() {
        return Err("give at least one -param NAME,int|float,START,MIN,MAX,C_END,R_END".into());
    }
    let mut names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return Err("a parameter is given twice".to_string());
    }
    let iterations = iterations.ok_or("give -iterations N (game pairs)")?;
    let against_opponent = match engines.len() {
        1 => {
            // Self-play: the tuned engine twice.
            rest.push("-engine".to_string());
            rest.extend(engines[0].iter().cloned());
            false
        }
        2 => true,
        n => return Err(format!("give the tuned -engine and at most one opponent, not {n}")),
    };
    let games = options::parse(&rest)?;
    let unused = [
        (games.sprt.is_some(), "-sprt"),
        (games.jsonl.is_some(), "-jsonl"),
        (games.pgn.is_some(), "-pgn"),
        (games.sgf.is_some(), "-sgf"),
        (games.msg.is_some(), "-msg"),
        (games.sample.is_some(), "-sample"),
        (games.serve.is_some(), "-serve"),
        (games.games != 1 || games.rounds != 1, "-games/-rounds (use -iterations)"),
        (games.gauntlet || games.repeat || games.transform, "-gauntlet/-repeat/-transform"),
    ];
    if let Some((_, what)) = unused.iter().find(|(given, _)| *given) {
        return Err(format!("{what} has no meaning in renzoku tune"));
    }
    Ok(TuneOptions { params, iterations, trajectory, csv, shard, games, against_opponent })
}

/// One line of the trajectory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// The id of the run (a hash of the parameters, iterations, game options and seed).
    pub tune: String,
    /// 1-based.
    pub iteration: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Wins minus losses of the `+delta` side (against the opponent: its score minus the
    /// `-delta` side's).
    pub result: f64,
    pub games: usize,
    pub delta: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    pub step: Vec<f64>,
    /// Theta after this step, as the shard that played it knew it.
    pub theta: BTreeMap<String, f64>,
}

/// What the workers share.
struct State {
    /// Every known step by iteration (own and other shards').
    steps: BTreeMap<usize, Vec<f64>>,
    /// This run's iterations still to play, in order.
    todo: std::collections::VecDeque<usize>,
    /// Other shards' trajectory files and how far they have been read.
    offsets: HashMap<PathBuf, u64>,
    trajectory: File,
    csv: Option<File>,
    played: usize,
    error: Option<String>,
}

/// The run's fixed parts.
struct Run<'a> {
    t: &'a TuneOptions,
    id: String,
    seed: u64,
    schedules: Vec<Schedule>,
    openings: Vec<Opening>,
    /// Opening order (shuffled with the seed for order=random).
    order: Vec<usize>,
    spawns: Vec<Spawn>,
    own_path: PathBuf,
    peers: Option<(PathBuf, String, String)>,
}

impl Run<'_> {
    fn theta(&self, steps: &BTreeMap<usize, Vec<f64>>) -> Vec<f64> {
        spsa::theta(&self.t.params, steps.values())
    }

    fn theta_text(&self, theta: &[f64]) -> String {
        let mut out = String::new();
        for (p, v) in self.t.params.iter().zip(theta) {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{}={}", p.name, p.format(*v));
        }
        out
    }

    /// Reads the other shards' new steps into `state`.
    fn poll_peers(&self, state: &mut State) -> Result<(), String> {
        let Some((dir, prefix, suffix)) = &self.peers else { return Ok(()) };
        for path in shardpeers::sibling_files(dir, prefix, suffix, &self.own_path)? {
            let offset = state.offsets.get(&path).copied().unwrap_or(0);
            let (bytes, next) = shardpeers::read_new_lines(&path, offset)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            for line in bytes.split(|&b| b == b'\n') {
                let Ok(r) = serde_json::from_slice::<StepRecord>(line) else { continue };
                self.check(&r, &path)?;
                state.steps.entry(r.iteration).or_insert(r.step);
            }
            state.offsets.insert(path, next);
        }
        Ok(())
    }

    fn check(&self, r: &StepRecord, path: &Path) -> Result<(), String> {
        if r.tune != self.id {
            return Err(format!(
                "{}: iteration {} belongs to another tuning run ({}, this one is {}): other \
                 parameters, iterations or options",
                path.display(),
                r.iteration,
                r.tune,
                self.id
            ));
        }
        if r.step.len() != self.t.params.len() || r.iteration == 0 {
            return Err(format!("{}: malformed iteration {}", path.display(), r.iteration));
        }
        Ok(())
    }

    /// The games' options with the given parameter values for the `+` and `-` engines.
    fn options_for(&self, plus: &[f64], minus: &[f64]) -> Options {
        let mut o = self.t.games.clone();
        let with = |base: &EngineOptions, values: &[f64]| {
            let mut e = base.clone();
            for (p, v) in self.t.params.iter().zip(values) {
                e.infos.retain(|(k, _)| *k != p.name);
                e.infos.push((p.name.clone(), p.format(*v)));
            }
            e
        };
        let tuned = o.engines[0].clone();
        let mut engines = vec![with(&tuned, plus), with(&tuned, minus)];
        if self.t.against_opponent {
            engines.push(o.engines[1].clone());
        }
        o.engines = engines;
        o
    }

    /// The games of iteration `k` (engine 0 = `+`, 1 = `-`, 2 = the opponent).
    fn jobs(&self, k: usize) -> Vec<Job> {
        let opening = (!self.order.is_empty()).then(|| self.order[(k - 1) % self.order.len()]);
        let pairs: &[[usize; 2]] =
            if self.t.against_opponent { &[[0, 2], [1, 2]] } else { &[[0, 1]] };
        let per = 2 * pairs.len();
        let mut jobs = Vec::new();
        for pair in pairs {
            for reverse in [false, true] {
                jobs.push(Job {
                    index: (k - 1) * per + jobs.len(),
                    round: 0,
                    encounter: 0,
                    engines: *pair,
                    reverse,
                    opening,
                    transform: 0,
                });
            }
        }
        jobs
    }
}

/// Wins minus losses of engine `e` in the records.
fn score(records: &[crate::games::record::GameRecord], e: usize) -> f64 {
    records
        .iter()
        .filter(|g| g.black_engine == e || g.white_engine == e)
        .map(|g| f64::from(g.half_points_of(e)) - 1.0)
        .sum()
}

/// Reads this run's own trajectory for -resume.
fn read_own(run: &Run<'_>, path: &Path) -> Result<Vec<StepRecord>, String> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut out = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let Ok(r) = serde_json::from_str::<StepRecord>(&line) else { continue };
        run.check(&r, path)?;
        out.push(r);
    }
    Ok(out)
}

/// Replaces the trajectory with the records kept (dropping a line torn by a kill), then opens
/// it for appending.
fn rewrite(path: &Path, records: &[StepRecord]) -> io::Result<File> {
    crate::run::journal::rewrite_lines(path, records)?;
    crate::games::output::open(path, true)
}

fn csv_header(t: &TuneOptions) -> String {
    let mut h = String::from("iteration,result");
    for p in &t.params {
        h.push(',');
        h.push_str(&p.name);
    }
    h.push('\n');
    h
}

fn csv_line(t: &TuneOptions, r: &StepRecord) -> String {
    let mut l = format!("{},{}", r.iteration, r.result);
    for p in &t.params {
        let _ = write!(l, ",{}", r.theta.get(&p.name).copied().unwrap_or(f64::NAN));
    }
    l.push('\n');
    l
}

/// Runs the tuning; returns the exit code.
pub fn run_tune(t: &TuneOptions) -> Result<i32, String> {
    let o = &t.games;
    let openings = match &o.openings {
        Some(op) => openings::load(&op.file, op.format, o.board_size)?,
        None => Vec::new(),
    };
    let mut text = matchinfo::options_hash(o, &openings).to_string();
    for p in &t.params {
        let _ = write!(text, ";{p}");
    }
    let _ = write!(text, ";{};{}", t.iterations, t.against_opponent);
    let srand = o.openings.as_ref().map_or(0, |op| op.srand);
    let seed = if srand != 0 { srand } else { matchinfo::fnv1a(text.as_bytes()).max(1) };
    let _ = write!(text, ";{seed}");
    let id = format!("{:016x}", matchinfo::fnv1a(text.as_bytes()));
    let mut order: Vec<usize> = (0..openings.len()).collect();
    if o.openings.as_ref().is_some_and(|op| op.random) {
        SplitMix64::new(seed).shuffle(&mut order);
    }
    let own_path = t.shard.map_or_else(|| t.trajectory.clone(), |s| s.path(&t.trajectory));
    let peers = t.shard.map(|s| {
        let (prefix, suffix) = shard::sibling_pattern(&t.trajectory, s.count);
        (shardpeers::parent_dir(&t.trajectory), prefix, suffix)
    });
    let spawns =
        o.engines.iter().map(|e| Spawn::from_command(&e.cmd)).collect::<Result<Vec<_>, _>>()?;
    let mut spawns_all = vec![spawns[0].clone(), spawns[0].clone()];
    if t.against_opponent {
        spawns_all.push(spawns[1].clone());
    }
    let run = Run {
        t,
        id,
        seed,
        schedules: t.params.iter().map(|p| Schedule::new(p, t.iterations)).collect(),
        openings,
        order,
        spawns: spawns_all,
        own_path: own_path.clone(),
        peers,
    };
    let previous = if o.resume { read_own(&run, &own_path)? } else { Vec::new() };
    let mut steps = BTreeMap::new();
    for r in &previous {
        steps.entry(r.iteration).or_insert_with(|| r.step.clone());
    }
    let mine: Vec<usize> =
        (1..=t.iterations).filter(|k| t.shard.is_none_or(|s| s.owns_item(k - 1))).collect();
    let todo = mine.iter().copied().filter(|k| !steps.contains_key(k)).collect();
    let trajectory = if o.resume {
        rewrite(&own_path, &previous).map_err(|e| format!("{}: {e}", own_path.display()))?
    } else {
        crate::games::output::open(&own_path, false).map_err(|e| e.to_string())?
    };
    let mut csv = t
        .csv
        .as_ref()
        .map(|p| File::create(p).map_err(|e| format!("{}: {e}", p.display())))
        .transpose()?;
    if let Some(f) = &mut csv {
        f.write_all(csv_header(t).as_bytes()).map_err(|e| e.to_string())?;
        for r in &previous {
            f.write_all(csv_line(t, r).as_bytes()).map_err(|e| e.to_string())?;
        }
    }
    let state = Mutex::new(State {
        steps,
        todo,
        offsets: HashMap::new(),
        trajectory,
        csv,
        played: previous.len(),
        error: None,
    });
    let names: Vec<String> = ["plus", "minus", "opponent"].map(String::from).to_vec();
    let where_ =
        t.shard.map_or_else(String::new, |s| format!(" (shard {s}: {} of them)", mine.len()));
    println!(
        "SPSA: {} iterations{where_}, {} games each, tuning {} (run {}, seed {seed})",
        t.iterations,
        if t.against_opponent { 4 } else { 2 },
        t.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
        run.id
    );
    if !previous.is_empty() {
        println!("Resuming: {} of this run's iterations already played", previous.len());
    }

    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted)).map_err(|e| e.to_string())?;
    }
    let abort = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let loggers: Vec<Option<Logger>> = (0..o.concurrency.max(1))
        .map(|i| if o.log { Logger::for_worker(i + 1).ok() } else { None })
        .collect();
    thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::SeqCst) {
                if interrupted.load(Ordering::SeqCst) && !abort.swap(true, Ordering::SeqCst) {
                    process::kill_all();
                }
                thread::sleep(Duration::from_millis(10));
            }
        });
        let workers: Vec<_> = loggers
            .iter()
            .map(|log| scope.spawn(|| worker(&run, &state, &abort, &names, log.as_ref())))
            .collect();
        for w in workers {
            if w.join().is_err()
                && let Ok(mut s) = state.lock()
            {
                s.error.get_or_insert("a worker thread panicked".to_string());
                abort.store(true, Ordering::SeqCst);
            }
        }
        finished.store(true, Ordering::SeqCst);
    });
    process::kill_all();
    let mut s = state.lock().map_err(|_| "the tuner's state is poisoned".to_string())?;
    let peer_error = run.poll_peers(&mut s).err();
    let theta = run.theta(&s.steps);
    println!(
        "SPSA: {} of {} iterations known ({} played by this run)",
        s.steps.len(),
        t.iterations,
        s.played
    );
    let code = if let Some(e) = s.error.take().or(peer_error) {
        eprintln!("fatal error: {e}");
        1
    } else if interrupted.load(Ordering::SeqCst) {
        eprintln!("interrupted: run again with -resume to go on");
        crate::run::finish::EXIT_INTERRUPTED
    } else {
        0
    };
    println!("tuned: {}", run.theta_text(&theta));
    Ok(code)
}

/// One worker: takes the next iteration, plays its games, records the step.
fn worker(
    run: &Run<'_>,
    state: &Mutex<State>,
    abort: &AtomicBool,
    names: &[String],
    log: Option<&Logger>,
) {
    let t = run.t;
    let mut pool = EnginePool::new(run.spawns.len());
    let fail = |m: String| {
        if let Ok(mut s) = state.lock() {
            s.error.get_or_insert(m);
        }
        abort.store(true, Ordering::SeqCst);
    };
    loop {
        if abort.load(Ordering::SeqCst) {
            break;
        }
        // The next iteration and the theta it starts from (every known step).
        let (k, theta) = {
            let Ok(mut s) = state.lock() else { break };
            if let Err(e) = run.poll_peers(&mut s) {
                drop(s);
                fail(e);
                break;
            }
            let Some(k) = s.todo.pop_front() else { break };
            (k, run.theta(&s.steps))
        };
        let delta = spsa::deltas(run.seed, k, t.params.len());
        let c: Vec<f64> = run.schedules.iter().map(|s| s.c_k(k)).collect();
        let plus: Vec<f64> = t
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| p.engine_value(theta[i] + c[i] * delta[i]))
            .collect();
        let minus: Vec<f64> = t
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| p.engine_value(theta[i] - c[i] * delta[i]))
            .collect();
        let o = run.options_for(&plus, &minus);
        let cx = Context {
            options: &o,
            names,
            spawns: &run.spawns,
            openings: &run.openings,
            seed: run.seed,
            log,
            abort,
            observer: None,
            live: None,
        };
        let mut records = Vec::new();
        for job in run.jobs(k) {
            match game::play(&job, &cx, &mut pool) {
                Ok(g) => records.push(g),
                Err(GameError::Aborted) => break,
                Err(GameError::Fatal(m) | GameError::BadOpening(m)) => {
                    fail(m);
                    break;
                }
            }
        }
        if records.len() < run.jobs(k).len() {
            break;
        }
        let result = if t.against_opponent {
            score(&records, 0) - score(&records, 1)
        } else {
            score(&records, 0)
        };
        let step: Vec<f64> =
            run.schedules.iter().zip(&delta).map(|(s, d)| s.step(k, *d, result)).collect();
        let Ok(mut s) = state.lock() else { break };
        s.steps.insert(k, step.clone());
        let after = run.theta(&s.steps);
        let record = StepRecord {
            tune: run.id.clone(),
            iteration: k,
            shard: t.shard.map(|x| x.to_string()),
            result,
            games: records.len(),
            delta,
            plus,
            minus,
            step,
            theta: t.params.iter().zip(&after).map(|(p, v)| (p.name.clone(), *v)).collect(),
        };
        let line = serde_json::to_string(&record).map(|mut l| {
            l.push('\n');
            l
        });
        let written = line.map_err(io::Error::other).and_then(|l| {
            s.trajectory.write_all(l.as_bytes())?;
            s.trajectory.flush()
        });
        if let Err(e) = written {
            s.error.get_or_insert(format!("cannot write {}: {e}", run.own_path.display()));
            abort.store(true, Ordering::SeqCst);
            break;
        }
        if let Some(f) = &mut s.csv
            && let Err(e) = f.write_all(csv_line(t, &record).as_bytes())
        {
            s.error.get_or_insert(format!("cannot write the CSV: {e}"));
            abort.store(true, Ordering::SeqCst);
            break;
        }
        s.played += 1;
        println!(
            "iteration {k}/{} result {result:+} known {} | {}",
            t.iterations,
            s.steps.len(),
            run.theta_text(&after)
        );
    }
    pool.shutdown(game::end_grace(&t.games));
}

/// Runs `renzoku tune` with the arguments after `tune`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    crate::config::subcommand::run("tune", USAGE, args, parse, run_tune)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn self_play_or_a_fixed_opponent() {
        let t = parse(&args("-engine cmd=e -param a,int,5,0,10,1,0.1 -iterations 50 -csv x.csv"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!t.against_opponent);
        assert_eq!(t.games.engines.len(), 2);
        assert_eq!(t.games.engines[0], t.games.engines[1]);
        assert_eq!((t.iterations, t.trajectory.clone()), (50, PathBuf::from("tune.jsonl")));
        assert_eq!(t.csv, Some(PathBuf::from("x.csv")));
        let t = parse(&args(
            "-engine cmd=e -engine cmd=opp -param a,int,5,0,10,1,0.1 -param b,float,0.5,0,1,0.1,0.1 \
             -iterations 5 -shard 2/3 -each tc=1 -trajectory t.jsonl",
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(t.against_opponent);
        assert_eq!(t.params.len(), 2);
        assert_eq!(t.shard, Some(Shard { index: 2, count: 3 }));
        assert_eq!(t.games.engines[1].cmd, "opp");
        assert_eq!(t.games.engines[0].tc.match_ms, 1000);
    }

    #[test]
    fn errors_are_explained() {
        let err = |s: &str| parse(&args(s)).err().unwrap_or_default();
        assert!(err("-engine cmd=e -iterations 5").contains("-param"));
        assert!(err("-engine cmd=e -param a,int,5,0,10,1,0.1").contains("-iterations"));
        assert!(
            err("-engine cmd=e -param a,int,5,0,10,1,0.1 -iterations 0").contains("bad number")
        );
        assert!(
            err("-engine cmd=e -param a,int,5,0,10,1,0.1 -param a,int,5,0,10,1,0.1 -iterations 5")
                .contains("twice")
        );
        assert!(
            err("-engine cmd=e -param a,int,5,0,10,1,0.1 -iterations 5 -games 10")
                .contains("-iterations")
        );
        assert!(
            err("-engine cmd=e -param a,int,5,0,10,1,0.1 -iterations 5 -sprt elo1=5")
                .contains("-sprt")
        );
        assert!(
            err(
                "-engine cmd=a -engine cmd=b -engine cmd=c -param a,int,5,0,10,1,0.1 -iterations 5"
            )
            .contains("at most one opponent")
        );
    }
}
