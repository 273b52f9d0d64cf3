//! `features < positions.jsonl > features.csv`: evaluation features (see
//! `renzoku_engine::tuning::eval_features`) of freestyle 15x15 positions given as JSON lines
//! `{"moves": ["x,y", …], "eval": "…"}`; one CSV line per position: the label, the tactical flag,
//! then the features. Used to fit the evaluation weights offline.

use std::io::BufRead;

use renzoku_rules::{Board, Point, Rule};

fn main() {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let Some(start) = line.find('[') else { continue };
        let Some(end) = line.find(']') else { continue };
        let label =
            line.rsplit("\"eval\":").next().unwrap_or("").trim().trim_matches(['}', ' ', '"']);
        let mut board = Board::square(15).expect("15x15");
        let mut ok = true;
        for m in line[start + 1..end].split("\", \"") {
            let m = m.trim_matches('"');
            let mut it = m.split(',').filter_map(|v| v.trim().parse::<u8>().ok());
            match (it.next(), it.next()) {
                (Some(x), Some(y)) if board.play(Point::new(x, y)).is_ok() => {}
                _ => ok = false,
            }
        }
        if !ok {
            continue;
        }
        let (features, tactical) = renzoku_engine::tuning::eval_features(&board, Rule::Freestyle);
        let f: Vec<String> = features.iter().map(ToString::to_string).collect();
        println!("{label},{},{}", u8::from(tactical), f.join(","));
    }
}
