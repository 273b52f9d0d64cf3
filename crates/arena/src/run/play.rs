//! The middle phase of a run: the workers play the games while this thread counts each
//! result, writes it to the journal and the outputs, and stops the run on a signal, an SPRT
//! decision (of this shard or another) or a fatal error.

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crate::config::options::Options;
use crate::engines::logger::Logger;
use crate::engines::pool::EnginePool;
use crate::engines::process;
use crate::games::game::{self, Context, GameError, Observer};
use crate::games::job::Job;
use crate::games::live::{self, LiveHub};
use crate::games::record::GameRecord;
use crate::run::affinity;
use crate::run::journal::Entry;
use crate::run::matchinfo::MatchInfo;
use crate::run::prepare::{Prepared, Results, Setup};
use crate::run::shardpeers;
use crate::statistics::sprt::Decision;

/// How the games ended, for the closing block.
#[derive(Debug)]
pub struct Played {
    /// The first fatal error (the run stopped on it).
    pub fatal: Option<String>,
    /// Set by Ctrl-C or SIGTERM (read again at the very end).
    pub interrupted: Arc<AtomicBool>,
    /// Another shard's SPRT decision stopped this one.
    pub stopped_by_peer: bool,
}

/// The flags the workers, the watcher and this thread share.
struct Flags {
    /// Stop taking games; engines are being killed.
    abort: AtomicBool,
    /// Every result is in: the watcher ends.
    finished: AtomicBool,
    stopped_by_peer: AtomicBool,
}

/// Plays the games still to play (`prepared.todo`) and counts their results.
pub fn play(prepared: &mut Prepared, observer: Option<Observer<'_>>) -> Result<Played, String> {
    // Ctrl-C and SIGTERM: stop, kill every engine, keep what is finished.
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted)).map_err(|e| e.to_string())?;
    }
    let flags = Flags {
        abort: AtomicBool::new(false),
        finished: AtomicBool::new(false),
        stopped_by_peer: AtomicBool::new(false),
    };
    let Prepared { setup, results, todo, live } = prepared;
    let setup: &Setup = setup;
    let o = &setup.options;
    let hub = live.as_ref().map(|(hub, _)| hub);
    let queue = Mutex::new(std::mem::take(todo));
    let decision_file = results.peers.as_ref().map(|p| p.decision_path().to_path_buf());
    let loggers: Vec<Option<Logger>> = (0..o.concurrency)
        .map(|i| if o.log { Logger::for_worker(i + 1).ok() } else { None })
        .collect();
    let mut fatal: Option<String> = None;
    thread::scope(|scope| {
        // Should this thread panic, the workers stop and every engine is killed before the
        // scope waits for them.
        let _stop = StopOnPanic { abort: &flags.abort, finished: &flags.finished };
        scope.spawn(|| watch(&flags, &interrupted, decision_file.as_ref(), &setup.info));
        let (tx, rx) = mpsc::channel::<Result<GameRecord, GameError>>();
        let workers = o.concurrency.min(queue.lock().map_or(1, |q| q.len().max(1)));
        let cpus = affinity::allowed_cpus();
        for (w, log) in loggers.iter().take(workers).enumerate() {
            let share = affinity::worker_cpus(o, &cpus, workers, w);
            let tx = tx.clone();
            let cx = Context {
                options: o,
                names: &setup.names,
                spawns: &setup.spawns,
                openings: &setup.openings,
                seed: setup.seed,
                log: log.as_ref(),
                abort: &flags.abort,
                observer,
                live: hub,
            };
            let queue = &queue;
            scope.spawn(move || work(w, share.as_deref(), &cx, queue, &tx));
        }
        drop(tx);
        for result in rx {
            match result {
                Ok(g) => {
                    if count(&g, setup, results, hub, &mut fatal) != Decision::Continue {
                        flags.abort.store(true, Ordering::SeqCst);
                        process::kill_all();
                    }
                }
                Err(GameError::Aborted) => {}
                Err(GameError::Fatal(m) | GameError::BadOpening(m)) => {
                    fatal.get_or_insert(m);
                }
            }
            if fatal.is_some() && !flags.abort.load(Ordering::SeqCst) {
                flags.abort.store(true, Ordering::SeqCst);
                process::kill_all();
            }
        }
        flags.finished.store(true, Ordering::SeqCst);
    });
    Ok(Played { fatal, interrupted, stopped_by_peer: flags.stopped_by_peer.load(Ordering::SeqCst) })
}

