//! Depth, evaluation and principal variation from engines' `MESSAGE` lines.
//!
//! There is no standard, so this reads the formats engines actually print:
//! - AlphaGomoku / Renzoku summary: `depth 1-17 ev 56.2 winrate 54.0 drawrate 4.4 n 1234567
//!   n/s 812345 tm 1519 pv Xh8 Oi9`;
//! - Rapfi, normal mode: `Speed 613K | Depth 19-32 | Eval 188 | Node 902K | Time 1471ms`, then
//!   `Bestline I7 H7 G9`, or per depth `Depth 12-18 | Eval 35 | Time 1.2s | H8 I9`;
//! - Rapfi UCI-like mode: `depth 12-18 ev 35 n 1.2M n/ms 900 tm 1300 pv H8 I9`;
//! - PentaZen: `dep 16-28 ev 132 nd 1267k tm 1379 sp 919`;
//! - AIWine / Yixin-style `key: value` and `key=value`: `depth: 7-15 best:[7,8] val=123
//!   time:95ms`, `depth=12 score=-35`.
//!
//! Anything else (greetings, `REALTIME`/`DATABASE` streams, free text) keeps only the text.

use crate::event::{EngineInfo, Side};

/// `MESSAGE` sub-protocols that carry GUI data, not a search report.
const NOT_REPORTS: [&str; 6] = ["REALTIME", "DATABASE", "INFO", "SWAP2", "SOOSORV", "DEBUG"];

impl EngineInfo {
    /// Extracts depth/eval/pv from the common MESSAGE formats (AlphaGomoku/Renzoku summary,
    /// Rapfi `depth … ev … pv …`, `depth=… score=…`); unknown formats keep only `text`.
    /// `text` may include the leading `MESSAGE`.
    pub fn from_message(game: u64, side: Side, text: &str) -> EngineInfo {
        let text = strip_message_prefix(text);
        let fields = parse_fields(text);
        EngineInfo {
            game,
            side,
            depth: fields.depth,
            eval: fields.eval,
            pv: fields.pv,
            text: text.to_owned(),
        }
    }

    /// True when the line gave at least one of depth, eval or pv.
    pub fn has_search_data(&self) -> bool {
        self.depth.is_some() || self.eval.is_some() || self.pv.is_some()
    }

    /// The report of one search from all the MESSAGE lines it printed, in order: later values
    /// win, and fields a later line lacks are kept (Rapfi prints depth/eval and the PV on
    /// separate lines). `text` is the last line that carried search data, or else the last
    /// line. `None` when there are no lines.
    pub fn from_messages<'a>(
        game: u64,
        side: Side,
        lines: impl IntoIterator<Item = &'a str>,
    ) -> Option<EngineInfo> {
        let mut merged: Option<EngineInfo> = None;
        for line in lines {
            let next = EngineInfo::from_message(game, side, line);
            merged = Some(match merged {
                None => next,
                Some(mut so_far) => {
                    so_far.absorb(next);
                    so_far
                }
            });
        }
        merged
    }

    /// Takes the fields `newer` has; keeps the others.
    pub fn absorb(&mut self, newer: EngineInfo) {
        let carries_data = newer.has_search_data();
        if carries_data || !self.has_search_data() {
            self.text = newer.text;
        }
        self.depth = newer.depth.or(self.depth.take());
        self.eval = newer.eval.or(self.eval.take());
        self.pv = newer.pv.or(self.pv.take());
    }
}

fn strip_message_prefix(text: &str) -> &str {
    let text = text.trim();
    let without = match text.get(..8) {
        Some(head) if head.eq_ignore_ascii_case("MESSAGE ") => &text[8..],
        _ if text.eq_ignore_ascii_case("MESSAGE") => "",
        _ => text,
    };
    without.trim()
}

