"""Fits an evaluation with line windows: does a finer view of the lines than the line codes help
the evaluation? Fits the evaluation (linear tables, threat-mask term, 32-unit hidden layer) continued from
the net in use, with or without line-window features beside the combination counts: per empty
square, colour and direction, the window of 4 cells each side from the colour's view (empty,
its stone, blocked), `features --combos --lines`. Each window gets a linear value and a vector
of hidden weights per role, like a combination. Prints the held-out cross-entropy against the
labels (Rapfi's evaluation) of the net in use, of the continued fit without the windows and of
the fit with them, so that the two fits differ only in the features.

usage: python3 fit_lines.py FEATURES.csv INIT.npz OUT.npy [--no-lines] [--no-line-linear]
                            [--iterations N] [--lambda L] [--holdout-block B] [--limit N]
                            [--resume FIT.npy] [--net OUT.rzn --description TEXT]

OUT.npy holds the fitted parameters (saved every 25 iterations); --resume starts from such a
file (with --iterations 0, only to report and write it). --net writes the engine's weights file
(architecture ...-lines6561) of the fit: the output scaled back to the spread of INIT's logits
on the training positions (as fit_hidden.py --keep-spread), quantized as the engine computes,
the held-out loss of the quantized net printed; it needs --no-line-linear (the engine gives the
windows no linear value).
"""
import argparse

import numpy as np
from scipy.optimize import minimize

import labelled_features

ap = argparse.ArgumentParser()
ap.add_argument('features')
ap.add_argument('init')
ap.add_argument('out')
ap.add_argument('--no-lines', action='store_true')
# The windows feed the hidden units only (no linear value of their own), as the engine has them.
ap.add_argument('--no-line-linear', action='store_true')
ap.add_argument('--iterations', type=int, default=200)
ap.add_argument('--lambda', dest='lam', type=float, default=1e-4)
ap.add_argument('--holdout-block', type=int, default=100)
ap.add_argument('--limit', type=int, default=0)
ap.add_argument('--resume')
ap.add_argument('--net')
ap.add_argument('--description', default='')
# Positions no fit has seen (another features file, all of it scored): the fit's cross-entropy
# there against the net in use's.
ap.add_argument('--score')
a = ap.parse_args()
if a.net and not (a.no_line_linear and a.description):
    ap.error('--net needs --no-line-linear and a --description')

COMBOS, WINDOWS, MASKS = 1365, 6561, 512
f = np.load(a.init)
# Blocks of columns: the side to move's and the waiting side's (renju: per colour, four).
B = f['embed'].shape[0]
WIDTH = B * COMBOS + B * WINDOWS


def read(path):
    """Counts, labels and masks of the non-tactical labelled positions (without the windows'
    columns with --no-lines)."""
    return labelled_features.read_fast(path, WIDTH, a.limit, B * COMBOS if a.no_lines else None)


