"""Build the real drivers from a hardware profile (board_layouts/profiles/*.json).

The only module that imports machine and neopixel (and, on an RP2040,
the PIO drivers). A missing display is not fatal: the board still plays,
the LEDs carry the game.
"""

import sys
import time

import machine

from .buttons import Buttons, GpioScanner, MatrixScanner, Mcp23017Scanner

# the GPIO input registers, read a whole port at a time with machine.mem32:
# pin -> (register index, bit). RP2040: SIO GPIO_IN (GPIO 0-29; bits 30-31
# read 0, so a read is a small int and allocates nothing). ESP32: GPIO_IN_REG
# (GPIO 0-31; 28-31 do not exist and read 0) and GPIO_IN1_REG (GPIO 32-39).
IN_REGS = {"rp2": (0xD0000004,), "esp32": (0x3FF4403C, 0x3FF44040)}
from .leds import Leds, GRB


def flash():
    """The block device under the internal flash's file system, for the game
    log's raw blocks (companion/blocks.py), or None on a port we do not know
    (the log is then kept in littlefs files only)."""
    try:
        if sys.platform == "rp2":
            import rp2
            return rp2.Flash()
        if sys.platform == "esp32":
            import esp32
            found = esp32.Partition.find(esp32.Partition.TYPE_DATA, label="vfs")
            return found[0] if found else None
    except Exception as e:  # an older port without these: files only
        print("companion: no raw flash for the log:", e)
    return None


def _i2c(spec):
    return machine.I2C(spec.get("i2c", 0), sda=machine.Pin(spec["sda"]),
                       scl=machine.Pin(spec["scl"]), freq=400000)


def buttons(profile, running=None):
    """The buttons' scanner; running: lit.py's PIO sampler, if listen() did not take it over."""
    spec = profile["buttons"]
    kind = spec["kind"]
    Pin = machine.Pin
    if kind == "gpio":
        scanner = GpioScanner([Pin(p, Pin.IN, Pin.PULL_UP) for p in spec["pins"]])
    elif kind == "matrix":
        sampler = early or _background(spec, running)
        if sampler is not None:
            from .sampling import FallbackSampler

            return Buttons(FallbackSampler(sampler, lambda: _matrix_scanner(spec)), spec.get("settle_ms"))
        scanner = _matrix_scanner(spec)
    elif kind == "mcp23017":
        scanner = Mcp23017Scanner(_i2c(spec), spec["addrs"])
    else:
        raise ValueError("profile %s: buttons kind %r: use gpio, matrix or mcp23017"
                         % (profile.get("name"), kind))
    return Buttons(scanner, spec.get("settle_ms"))


def _matrix_scanner(spec):
    """The diode matrix scanned by the CPU, a whole GPIO port at a time where we can."""
    Pin = machine.Pin
    rows = [Pin(p, Pin.OUT, value=1) for p in spec["rows"]]
    cols = [Pin(p, Pin.IN, Pin.PULL_UP) for p in spec["cols"]]
    regs = IN_REGS.get(sys.platform)
    if regs is not None and (len(regs) > 1 or max(spec["cols"]) < 32):
        from .sampling import PortMatrixScanner

        bits = [(p >> 5, p & 31) for p in spec["cols"]]
        return PortMatrixScanner(rows, bits, machine.mem32, regs)
    return MatrixScanner(rows, cols)


SAMPLER_BUF_BYTES = 8192  # hal/pio.py BUF_BYTES, 2 * RING_BYTES (pio.py is imported after the first light)
ring = None  # the PIO sampler's buffer, made by reserve()


def reserve(profile, running=None):
    """The PIO sampler's buffer, made at the start of boot: it needs 8 KB in
    one piece (and as much again while it is made), which the heap may no
    longer have after the game's boot (the sampler then failed with a
    MemoryError, and the buttons were scanned by polling). None needed when
    lit.py's sampler runs (running: its own buffer)."""
    global ring
    if running is None and _sampled(profile) is not None:
        from array import array

        try:
            ring = array("i", bytearray(SAMPLER_BUF_BYTES))
        except MemoryError:
            pass  # the sampler tries again itself


early = None  # the PIO sampler listen() started before the game's boot


drainer = None  # the timer that drains the early sampler's ring during boot
DRAIN_MS = 400  # how often: within the ring's 512 ms even behind an erase (45 ms) and a collection (20 ms)


