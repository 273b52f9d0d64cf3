"""Offline study: would a second layer over the evaluation's hidden units fit the labels better?
Nothing is written into the engine.

usage: python3 study_second_layer.py FIT.npz K FEATURES.csv [--units H2] [--lambda L]
                                     [--iterations N] [--sums] [--seed S]

FIT.npz: a fit in fit_hidden.py's layout (or net_to_npz.py's copy of the net in use), K its
scale; FEATURES.csv as `features --combos` writes it. The fit stays as it is; a second layer of
H2 units reads its clipped hidden units (with --sums also tanh(sum / 2) of their unclipped sums,
which the clipping hides), each unit clipped to [0, 1], and adds their weighted sum to the
output logit. Only the second layer is fitted (L-BFGS, L2 on its weights), on the same split as
fit_hidden.py --holdout-block 100 (every tenth run of 100 positions held out). Prints the
held-out cross-entropy of the fit alone and with the second layer: if the second layer takes
little off, what limits the net is its features, not how its units are combined.
"""
import argparse

import numpy as np
from scipy.optimize import minimize

import labelled_features as lf

ap = argparse.ArgumentParser()
ap.add_argument('fit')
ap.add_argument('scale', type=float)
ap.add_argument('features')
ap.add_argument('--units', type=int, default=16)
ap.add_argument('--lambda', dest='lam', type=float, default=1e-5)
ap.add_argument('--iterations', type=int, default=400)
ap.add_argument('--sums', action='store_true')
ap.add_argument('--seed', type=int, default=1)
a = ap.parse_args()

fit = np.load(a.fit)
X, Y, M = lf.read(a.features, lf.width(fit))
N = len(Y)
P = 1 / (1 + np.exp(-Y / 200.0))
test = (np.arange(N) // 100) % 10 == 0
train = ~test
z0, sums, units = lf.fit_forward(fit, X, M, a.scale)


def xent(z, p):
    q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())


print(f'{N} positions, {int(test.sum())} held out; the fit alone: train '
      f'{xent(z0[train], P[train]):.4f}, held-out {xent(z0[test], P[test]):.4f}', flush=True)
inputs = np.concatenate([units, np.tanh(sums / 2)], axis=1) if a.sums else units
F, H2 = inputs.shape[1], a.units
sizes = [F * H2, H2, H2, 1]


def unpack(x):
    parts, o = [], 0
    for s in sizes:
        parts.append(x[o:o + s])
        o += s
    return parts[0].reshape(F, H2), parts[1], parts[2], parts[3][0]


def forward(x, f, z):
    W1, b1, w2, c = unpack(x)
    pre = f @ W1 + b1
    clipped = np.clip(pre, 0, 1)
    return z + clipped @ w2 + c, pre, clipped


f_tr, z_tr, p_tr = inputs[train], z0[train], P[train]


def loss(x):
    W1, _, w2, _ = unpack(x)
    z, pre, clipped = forward(x, f_tr, z_tr)
    q = 1 / (1 + np.exp(-z))
    qc = np.clip(q, 1e-7, 1 - 1e-7)
    val = -(p_tr * np.log(qc) + (1 - p_tr) * np.log(1 - qc)).mean()
    val += a.lam * ((W1 ** 2).sum() + (w2 ** 2).sum())
    g = (q - p_tr) / len(p_tr)
    d_pre = g[:, None] * w2[None, :] * ((pre > 0) & (pre < 1))
    grad = np.concatenate([(f_tr.T @ d_pre + 2 * a.lam * W1).ravel(), d_pre.sum(0),
                           clipped.T @ g + 2 * a.lam * w2, [g.sum()]])
    return val, grad


rng = np.random.default_rng(a.seed)
x0 = np.concatenate([rng.normal(0, 0.3, F * H2), rng.normal(0.3, 0.1, H2), np.zeros(H2), [0.0]])
res = minimize(loss, x0, jac=True, method='L-BFGS-B', options={'maxiter': a.iterations})
print(f'with a second layer of {H2} units over {F} inputs (lambda {a.lam:g}, {res.nit} '
      f'iterations): train {xent(forward(res.x, f_tr, z_tr)[0], p_tr):.4f}, held-out '
      f'{xent(forward(res.x, inputs[test], z0[test])[0], P[test]):.4f}')
