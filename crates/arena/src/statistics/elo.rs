//! Match statistics as fastchess prints them: W/L/D, score, Elo ± 95 % error, nElo, LOS, draw
//! ratio and, for colour-swapped game pairs, the pentanomial counts.

use std::fmt::Write as _;

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Game results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl Trinomial {
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game and its per-game variance.
    pub fn score_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, l, d) = (self.wins as f64 / n, self.losses as f64 / n, self.draws as f64 / n);
        let s = w + d / 2.0;
        let var = w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2);
        Some((s, var))
    }
}

/// Results of colour-swapped game pairs, by the pair's points for the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Two losses.
    pub ll: u64,
    /// A loss and a draw.
    pub ld: u64,
    /// A win and a loss.
    pub wl: u64,
    /// Two draws.
    pub dd: u64,
    /// A win and a draw.
    pub wd: u64,
    /// Two wins.
    pub ww: u64,
}

impl Pentanomial {
    /// Adds a finished pair; each score is 0, 1 or 2 half points.
    pub fn add(&mut self, a: u8, b: u8) {
        match (a.min(b), a.max(b)) {
            (0, 0) => self.ll += 1,
            (0, 1) => self.ld += 1,
            (0, 2) => self.wl += 1,
            (1, 1) => self.dd += 1,
            (1, 2) => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    pub fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// `[0, 0.5, 1, 1.5, 2]`-point counts as fastchess prints them.
    pub fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// Mean score per game and the variance of a pair's mean score.
    pub fn score_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let c = self.counts();
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let s: f64 = c.iter().zip(values).map(|(&k, v)| k as f64 / n * v).sum();
        let var: f64 = c.iter().zip(values).map(|(&k, v)| k as f64 / n * (v - s).powi(2)).sum();
        Some((s, var))
    }
}

/// Elo difference for a mean score (±∞ at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz & Stegun 7.1.26 is too coarse for LOS near 0/1; this uses
/// the complementary error function's continued-fraction-free Chebyshev fit of Numerical
/// Recipes, accurate to about 1.2e-7 everywhere).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// Standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// One line of numbers about an Elo estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Half width of the 95 % interval.
    pub error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    /// Likelihood of superiority, 0..1.
    pub los: f64,
}

/// From a mean score per game, the variance of one sample's mean score and the sample count;
/// `per_game_factor` is 1 for games and 2 for pairs (a pair holds two games).
fn estimate(s: f64, var: f64, n: f64, per_game_factor: f64) -> EloEstimate {
    let se = (var / n).sqrt();
    let elo = elo_from_score(s);
    let lo = elo_from_score(s - Z95 * se);
    let hi = elo_from_score(s + Z95 * se);
    let game_sd = (var * per_game_factor).sqrt();
    let nelo_scale = 800.0 / std::f64::consts::LN_10;
    let (nelo, nelo_error) = if game_sd > 0.0 {
        ((s - 0.5) / game_sd * nelo_scale, Z95 * se / game_sd * nelo_scale)
    } else {
        (f64::NAN, f64::NAN)
    };
    let los = if se > 0.0 { phi((s - 0.5) / se) } else { f64::NAN };
    EloEstimate { elo, error: (hi - lo) / 2.0, nelo, nelo_error, los }
}

pub fn trinomial_estimate(t: &Trinomial) -> Option<EloEstimate> {
    let (s, var) = t.score_and_variance()?;
    let mut e = estimate(s, var, t.games() as f64, 1.0);
    // The classical LOS of W and L alone (draws carry no information about who is better).
    let decisive = (t.wins + t.losses) as f64;
    e.los = if decisive > 0.0 {
        0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
    } else {
        f64::NAN
    };
    Some(e)
}

pub fn pentanomial_estimate(p: &Pentanomial) -> Option<EloEstimate> {
    let (s, var) = p.score_and_variance()?;
    Some(estimate(s, var, p.pairs() as f64, 2.0))
}

/// The model an Elo error comes from: games counted as wins, draws and losses, or
/// colour-swapped pairs counted by their five outcomes (fastchess's; a pair's two games share
/// an opening, so the pairs' spread is the honest one, usually narrower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    Trinomial,
    Pentanomial,
}

impl EloModel {
    /// `trinomial` or `pentanomial`, as the live page names it.
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Trinomial => "trinomial",
            EloModel::Pentanomial => "pentanomial",
        }
    }
}

