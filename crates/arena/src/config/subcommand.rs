//! The frame every subcommand of the arena shares (`renzoku merge`, `renzoku tune`).

/// The frame of a subcommand (`renzoku merge`, `renzoku tune`): `-h` prints `usage`, a command
/// line that does not parse is exit code 2 with the usage, a failure is exit code 1, both
/// printed as `renzoku NAME: error`.
pub fn run<T>(
    name: &str,
    usage: &str,
    args: &[String],
    parse: impl Fn(&[String]) -> Result<T, String>,
    run: impl Fn(&T) -> Result<i32, String>,
) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help" || a == "-help") {
        println!("{usage}");
        return 0;
    }
    let parsed = match parse(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("renzoku {name}: {e}\n\n{usage}");
            return 2;
        }
    };
    run(&parsed).unwrap_or_else(|e| {
        eprintln!("renzoku {name}: {e}");
        1
    })
}
