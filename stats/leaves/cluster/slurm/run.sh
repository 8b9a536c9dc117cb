#!/usr/bin/env bash
# Submit a whole leave-learning run to Slurm: for each generation a job array of shards, then a
# merge that waits for them, the next generation's array waiting for that merge.
#
#   RUN=/shared/leaves GAMES=1000000 SHARDS=100 GENERATIONS=4 SEED=1 FROM=handset stats/leaves/cluster/slurm/run.sh
#
# RUN must be a directory every node sees; atril (ATRIL) and the lexicon (LEXICON, default the
# embedded one) must be on every node. Extra sbatch options: SBATCH_OPTS (e.g. "--partition=cpu").
# The table is RUN/gGENERATIONS.klv2; "atril leaves status RUN/gG" says how a generation goes.
set -euo pipefail
: "${RUN:?RUN: a directory every node sees}"
GAMES=${GAMES:-1000000} SHARDS=${SHARDS:-100} GENERATIONS=${GENERATIONS:-4} SEED=${SEED:-1} FROM=${FROM:-handset}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$RUN"
from=$FROM
after=()
# shellcheck disable=SC2086 # SBATCH_OPTS is a list of options
for ((g = 1; g <= GENERATIONS; g++)); do
	shards=$(sbatch --parsable ${SBATCH_OPTS:-} "${after[@]}" --array="0-$((SHARDS - 1))" \
		--export="ALL,RUN=$RUN,GEN=$g,SHARDS=$SHARDS,GAMES=$GAMES,SEED=$SEED,FROM=$from" "$here/shard.sbatch")
	merge=$(sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterok:${shards%%;*}" --export="ALL,RUN=$RUN,GEN=$g" "$here/merge.sbatch")
	echo "generation $g: shards job ${shards%%;*}, merge job ${merge%%;*}"
	after=(--dependency="afterok:${merge%%;*}")
	from=$RUN/g$g.klv2
done
echo "the table will be $from; watch with: atril leaves status $RUN/g1"
