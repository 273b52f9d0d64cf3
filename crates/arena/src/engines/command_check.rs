//! Checks an engine command before any game: a program that does not exist or cannot be run is
//! a configuration error to report up front (naming the path and the directory it was looked
//! up from), not a crash loss in every game. A program that starts and dies later is still a
//! crash in that game.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::engines::process::Spawn;

/// The program `command` would run, after checking that it is an executable file: with a `/`
/// in its name, relative to the current directory (c-gomoku-cli's rule, which [`Spawn`]
/// follows); without one, found in `PATH`.
pub fn check_command(command: &str) -> Result<PathBuf, String> {
    let spawn = Spawn::from_command(command)?;
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    if let Some(dir) = &spawn.dir {
        let name = spawn.program.strip_prefix("./").unwrap_or(&spawn.program);
        let path = dir.join(name);
        let shown = path.display();
        let resolved = if path.is_absolute() {
            String::new()
        } else {
            format!(" (resolved against {})", cwd.display())
        };
        executable(&cwd.join(&path)).map_err(|why| format!("{shown} {why}{resolved}"))?;
        return Ok(cwd.join(path));
    }
    let name = &spawn.program;
    let dirs = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&dirs)
        .map(|d| if d.as_os_str().is_empty() { cwd.clone() } else { cwd.join(d) })
        .map(|d| d.join(name))
        .find(|p| executable(p).is_ok())
        .ok_or_else(|| {
            format!(
                "{name} is not an executable file in any PATH directory (PATH={}); give a path \
                 such as ./{name} to run it from {}",
                std::env::var("PATH").unwrap_or_default(),
                cwd.display()
            )
        })
}

/// Ok when `path` is a file someone may execute; else why not.
fn executable(path: &Path) -> Result<(), &'static str> {
    let meta = std::fs::metadata(path).map_err(|_| "does not exist")?;
    if meta.is_dir() {
        return Err("is a directory, not a program");
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err("is not executable (no x permission)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_on_path_and_by_path() {
        assert!(check_command("sh -c true").is_ok());
        let err = check_command("./no/such/pbrain-x --flag").expect_err("missing");
        assert!(err.starts_with("./no/such/pbrain-x does not exist (resolved against /"), "{err}");
        let err = check_command("no-such-brain-on-path").expect_err("missing");
        assert!(err.contains("not an executable file in any PATH directory"), "{err}");
        let err = check_command("/etc").expect_err("a directory");
        assert!(err.contains("/etc is a directory"), "{err}");
        assert!(!err.contains("resolved against"), "absolute paths need no directory: {err}");
        let plain = std::env::temp_dir().join(format!("renzoku-not-exec-{}", std::process::id()));
        std::fs::write(&plain, "#!/bin/sh\n").expect("temp file");
        let err = check_command(&plain.display().to_string()).expect_err("not executable");
        assert!(err.contains("is not executable"), "{err}");
        let _ = std::fs::remove_file(&plain);
        assert!(check_command("").is_err());
    }
}
