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


def label_value(label):
    """A label's evaluation points (a mate counts as +-MATE_EVAL), or None for an unlabelled or
    unreadable one."""
    if label in (None, 'None', ''):
        return None
    try:
        return (MATE_EVAL if label[0] == '+' else -MATE_EVAL) if 'M' in label else float(label)
    except ValueError:
        return None


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
        y = label_value(p[0])
        if p[1] == '1' or y is None:
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


def read_fast(path, width, limit=0, keep_below=None):
    """`read` for large files: counts as a float32 CSR matrix, parsed with numpy a line at a time
    (the line-window files hold about 300 counts a position); columns from `width` on are
    dropped (and from `keep_below` on, keeping the width); at most `limit` positions (0: all)."""
    indptr, idx_parts, val_parts, labels, masks = [0], [], [], [], []
    for line in open(path):
        head, tactical, mask, rest = line.rstrip('\n').split(',', 3)
        y = label_value(head)
        if tactical == '1' or y is None:
            continue
        idx, val = parse_counts(rest, keep_below or width)
        idx_parts.append(idx)
        val_parts.append(val)
        indptr.append(indptr[-1] + len(idx))
        labels.append(y)
        masks.append(int(mask))
        if limit and len(labels) >= limit:
            break
    x = csr_matrix((np.concatenate(val_parts), np.concatenate(idx_parts), np.array(indptr)),
                   shape=(len(labels), width))
    return x, np.array(labels), np.array(masks)


def parse_counts(rest, width):
    """The `index:count` items of a features line: column indices (int32) and counts
    (float32), those at `width` or beyond dropped."""
    pairs = np.array(rest.replace(':', ',').split(','), dtype=np.int64).reshape(-1, 2)
    pairs = pairs[pairs[:, 0] < width]
    return pairs[:, 0].astype(np.int32), pairs[:, 1].astype(np.float32)


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


def width(fit):
    """Columns of a fit's features: the blocks of combinations, then (nets with line windows)
    the blocks of windows."""
    blocks, combos, _ = fit['embed'].shape
    windows = fit['line_embed'].shape[0] * fit['line_embed'].shape[1] if 'line_embed' in fit else 0
    return blocks * combos + windows


def fit_logits(fit, counts, masks, scale):
    """`logits` of the positions (`read`'s counts and masks) under a fit saved in fit_hidden.py's
    OUT.npz layout (or net_to_npz.py's copy of the evaluation in use). The line windows'
    columns, if the fit has them, feed the hidden units only."""
    return fit_forward(fit, counts, masks, scale)[0]


def fit_forward(fit, counts, masks, scale):
    """`fit_logits` with the hidden units' sums and clipped values beside the logits (what
    `logits` returns), for studies built over a fit's units."""
    blocks, combos, _ = fit['embed'].shape
    linear = np.concatenate(list(fit['combos']) + [fit['masks']]).astype(float)
    embed = fit['embed'].reshape(blocks * combos, -1)
    if 'line_embed' in fit:
        embed = np.concatenate([embed, fit['line_embed'].reshape(-1, embed.shape[1])])
        linear = np.concatenate([linear[:blocks * combos],
                                 np.zeros(embed.shape[0] - blocks * combos),
                                 linear[blocks * combos:]])
    signs = np.concatenate([role_signs(blocks, combos),
                            np.ones(embed.shape[0] - blocks * combos)])
    signed = counts.multiply(signs[None, :]).tocsr()
    return logits(signed, counts, masks, linear, embed, fit['mask_rows'], fit['out'],
                  float(fit['out_bias']), scale)
