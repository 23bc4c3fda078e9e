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
#   docs/gate-calibration.sh CORPUS 241 stall_ms_cvar99=0.01%,stall_ms_stalled_p99=0.01% /tmp/cal ""   # tails only, A/A
#
# The A/A line is followed by each judged metric's spread: the RMS of the change over its stated
# standard error (compare.csv's change_se), about 1 when the intervals are calibrated.
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

# compare.csv's fields counted from the end (a network's spec holds quoted commas): the metric, the
# verdict, the simultaneous interval's ends and the change's standard error.
metric_field='$(NF - 16)'; verdict_field='$(NF - 6)'; low_field='$(NF - 5)'; high_field='$(NF - 4)'; se_field='$(NF - 2)'

# verdicts NAME [METRIC]: the count of each verdict among the rows (of METRIC only, when given).
verdicts() {
  cat "$out/$1"/compare*.csv | awk -F, -v metric="${2:-}" "(metric == \"\" || $metric_field == metric) { print $verdict_field }" \
    | grep -E '^(regression|within|inconclusive)$' | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }'
}

# spread NAME: per metric judged on an interval, how far the A/A change strays in its stated
# standard errors: the root mean square of the interval's middle over change_se (1 when the stated
# error is right; the middle sits (upper − lower reach) / 2 standard errors off the point, a few
# hundredths), and over how many rows.
spread() {
  cat "$out/$1"/compare*.csv | awk -F, "$se_field != \"\" && $se_field != \"change_se\" && $se_field > 0 {
      z = ($low_field + $high_field) / 2 / $se_field; sum[$metric_field] += z * z; n[$metric_field]++ }
    END { for (m in n) printf \"%s %.3f (%d rows), \", m, sqrt(sum[m] / n[m]), n[m] }"
}

read -r pairs failed inconclusive < <(judge aa)
rows=$(verdicts aa)
echo "$pairs A/A pairs: $failed failed, $inconclusive held an inconclusive row; rows: ${rows%, }"
spreads=$(spread aa)
echo "A/A change over its stated standard error (RMS): ${spreads:-no row judged on an interval, }" | sed "s/, $//"

for metric in $(echo "$limits" | tr ',' '\n' | cut -d= -f1); do
  for k in $multiples; do
    read -r pairs failed inconclusive < <(judge "plant-$metric-$k" --plant "$metric=$k")
    rows=$(verdicts "plant-$metric-$k" "$metric")
    echo "planted $metric at ${k}× its limit, $pairs pairs: the gate failed $failed; planted rows: ${rows%, }"
  done
done
