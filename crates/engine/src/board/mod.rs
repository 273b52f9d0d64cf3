//! The board as the search sees it: line patterns (`pattern`) and the position that keeps them,
//! the square classes and the evaluation sums up to date move by move (`position`).

pub(crate) mod pattern;
pub(crate) mod position;
