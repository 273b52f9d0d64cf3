"""Packs labelled positions (label_positions.py's jsonl) into a small xz file kept in the
repository, and unpacks them again, so that a fit can be repeated on a machine without the
journals and the labelling brain.

usage: python3 pack_labels.py pack LABELS.jsonl... OUT.txt.xz
       python3 pack_labels.py unpack PACKED.txt.xz... > labels.jsonl

Packed form: one position a line, `RULE EVAL BEST MOVES [SIZE]`, with BEST `-` when the brain
gave no move, MOVES the stones in play order, each as two letters (column, row; `a` = 0), without
separators, and SIZE the square board's size when it is not 15. Lines are sorted, so positions
of one game sit together and share their prefixes, which is what xz compresses. Packing several
files (or a packed file again) keeps each position once. Unpacking gives label_positions.py's
lines back (fields in its order).
"""
import json, lzma, sys

LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEF'


def square(move):
    x, y = (int(v) for v in move.split(','))
    if not (0 <= x < 32 and 0 <= y < 32):
        raise ValueError(f'square out of range: {move}')
    return LETTERS[x] + LETTERS[y]


def coords(pair):
    return f'{LETTERS.index(pair[0])},{LETTERS.index(pair[1])}'


def pack_line(d):
    best = square(d['best']) if d.get('best') else '-'
    line = f"{d.get('rule', 0)} {d['eval']} {best} {''.join(square(m) for m in d['moves'])}"
    size = int(d.get('size', 15))
    return line if size == 15 else f'{line} {size}'


def unpack_line(line):
    rule, ev, best, moves, size = (line.split(' ') + ['', ''])[:5]
    d = {
        'moves': [coords(moves[i:i + 2]) for i in range(0, len(moves), 2)],
        'eval': ev,
        'best': None if best == '-' else coords(best),
        'rule': int(rule),
    }
    if size:
        d['size'] = int(size)
    return d


def read_any(path):
    """The labels of a jsonl or a packed file, as label_positions.py's dictionaries."""
    if path.endswith('.xz'):
        with lzma.open(path, 'rt') as f:
            for line in f:
                if line.strip():
                    yield unpack_line(line.rstrip('\n'))
    else:
        with open(path, errors='replace') as f:
            for line in f:
                try:
                    yield json.loads(line)
                except ValueError:
                    continue


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == 'pack':
        lines = set()
        bad = 0
        for path in sys.argv[2:-1]:
            for d in read_any(path):
                try:
                    lines.add(pack_line(d))
                except (KeyError, ValueError, AttributeError):
                    bad += 1
        with lzma.open(sys.argv[-1], 'wt', preset=9) as f:
            for line in sorted(lines):
                f.write(line + '\n')
        print(f'{len(lines)} positions packed, {bad} unreadable lines skipped', file=sys.stderr)
    elif len(sys.argv) >= 3 and sys.argv[1] == 'unpack':
        for path in sys.argv[2:]:
            for d in read_any(path):
                print(json.dumps(d))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
