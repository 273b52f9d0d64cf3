//! The c-gomoku-cli command line, parsed by hand into typed settings and then validated.
//!
//! Options take one dash (`-rule 4`) or two (`--rule 4`). `-engine` and `-each` are followed by
//! `key=value` words up to the next option; so are `-openings`, `-sample` and `-sprt`.

use std::path::PathBuf;

use renzoku_rules::Rule;

use crate::config::shard::Shard;
use crate::config::timecontrol::TimeControl;
use crate::statistics::sprt::{SprtModel, SprtParams};

/// Default memory limit: 350 MB, as Gomocup.
pub const DEFAULT_MAX_MEMORY: u64 = 367_001_600;

/// Default `-hangtimeout`: 60 s per move for an engine without a clock.
pub const DEFAULT_HANG_TIMEOUT_MS: u64 = 60_000;

/// How one engine is run and configured.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineOptions {
    pub cmd: String,
    pub name: Option<String>,
    pub tc: TimeControl,
    pub depth: u32,
    pub nodes: u64,
    pub max_memory: u64,
    pub threads: Option<u32>,
    pub tolerance_ms: u64,
    /// `option.O=V` pairs, sent as `INFO O V` before each game.
    pub infos: Vec<(String, String)>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            cmd: String::new(),
            name: None,
            tc: TimeControl::default(),
            depth: 0,
            nodes: 0,
            max_memory: DEFAULT_MAX_MEMORY,
            threads: None,
            tolerance_ms: 3000,
            infos: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    Offset,
    Pos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningOptions {
    pub file: PathBuf,
    pub format: OpeningFormat,
    pub random: bool,
    /// 0 = pick an unpredictable seed (recorded in the journal so `-resume` can replay it).
    pub srand: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleFormat {
    Csv,
    Bin,
    BinLz4,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SampleOptions {
    pub freq: f64,
    pub format: SampleFormat,
    pub file: PathBuf,
}

/// Everything the command line says.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub engines: Vec<EngineOptions>,
    pub concurrency: usize,
    pub draw_after: u32,
    pub rule: Rule,
    pub board_size: u8,
    pub games: u32,
    pub rounds: u32,
    pub gauntlet: bool,
    pub lose_only: bool,
    pub repeat: bool,
    pub transform: bool,
    pub sprt: Option<SprtParams>,
    pub log: bool,
    pub debug: bool,
    pub send_by_board: bool,
    pub fatal_error: bool,
    pub openings: Option<OpeningOptions>,
    pub pgn: Option<PathBuf>,
    pub sgf: Option<PathBuf>,
    pub msg: Option<PathBuf>,
    pub sample: Option<SampleOptions>,
    pub jsonl: Option<PathBuf>,
    pub resume: bool,
    /// Print the statistics every this many finished games (0: only at the end).
    pub rating_interval: u32,
    /// Draw the board after every move (the demo match).
    pub show_board: bool,
    /// `-hangtimeout`: how long an engine without a clock (no `tc`, or only depth/nodes limits)
    /// may think about one move before it loses by `hang` and is killed.
    pub hang_timeout_ms: u64,
    /// `-affinity on|off`: bind each worker and its engines to its own share of the CPUs (see
    /// [`crate::run::affinity`]).
    pub affinity: bool,
    /// `-serve ADDR`: the live web view of the run (see [`crate::games::live`]).
    pub serve: Option<std::net::SocketAddr>,
    /// `-shard I/N|slurm|k8s[/N]`: play only this share of the schedule (see
    /// [`crate::config::shard`]).
    pub shard: Option<Shard>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engines: Vec::new(),
            concurrency: 1,
            draw_after: 0,
            rule: Rule::Freestyle,
            board_size: 15,
            games: 1,
            rounds: 1,
            gauntlet: false,
            lose_only: false,
            repeat: false,
            transform: false,
            sprt: None,
            log: false,
            debug: false,
            send_by_board: false,
            fatal_error: false,
            openings: None,
            pgn: None,
            sgf: None,
            msg: None,
            sample: None,
            jsonl: None,
            resume: false,
            rating_interval: 10,
            show_board: false,
            hang_timeout_ms: DEFAULT_HANG_TIMEOUT_MS,
            affinity: true,
            serve: None,
            shard: None,
        }
    }
}

