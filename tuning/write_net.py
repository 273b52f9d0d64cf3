"""Writes an evaluation weights file (.rzn, see netfile.py) from a fit: the linear tables and the
threat-mask term (fit_combos.py / fit_hidden.py's `combos` and `masks`), the hidden layer
(fit_hidden.py's `embed`, `mask_rows`, `out`, `out_bias`, and the line windows' `line_embed`
where the fit has them, quantized as eval/hidden.rs computes with them) and the move-ordering corrections (fit_order.py's `order`). What the fit does not
hold comes from a base net: by default the engine's built-in net of the family.

usage: python3 write_net.py OUT.rzn --description TEXT [--fit FIT.npz] [--order ORDER.npz]
                            [--base NET.rzn] [--family generic|renju]

The engine loads the result with `pbrain-renzoku --eval-file OUT.rzn` or `INFO eval_file
OUT.rzn`, so two fits are A/B-tested with one binary:
  renzoku match -engine cmd=pbrain-renzoku option.eval_file=OUT.rzn -engine cmd=pbrain-renzoku ...
To build it in, copy it over crates/engine/src/eval/weights/{generic,renju}.rzn.
"""
import argparse

import numpy as np

import netfile


def quantize_fit(net, fit):
    """Replaces the evaluation tables of `net` by the fit's, as the engine computes with them."""
    b = netfile.blocks(net['family'])
    combos = np.asarray(fit['combos'], dtype=float)
    if combos.shape[0] != 2 * b:
        raise SystemExit(f'the fit has {combos.shape[0]} rows of combinations; a {net["family"]} '
                         f'net has {2 * b} (--family?)')
    # Clipped, then truncated toward zero (astype): the tables were always written so.
    net['eval_combo'] = np.clip(combos, -32000, 32000).astype(np.int64)
    net['eval_mask'] = np.clip(np.asarray(fit['masks'], dtype=float), -32000, 32000).astype(np.int64)
    if 'embed' in fit:
        K = float(fit['scale']) if 'scale' in fit else 600.0
        e = np.round(np.asarray(fit['embed']) * netfile.ONE).astype(np.int64)  # (2b, COMBOS, H)
        net['embed'] = e.reshape(b, 2, e.shape[1], e.shape[2]).transpose(0, 2, 1, 3)
        net['mask_rows'] = np.round(np.asarray(fit['mask_rows']) * netfile.ONE).astype(np.int64)
        net['out'] = np.round(np.asarray(fit['out']) * K * netfile.OUT_ONE).astype(np.int64)
        net['out_bias'] = int(round(float(fit['out_bias']) * K))
        net['line_embed'] = None
        if 'line_embed' in fit:
            le = np.round(np.asarray(fit['line_embed']) * netfile.ONE).astype(np.int64)
            net['line_embed'] = le.reshape(b, 2, le.shape[1], le.shape[2]).transpose(0, 2, 1, 3)


def write_fit(path, fit, description, family):
    """Writes the weights file of `fit` (a dict in fit_hidden.py's OUT.npz layout) over the
    built-in net of `family`; returns the net read back from the file."""
    net = netfile.read(netfile.built_in(family))
    quantize_fit(net, fit)
    net['description'] = description
    netfile.write(path, net)
    return netfile.read(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--description', required=True,
                    help='who fitted it on what: shown by pbrain-renzoku nets and INFO eval_file')
    ap.add_argument('--fit', help='fit_combos.py or fit_hidden.py result (.npz)')
    ap.add_argument('--order', help='fit_order.py result (.npz)')
    ap.add_argument('--base', help='the net whose tables the fit does not replace')
    ap.add_argument('--family', choices=sorted(netfile.FAMILIES),
                    help='the base is the built-in net of this family (default: generic, or '
                         'renju for a fit with four rows)')
    a = ap.parse_args()
    fit = np.load(a.fit) if a.fit else None
    family = a.family or ('renju' if fit is not None and len(fit['combos']) == 4 else 'generic')
    base = a.base or netfile.built_in(family)
    net = netfile.read(base)
    if a.family and net['family'] != a.family:
        raise SystemExit(f'{base} is a {net["family"]} net, not {a.family}')
    if fit is not None:
        quantize_fit(net, fit)
    if a.order:
        order = np.load(a.order)['order']
        if order.shape != net['order_combo'].shape:
            raise SystemExit(f'{a.order}: {order.shape} ordering rows, the net has '
                             f'{net["order_combo"].shape}')
        net['order_combo'] = order.astype(np.int64)
    net['description'] = a.description
    netfile.write(a.out, net)
    back = netfile.read(a.out)
    print(f'{a.out}: {back["family"]} net {back["checksum"]:08x}, {len(back["out"])} hidden units: '
          f'{back["description"]}')


if __name__ == '__main__':
    main()
