#!/usr/bin/env bash
# Learn a leave table in shards with GNU parallel (Debian package "parallel"), on this machine's
# cores or on other machines too (--sshlogin). stats/leaves/cluster/README.md explains it.
#
#   stats/leaves/cluster/parallel.sh DIR
#
# Settings, from the environment (defaults in brackets):
#   GAMES        games a generation [1000000]      GENERATIONS  generations [4]
#   SHARDS       shards a generation [40]          SEED         random seed [1]
#   FROM         generation 1's table: builtin, handset, none or a KLV2 file [handset]
#   METHOD       racks or kept [racks]             LEXICON      --lexicon [the default]
#   JOBS         shards at once on each machine, parallel's -j [one per core]
#   WORKERS      games at once in each shard [1]
#   SSHLOGIN     parallel's --sshlogin, e.g. ":,8/alice@box1" (":" is this machine) [this one]
#   ATRIL        the atril binary [atril]          NICE         nice level of the shards [10]
#
# Generation G's shards write DIR/gG/shard-I.leavestats, its table is DIR/gG.klv2, and the last
# generation's table is copied to DIR/table.klv2. Run the same command again to go on after a
# stop: finished shards are skipped, a shard stopped part way goes on from its state
# (DIR/gG/shard-I.leavestats.ckpt), finished generations are not played again.
set -euo pipefail

dir=${1:?usage: parallel.sh DIR (settings in the environment: see the script)}
GAMES=${GAMES:-1000000}
GENERATIONS=${GENERATIONS:-4}
SHARDS=${SHARDS:-40}
SEED=${SEED:-1}
FROM=${FROM:-handset}
METHOD=${METHOD:-racks}
JOBS=${JOBS:-100%}
WORKERS=${WORKERS:-1}
ATRIL=${ATRIL:-atril}
NICE=${NICE:-10}

command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }
mkdir -p "$dir"
# A --from file is copied in, so that every path the shards see is relative to DIR: the same
# on remote machines, where parallel transfers it.
case $FROM in
builtin | handset | none) from=$FROM ;;
*) cp "$FROM" "$dir/g0.klv2" && from=g0.klv2 ;;
esac
cd "$dir"
lex=()
[ -n "${LEXICON:-}" ] && lex=(--lexicon "$LEXICON")
remote=()
if [ -n "${SSHLOGIN:-}" ]; then
	# Other machines: each needs atril (ATRIL) and the lexicon; the table goes to them and the
	# statistics come back.
	remote=(--sshlogin "$SSHLOGIN" --return "g{gen}/shard-{}.leavestats" --cleanup)
fi

for ((g = 1; g <= GENERATIONS; g++)); do
	if [ ! -s "g$g.klv2" ]; then
		mkdir -p "g$g"
		transfer=()
		if [ -n "${SSHLOGIN:-}" ] && [ -f "$from" ]; then
			transfer=(--transferfile "$from")
		fi
		seq 0 $((SHARDS - 1)) | parallel --halt now,fail=1 -j "$JOBS" --joblog "g$g/joblog" \
			"${remote[@]/\{gen\}/$g}" "${transfer[@]}" \
			nice -n "$NICE" "$ATRIL" leaves learn --shard "{}/$SHARDS" --generation "$g" --games "$GAMES" --seed "$SEED" \
			--from "$from" --workers "$WORKERS" "${lex[@]}" --stats-out "g$g/shard-{}.leavestats" --json '>' "g$g/shard-{}.json"
		"$ATRIL" leaves status "g$g" >&2
		"$ATRIL" leaves merge "g$g" --method "$METHOD" --out "g$g.klv2"
	fi
	from=g$g.klv2
done
cp "$from" table.klv2
echo "parallel.sh: $dir/table.klv2"
