//! The other records of a game: the console report, the SGF file, and liskvork's board log.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};

use renzoku_rules::{Board, Color, Point};

use crate::display;
use crate::ending::EndReason;
use crate::event::{Event, GameInfo, Observer};
use crate::memory;

fn side_name(c: Color) -> &'static str {
    if c == Color::Black { "black" } else { "white" }
}

/// One line per stone and the result, on stdout; MESSAGE lines with `verbose`.
#[derive(Debug, Default)]
pub struct Console {
    pub verbose: bool,
    names: [String; 2],
}

impl Console {
    pub fn new(verbose: bool) -> Console {
        Console { verbose, names: [String::new(), String::new()] }
    }
}

fn clock_text(ms: Option<u64>) -> String {
    ms.map_or_else(|| "-".into(), |ms| format!("{}.{:03}", ms / 1000, ms % 1000))
}

impl Observer for Console {
    fn event(&mut self, event: &Event) {
        match event {
            Event::Started(g) => {
                self.names.clone_from(&g.names);
                println!(
                    "Game: player1 {} vs player2 {}, rule {} ({}), {}x{}, opening {}",
                    g.names[0],
                    g.names[1],
                    g.rule.gomocup_code(),
                    g.rule.name(),
                    g.board_size,
                    g.board_size,
                    g.opening
                );
            }
            Event::Stone { ply, point, color, seat, time_ms, clock_ms, .. } => {
                let who =
                    seat.map_or_else(|| "opening".to_string(), |s| format!("player{}", s + 1));
                println!(
                    "{ply:>4}. {:<5} {:<4} {:<7} {who:<8} {time_ms:>7} ms   clocks {} / {}",
                    side_name(*color),
                    display::pos(*point),
                    point.to_string(),
                    clock_text(clock_ms[0]),
                    clock_text(clock_ms[1])
                );
            }
            Event::Swap { seat, time_ms } => {
                println!("      player{} SWAP ({time_ms} ms)", seat + 1);
            }
            Event::ColorsSet { black, .. } => println!(
                "      black: player{} ({}), white: player{} ({})",
                black + 1,
                self.names[*black],
                2 - black,
                self.names[1 - black]
            ),
            Event::Message { seat, text } if self.verbose => {
                println!("      player{}: {text}", seat + 1);
            }
            Event::Message { .. } => {}
            Event::Ended { ending, black, peak_memory } => {
                let result = match (ending.reason, ending.winner) {
                    (EndReason::Aborted, _) => "no result".to_string(),
                    (_, Some(w)) => format!(
                        "player{} ({}, {}) wins",
                        w + 1,
                        self.names[w],
                        if w == *black { "black" } else { "white" }
                    ),
                    (_, None) => "draw".to_string(),
                };
                println!("Result: {result} ({}): {}", ending.reason, ending.detail);
                println!(
                    "Peak memory (process tree): player1 {}, player2 {}",
                    memory::human_bytes(peak_memory[0]),
                    memory::human_bytes(peak_memory[1])
                );
            }
        }
    }
}

/// Writes the SGF file when the game ends (FF[4], GM[4]; points as column and row letters
/// from the top-left, `a`..`z` then `A`..`F` on boards over 26).
#[derive(Debug)]
pub struct SgfWriter {
    path: PathBuf,
    info: Option<GameInfo>,
    moves: Vec<(Point, u64)>,
    pub error: Option<std::io::Error>,
}

impl SgfWriter {
    pub fn new(path: &Path) -> SgfWriter {
        SgfWriter { path: path.to_path_buf(), info: None, moves: Vec::new(), error: None }
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

impl Observer for SgfWriter {
    fn event(&mut self, event: &Event) {
        match event {
            Event::Started(g) => self.info = Some(g.clone()),
            Event::Stone { point, time_ms, .. } => self.moves.push((*point, *time_ms)),
            Event::Ended { ending, black, .. } => {
                let Some(g) = &self.info else { return };
                let name = |s: usize| escape(&g.names[s]);
                let re = match (ending.reason, ending.winner) {
                    (EndReason::Aborted, _) => "?".to_string(),
                    (_, None) => "0".to_string(),
                    (reason, Some(w)) => {
                        let c = if w == *black { "B" } else { "W" };
                        let how = match reason {
                            EndReason::Time => "T",
                            EndReason::Resign => "R",
                            EndReason::Five => "",
                            _ => "F",
                        };
                        format!("{c}+{how}")
                    }
                };
                let mut out = format!(
                    "(;FF[4]GM[4]CA[UTF-8]AP[renzoku referee]SZ[{}]RU[{}]PB[{}]PW[{}]RE[{re}]\nC[{}: {}]",
                    g.board_size,
                    g.rule.gomocup_code(),
                    name(*black),
                    name(1 - black),
                    ending.reason,
                    escape(&ending.detail)
                );
                for (i, (p, ms)) in self.moves.iter().enumerate() {
                    if i % 8 == 0 {
                        out.push('\n');
                    }
                    let c = if i % 2 == 0 { 'B' } else { 'W' };
                    let _ = write!(
                        out,
                        ";{c}[{}]C[{ms} ms]",
                        renzoku_arena::games::output::sgf::point(*p)
                    );
                }
                out.push_str(")\n");
                if let Err(e) = std::fs::write(&self.path, out) {
                    self.error = Some(e);
                }
            }
            Event::Swap { .. } | Event::ColorsSet { .. } | Event::Message { .. } => {}
        }
    }
}

/// liskvork's `board_file`: the board after every stone, appended.
#[derive(Debug)]
pub struct BoardFile {
    out: BufWriter<File>,
    board: Option<Board>,
    pub error: Option<std::io::Error>,
}

impl BoardFile {
    pub fn create(path: &Path) -> std::io::Result<BoardFile> {
        Ok(BoardFile { out: BufWriter::new(File::create(path)?), board: None, error: None })
    }
}

impl Observer for BoardFile {
    fn event(&mut self, event: &Event) {
        let r = match event {
            Event::Started(g) => {
                self.board = Board::square(u32::from(g.board_size)).ok();
                Ok(())
            }
            Event::Stone { ply, point, color, .. } => {
                let Some(board) = self.board.as_mut() else { return };
                let _ = board.play(*point);
                writeln!(
                    self.out,
                    "{ply}. {} {}\n{}",
                    side_name(*color),
                    display::pos(*point),
                    display::board(board)
                )
                .and_then(|()| self.out.flush())
            }
            Event::Ended { ending, .. } => {
                writeln!(self.out, "{}: {}", ending.reason, ending.detail)
                    .and_then(|()| self.out.flush())
            }
            _ => Ok(()),
        };
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
}
