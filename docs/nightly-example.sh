#!/usr/bin/env bash
# The worked example of docs/NIGHTLY.md: thirty simulated nights of a nightly job, each replaying
# that night's recordings (400 sessions generated with the night's seed: new users every night),
# kept in two histories:
#   history-flags.csv  `--item-bytes` grown from 1,000 to 1,500 on night 20 (heavier pages, a flag);
#   history-users.csv  from night 20 the users dwell 1.5 s on a page instead of 2.5 s (what an app
#                      release that makes paging easier does): nothing in the runs explains it.
# Then `history check` and `history report` on each.
#
#   docs/nightly-example.sh [DECKBENCH] [SCRATCH]
set -euo pipefail
deckbench=${1:-.build/release/deckbench}; scratch=${2:-/tmp/nightly-example}
deckbench=$(cd "$(dirname "$deckbench")" && pwd)/$(basename "$deckbench")
rm -rf "$scratch"; mkdir -p "$scratch"; cd "$scratch"
for night in $(seq 1 30); do
  items=1000; dwell=2500
  if [ "$night" -ge 20 ]; then items=1500; dwell=1500; fi
  time=$(printf '2026-10-%02dT03:00:00Z' "$night")
  "$deckbench" generate --out "rec$night" --sessions 400 --files 2 --seed "$night" --level 3 --quiet
  "$deckbench" replay "rec$night" --out "flags$night" --item-bytes "$items" --sessions-format none --quiet
  "$deckbench" history append "flags$night" --history history-flags.csv --label "night-$night" --time "$time" --quiet
  "$deckbench" generate --out "users$night" --sessions 400 --files 2 --seed "$night" --level 3 --dwell-median-ms "$dwell" --quiet
  "$deckbench" replay "users$night" --out "night$night" --sessions-format none --quiet
  "$deckbench" history append "night$night" --history history-users.csv --label "night-$night" --time "$time" --quiet
done
limits="--max-increase stall_rate=10%,stall_ms_cvar99=10%,bytes_per_navigation=5%"
for history in flags users; do
  echo "== history check history-$history.csv $limits"
  # shellcheck disable=SC2086
  "$deckbench" history check "history-$history.csv" $limits || echo "(exit $?)"
  "$deckbench" history report "history-$history.csv" --out "trend-$history"
done
