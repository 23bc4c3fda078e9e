"""The check's comparison: each request's end, each group of overlapping transfers' end, each
navigation's stall verdict and each policy's stall time, model against the real stack, and the
real stack against itself from run to run."""

import csv
import io
import json
import math
import os
import statistics


def quantile(values, q):
    """The q-quantile by linear interpolation between order statistics (numpy's default)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def t975(df):
    """Student's t at 0.975 for df degrees of freedom (a table to 30, the normal beyond)."""
    table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
             2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
    return table[df - 1] if df <= 30 else 1.96


def mean_interval(values):
    """The mean and its 95 % interval (Student's t); the interval is None under two values."""
    if len(values) < 2:
        return (values[0] if values else float("nan")), None
    mean = statistics.fmean(values)
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


class NetworkResult:
    """One network's replays and their real times, run by run: run → replay key → id → [got, end]."""

    def __init__(self, network, runs, settings):
        self.network, self.runs, self.settings = network, runs, settings

    def played(self, run, replay, request_id):
        """Whether the request was played for real in `run` (against.py leaves out a request whose
        ask differs between the two schedules)."""
        return str(request_id) in self.runs[run].get(replay.key, {})

    def real_end(self, run, replay, request_id):
        """The real end of a request in the schedule's time (µs), None if it did not complete."""
        times = self.runs[run].get(replay.key, {}).get(str(request_id))
        if not times or times[1] is None:
            return None
        return times[1] + replay.shift[request_id]

    def request_rows(self):
        for run in range(len(self.runs)):
            for replay in self.network.replays:
                for request in replay.playable():
                    if not self.played(run, replay, request["id"]):
                        continue
                    times = self.runs[run].get(replay.key, {}).get(str(request["id"]))
                    yield run, replay, request, (None if not times else times[0] + replay.shift[request["id"]]), \
                        self.real_end(run, replay, request["id"])

    def navigation_rows(self):
        """Each navigation, run by run, with the model's and the real stall (µs; 0: none), or the
        real stall None when its supplier is unknown or did not complete for real."""
        for run in range(len(self.runs)):
            for replay in self.network.replays:
                by_id = {r["id"]: r for r in replay.requests}
                for navigation in replay.navigations:
                    supplier = by_id.get(navigation["supplier"])
                    model = stall_us(navigation, supplier["end_us"] if supplier and supplier["end"] == "arrived" else None)
                    real = None
                    if supplier is not None and supplier["bytes"] > 0 and self.played(run, replay, supplier["id"]):
                        real = stall_us(navigation, self.real_end(run, replay, supplier["id"]))
                    yield run, replay, navigation, model, real


def stall_us(navigation, supplier_end_us):
    """The stall of a navigation whose data came at `supplier_end_us` (None: never): from need to
    the data, or to the user leaving."""
    end = navigation["left_us"] if supplier_end_us is None else min(supplier_end_us, navigation["left_us"])
    return max(0, end - navigation["needed_us"])


def overlap_groups(requests):
    """Requests whose transfers overlap (from connection to end, in the model), merged transitively;
    groups of two or more."""
    spans = sorted((r["started_us"], r["end_us"], r["id"]) for r in requests if r["started_us"] is not None and r["end"] == "arrived")
    groups, current, current_end = [], [], -1
    for start, end, request_id in spans:
        if current and start < current_end:
            current.append(request_id)
            current_end = max(current_end, end)
        else:
            if len(current) > 1:
                groups.append(current)
            current, current_end = [request_id], end
    if len(current) > 1:
        groups.append(current)
    return groups


