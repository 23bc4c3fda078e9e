#!/usr/bin/env bash
# The gate's false-alarm rate measured, not promised: replays a corpus with seeds 1 … N (nothing
# else changes: an A/A pair of runs differs only in the network's and the content's draws) and
# runs `compare` on each consecutive pair with the given limits, then counts how often the whole
# gate said FAIL, how often it held an inconclusive row, and how rows were judged.
#
#   docs/gate-calibration.sh CORPUS N LIMITS [OUT]
#   docs/gate-calibration.sh data 40 stall_rate=10%,stall_ms_cvar99=10%,resets_per_navigation=5%
#
# Uses .build/release/deckbench (`make release`). Writes OUT (default /tmp/gate-calibration) and
# prints one line: pairs, runs that failed, runs with an inconclusive row, and row verdicts.
set -euo pipefail
corpus=$1; runs=$2; limits=$3; out=${4:-/tmp/gate-calibration}
tool=${DECKBENCH:-.build/release/deckbench}
rm -rf "$out"; mkdir -p "$out"
for seed in $(seq 1 "$runs"); do
  "$tool" replay "$corpus" --seed "$seed" --out "$out/seed$seed" --quiet
done
failed=0; inconclusive=0; pairs=0
for seed in $(seq 2 "$runs"); do
  pairs=$((pairs + 1))
  status=0
  "$tool" compare "$out/seed$((seed - 1))" "$out/seed$seed" --max-increase "$limits" --out "$out/compare$seed.csv" --quiet || status=$?
  [ "$status" = 2 ] && failed=$((failed + 1))
  [ "$status" != 0 ] && [ "$status" != 2 ] && { echo "compare exited $status" >&2; exit 1; }
  grep -q ',inconclusive,' "$out/compare$seed.csv" && inconclusive=$((inconclusive + 1))
done
rows=$(cat "$out"/compare*.csv | awk -F, 'NR > 1 { print $(NF - 3) }' | grep -E '^(regression|within|inconclusive)$' | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }')
echo "$pairs A/A pairs: $failed failed, $inconclusive held an inconclusive row; rows: ${rows%, }"
