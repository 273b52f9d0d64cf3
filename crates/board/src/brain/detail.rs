//! Yixin-Board's detail blocks (`INFO PV n` … `INFO PV DONE`, sent by Rapfi and pbrain-renzoku
//! with `show_detail` bit 1) gathered into one candidate line each. The values are read with
//! renzoku-protocol's parsers (`LineEval`, `parse_points`). Brains without detail lines
//! (AlphaGomoku's style) still show their best line, from their `MESSAGE depth … pv …` summary.

use renzoku_protocol::{Ev, LineEval, SearchSummary, parse_points};
use serde::Serialize;

/// One principal variation as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Candidate {
    /// 1 = the best line.
    pub multipv: u32,
    pub numpv: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub speed: u64,
    pub time_ms: u64,
    /// The brain's evaluation for the side to move: a number, `+M7` or `-M4`.
    pub eval: String,
    /// Plies to a proven result: positive when the side to move wins.
    pub mate: Option<i64>,
    /// The side to move's winning chance, 0 to 1, when the brain sends one.
    pub winrate: Option<f64>,
    /// The line, its first move first, as `[x, y]`.
    pub pv: Vec<[u8; 2]>,
}

/// Collects the lines of one block at a time.
#[derive(Debug, Default)]
pub struct DetailReader {
    open: Option<Candidate>,
}

impl DetailReader {
    /// Reads one `INFO KEY value` line; a finished block comes back whole. Values that do not
    /// parse are left out (the line still shows what it has).
    pub fn read(&mut self, key: &str, value: &str) -> Option<Candidate> {
        let value = value.trim();
        if key == "PV" {
            if value.eq_ignore_ascii_case("DONE") {
                return self.open.take().filter(|c| !c.pv.is_empty());
            }
            self.open = value
                .parse::<u32>()
                .ok()
                .map(|multipv| Candidate { multipv, ..Candidate::default() });
            return None;
        }
        let line = self.open.as_mut()?;
        match key {
            "NUMPV" => line.numpv = value.parse().unwrap_or(0),
            "DEPTH" => line.depth = value.parse().unwrap_or(0),
            "SELDEPTH" => line.seldepth = value.parse().unwrap_or(0),
            "TOTALNODES" => line.nodes = value.parse().unwrap_or(line.nodes),
            "NODES" if line.nodes == 0 => line.nodes = value.parse().unwrap_or(0),
            "TOTALTIME" => line.time_ms = value.parse().unwrap_or(0),
            "SPEED" => line.speed = value.parse().unwrap_or(0),
            "EVAL" => {
                if let Ok(eval) = LineEval::parse(value) {
                    line.eval = eval.to_string();
                    line.mate = match eval {
                        LineEval::Value(_) => None,
                        LineEval::MateIn(n) => Some(i64::from(n)),
                        LineEval::MatedIn(n) => Some(-i64::from(n)),
                    };
                }
            }
            "WINRATE" => {
                line.winrate = value.parse::<f64>().ok().filter(|w| (0.0..=1.0).contains(w));
            }
            "BESTLINE" => {
                if let Ok(points) = parse_points(value) {
                    line.pv = points.into_iter().map(|p| [p.x, p.y]).collect();
                }
            }
            _ => {}
        }
        None
    }
}

/// The best line from an AlphaGomoku-style summary (`ev` is the expected score in percent, or
/// W/L/D with the plies of a proven result).
pub fn from_summary(summary: &SearchSummary) -> Option<Candidate> {
    if summary.pv.is_empty() {
        return None;
    }
    let percent = |t: u32| f64::from(t) / 1000.0;
    let (eval, mate, winrate) = match summary.ev {
        Ev::Expected(t) => (summary.ev.to_string(), None, Some(percent(t.0).min(1.0))),
        Ev::Win(n) => (format!("+M{n}"), Some(i64::from(n)), Some(1.0)),
        Ev::Loss(n) => (format!("-M{n}"), Some(-i64::from(n)), Some(0.0)),
        Ev::Draw(_) => (summary.ev.to_string(), None, Some(0.5)),
    };
    Some(Candidate {
        multipv: 1,
        numpv: 1,
        depth: summary.depth_max,
        seldepth: summary.depth_max,
        nodes: summary.nodes,
        speed: summary.nps,
        time_ms: summary.time_ms,
        eval,
        mate,
        winrate,
        pv: summary.pv.iter().map(|m| [m.point.x, m.point.y]).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alphagomoku_summary_gives_the_best_line() {
        let text = "depth 1-17 ev 56.2 winrate 50.0 drawrate 12.4 n 1234 n/s 5678 tm 90 pv Xh8 Oi9";
        let summary = SearchSummary::parse(text).expect("a summary");
        let line = from_summary(&summary).expect("a line");
        assert_eq!((line.depth, line.nodes, line.eval.as_str()), (17, 1234, "56.2"));
        assert_eq!(line.winrate, Some(0.562));
        assert_eq!(line.pv.len(), 2);
        let won = SearchSummary::parse(
            "depth 3-3 ev W5 winrate 100.0 drawrate 0.0 n 9 n/s 9 tm 1 pv Xh8",
        )
        .expect("a summary");
        assert_eq!(from_summary(&won).map(|l| (l.eval, l.mate)), Some(("+M5".to_owned(), Some(5))));
    }

    fn feed(reader: &mut DetailReader, text: &str) -> Vec<Candidate> {
        text.lines()
            .filter_map(|l| {
                let rest = l.strip_prefix("INFO ")?;
                let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
                reader.read(key, value)
            })
            .collect()
    }

    #[test]
    fn a_block_becomes_a_candidate() {
        let mut reader = DetailReader::default();
        let block = "INFO PV 2\nINFO NUMPV 3\nINFO DEPTH 9\nINFO SELDEPTH 14\nINFO NODES 500\n\
                     INFO TOTALNODES 12000\nINFO TOTALTIME 40\nINFO SPEED 300000\nINFO EVAL +M7\n\
                     INFO WINRATE 0.9900\nINFO BESTLINE 7,7 8,8 9,9\nINFO PV DONE";
        let lines = feed(&mut reader, block);
        assert_eq!(lines.len(), 1);
        let c = &lines[0];
        assert_eq!((c.multipv, c.numpv, c.depth, c.seldepth), (2, 3, 9, 14));
        assert_eq!((c.nodes, c.time_ms, c.speed), (12000, 40, 300_000));
        assert_eq!(c.eval, "+M7");
        assert_eq!(c.mate, Some(7));
        assert_eq!(c.winrate, Some(0.99));
        assert_eq!(c.pv, [[7, 7], [8, 8], [9, 9]]);
    }

    #[test]
    fn junk_values_are_dropped_and_a_block_without_a_line_is_not_reported() {
        let mut reader = DetailReader::default();
        let lines =
            feed(&mut reader, "INFO PV 1\nINFO EVAL nonsense\nINFO WINRATE 7\nINFO PV DONE");
        assert!(lines.is_empty());
        // Keys outside a block are ignored.
        assert!(feed(&mut reader, "INFO DEPTH 3\nINFO PV DONE").is_empty());
        let lines = feed(&mut reader, "INFO PV 1\nINFO EVAL -35\nINFO BESTLINE 1,2\nINFO PV DONE");
        assert_eq!(lines[0].eval, "-35");
        assert_eq!(lines[0].mate, None);
    }
}