/// Parses the arguments after `match` (the program name excluded) and validates them.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut each: Vec<(String, String)> = Vec::new();
    let mut engine_words: Vec<Vec<(String, String)>> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let Some(name) = option_name(arg) else {
            return Err(format!("unexpected argument '{arg}'"));
        };
        i += 1;
        // The key=value words following an option.
        let start = i;
        while i < args.len() && option_name(&args[i]).is_none() {
            i += 1;
        }
        let words = &args[start..i];
        let kv = || key_values(name, words);
        let single = || single_value(name, words);
        match name {
            "engine" => engine_words.push(kv()?),
            "each" => each.extend(kv()?),
            "concurrency" => o.concurrency = number(name, &single()?)?,
            "drawafter" => o.draw_after = number(name, &single()?)?,
            "rule" => {
                let v = single()?;
                o.rule = v
                    .parse::<i64>()
                    .ok()
                    .and_then(Rule::from_gomocup)
                    .ok_or_else(|| format!("unsupported rule '{v}' (0, 1, 4, 8 or 9)"))?;
            }
            "boardsize" => o.board_size = number(name, &single()?)?,
            "games" => o.games = number(name, &single()?)?,
            "rounds" => o.rounds = number(name, &single()?)?,
            "ratinginterval" => o.rating_interval = number(name, &single()?)?,
            "hangtimeout" => {
                let v = single()?;
                let s = float(name, &v)?;
                if s <= 0.0 || s > 1e9 {
                    return Err(format!(
                        "-hangtimeout must be a positive number of seconds, got {v}"
                    ));
                }
                o.hang_timeout_ms = ((s * 1000.0).round() as u64).max(1);
            }
            "gauntlet" => o.gauntlet = flag(name, words)?,
            "affinity" => {
                o.affinity = match single()?.as_str() {
                    "on" => true,
                    "off" => false,
                    v => return Err(format!("-affinity takes on or off, got '{v}'")),
                }
            }
            "loseonly" => o.lose_only = flag(name, words)?,
            "repeat" => o.repeat = flag(name, words)?,
            "transform" => o.transform = flag(name, words)?,
            "log" => o.log = flag(name, words)?,
            "debug" => {
                o.debug = flag(name, words)?;
                o.log = true;
            }
            "sendbyboard" => o.send_by_board = flag(name, words)?,
            "fatalerror" => o.fatal_error = flag(name, words)?,
            "resume" => o.resume = flag(name, words)?,
            "pgn" => o.pgn = Some(path_value(name, words)?),
            "sgf" => o.sgf = Some(path_value(name, words)?),
            "msg" => o.msg = Some(path_value(name, words)?),
            "jsonl" => o.jsonl = Some(path_value(name, words)?),
            "openings" => o.openings = Some(parse_openings(&kv()?)?),
            "sample" => o.sample = Some(parse_sample(&kv()?)?),
            "sprt" => o.sprt = Some(parse_sprt(&kv()?)?),
            "serve" => {
                let text = single()?;
                let addr = renzoku_live::serve_address::parse(&text);
                o.serve = Some(addr.map_err(|e| format!("-serve: {e}"))?);
            }
            "shard" => {
                o.shard =
                    Some(crate::config::shard::parse(&single()?, &|k| std::env::var(k).ok())?);
            }
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    for words in engine_words {
        let mut e = EngineOptions::default();
        // -each applies to every engine; an engine's own words win.
        for (k, v) in each.iter().chain(words.iter()) {
            apply_engine_option(&mut e, k, v)?;
        }
        if e.cmd.is_empty() {
            return Err("-engine without cmd=COMMAND".to_string());
        }
        o.engines.push(e);
    }
    validate(&o)?;
    Ok(o)
}

fn option_name(arg: &str) -> Option<&str> {
    let name = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'))?;
    // A negative number is a value, not an option.
    (!name.is_empty() && name.starts_with(|c: char| c.is_ascii_alphabetic())).then_some(name)
}

fn key_values(option: &str, words: &[String]) -> Result<Vec<(String, String)>, String> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("-{option}: expected key=value, got '{w}'"))
        })
        .collect()
}

fn single_value(option: &str, words: &[String]) -> Result<String, String> {
    match words {
        [v] => Ok(v.clone()),
        [] => Err(format!("-{option} needs a value")),
        _ => Err(format!("-{option} takes one value, got {}", words.join(" "))),
    }
}

fn path_value(option: &str, words: &[String]) -> Result<PathBuf, String> {
    single_value(option, words).map(PathBuf::from)
}

fn flag(option: &str, words: &[String]) -> Result<bool, String> {
    if words.is_empty() {
        Ok(true)
    } else {
        Err(format!("-{option} takes no value, got '{}'", words.join(" ")))
    }
}

fn number<T: std::str::FromStr>(what: &str, v: &str) -> Result<T, String> {
    v.trim().parse().map_err(|_| format!("{what}: invalid number '{v}'"))
}

fn float(what: &str, v: &str) -> Result<f64, String> {
    let x: f64 = number(what, v)?;
    if x.is_finite() { Ok(x) } else { Err(format!("{what}: invalid number '{v}'")) }
}

