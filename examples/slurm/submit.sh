#!/bin/bash
# Submits a match as a job array of SHARDS tasks and its merge as a job that starts when they
# have all ended; prints both job ids. The merged games go to JOURNAL_DIR/merged.jsonl and
# JOURNAL_DIR/match.pgn, the results to renzoku-merge-JOBID.out.
#
#   examples/slurm/submit.sh SHARDS JOURNAL_DIR MATCH_OPTIONS...
#
# e.g. examples/slurm/submit.sh 50 /shared/$USER/new-vs-old \
#        -engine cmd=/shared/bin/pbrain-new name=new -engine cmd=/shared/bin/pbrain-old name=old \
#        -each tc=10/1 -games 20000 -repeat -openings file=/shared/openings.txt order=random srand=1 \
#        -sprt elo0=0 elo1=5
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { echo "usage: $0 SHARDS JOURNAL_DIR MATCH_OPTIONS..." >&2; exit 2; }
shards=$1
dir=$2
shift 2
array=$(sbatch --parsable --array=0-$((shards - 1)) "$here/match.sbatch" "$dir" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterany:"$array" "$here/merge.sbatch" "$dir" \
  -jsonl "$dir/merged.jsonl" -pgn "$dir/match.pgn")
merge=${merge%%;*}
echo "match: job array $array ($shards shards); merge: job $merge"
