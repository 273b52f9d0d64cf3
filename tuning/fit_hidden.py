"""Fits the evaluation's hidden layer together with the linear tables: every combination of a
square's four line codes gets, besides its table value, a vector of H weights per role (as the
side to move's square, as the waiting side's); the position's hidden units are the sums of
those vectors over the empty squares (the side to move's squares in role 0, the waiting side's
in role 1) plus a vector per threat mask; each unit is clipped to [0, 1] and the output is a
weighted sum of the clipped units. The linear part (fit_combos.py's model) stays and is
refitted jointly, so the hidden layer learns what a sum of independent squares cannot (how
threats and potentials of both sides add up together).

usage: python3 fit_hidden.py FEATURES.csv TABLE.csv MASKS.csv OUT.npz [--hidden H]
                             [--lambda L] [--iterations N] [--init FITTED.npz]
                             [--holdout-block B] [--keep-spread] [--open-space-zero]
                             [--scale K]

FEATURES.csv, TABLE.csv, MASKS.csv: as for fit_combos.py (`features --combos`, `--table`,
`--masks`), made with the same `--rule` (renju: four blocks, a layer per colour). Every tenth
position is held out (with --holdout-block B, every tenth run of B consecutive positions: on
positions unpacked from the sorted label files, the positions of one game, and of games from one
opening, lie together, so the held-out loss is not flattered by sibling positions in training);
the held-out cross-entropy of the tables in use, of the float fit and of the fit as the engine
computes it (quantized) is printed. OUT.npz holds `combos` and `masks` (the linear part) and the
hidden layer; write_net.py --fit OUT.npz makes the engine's weights file of it. --init continues from an earlier
OUT.npz (with more units than it had: the new ones start with output weight 0). The all-dead
combination stays 0 everywhere (its count is the board's geometry). --keep-spread (with --init)
scales the fitted output back to the starting fit's spread of values on the training positions:
a continued fit comes out sharper, which the search reads as larger values against margins tuned
for the old ones.
"""
import argparse
import numpy as np
from scipy.optimize import minimize

import labelled_features

ap = argparse.ArgumentParser()
ap.add_argument('features')
ap.add_argument('table')
ap.add_argument('masks')
ap.add_argument('out')
ap.add_argument('--hidden', type=int, default=8)
ap.add_argument('--lambda', dest='lam', type=float, default=1e-6)
ap.add_argument('--iterations', type=int, default=1500)
ap.add_argument('--init')
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--holdout-block', type=int, default=1)
ap.add_argument('--keep-spread', action='store_true')
# The open-space combination (four F1 codes: room for five in every direction and no stone in
# any of the square's lines) weighs nothing, like the all-dead one: its count is mostly the
# empty area of the board (29 squares a position on 15x15 in our games, 167 on 20x20), so any
# weight on it makes the evaluation depend on the board's size. With --init its mean share of
# the hidden units moves into the threat-mask rows before the fit goes on.
ap.add_argument('--open-space-zero', action='store_true')
# The evaluation's scale K, when it must stay that of the fit continued from (with
# --open-space-zero the linear tables alone fit another K best, but the search's margins were
# tuned for the old one).
ap.add_argument('--scale', type=float)
a = ap.parse_args()
if a.holdout_block < 1:
    ap.error('--holdout-block must be at least 1')
if a.keep_spread and not a.init:
    ap.error('--keep-spread needs --init (the spread kept is the starting fit\'s)')

MASKS = 512
# Quantization as the engine computes (src/hidden.rs): weights of the hidden units times ONE,
# output weights times K * OUT_ONE.
ONE = 1024
OUT_ONE = 64
H = a.hidden
table = np.loadtxt(a.table, delimiter=',', dtype=float)
C = table.shape[0]
B = table.shape[1] - 1
w_base = np.concatenate([table[:, 1 + b] for b in range(B)]
                        + [np.loadtxt(a.masks, delimiter=',', dtype=float)[:, 1]])
X, Y, M = labelled_features.read(a.features, B * C)  # counts per block
N = len(Y)
sign = labelled_features.role_signs(B, C)
XL = X.multiply(sign[None, :]).tocsr()  # the linear part: waiting side's squares count against
P = 1 / (1 + np.exp(-Y / 200.0))
test = (np.arange(N) // a.holdout_block) % 10 == 0
train = ~test


def xent(z, p):
    q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())


