"""Study: does the evaluation gain from seeing where its patterns lie? (issue 37, item 3)

The evaluation in use sums, over the empty squares, a vector per pattern combination into 32
hidden units: it sees how many squares of each kind there are, not where they are. This study
continues the net in use (net_to_npz.py's OUT.npz) on Rapfi's labels with PyTorch, on CPU, with
and without a spatial path: per square an embedding of both colours' codes (`features
--squares`: the combination index, or a stone of either colour), a 3x3 convolution, clipped to
[0, 1] per square and summed over the board, into the hidden units (`--into-hidden`) and the
output. The convolution over embeddings of codes is a table per offset and code, so the path
could be kept up to date move by move as the hidden sums are. Reports the held-out
cross-entropy (every tenth block of 100 positions) against the labels' winning chances.

    features --squares < labels.jsonl > squares.bin
    python3 study_spatial.py squares.bin labels.jsonl in_use.npz --epochs 12
    python3 study_spatial.py squares.bin labels.jsonl in_use.npz --epochs 12 --spatial 16 --into-hidden

Without the spatial path any board and rule: positions of other sizes are padded with squares
that count nowhere, and a renju net (black's tables and white's) reads each position's tables by
the side to move (the parity of its moves; `features --squares --rule 4`). The spatial path takes
15x15 positions only. Needs PyTorch (`pip install torch`; CPU is enough: 15-50 s an epoch on one
core for 190k positions); tactical and unlabelled positions are skipped as in
labelled_features.py.
"""
import argparse
import json
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from labelled_features import label_value
from netfile import COMBOS, ONE, OUT_ONE

CODES = COMBOS + 3  # the combinations, a square counting nowhere, own stone, other stone
SQUARE_NOWHERE = COMBOS


def read(squares_path, labels_path):
    """The positions of `features --squares` output (record k for line k of the labels): codes
    (N, 2, squares) as int16, boards smaller than the largest one padded with squares that
    count nowhere; threat masks; labels (evaluation points); the side to move's colour (0
    black, 1 white: the parity of the moves) and the board's width."""
    raw = np.fromfile(squares_path, dtype='<u2')
    codes, masks, ys, colours, widths, at = [], [], [], [], [], 0
    for line in open(labels_path):
        position = json.loads(line)
        y = label_value(position.get('eval'))
        flags, mask, w, h = raw[at:at + 4]
        rec = raw[at + 4:at + 4 + 2 * int(w) * int(h)]
        at += 4 + 2 * int(w) * int(h)
        if not flags & 1 or flags & 2 or y is None:
            continue
        codes.append(rec.astype(np.int16).reshape(2, -1))
        masks.append(int(mask))
        ys.append(y)
        colours.append(len(position['moves']) % 2)
        widths.append(int(w))
    if at != len(raw):
        raise SystemExit(f'{squares_path}: {len(raw) - at} values left over: not the labels\' records')
    if not codes:
        raise SystemExit(f'{labels_path}: no labelled position where the evaluation is used')
    return pad(codes, max(c.shape[1] for c in codes)), np.array(masks), np.array(ys, dtype=np.float32), np.array(colours), np.array(widths)


def pad(codes, squares):
    """Positions' codes, each (2, n) with n <= `squares` (a list, or an array of them), as one
    int16 array (N, 2, squares), the missing squares counting nowhere."""
    if isinstance(codes, np.ndarray) and codes.shape[2] == squares:
        return codes
    out = np.full((len(codes), 2, squares), SQUARE_NOWHERE, dtype=np.int16)
    for k, c in enumerate(codes):
        out[k, :, :c.shape[1]] = c
    return out


def winning_chance(evals):
    """The labels' winning chances, logistic(eval / 200), as the fits read them."""
    return torch.from_numpy(1 / (1 + np.exp(-evals / 200.0))).float()


