"""Makes a balanced opening book: extends each opening of an offset file (c-gomoku-cli's
`type=offset` format, stones relative to the centre, black first) by a few random stones near
the others, asks a Gomocup brain that prints `Eval N` (Rapfi does) for its evaluation, and keeps
the positions it judges close to even (or, with --centre, close to that evaluation for black).

Why: with the 3-stone freestyle openings most game pairs end one win each (the colour decides),
so an SPRT learns nothing from them; openings both sides can win resolve a test in fewer games.

usage: python3 balanced_openings.py OPENINGS OUT [--per-opening K] [--extra 1-3] [--depth D]
                                    [--max-eval E] [--centre C] [--size 15] [--rule R] [--seed S]

Environment: RAPFI = the brain's command (default pbrain-rapfi). Prints how many positions it
tried and kept, and the distribution of the kept evaluations. Duplicates (the same stones of
each colour) are kept once.
"""
import argparse, os, random, re, subprocess, sys, threading

ap = argparse.ArgumentParser()
ap.add_argument('openings')
ap.add_argument('out')
ap.add_argument('--per-opening', type=int, default=30)
ap.add_argument('--extra', default='1-3', help='how many stones to add, a range')
ap.add_argument('--depth', type=int, default=10)
ap.add_argument('--max-eval', type=int, default=120,
                help="keep black's evaluation within this of --centre (Rapfi's units)")
ap.add_argument('--centre', type=int, default=0,
                help="black's evaluation the kept openings centre on: under renju white wins "
                     "most games from openings Rapfi calls even (see README)")
ap.add_argument('--size', type=int, default=15)
ap.add_argument('--rule', type=int, default=0)
ap.add_argument('--seed', type=int, default=1)
a = ap.parse_args()
RAPFI = os.environ.get('RAPFI', 'pbrain-rapfi')
random.seed(a.seed)
lo, hi = (int(x) for x in a.extra.split('-'))
c = a.size // 2


def parse(line):
    nums = [int(t) for t in re.split(r'[,\s]+', line.strip()) if t]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def extend(stones):
    """Adds random stones within two squares of the others, on the board, alternating colours."""
    stones = list(stones)
    for _ in range(random.randint(lo, hi)):
        taken = set(stones)
        near = {(x + dx, y + dy) for x, y in stones for dx in range(-2, 3) for dy in range(-2, 3)}
        near = [p for p in near - taken if abs(p[0]) <= c and abs(p[1]) <= c]
        stones.append(random.choice(sorted(near)))
    return stones


class Brain:
    def __init__(self):
        self.p = subprocess.Popen([RAPFI], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send(f'START {a.size}')
        self.read_until(lambda s: s == 'OK')
        for s in (f'INFO rule {a.rule}', 'INFO timeout_turn 10000', 'INFO timeout_match 0',
                  f'INFO MAX_DEPTH {a.depth}'):
            self.send(s)

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()

    def read_until(self, done):
        # A brain that hangs is killed: its output ends and the caller sees None.
        watchdog = threading.Timer(30, self.p.kill)
        watchdog.start()
        try:
            while True:
                line = self.p.stdout.readline()
                if not line:
                    return None
                if done(line.strip()):
                    return line.strip()
        finally:
            watchdog.cancel()

    def evaluate(self, stones):
        """The brain's evaluation for the side to move, or None."""
        self.send(f'INFO rule {a.rule}')
        self.send('BOARD')
        stm = len(stones) % 2
        for i, (x, y) in enumerate(stones):
            self.send(f'{x + c},{y + c},{1 if i % 2 == stm else 2}')
        self.send('DONE')
        ev = [None]

        def done(s):
            m = re.search(r'Eval (\S+)', s)
            if m:
                ev[0] = m.group(1)
            return bool(re.match(r'^\d+,\d+$', s)) or s.startswith('ERROR')
        if self.read_until(done) is None or ev[0] is None:
            return None
        try:
            return int(ev[0])
        except ValueError:
            return None  # a mate ("+M5"): far from even


openings = [parse(l) for l in open(a.openings) if l.strip()]
brain = Brain()
seen, kept, tried = set(), [], 0
for base in openings:
    for _ in range(a.per_opening):
        s = extend(base)
        k = (frozenset(s[0::2]), frozenset(s[1::2]))
        if k in seen:
            continue
        seen.add(k)
        tried += 1
        e = brain.evaluate(s)
        if e is None:
            brain.p.kill()
            brain = Brain()
            continue
        # Kept as black's view: the side to move is black after an even number of stones.
        black = e if len(s) % 2 == 0 else -e
        if abs(black - a.centre) <= a.max_eval:
            kept.append((s, black))
brain.p.kill()
random.shuffle(kept)
with open(a.out, 'w') as f:
    for s, _ in kept:
        f.write(', '.join(f'{x},{y}' for x, y in s) + '\n')
evs = sorted(b for _, b in kept)
print(f"tried {tried}, kept {len(kept)} with black's evaluation within {a.max_eval} of {a.centre}",
      file=sys.stderr)
if evs:
    q = [evs[int(i * (len(evs) - 1) / 4)] for i in range(5)]
    print(f"black's evaluation of the kept: min/quartiles/max {q}", file=sys.stderr)
