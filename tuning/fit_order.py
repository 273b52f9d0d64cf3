"""Fits the move-ordering corrections per pattern combination (a weights file's order_combo
tables, see netfile.py) to a stronger engine's moves.

usage: python3 fit_order.py ORDER.csv OUT.npz [LAMBDA ...]       (every rule but renju)
       python3 fit_order.py --renju ORDER.csv OUT.npz [LAMBDA ...]  (features made with --rule 4)

ORDER.csv: `features --order` output (the engine's move, then every candidate with its static
ordering score without corrections and the combination indices of the mover's and the
opponent's codes). Model: the chance that a candidate is the move is a softmax over
base / T + A[mine] + B[theirs]; T alone first (the table in use), then A and B with an L2
penalty. Every tenth position is held out; prints its log-loss, top-1 and top-6 hit rates (the
search's late-move limit at depth 1 is 6) before and after, and writes the tables
(A and B times T, in ordering-score units) to OUT.npz as `order`, for write_net.py --order. Under renju the indices of white's combinations are
offset by COMBOS (A and B have a half per colour) and -1 marks a square forbidden to black,
which gets no correction.
"""
import sys

import numpy as np
from scipy.optimize import minimize, minimize_scalar

import netfile

COMBOS = netfile.COMBOS
args = sys.argv[1:]
renju = '--renju' in args
args = [a for a in args if a != '--renju']
path, out_path = args[:2]
lambdas = [float(x) for x in args[2:]] or [1e-5, 1e-4, 1e-3]
# Parameters of A (and of B): a value per combination (per colour under renju), then one slot
# pinned at zero for the squares without a combination (-1).
N = (2 if renju else 1) * COMBOS
NONE = N
base, mine, theirs, chosen, starts = [], [], [], [], []
for line in open(path):
    best, *cells = line.strip().split(';')
    starts.append(len(base))
    for c in cells:
        x, y, b, m, t = c.split(',')
        base.append(float(b))
        mine.append(NONE if int(m) < 0 else int(m))
        theirs.append(NONE if int(t) < 0 else int(t))
        chosen.append(1.0 if f'{x},{y}' == best else 0.0)
n = len(starts)
starts = np.array(starts)
base, mine, theirs, chosen = map(np.array, (base, mine, theirs, chosen))
group = np.repeat(np.arange(n), np.diff(np.append(starts, len(base))))
test_pos = np.arange(n) % 10 == 0
test = test_pos[group]
print(f'{n} positions, {len(base)} candidates ({len(base) / n:.1f} a position)')


def probs(z, sel):
    z = z[sel]
    g = group[sel]
    zmax = np.full(n, -np.inf)
    np.maximum.at(zmax, g, z)
    e = np.exp(z - zmax[g])
    s = np.bincount(g, weights=e, minlength=n)
    return e / s[g], g


def loss_and_grad(T, A, B, sel, lam):
    z = base / T + A[mine] + B[theirs]
    p, g = probs(z, sel)
    y = chosen[sel]
    npos = len(np.unique(g))
    loss = -np.log(np.maximum(p[y == 1], 1e-12)).sum() / npos + lam * (A @ A + B @ B)
    r = (p - y) / npos
    gA = np.bincount(mine[sel], weights=r, minlength=N + 1) + 2 * lam * A
    gB = np.bincount(theirs[sel], weights=r, minlength=N + 1) + 2 * lam * B
    gA[NONE] = gB[NONE] = 0
    return loss, gA, gB


def hits(T, A, B, sel, k):
    z = (base / T + A[mine] + B[theirs])[sel]
    g = group[sel]
    y = chosen[sel]
    zc = np.zeros(n)
    np.add.at(zc, g[y == 1], z[y == 1])
    better = np.bincount(g, weights=(z > zc[g]).astype(float), minlength=n)
    present = np.bincount(g[y == 1], minlength=n) > 0
    return float((better[present] < k).mean())


zero = np.zeros(N + 1)
train = ~test
T = minimize_scalar(lambda t: loss_and_grad(t, zero, zero, train, 0)[0], bounds=(10, 5000),
                    method='bounded').x
print(f'temperature T = {T:.1f} ordering points per nat')


def report(name, A, B):
    l = loss_and_grad(T, A, B, test, 0)[0]
    print(f'{name}: held-out log-loss {l:.4f}, top-1 {hits(T, A, B, test, 1):.3f}, '
          f'top-6 {hits(T, A, B, test, 6):.3f}')
    return l


best = (report('table in use (no corrections)', zero, zero), None, zero, zero)
# The corrections in use (the built-in net's), on the same held-out positions.
_net = netfile.read(netfile.built_in('renju' if renju else 'generic'))
_rows = _net['order_combo'] / T
report('corrections in use', np.append(np.concatenate(_rows[0::2]), 0.0),
       np.append(np.concatenate(_rows[1::2]), 0.0))
for lam in lambdas:
    def f(w):
        l, gA, gB = loss_and_grad(T, w[:N + 1], w[N + 1:], train, lam)
        return l, np.concatenate([gA, gB])
    r = minimize(f, np.zeros(2 * (N + 1)), jac=True, method='L-BFGS-B',
                 options={'maxiter': 2000})
    A, B = r.x[:N + 1], r.x[N + 1:]
    l = report(f'lambda {lam:g} ({r.nit} iterations)', A, B)
    if l < best[0]:
        best = (l, lam, A, B)
print(f'kept lambda {best[1]}')
A, B = (np.clip(np.round(v[:N] * T), -30000, 30000).astype(int) for v in best[2:4])
# Per colour table (one under the other rules): the mover's correction, then the opponent's.
rows = [r for k in range(N // COMBOS) for r in (A[k * COMBOS:(k + 1) * COMBOS],
                                                B[k * COMBOS:(k + 1) * COMBOS])]
# write_net.py --order OUT.npz puts them into a weights file.
np.savez(out_path, order=np.array(rows, dtype=np.int64))
print(f'{out_path}: {len(rows)} rows of ordering corrections (write_net.py --order)')
