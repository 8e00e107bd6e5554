"""The sensing board's input: hall switches under the slots, read through a
chain of 74HC165 shift registers, debounced in time into slot changes.

Two halves, as hal/buttons.py's:

- A *sampler* reports raw bit changes: `collect(sink, now)` calls
  `sink.edge(bit, level, t)` (level 1: the switch's output is active, a
  magnet pole above it). On an RP2040, hal/pio_chain.PioChain (the chain
  read by PIO + DMA with no CPU; `collect` compares bytes, every loop
  step); elsewhere `buttons.PolledSampler` over `Hc165Chain` (bit-banged,
  any chip) or `SimChain` (the simulated HAL), read every POLL_MS.
- `Slots` (pure: no hardware, no clock of its own) turns the bits into what
  stands on each slot (EMPTY, WHITE: the north-pole output, BLACK: the
  south-pole one) and reports a slot's change once it has lasted:
  a piece that appears counts after PLACE_MS (the switch's output is
  latched between its own samples: no bounce to wait out, just a glance
  of two chain samples), one that disappears only after LIFT_MS, so that a
  stick lifted and put back (straightened, looked under) is no event. A
  piece that appears while a piece of its colour has just been lifted
  elsewhere waits for that lift: if the lifted slot stays empty, both
  changes come together marked SLID (a stick moved between slots: no move
  of any game), else the appearance counts as itself. The first scan
  reports every slot as it stands, marked BOOT (the board after a power cut).
  A slot may have a third bit, a second switch that sees a tall piece
  (Rukuni's tower, its magnet off the centre): TALL while it is active.

Events are slot << 4 | flags << 2 | piece, in a preallocated ring; nothing
here allocates after construction.
"""

from array import array

from .. import const
from .buttons import HALF, TICKS_MASK, PolledSampler

EMPTY = const(0)
WHITE = const(1)  # the switch's north-pole output (OUT1 of a DRV5032DU): a white stick
BLACK = const(2)  # the south-pole output (OUT2): a black stick
TALL = const(3)  # the slot's third switch: a tall piece (Rukuni's tower), whatever the other two say
STRAY = const(4)  # both poles at once and no third switch: no piece does that (a stray field); it never counts
BOOT = const(1)  # flag: the slot as the first scan found it
SLID = const(2)  # flag: a piece moved from one slot to another (both changes carry it)
UNKNOWN = const(255)


def same_piece(a, b, colours):
    """Two sensed or game codes say the same thing: equal, or both present
    where the sensors cannot tell colours apart (colours False)."""
    return a == b or not colours and a and b


