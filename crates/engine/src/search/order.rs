//! The position's part of a move's ordering score: what the mover makes on the square, what it
//! takes from the opponent, and the fitted corrections per pattern combination.

use crate::board::position::Position;
use crate::eval::square::{CL_3, CL_4};
use crate::search::params::{Param, Params};

/// The part of a move's ordering score that depends on the position only (not on killers,
/// history or the hash move): what the mover makes there, what it takes from the opponent, and
/// the fitted corrections per pattern combination (`SquareInfo::order`).
pub fn static_order_score(pos: &Position, m: usize, p: &Params) -> i32 {
    OrderTerms::new(pos, p).score(pos, m)
}

/// What [`static_order_score`] takes of the position and the parameters besides the move,
/// fetched once for a whole move list: the loop over the moves reloaded them for every move
/// (the compiler cannot tell that the keys it writes leave them alone).
#[derive(Clone, Copy)]
pub(crate) struct OrderTerms {
    me: renzoku_rules::Color,
    own_class: i32,
    block_four: i32,
    block_three: i32,
}

impl OrderTerms {
    pub(crate) fn new(pos: &Position, p: &Params) -> OrderTerms {
        OrderTerms {
            me: pos.side_to_move(),
            own_class: p.get(Param::OrderOwnClass),
            block_four: p.get(Param::OrderBlockFour),
            block_three: p.get(Param::OrderBlockThree),
        }
    }

    #[inline]
    pub(crate) fn score(self, pos: &Position, m: usize) -> i32 {
        let mine = pos.info(m, self.me);
        let theirs = pos.info(m, self.me.opponent());
        let mut s = i32::from(mine.value) * 2
            + i32::from(theirs.value)
            + i32::from(mine.class) * self.own_class
            + i32::from(mine.order[0])
            + i32::from(theirs.order[1]);
        if theirs.class >= CL_4 {
            s += self.block_four;
        } else if theirs.class >= CL_3 {
            s += self.block_three;
        }
        s
    }
}
