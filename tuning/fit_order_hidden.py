"""Offline study: does a small nonlinear move-ordering model predict the stronger engine's move
better than the additive corrections of fit_order.py? Nothing is written into the engine.

usage: python3 fit_order_hidden.py ORDER.csv [--net ../crates/engine/src/eval/weights/generic.rzn]
           [--hidden 4,8,16] [--lambda 1e-5] [--hidden-lambda 1e-5] [--iterations 400]
           [--near] [--near-hidden 16] [--seed 1] [--out FIT.npz]

ORDER.csv: `features --order` output (fit_order.py's input), or `features --order --last`
output, whose second field is the position's last move (needed for --near). Only freestyle /
generic features (no renju offset). Every tenth position is held out, as in fit_order.py.

Models (a softmax over the position's candidates of a score z per candidate; m and t are the
combination indices of the mover's and of the opponent's four line codes on the square, base
the static ordering score without corrections, T a temperature fitted on the training part):
  base only          z = base / T                             (fit_order.py's "no corrections")
  current ordering   z = (base + ORDER_COMBO[0][m] + ORDER_COMBO[1][t]) / T'   (the tables in
                     --net, i.e. the engine's static ordering; only T' is fitted)
  additive refit     z = base / T + A[m] + B[t]   (fit_order.py's model, L2 --lambda, L-BFGS)
  hidden H           z = base / T + A[m] + B[t] + sum_h w_h * clip(a_h[m] + b_h[t] + c_h, 0, 1)
                     (A, B start from the additive refit, which is run to convergence with tight
                     L-BFGS tolerances, unlike fit_order.py's defaults; a, b, c, w from a small random start;
                     L2 --hidden-lambda on a and b; L-BFGS, --iterations at most)
  + near             with --near: two more weights for "the candidate is at Chebyshev distance
                     <= 1 of the last move" and "at distance 2", added to the additive refit
                     and to the hidden models of the sizes in --near-hidden.
Because base and the threat classes are functions of (m, t), the hidden units can only add what
the additive model lacks: interactions between the mover's and the opponent's combinations.

Prints, per model, the held-out and the training log-loss (mean -log p of the engine's move),
top-1 and top-6 (the fraction of positions where fewer than 1 / 6 candidates score strictly
higher than the engine's move; 6 is the search's late-move limit at depth 1, as in
fit_order.py), the iterations and the seconds the fit took. --out saves the fitted arrays.
"""
import argparse
import os
import netfile
import time

import numpy as np
from scipy.optimize import minimize, minimize_scalar

COMBOS = 1365
N = COMBOS
NONE = N  # slot for "no combination" (-1), pinned at zero

ap = argparse.ArgumentParser()
ap.add_argument('order')
ap.add_argument('--net', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                                             'crates', 'engine', 'src', 'eval', 'weights',
                                             'generic.rzn'))
ap.add_argument('--hidden', default='4,8,16')
ap.add_argument('--lambda', dest='lam', type=float, default=1e-5)
ap.add_argument('--hidden-lambda', dest='hlam', type=float, default=1e-5)
ap.add_argument('--iterations', type=int, default=400)
ap.add_argument('--near', action='store_true')
ap.add_argument('--near-hidden', default=None,
                help='hidden sizes also fitted with the near terms (default: the largest)')
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--out')
args = ap.parse_args()
Hs = [int(h) for h in args.hidden.split(',') if h]

t0 = time.time()
# ---------------------------------------------------------------- reading
bests, lasts, counts, chunks = [], [], [], []
with_last = None
for line in open(args.order):
    parts = line.rstrip('\n').split(';')
    if with_last is None:
        with_last = parts[1].count(',') == 1
    k = 2 if with_last else 1
    bests.append(parts[0])
    lasts.append(parts[1] if with_last else '-1,-1')
    counts.append(len(parts) - k)
    chunks.append(','.join(parts[k:]))
cells = np.array(','.join(chunks).replace(';', ',').split(','), dtype=np.int64).reshape(-1, 5)
del chunks
npos = len(counts)
counts = np.array(counts)
group = np.repeat(np.arange(npos), counts)
bxy = np.array([b.split(',') for b in bests], dtype=np.int64)
lxy = np.array([b.split(',') for b in lasts], dtype=np.int64)
x, y, base = cells[:, 0], cells[:, 1], cells[:, 2].astype(float)
mine = np.where(cells[:, 3] < 0, NONE, cells[:, 3])
theirs = np.where(cells[:, 4] < 0, NONE, cells[:, 4])
chosen = (x == bxy[group, 0]) & (y == bxy[group, 1])
assert np.bincount(group, weights=chosen, minlength=npos).min() == 1
dist = np.maximum(np.abs(x - lxy[group, 0]), np.abs(y - lxy[group, 1]))
has_last = lxy[group, 0] >= 0
near = np.stack([(dist <= 1) & has_last, (dist == 2) & has_last], axis=1).astype(float)
if args.near and not with_last:
    raise SystemExit('--near needs `features --order --last` output')
