#!/usr/bin/env python3
"""`learned` against the front of fixed and directional windows, at equal bytes, on sessions it never saw.

    python3 docs/learned-vs-front.py DECKBENCH WORKDIR POPULATION [TEST_SEED]

POPULATION is `sample` (the bundled recordings, themselves generated with `generate`'s default
flags: learn on data/sessions-001 and -002, test on -003 and -004) or `NAME:FLAGS` for generated
users (learn on 20,000 sessions of seed 101, test on 20,000 others of seed TEST_SEED, default 105,
`generate FLAGS`), e.g. `p0.9:--persistence 0.9`. (Seed 102 was the development set on which the
ranking's horizon and weights, and the rule for a start with no direction, were chosen; seed 103
was looked at once while choosing; 104 held the first findings, before that rule; the findings
are on 105.)

On the test sessions, for lte and 3g: a sweep of fixed:radius=0..7, directional:behind=0..5,ahead=1..8
and learned:budget=1..8, then `deckbench hull` judges each learned budget against the windows' lower
convex hull read at its bytes per navigation — the chord between the two windows around it, which a
per-session mix of them reaches — with the paired 95 % interval of the difference in stall rate,
replicate by replicate, and the bytes difference beside it (0 unless learned spends more than the
hull's lowest point). Prints `deckbench hull`'s table per network.
"""
import os
import subprocess
import sys


def run(tool, *args, cwd, capture=False):
    result = subprocess.run([tool, *args], cwd=cwd, check=True, stdout=subprocess.PIPE if capture else subprocess.DEVNULL, text=True)
    return result.stdout


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
    run(tool, "replay", *test, "--network", "lte", "--network", "3g", "--policy", "fixed:radius=0..7",
        "--policy", "directional:behind=0..5,ahead=1..8", "--policy", f"learned:model={model},budget=1..8",
        "--sessions-format", "none", "--quiet", "--out", f"{name}-sweep", cwd=work)
    print(f"{name}:\n")
    print(run(tool, "hull", f"{name}-sweep", "--family", "learned", cwd=work, capture=True))


if __name__ == "__main__":
    main()
