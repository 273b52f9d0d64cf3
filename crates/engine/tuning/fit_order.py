"""Fits the move-ordering corrections per pattern combination (src/order_combo.rs) to a stronger
engine's moves.

usage: python3 fit_order.py ORDER.csv OUT.rs [LAMBDA ...]

ORDER.csv: `features --order` output (the engine's move, then every candidate with its static
ordering score without corrections and the combination indices of the mover's and the
opponent's codes). Model: the chance that a candidate is the move is a softmax over
base / T + A[mine] + B[theirs]; T alone first (the table in use), then A and B with an L2
penalty. Every tenth position is held out; prints its log-loss, top-1 and top-6 hit rates (the
search's late-move limit at depth 1 is 6) before and after, and writes the Rust constants
(A and B times T, in ordering-score units).
"""
import sys
import numpy as np
from scipy.optimize import minimize, minimize_scalar

COMBOS = 1365
path, out_path = sys.argv[1:3]
lambdas = [float(x) for x in sys.argv[3:]] or [1e-5, 1e-4, 1e-3]
base, mine, theirs, chosen, starts = [], [], [], [], []
for line in open(path):
    best, *cells = line.strip().split(';')
    starts.append(len(base))
    for c in cells:
        x, y, b, m, t = c.split(',')
        base.append(float(b))
        mine.append(int(m))
        theirs.append(int(t))
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
    gA = np.bincount(mine[sel], weights=r, minlength=COMBOS) + 2 * lam * A
    gB = np.bincount(theirs[sel], weights=r, minlength=COMBOS) + 2 * lam * B
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


zero = np.zeros(COMBOS)
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
for lam in lambdas:
    def f(w):
        l, gA, gB = loss_and_grad(T, w[:COMBOS], w[COMBOS:], train, lam)
        return l, np.concatenate([gA, gB])
    r = minimize(f, np.zeros(2 * COMBOS), jac=True, method='L-BFGS-B',
                 options={'maxiter': 2000})
    A, B = r.x[:COMBOS], r.x[COMBOS:]
    l = report(f'lambda {lam:g} ({r.nit} iterations)', A, B)
    if l < best[0]:
        best = (l, lam, A, B)
print(f'kept lambda {best[1]}')
rows = [np.clip(np.round(best[2] * T), -30000, 30000).astype(int),
        np.clip(np.round(best[3] * T), -30000, 30000).astype(int)]
with open(out_path, 'w') as out:
    out.write('// Fitted by tuning/fit_order.py (see tuning/README.md): move-ordering corrections per\n')
    out.write("// combination of a square's four line codes (`eval::combo_index`); row 0: for a move of the\n")
    out.write("// square's colour, row 1: for the opponent's move there.\n")
    out.write('const ORDER_COMBO_FIT: [[i16; COMBOS]; 2] = [\n')
    for row in rows:
        out.write('    [\n')
        vals = [str(v) for v in row]
        for i in range(0, len(vals), 16):
            out.write('        ' + ', '.join(vals[i:i + 16]) + ',\n')
        out.write('    ],\n')
    out.write('];\n')
