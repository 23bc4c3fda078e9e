"""Tests of the real-network check: its arithmetic on hand-worked replays, what it refuses, and
that a check killed midway leaves no namespace, link, qdisc or process behind.

    sudo python3 -m unittest discover -s realnet -v
"""

import csv
import os
import signal
import subprocess
import sys
import shutil
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analysis  # noqa: E402
import schedule  # noqa: E402

NETWORK = "lte:rtt_ms=100,jitter=0,downlink_kbps=2000,connections=2,server_ms=0,loss=0,timeout_ms=10000"
REQUEST_HEADER = ["session", "policy", "network", "request", "page", "kind", "attempt", "bytes", "sent_us", "started_us",
                  "end_us", "end", "needed_us"]
NAVIGATION_HEADER = ["session", "policy", "network", "page", "needed_us", "shown_us", "left_us", "stalled", "stall_end_us",
                     "abandoned", "supplier"]


def write_schedule(folder, requests, navigations, network=NETWORK):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "requests.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(REQUEST_HEADER)
        for row in requests:
            writer.writerow(["s", "fixed", network, *row])
    with open(os.path.join(folder, "navigations.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(NAVIGATION_HEADER)
        for row in navigations:
            writer.writerow(["s", "fixed", network, *row])


class Options:
    runs = 2


class ArithmeticTests(unittest.TestCase):
    """A replay of three requests worked by hand: a demand at 0 (model end 100 ms), a prefetch of
    page 1 at 0 (model end 200 ms) that page 1's navigation at 150 ms waited for, and a prefetch of
    page 2 at 1,000 ms (model end 1,100 ms) that page 2's navigation at 5,000 ms found."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        write_schedule(self.folder, [
            [0, 0, "demand", 0, 20000, 0, 0, 100000, "arrived", ""],
            [1, 1, "prefetch", 0, 20000, 0, 0, 200000, "arrived", 150000],
            [2, 2, "prefetch", 0, 20000, 1000000, 1000000, 1100000, "arrived", ""],
        ], [
            [1, 150000, 400000, 5000000, 1, 200000, 0, 1],
            [2, 5000000, 5200000, 9000000, 0, "", 0, 2],
        ])
        self.network = schedule.read([self.folder], max_idle_us=0)[0]
        self.replay = self.network.replays[0]

    def result(self, runs):
        return analysis.NetworkResult(self.network, runs, {"kernel": "test"})

    def test_the_schedule_reads_as_written(self):
        self.assertEqual(self.network.link, {"rtt_ms": 100.0, "downlink_kbps": 2000.0, "connections": 2, "server_ms": 0.0})
        self.assertEqual([r["id"] for r in self.replay.requests], [0, 1, 2])
        self.assertEqual(self.replay.plan()["requests"][1]["promote_us"], 150000)
        self.assertEqual(self.replay.end_us(), 9000000)

    def test_errors_verdicts_and_stall_time(self):
        # Run 1: every request 10 ms later than the model; run 2: the prefetch of page 1 arrives at
        # 140 ms (before its need: no stall for real) and page 2's at 5,100 ms (a 100 ms stall for real).
        runs = [{"s|fixed": {"0": [0, 110000], "1": [0, 210000], "2": [1000000, 1110000]}},
                {"s|fixed": {"0": [0, 100000], "1": [0, 140000], "2": [1000000, 5100000]}}]
        summary = analysis.Report([self.result(runs)], Options()).networks[0]
        self.assertEqual(summary["requests"], 6)
        self.assertEqual(summary["recomputed_mismatch"], 0)
        # |errors| in ms: 10, 10, 10, 0, 60, 4000.
        self.assertAlmostEqual(summary["median_abs_ms"], 10.0)
        self.assertEqual(summary["verdicts"], {"alike": 2, "model_only": 1, "real_only": 1, "unknown": 0})
        self.assertAlmostEqual(summary["alike_share"], 0.5)
        # Model: 50 ms each run. Real: run 1 60 ms; run 2 100 ms (page 2).
        self.assertEqual(summary["stall"]["fixed"], {"model": 50000, "real": [60000, 100000], "unknown": 0})
        # Noise: run 2 against run 1: 10, 70, 3,990 ms.
        self.assertAlmostEqual(summary["noise_median_ms"], 70.0)
        # Requests 0 and 1 overlap (0–100, 0–200 ms): one group, ending 200 ms in the model.
        self.assertEqual(summary["groups"], 2)
        self.assertAlmostEqual(summary["group_median_abs_ms"], 10.0 / 2 + 60.0 / 2)

    def test_a_request_that_never_ends_for_real_stalls_its_page_until_the_user_leaves(self):
        runs = [{"s|fixed": {"0": [0, 100000], "1": [0, None], "2": [1000000, 1100000]}}]
        summary = analysis.Report([self.result(runs)], Options()).networks[0]
        self.assertEqual(summary["missing"], 1)
        self.assertEqual(summary["stall"]["fixed"]["real"], [5000000 - 150000])
        failures = analysis.Report([self.result(runs)], Options()).ci_failures()
        self.assertEqual(len(failures), 1)
        self.assertIn("1 requests without a real end", failures[0])

    def test_a_request_not_played_leaves_its_navigation_unknown(self):
        # As against.py leaves out a request whose ask differs between two schedules.
        runs = [{"s|fixed": {"0": [0, 100000], "2": [1000000, 1100000]}}]
        summary = analysis.Report([self.result(runs)], Options()).networks[0]
        self.assertEqual((summary["missing"], summary["unplayed"], summary["requests"]), (0, 1, 2))
        self.assertEqual(summary["verdicts"], {"alike": 1, "model_only": 0, "real_only": 0, "unknown": 1})
        self.assertIn("— |", analysis.Report([self.result(runs)], Options()).text())

    def test_idle_stretches_are_cut_to_the_bound_and_times_mapped_back(self):
        network = schedule.read([self.folder], max_idle_us=500000)[0]
        replay = network.replays[0]
        # Idle from 200 ms to 1,000 ms: 800 ms, played as 500.
        self.assertEqual(replay.shift, {0: 0, 1: 0, 2: 300000})
        self.assertEqual(replay.plan()["requests"][2]["at_us"], 700000)
        result = analysis.NetworkResult(network, [{"s|fixed": {"0": [0, 100000], "1": [0, 200000], "2": [700000, 800000]}}], {})
        self.assertEqual(result.real_end(0, replay, 2), 1100000)

    def test_a_stall_the_user_left_ends_when_they_left(self):
        navigation = {"needed_us": 100, "left_us": 300}
        self.assertEqual(analysis.stall_us(navigation, None), 200)
        self.assertEqual(analysis.stall_us(navigation, 250), 150)
        self.assertEqual(analysis.stall_us(navigation, 50), 0)
        self.assertEqual(analysis.stall_us(navigation, 100), 0)

    def test_quantiles_interpolate(self):
        self.assertEqual(analysis.quantile([1, 2, 3, 4], 0.5), 2.5)
        self.assertAlmostEqual(analysis.quantile(list(range(11)), 0.9), 9.0)


class RefusalTests(unittest.TestCase):
    def test_a_network_the_lab_cannot_play_is_refused_with_its_key(self):
        folder = tempfile.mkdtemp()
        write_schedule(folder, [[0, 0, "demand", 0, 20000, 0, 0, 100000, "arrived", ""]], [],
                       network="lte:rtt_ms=100,jitter=0.3,downlink_kbps=2000,connections=2")
        with self.assertRaisesRegex(schedule.ScheduleError, "jitter=0"):
            schedule.read([folder], max_idle_us=0)

    def test_a_damaged_schedule_names_its_line(self):
        good = [0, 0, "demand", 0, 20000, 0, 0, 100000, "arrived", ""]
        cases = [
            ([1, 0, "demand", 0, "many", 0, 0, 100000, "arrived", ""], r"requests.csv:3: bytes is not a whole number"),
            ([1, 0, "demand", 0, -5, 0, 0, 100000, "arrived", ""], r"requests.csv:3: bytes -5 is outside 0 … 1000000000"),
            ([1, 0, "demand", 0, 2_000_000_000, 0, 0, 100000, "arrived", ""], r"requests.csv:3: bytes 2000000000 is outside"),
            ([1, 0, "weird", 0, 20000, 0, 0, 100000, "arrived", ""], r"requests.csv:3: kind weird is not demand, revalidation or prefetch"),
            ([1, 0, "demand", 0, 20000, 500, 500, 100, "arrived", ""], r"requests.csv:3: end_us 100 is before sent_us 500"),
            ([0, 0, "demand", 0, 20000, 0, 0, 100000, "arrived", ""], r"requests.csv:3: request 0 of this replay twice"),
        ]
        for row, message in cases:
            folder = tempfile.mkdtemp()
            write_schedule(folder, [good, row], [])
            with self.assertRaisesRegex(schedule.ScheduleError, message):
                schedule.read([folder], max_idle_us=0)
        folder = tempfile.mkdtemp()
        write_schedule(folder, [good], [[0, 0, 0, 10, "yes", "", 0, 0]])
        with self.assertRaisesRegex(schedule.ScheduleError, r"navigations.csv:2: stalled is not 0 or 1: 'yes'"):
            schedule.read([folder], max_idle_us=0)
        folder = tempfile.mkdtemp()
        write_schedule(folder, [good], [[0, 0, 0, 10, 0, "", 0, 99]])
        with self.assertRaisesRegex(schedule.ScheduleError, r"navigations.csv:2: supplier 99 is no request of its replay"):
            schedule.read([folder], max_idle_us=0)
        folder = tempfile.mkdtemp()
        write_schedule(folder, [good], [])
        with open(os.path.join(folder, "requests.csv")) as handle:
            text = handle.read()
        with open(os.path.join(folder, "requests.csv"), "w") as handle:
            handle.write(text.replace("bytes,", "size,", 1))
        with self.assertRaisesRegex(schedule.ScheduleError, r"requests.csv:1: no column bytes"):
            schedule.read([folder], max_idle_us=0)

    @unittest.skipUnless(os.geteuid() == 0, "needs root to drop to another user")
    def test_without_root_it_refuses_before_making_anything(self):
        # The other user runs a copy in a folder it can read: the clone may sit in one it cannot
        # (a `mktemp -d` folder is 0700), where Python would fail to open check.py (exit 2).
        copy = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, copy, True)
        os.chmod(copy, 0o755)
        for name in os.listdir(HERE):
            if name.endswith(".py"):
                shutil.copy(os.path.join(HERE, name), copy)
                os.chmod(os.path.join(copy, name), 0o644)
        result = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
                                 os.path.join(copy, "check.py"), "--schedule", "/nonexistent"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 69)
        self.assertIn("needs root", result.stderr)


def network_namespaces():
    """Every network namespace a process on the machine is in."""
    found = set()
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                found.add(os.readlink(f"/proc/{pid}/ns/net"))
            except OSError:
                pass
    return found


def lab_processes():
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    command = handle.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if any(os.path.join(HERE, name) in command for name in ("delayline.py", "server.py", "client.py", "check.py")):
                found.append((pid, command))
    return found


@unittest.skipUnless(os.geteuid() == 0 and sys.platform == "linux", "the lab needs root on Linux")
class CleanupTests(unittest.TestCase):
    """The check killed while it plays: nothing of it is left on the machine."""

    def start_check(self, folder):
        # Requests spread over 20 s: the lab is surely playing when the kill comes.
        write_schedule(folder, [[i, i, "demand", 0, 20000, i * 1000000, i * 1000000, i * 1000000 + 100000, "arrived", ""]
                                for i in range(20)], [])
        # SIGINT as a terminal's Ctrl-C finds it: a shell that starts a job in the background
        # without job control has it ignored, and the check would then never see the interrupt.
        return subprocess.Popen([sys.executable, os.path.join(HERE, "check.py"), "--schedule", folder, "--runs", "1",
                                 "--out", os.path.join(folder, "report"), "--quiet"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    def wait_until_playing(self, check):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if any("client.py" in command for _, command in lab_processes()):
                return
            self.assertIsNone(check.poll(), check.stderr.read().decode() if check.poll() is not None else "")
            time.sleep(0.1)
        self.fail("the check never started playing")

    def assert_nothing_left(self, namespaces_before, links_before):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (lab_processes() or network_namespaces() - namespaces_before):
            time.sleep(0.1)
        self.assertEqual(lab_processes(), [])
        self.assertEqual(network_namespaces() - namespaces_before, set())
        self.assertEqual(subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout, links_before)
        self.assertEqual(subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout, "")

    def check_killed_by(self, signum):
        namespaces_before = network_namespaces()
        links_before = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout
        folder = tempfile.mkdtemp()
        check = self.start_check(folder)
        self.wait_until_playing(check)
        check.send_signal(signum)
        check.wait(timeout=30)
        self.assert_nothing_left(namespaces_before, links_before)
        self.assertFalse(os.path.exists(os.path.join(folder, "report", "report.md")))

    def test_a_kill_9_leaves_nothing(self):
        self.check_killed_by(signal.SIGKILL)

    def test_an_interrupt_leaves_nothing(self):
        self.check_killed_by(signal.SIGINT)


if __name__ == "__main__":
    unittest.main()
