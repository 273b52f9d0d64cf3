//! A zoo of test engines for the arena's and the referee's end-to-end tests: one well-behaved
//! instant random engine and one misbehaviour per mode.
//!
//! `zoo-engine MODE [--after N] [--delay MS] [--mb MB] [--tag TAG]` (or `renzoku zoo MODE …`):
//! the engine plays random legal moves;
//! from its N-th own move on (default 0, the first) it shows the behaviour of MODE:
//! `good`, `crash-start`, `crash`, `hang`, `late` (answers after --delay ms), `occupied`,
//! `offboard`, `junk`, `nonutf8`, `huge`, `error`, `stderr-flood`, `spawn` (starts a sleeping
//! child at once), `ignore-end`, `mute-start` (never answers START), `once` (answers ERROR to
//! every START after the first, so its process cannot be reused), `sleeper` (the child),
//! `hog` (allocates and touches --mb MB, kept until the end), `hog-child` (starts a child that
//! holds --mb MB, so only a measure of the whole process tree sees it; `hog-sleeper` is that
//! child), `spin` (a thread burns CPU from the start; every MESSAGE also gives `cpu MS`, the
//! process's CPU time so far, so tests can see whether it ran on the opponent's time).
//! Opening commands (SWAP1STBOARD, SWAPBOARD, SWAP2BOARD) are answered with random legal
//! stones, or `SWAP` half of the time where the command allows it.
//! `--tag` is ignored; tests use it to find leftover processes.
//! `--seed N` makes every move a function of N and the position alone (not of the process or
//! of earlier games), so that a match between seeded zoo engines plays the same games wherever
//! and in whatever order they are played (the sharding tests compare games one for one).
//! `INFO zoo_skill S` (0 to 100, default 0) sets how often, in percent, the engine plays the
//! greedy move (complete five, block four, lengthen its longest line) instead of a random one:
//! more skill wins more games, which gives the tuner's tests a parameter with a known better
//! value.
//! Every move comes with `MESSAGE zoo MODE pid PID cpus LIST move N` (N counts the process's
//! own moves; LIST is its `Cpus_allowed_list` at start), so tests can tell which process played
//! which game and where it was allowed to run.

use std::io::{self, BufRead, Write};
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

/// Touches every page of `mb` megabytes so that they count in the resident set.
fn hold_memory(mb: u64) -> Vec<u8> {
    let mut block = vec![0u8; (mb as usize) << 20];
    for i in (0..block.len()).step_by(4096) {
        block[i] = 1;
    }
    block
}

/// CPU time (user + system) of this process in ms, from /proc/self/stat.
fn cpu_ms() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command name; clock
    // ticks are 100 per second on Linux.
    let ticks: u64 =
        fields.get(11..13).map_or(0, |f| f.iter().filter_map(|v| v.parse::<u64>().ok()).sum());
    ticks * 10
}

struct Zoo {
    mode: String,
    after: usize,
    delay: u64,
    size: usize,
    cells: Vec<u8>,
    own_moves: usize,
    rng: u64,
    pid: u32,
    cpus: String,
    mb: u64,
    /// Memory held by `hog`, and the child started by `hog-child`.
    held: Vec<u8>,
    relaunch: Vec<String>,
    /// `--tag`, passed on to children so that tests can find them.
    tag: String,
    /// `--seed`: moves depend on the seed and the position only.
    seed: Option<u64>,
    /// `INFO zoo_skill`: percent of greedy moves.
    skill: f64,
}

impl Zoo {
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn set(&mut self, x: i64, y: i64, v: u8) {
        let s = self.size as i64;
        if (0..s).contains(&x) && (0..s).contains(&y) {
            self.cells[(y * s + x) as usize] = v;
        }
    }

