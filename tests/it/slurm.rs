//! A sharded match on a real Slurm cluster: examples/slurm/submit.sh submits a 4-task job
//! array of `renzoku match -shard slurm` and the dependent `renzoku merge` job; the merged games
//! must be, game for game, those of the same match played unsharded here (seeded zoo engines
//! play the same game wherever it is played).
//!
//! The cluster is the one scripts/slurm-one-node.sh starts (`.ci/run` does). Under CI=true a
//! missing cluster fails the test; elsewhere the test is skipped with the reason.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const RENZOKU: &str = env!("CARGO_BIN_EXE_renzoku");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SHARDS: usize = 4;
const GAMES: usize = 48;

/// SLURM_CONF as given, else the one scripts/slurm-one-node.sh writes, else Slurm's default.
fn slurm_conf() -> Option<PathBuf> {
    if let Some(c) = std::env::var_os("SLURM_CONF") {
        return Some(PathBuf::from(c));
    }
    let dir = std::env::var_os("RENZOKU_SLURM_DIR").unwrap_or_else(|| "/tmp/renzoku-slurm".into());
    let conf = Path::new(&dir).join("slurm.conf");
    conf.exists().then_some(conf)
}

fn slurm(cmd: &str, conf: Option<&Path>) -> Command {
    let mut c = Command::new(cmd);
    if let Some(conf) = conf {
        c.env("SLURM_CONF", conf);
    }
    c
}

