//! Splitting a byte stream into protocol lines.
//!
//! Gomocup allows LF, CR LF and CR line ends, and input may be anything (binary junk, lines of
//! megabytes). The splitter keeps at most `max_len` bytes of a line and reports the rest as cut,
//! so memory stays bounded whatever arrives; bytes that are not UTF-8 are replaced, never fatal.

/// One line of input, without its line end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    pub text: String,
    /// The line was longer than the limit and only its start is kept.
    pub truncated: bool,
}

/// Incremental splitter: push byte chunks as they arrive, take complete lines out.
#[derive(Debug)]
pub struct LineSplitter {
    max_len: usize,
    current: Vec<u8>,
    truncated: bool,
    /// The previous chunk ended in CR: a following LF belongs to the same line end.
    after_cr: bool,
}

impl LineSplitter {
    /// A splitter that keeps at most `max_len` bytes per line (at least 1).
    pub fn new(max_len: usize) -> Self {
        LineSplitter {
            max_len: max_len.max(1),
            current: Vec::new(),
            truncated: false,
            after_cr: false,
        }
    }

    /// Adds bytes and returns the lines they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Line> {
        let mut lines = Vec::new();
        for &byte in bytes {
            let after_cr = std::mem::replace(&mut self.after_cr, false);
            match byte {
                b'\n' if after_cr => {}
                b'\n' => lines.push(self.take()),
                b'\r' => {
                    lines.push(self.take());
                    self.after_cr = true;
                }
                _ if self.current.len() < self.max_len => self.current.push(byte),
                _ => self.truncated = true,
            }
        }
        lines
    }

    /// End of input: the unterminated last line, if any.
    pub fn finish(&mut self) -> Option<Line> {
        self.after_cr = false;
        if self.current.is_empty() && !self.truncated { None } else { Some(self.take()) }
    }

    fn take(&mut self) -> Line {
        let bytes = std::mem::take(&mut self.current);
        Line {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            truncated: std::mem::replace(&mut self.truncated, false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: Vec<Line>) -> Vec<String> {
        lines.into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn all_line_ends_and_split_crlf() {
        let mut s = LineSplitter::new(100);
        assert_eq!(texts(s.push(b"A\nB\r\nC\rD\r")), ["A", "B", "C", "D"]);
        // The LF of a CR LF pair arriving in the next chunk is not an extra empty line.
        assert_eq!(texts(s.push(b"\nE")), Vec::<String>::new());
        assert_eq!(s.finish().map(|l| l.text), Some("E".to_owned()));
        assert_eq!(s.finish(), None);
        assert_eq!(texts(s.push(b"\n\n")), ["", ""]);
    }

    #[test]
    fn long_lines_are_cut_and_junk_is_replaced() {
        let mut s = LineSplitter::new(4);
        let lines = s.push(b"abcdefgh\n\xff\xfe\n");
        assert_eq!(lines[0], Line { text: "abcd".into(), truncated: true });
        assert!(!lines[1].truncated);
        assert_eq!(lines[1].text, "\u{fffd}\u{fffd}");
    }
}
