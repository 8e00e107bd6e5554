"""hal/pio.py built on stand-ins for rp2, uctypes and machine: the DMA ring
must lie inside the buffer wherever the heap puts it, and what the DMA
writes there must decode to the presses the PIO saw. And the fallback:
a sampler that fails at any time gives way to polled scanning.

Runs under CPython and native MicroPython (tests/test_pio_ring.py)."""

import sys

from companion.hal.buttons import Buttons, DOWN, UP


class Module:
    pass


class StateMachine:
    """rp2.StateMachine: what was put in its TX FIFO, and whether it runs
    (hal/pio.py's sampler here, hal/pio_chain.py's in pio_chain_ring.py)."""

    def __init__(self, sm_id, prog, freq=0, **pins):
        self.sm_id = sm_id
        self.freq = freq
        self.fifo = []
        self.on = 0

    def put(self, word):
        self.fifo.append(word)

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on


class Memory:
    """The bytes of every buffer uctypes.addressof has handed out, by address."""

    def __init__(self):
        self.buffers = []  # (address, array("i"))

    def place(self, buf, address):
        self.buffers.append((address, buf))
        return address

    def write32(self, address, word):
        for base, buf in self.buffers:
            if base <= address and address + 4 <= base + 4 * len(buf):
                buf[(address - base) // 4] = word - (1 << 32) if word >> 31 else word  # as signed
                return
        raise IndexError("DMA write at 0x%x lies outside every buffer: heap corruption" % address)


class DMA:
    """One channel: transfers of 4 bytes from the PIO's RX FIFO into a write
    ring of 2**ring_size bytes (the RP2040's CTRL.RING_SEL = write)."""

    def __init__(self, memory, channel):
        self.memory = memory
        self.channel = channel
        self.count = 0
        self.write = 0
        self.on = 0
        self.closed = False

    def pack_ctrl(self, **kw):
        return kw

    def config(self, read=0, write=0, count=0, ctrl=None, trigger=False):
        self.ctrl = ctrl
        self.start = write
        self.write = write
        self.count = count
        self.on = 1 if trigger else 0

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on

    def close(self):
        self.closed = True

    def transfer(self, word):
        ring = 1 << self.ctrl["ring_size"]
        self.memory.write32(self.write, word)
        self.write = (self.write & ~(ring - 1)) | ((self.write + 4) & (ring - 1))
        self.count -= 1


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, n, *args, **kw):
        self.n = n


def install(address):
    """Stand-in modules; the next `from companion.hal import pio` uses them.
    address: where uctypes.addressof says the ring's buffer starts."""
    memory = Memory()
    made = []

    rp2 = Module()
    pio_consts = Module()
    pio_consts.IN_LOW = pio_consts.OUT_LOW = 0
    pio_consts.SHIFT_RIGHT = 1
    pio_consts.SHIFT_LEFT = 0
    pio_consts.JOIN_RX = 2
    pio_consts.JOIN_TX = 1
    rp2.PIO = pio_consts
    rp2.asm_pio = lambda **kw: (lambda f: f)  # the program is never run here
    rp2.StateMachine = StateMachine

    def new_dma():
        d = DMA(memory, 3)
        made.append(d)
        return d

    class Mem32:
        """Reads the DMA channel's TRANS_COUNT register, the only one pio.py reads."""

        def __getitem__(self, address):
            for d in made:
                if address == 0x50000008 + 0x40 * d.channel:
                    return d.count
            raise IndexError("no stand-in register at 0x%x" % address)

    rp2.DMA = new_dma
    uctypes = Module()
    uctypes.addressof = lambda buf: memory.place(buf, address)
    machine = Module()
    machine.Pin = Pin
    machine.mem32 = Mem32()
    sys.modules["rp2"] = rp2
    sys.modules["uctypes"] = uctypes
    sys.modules["machine"] = machine
    return made


def uninstall():
    for name in ("rp2", "uctypes", "machine", "companion.hal.pio"):
        sys.modules.pop(name, None)
    hal = sys.modules.get("companion.hal")
    if hal is not None and "pio" in dir(hal):
        delattr(hal, "pio")


class Clock:
    @staticmethod
    def ticks_ms():
        return 0


SPEC = {"kind": "matrix", "rows": [6, 7, 8, 9, 10, 11, 12, 13], "cols": [14, 15, 16, 17, 18, 19, 20, 21]}


class Sink:
    def __init__(self):
        self.edges = []

    def edge(self, code, level, t):
        self.edges.append((code, level, t))


