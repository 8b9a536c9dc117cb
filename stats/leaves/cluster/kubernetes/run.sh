#!/usr/bin/env bash
# A whole leave-learning run on Kubernetes: the shared volume, then for each generation an
# Indexed Job of shards and, once it is complete, a merge Job. Needs kubectl (with a context
# on the cluster) and envsubst (Debian package gettext-base).
#
#   IMAGE=registry.example.org/atril:latest GAMES=1000000 SHARDS=100 PARALLEL=50 GENERATIONS=4 \
#     SEED=1 FROM=handset stats/leaves/cluster/kubernetes/run.sh
#
# Run it again after a stop: generations whose merge Job is complete are skipped, and a Job
# applied again keeps its finished pods. The table is /data/gGENERATIONS.klv2 on the volume:
#   kubectl cp <a pod with the volume>:/data/g4.klv2 table.klv2
set -euo pipefail
: "${IMAGE:?IMAGE: the atril image, built from stats/leaves/cluster/Dockerfile}"
export IMAGE GAMES=${GAMES:-1000000} SHARDS=${SHARDS:-100} PARALLEL=${PARALLEL:-50} SEED=${SEED:-1} METHOD=${METHOD:-racks}
GENERATIONS=${GENERATIONS:-4}
here=$(cd "$(dirname "$0")" && pwd)
kubectl apply -f "$here/volume.yaml"
export FROM=${FROM:-handset}
for ((g = 1; g <= GENERATIONS; g++)); do
	export GEN=$g
	if ! kubectl wait --for=condition=complete --timeout=0 "job/atril-leaves-merge-g$g" >/dev/null 2>&1; then
		envsubst <"$here/shards.yaml" | kubectl apply -f -
		kubectl wait --for=condition=complete --timeout=168h "job/atril-leaves-g$g"
		envsubst <"$here/merge.yaml" | kubectl apply -f -
		kubectl wait --for=condition=complete --timeout=2h "job/atril-leaves-merge-g$g"
	fi
	FROM=/data/g$g.klv2
done
echo "the table is /data/g$GENERATIONS.klv2 on the volume atril-leaves"
