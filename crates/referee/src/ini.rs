//! liskvork's INI files: `[section]` headers, `key=value` lines, whole-line comments starting
//! with `;` or `#`, blank lines. Values are taken as written (surrounding blanks and one pair of
//! quotes removed); numbers are decimal (or `0x` hexadecimal, as liskvork's parser accepts),
//! booleans `true`/`false`. Every error names its line: `file:line: reason`.
//!
//! liskvork itself requires every key; here a missing key takes the referee's default, so a
//! short file is enough. Unknown sections and keys are errors (a typo must not be ignored).

use std::path::Path;

use crate::raw::{ConfigError, RawConfig};

/// Parses liskvork INI text into the common raw configuration.
pub fn parse(text: &str, path: &Path) -> Result<RawConfig, ConfigError> {
    let mut raw = RawConfig::default();
    let mut section: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let at = |msg: String| ConfigError::at(path, n, msg);
        let t = line.trim();
        if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        if let Some(rest) = t.strip_prefix('[') {
            let name = rest
                .strip_suffix(']')
                .ok_or_else(|| at(format!("section header '{t}' has no closing ']'")))?
                .trim()
                .to_ascii_lowercase();
            if !["game", "player1", "player2", "log", "other", "live"].contains(&name.as_str()) {
                return Err(at(format!(
                    "unknown section [{name}] (expected game, player1, player2, log, other, live)"
                )));
            }
            section = Some(name);
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            return Err(at(format!(
                "'{t}' is neither a [section], a key=value line nor a comment"
            )));
        };
        let key = key.trim().to_ascii_lowercase();
        let value = unquote(value.trim());
        let Some(section) = section.as_deref() else {
            return Err(at(format!("key '{key}' comes before any [section]")));
        };
        set(&mut raw, section, &key, value).map_err(at)?;
    }
    Ok(raw)
}

fn unquote(v: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

fn number<T: TryFrom<u64>>(key: &str, v: &str) -> Result<Option<T>, String> {
    let parsed = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse::<u64>().ok(),
    };
    parsed
        .and_then(|n| T::try_from(n).ok())
        .map(Some)
        .ok_or_else(|| format!("{key}: '{v}' is not a valid non-negative number"))
}

fn boolean(key: &str, v: &str) -> Result<Option<bool>, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(Some(true)),
        "false" => Ok(Some(false)),
        _ => Err(format!("{key}: '{v}' is not true or false")),
    }
}

fn text(v: &str) -> Option<String> {
    (!v.is_empty()).then(|| v.to_string())
}

fn set(raw: &mut RawConfig, section: &str, key: &str, v: &str) -> Result<(), String> {
    let unknown = || format!("unknown key '{key}' in [{section}]");
    match section {
        "game" => {
            let g = &mut raw.game;
            match key {
                "board_size" => g.board_size = number(key, v)?,
                "rule" => g.rule = number(key, v)?,
                "max_memory" => g.max_memory = number(key, v)?,
                "enforce_max_memory" => g.enforce_max_memory = boolean(key, v)?,
                "tolerance" => g.tolerance = number(key, v)?,
                "pause_opponent" => g.pause_opponent = boolean(key, v)?,
                "opening" => g.opening = text(v),
                "opening_format" => g.opening_format = text(v),
                "opening_line" => g.opening_line = number(key, v)?,
                "opening_rule" => g.opening_rule = text(v),
                "move_limit" => g.move_limit = number(key, v)?,
                _ => return Err(unknown()),
            }
        }
        "player1" | "player2" => {
            let p = if section == "player1" { &mut raw.player1 } else { &mut raw.player2 };
            match key {
                "path" => p.path = text(v),
                "name" => p.name = text(v),
                "timeout_match" => p.timeout_match = number(key, v)?,
                "timeout_turn" => p.timeout_turn = number(key, v)?,
                "increment" => p.increment = number(key, v)?,
                _ => return Err(unknown()),
            }
        }
        "log" => {
            let l = &mut raw.log;
            match key {
                "level" => l.level = text(v),
                "board_file" => l.board_file = text(v),
                "board_color" => l.board_color = boolean(key, v)?,
                "replay_file" => l.replay_file = text(v),
                "replay_file_enabled" => l.replay_file_enabled = boolean(key, v)?,
                "sgf_file" => l.sgf_file = text(v),
                "protocol_file" => l.protocol_file = text(v),
                _ => return Err(unknown()),
            }
        }
        "other" => {
            let o = &mut raw.other;
            match key {
                "auto_start" => o.auto_start = boolean(key, v)?,
                "auto_close" => o.auto_close = boolean(key, v)?,
                "end_grace_time" => o.end_grace_time = number(key, v)?,
                _ => return Err(unknown()),
            }
        }
        "live" => match key {
            "serve" => raw.live.serve = text(v),
            _ => return Err(unknown()),
        },
        _ => return Err(unknown()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ini(text: &str) -> Result<RawConfig, String> {
        parse(text, Path::new("x.ini")).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_liskvork_keys() {
        let raw =
            ini("; comment\n[game]\nboard_size=20\nmax_memory=0x100\nenforce_max_memory=true\n\
                       [player1]\npath=./a b\ntimeout_match=300000\ntimeout_turn=5000\n\
                       [player2]\npath=\"human\"\n[log]\nlevel=Info\nreplay_file=./r.log\n\
                       # c\n[other]\nauto_start=true\nend_grace_time=10\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(raw.game.board_size, Some(20));
        assert_eq!(raw.game.max_memory, Some(256));
        assert_eq!(raw.game.enforce_max_memory, Some(true));
        assert_eq!(raw.player1.path.as_deref(), Some("./a b"));
        assert_eq!(raw.player1.timeout_turn, Some(5000));
        assert_eq!(raw.player2.path.as_deref(), Some("human"));
        assert_eq!(raw.log.replay_file.as_deref(), Some("./r.log"));
        assert_eq!(raw.other.end_grace_time, Some(10));
    }

    #[test]
    fn malformed_files_name_the_line() {
        let cases = [
            ("[game]\nboard_size=big\n", "x.ini:2: board_size: 'big'"),
            ("[game]\n\nfoo=1\n", "x.ini:3: unknown key 'foo' in [game]"),
            ("board_size=15\n", "x.ini:1: key 'board_size' comes before any [section]"),
            ("[game\n", "x.ini:1: section header"),
            ("[network]\nport=1\n", "x.ini:1: unknown section [network]"),
            ("[other]\nauto_start=yes\n", "x.ini:2: auto_start: 'yes' is not true or false"),
            ("[game]\njust words\n", "x.ini:2: 'just words' is neither"),
            ("[game]\nboard_size=-3\n", "x.ini:2: board_size"),
        ];
        for (text, want) in cases {
            let got = ini(text).err().unwrap_or_default();
            assert!(got.starts_with(want), "{text:?}: got {got:?}, want {want:?}");
        }
    }
}
