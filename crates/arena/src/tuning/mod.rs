//! Tuning: SPSA ([`spsa`], the arithmetic) and `renzoku tune` ([`tune`], which plays the
//! perturbed pairs through the match layers below).

pub mod spsa;
pub mod tune;
