"""RP2040 only: the PIO + DMA drivers (one module: each import from
littlefs costs a Pico about 14 ms). The button matrix sampled by a PIO
state machine, the samples moved into RAM by DMA; below it, the WS2812
strip sent by another state machine, fed by DMA (PioStrip).

Neither the sampler's PIO nor its DMA needs the CPU, so sampling goes on
while Python is busy and while the flash is written (a flash erase stalls
the CPU and masks interrupts, but not the PIO or the DMA).

The PIO drives one row low at a time (the others float: the diodes keep
them out of the way) and reads the 8 columns: a whole 8x8 scan every
SAMPLE_MS (1 ms), pushed as two words (byte r = row r, bit c = column c,
1 = open). The DMA copies the RX FIFO into a 4 KB ring (512 samples =
512 ms); the sample's place in the stream is its time. Why not push only
changes with a time stamp: the PIO has four 32-bit registers, and a
64-button snapshot, its previous value and a clock do not fit.
sampling.SampleDecoder (pure, tested on the host) turns the ring into
timestamped contact changes for buttons.Buttons.

Needs 8 rows on consecutive GPIOs and 8 columns on consecutive GPIOs
(the Pico profile: rows GP6-13, columns GP14-21); `sampler()` returns None
otherwise and board.py falls back to the polled PortMatrixScanner. If
the sampler fails when it is made or at any time later, board.py's
sampling.FallbackSampler stops it and scans by polling from then on.
"""

import time
from array import array

import rp2
import uctypes
from machine import Pin, mem32

from .sampling import SampleDecoder

# The RP2040's numbers, here and in hal/pio_chain.py. lit.listen() spells the
# sampler's out again (it starts this very sampler before the first light,
# when loading one more module from littlefs would cost the look ~10 ms);
# tests/test_sampler_start.py checks the two start it alike.
PIO_BASE = (0x50200000, 0x50300000)  # PIO0, PIO1
TXF0 = 0x10  # a PIO's TX FIFO of state machine 0; each machine's 4 bytes further
RXF0 = 0x20  # its RX FIFO
DMA_TRANS_COUNT = 0x50000008  # DMA channel 0's transfers left; each channel's registers are 0x40 apart
COUNT = 0x3FFFFFFE  # transfers per DMA run (a small int): a reader starts the next run where one ends
SAMPLE_MS = 1
RING_BYTES = 4096  # 512 samples of 8 bytes: a 512 ms stall loses nothing
RING_BITS = 12  # log2(RING_BYTES): the DMA's write ring


def rx_fifo(sm_id):
    """The address of a state machine's RX FIFO (sm_id 0-7: PIO0's four, then PIO1's)."""
    return PIO_BASE[sm_id >> 2] + RXF0 + 4 * (sm_id & 3)


def tx_fifo(sm_id):
    return PIO_BASE[sm_id >> 2] + TXF0 + 4 * (sm_id & 3)


def rx_dreq(sm_id):
    """The DMA data request of a state machine's RX FIFO (its TX FIFO's is 4 less)."""
    return (sm_id >> 2) * 8 + 4 + (sm_id & 3)

BUF_BYTES = 2 * RING_BYTES  # room for a RING_BYTES-aligned ring wherever the heap puts it
ROW_SETTLE = 1  # extra cycles (10 us each) a row is driven before its columns are read: the
# [1] in matrix_scan (asm_pio runs the function with the PIO's names only, not this module's)


@rp2.asm_pio(out_init=(rp2.PIO.IN_LOW,) * 8, in_shiftdir=rp2.PIO.SHIFT_RIGHT,
             out_shiftdir=rp2.PIO.SHIFT_RIGHT, fifo_join=rp2.PIO.JOIN_RX)
