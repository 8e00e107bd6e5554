"""WS2812 LEDs: a Frame (colour + effect per LED) to strip bytes, each tick.

`strip` is anything with a `buf` bytearray (3 bytes per LED) and `write()`:
neopixel.NeoPixel on the device (GRB order), sim.SimStrip in the simulator
(RGB). The brightness and a current estimate cap what the board draws;
render() allocates nothing.
"""

from ..core import const
from ..frame import BLINK, FAST, PULSE, FLASH, MARK, HALF

# colour index (frame.py) -> r, g, b at full scale
PALETTE = bytes((
    0, 0, 0,  # OFF
    255, 210, 150,  # player 1: white (warm, so it is not mistaken for DIM)
    0, 70, 255,  # player 2: black, shown blue
    255, 60, 0,  # player 3: orange
    0, 200, 60,  # player 4: green
    255, 0, 0,  # RED: a refused press
    0, 255, 0,  # GREEN
    255, 170, 0,  # YELLOW
    24, 24, 24,  # DIM
    200, 0, 255,  # TAKE: magenta, calm LEDs' "take off"
))

GRB = (1, 0, 2)  # byte offsets of r, g, b in neopixel's buffer
RGB = (0, 1, 2)

MA_FULL = const(20)  # mA one WS2812 channel draws at 255 (datasheet: 12..20)
MA_IDLE = const(1)  # mA per WS2812, all dark


class Leds:
    def __init__(self, strip, n, max_ma=500, base_ma=80, order=GRB):
        """max_ma: the whole board's budget (USB: 500); base_ma: controller + display."""
        self.strip = strip
        self.n = n
        self.budget = max_ma - base_ma - n * MA_IDLE
        self.order = order
        self.ro, self.go, self.bo = order
        self.estimate_ma = 0

    def render(self, frame, now, brightness):
        """Write one animated frame; brightness 0..255."""
        buf = self.strip.buf
        colour = frame.colour
        effect = frame.effect
        slow_on = (now // 500) & 1 == 0
        fast_on = (now // 125) & 1 == 0
        flash_on = (now // 100) & 1 == 0
        t = now % 1600
        wave = 40 + (t if t < 800 else 1600 - t) * 215 // 800  # pulse: 40..255
        t = now % 2000  # MARK + n is dark in the first n of these 300 ms slots, for 120 ms each
        dark_from = t // 300 + 1 if t % 300 < 120 else 255
        ro = self.ro
        go = self.go
        bo = self.bo
        total = 0
        for i in range(self.n):
            e = effect[i]
            level = brightness
            if e == BLINK:
                level = level if slow_on else 0
            elif e == FAST:
                level = level if fast_on else 0
            elif e == FLASH:
                level = 255 if flash_on else 0  # a refusal shows even when dimmed
            elif e == PULSE:
                level = level * wave >> 8
            elif e == HALF:
                level = level >> 2
            elif e >= MARK and e - MARK >= dark_from:
                level = 0
            p = colour[i] * 3
            k = i * 3
            r = PALETTE[p] * level >> 8
            g = PALETTE[p + 1] * level >> 8
            b = PALETTE[p + 2] * level >> 8
            buf[k + ro] = r
            buf[k + go] = g
            buf[k + bo] = b
            total += r + g + b
        ma = total * MA_FULL // 255
        if ma > self.budget:
            scale = self.budget * 256 // ma
            for j in range(self.n * 3):
                buf[j] = buf[j] * scale >> 8
            ma = ma * scale >> 8
        self.estimate_ma = ma + self.n * MA_IDLE
        self.strip.write()
