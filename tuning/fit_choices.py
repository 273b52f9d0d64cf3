"""Fits the evaluation to the stronger engine's choices as well as to its values (the Bonanza
method of computer shogi, Hoki 2006, in a static form): besides the cross-entropy against the
labels' winning chances (fit_hidden.py's loss), for positions where the labels name the stronger
engine's move, the evaluation of the position after each candidate move (from the mover's view,
minus the child's value) goes into a softmax over the candidates, and the loss is minus the log
of the stronger engine's move's share. A value fit treats every position on its own; this term
asks the evaluation to order sibling positions as the teacher does, which is what a quiet move
choice turns on. The softmax's temperature is fitted too.

usage: python3 fit_choices.py FEATURES.csv CHILDREN.csv INIT.npz OUT.npy [--weight A]
                              [--top N] [--iterations N] [--lambda L] [--resume FIT.npy]
                              [--net OUT.rzn --description TEXT]

FEATURES.csv: `features --combos` of the labelled positions (line windows, if the file has
them, are ignored); CHILDREN.csv: `features --children` of labelled positions (a subset will do);
INIT.npz: the net in use read back (net_to_npz.py). Candidates that leave a tactical position
(a four to answer) are left out, and of the others the N with the best static ordering scores
(`--top`, 16) and the teacher's move. Every tenth run of 100 value positions and every tenth
choice position are held out; the held-out value cross-entropy, choice loss and how often the
teacher's move gets the best value are printed for the net in use and the fit. --net writes the
engine's weights file (spread kept as fit_hidden.py --keep-spread).
"""
import argparse

import numpy as np
from scipy.optimize import minimize
from scipy.sparse import csr_matrix

import labelled_features

ap = argparse.ArgumentParser()
ap.add_argument('features')
ap.add_argument('children')
ap.add_argument('init')
ap.add_argument('out')
ap.add_argument('--weight', type=float, default=0.5)
ap.add_argument('--top', type=int, default=16)
ap.add_argument('--iterations', type=int, default=150)
ap.add_argument('--lambda', dest='lam', type=float, default=1e-4)
ap.add_argument('--resume', help='start from an OUT.npy of an earlier run (--iterations 0: '
                                    'only report and write it)')
ap.add_argument('--net')
ap.add_argument('--description', default='')
a = ap.parse_args()
if a.net and not a.description:
    ap.error('--net needs a --description')

COMBOS, MASKS = 1365, 512
f = np.load(a.init)
B = f['embed'].shape[0]
WIDTH = B * COMBOS
K = float(f['scale'])
H = f['out'].shape[0]


def matrix(idx_parts, val_parts):
    indptr = np.concatenate([[0], np.cumsum([len(p) for p in idx_parts])])
    return csr_matrix((np.concatenate(val_parts), np.concatenate(idx_parts), indptr),
                      shape=(len(idx_parts), WIDTH))


def read_children(path):
    """Candidates grouped by position: counts, masks, which is the teacher's, group starts."""
    groups = {}
    order = []
    for line in open(path):
        g, best, base, _label, tactical, mask, rest = line.rstrip('\n').split(',', 6)
        if g not in groups:
            groups[g] = []
            order.append(g)
        groups[g].append((best == '1', int(base), tactical == '1', int(mask), rest))
    idx, val, masks, bests, starts = [], [], [], [], []
    for g in order:
        rows = groups[g]
        best = [r for r in rows if r[0]]
        if not best or best[0][2]:
            continue
        quiet = sorted((r for r in rows if not r[2] and not r[0]), key=lambda r: -r[1])[:a.top]
        if not quiet:
            continue
        starts.append(len(masks))
        for r in best + quiet:
            i, v = labelled_features.parse_counts(r[4], WIDTH)
            idx.append(i)
            val.append(v)
            masks.append(r[3])
            bests.append(r[0])
    return matrix(idx, val), np.array(masks), np.array(bests), np.array(starts)


