#![doc = include_str!("../README.md")]

pub mod cli;
pub mod config;
pub mod demo;
pub mod engines;
pub mod games;
pub mod run;
pub mod statistics;
pub mod tuning;
pub mod zoo;
