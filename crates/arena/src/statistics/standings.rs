//! The standings of a run: each engine pair's results (games and colour-swapped pairs), every
//! engine's score and Elo against the field, the console's report and its closing verdict.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::statistics::elo::{self, EloEstimate, EloModel, Pentanomial, Trinomial};
use crate::statistics::sprt::{Decision, SprtParams};

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
    /// What `elo` and `error` are computed from.
    pub model: EloModel,
}

impl Standings {
    /// No results yet for the engine pairs `encounters` of a run with `engines` engines;
    /// `paired`: games come in colour-swapped pairs (`-repeat`), counted as pentanomials too.
    pub fn new(encounters: Vec<[usize; 2]>, engines: usize, paired: bool) -> Standings {
        let tallies =
            encounters.into_iter().map(|engines| Tally { engines, ..Tally::default() }).collect();
        Standings { tallies, paired, finished: 0, engines }
    }

    /// The Elo estimate of one engine pair, `t.engines[0]`'s, as the report gives it.
    pub fn pair_estimate(&self, t: &Tally) -> (Option<EloEstimate>, EloModel) {
        elo::pair_estimate(&t.games, self.paired.then_some(&t.pairs))
    }

    /// Every engine's results against the field, best first (by score, then Elo, then
    /// command-line order). With two engines the Elo is the pair's, as in the report (from
    /// colour-swapped pairs when there are any); with more, each engine's games against all
    /// the others, as in the standings table.
    pub fn overall(&self) -> Vec<Standing> {
        let pair = match (self.tallies.as_slice(), self.engines) {
            ([t], 2) => Some((t.engines[0], self.pair_estimate(t))),
            _ => None,
        };
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
                let (est, model) = match pair {
                    Some((first, (est, model))) if engine == first => (est, model),
                    // The second engine's Elo is the first's, negated; the interval as wide.
                    Some((_, (est, model))) => {
                        (est.map(|e| EloEstimate { elo: -e.elo, ..e }), model)
                    }
                    None => (elo::trinomial_estimate(&games), EloModel::Trinomial),
                };
                Standing {
                    engine,
                    games,
                    score: games.score_and_variance().map_or(f64::NAN, |(s, _)| s),
                    elo: est.map_or(f64::NAN, |e| e.elo),
                    error: est.map_or(f64::NAN, |e| e.error),
                    model,
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
                elo::format_number(r.elo),
                elo::format_number(r.error),
            );
        }
        out
    }

    /// Counts game `index` (0-based) of `encounter`, where `half_points(e)` is engine `e`'s
    /// score in half points (`GameRecord::half_points_of` for a played game).
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

    pub fn report(&self, names: &[String], sprt: Option<&SprtParams>) -> String {
        let mut out = String::from("--------------------------------------------------\n");
        for t in &self.tallies {
            let pairs = self.paired.then_some(&t.pairs);
            out.push_str(&elo::report(&names[t.engines[0]], &names[t.engines[1]], &t.games, pairs));
            if let Some(s) = sprt {
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
            let score = elo::score_text(&t.games);
            let flipped = format!("{}-{}", elo::points_text(theirs), elo::points_text(mine));
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
        let points = elo::points_text(best as f64 / 2.0);
        let place = if complete { "finished first" } else { "is first so far" };
        match leaders.as_slice() {
            [one] => format!("{one} {place} with {points} points."),
            many => format!("{} share first place with {points} points each.", many.join(" and ")),
        }
    }

    /// The SPRT decision (two-engine runs only).
    pub fn sprt_decision(&self, sprt: Option<&SprtParams>) -> Decision {
        match (sprt, self.tallies.first()) {
            (Some(s), Some(t)) => s.decide(s.llr(&t.games, self.paired.then_some(&t.pairs))),
            _ => Decision::Continue,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(results: &[(usize, [usize; 2], u8)], engines: usize) -> Standings {
        let encounters = (0..engines).flat_map(|a| (a + 1..engines).map(move |b| [a, b]));
        let mut s = Standings::new(encounters.collect(), engines, false);
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
