#!/usr/bin/env bash
# The release tags, made from RELEASES (`make tag-releases`): a clone may come without tags (a
# mirror, a CI checkout, `git clone` of a copy that never fetched them), and SwiftPM resolves
# `.upToNextMinor(from: "0.3.0")` from tags only. Each recorded VERSION is tagged at its COMMIT
# (a lightweight tag; one already there at another commit is moved, and said).
#
# Then the checkout's own version (DeckBenchVersion.current): when RELEASES has no line for it,
# it is the release being made, and its tag is put on HEAD, in this clone only, so that
# Examples/OwnPolicy, written against this checkout, resolves it. Run again after a commit to move
# it; once RELEASES records the release, the tag goes to the recorded commit. Never pushed.
# --recorded-only: the recorded tags alone (the API check).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
recorded_only=false
[ "${1:-}" = --recorded-only ] && recorded_only=true
fail() { echo "tag-releases: $*" >&2; exit 1; }

# Points tag $1 at commit $2, saying what it did; quiet when it is there already.
place() {
    local version=$1 commit=$2 why=$3 current
    current=$(git rev-parse -q --verify "refs/tags/$version^{commit}" || true)
    [ "$current" = "$commit" ] && return 0
    if [ -n "$current" ]; then
        git tag -f "$version" "$commit" >/dev/null
        echo "tag-releases: moved $version from ${current:0:12} to ${commit:0:12} ($why)"
    else
        git tag "$version" "$commit"
        echo "tag-releases: tagged $version at ${commit:0:12} ($why)"
    fi
}

[ -f RELEASES ] || fail "no RELEASES file in $root"
while read -r version commit date rest; do
    case "$version" in '' | '#'*) continue ;; esac
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "RELEASES: '$version' is not MAJOR.MINOR.PATCH"
    [[ "$commit" =~ ^[0-9a-f]{40}$ ]] || fail "RELEASES: $version's commit '$commit' is not a full commit hash"
    git cat-file -e "$commit^{commit}" 2>/dev/null \
        || fail "$version's commit $commit is not in this clone (a shallow clone? git fetch --unshallow)"
    place "$version" "$commit" "released $date, RELEASES"
done < RELEASES
$recorded_only && exit 0

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/DeckBench/Support/DeckBenchVersion.swift)
[ -n "$version" ] || fail "no version in Sources/DeckBench/Support/DeckBenchVersion.swift"
if ! grep -q "^$version " RELEASES; then
    place "$version" "$(git rev-parse HEAD)" "HEAD: $version is being made, not released; a local tag for the example, moved by the next make tag-releases"
fi
