//! Piskvork's PSQ: `Piskvorky WxH, …` then one `x,y[,ms]` line per stone from black, counted
//! from 1; the moves end at the first other line (the players' programs, a result code).

use renzoku_rules::Point;

use super::tree::{LoadedGame, line_game};
use crate::position::parse_size;

pub fn read_psq(text: &str) -> Result<LoadedGame, String> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let dims = header
        .strip_prefix("Piskvorky")
        .and_then(|rest| rest.split(',').next())
        .map(str::trim)
        .ok_or_else(|| "PSQ: no `Piskvorky WxH` header".to_owned())?;
    let (w, h) = dims.split_once(['x', 'X']).ok_or_else(|| format!("PSQ: size `{dims}`"))?;
    let (w, h) = (w.trim().parse::<i64>(), h.trim().parse::<i64>());
    let (Ok(w), Ok(h)) = (w, h) else {
        return Err(format!("PSQ: size `{dims}`"));
    };
    if w != h {
        return Err(format!("PSQ: a {w}×{h} board (only square boards)"));
    }
    let size = parse_size(w)?;
    let mut moves = Vec::new();
    for line in lines {
        let mut parts = line.trim().split(',');
        let (Some(x), Some(y)) = (parts.next(), parts.next()) else { break };
        let (Ok(x), Ok(y)) = (x.trim().parse::<u32>(), y.trim().parse::<u32>()) else { break };
        if x == 0 || y == 0 || x > u32::from(size) || y > u32::from(size) {
            return Err(format!("PSQ: move {x},{y} is off a {size}×{size} board"));
        }
        moves.push(Point::new((x - 1) as u8, (y - 1) as u8));
    }
    Ok(line_game("psq", None, size, &moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piskvork_and_gomocupjudge_files() {
        let game = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,500\n9,9,300\n-1\npbrain-a.exe\n")
            .expect("psq");
        assert_eq!(game.size, 15);
        let points: Vec<[u8; 2]> = game.nodes.iter().map(|n| n.point).collect();
        assert_eq!(points, [[7, 7], [8, 8]]);
        assert!(read_psq("Piskvorky 15x20, 0:0, 0").is_err());
        assert!(read_psq("Piskvorky 15x15, 0:0, 0\n16,1,0").is_err());
        assert!(read_psq("Piskvorky").is_err());
    }
}
