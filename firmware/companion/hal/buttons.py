"""Buttons: contact samplers and a debouncer that settles by time.

Two halves behind one interface:

- A *sampler* reports raw contact changes with the time they happened:
  `sampler.collect(sink, now)` calls `sink.edge(code, level, t_ms)` for
  every change since the last call, oldest first, and returns the time up
  to which it has looked. `PolledSampler` reads a scanner (GPIO pins, a
  diode matrix, MCP23017 expanders, the simulator) when the loop asks, so
  its times are the loop's; on the RP2040 `hal/pio.py` has the PIO + DMA
  sampler that keeps sampling while Python is busy or the flash is being
  written, and reports every change with the time it was sampled
  (`hal/sampling.py` turns its samples into changes, and has the scanner
  that reads whole GPIO ports).
- `Buttons` (pure: no hardware, no clock of its own) turns timestamped
  changes into events. A change counts once the contact has stayed at the
  new level for SETTLE_MS (time, not a number of scans), and never sooner
  than LOCKOUT_MS after the button's last counted change, so contact
  bounce of up to 10 ms cannot double a press. Events: DOWN when a press
  has settled, LONG when it has been held LONG_MS (while still held), UP
  when the release has settled. Changes of several buttons come out in the
  order they settled (ascending code when at the same millisecond). Events
  wait in a preallocated ring; nothing here allocates.
"""

from array import array

from .. import const

DOWN = const(1)  # a press has settled: act now unless its length matters
LONG = const(2)  # held LONG_MS, still held
UP = const(3)  # the release has settled
TICKS_MASK = const(0x3FFFFFFF)  # MicroPython's ticks_ms wraps at 2**30
HALF = const(0x20000000)


def age(now, then):
    return (now - then) & TICKS_MASK


class Buttons:
    SETTLE_MS = 4  # the same level this long counts as a change
    LOCKOUT_MS = 20  # no counted change sooner than this after the last one
    LONG_MS = 700
    RING = 32
    WATCH = 16  # buttons settling or held at once

    def __init__(self, source, settle_ms=None):
        """source: a sampler (has collect) or a scanner (has read), which is
        then polled at every scan."""
        if not hasattr(source, "collect"):
            source = PolledSampler(source)
        self.sampler = source
        self.scanner = getattr(source, "scanner", source)  # the simulator presses through this
        n = source.n
        self.n = n
        if settle_ms is not None:
            self.SETTLE_MS = settle_ms
        self.raw = bytearray(n)  # the contact as last sampled
        self.stable = bytearray(n)  # the counted level
        self.fired = bytearray(n)  # LONG already reported for this press
        self.last = array("i", [0] * n)  # ms of the last raw change
        self.since = array("i", [-100000 & TICKS_MASK] * n)  # ms of the last counted change
        self.watch = bytearray(self.WATCH)  # codes settling or held (LONG not yet due)
        self.nwatch = 0
        self.q_code = bytearray(self.RING)
        self.q_kind = bytearray(self.RING)
        self.head = 0
        self.tail = 0
        self.t = 0  # the time up to which contacts are known

    @property
    def busy(self):
        """A button is held or a change is settling."""
        return self.nwatch > 0

    @property
    def settling(self):
        """A contact change is waiting to count: the run loop keeps its next
        steps short (no display page) so that it acts on it at once."""
        w = self.watch
        for j in range(self.nwatch):
            c = w[j]
            if self.raw[c] != self.stable[c]:
                return True
        return False

    def scan(self, now):
        """Take the sampler's changes up to now and settle what is due."""
        t = self.sampler.collect(self, now & TICKS_MASK)
        self.t = t
        if self.nwatch:
            self._due(t)

    def edge(self, code, level, t):
        """A raw contact change at time t (ms); called by the sampler, in time order."""
        if self.raw[code] == level:
            return
        t &= TICKS_MASK
        if self.nwatch:
            self._due(t)  # whatever settled before this change, first
        self.raw[code] = level
        self.last[code] = t
        w = self.watch
        for j in range(self.nwatch):
            if w[j] == code:
                return
        if self.nwatch < self.WATCH:
            w[self.nwatch] = code
            self.nwatch += 1

    def _wait(self, c):
        """ms after the last raw change at which a pending change of c counts."""
        since_change = (self.last[c] - self.since[c]) & TICKS_MASK
        settle = self.SETTLE_MS
        if since_change >= HALF or since_change + settle >= self.LOCKOUT_MS:
            return settle
        return self.LOCKOUT_MS - since_change

    def _due(self, t):
        """Act on everything due by time t, earliest first. (Its names are
        local and age() inline: a press's step runs it, and on a chip each
        attribute looked up and each call costs microseconds.)"""
        w = self.watch
        raw = self.raw
        stable = self.stable
        last = self.last
        while True:
            best = -1
            late = -1
            j = 0
            while j < self.nwatch:
                c = w[j]
                if raw[c] != stable[c]:
                    over = ((t - last[c]) & TICKS_MASK) - self._wait(c)
                elif stable[c] and not self.fired[c]:
                    over = ((t - self.since[c]) & TICKS_MASK) - self.LONG_MS
                else:  # released and settled, or LONG reported: nothing more due
                    self.nwatch -= 1
                    w[j] = w[self.nwatch]
                    continue
                if over >= 0 and over < HALF and (over > late or (over == late and c < w[best])):
                    best = j
                    late = over
                j += 1
            if best < 0:
                return
            c = w[best]
            at = (t - late) & TICKS_MASK
            if raw[c] != stable[c]:
                r = raw[c]
                stable[c] = r
                self.since[c] = at
                if r:
                    self.fired[c] = 0
                    self._put(c, DOWN)
                else:
                    self._put(c, UP)
            else:
                self.fired[c] = 1
                self._put(c, LONG)

    def _put(self, code, kind):
        nxt = (self.head + 1) % self.RING
        if nxt == self.tail:
            return  # full: nobody presses 31 buttons between two loop steps
        self.q_code[self.head] = code
        self.q_kind[self.head] = kind
        self.head = nxt

    def get(self):
        """The next event as code << 2 | kind (DOWN, LONG or UP), or -1."""
        t = self.tail
        if t == self.head:
            return -1
        self.tail = (t + 1) % self.RING
        return self.q_code[t] << 2 | self.q_kind[t]


