"""Fits the scale of the engine's reported win rate (`renzoku_engine::winrate_scale`) to game
outcomes: for every move of the given games that carries the search's score (`ev N`, mates left
out), the mover's chance is logistic(N / K); prints the log-loss against the games' outcomes
for each scale K and the best one. Draws are left out. Standard library only.

usage: python3 winrate_scale.py GAMES... [--scales 400,500,...] [--limit N]

GAMES: packed self-play games (pack_games.py's `*.games.xz`, whose scores are the search's
own values; journals whose messages give `ev` as a percentage are not read); games of every
rule and size are read, so pass one rule's files at a time. Session 46 found 550 for
freestyle 15x15 (600 on 20x20) and 1000 for renju.
"""
import argparse
import math

import pack_games

# Larger values are near-certain results that say nothing of the scale.
MAX_VALUE = 20_000


def scores(paths, limit):
    """(value, 1 if the mover won else 0) for every move with a numeric score under
    MAX_VALUE, at most `limit`."""
    out = []
    for path in paths:
        for g in pack_games.read_games(path):
            if g is None or g.get('winner') not in ('black', 'white'):
                continue
            for number, ev in pack_games.final_scores(g.get('messages', [])).items():
                try:
                    v = int(ev)
                except ValueError:
                    continue  # a proven result (W/L) or a percentage
                if abs(v) >= MAX_VALUE:
                    continue
                # Moves are numbered from 1: odd numbers are black's moves.
                mover = 'black' if number % 2 == 1 else 'white'
                out.append((v, 1.0 if g['winner'] == mover else 0.0))
                if len(out) >= limit:
                    return out
    return out


def log_loss(points, k):
    total = 0.0
    for v, won in points:
        p = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -v / k))))
        p = min(max(p, 1e-6), 1.0 - 1e-6)
        total -= won * math.log(p) + (1.0 - won) * math.log(1.0 - p)
    return total / len(points)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('games', nargs='+')
    ap.add_argument('--scales', default='300,400,450,500,550,600,700,800,900,1000,1100,1200,1500')
    ap.add_argument('--limit', type=int, default=500_000)
    a = ap.parse_args()
    points = scores(a.games, a.limit)
    if not points:
        raise SystemExit('no scored moves of decided games in ' + ' '.join(a.games))
    losses = {k: log_loss(points, k) for k in (int(s) for s in a.scales.split(','))}
    print(f'{len(points)} scored moves, the mover won {sum(w for _, w in points) / len(points):.3f}')
    for k, loss in losses.items():
        print(f'K {k}: log-loss {loss:.4f}')
    best = min(losses, key=losses.get)
    print(f'best K {best} ({losses[best]:.4f})')


if __name__ == '__main__':
    main()
