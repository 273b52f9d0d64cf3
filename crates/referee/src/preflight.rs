//! What is checked before any brain starts: every brain command is a program that can be run
//! and the opening file can be read and holds the chosen opening. A configuration that cannot
//! work is a configuration error (exit 4), not a game lost by crash; a brain that starts and
//! dies later still loses by crash.

use renzoku_arena::engines::command_check::check_command;

use crate::config::{Config, PlayerKind};

/// Every problem found, one per line; `Ok` when the game can start.
pub fn check(config: &Config) -> Result<(), String> {
    let mut problems = Vec::new();
    for (seat, player) in config.players.iter().enumerate() {
        if let PlayerKind::Brain(command) = &player.kind
            && let Err(why) = check_command(command)
        {
            problems.push(format!("player{}: brain cannot be run: {why}", seat + 1));
        }
    }
    if let Err(why) = crate::game::opening_stones(config) {
        problems.push(why);
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}
