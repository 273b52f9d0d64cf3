//! `renzoku board`: serves the board page (play and analysis in the browser) and waits for
//! Ctrl-C; every page's brain ends with the server.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Args;
use renzoku_board::{BoardConfig, EngineSpec, parse_serve_addr};

#[derive(Args, Debug)]
pub struct BoardArgs {
    /// A brain's command line: the program and its arguments separated by blanks (no shell).
    /// Repeat for a choice on the page. Default: pbrain-renzoku next to this program (else
    /// `renzoku brain`).
    #[arg(long = "engine", value_name = "CMD")]
    engines: Vec<String>,
    /// Where to serve: PORT (loopback) or HOST:PORT. A non-loopback host lets other machines
    /// use this computer's engines.
    #[arg(long, value_name = "[HOST:]PORT", default_value = "8750")]
    serve: String,
    /// Games (pages, each with its own brain process) open at once.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    max_games: u16,
}

/// pbrain-renzoku built beside this program, else this program's own `renzoku brain`.
fn default_engine() -> Result<EngineSpec> {
    let me = std::env::current_exe().context("cannot find this program's path")?;
    let sibling = me.with_file_name(format!("pbrain-renzoku{}", std::env::consts::EXE_SUFFIX));
    if sibling.is_file() {
        return Ok(EngineSpec {
            name: "renzoku".into(),
            program: sibling.to_string_lossy().into_owned(),
            args: Vec::new(),
        });
    }
    Ok(EngineSpec {
        name: "renzoku".into(),
        program: me.to_string_lossy().into_owned(),
        args: vec!["brain".into()],
    })
}

pub fn run(args: &BoardArgs) -> Result<ExitCode> {
    let addr = parse_serve_addr(&args.serve).map_err(anyhow::Error::msg)?;
    let mut engines = Vec::new();
    for command in &args.engines {
        engines.push(EngineSpec::parse(command).map_err(anyhow::Error::msg)?);
    }
    if engines.is_empty() {
        engines.push(default_engine()?);
    }
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: serving on {addr}, not loopback: anyone who can reach this address can \
             play against and use this computer's engines"
        );
    }
    let config = BoardConfig { engines, max_games: usize::from(args.max_games) };
    let server = match renzoku_board::serve(addr, config) {
        Ok(server) => server,
        Err(e) => bail!("cannot serve the board on {addr}: {e}"),
    };
    println!("Renzoku board: http://{}/  (Ctrl-C stops it)", server.local_addr());
    server.run_until_interrupted().context("waiting for Ctrl-C")?;
    Ok(ExitCode::SUCCESS)
}