def matrix_scan():
    # X, Y: one-hot row patterns (a byte per row), put once by Python
    pull(block)
    mov(x, osr)
    pull(block)
    mov(y, osr)
    wrap_target()
    # the scan is packed at the end of the 1 ms period, so that a sample
    # is in the ring 0.03-0.28 ms after its rows were read (spread over the
    # period, a row waited up to 0.9 ms for the sample's second word)
    nop()[31]
    nop()[31]
    nop()[7]
    mov(osr, x)
    out(pindirs, 8)[1]  # row 0 driven low (an output at level 0), the others float
    in_(pins, 8)  # columns 0-7 of row 0 -> ISR
    out(pindirs, 8)[1]
    in_(pins, 8)
    out(pindirs, 8)[1]
    in_(pins, 8)
    out(pindirs, 8)[1]
    in_(pins, 8)
    push(noblock)  # rows 0-3: one word; the DMA keeps the FIFO empty
    mov(osr, y)
    out(pindirs, 8)[1]
    in_(pins, 8)
    out(pindirs, 8)[1]
    in_(pins, 8)
    out(pindirs, 8)[1]
    in_(pins, 8)
    out(pindirs, 8)[1]
    in_(pins, 8)
    push(noblock)  # rows 4-7
    wrap()


CYCLES = 100  # per scan: 32 + 32 + 8 waiting, 2 * (1 + 4 * (2 + ROW_SETTLE) + 1) scanning


def consecutive(pins):
    return len(pins) == 8 and all(pins[i] == pins[0] + i for i in range(8))


class PioMatrix:
    """The PIO + DMA sampler: `collect(sink, now)` as buttons.PolledSampler."""

    def __init__(self, rows, cols, sm_id=0, buf=None, running=None):
        """running: lit.listen()'s sampler (state machine, DMA, buffer, ticks_ms
        at its start, ...), started before the look with this very program
        and ring: taken over as it runs, its samples since then kept."""
        self.n = 64
        if running is not None:
            self.sm, self.dma, buf, t0 = running[:4]
        else:
            for p in cols:
                Pin(p, Pin.IN, Pin.PULL_UP)
            self.sm = rp2.StateMachine(sm_id, matrix_scan, freq=CYCLES * 1000 // SAMPLE_MS,
                                       in_base=Pin(cols[0]), out_base=Pin(rows[0]))
            self.dma = rp2.DMA()
        # the ring: RING_BYTES aligned to RING_BYTES (the DMA wraps its write
        # address), somewhere inside a buffer twice that size: BUF_BYTES // 4
        # signed words (buf: hal/board.py reserve()'s, made early in boot).
        self.buf = buf if buf is not None else array("i", bytearray(BUF_BYTES))
        addr = uctypes.addressof(self.buf)
        skip = (-addr) & (RING_BYTES - 1)
        self.ring_addr = addr + skip
        self.ctrl = self.dma.pack_ctrl(size=2, inc_read=False, inc_write=True, ring_sel=True,
                                       ring_size=RING_BITS, treq_sel=rx_dreq(sm_id))
        self.fifo = rx_fifo(sm_id)
        self.epoch = 0  # samples of earlier DMA runs
        # the transfers left, read straight from the register: one mem32 read
        # costs a fraction of the rp2.DMA attribute (about 10 us on the chip)
        self.count_reg = DMA_TRANS_COUNT + 0x40 * self.dma.channel
        if running is None:
            self.dma.config(read=self.fifo, write=self.ring_addr, count=COUNT, ctrl=self.ctrl, trigger=True)
            self.sm.put(0x08040201)  # rows 0..3, one byte each
            self.sm.put(0x80402010)  # rows 4..7
            self.sm.active(1)
            t0 = time.ticks_ms()
        self.decoder = SampleDecoder(self.buf, skip // 4, RING_BYTES // 8, 2, SAMPLE_MS,
                                     self.done, t0, 0 if running is not None else None)

    def done(self):
        """Samples completed so far (both words in the ring)."""
        left = mem32[self.count_reg]
        if left == 0:  # a run ended (every ~6 days): start the next where it stopped
            self.epoch += COUNT >> 1
            dma = self.dma
            dma.config(read=self.fifo, write=dma.write, count=COUNT, ctrl=self.ctrl, trigger=True)
            left = COUNT
        return (self.epoch + ((COUNT - left) >> 1)) & 0x3FFFFFFF

    def collect(self, sink, now):
        return self.decoder.collect(sink, now)

    def wait(self, ms):
        """Return once a sample waits to be collected (at once if one does), or
        after about ms: the run loop steps as a press can first be seen rather
        than sleeping past it. Allocates nothing (run() calls it with the heap
        locked): done() inline, its small ints masked."""
        reg = self.count_reg
        seen = self.decoder.seen
        base = (self.epoch + (COUNT >> 1)) & 0x3FFFFFFF
        t = time.ticks_ms()
        while (base - ((mem32[reg] + 1) >> 1)) & 0x3FFFFFFF == seen and time.ticks_diff(time.ticks_ms(), t) <= ms:
            pass

    def stop(self):
        """The DMA and the state machine stop (before polled scanning takes the pins)."""
        self.dma.active(0)
        self.dma.close()
        self.sm.active(0)


