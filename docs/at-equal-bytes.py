#!/usr/bin/env python3
"""Each policy of one family against the best of other families at no more bytes, paired.

    python3 docs/at-equal-bytes.py RUN-FOLDER [FAMILY] [RIVAL ...]

For every network of a deckbench run (its summary.csv and paired.csv) and every policy of FAMILY
(default: adaptive), in order of bytes per navigation: its stall rate, and for each RIVAL family
(default: directional fixed) the policy with the lowest stall rate among those that spend no more
bytes per navigation, with the paired 95 % interval of the difference in stall rate (FAMILY's
policy minus the rival) from paired.csv: both were replayed on the same sessions, and a bootstrap
replicate weighs those sessions alike for both. The verdict reads that interval: "better" or
"worse" when it lies wholly below or above 0, "not shown" when it holds 0 (which is not "the
same": the run could not tell them apart). "-" when the rival family has no policy that cheap.

The footing: the rival spends no more bytes, usually fewer. A "worse" therefore holds at equal
bytes too (more bytes would only help the rival); a "better" is bought with more bytes and is not
a like-for-like win. Each interval is 95 % on its own: the last line counts the comparisons, of
which about 5 % of those with no true difference are expected to show one.
"""
import csv
import os
import sys


def main():
    folder = sys.argv[1]
    family = sys.argv[2] if len(sys.argv) > 2 else "adaptive"
    rivals = sys.argv[3:] or ["directional", "fixed"]
    rows = list(csv.DictReader(open(os.path.join(folder, "summary.csv"), newline="")))
    paired = differences(os.path.join(folder, "paired.csv"))
    comparisons = 0
    for network in dict.fromkeys(row["network"] for row in rows):
        here = [row for row in rows if row["network"] == network]
        print(f"network {network}")
        header = ["policy", "bytes/nav", "stall rate"] + [f"best {rival} at ≤ bytes: difference (paired 95 %)" for rival in rivals]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in sorted((r for r in here if name(r) == family), key=bytes_of):
            cells = [f"`{row['policy']}`", f"{bytes_of(row):,.0f}", f"{100 * float(row['stall_rate']):.2f} %"]
            for rival in rivals:
                cheaper = [r for r in here if name(r) == rival and bytes_of(r) <= bytes_of(row)]
                if not cheaper:
                    cells.append("-")
                    continue
                best = min(cheaper, key=lambda r: float(r["stall_rate"]))
                difference, low, high = paired[(network, row["policy"], best["policy"])]
                comparisons += 1
                verdict = "better" if high < 0 else "worse" if low > 0 else "not shown"
                cells.append(f"`{best['policy']}` {100 * float(best['stall_rate']):.2f} %, {points(difference)} "
                             f"[{points(low)}, {points(high)}] {verdict}")
            print("| " + " | ".join(cells) + " |")
        print()
    print(f"{comparisons} comparisons, each at 95 % on its own")


def differences(path):
    """(network, a, b) -> the stall rate's a − b and its interval, both orders."""
    table = {}
    for row in csv.DictReader(open(path, newline="")):
        if row["metric"] != "stall_rate":
            continue
        d, low, high = (float(row[key]) for key in ("difference", "difference_ci_low", "difference_ci_high"))
        table[(row["network"], row["policy_a"], row["policy_b"])] = (d, low, high)
        table[(row["network"], row["policy_b"], row["policy_a"])] = (-d, -high, -low)
    return table


def points(value):
    return f"{100 * value:+.2f}"


def name(row):
    return row["policy"].split(":")[0]


def bytes_of(row):
    return float(row["bytes_per_navigation"])


if __name__ == "__main__":
    main()
