"""Reads the combination counts that `features --combos` writes, with their labels: one line per
position, `label,tactical,mask,index:count,...` (the label is Rapfi's evaluation from the side
to move's view, `+M11`/`-M7` for a mate). Tactical positions (a five to make or to block, an open
four for the side to move) and unlabelled ones are skipped: the static evaluation is never used
there. Shared by fit_combos.py, fit_hidden.py and eval_loss.py so that all read the same
positions; `logits` is the evaluation's formula that fit_hidden.py fits, and `fit_logits` applies
it to a saved fit for eval_loss.py and check_formula.py."""
from math import comb

import numpy as np
from scipy.sparse import csr_matrix

# A mate counts as this evaluation (a winning chance of logistic(800 / 200) = 98 %).
MATE_EVAL = 800.0
# The line code F1 (src/pattern.rs): a stone here would make a one with room for five.
F1 = 2


def combo_index(codes):
    """eval::combo_index: the index of a square's combination of four line codes."""
    c = sorted(codes)
    return sum(comb(c[i] + i, i + 1) for i in range(4))


# The open-space combination: room for five in every direction, no stone in any line.
OPEN_SPACE = combo_index([F1] * 4)


def role_signs(blocks, combos):
    """Per column of the counts: +1 for the side to move's blocks, -1 for the waiting side's
    (the linear part counts the waiting side's squares against the side to move)."""
    return np.where((np.arange(blocks * combos) // combos) % 2 == 1, -1.0, 1.0)


def read(path, width):
    """The positions of `path`: counts (a sparse N x `width` matrix), labels (evaluation points)
    and threat masks."""
    rows, cols, vals, labels, masks = [], [], [], [], []
    for line in open(path):
        p = line.rstrip('\n').split(',')
        lab = p[0]
        if p[1] == '1' or lab in ('None', ''):
            continue
        try:
            y = (MATE_EVAL if lab[0] == '+' else -MATE_EVAL) if 'M' in lab else float(lab)
        except ValueError:
            continue
        r = len(labels)
        labels.append(y)
        masks.append(int(p[2]))
        for item in p[3:]:
            if item:
                i, c = item.split(':')
                rows.append(r)
                cols.append(int(i))
                vals.append(int(c))
    n = len(labels)
    x = csr_matrix((vals, (rows, cols)), shape=(n, width), dtype=float)
    return x, np.array(labels), np.array(masks, dtype=int)


def logits(signed, counts, masks, linear, embed, mask_rows, out, out_bias, scale):
    """The evaluation of positions in logits (evaluation points / `scale`), in floats, as
    src/eval.rs and src/hidden.rs compute it: the linear tables over the signed counts plus the
    threat-mask term, then the hidden units (counts times their weights plus the mask's row,
    clipped to [0, 1]) weighted by `out`. `signed` is `counts` with the waiting side's columns
    negated (`role_signs`), `linear` the tables' values per column followed by the mask
    values. Returns the logits, the hidden units' sums and their clipped values (a fit's
    gradient needs both)."""
    width = counts.shape[1]
    linear_part = (signed @ linear[:width] + linear[width:][masks]) / scale
    sums = counts @ embed + mask_rows[masks]
    units = np.clip(sums, 0, 1)
    return linear_part + units @ out + out_bias, sums, units


def fit_logits(fit, counts, masks, scale):
    """`logits` of the positions (`read`'s counts and masks) under a fit saved in fit_hidden.py's
    OUT.npz layout (or net_to_npz.py's copy of the evaluation in use)."""
    blocks, combos, _ = fit['embed'].shape
    linear = np.concatenate(list(fit['combos']) + [fit['masks']]).astype(float)
    signed = counts.multiply(role_signs(blocks, combos)[None, :]).tocsr()
    embed = fit['embed'].reshape(blocks * combos, -1)
    return logits(signed, counts, masks, linear, embed, fit['mask_rows'], fit['out'],
                  float(fit['out_bias']), scale)[0]
