// Fitted by tuning/fit_order.py (see tuning/README.md): move-ordering corrections per
// combination of a square's four line codes (`eval::combo_index`); row 0: for a move of the
// square's colour, row 1: for the opponent's move there.
const ORDER_COMBO_FIT: [[i16; COMBOS]; 2] = [[0; COMBOS]; 2];
