//! `renzoku referee`: one game from a configuration file (TOML or liskvork INI) with
//! command-line overrides, or `--replay FILE` to watch a recorded game.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use renzoku_referee::event::Observer;
use renzoku_referee::{EXIT_CONFIG, EXIT_RUN, RawConfig};

const AFTER_HELP: &str = "\
Exit codes (as Piskvork's batch mode):
  1  player 1 won          2  player 2 won          3  draw
  0  --replay shown, or --help
  4  bad command line or configuration (file:line: reason), a brain that cannot be run (its
     path and the directory it was resolved against are named) or an unreadable opening
     file: nothing is played
  5  the game could not be run or recorded (record file, live view address)
  6  interrupted (SIGINT/SIGTERM): the brains are killed, the replay keeps the moves so far

Player 1 plays black unless an opening rule's swap gives black to player 2. Times are in
milliseconds and 0 means no limit (liskvork's convention); memory is in bytes (K, M, G
suffixes allowed: binary multiples) and is measured over the brain's whole process tree.
A player whose path is `human` types moves at the terminal (x,y or h8, row 1 at the top).

Examples:
  renzoku referee examples/referee.toml
  renzoku referee liskvork-config.ini --timeout-turn 2000 --sgf game.sgf
  renzoku referee --player1 ./pbrain-a --player2 human --rule 4 --size 15
  renzoku referee --replay replay.log --delay 500";

#[derive(Parser, Debug)]
#[command(
    name = "renzoku referee",
    about = "Referee one game between two Gomocup brains (or a brain and a human), liskvork-style",
    after_help = AFTER_HELP
)]
struct RefereeArgs {
    /// Configuration file: `*.toml`, or liskvork's INI format (any other name).
    config: Option<PathBuf>,
    /// Show a recorded game (a replay file) move by move instead of playing one.
    #[arg(long, value_name = "FILE", conflicts_with = "config")]
    replay: Option<PathBuf>,
    /// With --replay: wait this long between moves (default: Enter on a terminal, else none).
    #[arg(long, value_name = "MS", requires = "replay")]
    delay: Option<u64>,
    /// Gomocup rule: 0 freestyle, 1 standard, 4 renju, 8 caro, 9 caro standard.
    #[arg(long)]
    rule: Option<u8>,
    /// Board size, 5 to 32.
    #[arg(long)]
    size: Option<u32>,
    /// Player 1's brain command line (or `human`).
    #[arg(long, value_name = "CMD")]
    player1: Option<String>,
    /// Player 2's brain command line (or `human`).
    #[arg(long, value_name = "CMD")]
    player2: Option<String>,
    #[arg(long, value_name = "NAME")]
    name1: Option<String>,
    #[arg(long, value_name = "NAME")]
    name2: Option<String>,
    /// This seat (1 or 2) is played by a human at the terminal.
    #[arg(long, value_name = "SEAT", value_parser = clap::value_parser!(u8).range(1..=2))]
    human: Option<u8>,
    /// Per-move limit of both players, ms (0 = none).
    #[arg(long, value_name = "MS")]
    timeout_turn: Option<u64>,
    /// Whole-game limit of both players, ms (0 = none).
    #[arg(long, value_name = "MS")]
    timeout_match: Option<u64>,
    /// Fischer increment of both players, ms added after every move.
    #[arg(long, value_name = "MS")]
    increment: Option<u64>,
    /// Slack on every deadline, ms.
    #[arg(long, value_name = "MS")]
    tolerance: Option<u64>,
    /// Memory per player (whole process tree): bytes, or with a K/M/G suffix; 0 = none.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    max_memory: Option<u64>,
    /// A brain over --max-memory loses (default: the limit is only announced, as liskvork).
    #[arg(long)]
    enforce_memory: bool,
    /// Opening file (offset lines `dx,dy, …` or pos lines `h8i9…`); player 1 is black.
    #[arg(long, value_name = "FILE")]
    opening: Option<String>,
    /// Format of --opening: offset or pos.
    #[arg(long, value_name = "FORMAT")]
    opening_format: Option<String>,
    /// Which opening of the file, from 1.
    #[arg(long, value_name = "N")]
    opening_line: Option<usize>,
    /// Opening rule played by the players: none, swap1st, swap, swap2.
    #[arg(long, value_name = "RULE")]
    opening_rule: Option<String>,
    /// Stop (SIGSTOP) each brain while its opponent thinks, so pondering cannot steal time.
    #[arg(long)]
    pause_opponent: bool,
    /// Draw once this many stones are on the board.
    #[arg(long, value_name = "N")]
    move_limit: Option<u32>,
    /// Write the replay (JSON lines) here.
    #[arg(long, value_name = "FILE")]
    replay_file: Option<String>,
    /// Write the game as SGF here.
    #[arg(long, value_name = "FILE")]
    sgf: Option<String>,
    /// Log every protocol line (both directions, time-stamped) here.
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
    /// Append the board after every stone here (liskvork's board log).
    #[arg(long, value_name = "FILE")]
    board_file: Option<String>,
    /// Serve the live view at ADDR (a port alone means 127.0.0.1:PORT).
    #[arg(long, value_name = "ADDR")]
    serve: Option<String>,
    /// After the game, wait for Enter before exiting (keeps the live view up; liskvork's
    /// `auto_close = false`).
    #[arg(long)]
    hold: bool,
    /// Show the brains' MESSAGE lines.
    #[arg(short, long)]
    verbose: bool,
}

