"""Reads an evaluation weights file (.rzn) back into a fit_hidden.py result, so that a fit can be
continued (`fit_hidden.py --init`) from the weights in use when their .npz is lost, and its
formula checked (check_formula.py). write_net.py --fit OUT.npz --base NET.rzn writes NET.rzn
again byte for byte, whatever K is.

usage: python3 net_to_npz.py ../crates/engine/src/eval/weights/generic.rzn OUT.npz [--scale K]
       python3 net_to_npz.py ../crates/engine/src/eval/weights/renju.rzn OUT.npz --scale 700

OUT.npz has the layout fit_hidden.py saves:
  combos     (2 * blocks, COMBOS)         evaluation points (renju: black's two roles, then white's)
  masks      (MASKS,)                     evaluation points
  embed      (2 * blocks, COMBOS, HIDDEN) weights / ONE; per block, the side to move's squares,
                                          then the waiting side's
  mask_rows  (MASKS, HIDDEN)              / ONE
  out        (HIDDEN,)                    / (K * OUT_ONE)
  out_bias   ()                           / K
  scale      ()                           K
  line_embed (2 * blocks, WINDOWS, HIDDEN) / ONE, as embed (nets with line windows only)
The output weights are stored in units of the evaluation scale K (winning chance =
logistic(eval / K)), as fit_hidden.py keeps them. fit_hidden.py does not read `scale` from its
--init: it picks K again from the linear tables on the data it is given, so --scale must be the
K it prints (`scale K = ...`), or the hidden layer's share starts multiplied by (that K) / K.
"""
import argparse

import numpy as np

import netfile

ap = argparse.ArgumentParser()
ap.add_argument('net')
ap.add_argument('out')
ap.add_argument('--scale', type=float, default=600.0)
a = ap.parse_args()
K = a.scale
net = netfile.read(a.net)
b, C, H = net['embed'].shape[0], net['embed'].shape[1], net['embed'].shape[3]
embed = net['embed'].transpose(0, 2, 1, 3).reshape(2 * b, C, H) / netfile.ONE
tables = dict(combos=net['eval_combo'].astype(float), masks=net['eval_mask'].astype(float),
              embed=embed, mask_rows=net['mask_rows'] / netfile.ONE,
              out=net['out'] / (K * netfile.OUT_ONE), out_bias=net['out_bias'] / K, scale=K)
if netfile.has_lines(net):
    tables['line_embed'] = net['line_embed'].transpose(0, 2, 1, 3).reshape(
        2 * b, netfile.WINDOWS, H) / netfile.ONE
np.savez(a.out, **tables)
print(f'{a.out}: {net["family"]} net {net["checksum"]:08x}, {C} combinations, '
      f'{len(net["eval_mask"])} masks, {H} hidden units, scale K = {K:g}')
