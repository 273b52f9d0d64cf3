"""Checks that the tuning scripts compute the evaluation the engine computes: for positions
labelled with the engine's own static evaluation (points, from the side to move's view), the
formula of `labelled_features.logits` (through `fit_logits`) over an evaluation read back by net_to_npz.py must give the
same value up to the engine's rounding of the hidden layer's output (less than one point).
Prints the number of positions and the largest difference; exits 1 when a position differs by a
point or more. The engine's test `tests/tuning_pipeline.rs` runs it.

usage: python3 check_formula.py FIT.npz FEATURES.csv
"""
import sys

import numpy as np

import labelled_features


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    fit = np.load(sys.argv[1])
    K = float(fit['scale'])
    x, y, m = labelled_features.read(sys.argv[2], labelled_features.width(fit))
    if len(y) == 0:
        sys.exit(f'{sys.argv[2]}: no labelled positions')
    z = labelled_features.fit_logits(fit, x, m, K)
    diff = np.abs(z * K - y)
    worst = int(np.argmax(diff))
    print(f'{len(y)} positions, largest difference {diff[worst]:.4f} points '
          f'(position {worst}: formula {z[worst] * K:.3f}, engine {y[worst]:.0f})')
    sys.exit(0 if diff[worst] < 1.0 else 1)


if __name__ == '__main__':
    main()
