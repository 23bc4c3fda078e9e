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


REQUEST_COLUMNS = ["session", "policy", "network", "request", "page", "kind", "attempt", "bytes", "sent_us", "started_us",
                   "end_us", "end", "needed_us"]
NAVIGATION_COLUMNS = ["session", "policy", "network", "page", "needed_us", "shown_us", "left_us", "stalled", "stall_end_us",
                      "abandoned", "supplier"]
KINDS = ("demand", "revalidation", "prefetch")
ENDS = ("arrived", "failed", "waiting_at_end", "in_flight_at_end")
MAXIMUM_BYTES = 1_000_000_000


def _rows(path, columns):
    if not os.path.isfile(path):
        raise ScheduleError(f"{path}: missing (write it with `deckbench schedule`)")
    with open(path, newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header is None:
            raise ScheduleError(f"{path}:1: empty (no header)")
        for column in columns:
            if column not in header:
                raise ScheduleError(f"{path}:1: no column {column}")
        for row in reader:
            line = reader.line_num
            if len(row) != len(header):
                raise ScheduleError(f"{path}:{line}: {len(row)} fields where the header has {len(header)} (a line cut short?)")
            yield line, dict(zip(header, row))


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


def _flag(row, field, path, line):
    if row[field] not in ("0", "1"):
        raise ScheduleError(f"{path}:{line}: {field} is not 0 or 1: {row[field]!r}")
    return row[field] == "1"


def _request(row, path, line):
    request = {
        "id": _int(row, "request", path, line), "page": _int(row, "page", path, line), "kind": row["kind"],
        "bytes": _int(row, "bytes", path, line), "sent_us": _int(row, "sent_us", path, line),
        "started_us": _int(row, "started_us", path, line, empty=True), "end_us": _int(row, "end_us", path, line),
        "end": row["end"], "needed_us": _int(row, "needed_us", path, line, empty=True)}
    if request["kind"] not in KINDS:
        raise ScheduleError(f"{path}:{line}: kind {request['kind']} is not demand, revalidation or prefetch")
    if request["end"] not in ENDS:
        raise ScheduleError(f"{path}:{line}: end {request['end']} is not one of {', '.join(ENDS)}")
    if not 0 <= request["bytes"] <= MAXIMUM_BYTES:
        raise ScheduleError(f"{path}:{line}: bytes {request['bytes']} is outside 0 … {MAXIMUM_BYTES}")
    if request["sent_us"] < 0:
        raise ScheduleError(f"{path}:{line}: sent_us {request['sent_us']} is negative")
    if request["end_us"] < request["sent_us"]:
        raise ScheduleError(f"{path}:{line}: end_us {request['end_us']} is before sent_us {request['sent_us']}")
    return request


def read(folders, max_idle_us):
    """The networks of the schedule folders, each with its replays, in the files' order."""
    networks, replays = {}, {}
    for folder in folders:
        if not os.path.isdir(folder):
            raise ScheduleError(f"{folder}: no such folder (write one with `deckbench schedule … --out FOLDER`)")
        path = os.path.join(folder, "requests.csv")
        for line, row in _rows(path, REQUEST_COLUMNS):
            network = row["network"]
            if network not in networks:
                try:
                    networks[network] = Network(network)
                except ValueError:
                    raise ScheduleError(f"{path}:{line}: network {network!r} has a value that is not a number") from None
            key = (row["session"], row["policy"], network)
            if key not in replays:
                replays[key] = Replay(row["session"], row["policy"], network, max_idle_us)
                networks[network].replays.append(replays[key])
            request = _request(row, path, line)
            if any(known["id"] == request["id"] for known in replays[key].requests):
                raise ScheduleError(f"{path}:{line}: request {request['id']} of this replay twice (a session given twice?)")
            replays[key].requests.append(request)
        path = os.path.join(folder, "navigations.csv")
        for line, row in _rows(path, NAVIGATION_COLUMNS):
            key = (row["session"], row["policy"], row["network"])
            if key not in replays:
                raise ScheduleError(f"{path}:{line}: a navigation of a replay with no request in requests.csv")
            navigation = {
                "page": _int(row, "page", path, line), "needed_us": _int(row, "needed_us", path, line),
                "shown_us": _int(row, "shown_us", path, line), "left_us": _int(row, "left_us", path, line),
                "stalled": _flag(row, "stalled", path, line), "stall_end_us": _int(row, "stall_end_us", path, line, empty=True),
                "abandoned": _flag(row, "abandoned", path, line), "supplier": _int(row, "supplier", path, line, empty=True)}
            if navigation["supplier"] is not None and all(r["id"] != navigation["supplier"] for r in replays[key].requests):
                raise ScheduleError(f"{path}:{line}: supplier {navigation['supplier']} is no request of its replay")
            if navigation["left_us"] < navigation["needed_us"]:
                raise ScheduleError(f"{path}:{line}: left_us {navigation['left_us']} is before needed_us {navigation['needed_us']}")
            replays[key].navigations.append(navigation)
    if not networks:
        raise ScheduleError(f"no request in {', '.join(folders)}")
    for replay in replays.values():
        replay.compress()
    return list(networks.values())
