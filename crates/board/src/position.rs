//! The rules side of the page, stateless: a rule, a board size and the moves so far in, the
//! position's facts out (side to move, black's forbidden points under renju, the result with its
//! winning line), and whether one more move may be played, with the reason when it may not.
//! Everything comes from renzoku-rules; the page never decides a rule question itself.

use renzoku_rules::notation::{PosOrientation, format_pos};
use renzoku_rules::{
    Board, Color, Direction, MAX_SIZE, MIN_SIZE, Outcome, Point, Rule, forbidden_kind,
    forbidden_points, outcome_after,
};
use serde::{Deserialize, Serialize};

/// What the page sends: `moves` are `[x, y]`, black first, x the column from the left and y the
/// row from the top, counted from 0.
#[derive(Clone, Debug, Deserialize)]
pub struct PositionRequest {
    pub rule: String,
    pub size: i64,
    pub moves: Vec<[i64; 2]>,
    /// One more move to check; when legal the answer describes the position after it.
    #[serde(default, rename = "try")]
    pub try_move: Option<[i64; 2]>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// In words: "black wins with five", "white wins: black played a forbidden point (double
    /// three)", "draw: the board is full".
    pub text: String,
    /// `"black"`, `"white"`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// The winning line's stones (empty when the game did not end with a five).
    pub line: Vec<[u8; 2]>,
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionReply {
    pub to_move: &'static str,
    /// Black's forbidden points (renju, black to move, game not over).
    pub forbidden: Vec<[u8; 2]>,
    pub result: Option<GameResult>,
    /// Why the `try` move was refused (the position then is the one without it).
    pub refused: Option<String>,
}

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub rule: Rule,
    pub board: Board,
    pub result: Option<GameResult>,
}

/// The most moves any board holds.
pub const MAX_MOVES: usize = (MAX_SIZE as usize) * (MAX_SIZE as usize);

pub fn parse_rule(text: &str) -> Result<Rule, String> {
    text.parse::<Rule>().map_err(|_| {
        format!(
            "unknown rule `{}` (freestyle, standard, renju, caro, caro-standard)",
            text.chars().take(20).collect::<String>()
        )
    })
}

pub fn parse_size(size: i64) -> Result<u8, String> {
    u8::try_from(size)
        .ok()
        .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
        .ok_or_else(|| format!("board size {size} is not between {MIN_SIZE} and {MAX_SIZE}"))
}

/// `[x, y]` as a point of a `size` board.
pub fn parse_point(xy: [i64; 2], size: u8) -> Result<Point, String> {
    let coord = |v: i64| u8::try_from(v).ok().filter(|&c| c < size);
    match (coord(xy[0]), coord(xy[1])) {
        (Some(x), Some(y)) => Ok(Point::new(x, y)),
        _ => Err(format!("[{}, {}] is off a {size}×{size} board", xy[0], xy[1])),
    }
}

pub fn name(p: Point, size: u8) -> String {
    format_pos(p, size, PosOrientation::RowOneAtTop)
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Plays `moves` from the empty board; an occupied square, or a move after the end, is an error
/// naming the move.
pub fn replay(rule: Rule, size: u8, moves: &[Point]) -> Result<Replayed, String> {
    if moves.len() > usize::from(size) * usize::from(size) {
        return Err(format!("{} moves do not fit on a {size}×{size} board", moves.len()));
    }
    let mut board = Board::square(u32::from(size)).map_err(|e| e.to_string())?;
    let mut result = None;
    for (i, &p) in moves.iter().enumerate() {
        let what = || format!("move {} ({})", i + 1, name(p, size));
        if let Some(done) = &result {
            let GameResult { text, .. } = done;
            return Err(format!("{} comes after the end of the game ({text})", what()));
        }
        if !board.contains(p) {
            return Err(format!("{} is off the board", what()));
        }
        board.play(p).map_err(|_| format!("{}: the square is taken", what()))?;
        result = outcome_after(&board, p, rule).map(|outcome| describe(&board, p, rule, outcome));
    }
    Ok(Replayed { rule, board, result })
}

fn describe(board: &Board, last: Point, rule: Rule, outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Five { winner } => GameResult {
            text: format!("{} wins with five", color_name(winner)),
            winner: Some(color_name(winner)),
            line: winning_line(board, last, winner),
        },
        Outcome::Forbidden => {
            let mut before = board.clone();
            let kind = before.remove(last).ok().and_then(|_| forbidden_kind(&before, last));
            let why = kind.map_or_else(String::new, |k| format!(" ({k})"));
            GameResult {
                text: format!(
                    "white wins: black played the forbidden point {}{why}",
                    name(last, board.width())
                ),
                winner: Some("white"),
                line: Vec::new(),
            }
        }
        Outcome::FullBoard | Outcome::MoveLimit => {
            let _ = rule;
            GameResult { text: "draw: the board is full".into(), winner: None, line: Vec::new() }
        }
    }
}

