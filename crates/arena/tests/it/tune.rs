//! `renzoku tune` with the zoo engine, whose INFO zoo_skill makes it stronger: SPSA climbs
//! towards more skill; -resume continues a cut trajectory exactly; shards add each other's steps.

use std::path::Path;

use crate::common::*;
use renzoku_arena::tuning::spsa::{self, Param};

const SKILL: &str = "zoo_skill,int,20,0,100,10,0.05";
/// A parameter the zoo ignores: its steps are noise, but it must stay in range and be a float.
const DUMMY: &str = "zoo_dummy,float,0.5,0,1,0.2,0.05";

fn tune_args(tag: &str, iterations: usize, extra: &[&str]) -> Vec<String> {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-offset.txt");
    let mut a: Vec<String> = vec![
        "tune".into(),
        "-engine".into(),
        zoo("good", "--seed 3", tag),
        "-param".into(),
        SKILL.into(),
        "-param".into(),
        DUMMY.into(),
        "-iterations".into(),
        iterations.to_string(),
        "-openings".into(),
        format!("file={openings}"),
        "order=random".into(),
        "srand=4".into(),
    ];
    a.extend(extra.iter().map(|x| (*x).to_string()));
    a
}

fn last_line(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or("").to_string()
}

fn records(path: &Path) -> Vec<serde_json::Value> {
    journal(path)
}

/// `tuned: zoo_skill=V …` → V.
fn tuned_skill(line: &str) -> i64 {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix("zoo_skill="))
        .and_then(|v| v.parse().ok())
        .unwrap_or(-1)
}

#[test]
fn spsa_climbs_towards_the_stronger_value() {
    let tag = format!("tune-climb-{}", std::process::id());
    let dir = workdir(&tag);
    let out = run_match(
        "child_runner",
        &dir,
        &tune_args(&tag, 120, &["-trajectory", "t.jsonl", "-csv", "t.csv"]),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let last = last_line(&out);
    assert!(last.starts_with("tuned: zoo_skill="), "{last}");
    assert!(tuned_skill(&last) >= 50, "from 20: {last}");
    let steps = records(&dir.join("t.jsonl"));
    assert_eq!(steps.len(), 120);
    for r in &steps {
        let dummy = r["theta"]["zoo_dummy"].as_f64().unwrap_or(-1.0);
        assert!((0.0..=1.0).contains(&dummy), "{r}");
        // Values played: integers for the int parameter, in range.
        let plus = r["plus"][0].as_f64().unwrap_or(-1.0);
        assert!(plus.fract() == 0.0 && (0.0..=100.0).contains(&plus), "{r}");
        assert_eq!(r["games"].as_u64(), Some(2));
    }
    let csv = std::fs::read_to_string(dir.join("t.csv")).unwrap_or_default();
    assert_eq!(csv.lines().next(), Some("iteration,result,zoo_skill,zoo_dummy"));
    assert_eq!(csv.lines().count(), 121);
    assert!(stdout.contains("iteration 120/120 result"), "{stdout}");
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_continues_a_cut_trajectory_exactly() {
    let tag = format!("tune-resume-{}", std::process::id());
    let dir = workdir(&tag);
    let whole = run_match("child_runner", &dir, &tune_args(&tag, 30, &["-trajectory", "a.jsonl"]));
    assert_eq!(whole.status.code(), Some(0));
    let text = std::fs::read_to_string(dir.join("a.jsonl")).unwrap_or_default();
    let mut cut: String = text.lines().take(11).flat_map(|l| [l, "\n"]).collect();
    cut.push_str("{\"tune\":");
    std::fs::write(dir.join("b.jsonl"), cut).unwrap_or_else(|e| panic!("{e}"));
    let resumed = run_match(
        "child_runner",
        &dir,
        &tune_args(&tag, 30, &["-trajectory", "b.jsonl", "-resume"]),
    );
    let stdout = String::from_utf8_lossy(&resumed.stdout);
    assert_eq!(resumed.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Resuming: 11 of this run's iterations"), "{stdout}");
    assert_eq!(last_line(&resumed), last_line(&whole));
    assert!(records(&dir.join("b.jsonl")) == records(&dir.join("a.jsonl")), "trajectories differ");
    // Another run's trajectory is refused.
    let other = run_match(
        "child_runner",
        &dir,
        &tune_args(&tag, 31, &["-trajectory", "b.jsonl", "-resume"]),
    );
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stderr).contains("another tuning run"));
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_add_each_others_steps() {
    let tag = format!("tune-shards-{}", std::process::id());
    let dir = workdir(&tag);
    let one = run_match(
        "child_runner",
        &dir,
        &tune_args(&tag, 40, &["-trajectory", "t.jsonl", "-shard", "1/2"]),
    );
    assert_eq!(one.status.code(), Some(0));
    let two = run_match(
        "child_runner",
        &dir,
        &tune_args(&tag, 40, &["-trajectory", "t.jsonl", "-shard", "2/2"]),
    );
    let stdout = String::from_utf8_lossy(&two.stdout);
    assert_eq!(two.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("SPSA: 40 of 40 iterations known (20 played by this run)"), "{stdout}");
    let a = records(&dir.join("t.shard-1-of-2.jsonl"));
    let b = records(&dir.join("t.shard-2-of-2.jsonl"));
    assert_eq!((a.len(), b.len()), (20, 20));
    assert!(a.iter().all(|r| r["iteration"].as_u64().unwrap_or(0) % 2 == 1));
    assert!(b.iter().all(|r| r["iteration"].as_u64().unwrap_or(0) % 2 == 0));
    // The second shard's final theta is every step of both, in iteration order.
    let mut all: Vec<(u64, Vec<f64>)> = a
        .iter()
        .chain(&b)
        .map(|r| {
            let step = r["step"].as_array().map_or_else(Vec::new, |s| {
                s.iter().filter_map(serde_json::Value::as_f64).collect()
            });
            (r["iteration"].as_u64().unwrap_or(0), step)
        })
        .collect();
    all.sort_by_key(|(k, _)| *k);
    let params: Vec<Param> = [SKILL, DUMMY].iter().filter_map(|p| Param::parse(p).ok()).collect();
    let theta = spsa::theta(&params, all.iter().map(|(_, s)| s));
    let expect = format!(
        "tuned: zoo_skill={} zoo_dummy={}",
        params[0].format(theta[0]),
        params[1].format(theta[1])
    );
    assert_eq!(last_line(&two), expect);
    // Its first iteration already started from shard 1's steps.
    let first_theta = b[0]["theta"]["zoo_skill"].as_f64().unwrap_or(0.0);
    let own_step = b[0]["step"][0].as_f64().unwrap_or(0.0);
    assert!((first_theta - (20.0 + own_step)).abs() > 1e-9, "{}", b[0]);
    assert_no_leftovers(&tag);
    let _ = std::fs::remove_dir_all(&dir);
}