/// `123`, `64K`, `256M`, `1G` (binary multiples).
fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, mult) = match t.char_indices().last() {
        Some((i, 'k' | 'K')) => (&t[..i], 1u64 << 10),
        Some((i, 'm' | 'M')) => (&t[..i], 1 << 20),
        Some((i, 'g' | 'G')) => (&t[..i], 1 << 30),
        _ => (t, 1),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("'{s}' is not a byte count (e.g. 268435456, 256M, 1G)"))
}

impl RefereeArgs {
    /// Puts every option given on the command line over the file's values.
    fn apply(self, raw: &mut RawConfig) {
        let g = &mut raw.game;
        g.rule = self.rule.or(g.rule);
        g.board_size = self.size.or(g.board_size);
        g.max_memory = self.max_memory.or(g.max_memory);
        if self.enforce_memory {
            g.enforce_max_memory = Some(true);
        }
        g.tolerance = self.tolerance.or(g.tolerance);
        if self.pause_opponent {
            g.pause_opponent = Some(true);
        }
        g.opening = self.opening.or(g.opening.take());
        g.opening_format = self.opening_format.or(g.opening_format.take());
        g.opening_line = self.opening_line.or(g.opening_line);
        g.opening_rule = self.opening_rule.or(g.opening_rule.take());
        g.move_limit = self.move_limit.or(g.move_limit);
        for (seat, (p, cmd, name)) in [
            (&mut raw.player1, self.player1, self.name1),
            (&mut raw.player2, self.player2, self.name2),
        ]
        .into_iter()
        .enumerate()
        {
            p.path = cmd.or(p.path.take());
            if self.human == Some(seat as u8 + 1) {
                p.path = Some("human".into());
            }
            p.name = name.or(p.name.take());
            p.timeout_turn = self.timeout_turn.or(p.timeout_turn);
            p.timeout_match = self.timeout_match.or(p.timeout_match);
            p.increment = self.increment.or(p.increment);
        }
        let l = &mut raw.log;
        if self.replay_file.is_some() {
            l.replay_file = self.replay_file;
            l.replay_file_enabled = Some(true);
        }
        l.sgf_file = self.sgf.or(l.sgf_file.take());
        l.protocol_file = self.log.or(l.protocol_file.take());
        l.board_file = self.board_file.or(l.board_file.take());
        raw.live.serve = self.serve.or(raw.live.serve.take());
        if self.hold {
            raw.other.auto_close = Some(false);
        }
    }
}

fn show_replay(path: &std::path::Path, delay: Option<u64>) -> ExitCode {
    let replay = match renzoku_referee::replay::read(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("renzoku referee: {e}");
            return ExitCode::from(EXIT_RUN);
        }
    };
    let interactive = delay.is_none() && std::io::stdin().is_terminal();
    let mut step = || {
        if let Some(ms) = delay {
            std::thread::sleep(Duration::from_millis(ms));
        } else if interactive {
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
        }
    };
    if interactive {
        println!("(Enter shows the next stone)");
    }
    let mut out = std::io::stdout().lock();
    match renzoku_referee::replay::show(&replay, &mut out, &mut step) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("renzoku referee: {e}");
            ExitCode::from(EXIT_RUN)
        }
    }
}

/// Runs `renzoku referee` with the arguments after the word `referee`.
pub fn run(args: &[String]) -> ExitCode {
    let parsed = RefereeArgs::try_parse_from(
        std::iter::once("renzoku referee".to_string()).chain(args.iter().cloned()),
    );
    let args = match parsed {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(EXIT_CONFIG) } else { ExitCode::SUCCESS };
        }
    };
    if let Some(path) = &args.replay {
        return show_replay(path, args.delay);
    }
    let mut raw = match &args.config {
        Some(path) => match renzoku_referee::config::load(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("renzoku referee: {e}");
                return ExitCode::from(EXIT_CONFIG);
            }
        },
        None => RawConfig::default(),
    };
    let verbose = args.verbose;
    args.apply(&mut raw);
    let config = match raw.finish() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("renzoku referee: {e}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    // Brains that cannot be started and unreadable openings stop the run before any game.
    if let Err(problems) = renzoku_referee::preflight::check(&config) {
        for line in problems.lines() {
            eprintln!("renzoku referee: {line}");
        }
        return ExitCode::from(EXIT_CONFIG);
    }
    // The live view is bound before any brain starts, so a busy port costs no game.
    let mut live = None;
    let _server = match config.serve {
        None => None,
        Some(addr) => {
            let hub = renzoku_live::LiveHub::new();
            match renzoku_live::serve(addr, hub.clone()) {
                Ok(server) => {
                    eprintln!("Live view: http://{}/", server.local_addr());
                    live = Some(renzoku_referee::live::LivePublisher::new(hub));
                    Some(server)
                }
                Err(e) => {
                    eprintln!("renzoku referee: cannot serve the live view on {addr}: {e}");
                    return ExitCode::from(EXIT_RUN);
                }
            }
        }
    };
    let mut extra_refs: Vec<&mut dyn Observer> = Vec::new();
    if let Some(l) = live.as_mut() {
        extra_refs.push(l);
    }
    let display = renzoku_referee::Display { verbose };
    match renzoku_referee::run(&config, display, &mut extra_refs) {
        Ok(ending) => ExitCode::from(ending.exit_code()),
        Err(e) => {
            eprintln!("renzoku referee: {e}");
            ExitCode::from(EXIT_RUN)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts() {
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert_eq!(parse_bytes("64k"), Ok(65536));
        assert_eq!(parse_bytes("256M"), Ok(256 << 20));
        assert_eq!(parse_bytes("1G"), Ok(1 << 30));
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("-1").is_err());
    }
}
