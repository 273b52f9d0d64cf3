//! The list of games of a run: a pure function of the options, the number of openings and the
//! seed, so that `-resume` replays exactly the same pairings, colours and openings.

use crate::config::options::Options;
use crate::games::job::Job;
use crate::games::rng::SplitMix64;
use crate::statistics::standings::Standings;

/// Engine pairs in c-gomoku-cli's order: gauntlet (0 vs each) or round robin.
pub fn encounters(engines: usize, gauntlet: bool) -> Vec<[usize; 2]> {
    if gauntlet {
        (1..engines).map(|e| [0, e]).collect()
    } else {
        (0..engines).flat_map(|a| (a + 1..engines).map(move |b| [a, b])).collect()
    }
}

/// The standings of a run before its first game: one tally for each pair of engines.
pub fn empty_standings(o: &Options) -> Standings {
    Standings::new(encounters(o.engines.len(), o.gauntlet), o.engines.len(), o.repeat)
}

/// Builds every game of the run.
pub fn build(o: &Options, openings: usize, seed: u64) -> Vec<Job> {
    let pairs = encounters(o.engines.len(), o.gauntlet);
    let mut order: Vec<usize> = (0..openings).collect();
    if o.openings.as_ref().is_some_and(|op| op.random) {
        SplitMix64::new(seed).shuffle(&mut order);
    }
    let mut jobs = Vec::new();
    for round in 0..o.rounds {
        for (encounter, pair) in pairs.iter().enumerate() {
            for g in 0..o.games {
                let index = jobs.len();
                let k = if o.repeat { index / 2 } else { index };
                let (opening, transform) = match k.checked_div(openings) {
                    None => (None, 0),
                    Some(pass) => {
                        (Some(order[k % openings]), if o.transform { pass % 8 } else { 0 })
                    }
                };
                jobs.push(Job {
                    index,
                    round,
                    encounter,
                    engines: *pair,
                    reverse: g % 2 == 1,
                    opening,
                    transform,
                });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::options::{EngineOptions, OpeningFormat, OpeningOptions};

    fn opts(engines: usize, games: u32, rounds: u32) -> Options {
        Options {
            engines: vec![EngineOptions::default(); engines],
            games,
            rounds,
            ..Options::default()
        }
    }

    #[test]
    fn round_robin_and_gauntlet_pairs() {
        assert_eq!(encounters(2, false), vec![[0, 1]]);
        assert_eq!(encounters(4, false).len(), 6);
        assert_eq!(encounters(4, true), vec![[0, 1], [0, 2], [0, 3]]);
        let jobs = build(&opts(3, 2, 2), 0, 1);
        assert_eq!(jobs.len(), 12);
        assert!(jobs.iter().enumerate().all(|(i, j)| j.index == i));
        assert_eq!(jobs[1].movers(), [1, 0]);
        assert_eq!(jobs[6].round, 1);
    }

    #[test]
    fn repeat_shares_openings_and_transform_cycles() {
        let mut o = opts(2, 20, 1);
        o.repeat = true;
        o.transform = true;
        let jobs = build(&o, 3, 1);
        assert_eq!(jobs[0].opening, jobs[1].opening);
        assert_ne!(jobs[0].reverse, jobs[1].reverse);
        assert_eq!(jobs[2].opening, Some(1));
        assert_eq!(jobs[6].transform, 1);
        assert_eq!(jobs[6].opening, Some(0));
    }

    #[test]
    fn random_order_depends_only_on_the_seed() {
        let mut o = opts(2, 50, 1);
        o.openings = Some(OpeningOptions {
            file: "x".into(),
            format: OpeningFormat::Offset,
            random: true,
            srand: 7,
        });
        let a = build(&o, 40, 7);
        assert_eq!(a, build(&o, 40, 7));
        assert_ne!(a, build(&o, 40, 8));
        let used: std::collections::HashSet<_> = a.iter().take(40).map(|j| j.opening).collect();
        assert_eq!(used.len(), 40);
    }
}