/// Why no cluster can be used, if none can.
fn cluster_missing(conf: Option<&Path>) -> Option<String> {
    match slurm("sinfo", conf).args(["-h", "-o", "%t"]).output() {
        Err(e) => Some(format!("sinfo cannot run ({e}): slurm-wlm is not installed")),
        Ok(o) if !o.status.success() => Some(format!(
            "sinfo fails ({}): no Slurm controller; start one with scripts/slurm-one-node.sh start",
            String::from_utf8_lossy(&o.stderr).trim()
        )),
        Ok(o) => {
            let states = String::from_utf8_lossy(&o.stdout).into_owned();
            let usable = states.lines().any(|s| matches!(s.trim(), "idle" | "mix" | "alloc"));
            (!usable).then(|| format!("no usable Slurm node (sinfo says {:?})", states.trim()))
        }
    }
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn match_options() -> Vec<String> {
    let openings = format!("{ROOT}/crates/arena/tests/data/openings-offset.txt");
    let mut a: Vec<String> = vec![
        "-engine".into(),
        format!("cmd={RENZOKU} zoo good --seed 11"),
        "name=A".into(),
        "option.zoo_skill=70".into(),
        "-engine".into(),
        format!("cmd={RENZOKU} zoo good --seed 12"),
        "name=B".into(),
        "option.zoo_skill=50".into(),
        "-openings".into(),
        format!("file={openings}"),
        "order=random".into(),
        "srand=5".into(),
    ];
    a.extend(
        ["-games", &GAMES.to_string(), "-repeat", "-transform", "-ratinginterval", "0"]
            .map(String::from),
    );
    a
}

/// Game number → (black, white, moves, winner).
fn games(path: &Path) -> Vec<(u64, String, String, String, String)> {
    let body = std::fs::read_to_string(path).unwrap_or_default();
    let mut v: Vec<_> = body
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|g| {
            (
                g["game"].as_u64().unwrap_or(0),
                g["black"].as_str().unwrap_or("").to_string(),
                g["white"].as_str().unwrap_or("").to_string(),
                g["moves"].to_string(),
                g["winner"].to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn games_line(report: &str) -> String {
    report.lines().filter(|l| l.starts_with("Games: ") || l.starts_with("Ptnml")).collect()
}

/// `JobState=` of a job (every task of an array), from scontrol.
fn job_states(job: &str, conf: Option<&Path>) -> Vec<String> {
    let out = slurm("scontrol", conf).args(["show", "job", "-o", job]).output();
    let body = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    body.lines()
        .filter_map(|l| l.split_whitespace().find_map(|w| w.strip_prefix("JobState=")))
        .map(str::to_string)
        .collect()
}

fn finished(states: &[String]) -> bool {
    !states.is_empty()
        && states.iter().all(|s| !matches!(s.as_str(), "PENDING" | "RUNNING" | "CONFIGURING"))
}

#[test]
fn a_four_shard_job_array_and_its_merge_equal_the_unsharded_match() {
    let _turn = crate::module_turn(module_path!());
    let conf = slurm_conf();
    if let Some(why) = cluster_missing(conf.as_deref()) {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI needs the Slurm cluster of scripts/slurm-one-node.sh (.ci/run starts it): {why}"
        );
        eprintln!("skipped: {why}");
        return;
    }
    let dir = std::env::temp_dir().join(format!("renzoku-slurm-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let journals = dir.join("journals");

    // The reference: the same match unsharded, here.
    let mut full_args = vec!["match".to_string()];
    full_args.extend(match_options());
    full_args.extend(["-concurrency", "2", "-jsonl"].map(String::from));
    full_args.push(dir.join("full.jsonl").display().to_string());
    let full = Command::new(RENZOKU).args(&full_args).current_dir(&dir).output();
    let full = full.unwrap_or_else(|e| panic!("{e}"));
    assert!(full.status.success(), "{}", text(&full));
    let expected = games(&dir.join("full.jsonl"));
    assert_eq!(expected.len(), GAMES);

    // The job array and the merge job.
    let started = Instant::now();
    let mut submit = slurm("bash", conf.as_deref());
    submit
        .arg(format!("{ROOT}/examples/slurm/submit.sh"))
        .arg(SHARDS.to_string())
        .arg(&journals)
        .args(match_options())
        .env("RENZOKU", RENZOKU)
        .current_dir(&dir);
    let submitted = submit.output().unwrap_or_else(|e| panic!("{e}"));
    let said = text(&submitted);
    assert!(submitted.status.success(), "{said}");
    let ids: Vec<&str> =
        said.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).collect();
    let (array, merge) = match ids[..] {
        [array, _shards, merge, ..] => (array.to_string(), merge.to_string()),
        _ => panic!("cannot read the job ids in {said:?}"),
    };
    let deadline = Instant::now() + Duration::from_mins(5);
    while !finished(&job_states(&merge, conf.as_deref())) {
        assert!(Instant::now() < deadline, "the jobs did not finish within 300 s");
        std::thread::sleep(Duration::from_millis(250));
    }
    let elapsed = started.elapsed();
    let array_states = job_states(&array, conf.as_deref());
    assert_eq!(array_states.len(), SHARDS, "{array_states:?}");
    assert!(array_states.iter().all(|s| s == "COMPLETED"), "{array_states:?}");
    assert_eq!(job_states(&merge, conf.as_deref()), vec!["COMPLETED".to_string()]);

    // Each task played its shard; together, exactly the unsharded games.
    let mut per_shard = Vec::new();
    for i in 1..=SHARDS {
        let g = games(&journals.join(format!("match.shard-{i}-of-{SHARDS}.jsonl")));
        per_shard.push(g.len());
    }
    assert_eq!(per_shard, vec![GAMES / SHARDS; SHARDS]);
    let merged = games(&journals.join("merged.jsonl"));
    assert_eq!(merged, expected, "the merged games differ from the unsharded run's");
    let report =
        std::fs::read_to_string(dir.join(format!("renzoku-merge-{merge}.out"))).unwrap_or_default();
    assert!(report.contains(&format!("Merged {GAMES} of the {GAMES} games")), "{report}");
    assert!(report.contains("Missing games: none"), "{report}");
    assert_eq!(games_line(&report), games_line(&String::from_utf8_lossy(&full.stdout)));
    eprintln!(
        "slurm: {SHARDS} shards x {} games merged = the {GAMES} unsharded games, game for game; \
         array {array} + merge {merge} took {:.1} s",
        GAMES / SHARDS,
        elapsed.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
