"""Reads an evaluation compiled into the engine back out of its two source files (the generic one,
every rule but renju: src/eval_combo.rs and src/eval_hidden.rs; renju's: eval_combo_renju.rs and
eval_hidden_renju.rs) and writes it as a fit_hidden.py result, so that a fit can be continued
(`fit_hidden.py --init`) from the weights in use when their .npz is lost.

usage: python3 rs_to_npz.py ../crates/engine/src/eval/weights/eval_combo.rs ../crates/engine/src/eval/weights/eval_hidden.rs OUT.npz [--scale K]
       python3 rs_to_npz.py ../crates/engine/src/eval/weights/eval_combo_renju.rs ../crates/engine/src/eval/weights/eval_hidden_renju.rs OUT.npz \
           --scale 700

OUT.npz has the layout fit_hidden.py saves (and emit_combos.py / emit_hidden.py read):
  combos     (2, COMBOS)          EVAL_COMBO_FIT, in evaluation points
  masks      (MASKS,)             EVAL_MASK_FIT, in evaluation points
  (renju: 4 rows of combos and embed blocks, black's two roles then white's)
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
hidden_text = open(a.hidden_rs).read()
# Renju's files hold four rows (black as the side to move's and the waiting side's, then white)
# and a hidden layer per colour; the others two rows and one layer.
renju = 'EVAL_COMBO_RENJU_FIT' in combo_text
suffix = '_RENJU' if renju else ''
blocks = 4 if renju else 2
combos = np.array(ints(block(combo_text, f'EVAL_COMBO{suffix}_FIT')), dtype=float)
combos = combos.reshape(blocks, -1)
C = combos.shape[1]
masks = np.array(ints(block(combo_text, f'EVAL_MASK{suffix}_FIT')), dtype=float)
MASKS = len(masks)

# HIDDEN is declared in eval_hidden.rs only (renju's layer has as many units).
generic_hidden = hidden_text if not renju else open(
    a.hidden_rs.replace('eval_hidden_renju.rs', 'eval_hidden.rs')).read()
H = int(re.search(r'pub const HIDDEN: usize = (\d+);', generic_hidden).group(1))


def embed_of(name):
    """EMBED_*: per combination [[H weights as the side to move's], [H as the waiting side's]],
    as two blocks (role, combination, unit)."""
    e = np.array(ints(block(hidden_text, name)), dtype=float).reshape(C, 2, H)
    return e.transpose(1, 0, 2) / ONE


if renju:
    embed = np.concatenate([embed_of('EMBED_RENJU_BLACK_FIT'), embed_of('EMBED_RENJU_WHITE_FIT')])
else:
    embed = embed_of('EMBED_FIT')
mask_rows = np.array(ints(block(hidden_text, f'MASK_ROWS{suffix}_FIT')),
                     dtype=float).reshape(MASKS, H)
out = np.array(ints(block(hidden_text, f'OUT{suffix}_FIT')), dtype=float)
assert out.shape == (H,)
out_bias = float(ints(block(hidden_text, f'OUT_BIAS{suffix}_FIT'))[0])

np.savez(a.out, combos=combos, masks=masks, embed=embed, mask_rows=mask_rows / ONE,
         out=out / (K * OUT_ONE), out_bias=out_bias / K, scale=K)
print(f'{a.out}: {"renju, " if renju else ""}{C} combinations, {MASKS} masks, {H} hidden units, '
      f'scale K = {K:g}')
