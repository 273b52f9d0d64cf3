//! The offline tuning scripts (`tuning/*.py`) against the engine they tune. The fits read the
//! evaluation in use back out of its weights file, fit it in Python and write a weights file:
//! a script that drifts from the engine fits one evaluation and ships another. Two checks:
//! - the round trip: `net_to_npz.py` reads each evaluation (the generic net and renju's), and
//!   `write_net.py` writes the same weights file again, byte for byte;
//! - the formula: on positions of random games (freestyle 15x15 and 20x20, renju), the features
//!   the engine exports (`tuning::combo_features_line`, the lines of `features --combos`)
//!   under the formula the fits use (`labelled_features.logits`, run by `check_formula.py`)
//!   give the engine's own static evaluation to within its rounding.
//!
//! The scripts need Python 3 with numpy and scipy (`RENZOKU_PYTHON`, else `python3`, else
//! `/usr/bin/python3`). `.ci/run` installs Debian's when none has them, and under `CI=true` their
//! absence fails the test; on a developer's machine the test then skips and says why.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::Rng;
use renzoku_engine::{Rule, Score};
use renzoku_rules::{Board, Point};

fn tuning_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..").join("tuning")
}

fn weights_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join("eval").join("weights")
}

/// The first interpreter that imports numpy and scipy; `None` (after saying why, or failing
/// under CI) when there is none.
fn python() -> Option<String> {
    let candidates = [
        std::env::var("RENZOKU_PYTHON").unwrap_or_default(),
        "python3".to_string(),
        "/usr/bin/python3".to_string(),
    ];
    for py in candidates.into_iter().filter(|p| !p.is_empty()) {
        let ok = Command::new(&py)
            .args(["-c", "import numpy, scipy"])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Some(py);
        }
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "CI must run the tuning scripts: no python3 with numpy and scipy (.ci/run installs them)"
    );
    eprintln!(
        "tuning_pipeline: skipped, no python3 with numpy and scipy here \
         (scripts/install-python-tuning.sh installs Debian's)"
    );
    None
}