#[derive(Default)]
struct Fields {
    depth: Option<String>,
    eval: Option<String>,
    pv: Option<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Key {
    Depth,
    Eval,
    Pv,
}

fn key_of(word: &str) -> Option<Key> {
    match word.to_ascii_lowercase().as_str() {
        "depth" | "dep" => Some(Key::Depth),
        "ev" | "eval" | "evaluation" | "score" | "val" | "value" => Some(Key::Eval),
        "pv" | "bestline" => Some(Key::Pv),
        _ => None,
    }
}

fn parse_fields(text: &str) -> Fields {
    let mut fields = Fields::default();
    let body = text.strip_prefix("[Pondering]").unwrap_or(text).trim_start();
    let first = body.split_whitespace().next().unwrap_or("");
    if NOT_REPORTS.iter().any(|kind| first.eq_ignore_ascii_case(kind)) {
        return fields;
    }
    let tokens = tokenize(body);
    let mut i = 0;
    while i < tokens.len() {
        let Token::Word { key, value } = &tokens[i] else {
            i += 1;
            continue;
        };
        let Some(kind) = key_of(key) else {
            i += 1;
            continue;
        };
        match kind {
            Key::Pv => {
                // The PV runs to the end of the line (or of its `|` section).
                let mut moves = Vec::new();
                if let Some(value) = value {
                    moves.push(value.clone());
                }
                i += 1;
                while let Some(Token::Word { key, value: None }) = tokens.get(i) {
                    moves.push(key.clone());
                    i += 1;
                }
                let pv = moves.join(" ");
                if !pv.is_empty() {
                    fields.pv = Some(pv);
                }
            }
            Key::Depth | Key::Eval => {
                let (value, used) = match value {
                    Some(value) => (Some(value.clone()), 1),
                    None => match tokens.get(i + 1) {
                        Some(Token::Word { key: next, value: None }) => (Some(next.clone()), 2),
                        _ => (None, 1),
                    },
                };
                i += used;
                let Some(value) = value else { continue };
                if kind == Key::Depth && looks_like_depth(&value) {
                    fields.depth.get_or_insert(value);
                } else if kind == Key::Eval && looks_like_eval(&value) {
                    fields.eval.get_or_insert(value);
                }
            }
        }
    }
    if fields.pv.is_none() {
        fields.pv = trailing_move_section(body);
    }
    fields
}

/// A word of the line: `key` alone, or `key=value` / `key:value` / `key: value` (then `value`
/// is set), or a `|` separator.
enum Token {
    Word { key: String, value: Option<String> },
    Bar,
}

fn tokenize(body: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut words = body.split_whitespace().peekable();
    while let Some(word) = words.next() {
        for (n, part) in word.split('|').enumerate() {
            if n > 0 {
                tokens.push(Token::Bar);
            }
            if part.is_empty() {
                continue;
            }
            let split = part.find(['=', ':']).filter(|&at| at > 0);
            match split {
                Some(at) => {
                    let key = part[..at].to_owned();
                    let rest = &part[at + 1..];
                    let value = if rest.is_empty() {
                        // `depth: 7-15`: the value is the next word.
                        words.next_if(|next| !next.starts_with('|')).map(str::to_owned)
                    } else {
                        Some(rest.to_owned())
                    };
                    tokens.push(Token::Word { key, value });
                }
                None => tokens.push(Token::Word { key: part.to_owned(), value: None }),
            }
        }
    }
    tokens
}

/// `12`, `10-15`, `12.5`.
fn looks_like_depth(value: &str) -> bool {
    value.starts_with(|c: char| c.is_ascii_digit())
        && value.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '.' || c == '/')
}

/// A number with an optional sign or suffix (`-35`, `56.2`, `+v5`, `M7`, `-M3`, `W7`, `L5`,
/// `D`, `D3`).
fn looks_like_eval(value: &str) -> bool {
    value.eq_ignore_ascii_case("D")
        || (value.len() <= 16 && value.contains(|c: char| c.is_ascii_digit()))
}

/// Rapfi's per-depth line ends with an unlabelled PV section: `… | Time 1.2s | H8 I9 J10`.
fn trailing_move_section(body: &str) -> Option<String> {
    let (_, last) = body.rsplit_once('|')?;
    let moves: Vec<&str> = last.split_whitespace().collect();
    (!moves.is_empty() && moves.iter().all(|m| looks_like_move(m))).then(|| moves.join(" "))
}

