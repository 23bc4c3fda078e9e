"""The lab's propagation delay: every IP packet the router forwards is read from the tun device,
held `one_way_us` and written back, in order (a constant delay keeps packets in order, so one
first-in-first-out queue serves both directions). netem would do this in the kernel; where it is
missing, this does it in userspace. It prints "ready" once the device exists.

    python3 delayline.py DEVICE ONE_WAY_US
"""

import collections
import fcntl
import os
import select
import struct
import sys
import time

TUNSETIFF, IFF_TUN, IFF_NO_PI = 0x400454CA, 0x0001, 0x1000
PACKET_LIMIT = 100_000  # held at once: a bound on memory, far above what a shaped link carries


def open_tun(name):
    descriptor = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(descriptor, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    os.set_blocking(descriptor, False)
    return descriptor


def main():
    name, one_way_us = sys.argv[1], int(sys.argv[2])
    delay = one_way_us / 1e6
    descriptor = open_tun(name)
    print("ready", flush=True)
    held = collections.deque()
    poller = select.poll()
    poller.register(descriptor, select.POLLIN)
    while True:
        now = time.monotonic()
        while held and held[0][0] <= now:
            _, packet = held.popleft()
            try:
                os.write(descriptor, packet)
            except OSError:
                pass  # the device went down: the lab is being taken apart
        timeout_ms = None if not held else max(0.0, (held[0][0] - time.monotonic()) * 1000)
        # poll's timeout is whole milliseconds: wake a little early and spin the rest.
        if timeout_ms is not None and timeout_ms < 1.0:
            events = poller.poll(0)
        else:
            events = poller.poll(None if timeout_ms is None else int(timeout_ms))
        if not events:
            continue
        while len(held) < PACKET_LIMIT:
            try:
                packet = os.read(descriptor, 65_536)
            except BlockingIOError:
                break
            held.append((time.monotonic() + delay, packet))


if __name__ == "__main__":
    main()