/// The estimate of one engine pair as every view shows it (the console's report, the live
/// page's standings and graph): from the complete colour-swapped pairs when there are any,
/// else from the games.
pub fn pair_estimate(t: &Trinomial, p: Option<&Pentanomial>) -> (Option<EloEstimate>, EloModel) {
    match p.filter(|p| p.pairs() > 0) {
        Some(p) => (pentanomial_estimate(p), EloModel::Pentanomial),
        None => (trinomial_estimate(t), EloModel::Trinomial),
    }
}

/// A number with two decimals, or `-` when it is not a finite number (an Elo of a run without
/// a loss, a ratio over zero): no `inf` or `nan` is ever shown.
pub fn format_number(v: f64) -> String {
    // `+ 0.0` turns -0 into 0.
    if v.is_finite() { format!("{:.2}", v + 0.0) } else { "-".to_string() }
}

/// Points as a score: `2`, `1.5`.
pub fn points_text(points: f64) -> String {
    if points.fract() == 0.0 { format!("{points:.0}") } else { format!("{points:.1}") }
}

/// `1.5-0.5`: the first engine's points, then the second's.
pub fn score_text(t: &Trinomial) -> String {
    let a = t.points();
    format!("{}-{}", points_text(a), points_text(t.games() as f64 - a))
}

/// The Elo part of the report: `Elo: 12.30 +/- 25.10, nElo: …`, or why it cannot be given yet
/// (a run without a loss or without a win has no finite estimate; a few games give an
/// interval that is still unbounded).
fn elo_line(e: &EloEstimate, t: &Trinomial) -> String {
    if !e.elo.is_finite() {
        return format!("Elo: not defined yet ({})", score_text(t));
    }
    let error = if e.error.is_finite() {
        format!("+/- {:.2}", e.error)
    } else {
        "(error not bounded yet)".to_string()
    };
    let nelo = if e.nelo.is_finite() && e.nelo_error.is_finite() {
        format!("{:.2} +/- {:.2}", e.nelo, e.nelo_error)
    } else {
        "not defined yet".to_string()
    };
    // `+ 0.0` turns the -0 of an even score into 0.
    format!("Elo: {:.2} {error}, nElo: {nelo}", e.elo + 0.0)
}

