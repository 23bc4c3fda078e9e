#!/usr/bin/env python3
"""Each policy of one family against the best of other families at no more bytes, paired.

    python3 docs/at-equal-bytes.py DECKBENCH SWEEP CORPUS... [--family F] [--rival R ...]

SWEEP is the report folder of a replay of CORPUS (same flags, any number of policies); for every
network in it and every policy of family F (default: adaptive), in order of bytes per navigation:
its stall rate, and for each rival family R (default: directional, fixed) the policy with the
lowest stall rate among those that spend no more bytes per navigation. The policy and its rivals
are then replayed together on CORPUS (runs of at most 16 policies, so that paired.csv pairs every
two; the same sessions and draws as the sweep, so the same figures) for the paired 95 % interval
of the difference in stall rate (F's policy minus the rival): a bootstrap replicate weighs the
sessions alike for both. The verdict reads that interval: "better" or "worse" when it lies wholly
below or above 0, "not shown" when it holds 0 (which is not "the same": the run could not tell
them apart). "-" when the rival family has no policy that cheap.

The footing: the rival spends no more bytes, usually fewer. A "worse" therefore holds at equal
bytes too (more bytes would only help the rival); a "better" is bought with more bytes and is not
a like-for-like win. Each interval is 95 % on its own: the last line counts the comparisons, among
which about 1 in 20 of those with no true difference is expected to show one.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("deckbench")
    parser.add_argument("sweep")
    parser.add_argument("corpus", nargs="+")
    parser.add_argument("--family", default="adaptive")
    parser.add_argument("--rival", action="append")
    args = parser.parse_args()
    rivals = args.rival or ["directional", "fixed"]
    summary = list(csv.DictReader(open(os.path.join(args.sweep, "summary.csv"), newline="")))
    manifest = json.load(open(os.path.join(args.sweep, "manifest.json")))
    comparisons = 0
    for network in dict.fromkeys(row["network"] for row in summary):
        here = [row for row in summary if row["network"] == network]
        mine = sorted((r for r in here if name(r) == args.family), key=bytes_of)
        best = {}
        for row in mine:
            for rival in rivals:
                cheaper = [r for r in here if name(r) == rival and bytes_of(r) <= bytes_of(row)]
                best[(row["policy"], rival)] = min(cheaper, key=lambda r: (float(r["stall_rate"]), bytes_of(r))) if cheaper else None
        paired = pairs(args, manifest, network, mine, best)
        print(f"network {network}")
        header = ["policy", "bytes/nav", "stall rate"] + [f"best {rival} at ≤ bytes: difference (paired 95 %)" for rival in rivals]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in mine:
            cells = [f"`{row['policy']}`", f"{bytes_of(row):,.0f}", f"{100 * float(row['stall_rate']):.2f} %"]
            for rival in rivals:
                other = best[(row["policy"], rival)]
                if other is None:
                    cells.append("-")
                    continue
                difference, low, high = paired[(row["policy"], other["policy"])]
                comparisons += 1
                verdict = "better" if high < 0 else "worse" if low > 0 else "not shown"
                cells.append(f"`{other['policy']}` {100 * float(other['stall_rate']):.2f} %, {points(difference)} "
                             f"[{points(low)}, {points(high)}] {verdict}")
            print("| " + " | ".join(cells) + " |")
        print()
    print(f"{comparisons} comparisons, each at 95 % on its own")


def pairs(args, manifest, network, mine, best):
    """Replays each policy of `mine` with its rivals, at most 16 policies a run; (a, b) -> a − b."""
    table = {}
    groups, group = [], []
    for row in mine:
        members = [row["policy"]] + [r["policy"] for (policy, _), r in best.items() if policy == row["policy"] and r]
        if len(set(group + members)) > 16:
            groups.append(group)
            group = []
        group = list(dict.fromkeys(group + members))
    groups.append(group)
    content = manifest["content"]
    flags = ["--seed", str(manifest["seed"]), "--items", str(content["items"]), "--item-bytes", str(content["item_bytes"]),
             "--churn-per-hour", str(content["churn_per_hour"]), "--max-age-ms", str(manifest["max_age_ms"])]
    flags += ["--bootstrap", str(manifest["bootstrap"])] if manifest.get("bootstrap") else []
    flags += ["--user-waits"] if manifest.get("user_waits") else []
    with tempfile.TemporaryDirectory() as work:
        for index, policies in enumerate(groups):
            out = os.path.join(work, f"pairs{index}")
            subprocess.run([args.deckbench, "replay", *args.corpus, "--network", network, *flags,
                            *sum((["--policy", p] for p in policies), []), "--sessions-format", "none", "--quiet", "--out", out],
                           check=True, stdout=subprocess.DEVNULL)
            table.update(differences(os.path.join(out, "paired.csv")))
            for row in csv.DictReader(open(os.path.join(out, "summary.csv"), newline="")):
                swept = next(r for r in mine + [r for r in best.values() if r] if r["policy"] == row["policy"])
                if swept["stall_rate"] != row["stall_rate"]:
                    sys.exit(f"{row['policy']}: {row['stall_rate']} replayed with its rivals, {swept['stall_rate']} in the sweep: "
                             "give the corpus and flags the sweep was made with")
    return table


def differences(path):
    """(a, b) -> the stall rate's a − b and its interval, both orders."""
    table = {}
    for row in csv.DictReader(open(path, newline="")):
        if row["metric"] != "stall_rate":
            continue
        d, low, high = (float(row[key]) for key in ("difference", "difference_ci_low", "difference_ci_high"))
        table[(row["policy_a"], row["policy_b"])] = (d, low, high)
        table[(row["policy_b"], row["policy_a"])] = (-d, -high, -low)
    return table


def points(value):
    return f"{100 * value:+.2f}"


def name(row):
    return row["policy"].split(":")[0]


def bytes_of(row):
    return float(row["bytes_per_navigation"])


if __name__ == "__main__":
    main()
