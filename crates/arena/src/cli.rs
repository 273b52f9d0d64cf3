//! `renzoku match …`: the c-gomoku-cli command line.

use crate::config::options;

pub const USAGE: &str = "\
usage: renzoku match [-each ENGINE_OPTIONS] -engine ENGINE_OPTIONS -engine ENGINE_OPTIONS … [OPTIONS]

engine options: cmd=COMMAND name=NAME tc=MATCH[/TURN][+INC] depth=N nodes=N maxmemory=BYTES
                thread=N tolerance=SECONDS option.KEY=VALUE
options: -concurrency N -drawafter N -rule 0|1|4|8|9 -boardsize 5..32 -games N -rounds N
         -gauntlet -loseonly -repeat -transform -sprt [elo0=E0] elo1=E1 [alpha=A] [beta=B]
         [model=bayesian|logistic|normalized] -log -debug -sendbyboard -fatalerror
         -openings file=FILE [type=offset|pos] [order=sequential|random] [srand=N]
         -pgn FILE -sgf FILE -msg FILE -jsonl FILE -resume -ratinginterval N
         -sample [freq=F] [format=csv|bin|bin_lz4] [file=FILE] -hangtimeout SECONDS
         -affinity on|off -serve [HOST:]PORT -shard I/N|slurm|k8s[/N]
-hangtimeout: an engine without a clock (no tc, or only depth=/nodes=) that has not answered a
         move after SECONDS (default 60) loses by `hang` and is killed.
-affinity on|off: with 2 or more workers and no more workers than CPUs, each worker and its
         engines run on their own share of the CPUs (default on; much faster with quick engines).
-serve:  shows the run on a web page at http://HOST:PORT/ (standings, Elo, the games in
         progress move by move with clocks and engine reports); a bare PORT listens on
         127.0.0.1 only, give 0.0.0.0:PORT to let other machines watch. Port 0 picks a free one.
-debug:  also -log; prints the board after every move and the engines' MESSAGE, DEBUG, UNKNOWN
         and ERROR lines.
-jsonl:  the journal, one line per finished game (with the engines' messages when -msg is
         given, and the sampled moves when -sample is).
-resume: with -jsonl, plays only the games missing from the journal; the PGN, SGF, message and
         sample files are rebuilt from the journal first.
-shard:  play only shard I of N of the match (game pairs kept together; the N shards play, between
         them, exactly the games of the unsharded run). Every output file gets .shard-I-of-N
         before its extension; -jsonl is required; `renzoku merge` joins the journals. With
         -sprt, each shard also reads the other shards' journals between games and stops when the
         test on all of them decides (NAME.sprt-decision.json beside the journals stops the
         others). `slurm` takes I/N from a job array (SLURM_ARRAY_TASK_ID and the array's size),
         `k8s` from an Indexed Job (JOB_COMPLETION_INDEX; N from k8s/N or RENZOKU_SHARD_COUNT).
         Without srand, the shards draw the seed from the options, so they all agree.
Engine processes are kept from game to game (START again) and restarted only after a fault.
Options take one or two dashes. With no engine, a short demo match of pbrain-renzoku against
itself is played.";

/// Runs `renzoku match` with the arguments after `match`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help" || a == "-help") {
        println!("{USAGE}");
        return 0;
    }
    let opts = match options::parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("renzoku match: {e}\n\n{USAGE}");
            return 2;
        }
    };
    if opts.engines.is_empty() {
        return crate::demo::run(opts);
    }
    match crate::run::runner::run(&opts, None) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("renzoku match: {e}");
            1
        }
    }
}
