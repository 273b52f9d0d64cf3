"""Writes src/eval_hidden.rs (every rule but renju) or src/eval_hidden_renju.rs (from a fit with
renju features: a layer per colour) from a fit_hidden.py result: the hidden layer's weights
quantized as src/hidden.rs computes with them (the linear part goes through emit_combos.py).

usage: python3 emit_hidden.py FITTED.npz > ../crates/engine/src/eval/weights/eval_hidden.rs
       python3 emit_hidden.py FITTED_RENJU.npz > ../crates/engine/src/eval/weights/eval_hidden_renju.rs
"""
import sys
import numpy as np

ONE = 1024
OUT_ONE = 64
fit = np.load(sys.argv[1])
K = float(fit['scale']) if 'scale' in fit else 600.0
E = np.round(fit['embed'] * ONE).astype(int)  # (blocks, COMBOS, H): block, combination, unit
Mq = np.round(fit['mask_rows'] * ONE).astype(int)  # (MASKS, H)
vq = np.round(fit['out'] * K * OUT_ONE).astype(int)
cq = int(round(float(fit['out_bias']) * K))
H = E.shape[2]
assert np.abs(E).max() < 32767 and np.abs(Mq).max() < 32767
renju = len(E) == 4
suffix = '_RENJU' if renju else ''


def row(values):
    return '[' + ', '.join(str(int(v)) for v in values) + ']'


def embed(first_block):
    for combo in range(E.shape[1]):
        print(f'    [{row(E[first_block, combo])}, {row(E[first_block + 1, combo])}],')


print('// Fitted by tuning/fit_hidden.py (see tuning/README.md): the evaluation\'s hidden layer'
      + (' under renju,' if renju else ','))
print('// quantized as `hidden.rs` computes with it.')
if renju:
    # renju's layer has as many units as the generic one (HIDDEN): the build checks it.
    for name, first in (('BLACK', 0), ('WHITE', 2)):
        print()
        print(f'/// {name.capitalize()}\'s squares: as `EMBED_FIT`.')
        print(f'static EMBED_RENJU_{name}_FIT: [[[i16; HIDDEN]; 2]; COMBOS] = [')
        embed(first)
        print('];')
else:
    print(f'pub const HIDDEN: usize = {H};')
    print()
    print('/// Per combination of a square\'s four line codes (`eval::combo_index`): the square\'s hidden')
    print('/// weights as the side to move\'s square, then as the waiting side\'s, times `ONE` (16 bits,')
    print('/// widened as the sums add them).')
    print('static EMBED_FIT: [[[i16; HIDDEN]; 2]; COMBOS] = [')
    embed(0)
    print('];')
print()
print('/// Per threat mask (`eval::threat_mask`): the hidden units\' offsets (with their bias), times')
print('/// `ONE`.')
print(f'static MASK_ROWS{suffix}_FIT: [[i16; HIDDEN]; MASKS] = [')
for m in range(Mq.shape[0]):
    print(f'    {row(Mq[m])},')
print('];')
print()
print('/// The output weight of each clipped unit, in evaluation points times `OUT_ONE`, and the')
print('/// output bias in evaluation points.')
print('#[allow(clippy::unreadable_literal)]')
print(f'static OUT{suffix}_FIT: [i32; HIDDEN] = {row(vq)};')
print(f'const OUT_BIAS{suffix}_FIT: i32 = {cq};')
