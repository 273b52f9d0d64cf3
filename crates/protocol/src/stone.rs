//! One line of a board block: `x,y,field` or, where the command allows it, `x,y`.

use std::fmt;

use renzoku_rules::Point;

use crate::text::{excerpt, parse_point};

/// The third number of a `BOARD` line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Field {
    /// `1`: the brain's own stone.
    Own,
    /// `2`: the opponent's stone.
    Opponent,
    /// `3`: a blocked square (a wall; Piskvork's continuous-game marker).
    Wall,
}

impl Field {
    pub const fn code(self) -> u8 {
        match self {
            Field::Own => 1,
            Field::Opponent => 2,
            Field::Wall => 3,
        }
    }

    pub const fn from_code(code: u8) -> Option<Field> {
        match code {
            1 => Some(Field::Own),
            2 => Some(Field::Opponent),
            3 => Some(Field::Wall),
            _ => None,
        }
    }
}

/// A block line. `field` is `None` for the `x,y` lines of opening and Yixin move blocks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stone {
    pub point: Point,
    pub field: Option<Field>,
}

impl Stone {
    pub const fn new(point: Point, field: Option<Field>) -> Self {
        Stone { point, field }
    }

    /// Parses `x,y` or `x,y,f`.
    pub(crate) fn parse(line: &str) -> Result<Stone, String> {
        let mut parts = line.splitn(3, ',');
        let (Some(x), Some(y)) = (parts.next(), parts.next()) else {
            return Err(format!("`{}` is not a stone line x,y[,field]", excerpt(line)));
        };
        let point = parse_point(&format!("{x},{y}"))?;
        let field = match parts.next() {
            None => None,
            Some(f) => {
                let code = f.trim().parse::<u8>().ok().and_then(Field::from_code);
                match code {
                    Some(field) => Some(field),
                    None => {
                        return Err(format!(
                            "`{}` is not a field (1 own, 2 opponent, 3 wall)",
                            excerpt(f.trim())
                        ));
                    }
                }
            }
        };
        Ok(Stone { point, field })
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            Some(field) => write!(f, "{},{}", self.point, field.code()),
            None => write!(f, "{}", self.point),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_shapes() {
        assert_eq!(Stone::parse("7,8,1"), Ok(Stone::new(Point::new(7, 8), Some(Field::Own))));
        assert_eq!(Stone::parse(" 7 , 8 "), Ok(Stone::new(Point::new(7, 8), None)));
        assert_eq!(Stone::parse("0,0,3"), Ok(Stone::new(Point::new(0, 0), Some(Field::Wall))));
        assert!(Stone::parse("7,8,4").is_err());
        assert!(Stone::parse("7,8,1,2").is_err());
        assert!(Stone::parse("7").is_err());
        assert!(Stone::parse("a,b,c").is_err());
    }
}