sizes = [B * C + MASKS, B * C * H, MASKS * H, H, 1]


def unpack(x):
    out, o = [], 0
    for s in sizes:
        out.append(x[o:o + s])
        o += s
    dw, E, Mm, v, c = out
    return dw, E.reshape(B * C, H), Mm.reshape(MASKS, H), v, c[0]


# Parameters that stay 0: the all-dead combination's linear value and hidden weights (and the
# open-space combination's with --open-space-zero).
OPEN_SPACE = labelled_features.OPEN_SPACE
zero_combos = [0, OPEN_SPACE] if a.open_space_zero else [0]
free = np.ones(sum(sizes), bool)
for b in range(B):
    for k in zero_combos:
        free[b * C + k] = False
        free[sizes[0] + (b * C + k) * H:sizes[0] + (b * C + k + 1) * H] = False
rng = np.random.default_rng(a.seed)
if a.init:
    # Continue an earlier fit; with more units than it had, the new units start small, with
    # output weight 0, so the fit starts exactly where the smaller one ended.
    f = np.load(a.init)
    old = f['out'].shape[0]
    assert old <= H, f'--init has {old} units, more than --hidden {H}'
    init_embed = f['embed']
    if len(init_embed) == B:
        w_base = np.concatenate(list(f['combos']) + [f['masks']]).astype(float)
    else:
        # A renju fit starting from the generic layer: each colour's blocks start as the
        # generic roles; the linear part stays the renju tables given.
        assert len(init_embed) == 2 and B == 4, 'the init has other blocks than the features'
        init_embed = np.concatenate([init_embed, init_embed])
    E0 = rng.normal(0, 0.02, (B, C, H))
    E0[:, :, :old] = init_embed
    M0 = rng.normal(0.5, 0.1, (MASKS, H))
    M0[:, :old] = f['mask_rows']
    if a.open_space_zero:
        counts = np.asarray(X[:, [b * C + OPEN_SPACE for b in range(B)]].mean(axis=0)).ravel()
        print('open space: mean count per block', np.round(counts, 1), 'moved into the mask rows')
        M0 += sum(counts[b] * E0[b, OPEN_SPACE] for b in range(B))[None, :]
        E0[:, OPEN_SPACE] = 0
    v0 = np.zeros(H)
    v0[:old] = f['out']
    x0 = np.concatenate([np.zeros(sizes[0]), E0.ravel(), M0.ravel(), v0, [f['out_bias']]])
else:
    x0 = np.concatenate([np.zeros(sizes[0]), rng.normal(0, 0.02, B * C * H),
                         rng.normal(0.5, 0.1, MASKS * H), rng.normal(0, 0.1, H), [0.0]])
x0 = x0 * free
if a.open_space_zero:
    for b in range(B):
        w_base[b * C + OPEN_SPACE] = 0
# The evaluation's scale (winning chance = logistic(eval / K)): the one that fits the linear
# tables in use best, as in fit_combos.py, so that the search's margins keep their meaning.
_zl = XL[train] @ w_base[:B * C] + w_base[B * C:][M[train]]
K = a.scale or float(min([300, 400, 500, 600, 700, 800, 1000],
                        key=lambda k: xent(_zl / k, P[train])))
print(f'scale K = {K:g}')
# The penalty pulls the hidden weights toward where the fit started: zero from scratch, the
# earlier fit with --init (so that a small renju data set corrects the generic layer rather
# than replacing it).
_, E_prior, M_prior, _, _ = unpack(x0.copy())
if not a.init:
    E_prior, M_prior = np.zeros_like(E_prior), np.zeros_like(M_prior)


def forward(x, rows_sel):
    dw, E, Mm, v, c = unpack(x)
    return labelled_features.logits(XL[rows_sel], X[rows_sel], M[rows_sel], w_base + dw, E, Mm,
                                    v, c, K)


Xtr, XLtr, Mtr, Ptr = X[train], XL[train], M[train], P[train]


