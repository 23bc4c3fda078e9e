#!/usr/bin/env python3
"""`history check`'s error rates on real replays: histories of thirty nights drawn from pools of
nights that the binary replayed, each on that night's 400 new sessions (`generate --seed N`), the
default job on lte.

  pool A: nights of the same population (users dwelling 2.5 s on a page, the generator's default);
  pool B: nights of users dwelling 1.8 s (a release that makes paging easier: more stalls, a step of
          about 1.1-1.6 times the README's limits, the size that is hard to confirm);
  pool C: nights of users dwelling 1.5 s (the worked example's step of docs/NIGHTLY.md).

Flat histories are 30 nights drawn from A without replacement (so each history's nights are
independent draws of one population, as a nightly job that replays that night's sessions has them);
step histories are 19 nights from A then 11 from B or C. Each is checked with the README's limits
(`--max-increase stall_rate=10%,stall_ms_cvar99=10%,bytes_per_navigation=5%`); a FAIL in a flat
history is a false alarm, in a step history a detection (and where it was placed).

    docs/history-calibration.py [DECKBENCH] [SCRATCH] [NIGHTS_A] [NIGHTS_B] [HISTORIES]
    (defaults: .build/release/deckbench /tmp/history-calibration 200 100 200)
"""
import csv
import os
import random
import re
import subprocess
import sys

deckbench = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/deckbench")
scratch = sys.argv[2] if len(sys.argv) > 2 else "/tmp/history-calibration"
nights_a = int(sys.argv[3]) if len(sys.argv) > 3 else 200
nights_b = int(sys.argv[4]) if len(sys.argv) > 4 else 100
histories = int(sys.argv[5]) if len(sys.argv) > 5 else 200
limits = ["--max-increase", "stall_rate=10%,stall_ms_cvar99=10%,bytes_per_navigation=5%"]
os.makedirs(scratch, exist_ok=True)


def run(*arguments):
    subprocess.run([deckbench, *arguments], check=True, capture_output=True, cwd=scratch)


def pool(name, count, first_seed, dwell):
    """The pool's history (one row block per night), replayed unless it is there already."""
    path = os.path.join(scratch, f"pool-{name}.csv")
    if not os.path.exists(path):
        for seed in range(first_seed, first_seed + count):
            run("generate", "--out", "rec", "--sessions", "400", "--files", "2", "--seed", str(seed), "--level", "3",
                "--dwell-median-ms", str(dwell), "--quiet")
            run("replay", "rec", "--out", "night", "--sessions-format", "none", "--quiet")
            run("history", "append", "night", "--history", f"pool-{name}.csv", "--label", f"{name}{seed}", "--quiet")
    rows = list(csv.DictReader(open(path)))
    nights = {}
    for row in rows:
        nights.setdefault(row["run"], []).append(row)
    return list(nights.values())


def check(nights):
    """`history check` on these nights in this order: its FAIL and unconfirmed lines."""
    path = os.path.join(scratch, "history.csv")
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(nights[0][0].keys()))
        writer.writeheader()
        for number, night in enumerate(nights, 1):
            for row in night:
                writer.writerow(dict(row, run=f"n{number}", label=f"night-{number}"))
    result = subprocess.run([deckbench, "history", "check", path, *limits], capture_output=True, text=True)
    return [line for line in result.stdout.splitlines() if line.startswith(("FAIL", "unconfirmed"))]


a = pool("a", nights_a, 1, 2500)
steps = {"1.8 s": pool("b", nights_b, 100_001, 1800), "1.5 s": pool("c", nights_b, 200_001, 1500)}
series = len(a[0])
stall_series = sum(1 for row in a[0] if row["metric"] == "stall_rate" and row["policy"] != "ondemand")
rng = random.Random(2026)
flat_histories = flat_series = flat_unconfirmed = 0
for _ in range(histories):
    lines = check(rng.sample(a, 30))
    failed = [line for line in lines if line.startswith("FAIL")]
    flat_histories += bool(failed)
    flat_series += len(failed)
    flat_unconfirmed += len(lines) - len(failed)
print(f"{histories} histories of 30 nights a scenario, {series} series each (pools of {len(a)} and {nights_b} replayed nights)")
print(f"flat: {flat_histories} histories failed ({100 * flat_histories / histories:.1f} %), "
      f"{flat_series} of {histories * series} series ({100 * flat_series / (histories * series):.2f} %); unconfirmed lines {flat_unconfirmed}")
for name, b in steps.items():
    failed_histories = stall_failed = stall_unconfirmed = on_night = 0
    ratios = []
    for _ in range(histories):
        lines = check(rng.sample(a, 19) + rng.sample(b, 11))
        failed_histories += any(line.startswith("FAIL") for line in lines)
        for line in lines:
            if " stall_rate of " not in line or " of ondemand " in line:
                continue
            stall_failed += line.startswith("FAIL")
            stall_unconfirmed += line.startswith("unconfirmed")
            on_night += bool(re.search(r"(from|since) night 20 ", line))
            size = float(re.search(r": ([+-][0-9.e+-]+) \(95", line).group(1))
            detectable = float(line.rsplit("detectable ", 1)[1])
            ratios.append(detectable / size)
    ratios.sort()
    print(f"users dwelling {name} from night 20: {failed_histories} histories failed ({100 * failed_histories / histories:.1f} %); "
          f"stall_rate of the three prefetching policies ({histories * stall_series} series): {stall_failed} failed, "
          f"{stall_unconfirmed} unconfirmed, {on_night} of those placed on night 20; detectable / change: median "
          f"{ratios[len(ratios) // 2] if ratios else float('nan'):.2f}")