def listen(profile, running=None):
    """Before the game's boot: the PIO sampler taken over from lit.py
    (running: lit.sampling, started before the first light), or started
    now, so that a press made once the board shows light counts, however
    long the game's boot takes. Its samples wait in its ring (512 ms); the
    changes so far are taken out of it at once, then every DRAIN_MS by a
    soft timer, into a backlog (sampling.Backlog), and the run loop's first
    steps take them, each at the time it was made. A board lit by its full
    boot takes lit.py's sampler over after that light (buttons()): the
    presses since the light are still in the ring, and the boot is not
    slowed by draining it."""
    global early, drainer
    spec = _sampled(profile)
    if spec is None:
        return
    sampler = _background(spec, running)
    if sampler is None:
        return
    from .sampling import Backlog

    early = Backlog(sampler)
    early.drain(time.ticks_ms())  # (lit.py's ring has filled since the look: the next drain is DRAIN_MS away)
    try:  # a soft timer: its callback runs between two lines of Python, as a scheduled call
        drainer = machine.Timer(period=DRAIN_MS, callback=lambda t: early.drain(time.ticks_ms()), hard=False)
    except Exception as e:  # noqa: BLE001 - no timer: the ring alone (512 ms)
        print("companion: no timer to drain the button samples (%r)" % (e,))


def stop_draining():
    """Boot is over: the run loop collects the samples from now on."""
    global drainer
    if drainer is not None:
        drainer.deinit()
        drainer = None


def _sampled(profile):
    """The profile's button matrix if the PIO sampler is to read it (an
    RP2040, and not "sampler": "polled"), else None. The profile is not
    checked yet when boot asks."""
    spec = profile.get("buttons") if isinstance(profile, dict) else None
    if sys.platform == "rp2" and isinstance(spec, dict) and spec.get("kind") == "matrix" \
            and spec.get("sampler") != "polled":
        return spec
    return None


def _background(spec, running=None):
    """A sampler that keeps running while Python is busy, where the chip has
    one: the RP2040's PIO + DMA (hal/pio.py; running: lit.py's, taken over).
    None elsewhere, or if the profile says "sampler": "polled"."""
    if sys.platform != "rp2" or spec.get("sampler") == "polled":
        return None
    try:
        from . import pio

        return pio.sampler(spec, ring, running)
    except Exception as e:  # noqa: BLE001 - a build without rp2.DMA, no free channel, ...
        print("companion: no PIO button sampler (%r): scanning by polling" % (e,))
        return None


def leds(profile, n):
    import neopixel

    spec = profile["leds"]
    strip = neopixel.NeoPixel(machine.Pin(spec["pin"]), n)
    return Leds(strip, n, spec.get("max_ma", 500), order=GRB)


def strip_in_background(leds, profile):
    """On an RP2040, once the board is lit: the strip sent by PIO + DMA from
    now on (hal/pio.py), so that writing a frame does not hold the CPU.
    The first frame went out by neopixel: it waits for no import. Nothing
    elsewhere, or if the profile's "leds" say "driver": "neopixel"."""
    spec = profile["leds"]
    if sys.platform != "rp2" or spec.get("driver") == "neopixel":
        return
    try:
        from .pio import PioStrip

        strip = PioStrip(spec["pin"], leds.n, spec.get("pio_sm", 4))
    except Exception as e:  # noqa: BLE001 - no free state machine or DMA channel, ...
        print("companion: no PIO LED strip (%r): neopixel goes on" % (e,))
        return
    strip.buf[:] = leds.strip.buf  # what the LEDs show
    leds.strip = strip


def buzzer(profile):
    """The optional piezo buzzer ("buzzer": {"pin": N}), or None."""
    spec = profile.get("buzzer")
    if not spec:
        return None
    from .buzzer import Buzzer

    return Buzzer(machine.PWM(machine.Pin(spec["pin"])))


def no_screen():
    from .screen import NoDisplay, Screen

    return Screen(NoDisplay())


def screen(profile):
    """The display (imported after the first light: boot lights the LEDs first)."""
    spec = profile.get("display")
    if not spec:
        return no_screen()
    from .screen import Screen
    from .ssd1306 import SSD1306_I2C

    try:
        return Screen(SSD1306_I2C(128, 64, _i2c(spec), spec.get("addr", 0x3C)))
    except ValueError as e:  # (a bus or pins the chip does not have: the layout check says so)
        print("display: %s: playing without it" % e)
        return no_screen()
    except OSError:
        print("no SSD1306 display answers at I2C address %d: playing without it" % spec.get("addr", 0x3C))
        return no_screen()
