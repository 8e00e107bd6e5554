"""Device-side sampling helpers, imported only by the drivers (hal/board.py,
hal/pio.py) and the tests, so the simulator does not carry them.

SampleDecoder: samples written by hardware at a fixed period (the RP2040's
PIO + DMA) to timestamped contact changes; pure, tested on the host.
PortMatrixScanner: the diode matrix read a whole GPIO port at a time.
FallbackSampler: a hardware sampler that, should it ever fail, gives way
to polled scanning. Backlog: a hardware sampler's changes kept while boot
is busy, longer than its ring would.
"""

from array import array

from .buttons import TICKS_MASK, PolledSampler

LOWEST_BIT = b"\0"  # LOWEST_BIT[x]: the index of the lowest bit set in byte x (x > 0)
for _k in range(8):
    LOWEST_BIT += bytes((_k,)) + LOWEST_BIT[1:]
del _k


class SampleDecoder:
    """Samples written by hardware at a fixed period into a ring, to
    timestamped changes (the pure half of hal/pio.py, tested on the host).

    `ring` is an array("i") of signed 32-bit words, as the DMA writes them:
    each sample is `width` words, bit b of word w is button code w * 32 + b,
    1 = contact open (pull-up), so a word with every contact open reads -1,
    a small int (an unsigned word would be a big one: allocated). `done()`
    gives how many samples the hardware has completed so far (counting up,
    wrapping at TICKS_MASK + 1). Sample k is taken at t0 + k * period_ms.

    Most samples equal the one before: a first pass only compares words and
    decodes from the first sample that differs.

    seen: the samples done at t0 (by default done() now: the samples
    before are not read); 0 for a sampler started at t0 (lit.py's)."""

    def __init__(self, ring, start, nsamples, width, period_ms, done, t0, seen=None):
        self.ring = ring
        self.start = start  # index of sample 0's first word in ring
        self.nsamples = nsamples
        self.width = width
        self.period = period_ms
        self.done = done
        self.n = width * 32
        self.prev = array("i", [-1] * width)  # all open
        self.seen = done() if seen is None else seen
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
        nsamples = self.nsamples
        k = self.seen % nsamples
        # the samples equal to the last one seen: nothing to decode
        i = self.start + k * width
        end = self.start + nsamples * width
        same = 0
        if width == 2:  # the PIO sampler's 8x8 matrix: two words a sample
            p0 = prev[0]
            p1 = prev[1]
            while same < n and ring[i] == p0 and ring[i + 1] == p1:
                same += 1
                i += 2
                if i == end:
                    i = self.start
        t = (self.t + same * self.period) & TICKS_MASK
        k = (k + same) % nsamples
        n -= same
        while n:
            t = (t + self.period) & TICKS_MASK
            i = self.start + k * width
            for w in range(width):
                v = ring[i + w]
                d = v ^ prev[w]
                if d:
                    prev[w] = v
                    s = 0
                    while s < 32:  # a byte at a time, its changed bits by table (a loop over 32
                        x = d >> s & 0xFF  # bits took 1.5 ms of a press on a Pico)
                        while x:
                            b = s + LOWEST_BIT[x]
                            x &= x - 1
                            sink.edge(w * 32 + b, 0 if v >> b & 1 else 1, t)
                        s += 8
            k += 1
            if k == nsamples:
                k = 0
            n -= 1
        self.seen = done
        self.t = t
        return t


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


class Backlog:
    """A hardware sampler whose contact changes are taken out of its ring
    while boot is busy (drain(), from a timer), kept here (at most MOST),
    and handed to the debouncer first at the first collect(): the ring keeps
    only its last 512 ms, and a board that shows its look may take longer
    than that to boot its game (1.2 s for a long log replayed whole).
    drain() allocates nothing: a soft timer may call it between any two
    lines of boot."""

    MOST = 128  # changes kept: 64 presses

    def __init__(self, source):
        self.source = source
        self.n = source.n
        self.codes = bytearray(self.MOST)  # code | level << 7
        self.times = array("i", [0] * self.MOST)
        self.kept = 0
        self.lost = 0  # changes beyond MOST (none in a boot of seconds)
        self.draining = True  # until the first collect(): then the debouncer takes them itself

    def edge(self, code, level, t):
        k = self.kept
        if k == self.MOST:
            self.lost += 1
            return
        self.codes[k] = code | level << 7
        self.times[k] = t
        self.kept = k + 1

    def drain(self, now):
        """Take the changes waiting in the ring into the backlog (boot's timer calls it)."""
        if self.draining:
            self.source.collect(self, now)

    def collect(self, sink, now):
        if self.draining:
            self.draining = False  # (a drain already scheduled does nothing now)
            for k in range(self.kept):
                c = self.codes[k]
                sink.edge(c & 0x7F, c >> 7, self.times[k])
            self.kept = 0
        return self.source.collect(sink, now)

    def wait(self, ms):
        return self.source.wait(ms)

    def stop(self):
        self.source.stop()


class FallbackSampler:
    """A background sampler (the PIO + DMA) that, should it fail at any time,
    is stopped and replaced by polled scanning: the board keeps playing and
    the console says why. make_scanner() builds the polled scanner."""

    def __init__(self, sampler, make_scanner):
        self.source = sampler
        self.make_scanner = make_scanner
        self.n = sampler.n
        self.failure = None

    def collect(self, sink, now):
        try:
            return self.source.collect(sink, now)
        except Exception as e:  # noqa: BLE001 - any fault of the sampler: scan by polling
            self.fall_back(e)
            return self.source.collect(sink, now)

    def wait(self, ms):
        """The hardware sampler's wait (an AttributeError once polling took over)."""
        return self.source.wait(ms)

    def fall_back(self, error):
        print("companion: button sampler failed (%r): scanning by polling from now on" % (error,))
        self.failure = error
        stop = getattr(self.source, "stop", None)
        if stop is not None:
            try:
                stop()
            except Exception as e:  # noqa: BLE001
                print("companion: could not stop the sampler:", e)
        self.source = PolledSampler(self.make_scanner())
