"""LED driver and display text, pure device code: the current cap, colour
order and the red flash, and the word wrap of the display lines."""

from companion.app import wrap
from companion.frame import FLASH, PLAYER, RED, Frame
from companion.hal.leds import GRB, MA_IDLE, PALETTE, RGB, Leds
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
    return {"usb_budget": usb_budget(), "no_budget": no_budget(), "grb_and_flash": grb_and_flash(), "wrap": wrapped()}