fn apply_engine_option(e: &mut EngineOptions, key: &str, value: &str) -> Result<(), String> {
    if let Some(info) = key.strip_prefix("option.") {
        if info.is_empty() || info.contains(char::is_whitespace) {
            return Err(format!("invalid engine option name '{key}'"));
        }
        e.infos.retain(|(k, _)| k != info);
        e.infos.push((info.to_string(), value.to_string()));
        return Ok(());
    }
    match key {
        "cmd" => e.cmd = value.to_string(),
        "name" => e.name = Some(value.to_string()),
        "tc" => e.tc = TimeControl::parse(value)?,
        "depth" => e.depth = number(key, value)?,
        "nodes" => e.nodes = number(key, value)?,
        "maxmemory" => e.max_memory = number(key, value)?,
        "thread" | "threads" => e.threads = Some(number(key, value)?),
        "tolerance" => {
            let s = float(key, value)?;
            if s < 0.0 {
                return Err(format!("tolerance must not be negative, got {value}"));
            }
            e.tolerance_ms = (s * 1000.0).round() as u64;
        }
        _ => return Err(format!("unknown engine option '{key}'")),
    }
    Ok(())
}

fn parse_openings(kv: &[(String, String)]) -> Result<OpeningOptions, String> {
    let mut o = OpeningOptions {
        file: PathBuf::new(),
        format: OpeningFormat::Offset,
        random: false,
        srand: 0,
    };
    for (k, v) in kv {
        match k.as_str() {
            "file" => o.file = PathBuf::from(v),
            "type" => {
                o.format = match v.as_str() {
                    "offset" => OpeningFormat::Offset,
                    "pos" => OpeningFormat::Pos,
                    _ => return Err(format!("-openings: unknown type '{v}' (offset or pos)")),
                }
            }
            "order" => {
                o.random = match v.as_str() {
                    "random" => true,
                    "sequential" => false,
                    _ => return Err(format!("-openings: unknown order '{v}'")),
                }
            }
            "srand" => o.srand = number("srand", v)?,
            _ => return Err(format!("-openings: unknown key '{k}'")),
        }
    }
    if o.file.as_os_str().is_empty() {
        return Err("-openings needs file=FILE".to_string());
    }
    Ok(o)
}

pub fn parse_sample(kv: &[(String, String)]) -> Result<SampleOptions, String> {
    let mut freq = 1.0;
    let mut format = SampleFormat::Csv;
    let mut file = None;
    for (k, v) in kv {
        match k.as_str() {
            "freq" => freq = float("freq", v)?,
            "format" => {
                format = match v.as_str() {
                    "csv" => SampleFormat::Csv,
                    "bin" => SampleFormat::Bin,
                    "bin_lz4" => SampleFormat::BinLz4,
                    _ => return Err(format!("-sample: unknown format '{v}'")),
                }
            }
            "file" => file = Some(PathBuf::from(v)),
            _ => return Err(format!("-sample: unknown key '{k}'")),
        }
    }
    if !(0.0..=1.0).contains(&freq) {
        return Err(format!("-sample: freq must be within [0, 1], got {freq}"));
    }
    let file = file.unwrap_or_else(|| {
        PathBuf::from(match format {
            SampleFormat::Csv => "sample.csv",
            SampleFormat::Bin => "sample.bin",
            SampleFormat::BinLz4 => "sample.bin.lz4",
        })
    });
    Ok(SampleOptions { freq, format, file })
}

fn parse_sprt(kv: &[(String, String)]) -> Result<SprtParams, String> {
    let mut p = SprtParams::default();
    let mut elo1 = None;
    for (k, v) in kv {
        match k.as_str() {
            "elo0" => p.elo0 = float(k, v)?,
            "elo1" => elo1 = Some(float(k, v)?),
            "alpha" => p.alpha = float(k, v)?,
            "beta" => p.beta = float(k, v)?,
            "model" => p.model = Some(v.parse::<SprtModel>()?),
            _ => return Err(format!("-sprt: unknown key '{k}'")),
        }
    }
    p.elo1 = elo1.ok_or("-sprt needs elo1=E1")?;
    if !(0.0 < p.alpha && p.alpha < 1.0 && 0.0 < p.beta && p.beta < 1.0 && p.elo0 < p.elo1) {
        return Err("-sprt: need 0 < alpha, beta < 1 and elo0 < elo1".to_string());
    }
    Ok(p)
}

