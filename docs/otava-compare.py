#!/usr/bin/env python3
"""Where `deckbench history check` and Apache Otava place a change, on the same simulated series.

Series of a stall rate of 3 %, nights spread by 0.2 points, each with a 95 % interval 0.8 points
wide (the simulation of docs/NIGHTLY.md's table, drawn here with numpy's generator), in three
scenarios: flat (30 nights); a step of +1.2 points on night 21 (30 nights); creeps of +0.3 points a
night, and of half, once and twice the limit a night, from night 21, checked every morning from
night 21 on; and a deterministic job's bytes per navigation growing 2 % a night against 5 %. DeckBench judges each with
`history check --max-increase stall_rate=0.005` (and once more at a limit of 0, where any confirmed
change fails); Otava (apache-otava, `compute_change_points` as `otava analyze` runs it: window 50,
p-value 0.001) gets the nights' values alone.

    docs/otava-compare.py [DECKBENCH] [SERIES]     (default .build/release/deckbench, 200)

With `--history FILE`, Otava's change points in every series of a DeckBench history instead
(the worked example's history-flags.csv and history-users.csv), by the history's night.

    docs/otava-compare.py --history FILE
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from otava.analysis import compute_change_points

if len(sys.argv) > 2 and sys.argv[1] == "--history":
    import csv
    rows = list(csv.DictReader(open(sys.argv[2])))
    nights = {run: night for night, run in enumerate(dict.fromkeys(row["run"] for row in rows), 1)}
    series = {}
    for row in rows:
        series.setdefault((row["metric"], row["policy"], row["network"]), []).append(row)
    for (metric, policy, network), members in sorted(series.items()):
        points = compute_change_points([float(row["value"]) for row in members], window_len=50, max_pvalue=0.001)[0]
        found = [f"night {nights[members[p.index]['run']]} ({p.stats.forward_change_percent():+.1f} %)" for p in points]
        print(f"{metric} of {policy} on {network}: {', '.join(found) if found else 'none'}")
    sys.exit(0)

deckbench = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/deckbench")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
scratch = tempfile.mkdtemp(prefix="otava-compare-")


def series(count, rng, shift=lambda night: 0.0):
    return [0.03 + shift(night) + 0.002 * rng.standard_normal() for night in range(1, count + 1)]


def check(values, limit, metric="stall_rate", deterministic=False):
    """The night of the first FAIL of `history check`, or None. Nights of a stall rate have an
    interval 0.8 points wide; a deterministic job's nights (`deterministic`: one corpus, one seed)
    an interval 12 % of the value wide, the same users' error every night."""
    path = os.path.join(scratch, "history.csv")
    with open(path, "w") as out:
        out.write("run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high,seed\n")
        for night, value in enumerate(values, 1):
            low, high = (value * 0.94, value * 1.06) if deterministic else (value - 0.004, value + 0.004)
            seed = "7" if deterministic else ""
            out.write(f"r{night},,,0.1.0,,c0,f0,fixed,lte,{metric},{value:.6f},{low:.6f},{high:.6f},{seed}\n")
    result = subprocess.run([deckbench, "history", "check", path, "--max-increase", f"{metric}={limit}"],
                            capture_output=True, text=True)
    found = re.search(r"^FAIL .* (?:from|since) night (\d+)", result.stdout, re.M)
    return int(found.group(1)) if found else None


def otava(values):
    """The nights (1-based) where Otava's change points start."""
    points, _ = compute_change_points(list(values), window_len=50, max_pvalue=0.001)
    return [point.index + 1 for point in points]


def share(count):
    return f"{count} ({100 * count / runs:.1f} %)"


rng = np.random.default_rng(2026)
flat_deckbench = flat_zero = flat_otava = 0
step_deckbench, step_otava = [], []
creep_deckbench, creep_otava = [], []
step = lambda night: 0.012 if night >= 21 else 0.0
creep = lambda night: 0.003 * (night - 20) if night >= 21 else 0.0
for _ in range(runs):
    flat = series(30, rng)
    flat_deckbench += check(flat, 0.005) is not None
    flat_zero += check(flat, 0) is not None
    flat_otava += bool(otava(flat))
    stepped = series(30, rng, step)
    step_deckbench.append(check(stepped, 0.005))
    step_otava.append(otava(stepped))
    crept = series(40, rng, creep)
    first = next(((n, night) for n in range(21, 41) if (night := check(crept[:n], 0.005)) is not None), (None, None))
    creep_deckbench.append(first)
    first = next(((n, points) for n in range(21, 41) if (points := otava(crept[:n]))), (None, None))
    creep_otava.append(first)

print(f"{runs} series a scenario")
print(f"flat: DeckBench failed {share(flat_deckbench)}, at a limit of 0 {share(flat_zero)}; Otava found a change in {share(flat_otava)}")
print(f"step on night 21: DeckBench failed {share(sum(n is not None for n in step_deckbench))}, "
      f"on night 21 {share(sum(n == 21 for n in step_deckbench))}, within a night {share(sum(n is not None and abs(n - 21) <= 1 for n in step_deckbench))}; "
      f"Otava found {share(sum(bool(p) for p in step_otava))}, one on night 21 {share(sum(21 in p for p in step_otava))}, "
      f"within a night {share(sum(any(abs(n - 21) <= 1 for n in p) for p in step_otava))}, "
      f"more than one {share(sum(len(p) > 1 for p in step_otava))}")
def caught(found):
    """First found after how many nights of the creep (median, 95th percentile, most), and where placed."""
    nights = sorted((n - 20) if n else 99 for n, _ in found)
    placed = [min(p) for n, p in found if n]
    where = f"placed on night {int(np.median(placed))} (median), {min(placed)}–{max(placed)}" if placed else "never found"
    return f"{nights[len(nights) // 2]} nights (median), {nights[len(nights) * 95 // 100]} (95th percentile), {nights[-1]} at most; {where}"


for name, found in [("DeckBench", [(n, [night] if night else []) for n, night in creep_deckbench]), ("Otava", creep_otava)]:
    print(f"creep of 0.3 points a night from night 21, {name}: first found after {caught(found)}")

# Creeps of half, once and twice the limit (0.5 points) a night, checked every morning from night 21.
for times, per_night in [("0.5×", 0.0025), ("1×", 0.005), ("2×", 0.01)]:
    rng = np.random.default_rng(2027)
    ours, theirs = [], []
    for _ in range(runs):
        crept = series(40, rng, lambda night: per_night * (night - 20) if night >= 21 else 0.0)
        ours.append(next(((n, [night]) for n in range(21, 41) if (night := check(crept[:n], 0.005)) is not None), (None, [])))
        theirs.append(next(((n, points) for n in range(21, 41) if (points := otava(crept[:n]))), (None, [])))
    print(f"creep of {times} the limit a night: DeckBench first failed it after {caught(ours)}; Otava first found it after {caught(theirs)}")

# A deterministic job: the same recordings and seed every night, bytes per navigation 2 % more a
# night from night 21, a limit of 5 %; no noise between nights, one error shared by all.
values = [45_380.0 * 1.02 ** max(0, night - 20) for night in range(1, 41)]
ours = next((n for n in range(21, 41) if check(values[:n], "5%", "bytes_per_navigation", deterministic=True) is not None), None)
theirs = next((n for n in range(21, 41) if otava(values[:n])), None)
print(f"deterministic job, 2 % a night against 5 % (past it on the creep's 3rd night): DeckBench failed it on the creep's night "
      f"{ours - 20 if ours else 'never'}, Otava found a change on its night {theirs - 20 if theirs else 'never'}")
