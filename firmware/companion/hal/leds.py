"""WS2812 LEDs: a Frame (colour + effect per LED) to strip bytes, each tick.

`strip` is anything with a `buf` bytearray (3 bytes per LED) and `write()`:
neopixel.NeoPixel on the device (GRB order), sim.SimStrip in the simulator
(RGB). The brightness and a current estimate cap what the board draws;
render() allocates nothing.
"""

from array import array

from .. import const
from .buttons import TICKS_MASK, age
from .frame import BLINK, FAST, PULSE, FLASH, MARK, HALF

# colour index (frame.py) -> r, g, b at full scale
PALETTE = bytes((
    0, 0, 0,  # OFF
    255, 235, 210,  # player 1: white (warm, so it is not mistaken for DIM; apart from YELLOW for tritanopes)
    0, 70, 255,  # player 2: black, shown blue
    255, 60, 0,  # player 3: orange
    0, 150, 40,  # player 4: green (dark enough for the simulator's light stone rim)
    255, 0, 0,  # RED: a refused press
    0, 255, 0,  # GREEN
    255, 210, 0,  # YELLOW (Kanaloa's yellow player: yellow, not orange)
    24, 24, 24,  # DIM
    200, 0, 255,  # TAKE: magenta, calm LEDs' "take off"
))

GRB = (1, 0, 2)  # byte offsets of r, g, b in neopixel's buffer
RGB = (0, 1, 2)

MA_FULL = const(20)  # mA one WS2812 channel draws at 255 (datasheet: 12..20)
MA_IDLE = const(1)  # mA per WS2812, all dark


FAST_MS = const(125)  # FAST's half period
RHYTHMS = (BLINK, FAST, FLASH)  # made once: render runs with the heap locked (loop.py)
HALVES = {BLINK: 500, FAST: FAST_MS, FLASH: 100}  # each rhythm's half period, ms
SIGNATURE_MS = const(2000)  # MARK + n: n dark blips every 2 s, BLIP_MS each, one per SLOT_MS
SLOT_MS = const(300)
BLIP_MS = const(120)
PULSE_STEP_MS = const(40)  # the pulse's brightness changes in steps of this (25 a second)
CHUNK = const(8)  # LEDs _diff compares at once, in C
ONE = tuple(bytes((e,)) for e in range(HALF + 1))  # each effect as one byte, for bytearray.find (in C)


