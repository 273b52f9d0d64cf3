"""Reads the generic (every rule but renju) evaluation compiled into the engine back out of
src/eval_combo.rs and src/eval_hidden.rs and writes it as a fit_hidden.py result, so that a fit
can be continued (`fit_hidden.py --init`) from the weights in use when their .npz is lost.

usage: python3 rs_to_npz.py ../src/eval_combo.rs ../src/eval_hidden.rs OUT.npz [--scale K]

OUT.npz has the layout fit_hidden.py saves (and emit_combos.py / emit_hidden.py read):
  combos     (2, COMBOS)          EVAL_COMBO_FIT, in evaluation points
  masks      (MASKS,)             EVAL_MASK_FIT, in evaluation points
  embed      (2, COMBOS, HIDDEN)  EMBED_FIT / ONE; embed[0]: the side to move's squares,
                                  embed[1]: the waiting side's
  mask_rows  (MASKS, HIDDEN)      MASK_ROWS_FIT / ONE
  out        (HIDDEN,)            OUT_FIT / (K * OUT_ONE)
  out_bias   ()                   OUT_BIAS_FIT / K
  scale      ()                   K
The output weights are stored in units of the evaluation scale K (winning chance =
logistic(eval / K)), as fit_hidden.py keeps them. fit_hidden.py does not read `scale` from its
--init: it picks K again from the linear tables on the data it is given, so --scale must be the
K it prints (`scale K = ...`), or the hidden layer's share of the evaluation starts multiplied
by (that K) / (--scale). The emit scripts multiply back by `scale`, so OUT.npz emits the .rs
files it was read from, byte for byte, whatever K is.
"""
import argparse
import re
import numpy as np

ONE = 1024  # src/hidden.rs
OUT_ONE = 64


def block(text, name):
    """The text between `NAME: ... = ` and the `;` that closes the constant."""
    m = re.search(r'\b' + name + r'\b\s*:[^=]*=\s*', text)
    assert m, f'{name} not found'
    end = text.index(';', m.end())
    return text[m.end():end]


def ints(s):
    """The integers of a constant's text, comments dropped."""
    s = re.sub(r'//[^\n]*', '', s)
    return [int(v) for v in re.findall(r'-?\d+', s)]


ap = argparse.ArgumentParser()
ap.add_argument('combo_rs')
ap.add_argument('hidden_rs')
ap.add_argument('out')
ap.add_argument('--scale', type=float, default=600.0)
a = ap.parse_args()
K = a.scale

combo_text = open(a.combo_rs).read()
combos = np.array(ints(block(combo_text, 'EVAL_COMBO_FIT')), dtype=float).reshape(2, -1)
C = combos.shape[1]
masks = np.array(ints(block(combo_text, 'EVAL_MASK_FIT')), dtype=float)
MASKS = len(masks)

hidden_text = open(a.hidden_rs).read()
H = int(re.search(r'pub const HIDDEN: usize = (\d+);', hidden_text).group(1))
# EMBED_FIT: per combination [[H weights as the side to move's], [H as the waiting side's]].
embed = np.array(ints(block(hidden_text, 'EMBED_FIT')), dtype=float).reshape(C, 2, H)
embed = embed.transpose(1, 0, 2) / ONE
mask_rows = np.array(ints(block(hidden_text, 'MASK_ROWS_FIT')), dtype=float).reshape(MASKS, H)
out = np.array(ints(block(hidden_text, 'OUT_FIT')), dtype=float)
assert out.shape == (H,)
out_bias = float(ints(block(hidden_text, 'OUT_BIAS_FIT'))[0])

np.savez(a.out, combos=combos, masks=masks, embed=embed, mask_rows=mask_rows / ONE,
         out=out / (K * OUT_ONE), out_bias=out_bias / K, scale=K)
print(f'{a.out}: {C} combinations, {MASKS} masks, {H} hidden units, scale K = {K:g}')
