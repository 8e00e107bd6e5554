"""Measuring helpers that `companion bench` runs inside MicroPython.

Mounted at /lib/bench_probe in the WebAssembly port (never on the device).
Every helper takes a callable with no arguments, made in an earlier chunk
(so making it allocates nothing here), and runs it once.
"""

import gc
import json
import sys

try:
    from js import performance  # the WebAssembly port under Node: microseconds

    def now_ms():
        return performance.now()
except ImportError:  # a real board
    import time

    def now_ms():
        return time.ticks_us() / 1000


def report(key, value):
    print("BENCH " + json.dumps([key, value]))


def layout(name):
    with open("/board_layouts/" + name + ".json") as f:
        return json.load(f)


def alloc(fn):
    """Bytes allocated by fn(): within one runPython call nothing is freed."""
    m = gc.mem_alloc()
    fn()
    return gc.mem_alloc() - m


_lines = 0


def _count(frame, event, arg):
    global _lines
    if event == "line":
        _lines += 1
    return _count


def lines(fn):
    """Python lines executed by fn() (needs the settrace build of the port)."""
    global _lines
    _lines = 0
    sys.settrace(_count)
    fn()
    sys.settrace(None)
    return _lines


def wall_us(fn, restore, reps):
    """Median microseconds of fn(), calling restore() (untimed) after each."""
    times = []
    for _ in range(reps):
        t = now_ms()
        fn()
        times.append((now_ms() - t) * 1000)
        restore()
    times.sort()
    return times[len(times) // 2]


def warm_up(ms=400):
    """Run the interpreter loop until the WebAssembly engine has compiled it
    with its optimising tier; wall times before that are several times slower."""
    t = now_ms()
    while now_ms() - t < ms:
        add_test([20000, 12345678, 56781234])


def add_test(p):
    """The work per iteration of the public benchmark docs/bench.md cites
    ("Integer addition" of shaoziyang/micropython_benchmarks): one loop line
    and one line adding two items of the argument list."""
    for _ in range(p[0]):
        total = p[1] + p[2]
