"""An LED frame: per LED a colour and an effect, painted by the app.

The frame says *what* each LED shows; the LED driver (hal/leds.py) turns
it into bytes on every tick, animating blinks and pulses from the clock.
So the app and the game UIs never need the time.
"""

from .. import const

# colours (indexes into hal/leds.py PALETTE)
OFF = const(0)
PLAYER = const(1)  # PLAYER + seat: white, black (shown blue), red, green
RED = const(5)  # a refused press
GREEN = const(6)
YELLOW = const(7)
DIM = const(8)  # a faint white: free and pressable
TAKE = const(9)  # magenta: calm LEDs' "take this off" (see calm())

# effects
STEADY = const(0)
BLINK = const(1)  # slow on/off: something to put on the board
FAST = const(2)  # fast on/off: something to take off the board
PULSE = const(3)  # breathing: an invitation, nothing required
FLASH = const(4)  # a refused press; the run loop clears it after a moment
# MARK + n (n = 0..3): on, with n short dark blips every 2 s: a player's
# signature, so pieces can be told apart without relying on hue (Kanaloa)
MARK = const(5)
# (MARK + 0..3 use 5..8)
HALF = const(9)  # steady at a quarter of the brightness: calm LEDs' "put this on"

# what the effects mean, in words (the simulator page's legend)
LEGEND = ("steady: on the board", "slow blink: put it on the board", "fast blink: take it off the board",
          "breathing: a hint, nothing required", "red flash: press refused", "dark blips: the player's signature")


class Frame:
    def __init__(self, n):
        self.n = n
        self.colour = bytearray(n)
        self.effect = bytearray(n)
        self.blank = bytes(n)

    def clear(self):
        self.colour[:] = self.blank  # in C, no allocation
        self.effect[:] = self.blank

    def set(self, led, colour, effect=STEADY):
        if 0 <= led < self.n:
            self.colour[led] = colour
            self.effect[led] = effect

    def copy_from(self, other):
        self.colour[:] = other.colour
        self.effect[:] = other.effect


def calm(frame):
    """Calm LEDs (a menu setting): nothing moves, and every state still has a
    look of its own: put on (BLINK) -> its colour, steady at a quarter;
    take off (FAST) -> steady magenta; an invitation (PULSE) -> steady DIM;
    a player's signature (MARK) -> steady. A refusal still flashes."""
    c = frame.colour
    e = frame.effect
    for i in range(frame.n):
        k = e[i]
        if k == BLINK:
            e[i] = HALF
        elif k == FAST:
            c[i] = TAKE
            e[i] = STEADY
        elif k == PULSE:
            c[i] = DIM
            e[i] = STEADY
        elif MARK <= k < HALF:
            e[i] = STEADY