class PolledSampler:
    """Reads a scanner when the loop asks: a change is timed at that scan.
    Portable (any chip, the simulator); a press that starts and ends while
    the loop is busy is not seen."""

    def __init__(self, scanner):
        self.scanner = scanner
        self.n = scanner.n
        self.now = bytearray(self.n)
        self.seen = bytearray(self.n)

    def collect(self, sink, now):
        cur = self.now
        self.scanner.read(cur)
        seen = self.seen
        if cur == seen:  # a C-level comparison: the usual case, kept cheap
            return now
        for i in range(self.n):
            v = cur[i]
            if v != seen[i]:
                seen[i] = v
                sink.edge(i, v, now)
        return now


class GpioScanner:
    """One pin per button, to ground, with the internal pull-up: code = index."""

    def __init__(self, pins):
        self.pins = pins
        self.n = len(pins)

    def read(self, out):
        pins = self.pins
        for i in range(self.n):
            out[i] = 1 - pins[i].value()


class MatrixScanner:
    """Rows driven low one at a time; columns read with pull-ups; a diode per
    button (cathode toward the row) stops ghosting. code = row * ncols + col.
    Pin by pin: the portable fallback (see sampling.PortMatrixScanner)."""

    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols
        self.n = len(rows) * len(cols)

    def read(self, out):
        cols = self.cols
        nc = len(cols)
        k = 0
        for row in self.rows:
            row.value(0)
            for c in range(nc):
                out[k + c] = 1 - cols[c].value()
            row.value(1)
            k += nc


_IODIRA = const(0x00)
_GPPUA = const(0x0C)
_GPIOA = const(0x12)


class Mcp23017Scanner:
    """MCP23017 expanders, all 16 pins inputs with pull-ups, buttons to ground.
    code = expander index * 16 + pin (GPA0..7 = 0..7, GPB0..7 = 8..15)."""

    def __init__(self, i2c, addrs):
        self.i2c = i2c
        self.addrs = tuple(addrs)
        self.n = 16 * len(self.addrs)
        self.buf = bytearray(2)
        self.errors = 0  # reads that failed (a loose wire): those buttons kept their last state
        for a in self.addrs:
            try:
                i2c.writeto_mem(a, _IODIRA, b"\xff\xff")  # IODIRA, IODIRB: inputs
                i2c.writeto_mem(a, _GPPUA, b"\xff\xff")  # GPPUA, GPPUB: pull-ups
            except OSError:
                raise OSError("no MCP23017 at I2C address %d (0x%02x): check wiring, power, A0-A2" % (a, a))

    def read(self, out):
        buf = self.buf
        k = 0
        for a in self.addrs:
            try:
                self.i2c.readfrom_mem_into(a, _GPIOA, buf)
            except OSError:  # a loose wire: these 16 buttons stay as they were; the game goes on
                self.errors += 1
                k += 16
                continue
            bits = buf[0] | buf[1] << 8
            for p in range(16):
                out[k + p] = 0 if bits >> p & 1 else 1
            k += 16
