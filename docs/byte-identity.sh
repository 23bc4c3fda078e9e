#!/usr/bin/env bash
# Whether two deckbench binaries write the same bytes: each runs the same jobs on the bundled
# sample, and every file of every report folder is compared. A change meant to be invisible (a
# faster loop, a refactor) must pass it.
#
#   docs/byte-identity.sh OLD_BINARY NEW_BINARY [SCRATCH]
#
# The jobs: the default job; a 64-point sweep on two networks; --user-waits with adaptive and
# staged on a lossy 3g; two failing lte links with churn; --bootstrap 0 with sessions.csv.zst; a
# tune folder; links made for ties with --user-waits (no jitter, transfers ending on the
# microsecond of timeouts and of each other); three shards merged. Prints each job's verdict and exits 1 on any difference.
set -uo pipefail
old=$1; new=$2; scratch=${3:-/tmp/byte-identity}
data="$(cd "$(dirname "$0")/.." && pwd)/data"
rm -rf "$scratch"; mkdir -p "$scratch"
jobs=(
  "default|replay $data"
  "sweep|replay $data --policy directional:behind=1..8,ahead=1..8 --network lte --network 3g"
  "user-waits|replay $data --user-waits --policy adaptive --policy staged --network 3g:loss=0.05"
  "failing|replay $data --network lte:loss=0.2,timeout_ms=2000 --network lte:outage_every_ms=60000,outage_ms=5000 --churn-per-hour 30"
  "no-intervals|replay $data --bootstrap 0 --sessions-format csv.zst"
  "tune|tune $data --policy fixed:radius=0..4 --policy directional:behind=1..3,ahead=1..3 --budget bytes_per_navigation=60000"
  "ties|replay $data --user-waits --network lte:jitter=0,rtt_ms=100,downlink_kbps=1600,connections=0,timeout_ms=150 --network lte:jitter=0,rtt_ms=0,downlink_kbps=1600,connections=2,timeout_ms=100"
)
differ=0
run() { # binary side name command…
  local binary=$1 side=$2 name=$3; shift 3
  (cd "$scratch" && "$binary" "$@" --out "$side-$name" --quiet > /dev/null 2> "$side-$name.stderr")
}
for job in "${jobs[@]}"; do
  name=${job%%|*}; command=${job#*|}
  # shellcheck disable=SC2086
  run "$old" old "$name" $command; run "$new" new "$name" $command
  if diff -r "$scratch/old-$name" "$scratch/new-$name" > "$scratch/$name.diff"; then echo "$name: identical"; else echo "$name: DIFFERENT ($scratch/$name.diff)"; differ=1; fi
done
for side in old new; do
  binary=$old; [ "$side" = new ] && binary=$new
  for k in 1 2 3; do (cd "$scratch" && "$binary" replay "$data" --shard "$k/3" --out "$side-shard$k" --quiet > /dev/null); done
  (cd "$scratch" && "$binary" merge "$side-shard1" "$side-shard2" "$side-shard3" --out "$side-merged" > /dev/null)
done
if diff -r "$scratch/old-merged" "$scratch/new-merged" > "$scratch/merged.diff"; then echo "merged shards: identical"; else echo "merged shards: DIFFERENT ($scratch/merged.diff)"; differ=1; fi
exit $differ