/// Runs a tuning script; returns its standard output, failing the test with its messages when
/// it fails.
fn run(py: &str, script: &str, args: &[&OsStr]) -> String {
    let out = Command::new(py)
        .arg(tuning_dir().join(script))
        .args(args)
        .current_dir(tuning_dir())
        .env("OMP_NUM_THREADS", "1")
        .env("OPENBLAS_NUM_THREADS", "1")
        .output()
        .unwrap_or_else(|e| panic!("{script}: cannot run {py}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{script} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A scratch directory of its own for one check.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renzoku-tuning-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The evaluation of one rule family: its weights file and the scale it was fitted at.
struct Evaluation {
    name: &'static str,
    net: &'static str,
    scale: &'static str,
}

const GENERIC: Evaluation = Evaluation { name: "generic", net: "generic.rzn", scale: "500" };
const RENJU: Evaluation = Evaluation { name: "renju", net: "renju.rzn", scale: "700" };

/// `net_to_npz.py` of an evaluation into `dir`; the path of the .npz.
fn read_back(py: &str, eval: &Evaluation, dir: &Path) -> PathBuf {
    let npz = dir.join(format!("{}.npz", eval.name));
    let net = weights_dir().join(eval.net);
    let args = [net.as_os_str(), npz.as_os_str()];
    run(py, "net_to_npz.py", &[&args[..], &["--scale".as_ref(), eval.scale.as_ref()]].concat());
    npz
}

/// A weights file's description, read from its header (magic, version, architecture, family,
/// then the description; see eval/net/format.rs).
fn description_of(bytes: &[u8]) -> String {
    let arch_len = usize::from(u16::from_le_bytes([bytes[12], bytes[13]]));
    let at = 14 + arch_len + 1;
    let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
    String::from_utf8(bytes[at + 4..at + 4 + len].to_vec()).expect("a UTF-8 description")
}

#[test]
fn the_evaluations_read_back_and_written_again_are_the_weights_files() {
    let Some(py) = python() else { return };
    let dir = scratch("round-trip");
    for eval in [GENERIC, RENJU] {
        let npz = read_back(&py, &eval, &dir);
        let net = weights_dir().join(eval.net);
        let written = dir.join(eval.net);
        // The description is the file's own (write_net.py takes it as given).
        let description = description_of(&std::fs::read(&net).expect("weights file"));
        let args = [
            written.as_os_str(),
            "--fit".as_ref(),
            npz.as_os_str(),
            "--base".as_ref(),
            net.as_os_str(),
            "--description".as_ref(),
            description.as_ref(),
        ];
        run(&py, "write_net.py", &args);
        let (original, again) = (std::fs::read(&net), std::fs::read(&written));
        assert!(
            original.expect("weights file") == again.expect("written file"),
            "write_net.py of {}'s read-back differs from {}",
            eval.name,
            eval.net
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Random games under `rule` on a `size` board (moves within two squares of the last few
/// stones, legal for the mover); every position before the first tactical one, with the
/// engine's static evaluation, as a line of `features --combos` output labelled with it.
fn labelled_lines(rule: Rule, size: u32, games: usize, rng: &mut Rng) -> Vec<String> {
    let mut lines = Vec::new();
    for _ in 0..games {
        let mut board = Board::square(size).expect("board");
        let centre = (size / 2) as i64;
        let mut last = (centre, centre);
        for ply in 0..60 {
            if ply > 0 {
                if renzoku_engine::tuning::is_tactical(&board, rule) {
                    break;
                }
                let Score::Eval(value) = renzoku_engine::evaluate(&board, rule) else {
                    panic!("a position that is not tactical has a heuristic value");
                };
                let line =
                    renzoku_engine::tuning::combo_features_line(&board, rule, &value.to_string());
                assert!(line.starts_with(&format!("{value},0,")), "not tactical: {line}");
                lines.push(line);
            }
            // A legal square near the last stone (the first near the centre).
            let mover = board.side_to_move();
            let mut placed = false;
            for _ in 0..200 {
                let x = last.0 + rng.below(5) as i64 - 2;
                let y = last.1 + rng.below(5) as i64 - 2;
                if x < 0 || y < 0 || x >= size as i64 || y >= size as i64 {
                    continue;
                }
                let p = Point::new(x as u8, y as u8);
                if renzoku_rules::is_legal(&board, p, mover, rule) {
                    board.play(p).expect("a legal move");
                    // Sometimes jump back near an earlier stone, so that games spread out.
                    last = if rng.below(4) == 0 { (centre, centre) } else { (x, y) };
                    placed = true;
                    break;
                }
            }
            if !placed {
                break;
            }
        }
    }
    lines
}

#[test]
fn the_fits_formula_computes_the_engines_evaluation() {
    let Some(py) = python() else { return };
    let dir = scratch("formula");
    let mut rng = Rng(0x5eed_7117);
    let generic = read_back(&py, &GENERIC, &dir);
    let renju = read_back(&py, &RENJU, &dir);
    for (npz, rule, size) in [
        (&generic, Rule::Freestyle, 15),
        (&generic, Rule::Freestyle, 20),
        (&renju, Rule::Renju, 15),
    ] {
        let lines = labelled_lines(rule, size, 12, &mut rng);
        assert!(lines.len() >= 100, "only {} positions", lines.len());
        let features = dir.join(format!("{rule:?}-{size}.csv"));
        std::fs::write(&features, lines.join("\n") + "\n").expect("features file");
        let report = run(&py, "check_formula.py", &[npz.as_os_str(), features.as_os_str()]);
        eprintln!("{rule:?} {size}x{size}: {}", report.trim());
        let expected = format!("{} positions, largest difference", lines.len());
        assert!(report.starts_with(&expected), "{rule:?} {size}x{size}: {report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
