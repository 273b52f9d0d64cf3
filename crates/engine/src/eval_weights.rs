// Fitted by the offline tuning (see `tuning::eval_features`); index 0: side to move, 1: waiting side.
const EVAL_CODE_FIT: [[i32; CODES]; 2] = [
    [0, -1, -2, 12, 34, 50, 67, 107, 166, 512, 0, 166],
    [-3, -5, -5, 10, 29, 46, 75, 110, 100, 430, -3, 142],
];
const EVAL_CLASS_FIT: [[i32; CLASSES]; 2] = [
    [0, -15, 50, 94, 74, 199, 272, 1014],
    [10, -5, 44, 91, 80, 174, 191, 849],
];
