"""The run loop: the only place with time.

`Loop.step(now_ms)` does one pass (scan the buttons, feed the events to the
app, expire a red flash, animate the LEDs, redraw the display if the app
changed); it never blocks, so the browser simulator calls it from a
JavaScript timer. `run()` is the device's endless loop on time.ticks_ms.
"""

import json
import os
import sys
import time

from .app import App
from .hal.buttons import LONG, age
from .store import Store

SCAN_MS = 2  # device loop period
LED_MS = 20  # LED animation period
FLASH_MS = 700  # how long a refused press flashes red
LAYOUTS = "/board_layouts"
CONFIG = "/config.json"
PROFILES = {"rp2": "pico", "esp32": "esp32-devkitc"}


class Loop:
    def __init__(self, app, buttons, leds, screen):
        self.app = app
        self.buttons = buttons
        self.leds = leds
        self.screen = screen
        self.drawn = -1
        self.led_at = 0
        self.flash_at = 0

    def step(self, now):
        app = self.app
        b = self.buttons
        b.scan(now)
        e = b.get()
        seen = app.version
        while e >= 0:
            app.key(e >> 2, (e & 3) == LONG)
            if app.flashing:
                self.flash_at = now
            e = b.get()
        if app.flashing and age(now, self.flash_at) >= FLASH_MS:
            app.expire_flash()
        if app.version != seen or age(now, self.led_at) >= LED_MS:
            self.leds.render(app.frame, now, app.brightness)
            self.led_at = now
        if app.version != self.drawn:
            self.screen.show(app.lines)
            self.drawn = app.version


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        raise OSError("missing file %s: copy board_layouts/ to the device (docs/firmware.md)" % path)
    except ValueError:
        raise ValueError("%s is not valid JSON" % path)


def _seed():
    try:
        return int.from_bytes(os.urandom(4), "little")
    except (AttributeError, NotImplementedError):
        return time.ticks_us() & 0x3FFFFFFF


def boot_app(layout, store_root, seed=_seed, layouts=LAYOUTS):
    app = App(layout, Store(store_root), seed,
              lambda name: load_json(layouts + "/" + name + ".json"))
    app.boot()
    return app


def start_sim(layout_name="kahuna", store_root="/games", layouts=LAYOUTS, seed=_seed):
    """A Loop on the simulated HAL: loop.buttons.scanner.press(code) / release(code),
    loop.leds.strip.buf (RGB bytes), loop.screen.display.buffer (SSD1306 pixels)."""
    from .hal.buttons import Buttons
    from .hal.leds import Leds, RGB
    from .hal.screen import Screen
    from .hal.sim import SimScanner, SimStrip, SimDisplay

    layout = load_json(layouts + "/" + layout_name + ".json")
    app = boot_app(layout, store_root, seed, layouts)
    n = app.frame.n
    loop = Loop(app, Buttons(SimScanner(64)), Leds(SimStrip(n), n, order=RGB), Screen(SimDisplay()))
    loop.step(0)
    return loop


def start_device(profile_name=None, layout_name="kahuna", store_root="/games", layouts=LAYOUTS):
    from .hal import board

    name = profile_name or PROFILES.get(sys.platform)
    if name is None:
        raise ValueError("no hardware profile for platform %r: pass profile_name" % sys.platform)
    profile = load_json(layouts + "/profiles/" + name + ".json")
    screen = board.screen(profile)
    screen.show(["Companion", "starting..."])
    layout = load_json(layouts + "/" + layout_name + ".json")
    app = boot_app(layout, store_root, layouts=layouts)
    return Loop(app, board.buttons(profile), board.leds(profile, app.frame.n), screen)


def device_config(path=CONFIG):
    """/config.json, written by `companion flash`: {"layout": ..., "profile": ...}."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def run(profile_name=None, layout_name=None):
    """The device: step forever, every SCAN_MS."""
    config = device_config()
    loop = start_device(profile_name or config.get("profile"),
                        layout_name or config.get("layout") or "kahuna")
    while True:
        t = time.ticks_ms()
        loop.step(t)
        rest = SCAN_MS - time.ticks_diff(time.ticks_ms(), t)
        if rest > 0:
            time.sleep_ms(rest)
