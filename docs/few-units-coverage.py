#!/usr/bin/env python3
"""How often summary.csv's and paired.csv's 95 % intervals hold the truth when a run rests on few
users: many small corpora of one generator, each replayed, their intervals checked against the
same columns of one very large corpus of that generator (the truth, its own noise far below the
small runs').

Each small corpus is `generate --sessions USERS*PER_USER --sessions-per-user PER_USER --seed S`
(PER_USER 1: no user keys, the bootstrap then resamples sessions), replayed with the default job
on lte; the truth is the same generator with 20,000 sessions (`--seed 900001`), `--bootstrap 0`.
Per column it counts the rows (policy, or pair of policies) whose interval holds the truth, over
all corpora; the four policies of a corpus share its sessions, so rows are not independent:
the corpus count is what the precision rests on.

A user's sessions share the user's traits, so a session's marginal distribution is the same for
every PER_USER above 1: one truth (`truth-10`, copied to `truth-K`) serves them all; PER_USER 1 has
no user traits and its own truth. Every checked row goes to SCRATCH/rows-USERSxPER_USER.csv (seed,
file, row, column, truth, point, low, high) for other rules to be tried on the same runs; FACTOR
moves each written end FACTOR times as far from its point before checking.

    docs/few-units-coverage.py DECKBENCH SCRATCH USERS PER_USER CORPORA [FIRST_SEED] [FACTOR]
    docs/few-units-coverage.py .build/debug/deckbench /tmp/few 4 10 400     # docs/STATISTICS.md, "Few units"
"""
import csv
import math
import os
import shutil
import subprocess
import sys

deckbench = os.path.abspath(sys.argv[1])
scratch = sys.argv[2]
users = int(sys.argv[3])
per_user = int(sys.argv[4])
corpora = int(sys.argv[5])
first_seed = int(sys.argv[6]) if len(sys.argv) > 6 else 1
factor = float(sys.argv[7]) if len(sys.argv) > 7 else None
os.makedirs(scratch, exist_ok=True)

COLUMNS = ["stall_rate", "stall_ms_per_navigation", "resets_per_navigation", "stale_updates_per_navigation",
           "bytes_per_navigation", "wasted_prefetches_per_navigation", "stall_ms_cvar99", "stall_ms_p99", "stall_ms_stalled_p99"]


def run(*arguments):
    subprocess.run([deckbench, *arguments], check=True, capture_output=True, cwd=scratch)


def read(folder):
    summary = {row["policy"]: row for row in csv.DictReader(open(os.path.join(folder, "summary.csv")))}
    paired_path = os.path.join(folder, "paired.csv")
    paired = {}
    if os.path.exists(paired_path):
        for row in csv.DictReader(open(paired_path)):
            paired[(row["policy_a"], row["policy_b"], row["metric"])] = row
    return summary, paired


def truth():
    folder = os.path.join(scratch, f"truth-{per_user}")
    if not os.path.exists(os.path.join(folder, "summary.csv")):
        run("generate", "--out", f"truth-rec-{per_user}", "--sessions", "20000", "--files", "4", "--sessions-per-user", str(per_user),
            "--seed", "900001", "--level", "1", "--quiet")
        run("replay", f"truth-rec-{per_user}", "--out", folder, "--bootstrap", "0", "--sessions-format", "none", "--quiet")
        shutil.rmtree(os.path.join(scratch, f"truth-rec-{per_user}"))
    summary, _ = read(folder)
    return summary


def number(text):
    return float(text) if text not in ("", None) else None


def widened(point, low, high):
    if factor is None:
        return low, high
    return min(low, point - factor * (point - low)), max(high, point + factor * (high - point))


def tally(counts, true, point, low, high):
    """Counts one interval: [held the truth, rows, rows without an interval]."""
    counts[1] += 1
    if low is None:
        counts[2] += 1
        return
    low, high = widened(point, low, high)
    counts[0] += low <= true <= high


truths = truth()
held = {}      # column -> [held, rows, rows without an interval]
held_pairs = {}
raw = csv.writer(open(os.path.join(scratch, f"rows-{users}x{per_user}.csv"), "w", newline=""))
raw.writerow(["seed", "file", "row", "column", "truth", "point", "low", "high"])
for seed in range(first_seed, first_seed + corpora):
    run("generate", "--out", "rec", "--sessions", str(users * per_user), "--sessions-per-user", str(per_user),
        "--seed", str(seed), "--level", "1", "--quiet")
    run("replay", "rec", "--out", "run", "--sessions-format", "none", "--quiet", "--jobs", "1")
    summary, paired = read(os.path.join(scratch, "run"))
    for policy, row in summary.items():
        for column in COLUMNS:
            true, point = number(truths[policy][column]), number(row[column])
            low, high = number(row[column + "_ci_low"]), number(row[column + "_ci_high"])
            if true is None or point is None:
                continue
            raw.writerow([seed, "summary", policy, column, true, point, low, high])
            tally(held.setdefault(column, [0, 0, 0]), true, point, low, high)
    for (a, b, metric), row in paired.items():
        if metric not in COLUMNS:
            continue
        ta, tb = number(truths[a][metric]), number(truths[b][metric])
        point = number(row["difference"])
        low, high = number(row["difference_ci_low"]), number(row["difference_ci_high"])
        if ta is None or tb is None or point is None:
            continue
        raw.writerow([seed, "paired", a + " - " + b, metric, ta - tb, point, low, high])
        tally(held_pairs.setdefault(metric, [0, 0, 0]), ta - tb, point, low, high)


def line(name, counts):
    inside, rows, none = counts
    judged = rows - none
    share = inside / judged if judged else float("nan")
    # Wilson 95 % interval of the share, as if rows were independent (they are not quite).
    z = 1.96
    centre = (share + z * z / (2 * judged)) / (1 + z * z / judged) if judged else float("nan")
    half = z * math.sqrt(share * (1 - share) / judged + z * z / (4 * judged * judged)) / (1 + z * z / judged) if judged else float("nan")
    return f"  {name:34s} {inside:5d} of {judged:5d} held ({100 * share:5.1f} %, {100 * (centre - half):4.1f}-{100 * (centre + half):4.1f})" \
        + (f", {none} without an interval" if none else "")


print(f"{corpora} corpora of {users} user(s) x {per_user} session(s), seeds {first_seed}-{first_seed + corpora - 1}"
      + (f", widened x{factor}" if factor else ""))
print("summary.csv (per policy):")
for column in COLUMNS:
    if column in held:
        print(line(column, held[column]))
print("paired.csv (per pair of policies):")
for column in COLUMNS:
    if column in held_pairs:
        print(line(column, held_pairs[column]))
