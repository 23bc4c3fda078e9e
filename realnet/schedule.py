"""The request schedule `deckbench schedule` writes (requests.csv, navigations.csv), read into
replays grouped by network, with the plan each replay gives the lab's client."""

import csv
import os

# What the lab can play: a parametric link without jitter, loss or outages.
REFUSED_KEYS = {"jitter": "a constant round trip (jitter=0)", "loss": "no loss (loss=0)",
                "outage_ms": "no outages (outage_ms=0)"}


class ScheduleError(Exception):
    """A schedule the check cannot play: the file, line and reason."""


def parse_spec(spec):
    name, _, rest = spec.partition(":")
    values = {}
    for pair in rest.split(","):
        if "=" in pair:
            key, value = pair.split("=", 1)
            values[key] = value
    return name, values


class Replay:
    """One session replayed with one policy on one network: its requests and navigations."""

    def __init__(self, session, policy, network, max_idle_us):
        self.session, self.policy, self.network = session, policy, network
        self.key = f"{session}|{policy}"
        self.requests, self.navigations = [], []
        self.max_idle_us = max_idle_us
        self.shift = {}  # request id → µs cut from the idle stretches before it

    def compress(self):
        """Idle stretches (nothing asked and not ended) longer than `max_idle_us` are played that
        long: each request's shift is what was cut before it was asked for."""
        busy_until, cut = 0, 0
        for request in sorted(self.requests, key=lambda r: (r["sent_us"], r["id"])):
            gap = request["sent_us"] - busy_until
            if self.max_idle_us > 0 and gap > self.max_idle_us:
                cut += gap - self.max_idle_us
            self.shift[request["id"]] = cut
            busy_until = max(busy_until, request["end_us"])
        self.cut_total = cut

    def playable(self):
        """The requests the lab plays: those whose size the replay knows (an answered request)."""
        return [r for r in self.requests if r["bytes"] > 0]

    def plan(self):
        requests = []
        for request in self.playable():
            shift = self.shift[request["id"]]
            requests.append({"id": str(request["id"]), "kind": request["kind"], "bytes": request["bytes"],
                             "at_us": request["sent_us"] - shift,
                             "promote_us": None if request["needed_us"] is None else request["needed_us"] - shift})
        return {"key": self.key, "requests": requests, "end_us": self.end_us() - self.cut_total}

    def end_us(self):
        return max([r["end_us"] for r in self.requests] + [n["left_us"] for n in self.navigations] + [0])

    def seconds(self):
        return (self.end_us() - self.cut_total) / 1e6


class Network:
    """Every replay on one network spec, and the link the lab builds for it."""

    def __init__(self, spec):
        self.spec = spec
        self.name, values = parse_spec(spec)
        for key, needs in REFUSED_KEYS.items():
            if float(values.get(key, "0")) != 0:
                raise ScheduleError(f"network {spec}: the lab needs {needs}; give the spec with {key}=0")
        for key in ("rtt_ms", "downlink_kbps", "connections"):
            if key not in values:
                raise ScheduleError(f"network {spec}: not a parametric network (no {key}); the lab plays parametric links")
        self.link = {"rtt_ms": float(values["rtt_ms"]), "downlink_kbps": float(values["downlink_kbps"]),
                     "connections": int(values["connections"]), "server_ms": float(values.get("server_ms", "0"))}
        self.replays = []

    def sessions(self):
        seen = []
        for replay in self.replays:
            if replay.session not in seen:
                seen.append(replay.session)
        return seen

    def estimated_seconds(self, pause_s):
        return sum(replay.seconds() + pause_s for replay in self.replays)


def _rows(path):
    if not os.path.exists(path):
        raise ScheduleError(f"{path}: missing (write it with `deckbench schedule`)")
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle)
        for line, row in enumerate(reader, start=2):
            yield line, row


def _int(row, field, path, line, empty=False):
    value = row.get(field)
    if value is None:
        raise ScheduleError(f"{path}:{line}: no column {field}")
    if value == "" and empty:
        return None
    try:
        return int(value)
    except ValueError:
        raise ScheduleError(f"{path}:{line}: {field} is not a whole number: {value!r}") from None


def read(folders, max_idle_us):
    """The networks of the schedule folders, each with its replays, in the files' order."""
    networks, replays = {}, {}
    for folder in folders:
        path = os.path.join(folder, "requests.csv")
        for line, row in _rows(path):
            network = row["network"]
            if network not in networks:
                networks[network] = Network(network)
            key = (row["session"], row["policy"], network)
            if key not in replays:
                replays[key] = Replay(row["session"], row["policy"], network, max_idle_us)
                networks[network].replays.append(replays[key])
            replays[key].requests.append({
                "id": _int(row, "request", path, line), "page": _int(row, "page", path, line), "kind": row["kind"],
                "bytes": _int(row, "bytes", path, line), "sent_us": _int(row, "sent_us", path, line),
                "started_us": _int(row, "started_us", path, line, empty=True), "end_us": _int(row, "end_us", path, line),
                "end": row["end"], "needed_us": _int(row, "needed_us", path, line, empty=True)})
        path = os.path.join(folder, "navigations.csv")
        for line, row in _rows(path):
            key = (row["session"], row["policy"], row["network"])
            if key not in replays:
                raise ScheduleError(f"{path}:{line}: a navigation of a replay with no request in requests.csv")
            replays[key].navigations.append({
                "page": _int(row, "page", path, line), "needed_us": _int(row, "needed_us", path, line),
                "shown_us": _int(row, "shown_us", path, line), "left_us": _int(row, "left_us", path, line),
                "stalled": row["stalled"] == "1", "stall_end_us": _int(row, "stall_end_us", path, line, empty=True),
                "abandoned": row["abandoned"] == "1", "supplier": _int(row, "supplier", path, line, empty=True)})
    if not networks:
        raise ScheduleError(f"no request in {', '.join(folders)}")
    for replay in replays.values():
        replay.compress()
    return list(networks.values())
