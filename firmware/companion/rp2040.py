"""The RP2040's numbers that lit.py's early button sampler and the hal's
PIO + DMA drivers (hal/pio.py, hal/pio_chain.py) share: register
addresses, the DMA's data requests, the button sampler's ring. Kept tiny:
lit.py imports it before the first light (on a Pico each module is a
littlefs lookup and a load), so nothing here but numbers."""

from . import const

PIO_BASE = (0x50200000, 0x50300000)  # PIO0, PIO1
TXF0 = const(0x10)  # a PIO's TX FIFO of state machine 0; each machine's 4 bytes further
RXF0 = const(0x20)  # its RX FIFO
DMA_TRANS_COUNT = const(0x50000008)  # DMA channel 0's transfers left; each channel's registers are 0x40 apart
COUNT = const(0x3FFFFFFE)  # transfers per DMA run (a small int): a reader starts the next run where one ends

# the button sampler (hal/pio.py matrix_scan, started by lit.listen or hal/board.py)
MATRIX_HZ = const(100000)  # matrix_scan's 100 cycles a sample: a sample a millisecond
RING_BYTES = const(4096)  # its ring: 512 samples of 8 bytes, a 512 ms stall loses nothing
RING_BITS = const(12)  # log2(RING_BYTES): the DMA's write ring
ROWS = (0x08040201, 0x80402010)  # its one-hot row patterns put once: rows 0..3, rows 4..7 (a byte each)


def rx_fifo(sm_id):
    """The address of a state machine's RX FIFO (sm_id 0-7: PIO0's four, then PIO1's)."""
    return PIO_BASE[sm_id >> 2] + RXF0 + 4 * (sm_id & 3)


def tx_fifo(sm_id):
    return PIO_BASE[sm_id >> 2] + TXF0 + 4 * (sm_id & 3)


def rx_dreq(sm_id):
    """The DMA data request of a state machine's RX FIFO (its TX FIFO's is 4 less)."""
    return (sm_id >> 2) * 8 + 4 + (sm_id & 3)
