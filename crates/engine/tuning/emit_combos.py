"""Writes src/eval_combo.rs from the tables fitted by fit_combos.py.

usage: python3 emit_combos.py FITTED.npz > ../src/eval_combo.rs
"""
import sys
import numpy as np

w = np.load(sys.argv[1])['combos']
print('// Fitted by tuning/fit_combos.py (see tuning/README.md): the evaluation share of a square per')
print('// combination of its four line codes (`eval::combo_index`); row 0: a square of the side to')
print('// move, row 1: a square of the waiting side.')
print(f'const EVAL_COMBO_FIT: [[i16; COMBOS]; 2] = [')
for row in w:
    print('    [')
    vals = [str(int(max(-32000, min(32000, v)))) for v in row]
    for i in range(0, len(vals), 16):
        print('        ' + ', '.join(vals[i:i + 16]) + ',')
    print('    ],')
print('];')
