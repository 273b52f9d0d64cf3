"""Scores an evaluation fit (fit_hidden.py's OUT.npz, or net_to_npz.py's copy of the evaluation
in use) against labelled positions: the cross-entropy of its winning chances against the
labels', the labels' own entropy (the floor), the excess over it, and the correlation of the
logits. One line per features file, so positions of different kinds (board sizes, rules, game
sources) can be compared: that is how the evaluation in use was found to fit 20x20 positions
twice as badly as 15x15 ones (excess 0.28 against 0.13 on held-out positions).

usage: python3 eval_loss.py FIT.npz K FEATURES.csv...

K is the evaluation's scale (winning chance = logistic(eval / K)), the one the fit was made
with. FEATURES.csv as `features --combos` writes it; rows are read as fit_hidden.py reads them
(tactical positions and unlabelled ones are skipped).
"""
import sys

import numpy as np

import labelled_features


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    fit, K, paths = np.load(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
    B, C, _ = fit['embed'].shape
    for path in paths:
        x, y, m = labelled_features.read(path, B * C)
        n = len(y)
        if n == 0:
            print(f'{path}: no labelled positions')
            continue
        z = labelled_features.fit_logits(fit, x, m, K)
        p = np.clip(1 / (1 + np.exp(-y / 200.0)), 1e-7, 1 - 1e-7)
        q = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
        ce = float(-(p * np.log(q) + (1 - p) * np.log(1 - q)).mean())
        floor = float(-(p * np.log(p) + (1 - p) * np.log(1 - p)).mean())
        corr = float(np.corrcoef(z, y / 200.0)[0, 1])
        print(f'{path}: {n} positions, cross-entropy {ce:.4f}, label entropy {floor:.4f}, '
              f'excess {ce - floor:.4f}, correlation {corr:.3f}')


if __name__ == '__main__':
    main()
