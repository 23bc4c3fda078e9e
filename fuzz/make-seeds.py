#!/usr/bin/env python3
"""Writes fuzz/seeds/: the fuzz target's seed corpus. Valid sessions (plain and zstd, one frame and
several), one input per reject rule of RecordingError, and broken zstd streams. Run from the
repository's root: python3 fuzz/make-seeds.py (needs the zstd command)."""
import os
import subprocess

SEEDS = "fuzz/seeds"
HEAD = '{"v":1,"session":"s1","page":0,"first":-3,"last":3}'
EVENTS = [
    '{"t":100,"e":"swipe","dir":"next","dur":250}',
    '{"t":900,"e":"swipe","dir":"prev","dur":300,"cancel":true}',
    '{"t":1500,"e":"tap","dir":"next"}',
    '{"t":2200,"e":"scroll","y":640}',
    '{"t":3000,"e":"jump","page":-3}',
    '{"t":3600,"e":"swipe","dir":"prev","dur":200}',
    '{"t":9000,"e":"end"}',
]
VALID = [HEAD] + EVENTS
SECOND = ['{"v":1,"session":"s2","page":2,"first":0,"last":2}', '{"t":50,"e":"tap","dir":"next"}',
          '{"t":400,"e":"swipe","dir":"prev","dur":180}']

REJECTS = {
    "malformed-json": [HEAD, '{"t":100,"e":"swipe","dir":"next"'],
    "not-an-object": [HEAD, '[1,2,3]'],
    "neither-session-nor-event": [HEAD, '{"x":1}'],
    "unsupported-version": ['{"v":2,"session":"s1","page":0,"first":-3,"last":3}'],
    "missing-field": [HEAD, '{"t":100,"e":"swipe","dur":250}'],
    "invalid-field": [HEAD, '{"t":100,"e":"swipe","dir":"up","dur":250}'],
    "duplicate-field": [HEAD, '{"t":100,"t":200,"e":"tap","dir":"next"}'],
    "unknown-kind": [HEAD, '{"t":100,"e":"pinch"}'],
    "limits-reversed": ['{"v":1,"session":"s1","page":0,"first":3,"last":-3}'],
    "page-outside-limits": ['{"v":1,"session":"s1","page":9,"first":-3,"last":3}'],
    "jump-outside-limits": [HEAD, '{"t":100,"e":"jump","page":7}'],
    "time-went-backwards": [HEAD, '{"t":500,"e":"tap","dir":"next"}', '{"t":100,"e":"tap","dir":"next"}'],
    "event-outside-session": ['{"t":100,"e":"tap","dir":"next"}', HEAD],
    "event-after-end": [HEAD, '{"t":100,"e":"end"}', '{"t":200,"e":"tap","dir":"next"}'],
    "duplicate-session": VALID + [HEAD, '{"t":10,"e":"tap","dir":"next"}'],
    "escapes-and-unicode": ['{"v":1,"session":"s\\u00e9\\"x","page":0,"first":-3,"last":3}', '{"t":1,"e":"tap","dir":"next"}'],
    "spaces-and-field-order": ['{ "last" : 3 , "first" : -3, "page":0, "session":"s1", "v":1 }', '{"dir":"next","e":"tap","t":1}'],
    "huge-numbers": [HEAD, '{"t":99999999999999999999,"e":"tap","dir":"next"}'],
    "empty-lines-and-crlf": ["", HEAD + "\r", "", '{"t":1,"e":"tap","dir":"next"}\r'],
}


def write(name, data):
    with open(os.path.join(SEEDS, name), "wb") as f:
        f.write(data)


def zstd(data, *flags):
    return subprocess.run(["zstd", "-q", "-c", *flags], input=data, capture_output=True, check=True).stdout


def main():
    os.makedirs(SEEDS, exist_ok=True)
    valid = ("\n".join(VALID + SECOND) + "\n").encode()
    write("valid.jsonl", valid)
    write("valid-no-final-newline.jsonl", valid.rstrip(b"\n"))
    write("valid.jsonl.zst", zstd(valid, "--check"))
    # Two frames, the way `generate` writes files.
    write("valid-two-frames.jsonl.zst", zstd(("\n".join(VALID) + "\n").encode(), "--check")
          + zstd(("\n".join(SECOND) + "\n").encode(), "--check"))
    compressed = zstd(valid, "--check")
    write("zstd-truncated.jsonl.zst", compressed[: len(compressed) // 2])
    corrupt = bytearray(compressed)
    corrupt[len(corrupt) // 2] ^= 0xFF
    write("zstd-corrupt.jsonl.zst", bytes(corrupt))
    write("zstd-magic-only.zst", compressed[:4])
    write("empty.jsonl", b"")
    for name, lines in REJECTS.items():
        write(f"reject-{name}.jsonl", ("\n".join(lines) + "\n").encode())
    # A line past RecordingLimits.maxLineBytes (64 KiB), compressed so that the seed stays small.
    long_line = '{"t":1,"e":"tap","dir":"next","pad":"' + "x" * 70_000 + '"}'
    write("reject-line-too-long.jsonl.zst", zstd(("\n".join([HEAD, long_line]) + "\n").encode(), "--check"))
    # Nesting past RecordingLimits.maxNesting (64).
    deep = '{"t":1,"e":"tap","dir":"next","x":' + "[" * 100 + "]" * 100 + "}"
    write("reject-nesting-too-deep.jsonl", ("\n".join([HEAD, deep]) + "\n").encode())


if __name__ == "__main__":
    main()
