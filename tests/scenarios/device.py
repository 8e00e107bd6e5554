"""A scripted finger on the simulated device, for scenarios under both interpreters.

Boots the unmodified firmware (companion.boot.start_sim) on the
simulated HAL and presses buttons by stepping the run loop in 2 ms scans.
"""

import json
import os


from companion.boot import start_sim

from .common import LAYOUT_DIR, load_layout, saved_log

SCAN = 2
HOLD_MS = 40
LONG_MS = 900
IDLE_MS = 40


def fresh_dir(name, top=None):
    """An empty directory for a game store: under $TMPDIR (the test session's
    temporary folder, tests/conftest.py), else /tmp (the WebAssembly port's own);
    or under `top` (a short path shown on the display: its user removes it)."""
    pid = getattr(os, "getpid", None)
    getenv = getattr(os, "getenv", lambda k: None)
    run = getenv("COMPANION_RUN")  # native MicroPython has no getpid
    top = top or getenv("TMPDIR") or "/tmp"
    path = top.rstrip("/") + "/" + name + ("-%d" % pid() if pid else "-" + run if run else "")
    try:
        os.mkdir(path)
    except OSError:
        pass
    _empty(path)
    return path


def remove_dir(path):
    _empty(path)
    os.rmdir(path)


def _empty(path):
    for f in os.listdir(path):
        try:
            os.remove(path + "/" + f)
        except OSError:  # a folder (the store's log, an archived game)
            _empty(path + "/" + f)
            os.rmdir(path + "/" + f)


TICKS_MASK = (1 << 30) - 1  # MicroPython's ticks_ms wraps at 2**30 ms (12.4 days)


class Device:
    def __init__(self, store_root, layout="kahuna", seed=1234, now=0, sensed=None):
        """now: the clock at boot (ticks_ms: a board on for days is near its wrap);
        sensed: a sensing layout's chain bits at power-on (the sticks on the board)."""
        self.layout = load_layout(layout)
        self.root = store_root
        self.t = now
        self.loop = start_sim(layout, store_root, LAYOUT_DIR, lambda: seed, now, sensed)
        self.app = self.loop.app
        self.buttons = {}
        for key in ("islands", "connections", "controls", "cells", "sites", "masks"):
            for e in self.layout.get(key, ()):
                name = e.get("name") or (e["a"] + "-" + e["b"])
                self.buttons[name] = e["button"]
                if "a" in e:
                    self.buttons[e["b"] + "-" + e["a"]] = e["button"]
        self.leds = {}
        for key in ("islands", "connections", "cells", "sites", "stones"):
            for e in self.layout.get(key, ()):
                if "led" in e:
                    self.leds[e.get("name") or (e["a"] + "-" + e["b"])] = e["led"]

    def wait(self, ms):
        end = self.t + ms
        while self.t < end:
            self.t += SCAN
            self.loop.step(self.t & TICKS_MASK)

    def press(self, name, long=False):
        """Press and release a button by element or control name ("ALOA-BARI", "TURN")."""
        code = self.buttons[name] if isinstance(name, str) else name
        scanner = self.loop.buttons.scanner
        scanner.press(code)
        self.wait(LONG_MS if long else HOLD_MS)
        scanner.release(code)
        self.wait(IDLE_MS)
        return self

    def presses(self, names):
        for n in names:
            if n == "TURN!":
                self.press("TURN", long=True)
            else:
                self.press(n)
        return self

    def lines(self):
        out = list(self.loop.screen.lines)
        for line in out:
            assert len(line) <= 16, "display line wider than 16 columns: %r" % line
        return out

    def lit(self):
        """Every LED that is not off: {element name: [colour, effect]} (frame.py codes)."""
        f = self.app.frame
        out = {}
        for name in self.leds:
            k = self.leds[name]
            if f.colour[k]:
                out[name] = [f.colour[k], f.effect[k]]
        return out

    def rgb(self, name):
        k = self.leds[name] * 3
        return list(self.loop.leds.strip.buf[k:k + 3])

    def log_lines(self):
        return [l for l in saved_log(self.root).decode().split("\n") if l]

    def log(self):
        return [json.loads(l) for l in self.log_lines()]

    def open_menu(self):
        """MENU, unless the menu is open already (a fresh board boots into a game)."""
        if not self.app.menu_open:
            self.press("MENU")
        return self

    def new_game(self, first=None, variant1=False, handicap=None, cards=None, level=None, hints=False):
        """Choose in the menu (opened if needed) and start a game."""
        self.open_menu()
        seq = []
        seq += ["TURN"] * {None: 0, "lot": 0, "white": 1, "black": 2}[first]
        seq += ["MENU"]
        seq += ["TURN"] if variant1 else []
        seq += ["MENU", "MENU"]
        seq += ["TURN"] * {None: 0, "white": 1, "black": 2}[handicap]
        seq += ["MENU"]
        seq += ["TURN"] * {None: 0, "digital": 1, "solo W": 2, "solo B": 3}[cards]
        seq += ["MENU"] + ["TURN"] * {None: 0, "strong": 0, "normal": 1, "easy": 2}[level]
        seq += ["MENU"] + (["TURN"] if hints else [])
        seq += ["MENU", "MENU", "TURN"]  # Brightness, New game
        return self.presses(seq)
