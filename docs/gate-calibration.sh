#!/usr/bin/env bash
# The gate's error rates measured, not promised. Replays a corpus with seeds 1 … N (nothing else
# changes: an A/A pair of runs differs only in the network's and the content's draws) and runs
# `compare` on each consecutive pair with the given limits:
# - A/A: how often the whole gate said FAIL, how often it held an inconclusive row, how rows were judged;
# - A/B: for each metric with a limit and each multiple k (default 1 2 4), the same pairs judged with
#   `--plant METRIC=k`, as if the candidate were worse by k × that limit in every row of the metric
#   (its point and every replicate shifted, the pair's own noise kept): how often the gate failed,
#   and how the planted rows were judged (the share judged regression is the gate's power at k×).
#
#   docs/gate-calibration.sh CORPUS N LIMITS [OUT] [MULTIPLES]
#   docs/gate-calibration.sh data 40 stall_rate=10%,stall_ms_cvar99=10%,resets_per_navigation=5%
#   docs/gate-calibration.sh data 40 stall_rate=10% /tmp/cal ""        # A/A only
#
# Uses .build/release/deckbench (`make release`; DECKBENCH=path for another). Writes OUT (default
# /tmp/gate-calibration); with KEEP_RUNS=1 the replays already in OUT are reused. Prints a line for
# A/A and one per planted metric and multiple.
set -euo pipefail
corpus=$1; runs=$2; limits=$3; out=${4:-/tmp/gate-calibration}; multiples=${5-1 2 4}
tool=${DECKBENCH:-.build/release/deckbench}
[ "${KEEP_RUNS:-0}" = 1 ] || rm -rf "$out"
mkdir -p "$out"
for seed in $(seq 1 "$runs"); do
  [ -f "$out/seed$seed/manifest.json" ] && [ "${KEEP_RUNS:-0}" = 1 ] && continue
  "$tool" replay "$corpus" --seed "$seed" --out "$out/seed$seed" --quiet
done

# judge NAME [compare flags…]: every consecutive pair; prints "pairs failed inconclusive-pairs".
judge() {
  local name=$1; shift
  local failed=0 inconclusive=0 pairs=0 status
  mkdir -p "$out/$name"
  for seed in $(seq 2 "$runs"); do
    pairs=$((pairs + 1))
    status=0
    "$tool" compare "$out/seed$((seed - 1))" "$out/seed$seed" --max-increase "$limits" --out "$out/$name/compare$seed.csv" --quiet "$@" \
      || status=$?
    [ "$status" = 2 ] && failed=$((failed + 1))
    [ "$status" != 0 ] && [ "$status" != 2 ] && { echo "compare exited $status" >&2; exit 1; }
    grep -q ',inconclusive,' "$out/$name/compare$seed.csv" && inconclusive=$((inconclusive + 1))
  done
  echo "$pairs $failed $inconclusive"
}

# verdicts NAME [METRIC]: the count of each verdict among the rows (of METRIC only, when given).
verdicts() {
  cat "$out/$1"/compare*.csv | awk -F, -v metric="${2:-}" '(metric == "" || $(NF - 13) == metric) { print $(NF - 3) }' \
    | grep -E '^(regression|within|inconclusive)$' | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }'
}

read -r pairs failed inconclusive < <(judge aa)
rows=$(verdicts aa)
echo "$pairs A/A pairs: $failed failed, $inconclusive held an inconclusive row; rows: ${rows%, }"

for metric in $(echo "$limits" | tr ',' '\n' | cut -d= -f1); do
  for k in $multiples; do
    read -r pairs failed inconclusive < <(judge "plant-$metric-$k" --plant "$metric=$k")
    rows=$(verdicts "plant-$metric-$k" "$metric")
    echo "planted $metric at ${k}× its limit, $pairs pairs: the gate failed $failed; planted rows: ${rows%, }"
  done
done
