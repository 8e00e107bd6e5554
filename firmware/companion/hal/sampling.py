"""Device-side sampling helpers, imported only by the drivers (hal/board.py,
hal/pio.py) and the tests, so the simulator does not carry them.

SampleDecoder: samples written by hardware at a fixed period (the RP2040's
PIO + DMA) to timestamped contact changes; pure, tested on the host.
PortMatrixScanner: the diode matrix read a whole GPIO port at a time.
FallbackSampler: a hardware sampler that, should it ever fail, gives way
to polled scanning.
"""

from array import array

from .buttons import TICKS_MASK, PolledSampler


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
        ring = self.ring
        prev = self.prev
        width = self.width
        if n <= 2:  # the usual step: unless the newest sample differs, nothing changed
            # (a change undone within one sample, 1 ms, is shorter than any settle time)
            i = self.start + ((done - 1) % self.nsamples) * width
            for h in range(width):
                if ring[i + h] != prev[h]:
                    break
            else:
                self.seen = done
                self.t = (self.t + n * self.period) & TICKS_MASK
                return self.t
        if n > self.nsamples - 2:  # the ring went round: keep the newest
            skip = n - (self.nsamples - 2)
            self.lost += skip
            self.seen = (self.seen + skip) & TICKS_MASK
            self.t = (self.t + skip * self.period) & TICKS_MASK
            n -= skip
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
