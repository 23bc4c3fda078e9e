#!/bin/bash
# The speed issue's table in one sitting: two deckbench binaries measured alternately on the
# issue's corpus. Usage: docs/sitting.sh OLD_BINARY NEW_BINARY [SCRATCH_FOLDER]
# Prints seconds and peak RSS (KB) of every stage, twice for the stages that vary most.
set -u
OLD=$1; NEW=$2; S=${3:-/tmp/sitting}
T="/usr/bin/time -f %e_s_%M_KB"
rm -rf "$S"; mkdir -p "$S"
echo "== generate old"; $T "$OLD" generate --out "$S/c" --sessions 300000 --files 16 --seed 7 2>&1 | tail -1
echo "== generate new 1 job"; $T "$NEW" generate --out "$S/cn1" --sessions 300000 --files 16 --seed 7 --jobs 1 2>&1 | tail -1
echo "== generate new 2 jobs"; $T "$NEW" generate --out "$S/cn2" --sessions 300000 --files 16 --seed 7 --jobs 2 2>&1 | tail -1
zstd -dc "$S"/c/*.zst | wc -l
echo "== zstd floor"; $T sh -c "zstd -dc $S/c/*.zst > /dev/null" 2>&1 | tail -1
for round in 1 2; do
  echo "== inspect old"; $T "$OLD" inspect --csv "$S/c" 2>&1 >/dev/null | tail -1
  echo "== inspect new 1"; $T "$NEW" inspect --csv --jobs 1 "$S/c" 2>&1 >/dev/null | tail -1
  echo "== inspect new 2"; $T "$NEW" inspect --csv --jobs 2 "$S/c" 2>&1 >/dev/null | tail -1
  for jobs in 1 2; do
    echo "== replay old jobs $jobs"; $T "$OLD" replay "$S/c" --jobs $jobs --quiet --out "$S/ro$jobs" 2>&1 | tail -1
    echo "== replay new jobs $jobs"; $T "$NEW" replay "$S/c" --jobs $jobs --quiet --out "$S/rn$jobs" 2>&1 | tail -1
  done
done
echo "== replay new csv.zst jobs 2"; $T "$NEW" replay "$S/c" --jobs 2 --quiet --out "$S/rz" --sessions-format csv.zst 2>&1 | tail -1
ls -l "$S/ro1/sessions.csv" "$S/rn1/sessions.csv" "$S/rz/sessions.csv.zst"
zstd -dc "$S/rz/sessions.csv.zst" | cmp - "$S/rn2/sessions.csv" && echo "csv.zst decompresses to csv"
