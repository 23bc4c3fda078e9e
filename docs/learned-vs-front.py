#!/usr/bin/env python3
"""`learned` against the Pareto front of fixed and directional windows, on sessions it never saw.

    python3 docs/learned-vs-front.py DECKBENCH WORKDIR POPULATION [TEST_SEED]

POPULATION is `sample` (the bundled recordings: learn on data/sessions-001 and -002, test on -003
and -004) or `NAME:FLAGS` for generated users (learn on 20,000 sessions of seed 101, test on
20,000 others of seed TEST_SEED, default 105, `generate FLAGS`), e.g. `p0.9:--persistence 0.9`.
(Seed 102 was the development set on which the ranking's horizon and weights, and the rule for a
start with no direction, were chosen; seed 103 was looked at once while choosing; 104 held the
first findings, before that rule; the findings are on 105.)

On the test sessions, for lte and 3g: a sweep of fixed:radius=0..7, directional:behind=0..5,ahead=1..8
and learned:budget=1..8; for each learned budget the best fixed or directional window at no more
bytes per navigation; then one replay of the learned points and those rivals (at most 16 policies,
so paired.csv pairs every two) for the paired difference of stall rates with its 95 % interval.
Prints a markdown table per network.
"""
import csv
import os
import subprocess
import sys


def run(tool, *args, cwd):
    subprocess.run([tool, *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def main():
    tool, work, population = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    test_seed = sys.argv[4] if len(sys.argv) > 4 else "105"
    os.makedirs(work, exist_ok=True)
    name = population.split(":")[0]
    if population == "sample":
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        train = [f"{root}/data/sessions-001.jsonl.zst", f"{root}/data/sessions-002.jsonl.zst"]
        test = [f"{root}/data/sessions-003.jsonl.zst", f"{root}/data/sessions-004.jsonl.zst"]
    else:
        flags = population.split(":", 1)[1].split()
        run(tool, "generate", "--out", f"{name}-train", "--sessions", "20000", "--seed", "101", *flags, cwd=work)
        run(tool, "generate", "--out", f"{name}-test", "--sessions", "20000", "--seed", test_seed, *flags, cwd=work)
        train, test = [f"{name}-train"], [f"{name}-test"]
    model = f"{name}-model.json"
    run(tool, "learn", *train, "--out", model, cwd=work)
    learned = [f"learned:model={model},budget={b}" for b in range(1, 9)]
    networks = ["--network", "lte", "--network", "3g"]
    run(tool, "replay", *test, *networks, "--policy", "fixed:radius=0..7", "--policy", "directional:behind=0..5,ahead=1..8",
        "--policy", f"learned:model={model},budget=1..8", "--sessions-format", "none", "--quiet", "--out", f"{name}-sweep", cwd=work)
    rows = list(csv.DictReader(open(f"{work}/{name}-sweep/summary.csv", newline="")))
    for network in dict.fromkeys(r["network"] for r in rows):
        here = [r for r in rows if r["network"] == network]
        rivals = {}
        for policy in learned:
            mine = next(r for r in here if r["policy"] == policy)
            cheaper = [r for r in here if r["policy"].split(":")[0] in ("fixed", "directional")
                       and float(r["bytes_per_navigation"]) <= float(mine["bytes_per_navigation"])]
            rivals[policy] = min(cheaper, key=lambda r: (float(r["stall_rate"]), float(r["bytes_per_navigation"]))) if cheaper else None
        pair_policies = list(dict.fromkeys(learned + [r["policy"] for r in rivals.values() if r]))
        short = network.split(":")[0]
        out = f"{name}-pairs-{short}"
        run(tool, "replay", *test, "--network", network, *sum((["--policy", p] for p in pair_policies), []),
            "--sessions-format", "none", "--quiet", "--out", out, cwd=work)
        paired = {(r["policy_a"], r["policy_b"]): r for r in csv.DictReader(open(f"{work}/{out}/paired.csv", newline=""))
                  if r["metric"] == "stall_rate"}
        print(f"{name}, {short}:\n")
        print("| learned budget | bytes/nav | stall rate | best window at ≤ bytes | its stall rate | paired difference (95 % CI) | verdict |")
        print("|---|---|---|---|---|---|---|")
        for policy in learned:
            mine = next(r for r in here if r["policy"] == policy)
            rival = rivals[policy]
            cells = [policy.split("budget=")[1], f"{float(mine['bytes_per_navigation']):,.0f}", pct(mine["stall_rate"])]
            if rival is None:
                cells += ["—", "—", "—", "no window that cheap"]
            else:
                pair = paired.get((policy, rival["policy"]))
                low, high = float(pair["difference_ci_low"]), float(pair["difference_ci_high"])
                verdict = "better" if high < 0 else "worse" if low > 0 else "tied"
                cells += [f"`{rival['policy']}` ({float(rival['bytes_per_navigation']):,.0f} B)", pct(rival["stall_rate"]),
                          f"{100 * float(pair['difference']):+.2f} ({100 * low:+.2f} … {100 * high:+.2f})", verdict]
            print("| " + " | ".join(cells) + " |")
        print()


def pct(value):
    return f"{100 * float(value):.2f} %"


if __name__ == "__main__":
    main()
