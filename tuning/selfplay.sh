#!/usr/bin/env bash
# Self-play training games as a sharded `renzoku match` on a Slurm cluster (examples/slurm), the
# recipe of the self-play data: the league fixes the rule, board, openings, node budget and
# seed, so a run is regenerated exactly by the same command (same binaries, same shard count).
#
#   tuning/selfplay.sh LEAGUE DIR SHARDS [GAMES]
#
# LEAGUE: fs15 (freestyle 15x15), fs20 (freestyle 20x20), renju15 (renju 15x15 from the
# balanced offset openings), renju15c (renju 15x15 from the 26 canonical openings, extended).
# DIR: the journals' directory on the cluster's shared file system; SHARDS: array tasks (one
# core each). GAMES: the run's length (default 20000; cancel earlier with scancel: every
# finished game is in the journals). Binaries: $RENZOKU (renzoku) and $BRAIN
# (pbrain-renzoku), absolute paths the cluster's nodes can run. $SEED replaces the league's
# seed for a further run of the same league (the same seed replays the same schedule: new games
# need a new seed; record it with the data).
#
# Then: tuning/selfplay_labels.py OUT.jsonl DIR/match.shard-*.jsonl (see its usage) labels every
# searched position with the game's outcome and the search's own score.
#
# On this machine: scripts/slurm-one-node.sh start; SLURM_CONF=/tmp/renzoku-slurm/slurm.conf.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { echo "usage: $0 fs15|fs20|renju15|renju15c DIR SHARDS [GAMES]" >&2; exit 2; }
league=$1 dir=$2 shards=$3 games=${4:-20000}
brain=${BRAIN:-pbrain-renzoku}
case $league in
  fs15) rule=0 size=15 book=openings-balanced-15.txt seed=3701 ;;
  fs20) rule=0 size=20 book=openings-balanced-20.txt seed=3702 ;;
  renju15) rule=4 size=15 book=openings-balanced-renju-15.txt seed=3703 ;;
  renju15c) rule=4 size=15 book=openings-canon-renju-15.txt seed=4204 ;;
  *) echo "unknown league $league" >&2; exit 2 ;;
esac
seed=${SEED:-$seed}
# 20,000 nodes a move: about 45 new positions a game and 1,500 games an hour a core here.
exec "$here/../examples/slurm/submit.sh" "$shards" "$dir" \
  -engine cmd="$brain" name=sp-a option.message_format=rapfi \
  -engine cmd="$brain" name=sp-b option.message_format=rapfi \
  -each nodes=20000 -rule "$rule" -boardsize "$size" \
  -openings file="$here/data/$book" order=random srand="$seed" -repeat -games "$games" \
  -sample freq=1 format=csv file="$dir/samples.csv" -msg "$dir/messages.txt"
