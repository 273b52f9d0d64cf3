//! A seat: a brain process or a person at the terminal.

use crate::brain::Brain;
use crate::human::Human;

#[derive(Debug)]
pub enum Player {
    Brain(Brain),
    Human(Human),
}

impl Player {
    pub fn name(&self) -> &str {
        match self {
            Player::Brain(b) => &b.name,
            Player::Human(h) => &h.name,
        }
    }

    /// The process group of a brain.
    pub fn pid(&self) -> Option<i32> {
        match self {
            Player::Brain(b) => Some(b.pid()),
            Player::Human(_) => None,
        }
    }

    pub fn pause(&mut self) {
        if let Player::Brain(b) = self {
            b.pause();
        }
    }

    pub fn resume(&mut self) {
        if let Player::Brain(b) = self {
            b.resume();
        }
    }
}
