//! `INFO eval_file PATH` and `--eval-file PATH`: the evaluation's weights from a file (a fit to
//! try, or an A/B test of two fits with one binary: `renzoku match ... option.eval_file=a.rzn`).
//! The file says its rule family (generic or renju), so one of each can be in use at once;
//! `INFO eval_file default` goes back to the built-in nets. A file that cannot be used is
//! answered with `ERROR` naming it and what is wrong, and the net in use stays.

use std::path::Path;

use renzoku_engine::{EvalFamily, eval_nets, load_eval_file, reset_eval};
use renzoku_protocol::Reply;

/// What `INFO eval_file VALUE` answers: the net now in use, or why the file was refused.
pub fn apply(value: &str) -> Reply {
    let value = value.trim();
    if value.is_empty() {
        return Reply::Error("INFO eval_file: a file name (or default) is expected".to_owned());
    }
    if value.eq_ignore_ascii_case("default") || value.eq_ignore_ascii_case("built-in") {
        reset_eval(EvalFamily::Generic);
        reset_eval(EvalFamily::Renju);
        let [generic, renju] = eval_nets();
        return Reply::Message(format!("eval_file: built-in nets: {generic}; {renju}"));
    }
    match load_eval_file(Path::new(value)) {
        Ok(info) => Reply::Message(format!("eval_file: {info}")),
        Err(e) => Reply::Error(format!("INFO eval_file {e}")),
    }
}