sign = np.where((np.arange(WIDTH) // COMBOS) % 2 == 1, -1.0, 1.0).astype(np.float32)
X, Y, M = labelled_features.read_fast(a.features, WIDTH)
XL = X.multiply(sign[None, :]).tocsr().astype(np.float32)
P = 1 / (1 + np.exp(-Y / 200.0))
vtest = (np.arange(len(Y)) // 100) % 10 == 0
Xc, Mc, Bc, Sc = read_children(a.children)
XLc = Xc.multiply(sign[None, :]).tocsr().astype(np.float32)
G = len(Sc)
ctest_group = np.arange(G) % 10 == 0
group_of = np.repeat(np.arange(G), np.diff(np.concatenate([Sc, [len(Mc)]])))
print(f'{len(Y)} value positions ({int(vtest.sum())} held out); {G} choice positions '
      f'({int(ctest_group.sum())} held out), {len(Mc) / G:.1f} candidates each', flush=True)

lin0 = f['combos'].reshape(-1) / K
x0 = np.concatenate([lin0, f['masks'] / K, f['embed'].reshape(WIDTH, H).ravel(),
                     f['mask_rows'].ravel(), f['out'], [float(f['out_bias'])], [np.log(5.0)]])
sizes = [WIDTH, MASKS, WIDTH * H, MASKS * H, H, 1, 1]
free = np.ones(len(x0), bool)
for b in range(B):
    free[b * COMBOS] = False
    free[WIDTH + MASKS + b * COMBOS * H:WIDTH + MASKS + (b * COMBOS + 1) * H] = False
pen = np.zeros(len(x0))
pen[:WIDTH] = 1e-8 * K * K
pen[WIDTH + MASKS:WIDTH + MASKS + WIDTH * H + MASKS * H] = a.lam


def unpack(x):
    out, o = [], 0
    for s in sizes:
        out.append(x[o:o + s])
        o += s
    lin, mv, E, Mm, v, c, tau = out
    return lin, mv, E.reshape(WIDTH, H), Mm.reshape(MASKS, H), v, c[0], tau[0]


def evaluate(x, Xs, XLs, Ms):
    lin, mv, E, Mm, v, c, _ = unpack(x)
    h = Xs @ E.astype(np.float32) + Mm[Ms]
    r = np.clip(h, 0, 1)
    return XLs @ lin + mv[Ms] + r @ v + c, h, r


def choice_terms(z, beta, groups_sel):
    """Per candidate: softmax share within its group of beta * (-z); per group: the loss."""
    s = -beta * z
    mx = np.maximum.reduceat(s, Sc)
    e = np.exp(s - mx[group_of])
    tot = np.add.reduceat(e, Sc)
    p = e / tot[group_of]
    loss_g = -np.log(np.maximum(p[Sc], 1e-12))  # the teacher's move is each group's first row
    return p, loss_g


def xent(z, p):
    q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())


def report_choices(x, label):
    z = evaluate(x, Xc, XLc, Mc)[0]
    _, _, _, _, _, _, tau = unpack(x)
    _, loss_g = choice_terms(z, np.exp(tau), None)
    first = np.minimum.reduceat(z, Sc) == z[Sc]
    t = ctest_group
    print(f'{label}: value held-out {xent(evaluate(x, X[vtest], XL[vtest], M[vtest])[0], P[vtest]):.4f}; '
          f'choice held-out loss {loss_g[t].mean():.4f} (train {loss_g[~t].mean():.4f}), '
          f'teacher\'s move valued best {first[t].mean():.3f} (train {first[~t].mean():.3f}), '
          f'beta {np.exp(tau):.2f}', flush=True)


Xtr, XLtr, Mtr, Ptr = X[~vtest], XL[~vtest], M[~vtest], P[~vtest]
cw = np.where(ctest_group[group_of], 0.0, 1.0)  # held-out groups weigh nothing
train_groups = int((~ctest_group).sum())


def loss(x):
    x = np.where(free, x, x0)
    lin, mv, E, Mm, v, c, tau = unpack(x)
    d = x - x0
    val = float(pen @ (d * d))
    grad = 2 * pen * d
    # The values.
    z, h, r = evaluate(x, Xtr, XLtr, Mtr)
    q = 1 / (1 + np.exp(-z))
    qc = np.clip(q, 1e-7, 1 - 1e-7)
    val += float(-(Ptr * np.log(qc) + (1 - Ptr) * np.log(1 - qc)).mean())
    g = ((q - Ptr) / len(Ptr)).astype(np.float32)
    # The choices: d loss / d z_i = beta * (first_i - p_i) per group, averaged over groups.
    zc, hc, rc = evaluate(x, Xc, XLc, Mc)
    beta = np.exp(tau)
    p, loss_g = choice_terms(zc, beta, None)
    keep = ~ctest_group
    val += a.weight * float(loss_g[keep].sum() / train_groups)
    first = np.zeros(len(zc))
    first[Sc] = 1
    gc = (a.weight * beta * (first - p) * cw / train_groups).astype(np.float32)
    # d loss / d tau = beta * (z_first - sum p z) per group.
    zbar = np.add.reduceat(p * zc, Sc)
    gtau = a.weight * float((beta * (zc[Sc] - zbar))[keep].sum() / train_groups)
    parts = []
    for (g_, X_, XL_, M_, h_, r_) in ((g, Xtr, XLtr, Mtr, h, r), (gc, Xc, XLc, Mc, hc, rc)):
        dh = (g_[:, None] * v[None, :].astype(np.float32)) * ((h_ > 0) & (h_ < 1))
        gM = np.zeros((MASKS, H))
        np.add.at(gM, M_, dh)
        parts.append(np.concatenate([XL_.T @ g_, np.bincount(M_, weights=g_, minlength=MASKS),
                                     (X_.T @ dh).ravel(), gM.ravel(), r_.T @ g_, [g_.sum()],
                                     [0.0]]))
    grad = grad + parts[0] + parts[1]
    grad[-1] += gtau
    return val, np.where(free, grad, 0.0)


# The temperature starts where it fits the net in use best, so that the first steps change the
# evaluation rather than the softmax.
z_in_use = evaluate(x0, Xc, XLc, Mc)[0]
best_tau = min(np.log(np.geomspace(0.2, 20, 41)),
               key=lambda t: choice_terms(z_in_use, np.exp(t), None)[1][~ctest_group].mean())
x0[-1] = best_tau
report_choices(x0, 'the net in use')
step = [0]


def callback(x):
    step[0] += 1
    if step[0] % 25 == 0:
        report_choices(np.where(free, x, x0), f'iteration {step[0]}')
        np.save(a.out, np.where(free, x, x0))


x, nit = (np.load(a.resume) if a.resume else x0), 0
if a.iterations > 0:
    res = minimize(loss, x, jac=True, method='L-BFGS-B', callback=callback,
                   options={'maxiter': a.iterations, 'ftol': 1e-13, 'gtol': 1e-10})
    x, nit = res.x, res.nit
x = np.where(free, x, x0)
report_choices(x, f'fit ({nit} iterations)')
np.save(a.out, x)

if a.net:
    import write_net
    z_start = evaluate(x0, Xtr, XLtr, Mtr)[0]
    z_fit = evaluate(x, Xtr, XLtr, Mtr)[0]
    spread = float(np.std(z_start) / np.std(z_fit))
    lin, mv, E, Mm, v, c, _ = unpack(x)
    print(f'spread kept: output scaled by {spread:.4f}')
    combos = np.round(lin * spread * K).reshape(B, COMBOS)
    combos[:, 0] = 0
    fit = dict(combos=combos, masks=np.round(mv * spread * K), embed=E.reshape(B, COMBOS, H),
               mask_rows=Mm, out=v * spread, out_bias=c * spread, scale=K)
    net = write_net.write_fit(a.net, fit, a.description, 'renju' if B == 4 else 'generic')
    print(f'{a.net}: net {net["checksum"]:08x}')
