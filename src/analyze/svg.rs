//! The evaluation graph as a standalone SVG: black's expected score after every move (top:
//! black wins, bottom: white wins), mistakes and blunders as red dots.

use std::fmt::Write as _;

use super::annotate::MoveNote;
use super::sgf_out::{Thresholds, severity};

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 34.0;

pub fn graph(title: &str, notes: &[MoveNote], t: Thresholds) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let n = notes.len().max(2) as f64;
    let x = |i: usize| LEFT + plot_w * (i as f64) / (n - 1.0);
    let y = |black: f64| TOP + plot_h * (1.0 - black.clamp(0.0, 1.0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(out, r"<title>{}</title>", xml(title));
    let _ = writeln!(out, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##);
    for (level, label) in
        [(1.0, "black wins"), (0.75, "75 %"), (0.5, "50 %"), (0.25, "25 %"), (0.0, "white wins")]
    {
        let stroke = if label == "50 %" { "#8a8170" } else { "#ddd6c8" };
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="{stroke}"/><text x="{2:.1}" y="{3:.1}" text-anchor="end" fill="#8a8170">{label}</text>"##,
            y(level),
            WIDTH - RIGHT,
            LEFT - 4.0,
            y(level) + 4.0
        );
    }
    let points: Vec<String> = notes
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{:.1},{:.1}", x(i), y(m.after.black)))
        .collect();
    let _ = writeln!(
        out,
        r##"<polyline fill="none" stroke="#1b1b1b" stroke-width="2" points="{}"/>"##,
        points.join(" ")
    );
    for (i, note) in notes.iter().enumerate() {
        let level = severity(note, t);
        if level > 0 {
            let r = if level == 2 { 5 } else { 4 };
            let _ = writeln!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="#b3261e"><title>move {}: loses {:.1} %</title></circle>"##,
                x(i),
                y(note.after.black),
                i + 1,
                note.loss() * 100.0
            );
        }
    }
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="{:.1}" fill="#8a8170">move 1</text><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#8a8170">move {}</text>"##,
        HEIGHT - 10.0,
        WIDTH - RIGHT,
        HEIGHT - 10.0,
        notes.len()
    );
    out.push_str("</svg>\n");
    out
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
