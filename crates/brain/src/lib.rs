//! The Renzoku brain as a library: the protocol loop of `pbrain-renzoku`, also run in-process by
//! `renzoku brain` (so the `renzoku match` demo needs no separate binary).
//!
//! A reader thread always owns stdin, a controller thread owns the position and the engine, and
//! one writer prints every reply line.

mod analysis;
mod balance;
mod controller;
mod eval_file;
mod extended;
mod flags;
mod openings;
mod output;
mod position;
mod reader;
mod settings;
mod summary;
mod think;
mod yxopening;

use std::sync::{Arc, Mutex};

use anyhow::Context;

use crate::analysis::Analysis;
use crate::controller::Controller;
use crate::flags::Flags;
use crate::output::Output;
use crate::reader::Reader;
use crate::settings::Settings;

/// Speaks the protocol on stdin/stdout until `END` or end of input.
pub fn run_protocol() -> anyhow::Result<()> {
    let out = Output::new(Box::new(std::io::stdout()));
    let flags = Arc::new(Flags::default());
    let settings = Arc::new(Mutex::new(Settings::default()));
    let analysis = Arc::new(Analysis::default());
    // The pattern tables take tens of milliseconds per rule: build them while the manager is
    // still sending START and INFO.
    renzoku_engine::prepare_all_in_background();
    let (tx, rx) = crossbeam_channel::unbounded();
    let (done_tx, done_rx) = crossbeam_channel::bounded(0);
    let controller = Controller::new(
        rx,
        Arc::clone(&flags),
        Arc::clone(&settings),
        Arc::clone(&analysis),
        out.clone(),
        done_tx,
    );
    std::thread::Builder::new()
        .name("controller".into())
        .spawn(move || controller.run())
        .context("cannot start the controller thread")?;
    Reader::new(tx, done_rx, flags, settings, analysis, out).run(std::io::stdin().lock())
}

/// The engine's fixed bench: prints `N nodes M nps`.
pub fn run_bench(depth: Option<u32>) {
    let report = renzoku_engine::bench_with(depth.unwrap_or(renzoku_engine::BENCH_DEPTH));
    println!("{} nodes {} nps", report.nodes, report.nps);
}

/// Loads the weights files of `--eval-file` before anything else (one per rule family; a later
/// file of the same family wins). An unusable file stops the brain: the user asked for it.
pub fn load_eval_files(paths: &[std::path::PathBuf]) -> anyhow::Result<()> {
    for path in paths {
        let info = renzoku_engine::load_eval_file(path)?;
        eprintln!("pbrain-renzoku: {info}");
    }
    Ok(())
}

/// `pbrain-renzoku nets [FILE]...`: the nets in use (built-in or from `--eval-file`), or what
/// the given weights files hold, checked as the brain would load them.
pub fn show_nets(files: &[std::path::PathBuf]) -> anyhow::Result<()> {
    if files.is_empty() {
        for info in renzoku_engine::eval_nets() {
            println!("{info}");
        }
        return Ok(());
    }
    let mut failed = 0;
    for path in files {
        match renzoku_engine::load_eval_file(path) {
            Ok(info) => println!("{info}"),
            Err(e) => {
                println!("error: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        anyhow::bail!("{failed} of {} files cannot be used", files.len());
    }
    Ok(())
}
