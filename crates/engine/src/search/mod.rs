//! The search: the root driver (`root`: iterative deepening, aspiration, multi-PV, Lazy SMP),
//! one thread's alpha-beta (`worker`), the threat searches (`threat`), move generation
//! (`movegen`), the transposition table and its file (`tt`, `hashfile`, `probe`), time
//! (`timeman`, `caution`), the bounded move history (`history`), the static values' correction
//! (`correction`), what a search is given and
//! returns (`limits`, `result`), the position's part of a move's ordering score (`order`) and the
//! tunable constants (`params`).

pub(crate) mod caution;
pub(crate) mod correction;
pub(crate) mod crumbs;
pub(crate) mod hashfile;
pub(crate) mod history;
pub(crate) mod limits;
pub(crate) mod movegen;
pub(crate) mod order;
pub mod params;
pub(crate) mod probe;
pub(crate) mod result;
pub(crate) mod root;
#[cfg(feature = "sample-evals")]
pub mod sample;
pub(crate) mod threat;
pub(crate) mod timeman;
pub(crate) mod tt;
pub(crate) mod worker;
