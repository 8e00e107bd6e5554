"""Buttons: scanners (GPIO, diode matrix, MCP23017) and a polled debouncer.

A scanner fills a bytearray with the raw state of every button code (1 =
pressed). `Buttons.scan(now_ms)` debounces: a change counts after
`settle_scans` matching scans in a row, and never sooner than LOCKOUT_MS
after the button's last counted change, so contact bounce cannot make a
double press. A press is reported at release (SHORT), or as soon as it has
been held LONG_MS (LONG; its release then reports nothing). Events wait in
a preallocated ring buffer; buttons that change in the same scan report in
ascending code order. Scanning allocates nothing.
"""

from array import array

from ..core import const

SHORT = const(1)
LONG = const(2)
TICKS_MASK = const(0x3FFFFFFF)  # MicroPython's ticks_ms wraps at 2**30


def age(now, then):
    return (now - then) & TICKS_MASK


class Buttons:
    LOCKOUT_MS = 20
    LONG_MS = 700
    RING = 32

    def __init__(self, scanner, settle_scans=3):
        n = scanner.n
        self.scanner = scanner
        self.n = n
        self.settle = settle_scans
        self.raw = bytearray(n)
        self.stable = bytearray(n)
        self.count = bytearray(n)  # matching scans of a pending change
        self.fired = bytearray(n)  # LONG already reported for this press
        self.since = array("i", [0] * n)  # ms of the last counted change
        self.q_code = bytearray(self.RING)
        self.q_kind = bytearray(self.RING)
        self.head = 0
        self.tail = 0
        self.busy = False  # a button is held or a change is settling

    def scan(self, now):
        now &= TICKS_MASK
        self.scanner.read(self.raw)
        raw = self.raw
        stable = self.stable
        if not self.busy and raw == stable:
            return  # nothing pressed, nothing changing: the usual case, kept cheap
        count = self.count
        since = self.since
        fired = self.fired
        busy = False
        for i in range(self.n):
            r = raw[i]
            if r == stable[i]:
                count[i] = 0
                if r:
                    busy = True
                    if not fired[i] and age(now, since[i]) >= self.LONG_MS:
                        fired[i] = 1
                        self._put(i, LONG)
                continue
            busy = True
            c = count[i] + 1
            if c < 255:
                count[i] = c
            if c < self.settle or age(now, since[i]) < self.LOCKOUT_MS:
                continue
            count[i] = 0
            stable[i] = r
            since[i] = now
            if r:
                fired[i] = 0
            elif not fired[i]:
                self._put(i, SHORT)
        self.busy = busy

    def _put(self, code, kind):
        nxt = (self.head + 1) % self.RING
        if nxt == self.tail:
            return  # full: nobody presses 31 buttons between two loop steps
        self.q_code[self.head] = code
        self.q_kind[self.head] = kind
        self.head = nxt

    def get(self):
        """The next event as code << 2 | kind (SHORT or LONG), or -1."""
        t = self.tail
        if t == self.head:
            return -1
        self.tail = (t + 1) % self.RING
        return self.q_code[t] << 2 | self.q_kind[t]


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
    button (cathode toward the row) stops ghosting. code = row * ncols + col."""

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
