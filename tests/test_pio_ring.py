"""The PIO sampler's DMA ring (hal/pio.py) on stand-ins for rp2 and uctypes,
and the fallback to polled scanning when a sampler fails at any time;
under CPython and native MicroPython."""

import json

import pytest

from host_tools.micropython import run_native
from tests.scenarios import pio_ring

# where the heap may put the buffer: any 4-byte boundary, the worst just past a ring boundary
ADDRESSES = [0x20010000, 0x20010004, 0x20010800, 0x20010FFC, 0x20011008]
PRESSES = [[9, 1], [9, 0], [62, 1]]


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_ring_lies_inside_its_buffer_and_decodes_every_press(address):
    r = pio_ring.ring_at(address)
    assert r["ring_bytes"] == r["expected_ring"] == 4096
    assert r["inside"] and r["aligned"]
    assert r["size"] == 2 and r["ring_on_write"] is True  # 32-bit transfers, the write address wraps
    assert r["samples"] == 1300 and r["lost"] == 0  # the transfer count gives the samples done
    assert r["edges"] == PRESSES


@pytest.mark.parametrize("address", [ADDRESSES[0], ADDRESSES[3]])
def test_the_buffer_boot_reserves_for_the_sampler_holds_its_ring(address):
    r = pio_ring.ring_at(address, reserved=True)  # hal/board.py reserve(): made before the game's boot
    assert r["buffer_used"] and r["buffer_bytes"] == 2 * r["expected_ring"]
    assert r["inside"] and r["aligned"] and r["lost"] == 0 and r["edges"] == PRESSES


def test_a_failing_sampler_gives_way_to_polled_scanning(capsys):
    r = pio_ring.fallback(good=3)
    assert r["events"] == [[5, r["down"]], [5, r["up"]], [40, r["down"]], [40, r["up"]]]
    assert r["stopped"] and "IndexError" in r["failure"]
    assert "scanning by polling from now on" in capsys.readouterr().out


def test_a_sampler_failing_at_its_first_scan_still_plays():
    r = pio_ring.fallback(good=0)
    assert [e[0] for e in r["events"]] == [5, 5, 40, 40]


WAITS = {"none": 3, "half": 3, "whole": 1, "collected": 3, "after fallback": "AttributeError"}


def test_the_run_loop_waits_for_a_whole_sample_and_no_longer(capsys):
    """run() spins in wait() instead of sleeping: it returns at once when a
    sample waits (one clock read), waits out half a sample (the first of its
    two words) and times out after 1 ms when none comes; once polling took
    over, the sampler has no wait and run() sleeps again."""
    assert pio_ring.waits() == WAITS


NATIVE = """
import json
from scenarios import pio_ring
out = {"rings": [pio_ring.ring_at(a) for a in %r], "fallback": pio_ring.fallback(3), "waits": pio_ring.waits()}
print("RESULT " + json.dumps(out))
"""


@pytest.mark.native
def test_ring_and_fallback_under_native_micropython():
    out = run_native(NATIVE % (ADDRESSES,))
    assert "scanning by polling from now on" in out
    r = json.loads([l for l in out.splitlines() if l.startswith("RESULT ")][-1][7:])
    for ring in r["rings"]:
        assert ring["inside"] and ring["aligned"] and ring["lost"] == 0 and ring["edges"] == PRESSES
    assert [e[0] for e in r["fallback"]["events"]] == [5, 5, 40, 40] and r["fallback"]["stopped"]
    assert r["waits"] == WAITS