/// The fastchess-style block for one engine pair.
pub fn report(first: &str, second: &str, t: &Trinomial, p: Option<&Pentanomial>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Results of {first} vs {second}:");
    if let (Some(e), _) = pair_estimate(t, p) {
        let _ = writeln!(out, "{}", elo_line(&e, t));
        let draw_ratio = t.draws as f64 / t.games() as f64 * 100.0;
        let los = if e.los.is_finite() {
            format!("{:.2} %", e.los * 100.0)
        } else if t.wins + t.losses == 0 {
            "not defined yet (no decisive game)".to_string()
        } else {
            // Identical pairs so far: no spread to measure.
            "not defined yet (too few games)".to_string()
        };
        let _ = write!(out, "LOS: {los}, DrawRatio: {draw_ratio:.2} %");
        if let Some(p) = p.filter(|p| p.pairs() > 0) {
            let lost = p.ll + p.ld;
            let pairs_ratio = if lost > 0 {
                format!("{:.2}", (p.wd + p.ww) as f64 / lost as f64)
            } else {
                "- (no lost pair)".to_string()
            };
            let _ = write!(out, ", PairsRatio: {pairs_ratio}");
        }
        out.push('\n');
    }
    let n = t.games();
    let pct = if n > 0 { t.points() / n as f64 * 100.0 } else { 0.0 };
    let _ = writeln!(
        out,
        "Games: {n}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({pct:.2} %)",
        t.wins,
        t.losses,
        t.draws,
        t.points()
    );
    if let Some(p) = p.filter(|p| p.pairs() > 0) {
        let c = p.counts();
        let ratio = if p.dd > 0 {
            format!("{:.2}", p.wl as f64 / p.dd as f64)
        } else {
            "- (no DD pair)".to_string()
        };
        let _ = writeln!(
            out,
            "Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {ratio}",
            c[0], c[1], c[2], c[3], c[4]
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -35.0, 0.0, 12.5, 300.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
    }

    #[test]
    fn erf_matches_known_values() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(-2.0), -0.995_322_265_0, 2e-7));
        assert!(close(phi(1.959_963_985), 0.975, 1e-6));
    }

    #[test]
    fn trinomial_known_vector() {
        // 4307 wins, 4063 losses, 8620 draws: score 0.507181…, Elo 4.99 ± 3.67.
        let t = Trinomial { wins: 4307, losses: 4063, draws: 8620 };
        let e = trinomial_estimate(&t).unwrap_or_else(|| unreachable!());
        assert!(close(e.elo, 4.991, 0.01), "{}", e.elo);
        assert!(close(e.error, 3.667, 0.01), "{}", e.error);
        // LOS = Phi((W - L) / sqrt(W + L)) = Phi(2.667) = 0.99617.
        assert!(close(e.los, 0.996_17, 1e-4), "{}", e.los);
        let text = report("A", "B", &t, None);
        assert!(text.contains("Games: 16990, Wins: 4307, Losses: 4063, Draws: 8620"), "{text}");
        assert!(text.contains("DrawRatio: 50.74 %"), "{text}");
    }

    #[test]
    fn pentanomial_counts_and_estimate() {
        let mut p = Pentanomial::default();
        p.add(2, 0);
        p.add(1, 1);
        p.add(2, 1);
        p.add(2, 2);
        p.add(0, 1);
        assert_eq!(p.counts(), [0, 1, 2, 1, 1]);
        let (s, var) = p.score_and_variance().unwrap_or_default();
        assert!(close(s, 0.6, 1e-12));
        // pair means 0.25, 0.5, 0.5, 0.75, 1 around 0.6.
        let expect =
            (0.35f64.powi(2) + 0.1f64.powi(2) * 2.0 + 0.15f64.powi(2) + 0.4f64.powi(2)) / 5.0;
        assert!(close(var, expect, 1e-12));
        let text = report("A", "B", &Trinomial { wins: 4, losses: 2, draws: 4 }, Some(&p));
        assert!(text.contains("Ptnml(0-2): [0, 1, 2, 1, 1], WL/DD Ratio: 1.00"), "{text}");
    }

    /// The first games of a run: no `inf` or `nan` anywhere, whatever the results.
    #[test]
    fn degenerate_results_read_well() {
        let t = Trinomial { wins: 2, losses: 0, draws: 0 };
        let mut pairs = Pentanomial::default();
        pairs.add(2, 2);
        let text = report("A", "B", &t, Some(&pairs));
        assert!(text.contains("Elo: not defined yet (2-0)"), "{text}");
        assert!(text.contains("LOS: not defined yet (too few games)"), "{text}");
        assert!(text.contains("PairsRatio: - (no lost pair)"), "{text}");
        assert!(text.contains("WL/DD Ratio: - (no DD pair)"), "{text}");
        assert!(report("A", "B", &Trinomial::default(), None).contains("Games: 0"));
        let draws = report("A", "B", &Trinomial { wins: 0, losses: 0, draws: 2 }, None);
        assert!(draws.contains("Elo: 0.00 +/- 0.00, nElo: not defined yet"), "{draws}");
        assert!(draws.contains("LOS: not defined yet (no decisive game)"), "{draws}");
        let close_call = report("A", "B", &Trinomial { wins: 3, losses: 1, draws: 0 }, None);
        assert!(close_call.contains("Elo: 190.85 (error not bounded yet)"), "{close_call}");
        for w in 0..4 {
            for l in 0..4 {
                for d in 0..3 {
                    let t = Trinomial { wins: w, losses: l, draws: d };
                    let mut p = Pentanomial::default();
                    for _ in 0..w {
                        p.add(2, 1);
                    }
                    for _ in 0..l {
                        p.add(0, 1);
                    }
                    for text in [report("A", "B", &t, None), report("A", "B", &t, Some(&p))] {
                        let lower = text.to_lowercase();
                        assert!(!lower.contains("inf") && !lower.contains("nan"), "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn scores_read_as_points() {
        assert_eq!(score_text(&Trinomial { wins: 2, losses: 0, draws: 0 }), "2-0");
        assert_eq!(score_text(&Trinomial { wins: 1, losses: 0, draws: 1 }), "1.5-0.5");
        assert_eq!(format_number(f64::INFINITY), "-");
        assert_eq!(format_number(f64::NAN), "-");
    }
}