def loss(x):
    x = x * free
    dw, E, Mm, v, c = unpack(x)
    z, h, r = labelled_features.logits(XLtr, Xtr, Mtr, w_base + dw, E, Mm, v, c, K)
    q = 1 / (1 + np.exp(-z))
    qc = np.clip(q, 1e-7, 1 - 1e-7)
    n = len(Ptr)
    lam = a.lam
    val = -(Ptr * np.log(qc) + (1 - Ptr) * np.log(1 - qc)).mean()
    dE, dM = E - E_prior, Mm - M_prior
    val += 1e-8 * (dw @ dw) + lam * ((dE * dE).sum() + (dM * dM).sum())
    g = (q - Ptr) / n
    gdw = np.concatenate([XLtr.T @ g, np.bincount(Mtr, weights=g, minlength=MASKS)]) / K
    gdw += 2e-8 * dw
    dh = g[:, None] * v[None, :] * ((h > 0) & (h < 1))
    gE = Xtr.T @ dh + 2 * lam * dE
    gM = np.zeros((MASKS, H))
    np.add.at(gM, Mtr, dh)
    gM += 2 * lam * dM
    grad = np.concatenate([gdw, gE.ravel(), gM.ravel(), r.T @ g, [g.sum()]])
    return val, grad * free


print(f'{N} positions, {int(test.sum())} held out; {H} hidden units, lambda {a.lam:g}')
z0 = (XL[test] @ w_base[:B * C] + w_base[B * C:][M[test]]) / K
print(f'held-out cross-entropy, linear tables in use: {xent(z0, P[test]):.4f}', flush=True)
if a.init:
    print(f'held-out, the fit continued from: {xent(forward(x0, test)[0], P[test]):.4f}', flush=True)
step = [0]


def save(x):
    """The fit so far in OUT.npz (so a long run can be stopped and its last state used)."""
    dw, E, Mm, v, c = unpack(x * free)
    w = np.round(w_base + dw)
    np.savez(a.out, combos=w[:B * C].reshape(B, C), masks=w[B * C:], embed=E.reshape(B, C, H),
             mask_rows=Mm, out=v, out_bias=c, scale=K)


def report(x):
    step[0] += 1
    if step[0] % 100 == 0:
        print(f'iteration {step[0]}: held-out {xent(forward(x * free, test)[0], P[test]):.4f}',
              flush=True)
        save(x)


res = minimize(loss, x0, jac=True, method='L-BFGS-B', callback=report,
               options={'maxiter': a.iterations, 'ftol': 1e-13, 'gtol': 1e-10})
x = res.x * free
dw, E, Mm, v, c = unpack(x)
print(f'float fit: train {xent(forward(x, train)[0], P[train]):.4f}, '
      f'held-out {xent(forward(x, test)[0], P[test]):.4f} ({res.nit} iterations)')
if a.keep_spread:
    # A continued fit grows sharper than the fit it started from, and in evaluation points
    # that reads as larger values: the search's margins (futility, razoring, aspiration, ...),
    # tuned for the old spread, would shrink relative to it. Scaling the whole output (linear
    # tables, output weights, bias) back to the starting fit's spread of logits keeps them.
    z_start = forward(x0 * free, train)[0]
    z_fit = forward(x, train)[0]
    spread = float(np.std(z_start) / np.std(z_fit))
    x = np.concatenate([spread * (w_base + dw) - w_base, E.ravel(), Mm.ravel(), v * spread,
                        [c * spread]]) * free
    dw, E, Mm, v, c = unpack(x)
    print(f'spread kept: output scaled by {spread:.4f}, '
          f'held-out {xent(forward(x, test)[0], P[test]):.4f}')
# The fit as the engine computes it: integer tables, integer hidden sums, clipped, weighted.
w = np.round(w_base + dw)
Eq = np.round(E * ONE)
Mq = np.round(Mm * ONE)
vq = np.round(v * K * OUT_ONE)
cq = np.round(c * K)
assert np.abs(Eq).max() < 32767 and np.abs(Mq).max() < 32767, 'hidden weights beyond i16'
hq = X[test] @ Eq + Mq[M[test]]
rq = np.clip(hq, 0, ONE)
ev = XL[test] @ w[:B * C] + w[B * C:][M[test]] + np.floor(rq @ vq / (ONE * OUT_ONE)) + cq
print(f'quantized: held-out {xent(ev / K, P[test]):.4f}; hidden weights up to '
      f'{np.abs(Eq).max():.0f}, output weights {vq.astype(int).tolist()}, bias {cq:.0f}')
save(x)