class Report:
    """The check's report over every network: report.md, summary.csv, requests.csv, navigations.csv."""

    def __init__(self, results, options):
        self.results, self.options = results, options
        self.networks = [self._summarise(result) for result in results]

    def _summarise(self, result):
        network = result.network
        errors, relative, signed = [], [], []
        for run, replay, request, _, real in result.request_rows():
            if request["end"] != "arrived" or real is None:
                continue
            model_duration = request["end_us"] - request["sent_us"]
            error = real - request["end_us"]
            errors.append(abs(error) / 1000)
            signed.append(error / 1000)
            relative.append(abs(error) / model_duration if model_duration > 0 else 0.0)
        missing = sum(1 for _, _, request, _, real in result.request_rows() if real is None)
        group_errors, group_relative = [], []
        for run in range(len(result.runs)):
            for replay in network.replays:
                by_id = {r["id"]: r for r in replay.requests}
                for group in overlap_groups(replay.playable()):
                    if not all(result.played(run, replay, request_id) for request_id in group):
                        continue
                    ends = [result.real_end(run, replay, request_id) for request_id in group]
                    if any(end is None for end in ends):
                        continue
                    model_end = max(by_id[i]["end_us"] for i in group)
                    model_start = min(by_id[i]["started_us"] for i in group)
                    error = max(ends) - model_end
                    group_errors.append(abs(error) / 1000)
                    group_relative.append(abs(error) / max(1, model_end - model_start))
        verdicts = {"alike": 0, "model_only": 0, "real_only": 0, "unknown": 0}
        recomputed_mismatch = 0
        stall = {}  # policy → [model µs, real µs by run]
        paired = {}  # (session, run) → policy → real µs ; and model
        unplayed = sum(1 for run in range(len(result.runs)) for replay in network.replays for request in replay.playable()
                       if not result.played(run, replay, request["id"]))
        for run, replay, navigation, model, real in result.navigation_rows():
            if (model > 0) != navigation["stalled"] or (navigation["stalled"] and navigation["stall_end_us"] is not None
                                                        and model != navigation["stall_end_us"] - navigation["needed_us"]):
                recomputed_mismatch += 1
            entry = stall.setdefault(replay.policy, {"model": 0, "real": [0] * len(result.runs), "unknown": 0})
            if run == 0:
                entry["model"] += model
            unit = paired.setdefault((replay.session, run), {})
            unit.setdefault(replay.policy, [0, 0])
            unit[replay.policy][0] += model
            if real is None:
                verdicts["unknown"] += 1
                entry["unknown"] += 1
                continue
            entry["real"][run] += real
            unit[replay.policy][1] += real
            if (model > 0) == (real > 0):
                verdicts["alike"] += 1
            elif model > 0:
                verdicts["model_only"] += 1
            else:
                verdicts["real_only"] += 1
        noise = []
        for run in range(1, len(result.runs)):
            for replay in network.replays:
                for request in replay.playable():
                    first, this = result.real_end(run - 1, replay, request["id"]), result.real_end(run, replay, request["id"])
                    if first is not None and this is not None:
                        noise.append(abs(this - first) / 1000)
        policies = list(stall)
        pairs = []
        for i, first in enumerate(policies):
            for second in policies[i + 1:]:
                both = [unit for unit in paired.values() if first in unit and second in unit]
                model_difference = statistics.fmean([(unit[first][0] - unit[second][0]) / 1000 for unit in both])
                real_difference, interval = mean_interval([(unit[first][1] - unit[second][1]) / 1000 for unit in both])
                pairs.append({"first": first, "second": second, "model_ms": model_difference, "real_ms": real_difference,
                              "interval": interval, "units": len(both),
                              "same_sign": (model_difference > 0) == (real_difference > 0) and (model_difference < 0) == (real_difference < 0)})
        judged = verdicts["alike"] + verdicts["model_only"] + verdicts["real_only"]
        return {
            "result": result, "requests": len(errors), "missing": missing, "unplayed": unplayed,
            "median_abs_ms": quantile(errors, 0.5), "p90_abs_ms": quantile(errors, 0.9),
            "median_signed_ms": quantile(signed, 0.5), "median_rel": quantile(relative, 0.5), "p90_rel": quantile(relative, 0.9),
            "groups": len(group_errors), "group_median_abs_ms": quantile(group_errors, 0.5),
            "group_p90_abs_ms": quantile(group_errors, 0.9), "group_median_rel": quantile(group_relative, 0.5),
            "group_p90_rel": quantile(group_relative, 0.9),
            "verdicts": verdicts, "alike_share": verdicts["alike"] / judged if judged else float("nan"),
            "recomputed_mismatch": recomputed_mismatch,
            "stall": stall, "pairs": pairs,
            "noise_median_ms": quantile(noise, 0.5), "noise_p90_ms": quantile(noise, 0.9), "noise_pairs": len(noise),
        }

    # MARK: the text

    def text(self):
        lines = ["# DeckBench against a real TCP stack", ""]
        runs = len(self.results[0].runs)
        lines.append(f"{runs} run{'' if runs == 1 else 's'} a replay; sessions, policies and networks as the schedule says. "
                     "Requests and verdicts are counted once a run. Error: real end − model end of each request (its last "
                     "byte at the client), in the schedule's time; relative to the model's time from the app's ask to the "
                     "end. Group ends: the last end of each group of requests whose transfers overlapped in the model (how "
                     "many in brackets). Noise: the same request's real end in one run against the run before.")
        lines.append("")
        lines.append("| network | requests | median abs err | p90 abs err | median signed | median rel | p90 rel | "
                     "group ends: median rel / p90 rel | verdicts alike | real noise median / p90 |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|")
        def said(value, form, unit):
            return "—" if math.isnan(value) else format(value, form) + unit

        for summary in self.networks:
            lines.append(f"| `{summary['result'].network.spec}` | {summary['requests']} | {said(summary['median_abs_ms'], '.1f', ' ms')} | "
                         f"{said(summary['p90_abs_ms'], '.1f', ' ms')} | {said(summary['median_signed_ms'], '+.1f', ' ms')} | "
                         f"{said(100 * summary['median_rel'], '.1f', ' %')} | {said(100 * summary['p90_rel'], '.1f', ' %')} | "
                         f"{said(100 * summary['group_median_rel'], '.1f', ' %')} / {said(100 * summary['group_p90_rel'], '.1f', ' %')} "
                         f"({summary['groups']}) | {said(100 * summary['alike_share'], '.1f', ' %')} | "
                         f"{said(summary['noise_median_ms'], '.1f', '')} / {said(summary['noise_p90_ms'], '.1f', ' ms')} |")
        for summary in self.networks:
            network = summary["result"].network
            verdicts = summary["verdicts"]
            lines += ["", f"## `{network.spec}`", ""]
            lines.append(f"Stall verdicts: {verdicts['alike']} alike, {verdicts['model_only']} stalls in the model only, "
                         f"{verdicts['real_only']} for real only, {verdicts['unknown']} unknown (their request was not "
                         f"played). Requests without a real end: {summary['missing']}"
                         + (f"; not played (their ask differs in the schedule compared): {summary['unplayed']}" if summary['unplayed'] else "")
                         + f". Navigations whose stall the schedule does not recompute: {summary['recomputed_mismatch']}.")
            lines += ["", "| policy | stall time, model | stall time, real (mean of runs) | real − model |", "|---|---|---|---|"]
            for policy, entry in summary["stall"].items():
                real = statistics.fmean(entry["real"]) / 1000
                model = entry["model"] / 1000
                change = f"{100 * (real - model) / model:+.1f} %" if model and not entry["unknown"] else "—"
                lines.append(f"| `{policy}` | {model / 1000:.2f} s | {real / 1000:.2f} s | {change} |")
            if summary["pairs"]:
                lines += ["", "Paired differences of stall time, a session's replay with the first policy less the "
                          "second's, averaged over sessions (and runs, for real):", "",
                          "| first − second | model | real | real, 95 % interval (sessions × runs) | same sign |",
                          "|---|---|---|---|---|"]
                for pair in summary["pairs"]:
                    interval = pair["interval"]
                    interval_text = "—" if interval is None else f"{interval[0]:+.0f} … {interval[1]:+.0f} ms"
                    lines.append(f"| `{pair['first']}` − `{pair['second']}` | {pair['model_ms']:+.0f} ms | "
                                 f"{pair['real_ms']:+.0f} ms | {interval_text} ({pair['units']}) | "
                                 f"{'yes' if pair['same_sign'] else 'NO'} |")
            lines += ["", "The sender and the lab:", ""]
            for key, value in summary["result"].settings.items():
                lines.append(f"- {key}: {value}")
        return "\n".join(lines) + "\n"

    # MARK: the files

    def write(self, folder):
        os.makedirs(folder, exist_ok=True)
        self._atomic(folder, "report.md", self.text())
        self._atomic(folder, "summary.csv", self._summary_csv())
        self._atomic(folder, "requests.csv", self._requests_csv())
        self._atomic(folder, "navigations.csv", self._navigations_csv())
        settings = {summary["result"].network.spec: summary["result"].settings for summary in self.networks}
        self._atomic(folder, "settings.json", json.dumps(settings, indent=2, sort_keys=True) + "\n")

    @staticmethod
    def _atomic(folder, name, text):
        path = os.path.join(folder, name)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "w") as handle:
            handle.write(text)
        os.replace(temporary, path)

    def _summary_csv(self):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["network", "requests", "median_abs_error_ms", "p90_abs_error_ms", "median_signed_error_ms",
                         "median_rel_error", "p90_rel_error", "groups", "group_end_median_rel_error",
                         "group_end_p90_rel_error", "verdicts_alike", "model_only_stalls", "real_only_stalls",
                         "noise_median_ms", "noise_p90_ms"])
        for s in self.networks:
            writer.writerow([s["result"].network.spec, s["requests"], f"{s['median_abs_ms']:.3f}", f"{s['p90_abs_ms']:.3f}",
                             f"{s['median_signed_ms']:.3f}", f"{s['median_rel']:.4f}", f"{s['p90_rel']:.4f}", s["groups"],
                             f"{s['group_median_rel']:.4f}", f"{s['group_p90_rel']:.4f}", s["verdicts"]["alike"],
                             s["verdicts"]["model_only"], s["verdicts"]["real_only"], f"{s['noise_median_ms']:.3f}",
                             f"{s['noise_p90_ms']:.3f}"])
        return out.getvalue()

    def _requests_csv(self):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["network", "session", "policy", "request", "run", "kind", "bytes", "sent_us", "model_started_us",
                         "model_end_us", "real_started_us", "real_end_us"])
        for s in self.networks:
            for run, replay, request, started, real in s["result"].request_rows():
                writer.writerow([replay.network, replay.session, replay.policy, request["id"], run + 1, request["kind"],
                                 request["bytes"], request["sent_us"], "" if request["started_us"] is None else request["started_us"],
                                 request["end_us"], "" if started is None else started, "" if real is None else real])
        return out.getvalue()

    def _navigations_csv(self):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["network", "session", "policy", "page", "run", "needed_us", "left_us", "supplier", "model_stall_us",
                         "real_stall_us"])
        for s in self.networks:
            for run, replay, navigation, model, real in s["result"].navigation_rows():
                writer.writerow([replay.network, replay.session, replay.policy, navigation["page"], run + 1,
                                 navigation["needed_us"], navigation["left_us"],
                                 "" if navigation["supplier"] is None else navigation["supplier"], model,
                                 "" if real is None else real])
        return out.getvalue()

    def ci_failures(self):
        failures = []
        for s in self.networks:
            spec = s["result"].network.spec
            if s["missing"]:
                failures.append(f"{spec}: {s['missing']} requests without a real end")
            if s["recomputed_mismatch"]:
                failures.append(f"{spec}: {s['recomputed_mismatch']} navigations whose model stall the schedule does not recompute")
            if not s["alike_share"] >= 0.9:
                failures.append(f"{spec}: {100 * s['alike_share']:.1f} % of stall verdicts alike (bound: 90 %)")
        return failures
