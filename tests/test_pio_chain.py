"""The sensing chain's PIO + DMA reader (hal/pio_chain.py) on stand-ins for
rp2, uctypes and machine (tests/scenarios/pio_chain_ring.py): every input
that changed reported once with its level, none other, wherever the heap put
the ring and across DMA runs that end; under CPython and native MicroPython.
The program itself runs on the emulated Pico (tests/test_chip.py -k sensing)."""

import json

import pytest

from host_tools.micropython import run_native
from tests.scenarios import pio_chain_ring

# where the heap may put the buffer: any 4-byte boundary, some just past a ring boundary
ADDRESSES = [0x20010000, 0x20010004, 0x2001001C, 0x20010FFC, 0x20011008]
CHIPS = [1, 4, 5, 7, 10, 23]  # one word .. Rukuni's 184 bits (six words of a ring of eight)


@pytest.mark.parametrize("chips", CHIPS)
@pytest.mark.parametrize("address", ADDRESSES)
def test_every_changed_input_is_reported_once_with_its_level(address, chips):
    r = pio_chain_ring.run(address, chips, seed=chips)
    assert r["wrong"] == []
    assert r["inside"] and r["aligned"]
    assert r["ring"] == 4 * max(1, 1 << (((chips + 3) // 4) - 1).bit_length())
    assert r["nbytes"] == 4 * ((chips + 3) // 4)
    assert r["sm_put"] == [8 * r["ring"] - 1] and r["sm_on"] == 1  # the bits a scan reads, less one


@pytest.mark.parametrize("count", [5, 8, 13])
def test_a_dma_run_that_ends_is_followed_by_the_next_without_a_wrong_bit(count):
    r = pio_chain_ring.run(ADDRESSES[1], 7, steps=80, seed=count, count=count)
    assert r["wrong"] == []
    assert r["runs"] > 20  # (about 2 scans of 2 words a step, 80 steps: runs of 5-13 transfers)


NATIVE = """
import json
from scenarios import pio_chain_ring
out = [pio_chain_ring.run(a, c, seed=c) for a in %r for c in %r]
out.append(pio_chain_ring.run(%r, 7, steps=80, seed=5, count=5))
print("RESULT " + json.dumps(out))
"""


@pytest.mark.native
def test_the_reader_under_native_micropython():
    out = run_native(NATIVE % (ADDRESSES[:3], CHIPS, ADDRESSES[1]))
    r = json.loads([line for line in out.splitlines() if line.startswith("RESULT ")][-1][7:])
    assert len(r) == 3 * len(CHIPS) + 1
    for one in r:
        assert one["wrong"] == [] and one["inside"] and one["aligned"], one
    assert r[-1]["runs"] > 20
