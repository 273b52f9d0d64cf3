//! The run: engine names, schedule, workers, results, outputs, statistics, SPRT, resume and
//! signals.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crate::engine::probe_name;
use crate::game::{self, Context, GameError, Observer};
use crate::journal::{self, Entry, Journal};
use crate::live::{self, LiveHub, LiveServer};
use crate::logger::Logger;
use crate::matchinfo::{self, MatchInfo};
use crate::openings::{self, Opening};
use crate::options::Options;
use crate::output::Outputs;
use crate::pool::EnginePool;
use crate::process::{self, Spawn};
use crate::progress::Progress;
use crate::record::GameRecord;
use crate::rng;
use crate::schedule::{self, Job};
use crate::shardpeers::{self, ShardPeers};
use crate::sprt::Decision;
use crate::stats::{self, Pentanomial, Trinomial};

/// Exit code after Ctrl-C / SIGTERM.
pub const EXIT_INTERRUPTED: i32 = 130;

/// Results of one engine pair.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub engines: [usize; 2],
    pub games: Trinomial,
    pub pairs: Pentanomial,
    /// First game of an unfinished colour-swapped pair: key → half points of engines[0].
    pending: HashMap<usize, u8>,
}

/// Everything counted so far.
#[derive(Clone, Debug)]
pub struct Standings {
    pub tallies: Vec<Tally>,
    pub paired: bool,
    pub finished: usize,
    /// Number of engines in the run.
    pub engines: usize,
}

/// One line of the overall standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub engine: usize,
    pub games: Trinomial,
    /// Mean score, 0..1 (NaN before the first game).
    pub score: f64,
    pub elo: f64,
    /// Half width of the 95 % interval.
    pub error: f64,
}

impl Standings {
    pub fn new(o: &Options) -> Standings {
        let tallies = schedule::encounters(o.engines.len(), o.gauntlet)
            .into_iter()
            .map(|engines| Tally { engines, ..Tally::default() })
            .collect();
        Standings { tallies, paired: o.repeat, finished: 0, engines: o.engines.len() }
    }

    /// Every engine's results against the field, best first (by score, then Elo, then
    /// command-line order).
    pub fn overall(&self) -> Vec<Standing> {
        let mut totals = vec![Trinomial::default(); self.engines];
        for t in &self.tallies {
            let [a, b] = t.engines;
            let g = t.games;
            if let Some(x) = totals.get_mut(a) {
                x.wins += g.wins;
                x.losses += g.losses;
                x.draws += g.draws;
            }
            if let Some(x) = totals.get_mut(b) {
                x.wins += g.losses;
                x.losses += g.wins;
                x.draws += g.draws;
            }
        }
        let mut rows: Vec<Standing> = totals
            .into_iter()
            .enumerate()
            .map(|(engine, games)| {
                let est = stats::trinomial_estimate(&games);
                Standing {
                    engine,
                    games,
                    score: games.score_and_variance().map_or(f64::NAN, |(s, _)| s),
                    elo: est.map_or(f64::NAN, |e| e.elo),
                    error: est.map_or(f64::NAN, |e| e.error),
                }
            })
            .collect();
        let key = |v: f64| if v.is_nan() { f64::NEG_INFINITY } else { v };
        rows.sort_by(|a, b| {
            key(b.score)
                .total_cmp(&key(a.score))
                .then(key(b.elo).total_cmp(&key(a.elo)))
                .then(a.engine.cmp(&b.engine))
        });
        rows
    }

