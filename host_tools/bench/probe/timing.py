"""The press path and the idle loop, counted in lines (settrace build of the
WebAssembly port): the firmware on the simulated HAL, pressed through its
simulated scanner, every press's steps traced. Run by host_tools/bench/timing.py.

For every press: the lines executed in a loop step from its start to the
LED strip write (the step in which the press settled and was shown), and
the flash bytes written and I2C bytes sent before that write. Then idle
steps: the worst (an LED animation phase moving on) and the least (a scan).
"""

import json
import os

import bench_probe as P
from companion.boot import start_sim

SCAN = 2


def _fresh(path):
    try:
        os.mkdir(path)
    except OSError:
        pass
    for f in os.listdir(path):
        try:
            os.remove(path + "/" + f)
        except OSError:
            pass


class Probe:
    def __init__(self, layout, nopt, menu):
        root = "/tmp/bench-timing-" + layout
        _fresh(root)
        self.loop = start_sim(layout, root, "/board_layouts", lambda: 1)
        self.t = 0
        self.flash = [0]
        # [strip writes, then lines, flash bytes, i2c bytes at the first] in the
        # traced step: kept in place, as the write runs with the heap locked
        self.at_write = [0, 0, 0, 0]
        loop = self.loop
        app = loop.app
        store = app.store
        append = store.append
        flash = self.flash

        def counted_append(event):
            flash[0] += len(json.dumps(event)) + 1
            append(event)

        store.append = counted_append
        strip = loop.leds.strip
        write = strip.write
        display = loop.screen.display
        marks = self.at_write

        def marked_write():
            if not marks[0]:
                marks[1] = P._lines
                marks[2] = flash[0]
                marks[3] = display.sent
            marks[0] += 1
            write()

        strip.write = marked_write
        keys = {"TURN": app.turn_key, "UNDO": app.undo_key, "MENU": app.menu_key}
        self.keys = keys
        # a fresh board boots into a game: MENU opens the menu; then its first
        # choices (menu), then down to "New game" (after the game's options and
        # Brightness), TURN
        if not app.menu_open:
            self.tap(keys["MENU"])
        for code in menu:
            self.tap(code)
        for _ in range(nopt + 1):
            self.tap(keys["MENU"])
        self.tap(keys["TURN"])

    def step(self, traced):
        self.t += SCAN
        if not traced:
            self.loop.step(self.t)
            return None
        marks = self.at_write
        marks[0] = 0
        f0 = self.flash[0]
        i0 = self.loop.screen.display.sent
        t = self.t
        n = P.lines(lambda: self.loop.step(t))
        if not marks[0]:
            return (n, None, 0, 0)
        return (n, marks[1], marks[2] - f0, marks[3] - i0)

    def tap(self, code, hold=60, traced=False):
        """Press code for hold ms and let go; with traced, the worst step that
        wrote the LEDs: (lines to the write, flash bytes, I2C bytes)."""
        sc = self.loop.buttons.scanner
        worst = None
        sc.press(code)
        for _ in range(hold // SCAN):
            r = self.step(traced)
            if r and r[1] is not None and (worst is None or r[1] > worst[0]):
                worst = (r[1], r[2], r[3])
        sc.release(code)
        for _ in range(30):
            r = self.step(traced)
            if r and r[1] is not None and (worst is None or r[1] > worst[0]):
                worst = (r[1], r[2], r[3])
        return worst

    def idle(self, steps):
        """(most lines of one idle step, least), over steps idle steps."""
        hi = 0
        lo = None
        for _ in range(steps):
            r = self.step(True)
            hi = max(hi, r[0])
            lo = r[0] if lo is None else min(lo, r[0])
        return hi, lo


PROFILE = {}


def _prof(frame, event, arg):
    if event == "line":
        P._lines += 1
        if PROFILE.get("on"):
            k = frame.f_code.co_name
            PROFILE[k] = PROFILE.get(k, 0) + 1
    return _prof


def measure(game, layout, nopt, presses, menu):
    """presses: [(name, code, hold_ms)] in order; reports the figures of `game`."""
    p = Probe(layout, nopt, menu)
    worst = None
    flash = 0
    i2c = 0
    hi = 0
    lo = None
    for name, code, hold in presses:
        if code < 0:  # "idle": the worst and the least idle step from here, over 800 ms
            for _ in range(40):  # the last display pages go out
                p.step(False)
            h, l = p.idle(400)  # every blink phase moves on at least once
            hi = max(hi, h)
            lo = l if lo is None else min(lo, l)
            continue
        r = p.tap(code, hold, traced=True)
        if r is None:
            continue
        if worst is None or r[0] > worst[0]:
            worst = (r[0], name)
        flash = max(flash, r[1])
        i2c = max(i2c, r[2])
    key = "timing.%s." % game
    P.report(key + "lines_to_leds", worst[0])
    P.report(key + "worst_press", worst[1])
    P.report(key + "flash_bytes_to_leds", flash)
    P.report(key + "i2c_bytes_to_leds", i2c)
    P.report(key + "idle_lines", hi)
    P.report(key + "scan_lines", lo)
