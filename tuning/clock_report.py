"""Where each engine's clock went in a match: time per game and per move, the share spent in
final iterations that did not finish, the depth reached, and how erratically iterations grow.

usage: python3 clock_report.py JOURNAL.jsonl [--split PLY]

JOURNAL: a `renzoku match -jsonl FILE -msg FILE2` journal (the engines' messages ride in it).
The iteration lines are pbrain-renzoku's (`depth D-S ev .. n N n/s R tm T pv ..`, one per
finished iteration, then one summary line that repeats the last); other engines' moves count
in the time figures only. Moves of the opening and instant moves (under 50 ms) are left out.
`--split`: the stone count that separates early from late moves (default 20).

Standard library only, so it runs wherever the match ran.
"""
import argparse
import json
import re
import statistics
import sys
from collections import defaultdict

ITERATION = re.compile(r'^(\d+)\) (\S+): depth (\d+)-\d+ .* n (\d+) n/s (\d+) tm (\d+) ')
INSTANT_MS = 50


def quantiles(values, points=(0.1, 0.25, 0.5, 0.75, 0.9)):
    ordered = sorted(values)
    return [ordered[int(p * (len(ordered) - 1))] for p in points]


class Side:
    def __init__(self):
        self.games = 0
        self.game_ms = []
        self.moves = {'early': [], 'late': []}  # (ms, ms at the last finished iteration, depth)
        self.growth = []  # (previous ratio, next ratio) of consecutive iteration times
        self.nps = []


def read(path, split):
    sides = defaultdict(Side)
    with open(path) as f:
        for number, line in enumerate(f, 1):
            try:
                game = json.loads(line)
                times = game['times_ms']
                opening = game.get('opening_moves', 0)
                names = (game['black'], game['white'])
            except (ValueError, KeyError, TypeError) as e:
                sys.exit(f'{path}:{number}: not a journal line ({e})')
            for colour, name in enumerate(names):
                side = sides[name]
                side.games += 1
                side.game_ms.append(sum(ms for i, ms in enumerate(times)
                                        if i >= opening and i % 2 == colour))
            lines = defaultdict(list)
            for message in game.get('messages', []):
                m = ITERATION.match(message)
                if m:
                    lines[int(m[1])].append((m[2], int(m[3]), int(m[4]), int(m[5]), int(m[6])))
            for ply, found in lines.items():
                if ply - 1 >= len(times) or ply <= opening or len(found) < 2:
                    continue
                ms = times[ply - 1]
                if ms < INSTANT_MS:
                    continue
                side = sides[found[0][0]]
                iterations = found[:-1]  # the last line is the search's summary
                depth, finished = iterations[-1][1], iterations[-1][4]
                side.moves['early' if ply <= split else 'late'].append((ms, finished, depth))
                side.nps.append(found[-1][3])
                ends = [it[4] for it in iterations]
                spans = [b - a for a, b in zip([0] + ends, ends)]
                for k in range(2, len(spans)):
                    if spans[k - 2] >= 2 and iterations[k][1] >= 6:
                        before = min(max(spans[k - 1] / spans[k - 2], 1.5), 6.0)
                        side.growth.append((before, spans[k] / max(spans[k - 1], 1)))
    return sides


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('journal')
    ap.add_argument('--split', type=int, default=20)
    a = ap.parse_args()
    try:
        sides = read(a.journal, a.split)
    except OSError as e:
        sys.exit(f'{a.journal}: {e}')
    for name in sorted(sides):
        side = sides[name]
        print(f'{name}: {side.games} games, {statistics.mean(side.game_ms) / 1000:.2f} s a game '
              f'on average (median {statistics.median(side.game_ms) / 1000:.2f} s)')
        for phase, moves in side.moves.items():
            if not moves:
                continue
            used = sum(ms for ms, _, _ in moves)
            unfinished = sum(max(0, ms - done) for ms, done, _ in moves) / used
            open_end = sum(1 for ms, done, _ in moves if ms - done > 0.1 * ms)
            print(f'  {phase} moves ({len(moves)}): median {statistics.median(m for m, _, _ in moves)}'
                  f' ms, median depth {statistics.median(d for _, _, d in moves)}, '
                  f'{unfinished:.0%} of the time after the last finished iteration '
                  f'({open_end} moves end more than a tenth in an unfinished one)')
        if side.nps:
            print(f'  nodes/s: median {statistics.median(side.nps):,.0f}')
        if side.growth:
            ratios = [g for _, g in side.growth]
            misses = [g / p for p, g in side.growth]
            print(f'  iteration time over the one before (depth 6+, 10/25/50/75/90 %): '
                  + ' / '.join(f'{q:.2f}' for q in quantiles(ratios))
                  + '; over the previous ratio: '
                  + ' / '.join(f'{q:.2f}' for q in quantiles(misses)))


if __name__ == '__main__':
    main()
