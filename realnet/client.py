"""The lab's HTTP/1.1 client: plays replays' requests open-loop, at the times the schedule says
the app asked for them, over at most the model's connection slots (keep-alive; demand and
revalidation before prefetch, first come first served within each, a waiting prefetch moved to
the front when the app needs its page). Reads a plan (JSON) on stdin and writes, per replay, when
each request got a connection and when its last byte arrived (µs from the replay's start).

    python3 client.py ADDRESS PORT < plan.json > times.json
"""

import asyncio
import collections
import json
import socket
import sys


class Connection:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, address, port):
        reader, writer = await asyncio.open_connection(address, port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer)

    async def fetch(self, size):
        self.writer.write(b"GET /%d HTTP/1.1\r\nHost: lab\r\n\r\n" % size)
        length = None
        while True:
            line = await self.reader.readline()
            if not line:
                raise ConnectionError("closed by the server")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await self.reader.readexactly(length)

    def close(self):
        self.writer.close()


async def play(replay, slots, address, port, grace_s):
    loop = asyncio.get_running_loop()
    connections = [await Connection.open(address, port) for _ in range(slots)]
    free = list(connections)
    urgent, prefetch = collections.deque(), collections.deque()
    times = {}
    pending = {request["id"] for request in replay["requests"]}
    done = asyncio.Event()
    if not pending:
        done.set()
    start = loop.time() + 0.2

    def at(us):
        return start + us / 1e6

    def elapsed_us():
        return int(round((loop.time() - start) * 1e6))

    async def run(request, connection):
        got = elapsed_us()
        try:
            await connection.fetch(request["bytes"])
            times[request["id"]] = [got, elapsed_us()]
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            times[request["id"]] = [got, None]
        free.append(connection)
        pending.discard(request["id"])
        if not pending:
            done.set()
        dispatch()

    def dispatch():
        while urgent or prefetch:
            if not free:
                if slots > 0:
                    return
                loop.create_task(open_and_run((urgent or prefetch).popleft()))
                continue
            request = (urgent or prefetch).popleft()
            loop.create_task(run(request, free.pop()))

    async def open_and_run(request):
        await run(request, await Connection.open(address, port))

    def ask(request):
        (urgent if request["kind"] != "prefetch" else prefetch).append(request)
        dispatch()

    def promote(request):
        if request in prefetch:
            prefetch.remove(request)
            urgent.append(request)
            dispatch()

    # One callback an instant, doing that instant's asks and promotions in the schedule's order
    # (asyncio does not keep the order of timers due at the same time).
    instants = collections.defaultdict(list)
    for request in replay["requests"]:
        instants[request["at_us"]].append((ask, request))
        if request.get("promote_us") is not None:
            instants[request["promote_us"]].append((promote, request))

    def act(actions):
        for action, request in actions:
            action(request)
    for instant, actions in sorted(instants.items()):
        loop.call_at(at(instant), act, actions)
    try:
        await asyncio.wait_for(done.wait(), timeout=max(0.0, at(replay["end_us"]) - loop.time()) + grace_s)
    except asyncio.TimeoutError:
        pass
    for connection in connections + free:
        connection.close()
    return times


async def main():
    address, port = sys.argv[1], int(sys.argv[2])
    plan = json.load(sys.stdin)
    results = {}
    for replay in plan["replays"]:
        results[replay["key"]] = await play(replay, plan["connections"], address, port, plan["grace_s"])
        await asyncio.sleep(plan["pause_s"])
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    asyncio.run(main())