def sampler(spec, buf=None, running=None):
    """The PIO sampler for a matrix profile, or None if its pins do not suit.
    running: lit.listen()'s, taken over if it samples these pins (else stopped)."""
    rows = spec.get("rows", ())
    cols = spec.get("cols", ())
    sm_id = spec.get("pio_sm", 0)
    if running is not None and tuple(running[4:]) != (rows[0] if rows else None, cols[0] if cols else None, sm_id):
        running[1].active(0)  # another profile than the one lit.py read (boot was given its name)
        running[1].close()
        running[0].active(0)
        running = None
    if spec.get("kind") != "matrix" or not consecutive(rows) or not consecutive(cols):
        return None
    return PioMatrix(rows, cols, sm_id, buf, running)


# --- the WS2812 strip ---------------------------------------------------------
# neopixel's write() holds the CPU (interrupts off) for the whole bitstream,
# 30 us an LED: 1.2 ms for Kahuna's 39, in every step that lights something.
# PioStrip.write() starts the DMA and returns, so a press whose contact lands
# while a blink's frame goes out is scanned at once. The program is
# MicroPython's PIO WS2812 example at 800 kHz, its short pulse 375 ns, not
# 250. The DMA writes single bytes to the TX FIFO; the bus repeats a byte
# across the word, so with an 8-bit autopull shifting left each byte goes
# out MSB first: neopixel's GRB buffer.

BIT_US = 30  # one LED's 24 bits at 800 kHz
LATCH_US = 300  # the low time that ends a frame (WS2812B-V5: 280 us)
FIFO_BYTES = 8  # the joined TX FIFO, still going out when the DMA is done


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True,
             pull_thresh=8, fifo_join=rp2.PIO.JOIN_TX)
def ws2812():
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]  # low: 3 cycles (125 ns each)
    jmp(not_x, "zero").side(1)[2]  # high: 3 cycles (a 0: 375 ns, within old and new WS2812s' specs)
    jmp("bitloop").side(1)[3]  # a 1 stays high 4 more: 875 ns
    label("zero")
    nop().side(0)[3]  # a 0 goes low
    wrap()


class PioStrip:
    """neopixel.NeoPixel's `buf` and `write()`, sent in the background.

    Two buffers: write() sends `buf` and hands out the other one, so the
    next frame is made while this one goes out. A write before the last
    frame and its latch are out waits for them (a frame every step at
    most: rare, and at most 1.5 ms)."""

    def __init__(self, pin, n, sm_id=4):
        self.sm = rp2.StateMachine(sm_id, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.bufs = (bytearray(3 * n), bytearray(3 * n))
        self.buf = self.bufs[0]
        self.dma = rp2.DMA()
        self.ctrl = self.dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                       treq_sel=rx_dreq(sm_id) - 4)  # the TX FIFO's request
        self.fifo = tx_fifo(sm_id)
        self.count_reg = DMA_TRANS_COUNT + 0x40 * self.dma.channel
        self.frame_us = (3 * n + FIFO_BYTES) * BIT_US // 3 + LATCH_US
        self.sent_at = time.ticks_us() - self.frame_us

    def busy(self):
        return mem32[self.count_reg] != 0 or time.ticks_diff(time.ticks_us(), self.sent_at) < self.frame_us

    def write(self):
        while self.busy():
            pass
        buf = self.buf
        self.sent_at = time.ticks_us()
        self.dma.config(read=buf, write=self.fifo, count=len(buf), ctrl=self.ctrl, trigger=True)
        other = self.bufs[1] if buf is self.bufs[0] else self.bufs[0]
        other[:] = buf  # the next frame starts from this one (in C)
        self.buf = other
