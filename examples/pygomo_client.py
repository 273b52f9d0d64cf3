#!/usr/bin/env python3
"""Drives pbrain-renzoku with pygomo-lib's EngineClient, as an analysis client would.

pygomo-lib (https://pypi.org/project/pygomo-lib/) is not a dependency of Renzoku; install it
to try this: `pip install pygomo-lib`. Run from the repository root after
`cargo build --release -p renzoku-brain`:

    python3 examples/pygomo_client.py [path/to/pbrain-renzoku]

With `INFO message_format rapfi` the brain sends Rapfi's realtime line after every finished
iteration (`depth 14-22 ev 35 n 1.2M n/ms 640 tm 1870 pv h8 i9 j10`), which pygomo-lib parses
into SearchInfo objects: the on_info callback sees each one as it arrives, and the result of a
move carries the last one (the move's evaluation).
"""

import sys
import time

from pygomo import EngineClient

BRAIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/pbrain-renzoku"


def show(info):
    pv = " ".join(str(m) for m in info.pv)
    print(f"  on_info: depth {info.depth}-{info.sel_depth} multipv {info.multipv} "
          f"eval {info.eval.raw_value} nodes {info.nodes} n/ms {info.nps} "
          f"time {info.time_ms} ms pv {pv}")


def main():
    with EngineClient(BRAIN) as engine:
        print("about:", engine.about())
        engine.start(15)
        engine.configure(message_format="rapfi")
        engine.set_time(turn_time_ms=1000)
        for move in ["h8", "i9"]:
            print(f"turn {move}:")
            started = time.monotonic()
            result = engine.turn(move, on_info=show)
            took = time.monotonic() - started
            final = result.search_info
            print(f"  played {result.move} after {took:.2f} s; {len(result.all_info)} lines; "
                  f"move's evaluation {final.eval.raw_value} at depth {final.depth}, "
                  f"pv {' '.join(str(m) for m in final.pv)}")
        print("yxnbest 2:")
        result = engine.nbest(2, on_info=show)
        print(f"  played {result.move}; lines per multipv: "
              f"{sorted({i.multipv for i in result.all_info})}")
        engine.quit()


if __name__ == "__main__":
    main()
