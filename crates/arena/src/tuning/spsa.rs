//! SPSA as fishtest and OpenBench run it, the arithmetic only (the games are in
//! [`crate::tuning::tune`]).
//!
//! A parameter is given as OpenBench writes it: `NAME,int|float,START,MIN,MAX,C_END,R_END`.
//! For a run of `N` iterations (game pairs), with `A = 0.1 N`, `alpha = 0.602` and
//! `gamma = 0.101`:
//! `c = C_END · N^gamma`, `a = R_END · C_END² · (A + N)^alpha`, and at iteration `k` (1-based)
//! `c_k = c / k^gamma`, `a_k = a / (A + k)^alpha`, `R_k = a_k / c_k²`, so that the last
//! iteration perturbs by `C_END` with learning rate `R_END`. Each iteration draws a sign
//! `delta = ±1` per parameter, plays `theta + c_k·delta` against `theta − c_k·delta` (the values
//! clamped to the range and rounded for integers), and moves
//! `theta += R_k · c_k · result · delta`, where `result` is the perturbed-up side's wins minus
//! losses; `theta` is clamped to the range after every step.

use std::fmt;

use crate::games::rng::SplitMix64;

pub const ALPHA: f64 = 0.602;
pub const GAMMA: f64 = 0.101;
/// `A` as a share of the iterations.
pub const A_RATIO: f64 = 0.1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Float,
}

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: Kind,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    pub c_end: f64,
    pub r_end: f64,
}

impl Param {
    /// `NAME,int|float,START,MIN,MAX,C_END,R_END`.
    pub fn parse(spec: &str) -> Result<Param, String> {
        let f: Vec<&str> = spec.split(',').map(str::trim).collect();
        let [name, kind, start, min, max, c_end, r_end] = f[..] else {
            return Err(format!(
                "-param takes NAME,int|float,START,MIN,MAX,C_END,R_END, got '{spec}'"
            ));
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(format!("-param: bad name '{name}'"));
        }
        let kind = match kind {
            "int" => Kind::Int,
            "float" => Kind::Float,
            _ => return Err(format!("-param {name}: type is int or float, not '{kind}'")),
        };
        let num = |what: &str, v: &str| -> Result<f64, String> {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("-param {name}: {what} is not a number: '{v}'"))
        };
        let p = Param {
            name: name.to_string(),
            kind,
            start: num("START", start)?,
            min: num("MIN", min)?,
            max: num("MAX", max)?,
            c_end: num("C_END", c_end)?,
            r_end: num("R_END", r_end)?,
        };
        if !(p.min <= p.start && p.start <= p.max && p.min < p.max) {
            return Err(format!("-param {name}: need MIN <= START <= MAX and MIN < MAX"));
        }
        if p.c_end <= 0.0 || p.r_end <= 0.0 {
            return Err(format!("-param {name}: C_END and R_END must be positive"));
        }
        Ok(p)
    }

    pub fn clamp(&self, v: f64) -> f64 {
        v.clamp(self.min, self.max)
    }

    /// The value an engine gets: clamped, and rounded for integers.
    pub fn engine_value(&self, v: f64) -> f64 {
        let v = self.clamp(v);
        if self.kind == Kind::Int { v.round() } else { v }
    }

    /// The value as text for `INFO NAME V`.
    pub fn format(&self, v: f64) -> String {
        match self.kind {
            Kind::Int => format!("{}", self.engine_value(v) as i64),
            Kind::Float => {
                let t = format!("{:.6}", self.engine_value(v));
                t.trim_end_matches('0').trim_end_matches('.').to_string()
            }
        }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.kind == Kind::Int { "int" } else { "float" };
        write!(
            f,
            "{},{kind},{},{},{},{},{}",
            self.name, self.start, self.min, self.max, self.c_end, self.r_end
        )
    }
}

/// The a and c schedules of one parameter over a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub iterations: usize,
    big_a: f64,
    a: f64,
    c: f64,
}

impl Schedule {
    pub fn new(p: &Param, iterations: usize) -> Schedule {
        let n = iterations.max(1) as f64;
        let big_a = A_RATIO * n;
        let a_end = p.r_end * p.c_end * p.c_end;
        Schedule {
            iterations,
            big_a,
            a: a_end * (big_a + n).powf(ALPHA),
            c: p.c_end * n.powf(GAMMA),
        }
    }

    /// `c_k` at 1-based iteration `k`.
    pub fn c_k(&self, k: usize) -> f64 {
        self.c / (k.max(1) as f64).powf(GAMMA)
    }

