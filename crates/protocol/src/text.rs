//! Small lexing helpers shared by the command and reply parsers.
//!
//! They return `Result<_, String>` with a human-readable reason; callers wrap the reason into
//! the error type that names the command being parsed.

use renzoku_rules::Point;

/// Splits a trimmed line into its first word and the trimmed rest.
pub(crate) fn split_word(line: &str) -> (&str, &str) {
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    }
}

/// Shortens text for use inside an error message: long junk lines must not be echoed whole.
pub(crate) fn excerpt(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(MAX).collect();
    short.push('…');
    short
}

/// A decimal integer (optional sign), rejecting overflow instead of wrapping.
pub(crate) fn parse_i64(text: &str) -> Result<i64, String> {
    text.trim().parse::<i64>().map_err(|_| format!("`{}` is not an integer", excerpt(text.trim())))
}

/// A non-negative decimal integer that fits in `u32`.
pub(crate) fn parse_u32(text: &str) -> Result<u32, String> {
    let text = text.trim();
    text.parse::<u32>()
        .map_err(|_| format!("`{}` is not a non-negative integer below 2^32", excerpt(text)))
}

/// One coordinate of a point: 0..=255 (boards are at most 32 wide, the brain checks the rest).
fn parse_coordinate(text: &str) -> Result<u8, String> {
    let text = text.trim();
    text.parse::<u8>().map_err(|_| format!("`{}` is not a coordinate", excerpt(text)))
}

/// `x,y` with optional blanks around the comma.
pub(crate) fn parse_point(text: &str) -> Result<Point, String> {
    let Some((x, y)) = text.split_once(',') else {
        return Err(format!("`{}` is not a point x,y", excerpt(text.trim())));
    };
    Ok(Point::new(parse_coordinate(x)?, parse_coordinate(y)?))
}

/// A space-separated list of `x,y` points (possibly empty), as in `INFO BESTLINE`.
pub fn parse_points(text: &str) -> Result<Vec<Point>, String> {
    text.split_whitespace().map(parse_point).collect()
}

/// Writes points separated by single spaces.
pub(crate) fn join_points(points: &[Point]) -> String {
    let parts: Vec<String> = points.iter().map(ToString::to_string).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_accept_blanks_around_the_comma() {
        assert_eq!(parse_point(" 7 , 8 "), Ok(Point::new(7, 8)));
        assert!(parse_point("7;8").is_err());
        assert!(parse_point("-1,-1").is_err());
        assert!(parse_point("256,0").is_err());
        assert!(parse_point("99999999999999999999999,1").is_err());
    }

    #[test]
    fn split_word_keeps_the_rest_trimmed() {
        assert_eq!(split_word("INFO  rule   4"), ("INFO", "rule   4"));
        assert_eq!(split_word("BEGIN"), ("BEGIN", ""));
    }

    #[test]
    fn excerpt_shortens_long_text() {
        let long = "x".repeat(1000);
        assert_eq!(excerpt(&long).chars().count(), 61);
        assert_eq!(excerpt("short"), "short");
    }
}
