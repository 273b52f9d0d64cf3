//! An engine command (`cmd=` of c-gomoku-cli, `command` of the referee) as the words of a
//! program and its arguments.

/// Splits an engine command into program and arguments: blanks separate words, a backslash
/// escapes the next character, double quotes group.
pub fn split_command(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quoted = false;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_word = true;
            }
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands() {
        assert_eq!(
            split_command(r#"../foo -x=1 "a b" c\ d"#),
            vec!["../foo", "-x=1", "a b", "c d"]
        );
        assert_eq!(split_command(r"C:\\e.exe"), vec![r"C:\e.exe"]);
    }
}