print(f'{npos} positions, {len(base)} candidates ({len(base) / npos:.1f} a position); '
      f'read in {time.time() - t0:.1f} s')


class Split:
    """The candidates of a subset of positions, contiguous per position."""

    def __init__(self, pos_mask):
        sel = pos_mask[group]
        self.n = int(pos_mask.sum())
        self.base, self.m, self.t = base[sel], mine[sel], theirs[sel]
        self.near = near[sel]
        c = counts[pos_mask]
        self.starts = np.concatenate([[0], np.cumsum(c)[:-1]])
        self.g = np.repeat(np.arange(self.n), c)
        self.ci = np.flatnonzero(chosen[sel])  # one per position, in order
        self.y = chosen[sel].astype(float)

    def logp(self, z):
        """Softmax probabilities and the log-probability of each position's chosen move."""
        zmax = np.maximum.reduceat(z, self.starts)
        e = np.exp(z - zmax[self.g])
        s = np.add.reduceat(e, self.starts)
        return e / s[self.g], z[self.ci] - zmax - np.log(s)

    def figures(self, z):
        _, lp = self.logp(z)
        zc = z[self.ci]
        better = np.add.reduceat((z > zc[self.g]).astype(float), self.starts)
        return -lp.mean(), (better < 1).mean(), (better < 6).mean()


test_pos = np.arange(npos) % 10 == 0
tr, te = Split(~test_pos), Split(test_pos)
print(f'train {tr.n} positions ({len(tr.base)} candidates), held out {te.n} ({len(te.base)})')
rows = []


def report(name, ztr, zte, iters='', secs=0.0):
    ltr, t1tr, t6tr = tr.figures(ztr)
    lte, t1te, t6te = te.figures(zte)
    rows.append((name, lte, t1te, t6te, ltr, t1tr, t6tr, iters, secs))
    print(f'{name:28s} held-out {lte:.4f} top-1 {t1te:.3f} top-6 {t6te:.3f} | '
          f'train {ltr:.4f} top-1 {t1tr:.3f} top-6 {t6tr:.3f} | {iters} it, {secs:.0f} s',
          flush=True)


# ---------------------------------------------------------------- base only and current
T = minimize_scalar(lambda t: -tr.logp(tr.base / t)[1].mean(), bounds=(10, 5000),
                    method='bounded').x
print(f'temperature T = {T:.1f} ordering points per nat')
report('base only (no corrections)', tr.base / T, te.base / T)

vals = netfile.read(args.net)['order_combo'][:2].reshape(-1).astype(float)
assert len(vals) == 2 * COMBOS, len(vals)
Ause = np.append(vals[:COMBOS], 0.0)
Buse = np.append(vals[COMBOS:], 0.0)
cur_tr = tr.base + Ause[tr.m] + Buse[tr.t]
cur_te = te.base + Ause[te.m] + Buse[te.t]
T2 = minimize_scalar(lambda t: -tr.logp(cur_tr / t)[1].mean(), bounds=(10, 5000),
                     method='bounded').x
print(f'current ordering: temperature {T2:.1f}')
report('current ordering (in use)', cur_tr / T2, cur_te / T2)


# ---------------------------------------------------------------- models
def unpack(w, H, use_near):
    A, B = w[:N + 1], w[N + 1:2 * N + 2]
    k = 2 * N + 2
    a = w[k:k + (N + 1) * H].reshape(N + 1, H)
    k += (N + 1) * H
    b = w[k:k + (N + 1) * H].reshape(N + 1, H)
    k += (N + 1) * H
    c, wo = w[k:k + H], w[k + H:k + 2 * H]
    k += 2 * H
    v = w[k:k + 2] if use_near else np.zeros(2)
    return A, B, a, b, c, wo, v


def scores(d, w, H, use_near, need_grad_parts=False):
    A, B, a, b, c, wo, v = unpack(w, H, use_near)
    z = d.base / T + A[d.m] + B[d.t]
    if use_near:
        z = z + d.near @ v
    pre = u = None
    if H:
        pre = a[d.m] + b[d.t] + c
        u = np.clip(pre, 0.0, 1.0)
        z = z + u @ wo
    return (z, pre, u) if need_grad_parts else z


