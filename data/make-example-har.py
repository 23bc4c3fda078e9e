#!/usr/bin/env python3
"""Writes data/example-api.har: a HAR 1.2 file of 200 API requests of a paged screen, generated
(not captured) from a stated distribution, for `deckbench networks fit` examples and tests.

Each request is made on Wi-Fi (70 %) or on a cellular link (30 %): its round trip is log-normal
(Wi-Fi median 40 ms, sigma 0.3; cellular median 180 ms, sigma 0.5), the server takes 50 ms plus an
exponential 20 ms, a new connection (1 request in 5) costs a TCP round trip (and TLS, another), and
the body (8-40 kB) arrives at a log-normal rate (Wi-Fi median 6,000 kbit/s, cellular 1,500, sigma
0.4). Beside them: 10 responses from the memory cache, 5 failed (status 0), 5 redirects and 10 CDN
images, which `networks fit --filter '/api/'` leaves out and counts. Seeded: the same file every run.

    python3 data/make-example-har.py > data/example-api.har
"""
import json
import random

random.seed(2026)
entries = []


def entry(url, status, timings, body, transfer=None, extra=None):
    response = {"status": status, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                "content": {"size": body, "mimeType": "application/json"}, "redirectURL": "", "headersSize": -1,
                "bodySize": body}
    if transfer is not None:
        response["_transferSize"] = transfer
    item = {"startedDateTime": "2026-11-26T10:%02d:%02d.000Z" % (len(entries) // 60, len(entries) % 60),
            "time": sum(v for v in timings.values() if v > 0),
            "request": {"method": "GET", "url": url, "httpVersion": "HTTP/1.1", "headers": [], "queryString": [],
                        "cookies": [], "headersSize": -1, "bodySize": 0},
            "response": response, "cache": {}, "timings": timings}
    item.update(extra or {})
    entries.append(item)


for n in range(200):
    wifi = random.random() < 0.7
    rtt = random.lognormvariate(0, 0.3 if wifi else 0.5) * (40 if wifi else 180)
    server = 50 + random.expovariate(1 / 20)
    fresh = random.random() < 0.2
    body = random.randint(8_000, 40_000)
    rate = random.lognormvariate(0, 0.4) * (6_000 if wifi else 1_500)
    timings = {"blocked": round(random.uniform(0, 3), 2), "dns": round(rtt, 2) if fresh else -1,
               "connect": round(2 * rtt, 2) if fresh else -1, "ssl": round(rtt, 2) if fresh else -1,
               "send": 0.2, "wait": round(rtt + server, 2), "receive": round(body * 8 / rate, 2)}
    entry("https://app.example.com/api/day/%d" % (n - 100), 200, timings, body, transfer=body + 300)
for n in range(10):
    entry("https://app.example.com/api/day/%d" % n, 200, {"send": 0, "wait": 0, "receive": 0}, 12_000, transfer=0,
          extra={"_fromCache": "memory"})
for n in range(5):
    entry("https://app.example.com/api/day/%d" % (300 + n), 0, {"send": 0, "wait": -1, "receive": -1}, 0)
for n in range(5):
    entry("https://app.example.com/api/old/%d" % n, 302, {"send": 0.2, "wait": 90, "receive": 0}, 0)
for n in range(10):
    entry("https://cdn.example.com/img/%d.png" % n, 200, {"send": 0.2, "wait": 30, "receive": 40}, 60_000, transfer=60_300)

print(json.dumps({"log": {"version": "1.2", "creator": {"name": "data/make-example-har.py", "version": "1"},
                          "comment": "Generated, not captured: see data/make-example-har.py for the distribution.",
                          "entries": entries}}, separators=(",", ":")))