/// The watcher thread: turns a signal into an abort and kills every engine group. It also
/// stops the shard once another shard has written the SPRT decision.
fn watch(
    flags: &Flags,
    interrupted: &AtomicBool,
    decision_file: Option<&PathBuf>,
    info: &MatchInfo,
) {
    let mut ticks = 0u32;
    while !flags.finished.load(Ordering::SeqCst) {
        if interrupted.load(Ordering::SeqCst) {
            flags.abort.store(true, Ordering::SeqCst);
            process::kill_all();
        }
        ticks += 1;
        // A decision file of another match (a reused directory) does not count.
        if ticks.is_multiple_of(100)
            && let Some(path) = decision_file
            && !flags.abort.load(Ordering::SeqCst)
            && path.exists()
            && matches!(shardpeers::read_decision(path, &info.id), Ok(Some(_)))
        {
            flags.stopped_by_peer.store(true, Ordering::SeqCst);
            flags.abort.store(true, Ordering::SeqCst);
            process::kill_all();
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// Worker `w`: bound to its CPUs, it plays games from the queue with its own engine processes
/// (kept from game to game) until the queue is empty or the run aborts.
fn work(
    w: usize,
    share: Option<&[usize]>,
    cx: &Context<'_>,
    queue: &Mutex<VecDeque<Job>>,
    tx: &Sender<Result<GameRecord, GameError>>,
) {
    let o = cx.options;
    // Bound before any engine starts: the engines inherit the binding.
    if let Some(share) = share {
        match affinity::bind_current_thread(share) {
            Ok(()) if o.debug => println!("Worker {} runs on CPUs {share:?}", w + 1),
            Ok(()) => {}
            Err(e) => eprintln!("worker {}: cannot set the CPU affinity: {e}", w + 1),
        }
    }
    let mut pool = EnginePool::new(o.engines.len());
    let body = panic::catch_unwind(AssertUnwindSafe(|| {
        loop {
            if cx.abort.load(Ordering::SeqCst) {
                break;
            }
            let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                break;
            };
            if tx.send(game::play(&job, cx, &mut pool)).is_err() {
                break;
            }
        }
    }));
    match body {
        Ok(()) => pool.shutdown(game::end_grace(o)),
        Err(payload) => {
            // Dropping the pool kills and reaps its processes.
            drop(pool);
            cx.abort.store(true, Ordering::SeqCst);
            let _ = tx.send(Err(GameError::Fatal(format!(
                "a worker thread panicked: {}",
                panic_message(payload.as_ref())
            ))));
        }
    }
}

/// Counts a finished game: standings, journal, outputs, console, live view, and the SPRT's
/// decision after it (over all shards with `-shard`). Write errors go to `fatal`.
fn count(
    g: &GameRecord,
    setup: &Setup,
    results: &mut Results,
    hub: Option<&LiveHub>,
    fatal: &mut Option<String>,
) -> Decision {
    let o = &setup.options;
    let (names, total) = (&setup.names, setup.total);
    let standings = &mut results.standings;
    standings.add_result(g.index, g.encounter, |e| g.half_points_of(e));
    if let Some(j) = &mut results.journal
        && let Err(e) = j.write(&journal_entry(g, total, o, &setup.info))
    {
        fatal.get_or_insert(format!("cannot write the journal: {e}"));
    }
    if setup.keeps(g)
        && let Err(e) = results.outputs.write(g)
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
    results.progress.println(&line);
    results.progress.game_done(&g.result_text());
    if let Some(hub) = hub {
        hub.publish(live::standings(standings, names, o, total));
    }
    let every = o.rating_interval as usize;
    if every > 0 && standings.finished.is_multiple_of(every) && standings.finished < setup.games {
        results.progress.println(&standings.report(names, o.sprt.as_ref()));
    }
    match &mut results.peers {
        Some(p) => {
            p.add_own(g);
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
        None => standings.sprt_decision(o.sprt.as_ref()),
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
