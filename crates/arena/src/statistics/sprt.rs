//! Sequential probability ratio test.
//!
//! Three models, selectable with `-sprt … model=`:
//! * `bayesian`: the BayesElo trinomial model of cutechess-cli and the early Stockfish fishtest;
//!   the draw Elo is estimated from the results and the LLR is exact. elo0/elo1 are BayesElo.
//!   This is the default for unpaired games (W4307 L4063 D8620, elo0=0, elo1=3 → LLR 2.47).
//! * `logistic`: the GSPRT asymptotic approximation (Van den Bergh) on the logistic score, as
//!   c-gomoku-cli computes it for games; the default for colour-swapped pairs (pentanomial).
//! * `normalized`: the same approximation with normalized Elo bounds (fastchess, fishtest).
//!   Pentanomial models take the pair as the sample. `bayesian` has no pentanomial form; paired
//!   runs that ask for it use the trinomial counts.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::statistics::elo::{Pentanomial, Trinomial, score_from_elo};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    Bayesian,
    Logistic,
    Normalized,
}

impl FromStr for SprtModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "bayesian" | "bayeselo" => Ok(SprtModel::Bayesian),
            "logistic" => Ok(SprtModel::Logistic),
            "normalized" => Ok(SprtModel::Normalized),
            _ => Err(format!("unknown SPRT model '{s}' (bayesian, logistic or normalized)")),
        }
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtModel::Bayesian => "bayesian",
            SprtModel::Logistic => "logistic",
            SprtModel::Normalized => "normalized",
        })
    }
}

/// Serialized into the journals so that `renzoku merge` decides with the match's own test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// None: bayesian for games, logistic for pairs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<SprtModel>,
}

