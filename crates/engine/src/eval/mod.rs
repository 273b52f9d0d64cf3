//! What squares are worth: per-square classes, values and fitted shares from the four line
//! codes (`square`), the hidden layer over pattern combinations (`hidden`), and the nets that
//! hold their weights (`net`: the built-in `weights/*.rzn` or a loaded file). The position keeps
//! their sums (`board`).

pub(crate) mod hidden;
pub mod net;
pub(crate) mod square;
