//! Running a match: the schedule of games, the runner in its three phases ([`prepare`],
//! [`play`], [`finish`]), the journal it resumes from, the match's identity, shards and their
//! peers, `renzoku merge`, progress on the console and CPU binding of the workers.

pub mod affinity;
pub mod finish;
pub mod journal;
pub mod matchinfo;
pub mod merge;
pub mod play;
pub mod prepare;
pub mod progress;
pub mod runner;
pub mod schedule;
pub mod shardpeers;
