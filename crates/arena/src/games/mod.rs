//! Games, their records and outputs: one game under the rules of renzoku-rules ([`game`]),
//! the game to play ([`job`]), the record it leaves ([`record`]), the openings it starts from,
//! and where records go: PGN, SGF, messages and samples ([`output`]), and the live view
//! ([`live`]).

pub mod game;
pub mod job;
pub mod live;
pub mod openings;
pub mod output;
pub mod record;
pub mod rng;