    /// The overall standings table (runs with more than two engines).
    pub fn table(&self, names: &[String]) -> String {
        let rows = self.overall();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(4).max(4);
        let mut out = String::from("Standings (Elo vs the field, 95 % error):\n");
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>6}  {:>7}  {:>8}  {:>8}",
            "Rank", "Name", "Games", "Score%", "Elo", "+/-"
        );
        for (rank, r) in rows.iter().enumerate() {
            let pct =
                if r.score.is_nan() { "-".to_string() } else { format!("{:.2}", r.score * 100.0) };
            let _ = writeln!(
                out,
                "{:>4}  {:<width$}  {:>6}  {:>7}  {:>8}  {:>8}",
                rank + 1,
                names.get(r.engine).map_or("?", String::as_str),
                r.games.games(),
                pct,
                stats::format_number(r.elo),
                stats::format_number(r.error),
            );
        }
        out
    }

    pub fn add(&mut self, g: &GameRecord) {
        self.add_result(g.index, g.encounter, |e| g.half_points_of(e));
    }

    /// Counts game `index` (0-based) of `encounter`, where `half_points(e)` is engine `e`'s
    /// score in half points (the journal reader and `renzoku merge` count without a record).
    pub fn add_result(
        &mut self,
        index: usize,
        encounter: usize,
        half_points: impl Fn(usize) -> u8,
    ) {
        self.finished += 1;
        let Some(t) = self.tallies.get_mut(encounter) else { return };
        let hp = half_points(t.engines[0]);
        match hp {
            2 => t.games.wins += 1,
            0 => t.games.losses += 1,
            _ => t.games.draws += 1,
        }
        if self.paired {
            let key = index / 2;
            match t.pending.remove(&key) {
                Some(first) => t.pairs.add(first, hp),
                None => {
                    t.pending.insert(key, hp);
                }
            }
        }
    }

    pub fn report(&self, names: &[String], o: &Options) -> String {
        let mut out = String::from("--------------------------------------------------\n");
        for t in &self.tallies {
            let pairs = self.paired.then_some(&t.pairs);
            out.push_str(&stats::report(
                &names[t.engines[0]],
                &names[t.engines[1]],
                &t.games,
                pairs,
            ));
            if let Some(s) = &o.sprt {
                out.push_str(&s.line(&t.games, pairs));
                out.push('\n');
            }
        }
        if self.engines > 2 {
            out.push_str("--------------------------------------------------\n");
            out.push_str(&self.table(names));
        }
        out.push_str("--------------------------------------------------\n");
        out
    }

    /// Who won, in words, for the closing block: `Renzoku-A won 1.5-0.5 against Renzoku-B`
    /// (`leads` while games are missing: an interrupted or stopped run), a drawn match, or, with
    /// more engines, who finished first.
    pub fn verdict(&self, names: &[String], complete: bool) -> String {
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        if self.finished == 0 {
            return "No game was finished.".to_string();
        }
        let (won, drawn) = if complete { ("won", "drew") } else { ("leads", "are level at") };
        if let ([t], 2) = (self.tallies.as_slice(), self.engines) {
            let (a, b) = (name(t.engines[0]), name(t.engines[1]));
            let mine = t.games.points();
            let theirs = t.games.games() as f64 - mine;
            let score = stats::score_text(&t.games);
            let flipped = format!("{}-{}", stats::points_text(theirs), stats::points_text(mine));
            return if mine > theirs {
                format!("{a} {won} {score} against {b}.")
            } else if theirs > mine {
                format!("{b} {won} {flipped} against {a}.")
            } else {
                format!("{a} and {b} {drawn} {score}.")
            };
        }
        let rows = self.overall();
        let half_points = |s: &Standing| s.games.wins * 2 + s.games.draws;
        let Some(best) = rows.first().map(half_points) else { return String::new() };
        let leaders: Vec<&str> =
            rows.iter().filter(|s| half_points(s) == best).map(|s| name(s.engine)).collect();
        let points = stats::points_text(best as f64 / 2.0);
        let place = if complete { "finished first" } else { "is first so far" };
        match leaders.as_slice() {
            [one] => format!("{one} {place} with {points} points."),
            many => format!("{} share first place with {points} points each.", many.join(" and ")),
        }
    }

    /// The SPRT decision (two-engine runs only).
    pub fn sprt_decision(&self, o: &Options) -> Decision {
        match (&o.sprt, self.tallies.first()) {
            (Some(s), Some(t)) => s.decide(s.llr(&t.games, self.paired.then_some(&t.pairs))),
            _ => Decision::Continue,
        }
    }
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

/// Kills every engine process group still registered (the last line of defence when the
/// runner unwinds).
struct KillOnDrop;

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        process::kill_all();
    }
}

