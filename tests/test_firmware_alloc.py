"""Under the real MicroPython, the scan + LED tick allocates nothing.

gc.collect() only takes effect between runPython calls in the WebAssembly
port, so: set up and warm up in one chunk, collect in the next, measure
gc.mem_alloc() around many steps inside a third.
"""

from pathlib import Path

import pytest

from host_tools.micropython import run, run_native

SCENARIOS = Path(__file__).parent / "scenarios"

SETUP = """
import gc
from scenarios.device import Device, fresh_dir
from companion.frame import BLINK, FAST, PULSE
from companion.hal.buttons import Buttons, MatrixScanner

d = Device(fresh_dir("alloc"))
d.new_game(first="white", variant1=True)
# white takes ALOA (its stone is confirmed), black removes ALOA-BARI:
# the lost stone blinks FAST, the freed connection PULSEs, a stone BLINKs
d.presses(["ALOA-BARI", "ALOA-DUDA", "ALOA", "TURN", "HUNA-LALE", "KAHU-LALE", "ALOA-BARI"])
effects = sorted(set(d.app.frame.effect))
assert effects == [0, BLINK, FAST, PULSE], effects

class Pin:
    def __init__(self):
        self.v = 1
    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v

matrix = Buttons(MatrixScanner([Pin() for _ in range(8)], [Pin() for _ in range(8)]))

def steps(loop, t, n):
    a = gc.mem_alloc()
    while n:
        loop.step(t)
        t += 2
        n -= 1
    return gc.mem_alloc() - a

def scans(b, t, n):
    a = gc.mem_alloc()
    while n:
        b.scan(t)
        t += 2
        n -= 1
    return gc.mem_alloc() - a

held = d.buttons["ELAI-JOJO"]
result = [0, 0, 0, 0]
steps(d.loop, d.t + 2, 50)  # warm-up
scans(matrix, 0, 50)
"""

MEASURE = """
result[0] = steps(d.loop, d.t + 200, 1000)  # 2 s of idle ticks, LEDs animating
d.loop.buttons.scanner.press(held)
steps(d.loop, d.t + 2200, 30)  # the press settles and acts at press-down (an event may allocate)
result[1] = steps(d.loop, d.t + 2260, 200)  # the button still held (under the long-press time)
d.loop.buttons.scanner.release(held)
result[2] = scans(matrix, 1000, 1000)  # the diode-matrix scanner and debouncer
result[3] = d.loop.leds.strip.writes
"""


def test_scan_and_led_tick_allocate_nothing(figures):
    out = run([SETUP, "gc.collect()", MEASURE, "print('RESULT', result)"],
              mounts=[(SCENARIOS, "/lib/scenarios")])
    line = [l for l in out.splitlines() if l.startswith("RESULT")][-1]
    idle, held, matrix, writes = eval(line[len("RESULT"):])
    figures("firmware: bytes allocated by 1000 idle run-loop steps (MicroPython)", idle, "0")
    figures("firmware: bytes allocated by 200 steps, a button held", held, "0")
    figures("firmware: bytes allocated by 1000 8x8 matrix scans + debounce", matrix, "0")
    assert writes > 50  # the LEDs really were rendered during the measured steps
    assert (idle, held, matrix) == (0, 0, 0)


NATIVE = SETUP + MEASURE + """
steps(d.loop, d.t + 4400, 100)  # the release above is handled (a short press): unlocked
import micropython
micropython.heap_lock()  # from here on, any allocation raises MemoryError
t = d.t + 5000
for _ in range(1000):
    d.loop.step(t)  # idle ticks with animated LEDs
    t += 2
micropython.heap_unlock()
d.loop.buttons.scanner.press(held)
for _ in range(30):
    d.loop.step(t)  # the press acts at press-down: an event may allocate
    t += 2
micropython.heap_lock()
for _ in range(200):
    d.loop.step(t)  # the button still held; the display's pages go out
    t += 2
for _ in range(1000):
    matrix.scan(t)
    t += 2
micropython.heap_unlock()
d.loop.buttons.scanner.release(held)
print('RESULT', result)
"""


@pytest.mark.native
def test_scan_and_led_tick_run_with_the_heap_locked_under_native_micropython():
    """Native MicroPython with a fixed heap: the same steps run under
    micropython.heap_lock(), which turns any allocation into a MemoryError."""
    out = run_native(NATIVE, heapsize="256K")
    line = [l for l in out.splitlines() if l.startswith("RESULT")][-1]
    idle, held, matrix, writes = eval(line[len("RESULT"):])
    assert writes > 50
    assert (idle, held, matrix) == (0, 0, 0)
