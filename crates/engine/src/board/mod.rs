//! The board as the search sees it: the position that keeps the line codes, the square classes
//! and the evaluation sums up to date move by move (`position`), the static value read off it
//! (`static_eval`) and the pattern tables built ahead of the first search (`prepare`).

pub(crate) mod position;
pub(crate) mod prepare;
pub(crate) mod static_eval;
