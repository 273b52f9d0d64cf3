"""Samples positions from match journals (renzoku match -jsonl) and labels each with the
evaluation of a Gomocup brain that prints `Eval N` in its MESSAGE lines (Rapfi does), from the
side to move's view, and with the brain's move (`best`).

usage: python3 label_positions.py OUT.jsonl JOURNAL... [--per-game K] [--depth D] [--procs P] [--rule R]
                                  [--size N] [--seed S] [--limit N] [--positions]

JOURNAL: a match journal, or packed self-play games (pack_games.py's `*.games.xz`). With
--positions, files of positions instead (JSON lines `{"moves": [...], "rule": R[, "size": N]}`,
as `pv_positions` writes them), each labelled as it is.

Environment: RAPFI = the brain's command (default pbrain-rapfi). Games of one rule and one board
size only (15x15 unless --size; lines of other sizes carry "size": N).
Positions are deduplicated by their stones; positions already in OUT are skipped, so an
interrupted run resumes where it stopped.
"""
import argparse, json, os, queue, random, re, subprocess, sys, threading, time

import pack_games

ap = argparse.ArgumentParser()
ap.add_argument('out')
ap.add_argument('journals', nargs='+')
ap.add_argument('--per-game', type=int, default=8)
ap.add_argument('--depth', type=int, default=11)
ap.add_argument('--procs', type=int, default=2)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--limit', type=int, default=10**9)
ap.add_argument('--positions', action='store_true')
# Gomocup rule number (0 freestyle, 1 standard, 4 renju): only games of this rule are sampled
# and the labelling brain is told the same rule.
ap.add_argument('--rule', type=int, default=0)
# Square board size: only games of this size are sampled (the labels of sizes other than 15
# carry it, for features and pack_labels.py).
ap.add_argument('--size', type=int, default=15)
a = ap.parse_args()
RAPFI = os.environ.get('RAPFI', 'pbrain-rapfi')
random.seed(a.seed)


def key(moves, size=15):
    return (size, frozenset(moves[0::2]), frozenset(moves[1::2]))


seen = set()
done = 0
if os.path.exists(a.out):
    for line in open(a.out):
        try:
            d = json.loads(line)
            seen.add(key(d['moves'], d.get('size', 15)))
            # --limit counts the positions of this run's rule and size only (OUT may hold
            # others: the older rounds, copied in so that their positions are not labelled again).
            done += d.get('rule', 0) == a.rule and d.get('size', 15) == a.size
        except (ValueError, KeyError):
            pass


def sampled(path):
    """Up to --per-game positions of each game of a journal (after its opening)."""
    for g in pack_games.read_games(path):
        if g is None:
            continue
        if g.get('board_size', 15) != a.size or g.get('rule', 0) != a.rule:
            continue
        mv = g.get('moves') or []
        first = max(int(g.get('opening_moves', 0) or 0), 3)
        plies = list(range(first, len(mv) - 1))
        random.shuffle(plies)
        for k in plies[:a.per_game]:
            yield mv[:k]


def listed(path):
    """Every position of a --positions file of this rule and size (unreadable lines skipped)."""
    for line in open(path):
        try:
            d = json.loads(line)
            if d.get('size', 15) == a.size and d.get('rule', 0) == a.rule:
                yield list(d['moves'])
        except (ValueError, KeyError, TypeError, AttributeError):
            continue


todo = []
for path in a.journals:
    for p in (listed(path) if a.positions else sampled(path)):
        kk = key(p, a.size)
        if kk in seen:
            continue
        seen.add(kk)
        todo.append(p)
random.shuffle(todo)
todo = todo[:max(0, a.limit - done)]
print(f'{done} already labelled, {len(todo)} to label', file=sys.stderr)
q = queue.Queue()
for p in todo:
    q.put((p, 0))
out = open(a.out, 'a')
lock = threading.Lock()
count = [0]
restarts = [0]
dropped = [0]
errors = [0]  # positions dropped because the brain answered ERROR
no_eval = [0]  # positions the brain answered with a move but no `Eval` (not labelled)
start = time.time()


def start_brain():
    proc = subprocess.Popen(['nice', '-n', '5', RAPFI], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(s):
        proc.stdin.write(s + '\n')
        proc.stdin.flush()
    send(f'START {a.size}')
    while True:
        line = proc.stdout.readline()
        if not line:
            # A brain that ends before its OK would leave this loop reading EOF for ever.
            raise RuntimeError(f'{RAPFI} ended without answering START with OK')
        if line.strip() == 'OK':
            break
    for s in (f'INFO rule {a.rule}', 'INFO timeout_turn 10000', 'INFO timeout_match 0',
              f'INFO MAX_DEPTH {a.depth}'):
        send(s)
    return proc, send


def worker():
    proc, send = start_brain()
    while True:
        try:
            p, tries = q.get_nowait()
        except queue.Empty:
            break
        stm = len(p) % 2
        # Rapfi drops commands that arrive before it has marked its previous search finished
        # (just after it prints the move): a short pause, then a harmless INFO goes first.
        time.sleep(0.003)
        send(f'INFO rule {a.rule}')
        send('BOARD')
        for i, m in enumerate(p):
            send(f"{m},{1 if i % 2 == stm else 2}")
        send('DONE')
        e = None
        best = None
        # A brain that hangs is killed (and restarted below when its output ends).
        watchdog = threading.Timer(30, proc.kill)
        watchdog.start()
        while True:
            line = proc.stdout.readline()
            if not line:
                restarts[0] += 1
                proc, send = start_brain()
                # The brain died: killed by the watchdog (under full load a deep search can
                # run past it) or crashed. The position goes back to the queue once before it
                # is given up.
                if tries == 0:
                    q.put((p, 1))
                else:
                    dropped[0] += 1
                break
            m = re.search(r'Eval (\S+)', line)
            if m:
                e = m.group(1)
            s = line.strip()
            if s.startswith('ERROR'):
                restarts[0] += 1
                errors[0] += 1
                # Out of step with the brain: start a fresh one, drop this position.
                proc.kill()
                proc, send = start_brain()
                e = None
                break
            if re.match(r'^\d+,\d+$', s):
                best = s
                break
        watchdog.cancel()
        if e is None:
            if best is not None:
                no_eval[0] += 1
            continue
        with lock:
            label = {'moves': p, 'eval': e, 'best': best, 'rule': a.rule}
            if a.size != 15:
                label['size'] = a.size
            out.write(json.dumps(label) + '\n')
            out.flush()
            count[0] += 1
            if count[0] % 5000 == 0:
                rate = count[0] / (time.time() - start)
                print(f'{count[0]} labelled, {rate:.0f}/s, {restarts[0]} restarts', file=sys.stderr)
    send('END')


threads = [threading.Thread(target=worker) for _ in range(a.procs)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(f'{count[0]} labelled, {restarts[0]} brain restarts, {dropped[0]} dropped after two failed '
      f'tries, {errors[0]} dropped on ERROR, {no_eval[0]} answered without an evaluation',
      file=sys.stderr)
