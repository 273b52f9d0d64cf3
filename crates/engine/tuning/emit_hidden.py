"""Writes src/eval_hidden.rs from a fit_hidden.py result: the hidden layer's weights quantized as
src/hidden.rs computes with them (the linear part goes through emit_combos.py).

usage: python3 emit_hidden.py FITTED.npz > ../src/eval_hidden.rs
"""
import sys
import numpy as np

K = 600.0
ONE = 1024
OUT_ONE = 64
fit = np.load(sys.argv[1])
E = np.round(fit['embed'] * ONE).astype(int)  # (2, COMBOS, H): role, combination, unit
Mq = np.round(fit['mask_rows'] * ONE).astype(int)  # (MASKS, H)
vq = np.round(fit['out'] * K * OUT_ONE).astype(int)
cq = int(round(float(fit['out_bias']) * K))
H = E.shape[2]
assert np.abs(E).max() < 32767 and np.abs(Mq).max() < 32767


def row(values):
    return '[' + ', '.join(str(int(v)) for v in values) + ']'


print('// Fitted by tuning/fit_hidden.py (see tuning/README.md): the evaluation\'s hidden layer,')
print('// quantized as `hidden.rs` computes with it.')
print(f'pub const HIDDEN: usize = {H};')
print()
print('/// Per combination of a square\'s four line codes (`eval::combo_index`): the square\'s hidden')
print('/// weights as the side to move\'s square, then as the waiting side\'s, times `ONE` (32 bits:')
print('/// the update adds them without widening).')
print('static EMBED_FIT: [[[i32; HIDDEN]; 2]; COMBOS] = [')
for combo in range(E.shape[1]):
    print(f'    [{row(E[0, combo])}, {row(E[1, combo])}],')
print('];')
print()
print('/// Per threat mask (`eval::threat_mask`): the hidden units\' offsets (with their bias), times')
print('/// `ONE`.')
print('static MASK_ROWS_FIT: [[i16; HIDDEN]; MASKS] = [')
for m in range(Mq.shape[0]):
    print(f'    {row(Mq[m])},')
print('];')
print()
print('/// The output weight of each clipped unit, in evaluation points times `OUT_ONE`, and the')
print('/// output bias in evaluation points.')
print('#[allow(clippy::unreadable_literal)]')
print(f'const OUT_FIT: [i32; HIDDEN] = {row(vq)};')
print(f'const OUT_BIAS_FIT: i32 = {cq};')
