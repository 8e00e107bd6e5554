"""RP2040 only: the WS2812 chain driven by a PIO state machine, its bytes
fed by DMA. neopixel's write() holds the CPU (interrupts off) for the
whole bitstream, 30 us an LED: 1.2 ms for Kahuna's 39, in every step that
lights something. Here write() starts the DMA and returns, so a press
whose contact lands while a blink's frame goes out is scanned at once.

The program is MicroPython's PIO WS2812 example at 800 kHz. The DMA
writes single bytes to the TX FIFO; the bus repeats a byte across the
word, so with an 8-bit autopull shifting left each byte goes out MSB
first, exactly neopixel's GRB buffer.
"""

import rp2
import time
from machine import Pin, mem32

PIO_BASE = (0x50200000, 0x50300000)
TXF0 = 0x10
DMA_TRANS_COUNT = 0x50000008  # channel 0's; each channel's registers are 0x40 apart
BIT_US = 30  # one LED's 24 bits at 800 kHz
LATCH_US = 300  # the low time that ends a frame (WS2812B-V5: 280 us)
FIFO_BYTES = 8  # the joined TX FIFO, still going out when the DMA is done


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True,
             pull_thresh=8, fifo_join=rp2.PIO.JOIN_TX)
def ws2812():
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]  # low: 3 cycles
    jmp(not_x, "zero").side(1)[1]  # high: 2 cycles
    jmp("bitloop").side(1)[4]  # a 1 stays high 5 more
    label("zero")
    nop().side(0)[4]  # a 0 goes low
    wrap()


class PioStrip:
    """neopixel.NeoPixel's `buf` and `write()`, sent in the background.

    Two buffers: write() sends `buf` and hands out the other one, so the
    next frame is made while this one goes out. A write before the last
    frame and its latch are out waits for them (a frame every step at
    most: rare, and at most 1.5 ms)."""

    def __init__(self, pin, n, sm_id=4):
        self.n = n
        self.sm = rp2.StateMachine(sm_id, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.bufs = (bytearray(3 * n), bytearray(3 * n))
        self.buf = self.bufs[0]
        self.dma = rp2.DMA()
        pio = sm_id // 4
        sm_in_pio = sm_id % 4
        self.ctrl = self.dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                       treq_sel=pio * 8 + sm_in_pio)
        self.fifo = PIO_BASE[pio] + TXF0 + 4 * sm_in_pio
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
