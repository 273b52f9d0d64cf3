//! What the server is allowed to run: the engines named on the command line, and how many
//! pages (each with its own brain process) may be open at once.

use std::path::Path;

/// One engine: a program and its arguments, and the name the page shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub program: String,
    pub args: Vec<String>,
}

impl EngineSpec {
    /// A command line as typed after `--engine`: the program, then its arguments, separated by
    /// blanks (no shell: quotes are not interpreted, so nothing in it is run but the program).
    pub fn parse(command: &str) -> Result<EngineSpec, String> {
        let mut words = command.split_whitespace().map(str::to_owned);
        let program = words.next().ok_or_else(|| "an empty engine command".to_owned())?;
        let args: Vec<String> = words.collect();
        Ok(EngineSpec { name: name_of(&program), program, args })
    }
}

/// `pbrain-rapfi.exe` → `rapfi`: the file's stem without Gomocup's `pbrain-` prefix.
fn name_of(program: &str) -> String {
    let stem = Path::new(program).file_stem().and_then(|s| s.to_str()).unwrap_or(program);
    let name = stem.strip_prefix("pbrain-").unwrap_or(stem);
    if name.is_empty() { program.to_owned() } else { name.to_owned() }
}

/// The board server's settings.
#[derive(Clone, Debug)]
pub struct BoardConfig {
    /// At least one; the first is the default.
    pub engines: Vec<EngineSpec>,
    /// Pages (games, each with its own brain) open at once; more are refused with a message.
    pub max_games: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_commands_split_on_blanks_and_are_named_after_the_program() {
        let spec = EngineSpec::parse(" /opt/pbrain-rapfi.exe  --mode x ").expect("spec");
        assert_eq!(spec.program, "/opt/pbrain-rapfi.exe");
        assert_eq!(spec.args, ["--mode", "x"]);
        assert_eq!(spec.name, "rapfi");
        assert_eq!(EngineSpec::parse("./renzoku brain").expect("spec").name, "renzoku");
        assert!(EngineSpec::parse("   ").is_err());
    }
}

/// `--serve`'s value: `PORT` (loopback), or `HOST:PORT` (`0.0.0.0:9000`, `[::1]:8080`,
/// `localhost:8080`), read as every Renzoku server reads it.
pub fn parse_serve_addr(text: &str) -> Result<std::net::SocketAddr, String> {
    renzoku_live::serve_address::parse(text).map_err(|e| format!("--serve: {e}"))
}
#[cfg(test)]
mod addr_tests {
    use super::parse_serve_addr;

    #[test]
    fn a_bare_port_is_loopback() {
        let addr = parse_serve_addr("8080").expect("port");
        assert!(addr.ip().is_loopback());
        assert_eq!(parse_serve_addr("0.0.0.0:9000").expect("addr").port(), 9000);
        assert!(parse_serve_addr("nonsense").is_err());
    }
}