fn validate(o: &Options) -> Result<(), String> {
    let size = o.board_size;
    if !(renzoku_rules::MIN_SIZE..=renzoku_rules::MAX_SIZE).contains(&size) {
        return Err(format!("board size {size} is not supported (5 to 32)"));
    }
    if o.engines.len() == 1 {
        return Err("a match needs at least two engines".to_string());
    }
    if o.concurrency == 0 {
        return Err("-concurrency must be at least 1".to_string());
    }
    if o.games == 0 || o.rounds == 0 {
        return Err("-games and -rounds must be at least 1".to_string());
    }
    if o.shard.is_some() && o.jsonl.is_none() && !o.engines.is_empty() {
        return Err("-shard needs -jsonl FILE: each shard writes its own journal (FILE with \
                    .shard-I-of-N before the extension), which renzoku merge joins"
            .to_string());
    }
    if o.sprt.is_some() && o.engines.len() > 2 {
        return Err("-sprt works only in a match between two engines".to_string());
    }
    if let Some(s) = &o.sample
        && s.format != SampleFormat::Csv
    {
        if size > 31 {
            return Err("binary samples hold board sizes up to 31".to_string());
        }
        if o.rule.gomocup_code() > 7 {
            return Err(format!(
                "binary samples hold rules 0, 1 and 4 only, not {}",
                o.rule.gomocup_code()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_the_readme_example() {
        let o = parse(&args(
            "-each tc=180/30 -engine name=Wine cmd=./pbrain-wine -engine name=Rapfi cmd=./rapfi \
             -rule 0 -boardsize 20 -rounds 2 -games 4000 -debug -repeat -concurrency 8 \
             -drawafter 200 -pgn my.pgn -sgf my.sgf -msg my.txt \
             -openings file=o.txt order=random",
        ))
        .unwrap_or_default();
        assert_eq!(o.engines.len(), 2);
        assert_eq!(o.engines[0].name.as_deref(), Some("Wine"));
        assert_eq!(o.engines[1].tc.turn_ms, 30_000);
        assert_eq!((o.board_size, o.rounds, o.games, o.concurrency), (20, 2, 4000, 8));
        assert!(o.debug && o.log && o.repeat);
        assert_eq!(o.draw_after, 200);
        let op = o.openings.unwrap_or_else(|| unreachable!());
        assert!(op.random);
        assert_eq!(op.format, OpeningFormat::Offset);
    }

    #[test]
    fn two_dashes_engine_options_and_errors() {
        let o = parse(&args(
            "--engine cmd=a option.hash_size=1024 depth=5 nodes=100 thread=2 tolerance=0.5 \
             maxmemory=1000 --engine cmd=b --rule 4 --sprt elo1=5 --sample format=bin_lz4",
        ))
        .unwrap_or_default();
        let e = &o.engines[0];
        assert_eq!(e.infos, vec![("hash_size".to_string(), "1024".to_string())]);
        assert_eq!(
            (e.depth, e.nodes, e.threads, e.tolerance_ms, e.max_memory),
            (5, 100, Some(2), 500, 1000)
        );
        assert_eq!(o.rule, Rule::Renju);
        assert!(o.sprt.is_some());
        assert_eq!(o.sample.map(|s| s.file), Some(PathBuf::from("sample.bin.lz4")));
        assert!(parse(&args("-engine cmd=a -engine cmd=b -rule 3")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -boardsize 33")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -bogus")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -sprt elo0=5 elo1=1")).is_err());
        assert!(parse(&args("-engine name=x")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -engine cmd=c -sprt elo1=3")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -rule 8 -sample format=bin")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -rule 9 -boardsize 32")).is_ok());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -hangtimeout 0")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -hangtimeout x")).is_err());
    }

    #[test]
    fn hang_timeout_defaults_and_parses() {
        let o = parse(&args("-engine cmd=a depth=3 -engine cmd=b")).unwrap_or_default();
        assert_eq!(o.hang_timeout_ms, DEFAULT_HANG_TIMEOUT_MS);
        let o = parse(&args("-engine cmd=a -engine cmd=b --hangtimeout 2.5")).unwrap_or_default();
        assert_eq!(o.hang_timeout_ms, 2500);
        assert!(o.affinity);
        let o = parse(&args("-engine cmd=a -engine cmd=b -affinity off")).unwrap_or_default();
        assert!(!o.affinity);
        assert!(parse(&args("-engine cmd=a -engine cmd=b -affinity maybe")).is_err());
    }

    #[test]
    fn serve_takes_a_port_or_an_address_with_one_or_two_dashes() {
        let o = parse(&args("-engine cmd=a -engine cmd=b")).unwrap_or_default();
        assert_eq!(o.serve, None);
        let o = parse(&args("-engine cmd=a -engine cmd=b -serve 8080")).unwrap_or_default();
        assert_eq!(o.serve, Some("127.0.0.1:8080".parse().expect("address")));
        let o =
            parse(&args("--serve 0.0.0.0:9000 -engine cmd=a -engine cmd=b")).unwrap_or_default();
        assert_eq!(o.serve, Some("0.0.0.0:9000".parse().expect("address")));
        assert!(parse(&args("-engine cmd=a -engine cmd=b -serve")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -serve 80 81")).is_err());
        assert!(parse(&args("-engine cmd=a -engine cmd=b -serve web")).is_err());
    }
}