/// The longest run of `color` through `p`: the stones to mark.
fn winning_line(board: &Board, p: Point, color: Color) -> Vec<[u8; 2]> {
    let mut best: Vec<Point> = Vec::new();
    for dir in Direction::ALL {
        let mut line = vec![p];
        for sign in [-1, 1] {
            let mut step = sign;
            while let Some(q) = p.step(dir, step) {
                if !board.contains(q) || !board.get(q).is(color) {
                    break;
                }
                line.push(q);
                step += sign;
            }
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    best.sort_by_key(|q| (q.y, q.x));
    best.into_iter().map(|q| [q.x, q.y]).collect()
}

/// Answers a page's request.
pub fn answer(request: &PositionRequest) -> Result<PositionReply, String> {
    let rule = parse_rule(&request.rule)?;
    let size = parse_size(request.size)?;
    if request.moves.len() > MAX_MOVES {
        return Err(format!("{} moves: more than any board holds", request.moves.len()));
    }
    let moves = request
        .moves
        .iter()
        .map(|&xy| parse_point(xy, size))
        .collect::<Result<Vec<Point>, String>>()?;
    let game = replay(rule, size, &moves)?;
    let Some(xy) = request.try_move else {
        return Ok(reply_for(&game, None));
    };
    let p = parse_point(xy, size)?;
    let refused = refusal(&game, p);
    if refused.is_some() {
        return Ok(reply_for(&game, refused));
    }
    let mut longer = moves;
    longer.push(p);
    Ok(reply_for(&replay(rule, size, &longer)?, None))
}

/// Why `p` may not be played next, if it may not.
pub fn refusal(game: &Replayed, p: Point) -> Option<String> {
    let size = game.board.width();
    if let Some(result) = &game.result {
        return Some(format!("the game is over ({})", result.text));
    }
    if !game.board.is_empty_square(p) {
        return Some(format!("{} is taken", name(p, size)));
    }
    if game.rule.has_forbidden_moves()
        && game.board.side_to_move() == Color::Black
        && let Some(kind) = forbidden_kind(&game.board, p)
    {
        return Some(format!("{} is forbidden for black ({kind})", name(p, size)));
    }
    None
}

/// Whether `points` can be played one after the other after `moves` (a brain's answer): the
/// error names the first that cannot, and why.
pub fn check_sequence(
    rule: Rule,
    size: u8,
    moves: &[Point],
    points: &[Point],
) -> Result<(), String> {
    let mut line = moves.to_vec();
    for &p in points {
        if p.x >= size || p.y >= size {
            return Err(format!("{p} is off the board"));
        }
        let refused = replay(rule, size, &line).map_or_else(Some, |game| refusal(&game, p));
        if let Some(reason) = refused {
            return Err(format!("an illegal move: {reason}"));
        }
        line.push(p);
    }
    Ok(())
}

fn reply_for(game: &Replayed, refused: Option<String>) -> PositionReply {
    let to_move = game.board.side_to_move();
    let forbidden =
        if game.result.is_none() && game.rule.has_forbidden_moves() && to_move == Color::Black {
            forbidden_points(&game.board).into_iter().map(|p| [p.x, p.y]).collect()
        } else {
            Vec::new()
        };
    PositionReply { to_move: color_name(to_move), forbidden, result: game.result.clone(), refused }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(rule: &str, moves: &[[i64; 2]], try_move: Option<[i64; 2]>) -> PositionRequest {
        PositionRequest { rule: rule.into(), size: 15, moves: moves.to_vec(), try_move }
    }

    #[test]
    fn a_five_ends_the_game_with_its_line() {
        let moves = [[3, 7], [3, 8], [4, 7], [4, 8], [5, 7], [5, 8], [6, 7], [6, 8]];
        let reply = answer(&request("freestyle", &moves, Some([7, 7]))).expect("reply");
        let result = reply.result.expect("over");
        assert_eq!(result.text, "black wins with five");
        assert_eq!(result.line, [[3, 7], [4, 7], [5, 7], [6, 7], [7, 7]]);
        let mut more = moves.to_vec();
        more.push([7, 7]);
        let refused = answer(&request("freestyle", &more, Some([0, 0]))).expect("reply");
        assert!(refused.refused.expect("refused").contains("the game is over"));
    }

    #[test]
    fn renju_forbidden_points_are_listed_and_refused_with_the_reason() {
        // Black 4,7 5,7 6,5 6,6: 6,7 makes a double three.
        let moves = [[4, 7], [0, 0], [5, 7], [0, 14], [6, 5], [14, 0], [6, 6], [14, 14]];
        let reply = answer(&request("renju", &moves, None)).expect("reply");
        assert!(reply.forbidden.contains(&[6, 7]), "{:?}", reply.forbidden);
        let refused = answer(&request("renju", &moves, Some([6, 7]))).expect("reply");
        assert_eq!(refused.refused.as_deref(), Some("g8 is forbidden for black (double three)"));
        // Freestyle has no forbidden points.
        let free = answer(&request("freestyle", &moves, Some([6, 7]))).expect("reply");
        assert_eq!(free.refused, None);
        assert!(free.forbidden.is_empty());
    }

    #[test]
    fn bad_requests_are_errors_not_panics() {
        assert!(answer(&request("chess", &[], None)).is_err());
        assert!(answer(&PositionRequest { size: 99, ..request("renju", &[], None) }).is_err());
        assert!(answer(&request("renju", &[[15, 0]], None)).is_err());
        assert!(answer(&request("renju", &[[-1, 0]], None)).is_err());
        let taken = answer(&request("renju", &[[7, 7], [7, 7]], None)).expect_err("taken");
        assert_eq!(taken, "move 2 (h8): the square is taken");
        assert!(
            answer(&request("renju", &[[7, 7]], Some([7, 7]))).expect("reply").refused.is_some()
        );
    }
}