class Net(nn.Module):
    """The evaluation in use (linear tables, threat-mask term, hidden units over the sums of
    per-combination vectors), plus the spatial path when `spatial` > 0."""

    def __init__(self, fit, spatial, into_hidden):
        super().__init__()
        hidden = fit['embed'].shape[-1]
        # Two rows per colour block: the side to move's squares, then the waiting side's (one
        # block for every colour but under renju, where black and white have their own).
        self.blocks = fit['combos'].shape[0] // 2
        lin = np.zeros((2 * self.blocks, CODES))
        lin[:, :COMBOS] = fit['combos']
        emb = np.zeros((2 * self.blocks, CODES, hidden))
        emb[:, :COMBOS] = fit['embed']
        self.scale = float(fit['scale'])
        self.lin = nn.Parameter(torch.tensor(lin, dtype=torch.float32))
        self.mlin = nn.Parameter(torch.tensor(fit['masks'], dtype=torch.float32))
        self.emb = nn.Parameter(torch.tensor(emb, dtype=torch.float32))
        self.memb = nn.Parameter(torch.tensor(fit['mask_rows'], dtype=torch.float32))
        self.out = nn.Parameter(torch.tensor(fit['out'], dtype=torch.float32))
        self.bias = nn.Parameter(torch.tensor(float(fit['out_bias'])))
        # Stones and squares counting nowhere have no share in the net in use, nor has the
        # all-dead combination (index 0), which the engine also counts for every stone: it
        # stays 0 in every fit (fit_hidden.py).
        counted = (torch.arange(CODES) < COMBOS).float()
        counted[0] = 0.0
        self.register_buffer('counted', counted)
        self.spatial, self.into_hidden = spatial, into_hidden
        self.quantize = False
        if spatial:
            self.semb = nn.Parameter(torch.randn(2, CODES, spatial) * 0.1)
            self.conv = nn.Conv2d(spatial, spatial, 3, padding=1)
            self.sout = nn.Parameter(torch.zeros(spatial))
            self.shid = nn.Parameter(torch.zeros(spatial, hidden))

    def base_parameters(self):
        return [self.lin, self.mlin, self.emb, self.memb, self.out, self.bias]

    def forward(self, codes, masks, colours):
        me, op = codes[:, 0].long(), codes[:, 1].long()
        cm, co = self.counted[me], self.counted[op]
        lin, mlin, emb, memb, out, bias = self.weights()
        # The rows of each side's tables: under renju the colour's block (black 0, white 1).
        if self.blocks == 2:
            rme, rop = 2 * colours, 2 * (1 - colours) + 1
        else:
            rme, rop = torch.zeros_like(colours), torch.ones_like(colours)
        rme, rop = rme[:, None], rop[:, None]
        z = ((lin[rme, me] * cm).sum(1) - (lin[rop, op] * co).sum(1)
             + mlin[masks]) / self.scale + bias
        sums = ((emb[rme, me] * cm[..., None]).sum(1) + (emb[rop, op] * co[..., None]).sum(1)
                + memb[masks])
        if self.spatial:
            h = (self.semb[0][me] + self.semb[1][op]).view(-1, 15, 15, self.spatial)
            h = torch.clamp(self.conv(h.permute(0, 3, 1, 2)), 0, 1)
            pooled = h.sum((2, 3)) / 16.0
            z = z + pooled @ self.sout
            if self.into_hidden:
                sums = sums + pooled @ self.shid
        return z + torch.clamp(sums, 0, 1) @ out

    def weights(self):
        """The base weights as the forward pass reads them: as they are, or (`quantize`) on the
        weights file's grid (write_net.py: whole points for the tables, 1/ONE for the hidden
        weights, 1/(K * OUT_ONE) for the output, 1/K for its bias), with the gradient passed
        straight through to the float weights. On 20x20, where a frequent combination's
        rounding error is summed over some 300 squares, the file otherwise loses what the fit
        gained (session 72: held-out 0.4681 float, 0.4719 written)."""
        if not self.quantize:
            return self.lin, self.mlin, self.emb, self.memb, self.out, self.bias
        k = self.scale
        return tuple(on_grid(w, step) for w, step in [
            (self.lin, 1.0), (self.mlin, 1.0), (self.emb, 1 / ONE), (self.memb, 1 / ONE),
            (self.out, 1 / (k * OUT_ONE)), (self.bias, 1 / k)])


