//! One brain process per open page: started from the command line's engine specs only, fed
//! Yixin-Board's command sequences (`script`), its detail lines gathered into candidate lines
//! (`detail`), supervised for crashes, hangs and junk (`session`).

mod detail;
mod process;
mod script;
pub mod session;
