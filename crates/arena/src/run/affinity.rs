//! Per-worker CPU affinity.
//!
//! A game is a ping-pong over pipes: the worker writes a command, an engine wakes up, answers,
//! and the worker wakes up again. Profiles of instant engines show that most of the manager's
//! time goes to waking a process on another CPU (inter-processor interrupts, very expensive in
//! virtual machines). When the run has at least two workers and no more workers than CPUs,
//! each worker thread is therefore bound to its own share of the CPUs before it starts any
//! engine; the engines inherit that binding, so a game's wake-ups stay on one CPU. With 1000
//! games between instant engines at -concurrency 2 on 2 CPUs this halves the wall time.
//! `-affinity off` turns it off; it is never applied when a share would have fewer CPUs than an
//! engine's `thread=` count.

use crate::config::options::Options;

/// The CPUs this process may run on, in increasing order (empty when unknown).
pub fn allowed_cpus() -> Vec<usize> {
    #[cfg(target_os = "linux")]
    {
        use nix::sched::{CpuSet, sched_getaffinity};
        use nix::unistd::Pid;
        if let Ok(set) = sched_getaffinity(Pid::from_raw(0)) {
            return (0..CpuSet::count()).filter(|&c| set.is_set(c).unwrap_or(false)).collect();
        }
    }
    Vec::new()
}

/// The CPUs of worker `w` (0-based) among `workers`, or `None` when workers are not bound:
/// fewer than two workers, more workers than CPUs, or a share too small for an engine's
/// threads. CPUs are dealt round robin, so shares differ by at most one CPU.
pub fn worker_cpus(o: &Options, allowed: &[usize], workers: usize, w: usize) -> Option<Vec<usize>> {
    if !o.affinity || workers < 2 || workers > allowed.len() || w >= workers {
        return None;
    }
    let share: Vec<usize> = allowed.iter().copied().skip(w).step_by(workers).collect();
    let needed = o.engines.iter().map(|e| e.threads.unwrap_or(1)).max().unwrap_or(1) as usize;
    (share.len() >= needed).then_some(share)
}

/// Binds the calling thread (and every process it starts later) to `cpus`.
pub fn bind_current_thread(cpus: &[usize]) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        use nix::sched::{CpuSet, sched_setaffinity};
        use nix::unistd::Pid;
        let mut set = CpuSet::new();
        for &c in cpus {
            set.set(c).map_err(|e| format!("CPU {c}: {e}"))?;
        }
        // Pid 0: the calling thread.
        sched_setaffinity(Pid::from_raw(0), &set).map_err(|e| e.to_string())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = cpus;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::options::EngineOptions;

    #[test]
    fn cpus_are_dealt_round_robin_when_it_is_safe() {
        let mut o = Options {
            engines: vec![EngineOptions::default(); 2],
            concurrency: 2,
            ..Options::default()
        };
        let cpus: Vec<usize> = (0..5).collect();
        assert_eq!(worker_cpus(&o, &cpus, 2, 0), Some(vec![0, 2, 4]));
        assert_eq!(worker_cpus(&o, &cpus, 2, 1), Some(vec![1, 3]));
        assert_eq!(worker_cpus(&o, &[3, 7], 2, 1), Some(vec![7]));
        // One worker, more workers than CPUs, unknown CPUs: no binding.
        assert_eq!(worker_cpus(&o, &cpus, 1, 0), None);
        assert_eq!(worker_cpus(&o, &cpus, 6, 0), None);
        assert_eq!(worker_cpus(&o, &[], 2, 0), None);
        // An engine with 3 threads needs 3 CPUs per worker.
        o.engines[1].threads = Some(3);
        assert_eq!(worker_cpus(&o, &cpus, 2, 0), Some(vec![0, 2, 4]));
        assert_eq!(worker_cpus(&o, &cpus, 2, 1), None);
        o.engines[1].threads = None;
        o.affinity = false;
        assert_eq!(worker_cpus(&o, &cpus, 2, 0), None);
    }

    #[test]
    fn allowed_cpus_are_known_on_linux() {
        if cfg!(target_os = "linux") {
            let cpus = allowed_cpus();
            assert!(!cpus.is_empty());
            assert!(cpus.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
