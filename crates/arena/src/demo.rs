//! `renzoku match` with no engine: pbrain-renzoku plays itself, the board drawn live.

use std::path::{Path, PathBuf};
use std::process::Command;

use renzoku_rules::Board;

use crate::options::{EngineOptions, Options};
use crate::timecontrol::TimeControl;

const BRAIN: &str = "pbrain-renzoku";

/// Whether `renzoku` routes the hidden `brain` subcommand (pbrain-renzoku run in-process). When
/// it does, flip this to `true`: the demo then spawns `current_exe() brain` and never needs
/// cargo or a separate pbrain-renzoku binary.
const IN_PROCESS_BRAIN: bool = false;

/// The engine command of the demo (the one place that chooses it): `$RENZOKU_DEMO_ENGINE`
/// first, then `renzoku brain` when available, then a pbrain-renzoku binary.
pub fn engine_command() -> Result<String, String> {
    if let Some(p) = std::env::var_os("RENZOKU_DEMO_ENGINE") {
        return Ok(quote(&PathBuf::from(p)));
    }
    if IN_PROCESS_BRAIN {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot locate the running program: {e}"))?;
        return Ok(format!("{} brain", quote(&exe)));
    }
    locate_brain().map(|p| quote(&p))
}

/// A path as one word of an engine command (see [`crate::options::split_command`]).
fn quote(p: &Path) -> String {
    p.display().to_string().replace('\\', "\\\\").replace(' ', "\\ ")
}

/// Finds pbrain-renzoku: next to the running executable, or built with
/// `cargo build --release -p renzoku-brain` when this executable was built from the workspace.
pub fn locate_brain() -> Result<PathBuf, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot locate the running program: {e}"))?;
    let dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    // Test and example binaries live one level below the profile directory.
    let candidates = [dir.join(BRAIN), dir.parent().map(|d| d.join(BRAIN)).unwrap_or_default()];
    if let Some(found) = candidates.iter().find(|p| p.is_file()) {
        return Ok(found.clone());
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if workspace.join("Cargo.toml").is_file() && workspace.join("crates/brain").is_dir() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        eprintln!(
            "{BRAIN} not found next to {}; building it (cargo build --release -p renzoku-brain)…",
            exe.display()
        );
        let profile_dir = dir.clone();
        let target = if profile_dir.ends_with("release") {
            profile_dir.parent().map(Path::to_path_buf)
        } else {
            None
        };
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "--release", "-p", "renzoku-brain"]).current_dir(&workspace);
        if let Some(t) = &target {
            cmd.env("CARGO_TARGET_DIR", t);
        }
        let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
        let built = target.unwrap_or_else(|| workspace.join("target")).join("release").join(BRAIN);
        if status.success() && built.is_file() {
            return Ok(built);
        }
    }
    Err(format!(
        "{BRAIN} was not found next to {}. Build it with `cargo build --release -p renzoku-brain`, \
         or name engines with -engine cmd=… (see `renzoku match --help`).",
        exe.display()
    ))
}

fn draw(board: &Board, black: &str, white: &str) {
    let last = board.last_move().map(|m| m.point.to_string()).unwrap_or_default();
    // Clear the screen, then the board.
    print!(
        "\x1b[H\x1b[2J{black} (X) vs {white} (O), move {}: {last}\n\n{board}\n",
        board.stone_count()
    );
}

/// Plays two games (colours swapped) at 0.3 s per move on 15×15 freestyle.
pub fn run(mut opts: Options) -> i32 {
    let cmd = match engine_command() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("renzoku match: {e}");
            return 1;
        }
    };
    let engine = |name: &str| EngineOptions {
        cmd: cmd.clone(),
        name: Some(name.to_string()),
        tc: TimeControl { match_ms: 20_000, turn_ms: 300, increment_ms: 0 },
        tolerance_ms: 1000,
        ..EngineOptions::default()
    };
    opts.engines = vec![engine("Renzoku-A"), engine("Renzoku-B")];
    opts.games = opts.games.max(2);
    opts.repeat = true;
    opts.show_board = true;
    println!(
        "Demo: pbrain-renzoku ({}) plays itself ({} games, 0.3 s per move, {} {}x{}).",
        cmd, opts.games, opts.rule, opts.board_size, opts.board_size
    );
    let observer = |b: &Board, black: &str, white: &str| draw(b, black, white);
    match crate::runner::run(&opts, Some(&observer)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("renzoku match: {e}");
            1
        }
    }
}
