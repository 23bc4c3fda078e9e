"""The lab's HTTP/1.1 server: `GET /BYTES` answers BYTES bytes after `server_ms`, keep-alive.

    python3 server.py ADDRESS PORT SERVER_MS CONGESTION_CONTROL

Each connection's congestion control is set on its socket (TCP_CONGESTION, which root may set to
any algorithm the kernel has, where the namespace's sysctl allows only a few).
"""

import asyncio
import socket
import sys

BODY = bytes(16 * 1024 * 1024)


async def serve(reader, writer, server_ms, congestion_control):
    connection = writer.get_extra_info("socket")
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, congestion_control.encode())
    try:
        while True:
            line = await reader.readline()
            if not line:
                break
            while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                pass
            size = min(int(line.split()[1].lstrip(b"/")), len(BODY))
            if server_ms > 0:
                await asyncio.sleep(server_ms / 1000)
            # Head and body in one write, as a server's writev sends them: the head does not take
            # a segment of the initial window of its own.
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % size + BODY[:size])
            await writer.drain()
    except (ConnectionError, ValueError, IndexError):
        pass
    finally:
        writer.close()


async def main():
    address, port, server_ms, congestion_control = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    probe = socket.socket()
    try:
        probe.setsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, congestion_control.encode())
    except OSError as error:
        print(f"congestion control {congestion_control} refused: {error}", flush=True)
        return
    finally:
        probe.close()
    server = await asyncio.start_server(lambda r, w: serve(r, w, server_ms, congestion_control), address, port, backlog=256)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
