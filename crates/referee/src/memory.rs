//! Memory of a brain's whole process tree, from /proc (Linux): the resident sets of every
//! process in the brain's process group and of every descendant of its leader (a child that
//! left the group with `setsid` still counts), summed. This is what GomocupJudge limits: a
//! brain must not escape the limit by forking helpers.

use std::collections::{HashMap, HashSet};

/// `(parent, process group, state)` of every process, from `/proc/PID/stat`.
fn process_table() -> HashMap<i32, (i32, i32, char)> {
    let mut table = HashMap::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return table };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // The command name is in parentheses and may contain anything: read after the last ')'.
        let Some((_, rest)) = stat.rsplit_once(')') else { continue };
        let mut fields = rest.split_whitespace();
        // state, ppid, pgrp
        let (Some(state), Some(ppid), Some(pgrp)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if let (Ok(ppid), Ok(pgrp)) = (ppid.parse(), pgrp.parse()) {
            table.insert(pid, (ppid, pgrp, state.chars().next().unwrap_or('?')));
        }
    }
    table
}

/// Resident set of one process in bytes (0 when gone or a zombie).
fn rss_bytes(pid: i32) -> u64 {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return 0 };
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// The processes of the tree led by `leader` (also its process group id).
pub fn tree_members(leader: i32) -> Vec<i32> {
    let table = process_table();
    let mut members: HashSet<i32> =
        table.iter().filter(|(_, v)| v.1 == leader).map(|(pid, _)| *pid).collect();
    if table.contains_key(&leader) {
        members.insert(leader);
    }
    // Descendants through parent links, whatever their group; a few passes reach any depth.
    loop {
        let before = members.len();
        for (&pid, &(ppid, _, _)) in &table {
            if members.contains(&ppid) {
                members.insert(pid);
            }
        }
        if members.len() == before {
            break;
        }
    }
    let mut v: Vec<i32> = members.into_iter().collect();
    v.sort_unstable();
    v
}

/// Whether any process of group `pgid` is still running (zombies excepted): after SIGKILL
/// the members take a moment to exit, especially with much memory to release.
pub fn group_alive(pgid: i32) -> bool {
    process_table().values().any(|&(_, pgrp, state)| pgrp == pgid && state != 'Z')
}

/// Sum of the resident sets of the tree led by `leader`, in bytes.
pub fn tree_rss_bytes(leader: i32) -> u64 {
    tree_members(leader).into_iter().map(rss_bytes).sum()
}

/// `123.4 MiB`-style text for messages.
pub fn human_bytes(bytes: u64) -> String {
    let mib = bytes as f64 / (1024.0 * 1024.0);
    if mib >= 1.0 { format!("{mib:.1} MiB") } else { format!("{:.0} KiB", bytes as f64 / 1024.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_a_resident_set() {
        let me = std::process::id() as i32;
        assert!(rss_bytes(me) > 100 * 1024);
        assert_eq!(rss_bytes(-5), 0);
        assert_eq!(human_bytes(3 * 1024 * 1024 + 512 * 1024), "3.5 MiB");
    }

    #[test]
    fn the_tree_includes_the_leaders_children() {
        use std::os::unix::process::CommandExt;
        let mut leader = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & wait"])
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let pid = leader.id() as i32;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while tree_members(pid).len() < 2 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let members = tree_members(pid);
        assert!(members.contains(&pid) && members.len() >= 2, "{members:?}");
        assert!(tree_rss_bytes(pid) >= rss_bytes(pid));
        let _ = nix_kill_group(pid);
        let _ = leader.wait();
    }

    fn nix_kill_group(pgid: i32) -> std::io::Result<()> {
        std::process::Command::new("kill").args(["-9", "--", &format!("-{pgid}")]).status()?;
        Ok(())
    }
}
