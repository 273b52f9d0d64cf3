//! The evaluation: per-square classes, values and fitted shares from the four line codes
//! (`square`), the hidden layer over pattern combinations (`hidden`), the weights they read
//! (`weights/`), a position's static value (`static_eval`) and the position's part of a move's
//! ordering score (`order`).

pub(crate) mod hidden;
pub mod net;
pub(crate) mod order;
pub(crate) mod square;
pub(crate) mod static_eval;
