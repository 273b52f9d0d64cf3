"""Reads and writes the engine's weights files (.rzn), the format of
crates/engine/src/eval/net/format.rs: the evaluation's integer tables with a header (magic,
format version, architecture, rule family, description) and a CRC-32 of every byte before it.

    net = netfile.read('crates/engine/src/eval/weights/generic.rzn')
    net['eval_combo']  # (2 * blocks, COMBOS) int16: evaluation share per combination
    netfile.write('new.rzn', net)

The tables (numpy integer arrays; blocks = 1 for the generic family, 2 for renju: black's rows,
then white's):
  eval_combo   (2 * blocks, COMBOS)         int16, evaluation points
  eval_mask    (MASKS,)                     int16, evaluation points
  order_combo  (2 * blocks, COMBOS)         int16, ordering corrections
  embed        (blocks, COMBOS, 2, HIDDEN)  int16, hidden weights times ONE
  mask_rows    (MASKS, HIDDEN)              int16, times ONE
  out          (HIDDEN,)                    int32, evaluation points times OUT_ONE
  out_bias     ()                           int32, evaluation points
  line_embed   (blocks, WINDOWS, 2, HIDDEN) int16, times ONE: the line windows' hidden weights
                                            (architecture ...-lines6561 only; window 0 zero)
"""
import os
import struct
import zlib

import numpy as np

MAGIC = b'RZKNET\r\n'
FORMAT_VERSION = 1
COMBOS = 1365
MASKS = 512
HIDDEN = 32
ONE = 1024      # eval/hidden.rs: a hidden unit's clipping range
OUT_ONE = 64    # eval/hidden.rs: the output weights' extra precision
WINDOWS = 6561  # eval/hidden.rs: line windows, 4 cells each side, 3 states a cell
LINES_SUFFIX = f'-lines{WINDOWS}'
FAMILIES = {'generic': 0, 'renju': 1}


def architecture(hidden=HIDDEN, lines=False):
    return f'combo{COMBOS}-mask{MASKS}-hidden{hidden}' + (LINES_SUFFIX if lines else '')


def has_lines(net):
    return net.get('line_embed') is not None


def built_in(family):
    """The path of the engine's built-in weights file of `family` ('generic' or 'renju')."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'crates', 'engine',
                        'src', 'eval', 'weights', f'{family}.rzn')


def blocks(family):
    return 2 if family == 'renju' else 1


def _check(net):
    b, h = blocks(net['family']), net['out'].shape[0]
    shapes = {'eval_combo': (2 * b, COMBOS), 'eval_mask': (MASKS,), 'order_combo': (2 * b, COMBOS),
              'embed': (b, COMBOS, 2, h), 'mask_rows': (MASKS, h), 'out': (h,)}
    if has_lines(net):
        shapes['line_embed'] = (b, WINDOWS, 2, h)
    for name, shape in shapes.items():
        if tuple(net[name].shape) != shape:
            raise ValueError(f'{name} has shape {net[name].shape}, the format wants {shape}')
    if has_lines(net) and np.any(np.asarray(net['line_embed'])[:, 0] != 0):
        raise ValueError('line window 0 (no stone of the colour) must weigh nothing')
    for name in ('eval_combo', 'eval_mask', 'order_combo', 'embed', 'mask_rows') + (
            ('line_embed',) if has_lines(net) else ()):
        a = np.asarray(net[name])
        if a.min() < -32768 or a.max() > 32767:
            raise ValueError(f'{name} leaves the 16-bit range ({a.min()}..{a.max()})')


def to_bytes(net):
    """The file's bytes for `net` (a dict with 'family', 'description' and the tables)."""
    _check(net)
    h = net['out'].shape[0]
    arch = architecture(h, has_lines(net)).encode('ascii')
    desc = net['description'].encode('utf-8')
    out = bytearray(MAGIC)
    out += struct.pack('<IH', FORMAT_VERSION, len(arch)) + arch
    out += struct.pack('<BI', FAMILIES[net['family']], len(desc)) + desc
    for name in ('eval_combo', 'eval_mask', 'order_combo', 'embed', 'mask_rows'):
        out += np.ascontiguousarray(net[name], dtype='<i2').tobytes()
    out += np.ascontiguousarray(net['out'], dtype='<i4').tobytes()
    out += struct.pack('<i', int(net['out_bias']))
    if has_lines(net):
        out += np.ascontiguousarray(net['line_embed'], dtype='<i2').tobytes()
    out += struct.pack('<I', zlib.crc32(bytes(out)) & 0xFFFFFFFF)
    return bytes(out)


def write(path, net):
    with open(path, 'wb') as f:
        f.write(to_bytes(net))


def read(path):
    """The net in the file at `path`; raises ValueError saying what is wrong with it."""
    data = open(path, 'rb').read()
    if data[:8] != MAGIC:
        raise ValueError(f'{path}: not a Renzoku weights file (no RZKNET magic)')
    body, stored = data[:-4], struct.unpack('<I', data[-4:])[0]
    if zlib.crc32(body) & 0xFFFFFFFF != stored:
        raise ValueError(f'{path}: checksum mismatch (corrupt?)')
    at = 8
    version, arch_len = struct.unpack_from('<IH', body, at)
    at += 6
    if version != FORMAT_VERSION:
        raise ValueError(f'{path}: format version {version}, this script reads {FORMAT_VERSION}')
    arch = body[at:at + arch_len].decode('ascii')
    at += arch_len
    lines = arch.endswith(LINES_SUFFIX)
    h = int(arch.removesuffix(LINES_SUFFIX).rsplit('hidden', 1)[1])
    if arch != architecture(h, lines):
        raise ValueError(f'{path}: unknown architecture {arch}')
    family_code, desc_len = struct.unpack_from('<BI', body, at)
    at += 5
    family = {v: k for k, v in FAMILIES.items()}[family_code]
    description = body[at:at + desc_len].decode('utf-8')
    at += desc_len
    b = blocks(family)
    net = {'family': family, 'description': description, 'checksum': stored}
    for name, shape, dtype in (('eval_combo', (2 * b, COMBOS), '<i2'), ('eval_mask', (MASKS,), '<i2'),
                               ('order_combo', (2 * b, COMBOS), '<i2'),
                               ('embed', (b, COMBOS, 2, h), '<i2'), ('mask_rows', (MASKS, h), '<i2'),
                               ('out', (h,), '<i4')):
        n = int(np.prod(shape)) * np.dtype(dtype).itemsize
        net[name] = np.frombuffer(body[at:at + n], dtype=dtype).reshape(shape).astype(np.int64)
        at += n
    net['out_bias'] = struct.unpack_from('<i', body, at)[0]
    at += 4
    net['line_embed'] = None
    if lines:
        shape = (b, WINDOWS, 2, h)
        n = int(np.prod(shape)) * 2
        net['line_embed'] = np.frombuffer(body[at:at + n], dtype='<i2').reshape(shape).astype(np.int64)
        at += n
    if at != len(body):
        raise ValueError(f'{path}: {len(body) - at} bytes after the tables')
    return net
