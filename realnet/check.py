#!/usr/bin/env python3
"""DeckBench's real-network check: plays a replay's request schedule over the Linux TCP stack and
says how far the model's link is from it. See realnet/README.md.

    sudo python3 realnet/check.py --deckbench .build/release/deckbench data \\
        --network 'lte:rtt_ms=100,jitter=0,downlink_kbps=2000,connections=2' --out realnet-report
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis  # noqa: E402
import netlab  # noqa: E402
import schedule as schedule_file  # noqa: E402

EXIT_USAGE, EXIT_UNAVAILABLE, EXIT_DATA, EXIT_OUT_OF_BOUNDS = 64, 69, 65, 2
HERE = os.path.dirname(os.path.abspath(__file__))


class Parser(argparse.ArgumentParser):
    """argparse with the usage error's status the check's own (64), not 2 (`--bounds`'s)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def arguments(argv):
    parser = Parser(
        prog="realnet/check.py", description="Play DeckBench replays' requests over a real TCP stack (network namespaces, "
        "tc tbf, a userspace delay line) and compare each request's end, each navigation's stall verdict and each "
        "policy's stall time with the model's.")
    parser.add_argument("recordings", nargs="*", help="recordings (files or folders) to replay with `deckbench schedule`")
    parser.add_argument("--deckbench", default="deckbench", help="the deckbench binary (default: deckbench on the PATH)")
    parser.add_argument("--schedule", action="append", default=[],
                        help="a folder `deckbench schedule` wrote, instead of recordings (repeatable)")
    parser.add_argument("--network", action="append", default=[], help="a network spec, repeatable (parametric, "
                        "jitter=0, no loss or outages); one lab each")
    parser.add_argument("--policy", action="append", default=[], help="a policy spec, repeatable (default: deckbench's)")
    parser.add_argument("--sessions", type=int, default=10, help="sessions to replay (the first valid ones; default 10)")
    parser.add_argument("--session", action="append", default=[], help="a session id to replay, repeatable (instead "
                        "of --sessions)")
    parser.add_argument("--seed", help="the replay's seed (deckbench's default when not given)")
    parser.add_argument("--runs", type=int, default=5, help="times each replay is played for real (default 5)")
    parser.add_argument("--out", default="realnet-report", help="the report's folder (default realnet-report)")
    parser.add_argument("--queue-bytes", type=int, default=0, help="the bottleneck's queue in bytes (default: 500 ms "
                        "of the downlink's rate, at least 64,000)")
    parser.add_argument("--congestion-control", default="cubic", help="the sender's congestion control (default cubic)")
    parser.add_argument("--slow-start-after-idle", type=int, choices=(0, 1), default=1,
                        help="net.ipv4.tcp_slow_start_after_idle in the lab (default 1, Linux's default)")
    parser.add_argument("--initial-window", type=int, default=0, help="the route's initcwnd in segments (default: the "
                        "kernel's, 10)")
    parser.add_argument("--max-idle-ms", type=int, default=2000, help="an idle stretch of a replay (nothing in flight) "
                        "longer than this is played as this long (default 2000; 0 keeps every gap)")
    parser.add_argument("--max-minutes", type=float, default=30, help="refuse a plan that would take longer, and stop "
                        "at this bound plus two minutes (default 30)")
    parser.add_argument("--bounds", choices=("none", "ci"), default="none", help="ci: exit 2 unless every request "
                        "completed, the schedule's stalls recompute exactly and ≥ 90 %% of stall verdicts agree")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors and the report's path")
    return parser.parse_args(argv)


def refuse(message, status=EXIT_UNAVAILABLE):
    print(f"realnet: {message}", file=sys.stderr)
    sys.exit(status)


def preflight():
    """Everything the lab needs, said before anything is made."""
    if sys.platform != "linux":
        refuse("the check needs Linux (network namespaces, tc)")
    if os.geteuid() != 0:
        refuse("the check needs root (CAP_NET_ADMIN) to create network namespaces: run it with sudo")
    for tool, package in (("ip", "iproute2"), ("tc", "iproute2"), ("unshare", "util-linux"), ("mount", "mount")):
        if shutil.which(tool) is None:
            refuse(f"`{tool}` is missing: install {package} (apt-get install -y {package})")
    if not os.path.exists("/dev/net/tun"):
        refuse("/dev/net/tun is missing: the delay line needs the tun driver (modprobe tun)")


def check_arguments(options):
    """What the flags say that cannot work, said before anything is made."""
    if options.runs < 1 or options.sessions < 1:
        refuse("--runs and --sessions must be at least 1", EXIT_USAGE)
    if options.max_minutes <= 0:
        refuse("--max-minutes must be above 0", EXIT_USAGE)
    if options.schedule and (options.recordings or options.network or options.policy or options.session):
        refuse("--schedule replaces recordings, --network, --policy and --session (the schedule already says them): give "
               "one or the other", EXIT_USAGE)
    if os.path.exists(options.out) and not os.path.isdir(options.out):
        refuse(f"--out {options.out} is a file: give a folder for the report", EXIT_USAGE)
    probe = os.path.abspath(options.out)
    while not os.path.exists(probe):
        probe = os.path.dirname(probe)
    if not os.access(probe, os.W_OK):
        refuse(f"--out {options.out}: cannot write in {probe}", EXIT_USAGE)


def make_schedules(options, folder):
    """The schedule folders: given, or written by `deckbench schedule` into `folder`."""
    if options.schedule:
        return options.schedule
    if not options.recordings:
        refuse("give recordings to replay, or --schedule FOLDER", EXIT_USAGE)
    if not options.network:
        refuse("give at least one --network (e.g. 'lte:rtt_ms=100,jitter=0,downlink_kbps=2000,connections=2')", EXIT_USAGE)
    command = [options.deckbench, "schedule", *options.recordings, "--out", folder, "--quiet"]
    command += [arg for session in options.session for arg in ("--session", session)] or ["--sessions", str(options.sessions)]
    for network in options.network:
        command += ["--network", network]
    for policy in options.policy:
        command += ["--policy", policy]
    if options.seed is not None:
        command += ["--seed", options.seed]
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        refuse(f"no deckbench at {options.deckbench}: build it (make release) and pass --deckbench PATH", EXIT_USAGE)
    except OSError as error:
        refuse(f"cannot run {options.deckbench}: {error.strerror}: pass --deckbench PATH to the deckbench binary", EXIT_USAGE)
    if result.returncode != 0:
        # deckbench's own status: 64 a bad flag, 65 unusable recordings, 74 unreadable ones, 1 rejects.
        refuse(f"`deckbench schedule` failed ({result.returncode}): {result.stderr.strip()}", result.returncode)
    if not os.path.isfile(os.path.join(folder, "requests.csv")):
        refuse(f"{options.deckbench} wrote no schedule: is it deckbench (0.2 or later, with `schedule`)?", EXIT_USAGE)
    return [folder]


def play_network(network, replays, options, deadline, say):
    """Plays every replay of `network` `options.runs` times in a lab of its link; returns the real
    times by run, and the lab's settings."""
    link = network.link
    queue_bytes = options.queue_bytes or max(64_000, int(link["downlink_kbps"] * 1000 / 8 * 0.5))
    sender = {"congestion_control": options.congestion_control, "slow_start_after_idle": options.slow_start_after_idle,
              "initial_window": options.initial_window}
    runs = []
    with netlab.Lab(link["rtt_ms"], link["downlink_kbps"], queue_bytes, sender) as lab:
        server = lab.spawn(lab.server, [sys.executable, os.path.join(HERE, "server.py"), netlab.SERVER_ADDRESS,
                                        str(netlab.PORT), str(link["server_ms"]), options.congestion_control],
                           stdout=subprocess.PIPE)
        started = server.stdout.readline().strip()
        if started != "ready":
            raise netlab.LabError(f"the lab's HTTP server did not start: {started or 'no output'}")
        settings = lab.settings()
        settings["queue_bytes"] = queue_bytes
        for run in range(options.runs):
            times = {}
            for session in network.sessions():
                if time.monotonic() > deadline:
                    raise netlab.LabError(f"the check passed its bound of {options.max_minutes} minutes")
                plan = {"connections": link["connections"], "pause_s": 0.5, "grace_s": 15.0,
                        "replays": [replay.plan() for replay in replays if replay.session == session]}
                client = lab.spawn(lab.client, [sys.executable, os.path.join(HERE, "client.py"), netlab.SERVER_ADDRESS,
                                                str(netlab.PORT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                output, _ = client.communicate(json.dumps(plan), timeout=max(30.0, deadline - time.monotonic()))
                if client.returncode != 0:
                    raise netlab.LabError(f"the lab's client failed ({client.returncode})")
                times.update(json.loads(output))
            runs.append(times)
            say(f"  {network.name}: run {run + 1} of {options.runs} played")
    return runs, settings


def main(argv):
    options = arguments(argv)
    preflight()
    check_arguments(options)
    netlab.enter_private_mounts([os.path.abspath(__file__), *argv])
    say = (lambda _: None) if options.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    work = tempfile.mkdtemp(prefix="realnet-")
    try:
        folders = make_schedules(options, os.path.join(work, "schedule"))
        try:
            networks = schedule_file.read(folders, max_idle_us=options.max_idle_ms * 1000)
        except schedule_file.ScheduleError as error:
            refuse(str(error), EXIT_DATA)
        estimate_s = sum(network.estimated_seconds(pause_s=0.7) for network in networks) * options.runs
        if estimate_s > options.max_minutes * 60:
            refuse(f"the plan would take about {estimate_s / 60:.1f} minutes, over --max-minutes {options.max_minutes:g}: "
                   "fewer --sessions or --runs, or a higher bound", EXIT_USAGE)
        say(f"realnet: {sum(len(n.replays) for n in networks)} replays × {options.runs} run{'' if options.runs == 1 else 's'}, about "
            f"{estimate_s / 60:.1f} minutes")
        deadline = time.monotonic() + options.max_minutes * 60 + 120
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        results = []
        for network in networks:
            runs, settings = play_network(network, network.replays, options, deadline, say)
            results.append(analysis.NetworkResult(network, runs, settings))
        report = analysis.Report(results, options)
        report.write(options.out)
        if not options.quiet:
            print(report.text())
        print(f"realnet: wrote {options.out}/report.md, requests.csv, navigations.csv, summary.csv", file=sys.stderr)
        if options.bounds == "ci":
            failures = report.ci_failures()
            for failure in failures:
                print(f"realnet: out of bounds: {failure}", file=sys.stderr)
            if failures:
                sys.exit(EXIT_OUT_OF_BOUNDS)
    except netlab.LabError as error:
        refuse(str(error))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
