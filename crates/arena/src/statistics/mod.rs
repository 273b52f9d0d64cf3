//! Statistics, the bottom layer: results counted as trinomials (games) and pentanomials
//! (colour-swapped pairs), Elo estimates with their error, the SPRT, and the standings of a run.
//! Pure arithmetic: nothing here knows options, engines or files.

pub mod elo;
pub mod sprt;
pub mod standings;
