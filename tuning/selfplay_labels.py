"""Labels the positions of self-play games with what the games themselves say: the game's
outcome for the side to move and the self-play search's own score, blended. The journals come
from `renzoku match -jsonl J -msg M` (the engines' MESSAGE lines are kept in the journal) with
`option.message_format=rapfi` on our engine (its lines then carry `ev` in evaluation points);
games of any sharded run (`-shard`, e.g. examples/slurm) can be read together.

usage: python3 selfplay_labels.py OUT.jsonl GAMES... [--lambda L] [--scale K] [--rule R]
                                  [--size N]

GAMES: journals, or their packed form (pack_games.py, `*.games.xz`, as committed in data/).

Each position the engine searched (after the opening) gives one line, in label_positions.py's
layout so that `features --combos` and the fits read it unchanged:
  {"moves": [...], "eval": LABEL, "search": EV, "outcome": Z, "best": MOVE, "rule": R[, "size": N]}
  Z        1, 0.5 or 0: the game's result for the side to move
  EV       the search's final score for the side to move, in the engine's points ("+M7" a mate)
  LABEL    200 * logit(p), clipped to +-800 (the fits read a label as the winning chance
           logistic(LABEL / 200), as Rapfi's evaluations), for
           p = L * Z + (1 - L) * logistic(EV / K)   (a mate: 1 or 0)
--lambda 1 labels by outcome alone (what the held-out loss "against game outcomes" reads),
--lambda 0 by the search alone. K is the engine's own scale (500 generic, 700 renju: the scale
its fits print). Positions are deduplicated by their stones, first game wins; the lines of one
game stay together, so a fit's --holdout-block holds out whole games.
"""
import argparse
import json
import math
import sys

import pack_games

ap = argparse.ArgumentParser()
ap.add_argument('out')
ap.add_argument('journals', nargs='+')
ap.add_argument('--lambda', dest='lam', type=float, default=0.5)
ap.add_argument('--scale', type=float, default=500.0)
ap.add_argument('--rule', type=int, default=0)
ap.add_argument('--size', type=int, default=15)
a = ap.parse_args()
if not 0.0 <= a.lam <= 1.0:
    ap.error('--lambda is a weight between 0 and 1')

LIMIT = 800.0


def search_chance(ev):
    """The winning chance the search's score gives, or None when it is not a score."""
    if 'M' in ev:
        return 1.0 if ev.startswith('+') else 0.0 if ev.startswith('-') else None
    try:
        return 1.0 / (1.0 + math.exp(-float(ev) / a.scale))
    except (ValueError, OverflowError):
        return None


def label(p):
    p = min(max(p, 1e-9), 1 - 1e-9)
    return max(-LIMIT, min(LIMIT, 200.0 * math.log(p / (1 - p))))


seen = set()
stats = {'games': 0, 'positions': 0, 'duplicates': 0, 'unscored': 0, 'skipped games': 0}
with open(a.out, 'w') as out:
    for path in a.journals:
        for g in pack_games.read_games(path):
            if g is None:
                stats['skipped games'] += 1
                continue
            if g.get('rule', 0) != a.rule or g.get('board_size', 15) != a.size:
                stats['skipped games'] += 1
                continue
            moves, winner = g['moves'], g.get('winner')
            final = pack_games.final_scores(g.get('messages', []))
            stats['games'] += 1
            for ply in range(g.get('opening_moves', 0), len(moves)):
                ev = final.get(ply + 1)
                chance = search_chance(ev) if ev is not None else None
                if chance is None:
                    stats['unscored'] += 1
                    continue
                mover = 'black' if ply % 2 == 0 else 'white'
                z = 0.5 if winner is None else 1.0 if winner == mover else 0.0
                key = (frozenset(moves[0:ply:2]), frozenset(moves[1:ply:2]))
                if key in seen:
                    stats['duplicates'] += 1
                    continue
                seen.add(key)
                p = a.lam * z + (1 - a.lam) * chance
                row = {'moves': moves[:ply], 'eval': f'{label(p):.1f}', 'search': ev,
                       'outcome': z, 'best': moves[ply], 'rule': a.rule}
                if a.size != 15:
                    row['size'] = a.size
                out.write(json.dumps(row) + '\n')
                stats['positions'] += 1
print(', '.join(f'{v} {k}' for k, v in stats.items()), file=sys.stderr)
