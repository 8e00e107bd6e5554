"""RP2040 only: the sensing board's 74HC165 chain read by a PIO state
machine, its words copied by DMA into a small ring, over and over, with
no CPU: the run loop copies the ring and compares it with the last copy
(both in C), and only a changed byte costs Python (hal/sensors.py's
Hc165Chain bit-bangs the same chain on a chip without PIO).

The program pulses PL low (every input loaded at once: Q7 shows chip 0's
D7), then reads Q7 and raises CP, bit after bit: chip 0's D7 .. D0, then
chip 1's, ... With the input shifting left and 32-bit autopush, each chip's
byte lands whole with D7..D0 as bits 7..0, in the order of the word's bytes
from the top; the DMA writes the words little-endian, so chip c is byte
c ^ 3 of the ring. A scan reads a power of two of words (the DMA's ring
wraps at a power of two; bits past the chain are left out), then waits
about 1 ms: a DRV5032 samples at 20 Hz, so a scan every 1.2-1.6 ms adds
at most that to its 50 ms. CP runs at 500 kHz (a 74HC165 is specified
for several MHz even at 2 V), PL low 2 us.

Needs CP and PL on consecutive GPIOs (PL = CP + 1: the program's two
side-set pins); sensors.chain() bit-bangs otherwise. PIO1's state machine
1 (SM_ID): PIO0's memory holds the button sampler's 27 instructions, PIO1's
the LED strip's 4.
"""

import time

import rp2
import uctypes
from machine import Pin, mem32

from .pio import COUNT, DMA_TRANS_COUNT, rx_dreq, rx_fifo

SM_ID = 5
SM_HZ = 1000000  # two cycles a bit: CP at 500 kHz
FIRST_SCAN_MS = 20  # a scan takes 1.6 ms at most: none in this long, the PIO is not running


@rp2.asm_pio(sideset_init=(rp2.PIO.OUT_LOW, rp2.PIO.OUT_HIGH), in_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopush=True, push_thresh=32, fifo_join=rp2.PIO.JOIN_RX)
def chain_scan():
    # side-set: bit 0 CP, bit 1 PL (asm_pio runs this with the PIO's names only)
    pull(block).side(2)  # OSR: the bits a scan reads, less one; put once
    wrap_target()
    mov(x, osr).side(0)[1]  # PL low 2 cycles: every input loaded, chip 0's D7 on Q7
    label("bit")
    in_(pins, 1).side(2)  # PL high, CP low: read Q7
    jmp(x_dec, "bit").side(3)  # CP rises: the next bit on Q7
    set(y, 3).side(2)  # then wait 4 * (1 + 32 * 8 + 8) = 1060 cycles
    label("rest")
    set(x, 31).side(2)
    label("wait")
    jmp(x_dec, "wait").side(2)[7]
    jmp(y_dec, "rest").side(2)[7]
    wrap()


class PioChain:
    """The chain as a sampler (hal/sensors.Slots' source): `collect(sink,
    now)` calls sink.edge(bit, level, now) for every bit that changed since
    the last call (level 1: the switch's output is active, low on the wire)."""

    def __init__(self, clock, data, chips, sm_id=SM_ID):
        self.n = 8 * chips
        words = 1
        while 32 * words < self.n:
            words *= 2
        size = 4 * words  # the ring's bytes, a power of two
        ring_bits = 2
        while 1 << ring_bits < size:
            ring_bits += 1
        self.words = words
        self.nbytes = ((chips + 3) >> 2) << 2  # the words the chain fills (the rest of a scan: past its end)
        self.buf = bytearray(2 * size)  # the ring, aligned to its size, somewhere inside
        addr = uctypes.addressof(self.buf)
        skip = (-addr) & (size - 1)
        self.ring = memoryview(self.buf)[skip:skip + self.nbytes]
        self.cur = bytearray(self.nbytes)  # the ring as last copied
        self.seen = bytearray(b"\xff" * self.nbytes)  # as last reported: every output inactive (high)
        Pin(data, Pin.IN)
        self.sm = rp2.StateMachine(sm_id, chain_scan, freq=SM_HZ, sideset_base=Pin(clock), in_base=Pin(data))
        self.dma = rp2.DMA()
        self.ctrl = self.dma.pack_ctrl(size=2, inc_read=False, inc_write=True, ring_sel=True,
                                       ring_size=ring_bits, treq_sel=rx_dreq(sm_id))
        self.fifo = rx_fifo(sm_id)
        self.count_reg = DMA_TRANS_COUNT + 0x40 * self.dma.channel
        self.dma.config(read=self.fifo, write=addr + skip, count=COUNT, ctrl=self.ctrl, trigger=True)
        self.sm.put(32 * words - 1)
        self.sm.active(1)
        t = time.ticks_ms()
        while COUNT - mem32[self.count_reg] < words:  # the first whole scan: Slots' boot reports it
            if time.ticks_diff(time.ticks_ms(), t) > FIRST_SCAN_MS:
                self.stop()
                raise OSError("the sensor chain's state machine gives no words")

    def collect(self, sink, now):
        if mem32[self.count_reg] == 0:  # a DMA run ended (every 37 hours or more): the next goes on from there
            self.dma.config(read=self.fifo, write=self.dma.write, count=COUNT, ctrl=self.ctrl, trigger=True)
        cur = self.cur
        cur[:] = self.ring  # one copy: the DMA may write while the bytes below are looked at
        seen = self.seen
        if cur == seen:  # the usual case: a C-level comparison
            return now
        n = self.n
        for i in range(self.nbytes):
            v = cur[i]
            x = v ^ seen[i]
            if x:
                seen[i] = v
                bit = (i ^ 3) << 3  # chip i ^ 3's D0
                for d in range(8):
                    if x >> d & 1 and bit + d < n:
                        sink.edge(bit + d, 1 - (v >> d & 1), now)
        return now

    def stop(self):
        """The DMA and the state machine stop (the pins may be bit-banged then)."""
        self.dma.active(0)
        self.dma.close()
        self.sm.active(0)
