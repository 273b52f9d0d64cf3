//! The run: engine names, schedule, workers, results, outputs, statistics, SPRT, resume and
//! signals.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crate::engine::probe_name;
use crate::game::{self, Context, GameError, Observer};
use crate::journal::{self, Entry, Journal};
use crate::logger::Logger;
use crate::openings::{self, Opening};
use crate::options::Options;
use crate::output::Outputs;
use crate::process::{self, Spawn};
use crate::progress::Progress;
use crate::record::GameRecord;
use crate::rng;
use crate::schedule::{self, Job};
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
}

impl Standings {
    pub fn new(o: &Options) -> Standings {
        let tallies = schedule::encounters(o.engines.len(), o.gauntlet)
            .into_iter()
            .map(|engines| Tally { engines, ..Tally::default() })
            .collect();
        Standings { tallies, paired: o.repeat, finished: 0 }
    }

    pub fn add(&mut self, g: &GameRecord) {
        self.finished += 1;
        let Some(t) = self.tallies.get_mut(g.encounter) else { return };
        let hp = g.half_points_of(t.engines[0]);
        match hp {
            2 => t.games.wins += 1,
            0 => t.games.losses += 1,
            _ => t.games.draws += 1,
        }
        if self.paired {
            let key = g.index / 2;
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
        out.push_str("--------------------------------------------------\n");
        out
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

/// Runs the match; returns the exit code.
pub fn run(o: &Options, observer: Option<Observer<'_>>) -> Result<i32, String> {
    let spawns =
        o.engines.iter().map(|e| Spawn::from_command(&e.cmd)).collect::<Result<Vec<_>, _>>()?;
    let names = resolve_names(o, &spawns)?;
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
        None => rng::unpredictable_seed(),
    };
    if configured != 0 && configured != seed {
        return Err(format!("the journal was written with srand={seed}, not {configured}"));
    }
    let jobs = schedule::build(o, opening_list.len(), seed);
    let mut standings = Standings::new(o);
    let mut done: HashSet<usize> = HashSet::new();
    for e in &previous {
        if e.total != jobs.len() || e.game == 0 || e.game > jobs.len() {
            return Err(format!(
                "the journal does not match these options (game {} of {})",
                e.game, e.total
            ));
        }
        if done.insert(e.game - 1) {
            standings.add(&e.to_record()?);
        }
    }
    let todo: VecDeque<Job> = jobs.iter().filter(|j| !done.contains(&j.index)).copied().collect();
    let mut outputs = Outputs::open(o, o.resume).map_err(|e| e.to_string())?;
    let mut journal = match &o.jsonl {
        Some(p) => Some(Journal::open(p, o.resume).map_err(|e| e.to_string())?),
        None => None,
    };
    let progress = Progress::new(jobs.len(), done.len(), o.show_board);
    if !done.is_empty() {
        progress.println(&format!(
            "Resuming: {} of {} games already played",
            done.len(),
            jobs.len()
        ));
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
    let loggers: Vec<Option<Logger>> = (0..o.concurrency)
        .map(|i| if o.log { Logger::for_worker(i + 1).ok() } else { None })
        .collect();
    let total = jobs.len();
    let mut exit = 0;
    let mut fatal: Option<String> = None;
    thread::scope(|scope| {
        // Watcher: turns a signal into an abort and kills every engine group.
        scope.spawn(|| {
            while !finished.load(Ordering::SeqCst) {
                if interrupted.load(Ordering::SeqCst) {
                    abort.store(true, Ordering::SeqCst);
                    process::kill_all();
                }
                thread::sleep(Duration::from_millis(10));
            }
        });
        let (tx, rx) = mpsc::channel::<Result<GameRecord, GameError>>();
        let workers = o.concurrency.min(queue.lock().map_or(1, |q| q.len().max(1)));
        for log in loggers.iter().take(workers) {
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
            };
            let queue = &queue;
            let abort = &abort;
            scope.spawn(move || {
                loop {
                    if abort.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                        break;
                    };
                    if tx.send(game::play(&job, &cx)).is_err() {
                        break;
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
                        && let Err(e) = j.write(&Entry::from_record(&g, total))
                    {
                        fatal.get_or_insert(format!("cannot write the journal: {e}"));
                    }
                    let keep = !(o.gauntlet && o.lose_only) || g.half_points_of(0) == 0;
                    if keep && let Err(e) = outputs.write(&g) {
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
                    let every = o.rating_interval as usize;
                    if every > 0
                        && standings.finished.is_multiple_of(every)
                        && standings.finished < total
                    {
                        progress.println(&standings.report(&names, o));
                    }
                    if standings.sprt_decision(o) != Decision::Continue {
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
    match standings.sprt_decision(o) {
        Decision::AcceptH0 => println!("SPRT: H0 accepted, the run stops."),
        Decision::AcceptH1 => println!("SPRT: H1 accepted, the run stops."),
        Decision::Continue => {}
    }
    if let Some(m) = fatal {
        eprintln!("fatal error: {m}");
        exit = 1;
    } else if interrupted.load(Ordering::SeqCst) {
        eprintln!(
            "interrupted: {} of {total} games finished; run again with -resume to play the rest",
            standings.finished
        );
        exit = EXIT_INTERRUPTED;
    }
    Ok(exit)
}