def ring_at(address, samples=1300, reserved=False):
    """Build the sampler with its buffer at `address` (reserved: the buffer
    hal/board.py reserve() makes at the start of boot), let the PIO take
    `samples` scans (button 9 pressed from scan 100 to 700, button 62 from
    1000 on), collect every 50 scans. Returns what the test checks."""
    uninstall()
    made = install(address)
    try:
        from array import array

        from companion.hal import pio

        pio.time = Clock  # CPython's time has no ticks_ms
        buf = None
        if reserved:
            from companion.hal import board

            buf = array("i", bytearray(board.SAMPLER_BUF_BYTES))
        sampler = pio.sampler(SPEC, buf)
        dma = made[0]
        buf_bytes = len(sampler.buf) * 4
        ring = 1 << dma.ctrl["ring_size"]
        sink = Sink()
        pressed = set()
        for k in range(samples):
            if k == 100:
                pressed.add(9)
            if k == 700:
                pressed.discard(9)
            if k == 1000:
                pressed.add(62)
            words = [0xFFFFFFFF, 0xFFFFFFFF]
            for code in pressed:
                words[code >> 5] &= ~(1 << (code & 31))
            for w in words:
                dma.transfer(w & 0xFFFFFFFF)
            if k % 50 == 49:
                sampler.collect(sink, 0)
        return {"ring_bytes": ring, "expected_ring": pio.RING_BYTES, "buffer_bytes": buf_bytes,
                "buffer_used": buf is None or sampler.buf is buf,
                "inside": sampler.ring_addr - address >= 0 and sampler.ring_addr + ring <= address + buf_bytes,
                "aligned": sampler.ring_addr % ring == 0, "size": dma.ctrl["size"],
                "ring_on_write": dma.ctrl["ring_sel"],
                "samples": sampler.done(), "lost": sampler.decoder.lost,
                "edges": [[c, v] for c, v, t in sink.edges]}
    finally:
        uninstall()


class Failing:
    """A background sampler that works `good` times, then raises."""

    n = 64

    def __init__(self, good):
        self.good = good
        self.stopped = False

    def collect(self, sink, now):
        if self.good == 0:
            raise IndexError("array index out of range")
        self.good -= 1
        return now

    def stop(self):
        self.stopped = True


class Contacts:
    n = 64

    def __init__(self):
        self.down = set()

    def read(self, out):
        for i in range(self.n):
            out[i] = 1 if i in self.down else 0


def fallback(good):
    """The sampler fails after `good` scans; a press before and after."""
    from companion.hal.sampling import FallbackSampler

    failing = Failing(good)
    contacts = Contacts()
    b = Buttons(FallbackSampler(failing, lambda: contacts))
    events = []
    t = 0
    for code in (5, 40):
        contacts.down.add(code)
        for _ in range(10):
            t += 2
            b.scan(t)
        contacts.down.discard(code)
        for _ in range(30):
            t += 2
            b.scan(t)
        e = b.get()
        while e >= 0:
            events.append([e >> 2, e & 3])
            e = b.get()
    return {"events": events, "stopped": failing.stopped,
            "failure": repr(b.sampler.failure), "down": DOWN, "up": UP}


class CountingClock:
    """ticks_ms that moves on 1 ms at every read; counts the reads."""

    reads = 0

    @classmethod
    def ticks_ms(cls):
        cls.reads += 1
        return cls.reads

    @staticmethod
    def ticks_diff(a, b):
        return a - b


def waits(address=0x20010000):
    """PioMatrix.wait(1): the clock reads it took when no sample waits (it
    times out), after half a sample (one of its two words: it still waits),
    when a whole one waits (at once: one read), and what a FallbackSampler
    that gave way to polling raises on wait."""
    from companion.hal.sampling import FallbackSampler

    uninstall()
    made = install(address)
    try:
        from companion.hal import pio

        pio.time = CountingClock
        sampler = pio.sampler(SPEC)
        dma = made[0]
        sink = Sink()
        out = {}

        def reads():
            CountingClock.reads = 0
            sampler.wait(1)
            return CountingClock.reads

        sampler.collect(sink, 0)
        out["none"] = reads()
        dma.transfer(0xFFFFFFFF)
        out["half"] = reads()
        dma.transfer(0xFFFFFFFF)
        out["whole"] = reads()
        sampler.collect(sink, 0)
        out["collected"] = reads()
        fb = FallbackSampler(Failing(0), lambda: Contacts())
        fb.collect(sink, 0)  # fails: polling from now on
        try:
            fb.wait(1)
            out["after fallback"] = None
        except AttributeError:
            out["after fallback"] = "AttributeError"
        return out
    finally:
        uninstall()