class Slots:
    PLACE_MS = 2  # a piece seen this long counts (two chain samples)
    LIFT_MS = 600  # a slot empty this long counts as emptied; sooner back: no event
    POLL_MS = 4  # a polled chain is read this often (the switches sample every 50 ms)
    RING = 32
    WATCH = 16

    def __init__(self, source, bits, poll_ms=None, tall=None):
        """source: a sampler (has collect) or a scanner (has read, polled every
        POLL_MS); bits: the two bits of each slot, white then black
        (a bytes-like of 2 * slots bit numbers, each below source.n); tall:
        each slot's third bit (UNKNOWN: none), or None (no slot has one)."""
        if not hasattr(source, "collect"):
            source = PolledSampler(source)
        else:
            self.POLL_MS = 0  # a background sampler: every scan looks
        if poll_ms is not None:
            self.POLL_MS = poll_ms
        self.sampler = source
        self.scanner = getattr(source, "scanner", source)  # the simulator puts sticks through this
        n = len(bits) // 2
        self.n = n
        if n + 1 > self.RING:  # the first scan reports every slot at once (Kanaloa's 37, Rukuni's 61)
            self.RING = n + 1
        self.white = bytearray(n)
        self.black = bytearray(n)
        for k in range(n):
            self.white[k] = bits[2 * k]
            self.black[k] = bits[2 * k + 1]
        nbits = source.n
        self.slot_of = bytearray([UNKNOWN] * nbits)  # bit -> its slot
        self.tall = bytearray([UNKNOWN] * n) if tall is None else bytearray(tall)
        for k in range(n):
            self.slot_of[self.white[k]] = k
            self.slot_of[self.black[k]] = k
            if self.tall[k] != UNKNOWN:
                self.slot_of[self.tall[k]] = k
        self.level = bytearray(nbits)  # the bits as last sampled
        self.raw = bytearray(n)  # each slot's piece as last sampled
        self.stable = bytearray([UNKNOWN] * n)  # the counted piece (UNKNOWN before the first scan)
        self.last = array("i", [0] * n)  # ms of the last raw change
        self.watch = bytearray(self.WATCH)
        self.nwatch = 0
        self.q = array("H", [0] * self.RING)
        self.head = 0
        self.tail = 0
        self.read_at = -100000 & TICKS_MASK
        self.t = 0
        self.booted = False

    @property
    def busy(self):
        """A change is waiting to count (a lift's window, a slide's)."""
        return self.nwatch > 0

    def scan(self, now):
        """Take the sampler's changes up to now and report what is due."""
        now &= TICKS_MASK
        if self.POLL_MS and ((now - self.read_at) & TICKS_MASK) < self.POLL_MS and self.booted:
            if self.nwatch:
                self._due(now)  # (a polled chain's changes are timed at its reads: the loop's clock)
            return
        self.read_at = now
        t = self.sampler.collect(self, now)
        self.t = t
        if not self.booted:
            self._boot()
        elif self.nwatch:
            self._due(t)

    def feed(self, sink, now):
        """scan(now), then every counted change to sink.sensed(change); True if any."""
        self.scan(now)
        e = self.get()
        if e < 0:
            return False
        while e >= 0:
            sink.sensed(e)
            e = self.get()
        return True

    def _boot(self):
        """Every slot as it stands now: the board after a power cut."""
        self.booted = True
        raw = self.raw
        for k in range(self.n):
            self.stable[k] = raw[k]
            self._put(k, BOOT, raw[k] & 3)  # (a stray field reads as nothing there: STRAY & 3 is EMPTY)
        self.nwatch = 0

    def edge(self, bit, level, t):
        """A raw bit change at time t (ms); called by the sampler, in time order."""
        if bit >= len(self.slot_of) or self.level[bit] == level:
            return
        self.level[bit] = level
        k = self.slot_of[bit]
        if k == UNKNOWN:
            return  # an input no slot uses
        piece = self.level[self.white[k]] | self.level[self.black[k]] << 1
        if piece == 3:
            piece = STRAY
        tall = self.tall[k]
        if tall != UNKNOWN and self.level[tall]:
            piece = TALL
        if piece == self.raw[k]:
            return
        t &= TICKS_MASK
        if self.nwatch and self.booted:
            self._due(t)  # whatever was due before this change, first
        self.raw[k] = piece
        self.last[k] = t
        if not self.booted:
            return
        w = self.watch
        for j in range(self.nwatch):
            if w[j] == k:
                return
        if self.nwatch < self.WATCH:
            w[self.nwatch] = k
            self.nwatch += 1

    def _lifting(self, piece):
        """A slot where a piece of this colour was lifted and has not counted
        as gone yet (its LIFT_MS not reported: it may come back), or -1. An
        appearance of that colour waits for it: the lift, when it counts,
        finds the appearance (_moved_to) and both say SLID."""
        w = self.watch
        for j in range(self.nwatch):
            k = w[j]
            if self.raw[k] == EMPTY and self.stable[k] == piece:
                return k
        return -1

    def _due(self, t):
        """Report every change due by time t, the earliest first."""
        w = self.watch
        raw = self.raw
        stable = self.stable
        last = self.last
        while True:
            best = -1
            late = -1
            j = 0
            while j < self.nwatch:
                k = w[j]
                r = raw[k]
                if r == stable[k] or r == STRAY:  # back as it was (lifted and put back), or no piece's reading
                    if r != STRAY:
                        self.nwatch -= 1
                        w[j] = w[self.nwatch]
                        continue
                    j += 1
                    continue
                if r == EMPTY:
                    over = ((t - last[k]) & TICKS_MASK) - self.LIFT_MS
                elif stable[k] == EMPTY and self._lifting(r) >= 0:
                    j += 1  # a piece of a colour just lifted elsewhere: it waits for that lift
                    continue
                else:
                    over = ((t - last[k]) & TICKS_MASK) - self.PLACE_MS
                if 0 <= over < HALF and over > late:
                    best = j
                    late = over
                j += 1
            if best < 0:
                return
            k = w[best]
            piece = raw[k]
            if piece == EMPTY:
                moved = self._moved_to(k, stable[k])
                stable[k] = EMPTY
                if moved >= 0:  # the stick went from k to moved: both changes say so
                    self._put(k, SLID, EMPTY)
                    stable[moved] = raw[moved]
                    self._put(moved, SLID, raw[moved])
                    continue
                self._put(k, 0, EMPTY)
            else:
                stable[k] = piece
                self._put(k, 0, piece)

    def _moved_to(self, k, piece):
        """A watched slot where a piece of this colour appeared while k's was
        lifted (waiting for k's lift), or -1."""
        w = self.watch
        for j in range(self.nwatch):
            m = w[j]
            if m != k and self.raw[m] == piece and self.stable[m] == EMPTY and \
                    ((self.last[m] - self.last[k]) & TICKS_MASK) < HALF:
                return m
        return -1

    def _put(self, k, flags, piece):
        nxt = (self.head + 1) % self.RING
        if nxt == self.tail:
            return  # full: the App rechecks the whole board at its next event
        self.q[self.head] = k << 4 | flags << 2 | piece
        self.head = nxt

    def get(self):
        """The next change as slot << 4 | flags << 2 | piece, or -1."""
        t = self.tail
        if t == self.head:
            return -1
        self.tail = (t + 1) % self.RING
        return self.q[t]