def make_objective(H, use_near):
    flat_m = (tr.m[:, None] * H + np.arange(H)).ravel() if H else None
    flat_t = (tr.t[:, None] * H + np.arange(H)).ravel() if H else None
    pin = np.zeros(N + 1, dtype=bool)
    pin[NONE] = True

    def f(w):
        A, B, a, b, c, wo, v = unpack(w, H, use_near)
        z, pre, u = scores(tr, w, H, use_near, True)
        p, lp = tr.logp(z)
        loss = -lp.mean() + args.lam * (A @ A + B @ B)
        r = (p - tr.y) / tr.n
        gA = np.bincount(tr.m, weights=r, minlength=N + 1) + 2 * args.lam * A
        gB = np.bincount(tr.t, weights=r, minlength=N + 1) + 2 * args.lam * B
        gA[pin] = gB[pin] = 0
        parts = [gA, gB]
        if H:
            loss += args.hlam * ((a * a).sum() + (b * b).sum())
            act = (pre > 0) & (pre < 1)
            gpre = r[:, None] * wo * act
            ga = np.bincount(flat_m, weights=gpre.ravel(), minlength=(N + 1) * H)
            gb = np.bincount(flat_t, weights=gpre.ravel(), minlength=(N + 1) * H)
            ga = ga.reshape(N + 1, H) + 2 * args.hlam * a
            gb = gb.reshape(N + 1, H) + 2 * args.hlam * b
            ga[pin] = gb[pin] = 0
            parts += [ga.ravel(), gb.ravel(), gpre.sum(0), r @ u]
        if use_near:
            parts.append(r @ tr.near)
        return loss, np.concatenate(parts)
    return f


def fit(name, H, use_near, w0, maxiter):
    t = time.time()
    r = minimize(make_objective(H, use_near), w0, jac=True, method='L-BFGS-B',
                 options={'maxiter': maxiter, 'maxcor': 20, 'ftol': 1e-13, 'gtol': 1e-10})
    secs = time.time() - t
    report(name, scores(tr, r.x, H, use_near), scores(te, r.x, H, use_near), r.nit, secs)
    return r.x


def grow(w_add, H, use_near, rng):
    """Parameters of a hidden model started from an additive fit (with or without near)."""
    A, B = w_add[:N + 1], w_add[N + 1:2 * N + 2]
    a = rng.normal(0, 0.3, (N + 1, H))
    b = rng.normal(0, 0.3, (N + 1, H))
    a[NONE] = b[NONE] = 0
    c = np.full(H, 0.5)
    wo = rng.normal(0, 0.1, H)
    parts = [A, B, a.ravel(), b.ravel(), c, wo]
    if use_near:
        parts.append(w_add[2 * N + 2:2 * N + 4])
    return np.concatenate(parts)


saved = {}
w_add = fit(f'additive refit (lambda {args.lam:g})', 0, False, np.zeros(2 * N + 2), 2000)
saved['additive'] = w_add
if args.near:
    w_addn = fit('additive + near', 0, True, np.concatenate([w_add, np.zeros(2)]), 2000)
    saved['additive_near'] = w_addn
    print('near weights (d<=1, d=2) in nats:', np.round(w_addn[-2:], 3))
near_H = [int(h) for h in (args.near_hidden or str(max(Hs) if Hs else '')).split(',') if h]
for H in Hs:
    rng = np.random.default_rng(args.seed)
    w = fit(f'hidden H={H}', H, False, grow(w_add, H, False, rng), args.iterations)
    saved[f'hidden{H}'] = w
    if args.near and H in near_H:
        rng = np.random.default_rng(args.seed)
        w = fit(f'hidden H={H} + near', H, True, grow(w_addn, H, True, rng), args.iterations)
        saved[f'hidden{H}_near'] = w
        print('near weights (d<=1, d=2) in nats:', np.round(w[-2:], 3))

print('\n| model | held-out log-loss | top-1 | top-6 | train log-loss | top-1 | top-6 | '
      'iterations | seconds |')
print('|---|---|---|---|---|---|---|---|---|')
for r in rows:
    print(f'| {r[0]} | {r[1]:.4f} | {r[2]:.3f} | {r[3]:.3f} | {r[4]:.4f} | {r[5]:.3f} | '
          f'{r[6]:.3f} | {r[7]} | {r[8]:.0f} |')
print(f'total {time.time() - t0:.0f} s')
if args.out:
    np.savez(args.out, T=T, **saved)
