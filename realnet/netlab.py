"""The lab: three network namespaces joined by two veth pairs, a userspace delay line and a tc
bottleneck, all of which exist only while the check runs.

    client (C) c0 ── r0 router (R) r1 ── s0 server (S)
                        │       │
                        └─ dl ──┘   every packet the router forwards goes through the tun
                                    device dl, where delayline.py holds it half a round trip

The router's r0 carries the downlink's bottleneck: `tc qdisc … tbf` at the network's rate, with a
queue of `queue_bytes`. The uplink is not shaped (the model has no uplink limit).

Nothing here is reachable from the host's own namespaces: the check runs inside a private mount
namespace (`unshare --mount`) with a tmpfs over /run, so the `ip netns` names live and die with
it, and every process it starts is killed when the check's process dies (PR_SET_PDEATHSIG), so
the namespaces, their links and their qdiscs go with it, also after a kill -9.
"""

import ctypes
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT_ADDRESS, SERVER_ADDRESS, PORT = "10.99.1.2", "10.99.2.2", 8080

_libc = ctypes.CDLL(None, use_errno=True)
_PR_SET_PDEATHSIG = 1


def die_with_parent():
    """In a child, before exec: the kernel kills it when the process that started it dies."""
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:
        os._exit(1)


def lab_process():
    """In a child of the lab (delay line, server, client), before exec: dies with the check, and
    runs ahead of other work on the machine (a build beside the check would otherwise add its
    scheduling delays to the real times)."""
    die_with_parent()
    try:
        os.nice(-10)
    except OSError:
        pass


def run(*command, check=True):
    result = subprocess.run(command, capture_output=True, text=True, preexec_fn=die_with_parent)
    if check and result.returncode != 0:
        raise LabError(f"`{' '.join(command)}` failed: {(result.stderr or result.stdout).strip()}")
    return result


class LabError(Exception):
    """The lab could not be built: the reason, said so a user can act on it."""