    /// With `--seed`, the generator restarts from the seed and the position before each
    /// decision.
    fn reseed(&mut self) {
        if let Some(seed) = self.seed {
            let mut h = seed ^ 0xcbf2_9ce4_8422_2325;
            for &c in &self.cells {
                h = (h ^ u64::from(c)).wrapping_mul(0x100_0000_01b3);
            }
            h ^= h >> 29;
            self.rng = h | 1;
        }
    }

    /// The square of the greedy move: make five, else stop the opponent's five, else the
    /// longest own line (opponent lines count a little less); ties broken at random.
    fn greedy(&mut self) -> Option<usize> {
        let s = self.size as i64;
        let run = |cells: &[u8], x: i64, y: i64, dx: i64, dy: i64, who: u8| {
            let mut n = 0;
            let (mut cx, mut cy) = (x + dx, y + dy);
            while (0..s).contains(&cx)
                && (0..s).contains(&cy)
                && cells[(cy * s + cx) as usize] == who
            {
                n += 1;
                cx += dx;
                cy += dy;
            }
            n
        };
        let mut best: Vec<usize> = Vec::new();
        let mut best_score = -1;
        for i in 0..self.cells.len() {
            if self.cells[i] != 0 {
                continue;
            }
            let (x, y) = ((i % self.size) as i64, (i / self.size) as i64);
            let mut score = 0;
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                for (who, weight, five) in [(1u8, 10, 1000), (2u8, 9, 900)] {
                    let len = 1
                        + run(&self.cells, x, y, dx, dy, who)
                        + run(&self.cells, x, y, -dx, -dy, who);
                    score = score.max(if len >= 5 { five } else { len * weight });
                }
            }
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(i);
            }
        }
        if best.is_empty() {
            return None;
        }
        let k = (self.random() % best.len() as u64) as usize;
        Some(best[k])
    }

    fn misbehaving(&self) -> bool {
        self.own_moves >= self.after
    }

    /// A random empty square, marked as taken.
    fn take_random(&mut self) -> (usize, usize) {
        let empty: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] == 0).collect();
        let pick =
            if empty.is_empty() { 0 } else { empty[(self.random() % empty.len() as u64) as usize] };
        self.cells[pick] = 1;
        (pick % self.size, pick / self.size)
    }

    /// Answers an opening command (SWAP1STBOARD, SWAPBOARD, SWAP2BOARD) holding `stones`
    /// stones: `wanted` new stones when the board is empty, else `SWAP` or more stones.
    fn answer_opening(
        &mut self,
        word: &str,
        stones: usize,
        out: &mut impl Write,
    ) -> io::Result<()> {
        self.reseed();
        writeln!(out, "MESSAGE zoo {} pid {} opening {word} {stones}", self.mode, self.pid)?;
        let count = match (word, stones) {
            ("SWAP1STBOARD", 0) => 1,
            ("SWAPBOARD" | "SWAP2BOARD", 0) => 3,
            _ if self.random().is_multiple_of(2) => {
                writeln!(out, "SWAP")?;
                return out.flush();
            }
            ("SWAP2BOARD", 3) => 1 + (self.random() % 2) as usize,
            _ => 1,
        };
        let moves: Vec<String> = (0..count)
            .map(|_| {
                let (x, y) = self.take_random();
                format!("{x},{y}")
            })
            .collect();
        writeln!(out, "{}", moves.join(" "))?;
        out.flush()
    }

    /// Answers a move request, misbehaving as asked.
    fn answer(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.reseed();
        let empty: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] == 0).collect();
        let mut pick =
            if empty.is_empty() { 0 } else { empty[(self.random() % empty.len() as u64) as usize] };
        if self.skill > 0.0
            && ((self.random() % 10_000) as f64) < self.skill * 100.0
            && let Some(g) = self.greedy()
        {
            pick = g;
        }
        let (x, y) = (pick % self.size, pick / self.size);
        let bad = self.misbehaving();
        self.own_moves += 1;
        writeln!(
            out,
            "MESSAGE zoo {} pid {} cpus {} move {} cpu {}",
            self.mode,
            self.pid,
            self.cpus,
            self.own_moves,
            cpu_ms()
        )?;
        if bad {
            match self.mode.as_str() {
                "hog" if self.held.is_empty() => self.held = hold_memory(self.mb),
                "hog-child" if self.held.is_empty() => {
                    self.held.push(1);
                    let mut cmd = Command::new(&self.relaunch[0]);
                    cmd.args(&self.relaunch[1..]).args([
                        "hog-sleeper",
                        "--mb",
                        &self.mb.to_string(),
                        "--tag",
                        &self.tag,
                    ]);
                    cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn()?;
                }
                "crash" => std::process::exit(3),
                "hang" => loop {
                    thread::sleep(Duration::from_secs(1000));
                },
                "late" => {
                    out.flush()?;
                    thread::sleep(Duration::from_millis(self.delay));
                }
                "occupied" => {
                    if let Some(i) = (0..self.cells.len()).find(|&i| self.cells[i] != 0) {
                        writeln!(out, "{},{}", i % self.size, i / self.size)?;
                        return out.flush();
                    }
                }
                "offboard" => {
                    writeln!(out, "{},{}", self.size + 3, 1)?;
                    return out.flush();
                }
                "junk" => {
                    writeln!(out, "the best move is obviously the one in the middle")?;
                    return out.flush();
                }
                "nonutf8" => {
                    out.write_all(&[0xff, 0xfe, b'7', b',', 0xc3, b'\n'])?;
                    return out.flush();
                }
                "huge" => {
                    let big = "y".repeat(300_000);
                    writeln!(out, "MESSAGE {big}")?;
                    writeln!(out, "{big}")?;
                    return out.flush();
                }
                "error" => {
                    writeln!(out, "ERROR I do not feel like playing")?;
                    return out.flush();
                }
                // Rapfi's race: an ERROR for an INFO that arrived while it was busy, then the
                // move as usual.
                "error-then-move" => writeln!(out, "ERROR Unknown command: TIME_LEFT")?,
                "stderr-flood" => {
                    let line = "noise ".repeat(1000);
                    let mut err = io::stderr().lock();
                    for _ in 0..100 {
                        writeln!(err, "{line}")?;
                    }
                }
                _ => {}
            }
        }
        self.cells[pick] = 1;
        writeln!(out, "{x},{y}")?;
        out.flush()
    }
}

