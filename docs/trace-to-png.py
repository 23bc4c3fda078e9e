#!/usr/bin/env python3
"""Draws a `deckbench trace` file as a timeline picture, track by track as Perfetto lays it out.

    python3 docs/trace-to-png.py trace.json timeline.png [--from-ms A] [--to-ms B]

Needs matplotlib. The README's timeline picture is made with it (the project's machine has no
browser to screenshot ui.perfetto.dev); open the JSON itself in ui.perfetto.dev or
chrome://tracing to explore it.
"""
import argparse
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLOURS = {  # Okabe–Ito
    "demand": "#D55E00", "revalidation": "#999999", "useful": "#009E73", "wasted": "#E69F00",
    "stall": "#CC0000", "page view": "#56B4E9", "reset": "#0072B2", "gesture": "#000000",
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("png")
    parser.add_argument("--from-ms", type=float, default=0)
    parser.add_argument("--to-ms", type=float, default=None)
    options = parser.parse_args()
    events = json.load(open(options.trace))["traceEvents"]
    processes = {e["pid"]: e["args"]["name"] for e in events if e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    timed = [e for e in events if e["ph"] != "M"]
    end = options.to_ms or max((e["ts"] + e.get("dur", 0)) / 1000 for e in timed)
    start = options.from_ms

    used = sorted({(e["pid"], e["tid"]) for e in timed})
    rows = []
    for pid in sorted(processes):
        rows.append(("process", pid, None))
        rows += [("track", pid, tid) for (p, tid) in used if p == pid]
    height = 0.32 * len(rows) + 0.8
    figure, axes = plt.subplots(figsize=(13, height))
    y_of = {}
    for index, (kind, pid, tid) in enumerate(rows):
        y = len(rows) - index
        if kind == "process":
            policy, network = processes[pid].split(" on ")
            axes.text(start - (end - start) * 0.12, y, f"{policy} on {network.split(':')[0]}", fontsize=9, fontweight="bold",
                      va="center")
        else:
            y_of[(pid, tid)] = y
            axes.text(start - (end - start) * 0.005, y, threads[(pid, tid)], fontsize=7, ha="right", va="center")
    for event in timed:
        y = y_of[(event["pid"], event["tid"])]
        x = event["ts"] / 1000
        if event["ph"] == "X":
            width = event["dur"] / 1000
            if x + width < start or x > end:
                continue
            category = event.get("cat", "")
            args = event.get("args", {})
            if category == "request":
                colour = COLOURS.get(args.get("prefetch", args.get("kind")), "#777777")
            else:
                colour = COLOURS.get(category, "#777777")
            axes.add_patch(plt.Rectangle((x, y - 0.35), max(width, (end - start) * 0.001), 0.7, color=colour,
                                         hatch="//" if args.get("end") == "failed" else None, alpha=0.9, linewidth=0))
            label = str(args.get("page", "")) if category in ("request", "page view") else ""
            if label and width > (end - start) * 0.02:
                axes.text(x + width / 2, y, label, fontsize=6, ha="center", va="center", color="white")
        elif start <= x <= end:
            axes.plot([x], [y], marker="v", color=COLOURS.get(event.get("cat", ""), "#000000"), markersize=5)
            if event.get("cat") == "gesture":
                name = event["name"].replace("swipe ended without a commit", "no commit").replace("swipe (cancelled)", "cancel")
                axes.text(x, y + 0.3, name, fontsize=6, ha="left", va="bottom", rotation=20)
    axes.set_xlim(start - (end - start) * 0.13, end)
    axes.set_ylim(0.3, len(rows) + 0.7)
    axes.set_yticks([])
    axes.set_xlabel("replay time (ms)")
    for spine in ("left", "right", "top"):
        axes.spines[spine].set_visible(False)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in COLOURS.values()]
    figure.legend(handles, [name.replace("useful", "prefetch, useful").replace("wasted", "prefetch, wasted") for name in COLOURS],
                  fontsize=7, ncol=8, loc="lower center", frameon=False)
    figure.subplots_adjust(left=0.02, right=0.99, top=0.97, bottom=1.1 / height)
    figure.savefig(options.png, dpi=110)


if __name__ == "__main__":
    main()
