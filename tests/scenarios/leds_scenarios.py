"""LED driver and display text, pure device code: the current cap, colour
order and the red flash, and the word wrap of the display lines."""

from companion.text import wrap
from companion.hal.frame import FLASH, PLAYER, RED, Frame
from companion.hal.leds import GRB, MA_IDLE, PALETTE, RGB, Leds
from companion.hal.screen import NoDisplay
from companion.hal.sim import SimStrip


def full_white(n=39):
    f = Frame(n)
    for i in range(n):
        f.set(i, PLAYER)
    return f


def usb_budget():
    strip = SimStrip(39)
    leds = Leds(strip, 39, max_ma=500, base_ma=80, order=RGB)
    leds.render(full_white(), 0, 255)
    assert 400 <= leds.estimate_ma <= 500 - 80  # capped, not just dark
    drawn = sum(strip.buf) * 20 // 255 + 39 * MA_IDLE
    assert drawn <= 420
    # uncapped when the budget allows: exactly the palette colour
    small = Leds(SimStrip(1), 1, order=RGB)
    small.render(full_white(1), 0, 255)
    assert list(small.strip.buf) == [PALETTE[3] * 255 >> 8, PALETTE[4] * 255 >> 8, PALETTE[5] * 255 >> 8]
    return [leds.estimate_ma, drawn, list(small.strip.buf)]


def no_budget():
    """A supply too small for its LEDs (max_ma 100 for 39 LEDs: 80 mA go to
    the controller, 39 to the LEDs at rest) once raised ValueError at the
    first lit frame and stopped the board: the layout check now refuses it,
    and the driver lights nothing rather than stop."""
    leds = Leds(SimStrip(39), 39, max_ma=100, base_ma=80, order=RGB)
    leds.render(full_white(), 0, 255)
    assert not any(leds.strip.buf)
    return [leds.budget, sum(leds.strip.buf)]


class _Wire(NoDisplay):
    """An I2C bus (and a display on it) whose devices stop answering while
    `loose` (OSError, as MicroPython's machine.I2C raises for a missing ACK)."""

    def __init__(self, levels=b"\xff\xfe"):
        self.loose = False
        self.levels = levels
        self.sent = 0

    def _check(self):
        if self.loose:
            raise OSError(5)

    def writeto_mem(self, addr, reg, data):
        self._check()

    def readfrom_mem_into(self, addr, reg, buf):
        self._check()
        buf[:] = self.levels

    def show_page(self, page):
        self._check()
        self.sent += 1

    def show(self):
        self._check()
        self.sent += 8


def loose_wires():
    """A display or a button expander that stops answering (a loose I2C
    wire) once raised OSError out of the run loop and stopped the board in
    the middle of a game. Now a page goes again later, and after 8 failed
    sends in a row the board plays on without its display; an expander that
    fails a read keeps its buttons as they were; one that does not answer at
    boot is named."""
    from companion.hal.buttons import Mcp23017Scanner
    from companion.hal.screen import Screen

    wire = _Wire()
    screen = Screen(wire)
    screen.update(["Black to play", "x"])
    while screen.step():
        pass
    sent = wire.sent
    wire.loose = True
    screen.update(["White to play", "y"])
    tries = [screen.step() for _ in range(10)]
    gone = type(screen.display).__name__
    bus = _Wire()
    mcp = Mcp23017Scanner(bus, [32, 33])
    out = bytearray(32)
    mcp.read(out)
    before = bytes(out)
    bus.loose = True
    mcp.read(out)
    try:
        Mcp23017Scanner(bus, [33])
        missing = None
    except OSError as e:
        missing = e.args[0]
    assert sent == 8 and tries == [False] * 8 + [True] * 2 and gone == "NoDisplay"  # (gone at the 8th failure)
    assert bytes(out) == before and mcp.errors == 2
    assert missing == "no MCP23017 at I2C address 33 (0x21): check wiring, power, A0-A2"
    return {"sent": sent, "tries": tries, "gone": gone, "kept": [bytes(out) == before, mcp.errors], "missing": missing}


def grb_and_flash():
    f = Frame(2)
    f.set(1, RED, FLASH)
    leds = Leds(SimStrip(2), 2, order=GRB)
    leds.render(f, 0, 40)  # a refusal shows at full strength even when dimmed
    lit = list(leds.strip.buf)
    assert lit == [0, 0, 0, 0, 255 * 255 >> 8, 0]
    leds.render(f, 150, 40)  # and blinks
    assert list(leds.strip.buf) == [0] * 6
    return lit


def wrapped():
    out = [wrap("ALOA-BARI already holds a white stick"), wrap("x" * 40, rows=2)]
    assert out == [["ALOA-BARI", "already holds a", "white stick"], ["x" * 16, "x" * 16]]
    return out


def run_all():
    return {"usb_budget": usb_budget(), "no_budget": no_budget(), "loose_wires": loose_wires(), "grb_and_flash": grb_and_flash(), "wrap": wrapped()}