/// Runs one zoo engine on stdin/stdout. `args` are the mode and its options; `relaunch` is the
/// command that starts another zoo process (the program, then any leading arguments such as
/// `zoo` for `renzoku zoo`), used by the modes that start children.
pub fn run(args: &[String], relaunch: &[String]) -> io::Result<()> {
    let mode = args.first().cloned().unwrap_or_else(|| "good".to_string());
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mut zoo = Zoo {
        mode: mode.clone(),
        after: value("--after").unwrap_or(0) as usize,
        delay: value("--delay").unwrap_or(0),
        size: 15,
        cells: vec![0; 225],
        own_moves: 0,
        rng: 0x9E37_79B9_7F4A_7C15 ^ u64::from(std::process::id()),
        pid: std::process::id(),
        mb: value("--mb").unwrap_or(64),
        held: Vec::new(),
        relaunch: relaunch.to_vec(),
        tag: args
            .iter()
            .position(|a| a == "--tag")
            .and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_default(),
        seed: value("--seed"),
        skill: 0.0,
        cpus: std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
                    .map(|v| v.trim().to_string())
            })
            .unwrap_or_else(|| "?".to_string()),
    };
    if relaunch.is_empty() {
        return Err(io::Error::other("zoo: no command to relaunch itself"));
    }
    match mode.as_str() {
        "crash-start" => std::process::exit(2),
        "hog-sleeper" => {
            let held = hold_memory(zoo.mb);
            thread::sleep(Duration::from_secs(1000));
            drop(held);
            return Ok(());
        }
        "spin" => {
            thread::spawn(|| {
                let mut x = 0u64;
                loop {
                    x = std::hint::black_box(
                        x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1),
                    );
                }
            });
        }
        "sleeper" => {
            thread::sleep(Duration::from_secs(1000));
            return Ok(());
        }
        "spawn" => {
            let tag = args
                .iter()
                .position(|a| a == "--tag")
                .and_then(|i| args.get(i + 1))
                .cloned()
                .unwrap_or_default();
            Command::new(&relaunch[0])
                .args(&relaunch[1..])
                .args(["sleeper", "--tag", &tag])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()?;
        }
        _ => {}
    }
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut in_board = false;
    // The opening command whose block is being read, and its stone count.
    let mut in_opening: Option<(String, usize)> = None;
    let mut starts = 0;
    let lines = stdin.lock().lines();
    for line in lines {
        let line = line?;
        let t = line.trim();
        let upper = t.to_ascii_uppercase();
        if let Some((word, count)) = &mut in_opening {
            if upper == "DONE" {
                let (word, count) = (word.clone(), *count);
                in_opening = None;
                zoo.answer_opening(&word, count, &mut out)?;
            } else {
                let f: Vec<i64> = t.split(',').filter_map(|v| v.trim().parse().ok()).collect();
                if let [x, y, ..] = f[..] {
                    zoo.set(x, y, 2);
                    *count += 1;
                }
            }
            continue;
        }
        if in_board {
            if upper == "DONE" {
                in_board = false;
                zoo.answer(&mut out)?;
            } else {
                let f: Vec<i64> = t.split(',').filter_map(|v| v.trim().parse().ok()).collect();
                if let [x, y, c] = f[..] {
                    zoo.set(x, y, c as u8);
                }
            }
            continue;
        }
        let mut words = upper.split_whitespace();
        match words.next().unwrap_or("") {
            "START" => {
                if mode == "mute-start" {
                    continue;
                }
                starts += 1;
                if mode == "once" && starts > 1 {
                    writeln!(out, "ERROR this engine plays one game only")?;
                    out.flush()?;
                    continue;
                }
                zoo.size = words.next().and_then(|v| v.parse().ok()).unwrap_or(15);
                zoo.cells = vec![0; zoo.size * zoo.size];
                writeln!(out, "OK")?;
                out.flush()?;
            }
            "BEGIN" => zoo.answer(&mut out)?,
            "TURN" => {
                let f: Vec<i64> =
                    words.next().unwrap_or("").split(',').filter_map(|v| v.parse().ok()).collect();
                if let [x, y] = f[..] {
                    zoo.set(x, y, 2);
                }
                zoo.answer(&mut out)?;
            }
            "BOARD" => {
                zoo.cells.iter_mut().for_each(|c| *c = 0);
                in_board = true;
            }
            word @ ("SWAP1STBOARD" | "SWAPBOARD" | "SWAP2BOARD") => {
                zoo.cells.iter_mut().for_each(|c| *c = 0);
                in_opening = Some((word.to_string(), 0));
            }
            "INFO" => {
                if words.next() == Some("ZOO_SKILL")
                    && let Some(v) = words.next().and_then(|v| v.parse::<f64>().ok())
                {
                    zoo.skill = v.clamp(0.0, 100.0);
                }
            }
            "ABOUT" => {
                writeln!(out, "name=\"zoo-{mode}\", version=\"1.0\", author=\"Renzoku tests\"")?;
                out.flush()?;
            }
            "END" => {
                if mode == "ignore-end" {
                    loop {
                        thread::sleep(Duration::from_secs(1000));
                    }
                }
                return Ok(());
            }
            _ => {}
        }
    }
    if mode == "ignore-end" {
        loop {
            thread::sleep(Duration::from_secs(1000));
        }
    }
    Ok(())
}
