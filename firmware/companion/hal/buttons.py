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
  (`SampleDecoder` here turns its samples into changes).
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

from ..core import const

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
        since_change = age(self.last[c], self.since[c])
        if since_change >= HALF or since_change + self.SETTLE_MS >= self.LOCKOUT_MS:
            return self.SETTLE_MS
        return self.LOCKOUT_MS - since_change

    def _due(self, t):
        """Act on everything due by time t, earliest first."""
        while True:
            w = self.watch
            best = -1
            late = -1
            j = 0
            while j < self.nwatch:
                c = w[j]
                if self.raw[c] != self.stable[c]:
                    over = age(t, self.last[c]) - self._wait(c)
                elif self.stable[c] and not self.fired[c]:
                    over = age(t, self.since[c]) - self.LONG_MS
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
            if self.raw[c] != self.stable[c]:
                r = self.raw[c]
                self.stable[c] = r
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


class SampleDecoder:
    """Samples written by hardware at a fixed period into a ring, to
    timestamped changes (the pure half of hal/pio.py, tested on the host).

    `ring` is an array("H"): each sample is `width` halfwords, bit b of
    halfword h is button code h * 16 + b, 1 = contact open (pull-up).
    `done()` gives how many samples the hardware has completed so far
    (counting up, wrapping at TICKS_MASK + 1). Sample k is taken at
    t0 + k * period_ms."""

    def __init__(self, ring, start, nsamples, width, period_ms, done, t0):
        self.ring = ring
        self.start = start  # index of sample 0's first halfword in ring
        self.nsamples = nsamples
        self.width = width
        self.period = period_ms
        self.done = done
        self.n = width * 16
        self.prev = array("H", [0xFFFF] * width)  # all open
        self.seen = done()
        self.t = t0 & TICKS_MASK
        self.lost = 0  # samples overwritten before they were read (a stall longer than the ring)

    def collect(self, sink, now):
        done = self.done()
        n = (done - self.seen) & TICKS_MASK
        if not n:
            return self.t
        if n > self.nsamples - 2:  # the ring went round: keep the newest
            skip = n - (self.nsamples - 2)
            self.lost += skip
            self.seen = (self.seen + skip) & TICKS_MASK
            self.t = (self.t + skip * self.period) & TICKS_MASK
            n -= skip
        ring = self.ring
        prev = self.prev
        width = self.width
        k = self.seen % self.nsamples
        t = self.t
        while n:
            t = (t + self.period) & TICKS_MASK
            i = self.start + k * width
            for h in range(width):
                v = ring[i + h]
                d = v ^ prev[h]
                if d:
                    prev[h] = v
                    b = 0
                    while d:
                        if d & 1:
                            sink.edge(h * 16 + b, 0 if v >> b & 1 else 1, t)
                        d >>= 1
                        b += 1
            k += 1
            if k == self.nsamples:
                k = 0
            n -= 1
        self.seen = done
        self.t = t
        return t


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
    Pin by pin: the portable fallback (see PortMatrixScanner)."""

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


class PortMatrixScanner:
    """The diode matrix read a whole input port at a time: per row one read
    of the chip's GPIO input register (`mem[addr]`, e.g. machine.mem32 on the
    RP2040's SIO GPIO_IN) instead of one Pin.value() per column; a row whose
    bits did not change since the last scan costs nothing more.

    cols: per column (register index into addrs, bit)."""

    def __init__(self, rows, cols, mem, addrs):
        self.rows = rows
        self.mem = mem
        self.a0 = addrs[0]
        self.a1 = addrs[1] if len(addrs) > 1 else -1
        nc = len(cols)
        self.nc = nc
        self.n = len(rows) * nc
        self.word = bytearray(w for w, b in cols)
        self.bit = bytearray(b for w, b in cols)
        self.m0 = 0
        self.m1 = 0
        for w, b in cols:
            if w:
                self.m1 |= 1 << b
            else:
                self.m0 |= 1 << b
        self.last = array("i", [-1] * (2 * len(rows)))

    def read(self, out):
        mem = self.mem
        last = self.last
        a0 = self.a0
        a1 = self.a1
        m0 = self.m0
        m1 = self.m1
        nc = self.nc
        k = 0
        j = 0
        for row in self.rows:
            row.value(0)
            v0 = mem[a0] & m0
            v1 = mem[a1] & m1 if a1 >= 0 else 0
            row.value(1)
            if v0 != last[j] or v1 != last[j + 1]:
                last[j] = v0
                last[j + 1] = v1
                for c in range(nc):
                    v = v1 if self.word[c] else v0
                    out[k + c] = 0 if v >> self.bit[c] & 1 else 1
            j += 2
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
        for a in self.addrs:
            i2c.writeto_mem(a, _IODIRA, b"\xff\xff")  # IODIRA, IODIRB: inputs
            i2c.writeto_mem(a, _GPPUA, b"\xff\xff")  # GPPUA, GPPUB: pull-ups

    def read(self, out):
        buf = self.buf
        k = 0
        for a in self.addrs:
            self.i2c.readfrom_mem_into(a, _GPIOA, buf)
            bits = buf[0] | buf[1] << 8
            for p in range(16):
                out[k + p] = 0 if bits >> p & 1 else 1
            k += 16