/// Stops the run when the thread holding it unwinds.
struct StopOnPanic<'a> {
    abort: &'a AtomicBool,
    finished: &'a AtomicBool,
}

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.abort.store(true, Ordering::SeqCst);
            self.finished.store(true, Ordering::SeqCst);
            process::kill_all();
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// The journal line of a game. Engine messages are kept only when a `-msg` file needs them
/// (they can be large); the sample indices are empty without `-sample`.
fn journal_entry(g: &GameRecord, total: usize, o: &Options, info: &MatchInfo) -> Entry {
    let mut e = Entry::from_record(g, total);
    e.info = Some(info.clone());
    if o.msg.is_none() {
        e.messages.clear();
    }
    e
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

/// Runs the match; returns the exit code.
pub fn run(given: &Options, observer: Option<Observer<'_>>) -> Result<i32, String> {
    // The journal as named on the command line: the shards' journals are found beside it.
    let base_journal = given.jsonl.clone();
    let local = shard_local(given);
    let o = &local;
    let spawns =
        o.engines.iter().map(|e| Spawn::from_command(&e.cmd)).collect::<Result<Vec<_>, _>>()?;
    // Every engine must be a program that can be started before any game is played: a missing
    // one would otherwise lose every game by crash.
    for (i, e) in o.engines.iter().enumerate() {
        crate::command_check::check_command(&e.cmd).map_err(|why| {
            let name = e.name.as_deref().map(|n| format!(" ({n})")).unwrap_or_default();
            format!("engine {}{name}, cmd={}: cannot be run: {why}", i + 1, e.cmd)
        })?;
    }
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
        None if o.shard.is_some() => matchinfo::options_hash(o, &opening_list).max(1),
        None => rng::unpredictable_seed(),
    };
    if configured != 0 && configured != seed {
        return Err(format!("the journal was written with srand={seed}, not {configured}"));
    }
    let info = MatchInfo::new(o, &opening_list, seed);
    let all_jobs = schedule::build(o, opening_list.len(), seed);
    let total = all_jobs.len();
    let jobs: Vec<Job> =
        all_jobs.into_iter().filter(|j| o.shard.is_none_or(|s| s.contains(j.index))).collect();
    // -shard with -sprt: the test runs on every shard's games.
    let mut peers = match (o.shard, &base_journal, &o.sprt) {
        (Some(shard), Some(base), Some(_)) => {
            let peers = ShardPeers::new(base, shard, total, &info.id, o);
            if let Some(d) = shardpeers::read_decision(peers.decision_path(), &info.id)? {
                println!(
                    "SPRT: {} accepted by shard {} after {} games (LLR {:.2}); shard {} stops.",
                    d.decision, d.shard, d.games, d.llr, shard
                );
                return Ok(0);
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
    let names = resolve_names(o, &spawns)?;
    let mut standings = Standings::new(o);
    let mut done: HashSet<usize> = HashSet::new();
    // The journal is authoritative: its games (each once, torn lines dropped) are the games
    // of the run, and every other output is rebuilt from them.
    let mut kept: Vec<Entry> = Vec::new();
    let mut replay: Vec<GameRecord> = Vec::new();
    for e in previous {
        if e.total != total || e.game == 0 || e.game > total {
            return Err(format!(
                "the journal does not match these options (game {} of {})",
                e.game, e.total
            ));
        }
        if let Some(id) = e.info.as_ref().map(|i| &i.id)
            && *id != info.id
        {
            return Err(format!(
                "the journal belongs to another match (id {id}, these options make {})",
                info.id
            ));
        }
        if let Some(s) = o.shard
            && !s.contains(e.game - 1)
        {
            return Err(format!("game {} of the journal is not in shard {s}", e.game));
        }
        if done.insert(e.game - 1) {
            let g = e.to_record()?;
            standings.add(&g);
            if let Some(p) = &mut peers {
                p.add_own(&g);
            }
            replay.push(g);
            kept.push(e);
        }
    }
    let todo: VecDeque<Job> = jobs.iter().filter(|j| !done.contains(&j.index)).copied().collect();
    let keep = |g: &GameRecord| !(o.gauntlet && o.lose_only) || g.half_points_of(0) == 0;
    let mut outputs = Outputs::open(o, false).map_err(|e| e.to_string())?;
    for g in replay.iter().filter(|g| keep(g)) {
        outputs.write(g).map_err(|e| format!("cannot rebuild output: {e}"))?;
    }
    let mut journal = match &o.jsonl {
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
            info.id
        ));
    }
    if !done.is_empty() {
        progress.println(&format!(
            "Resuming: {} of {} games already played (outputs rebuilt from the journal)",
            done.len(),
            jobs.len()
        ));
    }
    // Started before the games so that the first viewer sees them from their first move; it
    // stops (closing every viewer's stream) when this function returns.
    let (hub, _server) = match start_live_view(o) {
        Ok(Some((hub, server))) => (Some(hub), Some(server)),
        Ok(None) => (None, None),
        Err(e) => return Err(e),
    };
    if let Some(hub) = &hub {
        hub.publish(live::standings(&standings, &names, o, total));
    }
    if configured == 0 && o.openings.as_ref().is_some_and(|op| op.random) {
        progress.println(&format!("Openings in random order, srand={seed}"));
    }

    // Ctrl-C and SIGTERM: stop, kill every engine, keep what is finished.
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted)).map_err(|e| e.to_string())?;
    }
    let abort = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let queue = Mutex::new(todo);
    let decision_file = peers.as_ref().map(|p| p.decision_path().to_path_buf());
    let stopped_by_peer = AtomicBool::new(false);
    let loggers: Vec<Option<Logger>> = (0..o.concurrency)
        .map(|i| if o.log { Logger::for_worker(i + 1).ok() } else { None })
        .collect();
    let mut exit = 0;
    let mut fatal: Option<String> = None;
    let _last_resort = KillOnDrop;
    thread::scope(|scope| {
        // Should this thread panic, the workers stop and every engine is killed before the
        // scope waits for them.
        let _stop = StopOnPanic { abort: &abort, finished: &finished };
        // Watcher: turns a signal into an abort and kills every engine group.
        // It also stops the shard once another shard has written the SPRT decision.
        scope.spawn(|| {
            let mut ticks = 0u32;
            while !finished.load(Ordering::SeqCst) {
                if interrupted.load(Ordering::SeqCst) {
                    abort.store(true, Ordering::SeqCst);
                    process::kill_all();
                }
                ticks += 1;
                // A decision file of another match (a reused directory) does not count.
                if ticks.is_multiple_of(100)
                    && let Some(path) = &decision_file
                    && !abort.load(Ordering::SeqCst)
                    && path.exists()
                    && matches!(shardpeers::read_decision(path, &info.id), Ok(Some(_)))
                {
                    stopped_by_peer.store(true, Ordering::SeqCst);
                    abort.store(true, Ordering::SeqCst);
                    process::kill_all();
                }
                thread::sleep(Duration::from_millis(10));
            }
        });
        let (tx, rx) = mpsc::channel::<Result<GameRecord, GameError>>();
        let workers = o.concurrency.min(queue.lock().map_or(1, |q| q.len().max(1)));
        let cpus = crate::affinity::allowed_cpus();
        for (w, log) in loggers.iter().take(workers).enumerate() {
            let share = crate::affinity::worker_cpus(o, &cpus, workers, w);
            let tx = tx.clone();
            let cx = Context {
                options: o,
                names: &names,
                spawns: &spawns,
                openings: &opening_list,
                seed,
                log: log.as_ref(),
                abort: &abort,
                observer,
                live: hub.as_ref(),
            };
            let queue = &queue;
            let abort = &abort;
            scope.spawn(move || {
                // Bound before any engine starts: the engines inherit the binding.
                if let Some(share) = &share {
                    match crate::affinity::bind_current_thread(share) {
                        Ok(()) if o.debug => println!("Worker {} runs on CPUs {share:?}", w + 1),
                        Ok(()) => {}
                        Err(e) => eprintln!("worker {}: cannot set the CPU affinity: {e}", w + 1),
                    }
                }
                // Each worker keeps its own engine processes from game to game.
                let mut pool = EnginePool::new(o.engines.len());
                let body = panic::catch_unwind(AssertUnwindSafe(|| {
                    loop {
                        if abort.load(Ordering::SeqCst) {
                            break;
                        }
                        let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                            break;
                        };
                        if tx.send(game::play(&job, &cx, &mut pool)).is_err() {
                            break;
                        }
                    }
                }));
                match body {
                    Ok(()) => pool.shutdown(game::end_grace(o)),
                    Err(payload) => {
                        // Dropping the pool kills and reaps its processes.
                        drop(pool);
                        abort.store(true, Ordering::SeqCst);
                        let _ = tx.send(Err(GameError::Fatal(format!(
                            "a worker thread panicked: {}",
                            panic_message(payload.as_ref())
                        ))));
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            match result {
                Ok(g) => {
                    standings.add(&g);
                    if let Some(j) = &mut journal
                        && let Err(e) = j.write(&journal_entry(&g, total, o, &info))
                    {
                        fatal.get_or_insert(format!("cannot write the journal: {e}"));
                    }
                    if keep(&g)
                        && let Err(e) = outputs.write(&g)
                    {
                        fatal.get_or_insert(format!("cannot write output: {e}"));
                    }
                    let line = format!(
                        "Finished game {} of {} ({} vs {}): {} {{{}}}",
                        g.index + 1,
                        total,
                        g.black,
                        g.white,
                        g.result_text(),
                        g.detail
                    );
                    progress.println(&line);
                    progress.game_done(&g.result_text());
                    if let Some(hub) = &hub {
                        hub.publish(live::standings(&standings, &names, o, total));
                    }
                    let every = o.rating_interval as usize;
                    if every > 0
                        && standings.finished.is_multiple_of(every)
                        && standings.finished < jobs.len()
                    {
                        progress.println(&standings.report(&names, o));
                    }
                    let decision = match &mut peers {
                        Some(p) => {
                            p.add_own(&g);
                            if let Err(e) = p.poll() {
                                fatal.get_or_insert(e);
                            }
                            let d = p.decision(o);
                            if d != Decision::Continue
                                && let Err(e) = p.write_decision(o, d)
                            {
                                fatal.get_or_insert(e);
                            }
                            d
                        }
                        None => standings.sprt_decision(o),
                    };
                    if decision != Decision::Continue {
                        abort.store(true, Ordering::SeqCst);
                        process::kill_all();
                    }
                }
                Err(GameError::Aborted) => {}
                Err(GameError::Fatal(m) | GameError::BadOpening(m)) => {
                    fatal.get_or_insert(m);
                }
            }
            if fatal.is_some() && !abort.load(Ordering::SeqCst) {
                abort.store(true, Ordering::SeqCst);
                process::kill_all();
            }
        }
        finished.store(true, Ordering::SeqCst);
    });
    progress.finish();
    if let Err(e) = outputs.finish() {
        fatal.get_or_insert(format!("cannot finish output: {e}"));
    }
    print!("{}", standings.report(&names, o));
    println!("{}", standings.verdict(&names, standings.finished == jobs.len()));
    let decision = match &mut peers {
        Some(p) => {
            if let Err(e) = p.poll() {
                fatal.get_or_insert(e);
            }
            println!("All shards so far ({} games):", p.merged.finished);
            print!("{}", p.merged.report(&names, o));
            p.decision(o)
        }
        None => standings.sprt_decision(o),
    };
    match decision {
        Decision::AcceptH0 => println!("SPRT: H0 accepted, the run stops."),
        Decision::AcceptH1 => println!("SPRT: H1 accepted, the run stops."),
        Decision::Continue if stopped_by_peer.load(Ordering::SeqCst) => {
            println!("SPRT: decided by another shard (see the decision file), this shard stops.");
        }
        Decision::Continue => {}
    }
    if let Some(m) = fatal {
        eprintln!("fatal error: {m}");
        exit = 1;
    } else if interrupted.load(Ordering::SeqCst) {
        eprintln!(
            "interrupted: {} of {} games finished; run again with -resume to play the rest",
            standings.finished,
            jobs.len()
        );
        exit = EXIT_INTERRUPTED;
    }
    Ok(exit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(results: &[(usize, [usize; 2], u8)], engines: usize) -> Standings {
        let tallies = schedule::encounters(engines, false)
            .into_iter()
            .map(|engines| Tally { engines, ..Tally::default() })
            .collect();
        let mut s = Standings { tallies, paired: false, finished: 0, engines };
        for (i, &(encounter, pair, first_half_points)) in results.iter().enumerate() {
            s.add_result(i, encounter, |e| {
                if e == pair[0] { first_half_points } else { 2 - first_half_points }
            });
        }
        s
    }

    #[test]
    fn the_closing_block_says_who_won() {
        let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        let two = &names[..2];
        assert_eq!(standings(&[], 2).verdict(two, true), "No game was finished.");
        let s = standings(&[(0, [0, 1], 2), (0, [0, 1], 1)], 2);
        assert_eq!(s.verdict(two, true), "A won 1.5-0.5 against B.");
        assert_eq!(s.verdict(two, false), "A leads 1.5-0.5 against B.");
        let s = standings(&[(0, [0, 1], 0), (0, [0, 1], 0)], 2);
        assert_eq!(s.verdict(two, true), "B won 2-0 against A.");
        let s = standings(&[(0, [0, 1], 2), (0, [0, 1], 0)], 2);
        assert_eq!(s.verdict(two, true), "A and B drew 1-1.");
        // Round robin: A beats B, B beats C, C draws A.
        let s = standings(&[(0, [0, 1], 2), (2, [1, 2], 2), (1, [0, 2], 1)], 3);
        assert_eq!(s.verdict(&names, true), "A finished first with 1.5 points.");
    }
}
