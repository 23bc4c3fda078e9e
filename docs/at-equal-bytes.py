#!/usr/bin/env python3
"""Each policy of one family against the best of other families at no more bytes.

    python3 docs/at-equal-bytes.py SUMMARY.csv [FAMILY] [RIVAL ...]

For every network of a deckbench summary.csv and every policy of FAMILY (default: adaptive), in
order of bytes per navigation: its stall rate with its 95 % interval, and for each RIVAL family
(default: directional fixed) the lowest stall rate among its policies that spend no more bytes per
navigation. The verdict compares the intervals: "better" or "worse" when they do not overlap,
"same" when they do, "-" when the rival has no policy that cheap.
"""
import csv
import sys


def main():
    path = sys.argv[1]
    family = sys.argv[2] if len(sys.argv) > 2 else "adaptive"
    rivals = sys.argv[3:] or ["directional", "fixed"]
    rows = list(csv.DictReader(open(path, newline="")))
    for network in dict.fromkeys(row["network"] for row in rows):
        here = [row for row in rows if row["network"] == network]
        print(f"network {network}")
        header = ["policy", "bytes/nav", "stall rate"] + [f"best {rival} at ≤ bytes" for rival in rivals]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in sorted((r for r in here if name(r) == family), key=bytes_of):
            cells = [f"`{row['policy']}`", f"{bytes_of(row):,.0f}", rate(row)]
            for rival in rivals:
                cheaper = [r for r in here if name(r) == rival and bytes_of(r) <= bytes_of(row)]
                if not cheaper:
                    cells.append("-")
                    continue
                best = min(cheaper, key=lambda r: float(r["stall_rate"]))
                cells.append(f"{rate(best)} `{best['policy']}`: {verdict(row, best)}")
            print("| " + " | ".join(cells) + " |")
        print()


def name(row):
    return row["policy"].split(":")[0]


def bytes_of(row):
    return float(row["bytes_per_navigation"])


def rate(row):
    return f"{100 * float(row['stall_rate']):.2f} % ({100 * float(row['stall_rate_ci_low']):.2f}–{100 * float(row['stall_rate_ci_high']):.2f})"


def verdict(row, rival):
    if float(row["stall_rate_ci_high"]) < float(rival["stall_rate_ci_low"]):
        return "better"
    if float(row["stall_rate_ci_low"]) > float(rival["stall_rate_ci_high"]):
        return "worse"
    return "same"


if __name__ == "__main__":
    main()
