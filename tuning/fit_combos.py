"""Fits the pattern-combination evaluation tables (one value per combination of a square's four
line codes, for the side to move's squares and for the waiting side's) to labelled positions.

usage: python3 fit_combos.py FEATURES.csv TABLE.csv OUT.npz [MASKS.csv] [LAMBDA ...]

FEATURES.csv: `features --combos` output; TABLE.csv: `features --table` (the table in use, the
prior: the fit learns corrections to it, and combinations the data rarely shows keep their old
values), both made with the same `--rule`: two columns (side to move's squares, waiting
side's), four under renju (black's two, then white's; `tuning::combo_features`). The value per
threat mask (`eval::threat_mask`, the third CSV column; `eval::mask_eval`) is fitted jointly,
starting from MASKS.csv (`features --masks`, `index,value` lines) or zero; FIT_MASKS=0 keeps
the masks out of the fit (zero). Labels are Rapfi's evaluations (winning chance =
logistic(eval / 200)); a mate score counts as +-800; tactical positions are left out. 10 % of
the positions (every tenth) are held out; the held-out cross-entropy of the table in use and of
each fit is printed; the best fit is saved.
"""
import os
import sys
import numpy as np
from scipy.optimize import minimize
from scipy.sparse import csr_matrix, hstack

import labelled_features
from labelled_features import MATE_EVAL

feat_path, table_path, out_path = sys.argv[1:4]
rest = sys.argv[4:]
masks_path = rest.pop(0) if rest and rest[0].endswith('.csv') else None
lambdas = [float(x) for x in rest] or [1e-8, 1e-7, 1e-6]
table = np.loadtxt(table_path, delimiter=',', dtype=float)
combos = table.shape[0]
blocks = table.shape[1] - 1
MASKS = 512
# The table in use: the blocks of combination values, then (if present) the threat-mask values.
w_base = np.concatenate([table[:, 1 + b] for b in range(blocks)] + [np.zeros(MASKS)])
if masks_path:
    w_base[blocks * combos:] = np.loadtxt(masks_path, delimiter=',', dtype=float)[:, 1]
counts, Y, M = labelled_features.read(feat_path, blocks * combos)
skipped = sum(1 for _ in open(feat_path)) - len(Y)
# The waiting side's squares (odd blocks) count against the side to move; each position's
# threat mask is one more column, after the blocks.
one_hot = csr_matrix((np.ones(len(Y)), (np.arange(len(Y)), M)), shape=(len(Y), MASKS))
X = hstack([counts.multiply(labelled_features.role_signs(blocks, combos)[None, :]),
            one_hot]).tocsr()
P = 1 / (1 + np.exp(-Y / 200.0))
print(f'{len(Y)} positions ({skipped} tactical ones left out; {int((np.abs(Y) == MATE_EVAL).sum())} mates as +-{MATE_EVAL:g}); label mean {Y.mean():.1f}, sd {Y.std():.1f}')
test = np.arange(len(Y)) % 10 == 0
Xtr, Ptr, Xte, Pte = X[~test], P[~test], X[test], P[test]


def xent(z, p):
    q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())


floor = xent(np.log(np.clip(Pte, 1e-7, 1 - 1e-7) / np.clip(1 - Pte, 1e-7, 1)), Pte)
base_tr = Xtr @ w_base
ks = [100, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 1000]
K = min(ks, key=lambda k: xent(base_tr / k, Ptr))
print(f'scale K = {K} (best for the table in use); held-out entropy of the labels {floor:.4f}')
print(f'held-out cross-entropy, table in use: {xent(Xte @ w_base / K, Pte):.4f}')
# The all-dead combination stays 0 in every block: its count is the board's geometry.
free = np.ones(blocks * combos + MASKS, bool)
if os.environ.get('FIT_MASKS') == '0':
    free[blocks * combos:] = False
free[[b * combos for b in range(blocks)]] = False
best = None
for lam in lambdas:
    def loss(d):
        d = d * free
        z = Xtr @ (w_base + d) / K
        q = 1 / (1 + np.exp(-z))
        qc = np.clip(q, 1e-7, 1 - 1e-7)
        l = -(Ptr * np.log(qc) + (1 - Ptr) * np.log(1 - qc)).mean() + lam * (d @ d)
        g = (Xtr.T @ (q - Ptr)) / len(Ptr) / K + 2 * lam * d
        return l, g * free
    r = minimize(loss, np.zeros(blocks * combos + MASKS), jac=True, method='L-BFGS-B',
                 options={'maxiter': 3000, 'ftol': 1e-13, 'gtol': 1e-10})
    w = w_base + r.x * free
    te = xent(Xte @ w / K, Pte)
    tr = xent(Xtr @ w / K, Ptr)
    print(f'lambda {lam:g}: train {tr:.4f}, held-out {te:.4f} ({r.nit} iterations)')
    if best is None or te < best[0]:
        best = (te, lam, w)
print(f'kept lambda {best[1]:g}: held-out {best[0]:.4f}')
w = np.round(best[2]).astype(int)
np.savez(out_path, combos=w[:blocks * combos].reshape(blocks, combos), masks=w[blocks * combos:])
