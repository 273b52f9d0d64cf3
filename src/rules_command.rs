//! `renzoku rules …`: command-line access to the rules library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Subcommand;
use renzoku_rules::{forbidden_points, format_stone_list_line, parse_stone_list_line};

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// Computes renju forbidden points (black to move) for lines `B x,y … | W x,y … [| F …]`.
    ///
    /// Each line is printed back with the computed `| F x,y …` part (sorted by y, then x); an F
    /// part already on the line is ignored. Blank lines and `#` comments are copied. A malformed
    /// line is answered with `ERROR line N: …` (also on stderr) and the exit code is 1.
    Forbid {
        /// File to read; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Board size: `N` or `WxH`.
        #[arg(long, default_value = "15", value_parser = parse_size)]
        size: (u8, u8),
    },
}

fn parse_size(s: &str) -> Result<(u8, u8), String> {
    let parse = |t: &str| -> Result<u8, String> {
        match t.trim().parse::<u8>() {
            Ok(n) if (renzoku_rules::MIN_SIZE..=renzoku_rules::MAX_SIZE).contains(&n) => Ok(n),
            _ => Err(format!("board sides must be 5 to 32, not '{t}'")),
        }
    };
    match s.split_once(['x', 'X']) {
        Some((w, h)) => Ok((parse(w)?, parse(h)?)),
        None => parse(s).map(|n| (n, n)),
    }
}

pub fn run(command: &RulesCommand) -> Result<ExitCode> {
    match command {
        RulesCommand::Forbid { file, size } => {
            let input: Box<dyn BufRead> = match file {
                Some(path) if path.as_os_str() != "-" => Box::new(BufReader::new(
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
                )),
                _ => Box::new(io::stdin().lock()),
            };
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            let failed = forbid_lines(input, &mut out, *size)?;
            out.flush()?;
            Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
    }
}

/// Answers every line; returns the number of malformed ones.
fn forbid_lines(input: impl BufRead, out: &mut impl Write, (w, h): (u8, u8)) -> Result<usize> {
    let mut failed = 0;
    for (i, line) in input.split(b'\n').enumerate() {
        let bytes = line.context("cannot read input")?;
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_end_matches('\r');
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            writeln!(out, "{text}")?;
            continue;
        }
        match parse_stone_list_line(text, w, h) {
            Ok(parsed) => {
                let f = forbidden_points(&parsed.board);
                writeln!(out, "{}", format_stone_list_line(&parsed.black, &parsed.white, &f))?;
            }
            Err(e) => {
                failed += 1;
                eprintln!("renzoku rules forbid: line {}: {e}", i + 1);
                writeln!(out, "ERROR line {}: {e}", i + 1)?;
            }
        }
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> (String, usize) {
        let mut out = Vec::new();
        let failed = forbid_lines(input.as_bytes(), &mut out, (15, 15)).expect("in memory");
        (String::from_utf8(out).expect("utf-8"), failed)
    }

    #[test]
    fn answers_good_lines_and_names_bad_ones() {
        let input = "# comment\nB 7,7 8,7 7,8 | W 0,0 1,0 2,0 | F 1,1\nB 7,7 99,1 | W\n\nB 6,7 8,7 7,6 7,8 | W 0,0 1,0 2,0 3,0\n";
        let (out, failed) = answer(input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(failed, 1);
        assert_eq!(lines[0], "# comment");
        assert_eq!(lines[1], "B 7,7 8,7 7,8 | W 0,0 1,0 2,0 | F");
        assert!(lines[2].starts_with("ERROR line 3:"), "{}", lines[2]);
        assert_eq!(lines[3], "");
        // Two open threes cross at 7,7 … but 7,7 is empty only in this last case.
        assert_eq!(lines[4], "B 6,7 8,7 7,6 7,8 | W 0,0 1,0 2,0 3,0 | F 7,7");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("15"), Ok((15, 15)));
        assert_eq!(parse_size("20x15"), Ok((20, 15)));
        assert!(parse_size("4").is_err());
        assert!(parse_size("33").is_err());
    }
}
