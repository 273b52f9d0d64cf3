"""Mate benchmark: how many nodes a brain needs to prove the long wins of labelled positions.

usage: python3 mate_bench.py LABELS.txt.xz... [--brain CMD] [--nodes N] [--min-plies P] [--procs K]
                             [--info 'KEY VALUE']... [--out RESULTS.json]

LABELS: packed labels (pack_labels.py); the positions whose label is a win for the side to move
in P plies or more (`+M9` and longer by default) are the benchmark. Positions where the opponent
has a five to make are left out: the side to move has one answer there, which our engine plays
at once without a proof (session 41 counted those as failures). Each position is searched by a
fresh brain with `INFO max_node N`; the result is the node count at its first report of a
proven win (pbrain-renzoku's `ev W..`), or, for a brain that prints Rapfi's `Eval +M.. | Time`
lines, the time of that line times the search's final speed (an estimate). A position without
a proof counts 2 N in the geometric mean.
"""
import argparse, json, math, re, statistics, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor

import pack_labels

# Wall-clock limit of one position's search, far above what the node limit takes.
WALL_SECONDS = 600
OURS = re.compile(r' ev W\d+ .* n (\d+) ')
RAPFI_MATE = re.compile(r'Eval \+M\d+ .*Time (\d+)ms')
RAPFI_SPEED = re.compile(r'Speed (\d+(?:\.\d+)?)([KM]?) ')


def can_make_five(stones, colour, exact, size):
    """Whether `colour` has an empty square making five (exactly five when `exact`)."""
    for x in range(size):
        for y in range(size):
            if (x, y) in stones:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                n = 1
                for s in (1, -1):
                    k = 1
                    while stones.get((x + s * k * dx, y + s * k * dy)) == colour:
                        n += 1
                        k += 1
                if n == 5 or (n > 5 and not exact):
                    return True
    return False


def forced(moves, rule, size):
    """Whether the side to move must block a five (its only legal answer)."""
    stones = {}
    for k, m in enumerate(moves):
        x, y = map(int, m.split(','))
        stones[(x, y)] = k % 2
    opponent = 1 - len(moves) % 2
    # Standard (1) wants exactly five from both sides, renju (4) from black (colour 0) only.
    exact = rule == 1 or (rule == 4 and opponent == 0)
    return can_make_five(stones, opponent, exact, size)


def plies(label):
    m = re.match(r'\+M(\d+)$', str(label))
    return int(m.group(1)) if m else None


def search(brain, d, nodes, infos):
    """Nodes until the brain's first proven win in the position `d`, or None."""
    moves, rule, size = d['moves'], d.get('rule', 0), d.get('size', 15)
    me = len(moves) % 2
    lines = [f'START {size}', f'INFO rule {rule}', 'INFO timeout_turn 600000', 'INFO timeout_match 0',
             f'INFO max_node {nodes}'] + [f'INFO {i}' for i in infos] + ['BOARD']
    lines += [f'{m},{1 if k % 2 == me else 2}' for k, m in enumerate(moves)] + ['DONE']
    p = subprocess.Popen(brain, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    found, mate_ms = None, None
    # A brain that neither moves nor exits is killed (its position counts as unproven).
    watchdog = threading.Timer(WALL_SECONDS, p.kill)
    watchdog.start()
    try:
        p.stdin.write('\n'.join(lines) + '\n')
        p.stdin.flush()
        for line in p.stdout:
            if found is None and (m := OURS.search(line)):
                found = int(m.group(1))
            if mate_ms is None and (m := RAPFI_MATE.search(line)):
                mate_ms = int(m.group(1))
            if mate_ms is not None and found is None and (m := RAPFI_SPEED.search(line)):
                speed = float(m.group(1)) * {'': 1, 'K': 1e3, 'M': 1e6}[m.group(2)]
                found = int(mate_ms / 1000 * speed)
            if re.match(r'^\d+,\d+$', line.strip()):
                break
        p.stdin.write('END\n')
        p.stdin.close()
    except (BrokenPipeError, ValueError):
        pass
    p.wait()
    watchdog.cancel()
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('labels', nargs='+')
    ap.add_argument('--brain', default='pbrain-renzoku')
    ap.add_argument('--nodes', type=int, default=300000)
    ap.add_argument('--min-plies', type=int, default=9)
    ap.add_argument('--procs', type=int, default=1)
    # Extra INFO lines before the board, e.g. a search option of ours: --info 'eval_scale 50'.
    ap.add_argument('--info', action='append', default=[])
    ap.add_argument('--out')
    a = ap.parse_args()
    positions = []
    for path in a.labels:
        try:
            for d in pack_labels.read_any(path):
                n = plies(d.get('eval'))
                if n is not None and n >= a.min_plies and d.get('moves'):
                    positions.append(d)
        except (OSError, EOFError, ValueError) as e:
            sys.exit(f'{path}: {e}')
    kept = [d for d in positions if not forced(d['moves'], d.get('rule', 0), d.get('size', 15))]
    print(f'{len(positions)} positions with a win in {a.min_plies}+ plies, '
          f'{len(kept)} where the side to move has a choice', file=sys.stderr)
    with ThreadPoolExecutor(a.procs) as ex:
        res = list(ex.map(lambda d: search(a.brain, d, a.nodes, a.info), kept))
    found = [r for r in res if r is not None and r <= a.nodes]
    costs = sorted(r if r is not None and r <= a.nodes else 2 * a.nodes for r in res)
    if not costs:
        sys.exit('no position to search')
    geo = 2 ** statistics.mean(math.log2(max(c, 1)) for c in costs)
    print(f'proved {len(found)} of {len(kept)} within {a.nodes} nodes; nodes to the proof: '
          f'median {costs[len(costs) // 2]}, geometric mean {round(geo)}')
    if a.out:
        with open(a.out, 'w') as f:
            json.dump([{'moves': d['moves'], 'eval': d['eval'], 'nodes': r}
                       for d, r in zip(kept, res)], f)


if __name__ == '__main__':
    main()
