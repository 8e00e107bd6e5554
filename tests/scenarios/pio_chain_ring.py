"""hal/pio_chain.py on stand-ins for rp2, uctypes and machine: the words
chain_scan would push for a chain of 74HC165s whose inputs the scenario
sets, copied by a stand-in DMA into the ring (32-bit little-endian
transfers, the write address wrapping at the ring's size, a run that stops
when its count is spent). PioChain must report exactly the inputs that
changed, with their levels, wherever the heap put its buffer, across DMA
runs that end and restart.

Runs under CPython and native MicroPython (tests/test_pio_chain.py)."""

import sys

from .pio_ring import Module, StateMachine


class DMA:
    """One channel into one bytearray at a made-up address."""

    channel = 2

    def __init__(self, memory):
        self.memory = memory  # (address, bytearray)
        self.count = 0
        self.write = 0
        self.on = 0
        self.configs = 0
        self.waiting = []  # words pushed while the channel stood (the PIO's RX FIFO)

    def pack_ctrl(self, **kw):
        return kw

    def config(self, read=0, write=0, count=0, ctrl=None, trigger=False):
        self.ctrl = ctrl
        if not self.configs:
            self.start = write
        self.write = write
        self.count = count
        self.on = 1 if trigger else 0
        self.configs += 1
        waiting = self.waiting
        self.waiting = []
        for w in waiting:
            self.push(w)

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on

    def close(self):
        pass

    def push(self, word):
        """A word from the PIO: transferred, or left in the FIFO while the run is spent."""
        if not self.on or self.count == 0:
            self.waiting.append(word)
            return
        base, buf = self.memory
        at = self.write - base
        if at < 0 or at + 4 > len(buf):
            raise IndexError("DMA write at 0x%x lies outside the buffer: heap corruption" % self.write)
        for i in range(4):
            buf[at + i] = word >> (8 * i) & 0xFF
        ring = 1 << self.ctrl["ring_size"]
        self.write = (self.write & ~(ring - 1)) | ((self.write + 4) & (ring - 1))
        self.count -= 1
        if self.count == 0:
            self.on = 0


def scan_words(active, chips, nwords):
    """One scan as chain_scan pushes it: the inputs in the order they leave
    Q7 (chip 0's D7 first, then its D6 .. D0, then chip 1's), each 0 while
    its switch is active (it pulls the line low), 1 past the chain; shifted
    in from the right, 32 to a word."""
    out = []
    s = 0
    for _ in range(nwords):
        word = 0
        for _ in range(32):
            chip = s >> 3
            level = 0 if chip < chips and (chip * 8 + 7 - (s & 7)) in active else 1
            word = (word << 1) | level
            s += 1
        out.append(word)
    return out


class Sink:
    def __init__(self):
        self.edges = []

    def edge(self, bit, level, t):
        self.edges.append((bit, level))


class Clock:
    t = 0

    @classmethod
    def ticks_ms(cls):
        cls.t += 1
        return cls.t

    @staticmethod
    def ticks_diff(a, b):
        return a - b


def run(address, chips, steps=60, seed=1, count=None):
    """A chain of `chips` whose inputs change at random (fixed seed) between
    the loop's looks, one to three scans between looks; count: transfers per
    DMA run (small: the runs end often). Returns what the test checks."""
    import random

    random.seed(seed)
    memory = []
    made = []
    scans = []  # the PIO: a scan of the chain as the inputs stand now

    rp2 = Module()
    consts = Module()
    consts.OUT_LOW = 0
    consts.OUT_HIGH = 1
    consts.SHIFT_LEFT = 0
    consts.JOIN_RX = 2
    consts.IN_LOW = 0  # (hal/pio.py's programs, imported with pio_chain for the numbers they share)
    consts.SHIFT_RIGHT = 1
    consts.JOIN_TX = 1
    rp2.PIO = consts
    rp2.asm_pio = lambda **kw: (lambda f: f)  # the program is never run here
    rp2.StateMachine = StateMachine

    def new_dma():
        d = DMA(memory[0])
        made.append(d)
        return d

    rp2.DMA = new_dma

    class Mem32:
        """The DMA's TRANS_COUNT, the one register pio_chain reads; the PIO
        scans while PioChain waits for its first scan."""

        def __getitem__(self, address):
            d = made[0]
            if address != 0x50000008 + 0x40 * d.channel:
                raise IndexError("no stand-in register at 0x%x" % address)
            if waiting_first[0]:
                scans[0]()
            return d.count

    waiting_first = [True]

    def addressof(buf):
        memory.append((address, buf))
        return address

    uctypes = Module()
    uctypes.addressof = addressof
    machine = Module()

    class Pin:
        IN = 0

        def __init__(self, n, *args):
            self.n = n

    machine.Pin = Pin
    machine.mem32 = Mem32()
    saved = dict((k, sys.modules.get(k)) for k in ("rp2", "uctypes", "machine"))
    sys.modules["rp2"] = rp2
    sys.modules["uctypes"] = uctypes
    sys.modules["machine"] = machine
    sys.modules.pop("companion.hal.pio_chain", None)
    sys.modules.pop("companion.hal.pio", None)
    try:
        from companion.hal import pio_chain

        pio_chain.time = Clock
        if count is not None:
            pio_chain.COUNT = count
        n = 8 * chips
        active = set(b for b in range(n) if random.random() < 0.2)
        nwords = 1
        while 32 * nwords < n:
            nwords *= 2

        def scan():
            for w in scan_words(active, chips, nwords):
                made[0].push(w)

        scans.append(scan)
        chain = pio_chain.PioChain(2, 26, chips)
        waiting_first[0] = False
        sm = chain.sm
        ring = 1 << made[0].ctrl["ring_size"]
        ring_addr = made[0].start
        reported = set()
        wrong = []
        for step in range(steps):
            sink = Sink()
            chain.collect(sink, step)
            seen = set(b for b, level in sink.edges if level)
            gone = set(b for b, level in sink.edges if not level)
            want_on = active - reported
            want_off = reported - active
            if seen != want_on or gone != want_off or len(sink.edges) != len(want_on) + len(want_off):
                wrong.append([step, sorted(want_on), sorted(want_off), sorted(sink.edges)])
            reported = (reported | seen) - gone
            for _ in range(random.randrange(4)):  # inputs change, one of them past a word's edge now and then
                active ^= {random.randrange(n)}
            if step % 7 == 3:
                active ^= {31, 32} & set(range(n))
            for _ in range(random.randrange(1, 4)):
                scan()
        return {"wrong": wrong[:3], "runs": made[0].configs, "sm_put": sm.fifo, "sm_on": sm.on,
                "ring": ring, "inside": ring_addr - address >= 0 and ring_addr + ring <= address + len(chain.buf),
                "aligned": ring_addr % ring == 0, "nbytes": chain.nbytes}
    finally:
        hal = sys.modules.get("companion.hal")
        for name in ("pio_chain", "pio"):  # (both made on the stand-ins)
            sys.modules.pop("companion.hal." + name, None)
            if hal is not None and name in dir(hal):
                delattr(hal, name)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