def on_grid(w, step):
    """`w` rounded to multiples of `step` in the forward pass, unchanged for the gradient."""
    return w + (torch.round(w / step) * step - w).detach()


def symmetry(codes, k):
    """One of the board's eight symmetries (the combinations themselves are symmetric)."""
    x = codes.view(-1, 2, 15, 15)
    if k & 4:
        x = x.transpose(2, 3)
    return torch.rot90(x, k & 3, (2, 3)).reshape(-1, 2, 225)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('squares')
    ap.add_argument('labels')
    ap.add_argument('net', help="net_to_npz.py's copy of the net in use")
    ap.add_argument('--spatial', type=int, default=0, help='channels of the spatial path (0: none)')
    ap.add_argument('--into-hidden', action='store_true', help='the spatial path feeds the hidden units too')
    ap.add_argument('--extra', nargs=2, action='append', default=[], metavar=('SQUARES', 'LABELS'),
                    help='more positions for training only (e.g. selfplay_labels.py output); '
                         'those equal to a held-out position are left out')
    ap.add_argument('--extra-repeat', type=int, default=1, metavar='N',
                    help='each --extra position counts N times in training (oversampled)')
    ap.add_argument('--probe', nargs=2, action='append', default=[], metavar=('SQUARES', 'LABELS'),
                    help='positions scored after every epoch and never trained on (e.g. games '
                         'against the teacher, held out by game)')
    ap.add_argument('--epochs', type=int, default=12)
    ap.add_argument('--lr', type=float, default=3e-3, help='the spatial path (cosine schedule)')
    ap.add_argument('--base-lr', type=float, default=2e-4, help="the net in use's weights")
    ap.add_argument('--batch', type=int, default=512)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--save-npz', metavar='OUT', help="without the spatial path: the continued net "
                    "in fit_hidden.py's layout, for write_net.py --fit")
    ap.add_argument('--quantize', action='store_true',
                    help="train and score the base weights on the weights file's grid (see Net.weights)")
    a = ap.parse_args()
    if a.save_npz and a.spatial:
        raise SystemExit('--save-npz: the weights file has no place for the spatial path')
    torch.set_num_threads(a.threads)
    torch.manual_seed(1)
    sets = [read(a.squares, a.labels)] + [read(sq, lb) for sq, lb in a.extra + a.probe]
    if a.spatial and any((w != 15).any() for *_, w in sets):
        raise SystemExit('--spatial: 15x15 positions only')
    squares = max(c.shape[2] for c, *_ in sets)
    widths = sets[0][4]
    sets = [(pad(c, squares), m, y, col) for c, m, y, col, _ in sets]
    codes, masks, ys, colours = sets[0]
    held = (np.arange(len(ys)) // 100) % 10 == 0
    # No position of a probe is trained on, or the probe's figure flatters the fit (session 72's
    # renju probe shared 1,088 of its 1,984 positions with the training labels: the labelling
    # had drawn training and probe positions from one shuffled file).
    probe_rows = {row.tobytes() for c2, *_ in sets[1 + len(a.extra):] for row in c2}
    train_ok = np.array([h or row.tobytes() not in probe_rows for h, row in zip(held, codes)])
    if not train_ok.all():
        print(f'{a.squares}: {int((~train_ok).sum())} training positions left out (in a probe)')
        codes, masks, ys, colours, held, widths = (
            x[train_ok] for x in (codes, masks, ys, colours, held, widths))
    # The held-out positions per board (when there are several), after the whole.
    by_width = [(w, torch.from_numpy(np.nonzero(held & (widths == w))[0]))
                for w in sorted(set(widths.tolist())) if (held & (widths == w)).any()]
    by_width = by_width if len(set(widths.tolist())) > 1 else []
    seen = {row.tobytes() for row in codes[held]}
    parts = [(codes, masks, ys, colours, held)]
    for (squares_path, _), (c2, m2, y2, col2) in zip(a.extra, sets[1:]):
        rows = [row.tobytes() for row in c2]
        in_probe = np.array([row in probe_rows for row in rows], dtype=bool)
        keep = np.array([row not in seen for row in rows], dtype=bool) & ~in_probe
        print(f'{squares_path}: {int(keep.sum())} positions for training ({int((~keep).sum())} held '
              f'out already or in a probe, {int(in_probe.sum())} of them in a probe)')
        r = a.extra_repeat
        parts.append(tuple(np.concatenate([x[keep]] * r) for x in (c2, m2, y2, col2))
                     + (np.zeros(r * int(keep.sum()), dtype=bool),))
    codes, masks, ys, colours, held = (torch.from_numpy(np.concatenate(x)) for x in zip(*parts))
    chance = winning_chance(ys.numpy())
    n = len(chance)
    probes = [(squares_path, torch.from_numpy(c2), torch.from_numpy(m2), torch.from_numpy(col2),
               winning_chance(y2))
              for (squares_path, _), (c2, m2, y2, col2) in zip(a.probe, sets[1 + len(a.extra):])]
    net = Net(np.load(a.net), a.spatial, a.into_hidden)
    net.quantize = a.quantize
    base = net.base_parameters()
    new = [p for p in net.parameters() if all(p is not q for q in base)]
    groups = [{'params': base, 'lr': a.base_lr}] + ([{'params': new, 'lr': a.lr}] if new else [])
    opt = torch.optim.Adam(groups)

    def loss_over(c, m, col, p):
        with torch.no_grad():
            return sum(F.binary_cross_entropy_with_logits(net(c[b], m[b], col[b]), p[b]).item() * len(b)
                       for b in torch.arange(len(p)).split(4096)) / len(p)

    def held_out():
        idx = torch.nonzero(held).squeeze(1)
        text = f'{loss_over(codes[idx], masks[idx], colours[idx], chance[idx]):.4f}'
        for w, idx in by_width:
            text += f' ({w}x{w} {loss_over(codes[idx], masks[idx], colours[idx], chance[idx]):.4f})'
        for name, c, m, col, p in probes:
            text += f', {name} ({len(p)}) {loss_over(c, m, col, p):.4f}'
        return text

    print(f'{n} positions, {int(held.sum())} held out; the net in use: held-out {held_out()}', flush=True)
    train = torch.nonzero(~held).squeeze(1)
    steps, step = a.epochs * (len(train) // a.batch), 0
    for epoch in range(a.epochs):
        start, order, total, batches = time.time(), train[torch.randperm(len(train))], 0.0, 0
        for i in range(0, len(order) - a.batch + 1, a.batch):
            b = order[i:i + a.batch]
            # The board's symmetries matter to the spatial path only (the sums are the same).
            c = symmetry(codes[b], int(torch.randint(8, (1,)))) if a.spatial else codes[b]
            loss = F.binary_cross_entropy_with_logits(net(c, masks[b], colours[b]), chance[b])
            for g, lr in zip(opt.param_groups, [a.base_lr, a.lr]):
                g['lr'] = lr * 0.5 * (1 + np.cos(np.pi * step / steps))
            opt.zero_grad()
            loss.backward()
            opt.step()
            step, total, batches = step + 1, total + loss.item(), batches + 1
        print(f'epoch {epoch}: train {total / batches:.4f} held-out {held_out()} '
              f'({time.time() - start:.0f} s)', flush=True)
    if a.save_npz:
        w = {k: v.detach().double().numpy() for k, v in
             zip(['combos', 'masks', 'embed', 'mask_rows', 'out', 'out_bias'], net.weights())}
        w['combos'], w['embed'] = w['combos'][:, :COMBOS], w['embed'][:, :COMBOS]
        # The tables are whole evaluation points, which write_net.py truncates toward zero:
        # Adam moves them by fractions, so round them here (a table at -37 moved to -36.95 would
        # be written as -36).
        w['combos'], w['masks'] = np.round(w['combos']), np.round(w['masks'])
        np.savez(a.save_npz, **w, scale=net.scale)


if __name__ == '__main__':
    main()
