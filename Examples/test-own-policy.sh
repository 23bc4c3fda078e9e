#!/usr/bin/env bash
# Examples/OwnPolicy built as a team builds it: DeckBench as a versioned dependency (`.upToNextMinor`) in
# release, here a clone of this repository's HEAD tagged with its version (DeckBenchVersion) and
# put in place of the example's URL by a SwiftPM mirror. Then its tests, and its executable on the
# sample: `policies` lists `burst`; `replay` of a range of its parameters writes each point to
# summary.csv; the default job's rows of the built-in policies (summary, sessions, paired and
# distributions) are byte-identical to `deckbench`'s (DECKBENCH, default the `deckbench` product of
# the same tagged dependency, built in the example's release build: no second build of DeckBench,
# and no wait on this checkout's .build); `tune` races `burst` against `directional` and answers.
# `make test-example`; CI runs it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deckbench=${DECKBENCH:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-own-policy: $*" >&2; exit 1; }

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/DeckBench/Support/DeckBenchVersion.swift")
[ -n "$version" ] || fail "no version in DeckBenchVersion.swift"
git clone -q "$root" "$work/deckbench"
git -C "$work/deckbench" -c user.name=ci -c user.email=ci@localhost tag -f "$version" >/dev/null
cp -R "$work/deckbench/Examples/OwnPolicy" "$work/OwnPolicy"
url=$(sed -n 's/.*\.package(url: "\([^"]*\)", .upToNextMinor(from: .*/\1/p' "$work/OwnPolicy/Package.swift")
[ -n "$url" ] || fail "Examples/OwnPolicy/Package.swift names DeckBench by no url and .upToNextMinor(from:) version"
required=$(sed -n 's/.*\.upToNextMinor(from: "\([^"]*\)").*/\1/p' "$work/OwnPolicy/Package.swift")
[ "${required%.*}" = "${version%.*}" ] \
    || fail "Examples/OwnPolicy/Package.swift requires .upToNextMinor(from: \"$required\"), this checkout is $version: require $version (and say it in the docs that name it)"
swift package --package-path "$work/OwnPolicy" config set-mirror --original "$url" --mirror "$work/deckbench"

echo "== Examples/OwnPolicy against DeckBench $version (tagged clone of HEAD), release"
# One release build for the executable and the tests (the tests use the public API only, so no
# testable build: without --disable-testable-imports, swift test builds everything a second time).
swift test -c release --disable-testable-imports --package-path "$work/OwnPolicy"
grep -q "\"version\" : \"$version\"" "$work/OwnPolicy/Package.resolved" \
    || fail "Package.resolved does not pin DeckBench $version: $(cat "$work/OwnPolicy/Package.resolved")"
bench="$work/OwnPolicy/.build/release/OwnPolicyBench"
[ -x "$bench" ] || swift build -c release --package-path "$work/OwnPolicy" --product OwnPolicyBench
if [ -z "$deckbench" ]; then
    swift build -c release --package-path "$work/OwnPolicy" --product deckbench
    deckbench="$work/OwnPolicy/.build/release/deckbench"
fi

echo "== policies"
"$bench" policies > "$work/policies.txt"
grep -q '^burst  —' "$work/policies.txt" || fail "policies does not list burst: $(cat "$work/policies.txt")"
grep -q 'burst_ahead=N' "$work/policies.txt" || fail "policies does not list burst's parameters"

echo "== replay: a sweep of burst's burst_ahead"
"$bench" replay "$root/data" --policy 'burst:burst_ahead=3..6' --quiet --out "$work/sweep"
for n in 3 4 5 6; do
    grep -q "burst:behind=1,ahead=2,burst_ahead=$n,burst_ms=700" "$work/sweep/summary.csv" || fail "summary.csv lacks burst_ahead=$n"
done

echo "== replay: the default job beside deckbench's"
"$bench" replay "$root/data" --quiet --out "$work/own-default"
"$deckbench" replay "$root/data" --quiet --out "$work/deckbench-default"
grep -q 'burst:behind=' "$work/own-default/summary.csv" || fail "burst is not in the example's default job"
for file in summary.csv sessions.csv paired.csv distributions.csv; do
    grep -v 'burst:behind=' "$work/own-default/$file" > "$work/own-$file"
    cmp "$work/own-$file" "$work/deckbench-default/$file" || fail "$file: the built-in policies' rows differ from deckbench's"
done

echo "== tune: burst raced against directional"
"$bench" tune "$root/data" --policy 'burst:ahead=1..3,burst_ahead=3..6' --policy 'directional:behind=1..2,ahead=2..4' \
    --byte-budget 'bytes_per_navigation=+0%:directional:behind=2,ahead=4' --quiet --out "$work/tune" > "$work/tune.txt"
grep -q 'burst:behind=' "$work/tune/tune.csv" || fail "tune.csv has no burst candidate"
cat "$work/tune.txt"
echo "test-own-policy: passed"
