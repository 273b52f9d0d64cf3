//! The command-line flags the tuning examples (`features`, `pv_positions`) share: which rule's
//! positions they read, and which net they evaluate with. A bad value ends the program with
//! exit code 2 and a message naming the tool.

use renzoku_rules::Rule;

/// `--rule N` (the Gomocup codes 0 freestyle, 1 standard, 4 renju); freestyle when absent.
pub fn rule_arg(args: &[String], tool: &str) -> Rule {
    let Some(k) = args.iter().position(|a| a == "--rule") else { return Rule::Freestyle };
    match args.get(k + 1).map(String::as_str) {
        Some("0") => Rule::Freestyle,
        Some("1") => Rule::Standard,
        Some("4") => Rule::Renju,
        other => {
            eprintln!("{tool}: --rule takes 0, 1 or 4, not {other:?}");
            std::process::exit(2);
        }
    }
}

/// `--eval-file NET`: makes the weights file NET the net of its rule family before anything is
/// evaluated; nothing when the flag is absent.
pub fn load_eval_file_arg(args: &[String], tool: &str) {
    let Some(k) = args.iter().position(|a| a == "--eval-file") else { return };
    let Some(path) = args.get(k + 1) else {
        eprintln!("{tool}: --eval-file takes a weights file");
        std::process::exit(2);
    };
    if let Err(e) = renzoku_engine::load_eval_file(std::path::Path::new(path)) {
        eprintln!("{tool}: {e}");
        std::process::exit(2);
    }
}
