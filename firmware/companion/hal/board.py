"""Build the real drivers from a hardware profile (board_layouts/profiles/*.json).

The only module that imports machine and neopixel. A missing display is
not fatal: the board still plays, the LEDs carry the game.
"""

import machine

from .buttons import Buttons, GpioScanner, MatrixScanner, Mcp23017Scanner
from .leds import Leds, GRB
from .screen import Screen


def _i2c(spec):
    return machine.I2C(spec.get("i2c", 0), sda=machine.Pin(spec["sda"]),
                       scl=machine.Pin(spec["scl"]), freq=400000)


def buttons(profile):
    spec = profile["buttons"]
    kind = spec["kind"]
    Pin = machine.Pin
    if kind == "gpio":
        scanner = GpioScanner([Pin(p, Pin.IN, Pin.PULL_UP) for p in spec["pins"]])
    elif kind == "matrix":
        rows = [Pin(p, Pin.OUT, value=1) for p in spec["rows"]]
        cols = [Pin(p, Pin.IN, Pin.PULL_UP) for p in spec["cols"]]
        scanner = MatrixScanner(rows, cols)
    elif kind == "mcp23017":
        scanner = Mcp23017Scanner(_i2c(spec), spec["addrs"])
    else:
        raise ValueError("profile %s: buttons kind %r: use gpio, matrix or mcp23017"
                         % (profile.get("name"), kind))
    return Buttons(scanner, spec.get("settle_scans", 3))


def leds(profile, n):
    import neopixel

    spec = profile["leds"]
    strip = neopixel.NeoPixel(machine.Pin(spec["pin"]), n)
    return Leds(strip, n, spec.get("max_ma", 500), order=GRB)


def buzzer(profile):
    """The optional piezo buzzer ("buzzer": {"pin": N}), or None."""
    spec = profile.get("buzzer")
    if not spec:
        return None
    from .buzzer import Buzzer

    return Buzzer(machine.PWM(machine.Pin(spec["pin"])))


class NoDisplay:
    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def text(self, s, x, y, c):
        pass

    def show(self):
        pass


def screen(profile):
    spec = profile.get("display")
    if not spec:
        return Screen(NoDisplay())
    from .ssd1306 import SSD1306_I2C

    try:
        return Screen(SSD1306_I2C(128, 64, _i2c(spec), spec.get("addr", 0x3C)))
    except OSError:
        print("no SSD1306 display answers at I2C address %d: playing without it" % spec.get("addr", 0x3C))
        return Screen(NoDisplay())