class Hc165Chain:
    """A chain of 74HC165s read by bit-banging (any chip). PL low loads every
    input at once; then Q7 of the first chip shows its D7, and each clock
    shifts the next bit in: D6 .. D0, then the next chip's D7 .. D0.
    Bit k is input D(k % 8) of chip k // 8. The hall switches' outputs are
    active low: out[k] = 1 while a pole is above the switch."""

    def __init__(self, clock, load, data, chips):
        self.clock = clock
        self.load = load
        self.data = data
        self.n = 8 * chips
        # the bits in the order they come out: each chip's D7 first
        self.order = bytes(chip + d for chip in range(0, self.n, 8) for d in range(7, -1, -1))
        clock.value(0)
        load.value(1)

    def read(self, out):
        # (the loop's hottest Python on a sensing board, once a poll: the bound
        # methods looked up once and one flat loop, not a lookup per call in
        # two loops: on the emulated Pico a scan's worst 3.77 -> 3.45 ms, its
        # cost per loop step 0.69 -> 0.58 ms, a stick's worst light 62.6 -> 57.6)
        tick = self.clock.value
        level = self.data.value
        load = self.load.value
        load(0)
        load(1)
        for k in self.order:
            out[k] = 1 - level()
            tick(1)
            tick(0)


class SimChain:
    """The simulated HAL's chain: put(bit, 1) while a pole is above that output."""

    def __init__(self, n, state=None):
        self.n = n
        self.state = bytearray(n)
        if state:
            self.state[:len(state)] = state[:n]

    def put(self, bit, level):
        self.state[bit] = level

    def read(self, out):
        out[:] = self.state


def chain(spec, nbits):
    """The profile's chain ("sensors": kind hc165, clock, load, data, chips):
    on an RP2040 with PL wired to CP's next GPIO, read by PIO + DMA
    (hal/pio_chain.py: a sampler, looked at every loop step), else
    bit-banged (Hc165Chain: a scanner, polled every Slots.POLL_MS)."""
    import sys

    from machine import Pin

    if spec.get("kind") != "hc165" or 8 * spec.get("chips", 0) < nbits:
        raise ValueError("the profile's sensors do not have the layout's %d bits" % nbits)
    if sys.platform == "rp2" and spec["load"] == spec["clock"] + 1:
        from .pio_chain import PioChain

        try:
            return PioChain(spec["clock"], spec["data"], spec["chips"])
        except Exception as e:  # noqa: BLE001 - e.g. its state machine taken: the chain still reads
            print("companion: the sensor chain bit-banged (%s)" % (e,))
    return Hc165Chain(Pin(spec["clock"], Pin.OUT), Pin(spec["load"], Pin.OUT), Pin(spec["data"], Pin.IN),
                      spec["chips"])