impl Default for SprtParams {
    fn default() -> Self {
        SprtParams { elo0: 0.0, elo1: 0.0, alpha: 0.05, beta: 0.05, model: None }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl SprtParams {
    /// `(lower, upper)` LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    pub fn decide(&self, llr: f64) -> Decision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Decision::AcceptH1
        } else if llr <= lo {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }

    /// The model in use, given whether the games come in pairs.
    pub fn model_for(&self, paired: bool) -> SprtModel {
        self.model.unwrap_or(if paired { SprtModel::Logistic } else { SprtModel::Bayesian })
    }

    /// LLR from the counts: pentanomial when `pairs` is given and not empty and the model has a
    /// pentanomial form, else trinomial. BayesElo counts empty categories as 0.001 (as fastchess
    /// does). The GSPRT models give every category half a pseudo-observation ([`with_prior`]):
    /// with plain 0.001 regularisation two identical pairs have almost no variance and "accept"
    /// H1 after four games (seen in a real run: LLR 7.49 after 3 games).
    pub fn llr(&self, games: &Trinomial, pairs: Option<&Pentanomial>) -> f64 {
        let pairs = pairs.filter(|p| p.pairs() > 0);
        let model = self.model_for(pairs.is_some());
        match (model, pairs) {
            (SprtModel::Bayesian, _) => {
                if games.games() == 0 {
                    return 0.0;
                }
                let [w, l, d] = regularized(&[games.wins, games.losses, games.draws]);
                llr_bayeselo(w, l, d, self.elo0, self.elo1)
            }
            (m, Some(p)) => {
                let c = with_prior(&p.counts());
                llr_gsprt(m, &c, &[0.0, 0.25, 0.5, 0.75, 1.0], 2.0, self)
            }
            (m, None) => {
                if games.games() == 0 {
                    return 0.0;
                }
                let c = with_prior(&[games.wins, games.losses, games.draws]);
                llr_gsprt(m, &c, &[1.0, 0.0, 0.5], 1.0, self)
            }
        }
    }

    /// `LLR: 2.47 (-2.94, 2.94) [0.00, 3.00]`, fastchess style.
    pub fn line(&self, games: &Trinomial, pairs: Option<&Pentanomial>) -> String {
        let llr = self.llr(games, pairs);
        let (lo, hi) = self.bounds();
        let paired = pairs.is_some_and(|p| p.pairs() > 0);
        let verdict = match self.decide(llr) {
            Decision::Continue => String::new(),
            Decision::AcceptH0 => " - H0 was accepted".to_string(),
            Decision::AcceptH1 => " - H1 was accepted".to_string(),
        };
        format!(
            "LLR: {llr:.2} ({lo:.2}, {hi:.2}) [{:.2}, {:.2}] {} {}{verdict}",
            self.elo0,
            self.elo1,
            self.model_for(paired),
            if paired { "pentanomial" } else { "trinomial" }
        )
    }
}

/// Counts plus half a pseudo-observation each (a Jeffreys-style prior): a few identical results
/// cannot fake a tiny variance, and over hundreds of games the prior is negligible.
fn with_prior<const N: usize>(counts: &[u64; N]) -> [f64; N] {
    counts.map(|c| c as f64 + 0.5)
}

/// Counts as reals, zeros replaced by 0.001.
fn regularized<const N: usize>(counts: &[u64; N]) -> [f64; N] {
    counts.map(|c| if c == 0 { 1e-3 } else { c as f64 })
}

/// GSPRT asymptotic LLR over samples with the given `values` (mean score per game) and counts
/// (`per_game` = 2 when a sample is a pair).
fn llr_gsprt(
    model: SprtModel,
    counts: &[f64],
    values: &[f64],
    per_game: f64,
    p: &SprtParams,
) -> f64 {
    let n: f64 = counts.iter().sum();
    let s: f64 = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let var: f64 = counts.iter().zip(values).map(|(c, v)| c * (v - s).powi(2)).sum::<f64>() / n;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = match model {
        SprtModel::Normalized => {
            let sd = (var * per_game).sqrt();
            let scale = 800.0 / std::f64::consts::LN_10;
            (0.5 + p.elo0 / scale * sd, 0.5 + p.elo1 / scale * sd)
        }
        _ => (score_from_elo(p.elo0), score_from_elo(p.elo1)),
    };
    (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n)
}

/// Exact trinomial LLR under the BayesElo model with the draw Elo fitted to the results.
fn llr_bayeselo(wins: f64, losses: f64, draws: f64, elo0: f64, elo1: f64) -> f64 {
    let n = wins + losses + draws;
    let (w, l) = (wins / n, losses / n);
    let draw_elo = 200.0 * ((1.0 - l) / l * (1.0 - w) / w).log10();
    let probs = |elo: f64| {
        let pw = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
        let pl = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
        (pw, pl, 1.0 - pw - pl)
    };
    let (w0, l0, d0) = probs(elo0);
    let (w1, l1, d1) = probs(elo1);
    wins * (w1 / w0).ln() + losses * (l1 / l0).ln() + draws * (d1 / d0).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(model: Option<SprtModel>) -> SprtParams {
        SprtParams { elo0: 0.0, elo1: 3.0, model, ..SprtParams::default() }
    }

    const T: Trinomial = Trinomial { wins: 4307, losses: 4063, draws: 8620 };

    #[test]
    fn known_vector_bayeselo() {
        let llr = params(None).llr(&T, None);
        assert!((llr - 2.467).abs() < 0.005, "{llr}");
        assert_eq!(params(None).decide(llr), Decision::Continue);
    }

    #[test]
    fn known_vector_other_models() {
        let logistic = params(Some(SprtModel::Logistic)).llr(&T, None);
        assert!((logistic - 2.992).abs() < 0.005, "{logistic}");
        let normalized = params(Some(SprtModel::Normalized)).llr(&T, None);
        assert!((normalized - 2.369).abs() < 0.005, "{normalized}");
        assert_eq!(params(Some(SprtModel::Logistic)).decide(logistic), Decision::AcceptH1);
    }

    #[test]
    fn bounds_and_decisions() {
        let p = params(None);
        let (lo, hi) = p.bounds();
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
        assert_eq!(p.decide(-3.0), Decision::AcceptH0);
        assert_eq!(p.decide(3.0), Decision::AcceptH1);
        let losing = Trinomial { wins: 1000, losses: 3000, draws: 1000 };
        assert_eq!(p.decide(p.llr(&losing, None)), Decision::AcceptH0);
        assert!(p.line(&T, None).starts_with("LLR: 2.47 (-2.94, 2.94) [0.00, 3.00]"));
        // One-sided results still decide (regularized empty categories).
        let all_lost = Trinomial { wins: 0, losses: 500, draws: 0 };
        assert_eq!(p.decide(p.llr(&all_lost, None)), Decision::AcceptH0);
        let all_won = Trinomial { wins: 500, losses: 0, draws: 0 };
        assert_eq!(p.decide(p.llr(&all_won, None)), Decision::AcceptH1);
        // 40 pairs lost in a row (the pseudo-observations make short streaks inconclusive).
        let mut pairs = Pentanomial::default();
        for _ in 0..40 {
            pairs.add(0, 0);
        }
        assert_eq!(p.decide(p.llr(&all_lost, Some(&pairs))), Decision::AcceptH0);
        assert!(p.llr(&Trinomial::default(), None).abs() < f64::EPSILON);
    }

    #[test]
    fn pentanomial_llr() {
        // Pairs: ptnml [a, b, c, d, e]; LLR = (s1-s0)(2s-s0-s1)/(2 var/N).
        let mut p = Pentanomial::default();
        for _ in 0..100 {
            p.add(0, 1);
        }
        for _ in 0..300 {
            p.add(1, 1);
        }
        for _ in 0..150 {
            p.add(1, 2);
        }
        // With the prior: counts [0.5, 100.5, 300.5, 150.5, 0.5] over scores 0, 1/4 … 1.
        let counts = [0.5, 100.5, 300.5, 150.5, 0.5];
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let n: f64 = counts.iter().sum();
        let s = counts.iter().zip(scores).map(|(c, v)| c * v).sum::<f64>() / n;
        let var = counts.iter().zip(scores).map(|(c, v)| c * (v - s).powi(2)).sum::<f64>() / n;
        let (s0, s1) = (0.5, score_from_elo(3.0));
        let expect = (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n);
        let got = params(None).llr(&Trinomial::default(), Some(&p));
        assert!((got - expect).abs() < 1e-3 && got > 0.0, "{got} {expect}");
    }

    #[test]
    fn a_few_identical_pairs_decide_nothing() {
        // Two, three or five pairs all won: far too little to accept H1 at elo1 = 20.
        let p = SprtParams { elo0: 0.0, elo1: 20.0, ..SprtParams::default() };
        let mut pairs = Pentanomial::default();
        for n in 1..=5 {
            pairs.add(2, 2);
            let games = Trinomial { wins: 2 * n, losses: 0, draws: 0 };
            let llr = p.llr(&games, Some(&pairs));
            assert_eq!(p.decide(llr), Decision::Continue, "{n} pairs: LLR {llr}");
        }
        // A long one-sided run still decides.
        for _ in 0..60 {
            pairs.add(2, 2);
        }
        let games = Trinomial { wins: 130, losses: 0, draws: 0 };
        assert_eq!(p.decide(p.llr(&games, Some(&pairs))), Decision::AcceptH1);
    }
}
