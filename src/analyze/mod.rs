//! `renzoku analyze FILE`: the engine's comments on a played game. Every position of the game
//! is searched for the time given; the result is an annotated SGF (each move's evaluation, the
//! engine's choice and line, the mistakes marked) and, with `--svg`, the evaluation graph.

mod annotate;
mod games;
mod sgf_out;
mod svg;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use renzoku_rules::Rule;

use annotate::Settings;
use sgf_out::Thresholds;

#[derive(Args, Debug)]
#[command(after_help = "\
FILE is an SGF (ours, the referee's, c-gomoku-cli's or any FF[4] gomoku SGF), a PGN (ours: the
moves in a {h8 i9} comment; or move text of squares or x,y pairs; c-gomoku-cli's PGN holds only
dummy chess moves), a PSQ (Piskvork, GomocupJudge) or a match journal (-jsonl). The rule comes from the file (SGF RU[], the
journal) unless --rule is given; freestyle when neither says.

Example:
  renzoku analyze games.sgf --game 3 --ms 500 --out game3.sgf --svg game3.svg")]
pub struct AnalyzeArgs {
    /// The game file: .sgf, .pgn, .psq or .jsonl.
    file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Search time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    ms: u64,
    /// Gomocup rule (0 freestyle, 1 standard, 4 renju, 8 caro, 9 caro standard) or its name;
    /// overrides the file's.
    #[arg(long)]
    rule: Option<Rule>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A move that loses at least this share of the mover's expected score (0..1) is marked as
    /// a mistake, twice as much as a blunder.
    #[arg(long, default_value_t = 0.15)]
    threshold: f64,
    /// The annotated SGF to write.
    #[arg(long)]
    out: PathBuf,
    /// Also write the evaluation graph as SVG here.
    #[arg(long)]
    svg: Option<PathBuf>,
}

pub fn run(args: &AnalyzeArgs) -> Result<ExitCode> {
    if !(args.threshold > 0.0 && args.threshold < 1.0) {
        bail!("--threshold {} is not between 0 and 1", args.threshold);
    }
    if args.threads == 0 {
        bail!("--threads must be at least 1");
    }
    let games = games::read(&args.file).map_err(|e| anyhow!(e))?;
    let count = games.len();
    let game = games.into_iter().nth(args.game.wrapping_sub(1)).ok_or_else(|| {
        anyhow!("--game {}: {} holds {count} game(s)", args.game, args.file.display())
    })?;
    if game.moves.is_empty() {
        bail!("game {} of {} has no moves", args.game, args.file.display());
    }
    let settings = Settings {
        rule: args.rule.or(game.rule).unwrap_or(Rule::Freestyle),
        ms_per_position: args.ms,
        threads: args.threads,
    };
    let progress = ProgressBar::new(annotate::positions(&game));
    // Hidden when stderr is not a terminal (indicatif's default), so logs stay clean.
    progress.set_draw_target(ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {pos}/{len} positions, ETA {eta}",
    ) {
        progress.set_style(style.progress_chars("=> "));
    }
    let notes = annotate::analyse(&game, settings, &progress)
        .map_err(|e| anyhow!("game {} of {}: {e}", args.game, args.file.display()))?;
    progress.finish_and_clear();
    let thresholds = Thresholds { mistake: args.threshold };
    let sgf = sgf_out::write(&game, &notes, settings, thresholds);
    std::fs::write(&args.out, sgf)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    if let Some(path) = &args.svg {
        let title = format!("{} vs {}: black's expected score", game.black, game.white);
        std::fs::write(path, svg::graph(&title, &notes, thresholds))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let marked = notes.iter().filter(|n| sgf_out::severity(n, thresholds) > 0).count();
    println!(
        "{} moves analysed ({} ms per position, {}): {marked} marked as mistakes; wrote {}{}",
        notes.len(),
        args.ms,
        settings.rule,
        args.out.display(),
        args.svg.as_ref().map(|p| format!(" and {}", p.display())).unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}