/// `H8`, `h12`, `Xh8`, `aa3`: letters then digits.
fn looks_like_move(word: &str) -> bool {
    let digits_at = word.find(|c: char| c.is_ascii_digit());
    match digits_at {
        Some(at) if at > 0 && at <= 3 => {
            word[..at].chars().all(|c| c.is_ascii_alphabetic())
                && word[at..].chars().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<String>, Option<String>, Option<String>) {
        let info = EngineInfo::from_message(4, Side::White, text);
        assert_eq!((info.game, info.side), (4, Side::White));
        (info.depth, info.eval, info.pv)
    }

    #[allow(clippy::unnecessary_wraps)] // shorthand for expected values
    fn some(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    #[test]
    fn renzoku_and_alphagomoku_summary() {
        let line = "MESSAGE depth 1-17 ev 56.2 winrate 54.0 drawrate 4.4 n 1234567 n/s 812345 tm 1519 pv Xh8 Oi9";
        assert_eq!(parse(line), (some("1-17"), some("56.2"), some("Xh8 Oi9")));
        let info = EngineInfo::from_message(1, Side::Black, line);
        assert_eq!(info.text, &line[8..]);
        let proven = "depth 3-9 ev W7 winrate 100.0 drawrate 0.0 n 812 n/s 81200 tm 10 pv Xa1";
        assert_eq!(parse(proven), (some("3-9"), some("W7"), some("Xa1")));
        let drawn = "depth 3-9 ev D winrate 0.0 drawrate 100.0 n 812 n/s 81200 tm 10 pv";
        assert_eq!(parse(drawn), (some("3-9"), some("D"), None));
    }

    #[test]
    fn rapfi_normal_mode_search_end_and_bestline() {
        // Captured from pbrain-rapfi 0.43.02 on a 15x15 board.
        let end = "MESSAGE Speed 613K | Depth 19-32 | Eval 188 | Node 902K | Time 1471ms";
        assert_eq!(parse(end), (some("19-32"), some("188"), None));
        let bestline = "MESSAGE Bestline I7 H7 G9 F10 J8 I8";
        assert_eq!(parse(bestline), (None, None, some("I7 H7 G9 F10 J8 I8")));
        let pondering = "[Pondering] Speed 1.2M | Depth 12-20 | Eval -35 | Node 2M | Time 2.1s";
        assert_eq!(parse(pondering), (some("12-20"), some("-35"), None));
    }

    #[test]
    fn rapfi_per_depth_line_has_an_unlabelled_pv() {
        let line = "Depth 12-18 | Eval 35 | Time 1.2s | H8 I9 J10";
        assert_eq!(parse(line), (some("12-18"), some("35"), some("H8 I9 J10")));
    }

    #[test]
    fn rapfi_uci_like_mode() {
        let line = "depth 12-18 ev 35 n 1.2M n/ms 900 tm 1300 pv H8 I9";
        assert_eq!(parse(line), (some("12-18"), some("35"), some("H8 I9")));
    }

    #[test]
    fn pentazen() {
        // Captured from pbrain-pentazen 0.4.17.
        let line = "MESSAGE dep 16-28 ev 132 nd 1267k tm 1379 sp 919";
        assert_eq!(parse(line), (some("16-28"), some("132"), None));
        assert_eq!(parse("dep 9-30 ev +v5 nd 12k tm 3 sp 4"), (some("9-30"), some("+v5"), None));
    }

    #[test]
    fn colon_and_equals_styles() {
        let aiwine = "MESSAGE depth: 7-15 best:[7,8] val=123 time:95ms";
        assert_eq!(parse(aiwine), (some("7-15"), some("123"), None));
        assert_eq!(parse("depth=12 score=-35 pv=h8"), (some("12"), some("-35"), some("h8")));
        assert_eq!(parse("Depth: 10 | Eval: -M3"), (some("10"), some("-M3"), None));
        assert_eq!(parse("Bestline: [H8] [I9]"), (None, None, some("[H8] [I9]")));
    }

    #[test]
    fn unknown_formats_keep_only_text() {
        for line in [
            "MESSAGE PentaZen 0.4.17 by Sun Yuliang",
            "MESSAGE REALTIME BEST 7,7",
            "MESSAGE INFO MAX_THREAD_NUM 256",
            "MESSAGE VCF success! win point[3, 4]",
            "MESSAGE the depth of the ocean",
            "MESSAGE",
            "",
            "depth ev pv",
        ] {
            let info = EngineInfo::from_message(1, Side::Black, line);
            assert!(!info.has_search_data(), "{line}: {info:?}");
            assert_eq!(info.text, strip_message_prefix(line));
        }
    }

    #[test]
    fn several_lines_merge_into_one_report() {
        let lines = [
            "MESSAGE Speed 613K | Depth 19-32 | Eval 188 | Node 902K | Time 1471ms",
            "MESSAGE Bestline I7 H7 G9",
            "MESSAGE REALTIME BEST 7,7",
        ];
        let info = EngineInfo::from_messages(2, Side::Black, lines).expect("lines");
        assert_eq!(info.depth, some("19-32"));
        assert_eq!(info.eval, some("188"));
        assert_eq!(info.pv, some("I7 H7 G9"));
        assert_eq!(info.text, "Bestline I7 H7 G9");
        assert_eq!(EngineInfo::from_messages(2, Side::Black, []), None);
    }

    #[test]
    fn later_depth_replaces_earlier() {
        let lines = ["depth 3 ev 10 pv h8", "depth 4 ev 12"];
        let info = EngineInfo::from_messages(1, Side::White, lines).expect("lines");
        assert_eq!((info.depth, info.eval, info.pv), (some("4"), some("12"), some("h8")));
    }
}