class Leds:
    """Writes only what changed: an LED is recomputed when its colour or
    effect changed, or when it is animated and its animation phase moved on;
    the strip is written only when a byte changed. `due(now)` says whether an
    animation phase has moved on since the last render (the run loop renders
    then, or when the frame changed)."""

    def __init__(self, strip, n, max_ma=500, base_ma=80, order=GRB):
        """max_ma: the whole board's budget (USB: 500); base_ma: controller + display."""
        self.strip = strip
        self.n = n
        self.budget = max(0, max_ma - base_ma - n * MA_IDLE)  # (the layout check wants room to light)
        self.order = order
        self.ro, self.go, self.bo = order
        self.estimate_ma = n * MA_IDLE
        self.colour = bytearray(n)  # the frame as last rendered
        self.effect = bytearray(n)
        self.level = bytearray(n)  # each LED's level as last written
        self.want = bytearray(3 * n)  # the strip's bytes before the current cap
        self.sums = array("H", [0] * n)  # each LED's 3 bytes in want, added up
        self.total = 0  # all of want added up (sum() over it took 0.3 ms a frame on a Pico)
        self.rgb_sum = array("H", [0] * (len(PALETTE) // 3))  # each colour's 3 strip bytes now, added up
        self.rgb = [bytearray(3) for _ in range(len(PALETTE) // 3)]  # each colour's 3 strip bytes now
        self.rgb_capped = None  # the same under the current cap (made at the first capped frame)
        self.anim = bytearray(n)  # the animated LEDs
        self.stale = bytearray(n)  # animated LEDs whose colour or effect changed
        self.levels = bytearray(HALF + 1)  # _animate: each effect's level at this phase
        self.scaled = bytearray(3)
        self.blank = bytes(n)
        self.nanim = 0
        self.src = None  # the frame that self.views look at
        self.views = None
        self.used = 0  # bit e: effect e is in the frame (MARK + 0..3 and HALF: bit MARK)
        self.present = 0  # bit e: effect e is in the frame, each apart
        self.key = -1  # the animation phases last rendered
        self.bright = -1
        self.changed = False
        self.wrote = False
        # the blinks' rhythm: each restarts when an LED newly takes it, so that a
        # refusal's red or a new to-do shows at the press, not at the next phase
        self.since = array("i", [0] * (MARK + 1))  # ms the BLINK, FAST, FLASH rhythms and the signature started
        self.restart = 0  # bit e: effect e restarts at this render
        self.dark = 0  # bit e: an LED newly taking effect e was dark or another colour (it starts lit)

    def phase(self, now):
        """A number that changes exactly when an animation in the frame moves on."""
        used = self.used
        key = 0
        since = self.since
        if used & (1 << BLINK):
            key = (age(now, since[BLINK]) // 500) & 1
        if used & (1 << FAST):
            key |= ((age(now, since[FAST]) // FAST_MS) & 1) << 1
        if used & (1 << FLASH):
            key |= ((age(now, since[FLASH]) // 100) & 1) << 2
        if used & (1 << PULSE):
            key |= ((now % 1600) // PULSE_STEP_MS) << 3
        if used >> MARK:
            t = age(now, since[MARK]) % SIGNATURE_MS
            key |= (t // SLOT_MS + 1 if t % SLOT_MS < BLIP_MS else 15) << 9
        return key

    def due(self, now):
        return self.nanim > 0 and self.phase(now) != self.key

    def render(self, frame, now, brightness):
        """Write what changed since the last render; brightness 0..255."""
        all_ = brightness != self.bright
        if all_:
            self.bright = brightness
            for j in range(len(self.rgb)):
                c = self.rgb[j]
                c[self.ro] = PALETTE[3 * j] * brightness >> 8
                c[self.go] = PALETTE[3 * j + 1] * brightness >> 8
                c[self.bo] = PALETTE[3 * j + 2] * brightness >> 8
                self.rgb_sum[j] = c[0] + c[1] + c[2]
        if frame is not self.src:
            self._views(frame)
        if all_ or frame.colour != self.colour or frame.effect != self.effect:  # C-level comparisons
            self._diff(frame, all_)
            if self.restart:
                for e in RHYTHMS:
                    if self.restart & (1 << e):
                        # the first phase is the one that changes what the LEDs newly
                        # taking it showed: lit if one of them was dark or in another colour
                        # (a piece put on, a refusal's red, a stick off the board that an
                        # UNDO wants back), dark if all were lit in its colour (a piece to
                        # take off): the press shows in this very frame
                        self.since[e] = now if self.dark & (1 << e) else (now - HALVES[e]) & TICKS_MASK
                if self.restart >> MARK:
                    # a piece put on in its signature's dark blip would stay dark up to
                    # 120 ms (a Kanaloa bridge seen 144 ms after it reached its slot,
                    # docs/bench.md): the signatures move on past this period's blips
                    # instead, whole again from the next period; the count of blips,
                    # not their moment, tells players apart
                    t = age(now, self.since[MARK]) % SIGNATURE_MS
                    if t % SLOT_MS < BLIP_MS and self.dark >> (MARK + t // SLOT_MS + 1):  # (MARK + m dark: m > slot)
                        self.since[MARK] = (now - 3 * SLOT_MS) & TICKS_MASK
                self.restart = 0
                self.dark = 0
                self.key = -1
        if self.nanim:
            self._animate(now, brightness)
        self.wrote = self.changed  # the run loop keeps flash work out of a step that wrote the strip
        if self.changed:
            self._cap()  # (first: should it want memory, the run loop renders again unlocked, this still to do)
            self.changed = False
            self.strip.write()

    def _views(self, frame):
        """Memoryviews of CHUNK LEDs each, of the frame's colours and effects
        and of the rendered ones: _diff compares them in C, chunk by chunk."""
        views = []
        for a in (frame.colour, frame.effect, self.colour, self.effect):
            m = memoryview(a)
            views.append([m[k:k + CHUNK] for k in range(0, self.n, CHUNK)])
        self.views = views  # only once all are made (a MemoryError leaves the old ones)
        self.src = frame

    def _diff(self, frame, all_):
        fc = frame.colour
        fe = frame.effect
        colour = self.colour
        effect = self.effect
        rgb = self.rgb
        want = self.want
        stale = self.stale
        sums = self.sums
        rgb_sum = self.rgb_sum
        total = self.total
        n = self.n
        fcv, fev, cv, ev = self.views
        moved = fe != effect  # the effects changed: which LEDs animate, anew (below)
        new = 0  # bit e: effect e newly taken by an LED
        for j in range(len(cv)):
            if all_ or fcv[j] != cv[j] or fev[j] != ev[j]:  # in C: a changed LED among these
                for i in range(j * CHUNK, min(j * CHUNK + CHUNK, n)):
                    if all_ or fc[i] != colour[i] or fe[i] != effect[i]:
                        e = fe[i]
                        if e:
                            stale[i] = 1  # animated: its level comes from _animate, at once
                            self.key = -1  # (even in the same phase, e.g. a new colour)
                            if e != effect[i]:
                                new |= 1 << e
                                if e == BLINK or e == FAST or e == FLASH:
                                    self.restart |= 1 << e  # its rhythm restarts at this render
                                    if not sums[i] or fc[i] != colour[i]:
                                        self.dark |= 1 << e  # ... lit first: this LED was dark, or another colour
                                elif MARK < e < HALF and (not sums[i] or fc[i] != colour[i]):
                                    self.restart |= 1 << MARK  # a piece put on, with a signature:
                                    self.dark |= 1 << e  # ... lit at once (render)
                        else:  # steady: the palette at this brightness
                            c = fc[i]
                            want[3 * i:3 * i + 3] = rgb[c]
                            total += rgb_sum[c] - sums[i]
                            sums[i] = rgb_sum[c]
        self.total = total
        if moved or all_:
            self._find_animated(fe, self.present | new)
        colour[:] = fc  # in C
        effect[:] = fe
        self.changed = True

    def _find_animated(self, fe, maybe):
        """The animated LEDs, found effect by effect in C; only the effects
        that can be in the frame are looked for (bit e of maybe: effect e was
        in the last frame or an LED took it now): a search takes about 30 us
        on a Pico."""
        anim = self.anim
        na = 0
        used = 0
        present = 0
        for e in range(1, HALF + 1):
            if maybe >> e & 1:
                i = fe.find(ONE[e])
                if i >= 0:
                    present |= 1 << e
                    used |= 1 << (e if e < MARK else MARK)
                while i >= 0:
                    anim[na] = i
                    na += 1
                    i = fe.find(ONE[e], i + 1)
        self.nanim = na
        self.used = used
        self.present = present
        self.key = -1

    def _animate(self, now, brightness):
        key = self.phase(now)
        if key == self.key:
            return
        self.key = key
        lv = self.levels  # each effect's level now
        since = self.since
        lv[BLINK] = brightness if (age(now, since[BLINK]) // 500) & 1 == 0 else 0
        lv[FAST] = brightness if (age(now, since[FAST]) // FAST_MS) & 1 == 0 else 0
        lv[FLASH] = 255 if (age(now, since[FLASH]) // 100) & 1 == 0 else 0  # a refusal shows even when dimmed
        t = (now % 1600) // PULSE_STEP_MS * PULSE_STEP_MS
        lv[PULSE] = brightness * (40 + (t if t < 800 else 1600 - t) * 215 // 800) >> 8  # wave 40..255
        lv[HALF] = brightness >> 2
        if self.used >> MARK:
            t = age(now, since[MARK]) % SIGNATURE_MS  # MARK + n is dark in the first n 300 ms slots, 120 ms each
            dark_from = t // SLOT_MS + 1 if t % SLOT_MS < BLIP_MS else 255
            for m in range(4):
                lv[MARK + m] = 0 if m >= dark_from else brightness
        colour = self.colour
        effect = self.effect
        anim = self.anim
        lev = self.level
        stale = self.stale
        want = self.want
        rgb = self.scaled  # the strip bytes of colour c at level l (the last pair made)
        sums = self.sums
        total = self.total
        c = l = -1
        rs = 0
        for j in range(self.nanim):
            i = anim[j]
            level = lv[effect[i]]
            if level != lev[i] or stale[i]:  # LED i at this level
                stale[i] = 0
                lev[i] = level
                if colour[i] != c or level != l:
                    c = colour[i]
                    l = level
                    rgb[self.ro] = PALETTE[3 * c] * level >> 8
                    rgb[self.go] = PALETTE[3 * c + 1] * level >> 8
                    rgb[self.bo] = PALETTE[3 * c + 2] * level >> 8
                    rs = rgb[0] + rgb[1] + rgb[2]
                want[3 * i:3 * i + 3] = rgb
                total += rs - sums[i]
                sums[i] = rs
                self.changed = True
        self.total = total

    def _cap(self):
        """The strip's bytes, the whole frame scaled down if the estimated
        current would pass the budget."""
        want = self.want
        ma = self.total * MA_FULL // 255
        if ma <= self.budget:
            self.estimate_ma = ma + self.n * MA_IDLE
            self.strip.buf[:] = want  # in C, no allocation
            return
        scale = self.budget * 256 // ma
        self.estimate_ma = (ma * scale >> 8) + self.n * MA_IDLE
        # A steady LED's bytes are its colour's (rgb): each colour scaled once,
        # then copied; only the animated LEDs are scaled byte by byte. (Byte by
        # byte for all: 1.4 ms of a press's 12 on a Pico once a game has lit
        # enough of the board to pass the budget, issue 44.)
        capped = self.rgb_capped
        if capped is None:  # (a board whose frames never pass its budget never holds them)
            capped = self.rgb_capped = [bytearray(3) for _ in range(len(PALETTE) // 3)]
        rgb = self.rgb
        for j in range(len(rgb)):
            c = rgb[j]
            d = capped[j]
            d[0] = c[0] * scale >> 8
            d[1] = c[1] * scale >> 8
            d[2] = c[2] * scale >> 8
        buf = self.strip.buf
        k = 0
        for c in self.colour:  # every LED as if steady, then the animated ones over them
            buf[k:k + 3] = capped[c]
            k += 3
        anim = self.anim
        for j in range(self.nanim):
            k = 3 * anim[j]
            buf[k] = want[k] * scale >> 8
            buf[k + 1] = want[k + 1] * scale >> 8
            buf[k + 2] = want[k + 2] * scale >> 8
