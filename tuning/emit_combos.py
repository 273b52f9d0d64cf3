"""Writes src/eval_combo.rs (two rows: every rule but renju) or src/eval_combo_renju.rs (four
rows, from a fit with `--rule 4` features) from the tables fitted by fit_combos.py: the square
tables and the threat-mask term.

usage: python3 emit_combos.py FITTED.npz > ../crates/engine/src/eval/weights/eval_combo.rs
"""
import sys
import numpy as np

fit = np.load(sys.argv[1])
w = fit['combos']
if len(w) == 4:
    print("// Fitted by tuning/fit_combos.py with renju features (see tuning/README.md): the evaluation")
    print("// share of a square per combination of its four line codes (`eval::combo_index`) under")
    print("// renju; rows 0 and 1: a square of black as the side to move's and as the waiting side's,")
    print("// rows 2 and 3: the same for white.")
    print('const EVAL_COMBO_RENJU_FIT: [[i16; COMBOS]; 4] = [')
else:
    print('// Fitted by tuning/fit_combos.py (see tuning/README.md): the evaluation share of a square per')
    print('// combination of its four line codes (`eval::combo_index`); row 0: a square of the side to')
    print('// move, row 1: a square of the waiting side.')
    print('const EVAL_COMBO_FIT: [[i16; COMBOS]; 2] = [')


def print_values(values, indent):
    """The values clamped to i16 range, 16 a line."""
    vals = [str(int(max(-32000, min(32000, v)))) for v in values]
    for i in range(0, len(vals), 16):
        print(indent + ', '.join(vals[i:i + 16]) + ',')


for row in w:
    print('    [')
    print_values(row, '        ')
    print('    ],')
print('];')
print()
print('// Fitted with the table above: the evaluation term per threat mask (`eval::threat_mask`).')
print(f"const EVAL_MASK{'_RENJU' if len(w) == 4 else ''}_FIT: [i16; MASKS] = [")
print_values(fit['masks'], '    ')
print('];')
