#!/usr/bin/env python3
"""Another model against the real runs of an earlier check: the check's comparison, with the
model's side read from another schedule (`deckbench schedule` of the same sessions and policies on
a spec of the same link with other model parameters) and the real side from the earlier report's
requests.csv. A request whose ask time differs in the two schedules (the other model changed what
the app asked for, and when) has no real end here and is counted as missing.

    python3 realnet/against.py REPORT_FOLDER SCHEDULE_FOLDER [--out FOLDER]
"""

import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis  # noqa: E402
import schedule as schedule_file  # noqa: E402


def link_key(spec):
    _, values = schedule_file.parse_spec(spec)
    return tuple(values.get(key) for key in ("rtt_ms", "downlink_kbps", "connections", "server_ms"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report")
    parser.add_argument("schedule")
    parser.add_argument("--out")
    options = parser.parse_args()
    try:
        networks = schedule_file.read([options.schedule], max_idle_us=0)
    except schedule_file.ScheduleError as error:
        sys.exit(f"against: {error} (the second folder must be a schedule, written by `deckbench schedule`; the first the "
                 "check's report)")
    if not os.path.exists(os.path.join(options.report, "requests.csv")):
        sys.exit(f"against: {options.report} is not a check's report folder (no requests.csv): give the report first, then the schedule")
    real = {}  # (link, session, policy, id) → sent, [end by run]
    runs = 0
    with open(os.path.join(options.report, "requests.csv"), newline="") as handle:
        reader = csv.DictReader(handle)
        if "real_end_us" not in (reader.fieldnames or []):
            sys.exit(f"against: {options.report}/requests.csv is not a check's report (no real_end_us): give the report "
                     "first, then the schedule")
        for row in reader:
            key = (link_key(row["network"]), row["session"], row["policy"], int(row["request"]))
            run = int(row["run"]) - 1
            runs = max(runs, run + 1)
            entry = real.setdefault(key, (int(row["sent_us"]), {}))
            entry[1][run] = int(row["real_end_us"]) if row["real_end_us"] else None
    results = []
    with open(os.path.join(options.report, "settings.json")) as handle:
        import json
        settings = json.load(handle)
    for network in networks:
        by_run = [{} for _ in range(runs)]
        matched = mismatched = 0
        for replay in network.replays:
            for request in replay.playable():
                found = real.get((link_key(network.spec), replay.session, replay.policy, request["id"]))
                if found is None or found[0] != request["sent_us"]:
                    mismatched += 1
                    continue
                matched += 1
                for run in range(runs):
                    by_run[run].setdefault(replay.key, {})[str(request["id"])] = [request["sent_us"], found[1].get(run)]
        if matched == 0:
            sys.exit(f"against: no request of {network.spec} matches the report's (another link, other sessions or policies?): "
                     "give a schedule of the same sessions and policies on the same link")
        lab = next((value for spec, value in settings.items() if link_key(spec) == link_key(network.spec)), {})
        results.append(analysis.NetworkResult(network, by_run, dict(lab, requests_matched=matched, requests_unmatched=mismatched)))

    class Options:
        pass
    report = analysis.Report(results, Options())
    print(report.text())
    if options.out:
        report.write(options.out)


if __name__ == "__main__":
    main()
