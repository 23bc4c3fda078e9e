#!/usr/bin/env bash
# The public API against the last release (`make api-check`; CI runs it): SwiftPM's
# `diagnose-api-breaking-changes` builds the last release recorded in RELEASES (its tag made from
# the recorded commit when the clone has none) and compares the API of the library products
# (DeckBench, DeckBenchCommandLine) with this checkout's.
#
# The rule (docs/RELEASES.md): a break is allowed only in a release that may break, a minor one
# while the major is 0 (0.2.x -> 0.3.0), a major one after; and then only declared: each broken
# declaration named in backticks in CHANGELOG.md's section for the version being made
# (DeckBenchVersion.current), as the tool names it without its argument list and accessor
# (`ReportFolder.summary`, `HullComparison.init`, `ComparisonError.notASummary`, `PolicySweep`).
# A new case of a public enum counts: a `switch` without `default:` no longer compiles.
#
# The release's API is kept in the repository, api/VERSION/MODULE.json.gz: the files SwiftPM's
# check writes for the release's commit (`swift-api-digester -dump-sdk`), copied into
# BUILD/api-baseline/COMMIT, where the check reads them instead of building the release. With
# `--write-baseline` (`make api-baseline`) the release's commit is built and its API written to
# api/VERSION (docs/RELEASES.md, "Making a release"); without api/VERSION the check builds the
# release as well. After `make test` this checkout's modules are built already (CI).
#
# Other arguments go to `swift package` before the subcommand (`--build-path .build-x`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SWIFT=${SWIFT:-swift}
build=.build
write=false
args=()
for arg in "$@"; do
    if [ "$arg" = --write-baseline ]; then write=true; else args+=("$arg"); fi
done
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in --build-path | --scratch-path) build=${args[i + 1]} ;; esac
done
fail() { echo "api-check: $*" >&2; exit 1; }

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/DeckBench/Support/DeckBenchVersion.swift)
[ -n "$version" ] || fail "no version in Sources/DeckBench/Support/DeckBenchVersion.swift"
# The last release: the highest version RELEASES records (this version itself once it is
# released: then main, still saying it, may not break it until the next bump).
last=$(grep -Ev '^(#|$)' RELEASES | awk '{ print $1 }' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
[ -n "$last" ] || fail "RELEASES records no release: nothing to compare with"
scripts/tag-releases.sh --recorded-only
commit=$(git rev-parse "refs/tags/$last^{commit}")

IFS=. read -r major minor _ <<< "$version"
IFS=. read -r last_major last_minor _ <<< "$last"
if [ "$major" -gt "$last_major" ] || { [ "$major" = 0 ] && [ "$last_major" = 0 ] && [ "$minor" -gt "$last_minor" ]; }; then
    may_break=true
else
    may_break=false
fi

kept=api/$last
baseline=$build/api-baseline/$commit
modules=(DeckBench DeckBenchCommandLine)
if $write; then
    echo "api-check: writing the API of $last (${commit:0:12}) to $kept: a build of the release's commit"
    rm -rf "$baseline"
    mkdir -p "$kept"
    "$SWIFT" package "${args[@]}" diagnose-api-breaking-changes "$last" --baseline-dir "$build/api-baseline" > /dev/null 2>&1 || true
    for module in "${modules[@]}"; do
        [ -s "$baseline/$module.json" ] || fail "the build of $last wrote no API for $module (run make api-check for its messages)"
        # The dump's own command line names this clone's path: written as ROOT, the file is the same
        # from any clone.
        sed "s,$(printf '%s' "$root" | sed 's,/,\\\\/,g'),ROOT,g" "$baseline/$module.json" | gzip -9 -n > "$kept/$module.json.gz"
    done
    echo "api-check: wrote $kept: commit it"
    exit 0
fi
if [ -d "$kept" ]; then
    mkdir -p "$baseline"
    for module in "${modules[@]}"; do
        [ -f "$kept/$module.json.gz" ] || fail "$kept has no $module.json.gz: make api-baseline writes it"
        gzip -d -c "$kept/$module.json.gz" > "$baseline/$module.json"
    done
    echo "api-check: the public API of $version (this checkout) against $last (${commit:0:12}), as kept in $kept"
else
    echo "api-check: the public API of $version (this checkout) against $last (${commit:0:12}): $kept is missing, so the release is built"
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
"$SWIFT" package "${args[@]}" diagnose-api-breaking-changes "$last" --baseline-dir "$build/api-baseline" > "$out" 2>&1 || status=$?
# Its builds' times (the release's commit first, unless its API was kept from a run before).
sed -n 's/^Build complete! (\(.*\))$/api-check: a build took \1/p' "$out"
breaks=$(sed -n 's/^ *💔 API breakage: //p' "$out")
if [ -z "$breaks" ]; then
    if [ "$status" != 0 ]; then
        tail -40 "$out" >&2
        fail "swift package diagnose-api-breaking-changes $last failed before comparing (above)"
    fi
    echo "api-check: passed: no breaking change against $last"
    exit 0
fi

# Each break's declaration: `kind Name.member(args).Accessor() has ...` -> Name.member.
names=$(printf '%s\n' "$breaks" | awk '{ print $2 }' \
    | sed -E 's/\.(Get|Set|Modify|Read|_read|_modify|Yield|willSet|didSet|unsafeAddress|unsafeMutableAddress)\(\)$//; s/\(.*$//' | sort -u)
count=$(printf '%s\n' "$breaks" | wc -l)

if ! $may_break; then
    printf '%s\n' "$breaks" | sed 's/^/  /' >&2
    fail "$count breaking changes against $last (above), and $version may not break it: only a minor release
may break while the major version is 0 (docs/RELEASES.md). Either keep the old API (add the new beside
it, deprecate the old), or make this the next minor release: DeckBenchVersion.current =
\"$major.$((minor + 1)).0\" and each break named in CHANGELOG.md's section [$major.$((minor + 1)).0]."
fi

section=$(awk -v head="## [$version]" 'index($0, head) == 1 { inside = 1; next } /^## \[/ { inside = 0 } inside' CHANGELOG.md 2>/dev/null || true)
[ -n "$section" ] || fail "$count breaking changes against $last, and CHANGELOG.md has no section \"## [$version]\" to declare them in"
undeclared=()
while read -r name; do
    grep -qF -e "\`$name\`" -e "\`$name(" <<< "$section" || undeclared+=("$name")
done <<< "$names"
if [ ${#undeclared[@]} -gt 0 ]; then
    for name in "${undeclared[@]}"; do
        printf '%s\n' "$breaks" | awk -v n="$name" '{ d = $2; sub(/\(.*$/, "", d); sub(/\.(Get|Set|Modify|Read|_read|_modify|Yield|willSet|didSet|unsafeAddress|unsafeMutableAddress)$/, "", d) } d == n' \
            | sed "s/^/  \`$name\`: /" >&2
    done
    fail "${#undeclared[@]} of the broken declarations against $last are not declared in CHANGELOG.md's
section [$version] (each above, with what broke). Either keep the old API (add the new beside it,
deprecate the old), or declare each: a line under \"## [$version]\", \"### Changed\" or \"### Removed\",
naming it in backticks as above and saying how code that used it moves."
fi
echo "api-check: passed: $count breaking changes against $last, on $(printf '%s\n' "$names" | wc -l) declarations, each declared in CHANGELOG.md's [$version]"