class Lab:
    """The namespaces of one check run, named after its process, with one network's link."""

    def __init__(self, rtt_ms, downlink_kbps, queue_bytes, sender):
        self.prefix = f"db{os.getpid()}"
        self.client, self.router, self.server = (f"{self.prefix}c", f"{self.prefix}r", f"{self.prefix}s")
        self.rtt_ms, self.downlink_kbps, self.queue_bytes, self.sender = rtt_ms, downlink_kbps, queue_bytes, sender
        self.processes = []

    # MARK: building

    def __enter__(self):
        try:
            self._build()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def _build(self):
        for name in (self.client, self.router, self.server):
            run("ip", "netns", "add", name)
            self.ns(name, "ip", "link", "set", "lo", "up")
        run("ip", "link", "add", "c0", "netns", self.client, "type", "veth", "peer", "name", "r0", "netns", self.router)
        run("ip", "link", "add", "s0", "netns", self.server, "type", "veth", "peer", "name", "r1", "netns", self.router)
        self._address(self.client, "c0", CLIENT_ADDRESS, "10.99.1.1")
        self._address(self.server, "s0", SERVER_ADDRESS, "10.99.2.1")
        self.ns(self.router, "ip", "addr", "add", "10.99.1.1/24", "dev", "r0")
        self.ns(self.router, "ip", "addr", "add", "10.99.2.1/24", "dev", "r1")
        for device in ("r0", "r1"):
            self.ns(self.router, "ip", "link", "set", device, "up")
        for key in ("net.ipv4.ip_forward=1", "net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0",
                    "net.ipv4.conf.all.send_redirects=0"):
            self.ns(self.router, "sysctl", "-q", "-w", key)
        self._start_delay_line()
        for device in ("r0", "r1", "dl"):
            self.ns(self.router, "sysctl", "-q", "-w", f"net.ipv4.conf.{device}.rp_filter=0")
        # What arrives from either side goes to the delay line; what the delay line gives back is
        # routed on by the main table (the connected routes of r0 and r1).
        self.ns(self.router, "ip", "route", "add", "default", "dev", "dl", "table", "100")
        self.ns(self.router, "ip", "rule", "add", "iif", "r0", "lookup", "100")
        self.ns(self.router, "ip", "rule", "add", "iif", "r1", "lookup", "100")
        self.ns(self.router, "tc", "qdisc", "replace", "dev", "dl", "root", "pfifo", "limit", "100000")
        if self.downlink_kbps > 0:
            self.ns(self.router, "tc", "qdisc", "replace", "dev", "r0", "root", "tbf", "rate", f"{self.line_rate_bits()}bit",
                    "burst", str(self.burst_bytes()), "limit", str(self.queue_bytes))
        for name in (self.client, self.server):
            self._sender_settings(name)

    # A full frame on the wire: 1,448 bytes of payload (the MSS with TCP timestamps) and 66 of
    # Ethernet, IP and TCP headers.
    PAYLOAD_BYTES, FRAME_BYTES = 1448, 1514

    def line_rate_bits(self):
        """The bottleneck's rate on the wire: the spec's rate is the payload's (the bytes the app
        receives, as the presets' sources throttle them), so the wire carries the headers' share more."""
        return int(round(self.downlink_kbps * 1000 * self.FRAME_BYTES / self.PAYLOAD_BYTES))

    def burst_bytes(self):
        """tbf's bucket: one frame (with room for its accounting), so that an idle link sends no
        burst ahead of its rate, as a link that serialises packets does not; at least a tenth of a
        millisecond of the rate, which the kernel's timers need at high rates."""
        return max(1600, int(self.line_rate_bits() / 8 / 10000))

    def _address(self, namespace, device, address, gateway):
        self.ns(namespace, "ip", "addr", "add", f"{address}/24", "dev", device)
        self.ns(namespace, "ip", "link", "set", device, "up")
        self.ns(namespace, "ip", "route", "add", "default", "via", gateway)

    def _sender_settings(self, namespace):
        self.ns(namespace, "sysctl", "-q", "-w", f"net.ipv4.tcp_slow_start_after_idle={self.sender['slow_start_after_idle']}")
        if self.sender.get("initial_window"):
            gateway = "10.99.2.1" if namespace == self.server else "10.99.1.1"
            self.ns(namespace, "ip", "route", "change", "default", "via", gateway, "initcwnd", str(self.sender["initial_window"]))

    def _start_delay_line(self):
        one_way_us = int(round(self.rtt_ms * 1000 / 2))
        process = self.spawn(self.router, [sys.executable, os.path.join(HERE, "delayline.py"), "dl", str(one_way_us)],
                             stdout=subprocess.PIPE)
        line = process.stdout.readline().strip()
        if line != "ready":
            raise LabError(f"the delay line did not start ({line or 'no output'}): is /dev/net/tun there (modprobe tun)?")
        self.ns(self.router, "ip", "link", "set", "dl", "up")

    # MARK: using

    def ns(self, namespace, *command, check=True):
        return run("ip", "netns", "exec", namespace, *command, check=check)

    def spawn(self, namespace, command, **options):
        """A long-lived process inside `namespace`, killed when the check's process dies."""
        process = subprocess.Popen(["ip", "netns", "exec", namespace, *command], text=True, preexec_fn=lab_process,
                                   **options)
        self.processes.append(process)
        return process

    def settings(self):
        """What the sender's TCP did, read from the server's namespace, and the bottleneck."""
        def sysctl(key):
            return self.ns(self.server, "sysctl", "-n", key).stdout.strip()
        route = self.ns(self.server, "ip", "route", "show", "default").stdout.strip()
        qdisc = self.ns(self.router, "tc", "qdisc", "show", "dev", "r0").stdout.strip()
        return {
            "kernel": os.uname().release,
            "congestion_control": f"{self.sender['congestion_control']} (set on each of the server's sockets)",
            "slow_start_after_idle": sysctl("net.ipv4.tcp_slow_start_after_idle"),
            "initial_window": (route.split("initcwnd ")[1].split()[0] if "initcwnd" in route else "10 (kernel default)"),
            "tcp_wmem": sysctl("net.ipv4.tcp_wmem"),
            "tcp_rmem": sysctl("net.ipv4.tcp_rmem"),
            "bottleneck": qdisc,
            "one_way_delay_us": int(round(self.rtt_ms * 1000 / 2)),
        }

    # MARK: taking down

    def close(self):
        for process in self.processes:
            if process.poll() is None:
                process.kill()
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        self.processes = []
        for name in (self.client, self.router, self.server):
            run("ip", "netns", "del", name, check=False)


def enter_private_mounts(argv):
    """Re-runs the check in a private mount namespace with its own /run, unless it is in one: the
    `ip netns` names it makes then vanish with it, whatever ends it."""
    if os.environ.get("DECKBENCH_REALNET_INSIDE") == "1":
        subprocess.run(["mount", "-t", "tmpfs", "realnet", "/run"], check=True)
        os.makedirs("/run/netns", exist_ok=True)
        return
    environment = dict(os.environ, DECKBENCH_REALNET_INSIDE="1")
    child = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "--", sys.executable, *argv],
                             env=environment, preexec_fn=die_with_parent)

    def forward(signum, _frame):
        child.send_signal(signum)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, forward)
    while True:
        try:
            sys.exit(child.wait())
        except InterruptedError:
            continue


def wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise LabError(f"{what} within {seconds} s")