    /// `R_k = a_k / c_k²` at 1-based iteration `k`.
    pub fn r_k(&self, k: usize) -> f64 {
        let a_k = self.a / (self.big_a + k.max(1) as f64).powf(ALPHA);
        a_k / self.c_k(k).powi(2)
    }

    /// The change of theta after iteration `k` with `result` (wins − losses of the side
    /// perturbed by `+delta`).
    pub fn step(&self, k: usize, delta: f64, result: f64) -> f64 {
        self.r_k(k) * self.c_k(k) * result * delta
    }
}

/// The ±1 signs of iteration `k` (1-based), a function of the seed and `k` only, so that
/// shards and resumed runs draw the same ones.
pub fn deltas(seed: u64, k: usize, count: usize) -> Vec<f64> {
    let mut g = SplitMix64::derived(seed, k as u64);
    (0..count).map(|_| if g.next_u64() & 1 == 0 { 1.0 } else { -1.0 }).collect()
}

/// Theta after applying `steps` (per iteration, in iteration order) from the start values,
/// clamping after every step.
pub fn theta<'a>(params: &[Param], steps: impl IntoIterator<Item = &'a Vec<f64>>) -> Vec<f64> {
    let mut theta: Vec<f64> = params.iter().map(|p| p.start).collect();
    for step in steps {
        for ((t, s), p) in theta.iter_mut().zip(step).zip(params) {
            *t = p.clamp(*t + s);
        }
    }
    theta
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(spec: &str) -> Param {
        Param::parse(spec).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_openbench_parameters() {
        let p = param("futility_margin, int, 90, 10, 400, 20, 0.002");
        assert_eq!(p.name, "futility_margin");
        assert_eq!(
            (p.kind, p.start, p.min, p.max, p.c_end, p.r_end),
            (Kind::Int, 90.0, 10.0, 400.0, 20.0, 0.002)
        );
        assert_eq!(p.to_string(), "futility_margin,int,90,10,400,20,0.002");
        assert!(Param::parse("x,int,5,0,10,1").is_err());
        assert!(Param::parse("x,double,5,0,10,1,0.1").is_err());
        assert!(Param::parse("x,int,11,0,10,1,0.1").is_err());
        assert!(Param::parse("x,int,5,0,10,0,0.1").is_err());
        assert!(Param::parse("x,float,5,0,10,nan,0.1").is_err());
    }

    #[test]
    fn values_are_clamped_and_rounded() {
        let i = param("a,int,5,0,10,1,0.1");
        assert_eq!(i.format(7.5), "8");
        assert_eq!(i.format(-3.0), "0");
        assert_eq!(i.format(12.2), "10");
        let f = param("b,float,0.5,0,1,0.1,0.1");
        assert_eq!(f.format(0.25), "0.25");
        assert_eq!(f.format(1.5), "1");
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let p = param("a,int,50,0,100,8,0.002");
        let s = Schedule::new(&p, 1000);
        assert!((s.c_k(1000) - 8.0).abs() < 1e-9, "{}", s.c_k(1000));
        assert!((s.r_k(1000) - 0.002).abs() < 1e-12, "{}", s.r_k(1000));
        // Larger perturbations and steps early on.
        assert!(s.c_k(1) > s.c_k(100) && s.c_k(1) > 8.0);
        assert!(s.r_k(1) * s.c_k(1) > s.r_k(1000) * s.c_k(1000));
        // c_1 = c_end · N^gamma; a_1 = a / (A + 1)^alpha.
        assert!((s.c_k(1) - 8.0 * 1000f64.powf(GAMMA)).abs() < 1e-9);
        let a = 0.002 * 64.0 * 1100f64.powf(ALPHA);
        let expect = a / 101f64.powf(ALPHA) / s.c_k(1).powi(2);
        assert!((s.r_k(1) - expect).abs() < 1e-12);
        assert!((s.step(1000, -1.0, 2.0) + 0.002 * 8.0 * 2.0).abs() < 1e-12);
    }

    #[test]
    fn deltas_are_reproducible_signs_and_theta_clamps_each_step() {
        let d = deltas(9, 3, 5);
        assert_eq!(d, deltas(9, 3, 5));
        assert!(d.iter().all(|x| x.abs().to_bits() == 1f64.to_bits()));
        let many: Vec<f64> = (1..200).flat_map(|k| deltas(9, k, 1)).collect();
        assert!(many.contains(&1.0) && many.contains(&-1.0));
        let p = vec![param("a,int,5,0,10,1,0.1")];
        // 5 + 8 → 10 (clamped), then − 3 → 7: not 5 + 8 − 3 = 10.
        assert_eq!(theta(&p, &[vec![8.0], vec![-3.0]]), vec![7.0]);
    }
}
