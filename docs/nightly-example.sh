#!/usr/bin/env bash
# The worked example of docs/NIGHTLY.md: thirty simulated nights of a nightly job, each replaying
# that night's recordings (400 sessions generated with the night's seed: new users every night),
# with `--item-bytes` grown from 1,000 to 1,500 on night 20 (the API's pages got heavier); each
# run appended to one history, then `history check` and `history report`.
#
#   docs/nightly-example.sh [DECKBENCH] [SCRATCH]
set -euo pipefail
deckbench=${1:-.build/release/deckbench}; scratch=${2:-/tmp/nightly-example}
deckbench=$(cd "$(dirname "$deckbench")" && pwd)/$(basename "$deckbench")
rm -rf "$scratch"; mkdir -p "$scratch"; cd "$scratch"
for night in $(seq 1 30); do
  items=1000; [ "$night" -ge 20 ] && items=1500
  "$deckbench" generate --out "rec$night" --sessions 400 --files 2 --seed "$night" --level 3 --quiet
  "$deckbench" replay "rec$night" --out "night$night" --item-bytes "$items" --sessions-format none --quiet
  "$deckbench" history append "night$night" --history history.csv --label "night-$night" \
    --time "$(printf '2026-10-%02dT03:00:00Z' "$night")" --quiet
done
"$deckbench" history check history.csv --max-increase stall_rate=10%,bytes_per_navigation=5% || echo "(exit $?)"
"$deckbench" history report history.csv --out trend
