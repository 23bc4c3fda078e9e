#!/usr/bin/env python3
"""`learned` learnt on one population and tested on another: a cross matrix at equal bytes.

    python3 docs/learned-cross.py DECKBENCH WORKDIR [BUDGET]

For every population A and B of POPULATIONS: learn on 20,000 sessions of A (seed 201), test on
20,000 of B (seed 206) beside the windows fixed:radius=0..7 and directional:behind=0..5,ahead=1..8,
and judge learned:budget=BUDGET (default 5) against the windows' lower convex hull at its bytes
(`deckbench hull`, paired), by the rule FINDINGS.md states: better (the 95 % interval wholly below
0), non-inferior (wholly below +0.1 points), not shown non-inferior (reaching past +0.1, not wholly
above 0), worse (wholly above 0). Prints a markdown matrix per network: rows learnt on, columns
tested on.
"""
import os
import re
import subprocess
import sys

POPULATIONS = {
    "base": [],
    "spread": ["--persistence-spread", "0.3", "--sessions-per-user", "10"],
    "memory": ["--turn-after-two", "0.5"],
    "near": ["--jump-near", "5", "--jump-probability", "0.1"],
    "skim": ["--skim-share", "0.3"],
}
MARGIN = 0.1


def run(tool, *args, cwd, capture=False):
    result = subprocess.run([tool, *args], cwd=cwd, check=True, stdout=subprocess.PIPE if capture else subprocess.DEVNULL, text=True)
    return result.stdout


def verdict(low, high):
    if high < 0:
        return "better"
    if low > 0:
        return "worse"
    return "non-inferior" if high < MARGIN else "not shown non-inferior"


def main():
    tool, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    budget = sys.argv[3] if len(sys.argv) > 3 else "5"
    os.makedirs(work, exist_ok=True)
    for name, flags in POPULATIONS.items():
        run(tool, "generate", "--out", f"{name}-train", "--sessions", "20000", "--seed", "201", *flags, cwd=work)
        run(tool, "generate", "--out", f"{name}-test", "--sessions", "20000", "--seed", "206", *flags, cwd=work)
        run(tool, "learn", f"{name}-train", "--out", f"{name}-model.json", cwd=work)
    cells = {}
    for tested in POPULATIONS:
        learned = sum((["--policy", f"learned:model={name}-model.json,budget={budget}"] for name in POPULATIONS), [])
        run(tool, "replay", f"{tested}-test", "--network", "lte", "--network", "3g", "--policy", "fixed:radius=0..7",
            "--policy", "directional:behind=0..5,ahead=1..8", *learned, "--sessions-format", "none", "--quiet",
            "--out", f"cross-{tested}", cwd=work)
        network = None
        for line in run(tool, "hull", f"cross-{tested}", "--family", "learned", cwd=work, capture=True).splitlines():
            if re.match(r"^\S+:$", line):
                network = line[:-1]
                continue
            match = re.match(r"learned:model=(\S+)-model\.json,budget=\d+\s.*\s([+-][\d.]+) \[([+-][\d.]+), ([+-][\d.]+)\]", line)
            if match:
                difference, low, high = (float(match.group(k)) for k in (2, 3, 4))
                cells[(network, match.group(1), tested)] = f"{difference:+.2f} [{low:+.2f}, {high:+.2f}] {verdict(low, high)}"
    for network in ("lte", "3g"):
        print(f"{network}, learned budget {budget} − the hull at its bytes, points (95 % CI), verdict; rows learnt on, columns tested on:\n")
        print("| learnt on \\ tested on | " + " | ".join(f"`{name}`" for name in POPULATIONS) + " |")
        print("|---|" + "---|" * len(POPULATIONS))
        for learnt in POPULATIONS:
            print(f"| `{learnt}` | " + " | ".join(cells.get((network, learnt, tested), "-") for tested in POPULATIONS) + " |")
        print()


if __name__ == "__main__":
    main()
