"""Packs self-play games (journals of `renzoku match -jsonl -msg`, see selfplay.sh) into a small xz
file kept in the repository: per game its moves, result and each searched move's final score,
all that selfplay_labels.py needs, so the labels can be made again with any blend on a machine
without the journals (a journal keeps every iteration's message: about 40 KB a game; a packed
game is about 100 bytes).

usage: python3 pack_games.py OUT.games.xz JOURNAL...

One game a line: `RULE SIZE WINNER OPENING MOVES EVS`; WINNER b, w or d (draw); OPENING the
number of opening stones; MOVES the stones in play order, two letters each (column, row; `a` = 0);
EVS the final `ev` of every move after the opening, comma-separated (`?` where the engine
printed none). selfplay_labels.py reads these files as it reads journals.
"""
import json
import lzma
import re
import sys

from pack_labels import coords, square

MESSAGE = re.compile(r'^(\d+)\) [^:]*: .*\bev (\S+)')


def final_scores(messages):
    """Each move's final search score (`ev`), by the move's number (from 1): the last message
    of a move is its search's last iteration."""
    final = {}
    for m in messages:
        hit = MESSAGE.match(m)
        if hit:
            final[int(hit.group(1))] = hit.group(2)
    return final


def pack_game(g):
    final = final_scores(g.get('messages', []))
    opening = g.get('opening_moves', 0)
    moves = g['moves']
    evs = [final.get(ply + 1, '?') for ply in range(opening, len(moves))]
    winner = {'black': 'b', 'white': 'w'}.get(g.get('winner'), 'd')
    return (f"{g.get('rule', 0)} {g.get('board_size', 15)} {winner} {opening} "
            f"{''.join(square(m) for m in moves)} {','.join(evs) or '-'}")


def unpack_game(line):
    """A packed line as the journal fields selfplay_labels.py reads (messages rebuilt as
    `N) x: ev V`)."""
    rule, size, winner, opening, moves, evs = line.split(' ')
    moves = [coords(moves[i:i + 2]) for i in range(0, len(moves), 2)]
    opening = int(opening)
    messages = []
    if evs != '-':
        for i, ev in enumerate(evs.split(',')):
            if ev != '?':
                messages.append(f'{opening + i + 1}) x: ev {ev}')
    return {'rule': int(rule), 'board_size': int(size), 'opening_moves': opening,
            'winner': {'b': 'black', 'w': 'white'}.get(winner), 'moves': moves,
            'messages': messages}


def read_games(path):
    """The games of a match journal or of a packed file (`*.xz`), one journal-like dict each,
    in file order; None for a line that is neither (the caller counts or skips it)."""
    packed = path.endswith('.xz')
    with (lzma.open(path, 'rt') if packed else open(path, errors='replace')) as f:
        for line in f:
            try:
                yield unpack_game(line.rstrip('\n')) if packed else json.loads(line)
            except ValueError:
                yield None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lines = []
    for path in sys.argv[2:]:
        for line in open(path):
            try:
                lines.append(pack_game(json.loads(line)))
            except (json.JSONDecodeError, KeyError, ValueError) as e:
                print(f'{path}: skipped a game ({e})', file=sys.stderr)
    with lzma.open(sys.argv[1], 'wt', preset=9) as out:
        for line in lines:
            out.write(line + '\n')
    print(f'{sys.argv[1]}: {len(lines)} games', file=sys.stderr)


if __name__ == '__main__':
    main()