X, Y, M = read(a.features)
N = len(Y)
# Odd blocks (the waiting side's squares) count against the side to move in the linear part.
col = np.arange(WIDTH)
block = np.where(col < B * COMBOS, col // COMBOS, (col - B * COMBOS) // WINDOWS)
sign = np.where(block % 2 == 1, -1.0, 1.0).astype(np.float32)
XL = X.multiply(sign[None, :]).tocsr().astype(np.float32)
P = 1 / (1 + np.exp(-Y / 200.0))
test = (np.arange(N) // a.holdout_block) % 10 == 0
train = ~test
print(f'{N} positions, {int(test.sum())} held out, {X.nnz / N:.0f} counts a position', flush=True)

K = float(f['scale'])
H = f['out'].shape[0]
# Linear values in logits: the tables (evaluation points / K), then the windows' (from 0).
lin0 = np.concatenate([f['combos'].reshape(-1) / K, np.zeros(B * WINDOWS)])
E0 = np.concatenate([f['embed'].reshape(B * COMBOS, H), np.zeros((B * WINDOWS, H))])
maskv0 = f['masks'] / K
free_rows = np.ones(WIDTH, bool)
free_rows[[b * COMBOS for b in range(B)]] = False  # the all-dead combination stays 0
if a.no_lines:
    free_rows[B * COMBOS:] = False
sizes = [WIDTH, MASKS, WIDTH * H, MASKS * H, H, 1]
x0 = np.concatenate([lin0, maskv0, E0.ravel(), f['mask_rows'].ravel(), f['out'],
                     [float(f['out_bias'])]])
free = np.ones(len(x0), bool)
free[:WIDTH] = free_rows
if a.no_line_linear:
    free[B * COMBOS:WIDTH] = False
free[WIDTH + MASKS:WIDTH + MASKS + WIDTH * H] = np.repeat(free_rows, H)
prior = x0.copy()


def unpack(x):
    out, o = [], 0
    for s in sizes:
        out.append(x[o:o + s])
        o += s
    lin, mv, E, Mm, v, c = out
    return lin, mv, E.reshape(WIDTH, H), Mm.reshape(MASKS, H), v, c[0]


def forward(x, rows):
    lin, mv, E, Mm, v, c = unpack(x)
    h = X[rows] @ E.astype(np.float32) + Mm[M[rows]]
    r = np.clip(h, 0, 1)
    return XL[rows] @ lin + mv[M[rows]] + r @ v + c, h, r


def xent(z, p):
    q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())


Xtr, XLtr, Mtr, Ptr = X[train], XL[train], M[train], P[train]
# The tables' own penalty is tiny (as fit_hidden.py's); the windows' linear values and every
# hidden weight are pulled toward where they started (the net in use, or zero).
pen = np.zeros(len(x0))
pen[:B * COMBOS] = 1e-8 * K * K
pen[B * COMBOS:WIDTH] = a.lam
pen[WIDTH + MASKS:WIDTH + MASKS + WIDTH * H + MASKS * H] = a.lam


def loss(x):
    x = np.where(free, x, x0)
    lin, mv, E, Mm, v, c = unpack(x)
    h = Xtr @ E.astype(np.float32) + Mm[Mtr]
    r = np.clip(h, 0, 1)
    z = XLtr @ lin + mv[Mtr] + r @ v + c
    q = 1 / (1 + np.exp(-z))
    qc = np.clip(q, 1e-7, 1 - 1e-7)
    n = len(Ptr)
    d = x - prior
    val = -(Ptr * np.log(qc) + (1 - Ptr) * np.log(1 - qc)).mean() + float(pen @ (d * d))
    g = ((q - Ptr) / n).astype(np.float32)
    glin = XLtr.T @ g
    gmv = np.bincount(Mtr, weights=g, minlength=MASKS)
    dh = (g[:, None] * v[None, :].astype(np.float32)) * ((h > 0) & (h < 1))
    gE = Xtr.T @ dh
    gM = np.zeros((MASKS, H))
    np.add.at(gM, Mtr, dh)
    grad = np.concatenate([glin, gmv, gE.ravel(), gM.ravel(), r.T @ g, [g.sum()]])
    grad = grad + 2 * pen * d
    return val, np.where(free, grad, 0.0)


print(f'held-out cross-entropy, the net in use: {xent(forward(x0, test)[0], P[test]):.4f}',
      flush=True)
step = [0]


def report(x):
    step[0] += 1
    if step[0] % 25 == 0:
        held = xent(forward(np.where(free, x, x0), test)[0], P[test])
        print(f'iteration {step[0]}: held-out {held:.4f}', flush=True)
        np.save(a.out, np.where(free, x, x0))


start = np.load(a.resume) if a.resume else x0
nit = 0
if a.iterations > 0:
    res = minimize(loss, start, jac=True, method='L-BFGS-B', callback=report,
                   options={'maxiter': a.iterations, 'ftol': 1e-13, 'gtol': 1e-10})
    start, nit = res.x, res.nit
x = np.where(free, start, x0)
print(f'fit ({"no lines" if a.no_lines else "lines"}): train '
      f'{xent(forward(x, train)[0], P[train]):.4f}, held-out {xent(forward(x, test)[0], P[test]):.4f}'
      f' ({nit} iterations)', flush=True)
np.save(a.out, x)


def write_net(x):
    """The engine's weights file of the fit `x`, spread kept (write_net.py quantizes it), and
    the held-out loss of the file's integer tables as the engine computes with them."""
    import netfile
    import write_net
    spread = float(np.std(forward(x0, train)[0]) / np.std(forward(x, train)[0]))
    lin, mv, E, Mm, v, c = unpack(x)
    print(f'spread kept: output scaled by {spread:.4f}')
    combos = np.round(lin[:B * COMBOS] * spread * K).reshape(B, COMBOS)
    combos[:, 0] = 0
    line_embed = E[B * COMBOS:].reshape(B, WINDOWS, H).copy()
    line_embed[:, 0] = 0
    fit = dict(combos=combos, masks=np.round(mv * spread * K),
               embed=E[:B * COMBOS].reshape(B, COMBOS, H), mask_rows=Mm, out=v * spread,
               out_bias=c * spread, scale=K, line_embed=line_embed)
    net = write_net.write_fit(a.net, fit, a.description, 'renju' if B == 4 else 'generic')
    Eq = np.concatenate([net['embed'].transpose(0, 2, 1, 3).reshape(B * COMBOS, H),
                         net['line_embed'].transpose(0, 2, 1, 3).reshape(B * WINDOWS, H)])
    rq = np.clip(X[test] @ Eq + net['mask_rows'][M[test]], 0, netfile.ONE)
    ev = (XL[test][:, :B * COMBOS] @ net['eval_combo'].reshape(-1) + net['eval_mask'][M[test]]
          + np.floor(rq @ net['out'] / (netfile.ONE * netfile.OUT_ONE)) + net['out_bias'])
    print(f'{a.net}: net {net["checksum"]:08x}; quantized held-out {xent(ev / K, P[test]):.4f}; '
          f'hidden weights up to {np.abs(Eq).max():.0f}')


if a.score:
    Xs, Ys, Ms = read(a.score)
    XLs = Xs.multiply(sign[None, :]).tocsr().astype(np.float32)
    Ps = 1 / (1 + np.exp(-Ys / 200.0))

    def scored(x):
        lin, mv, E, Mm, v, c = unpack(x)
        r = np.clip(Xs @ E.astype(np.float32) + Mm[Ms], 0, 1)
        return xent(XLs @ lin + mv[Ms] + r @ v + c, Ps)

    print(f'{a.score}: {len(Ys)} positions; the net in use {scored(x0):.4f}, the fit {scored(x):.4f}')
if a.net:
    write_net(x)
