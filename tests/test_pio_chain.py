"""The sensing chain's PIO + DMA reader (hal/pio_chain.py) on stand-ins for
rp2, uctypes and machine (tests/scenarios/pio_chain_ring.py): every input
that changed reported once with its level, none other, wherever the heap put
the ring and across DMA runs that end; under CPython and native MicroPython.
The program itself runs on the emulated Pico (tests/test_chip.py -k sensing)."""

import json
import sys

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


@pytest.fixture(autouse=True)
def _no_stand_in_module_left():
    """hal/pio_chain.py and hal/pio.py imported on stand-ins are dropped after each test."""
    yield
    hal = sys.modules.get("companion.hal")
    for name in ("pio_chain", "pio"):
        sys.modules.pop("companion.hal." + name, None)
        if hal is not None and name in dir(hal):
            delattr(hal, name)


class _Pin:
    IN, OUT = 0, 1

    def __init__(self, n, mode=None):
        self.n = n

    def value(self, v=None):
        return 1


def _on_an_rp2040(monkeypatch, state_machine):
    """sensors.chain() as on an RP2040 (CPython: sys.platform patched), over
    stand-ins whose rp2.StateMachine is state_machine."""
    import sys
    import types

    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(OUT_LOW=0, OUT_HIGH=1, SHIFT_LEFT=0, JOIN_RX=2,
                                    IN_LOW=0, SHIFT_RIGHT=1, JOIN_TX=1)  # (and hal/pio.py's, imported with it)
    rp2.asm_pio = lambda **kw: (lambda f: f)
    rp2.StateMachine = state_machine
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = lambda buf: 0x20010000
    machine = types.ModuleType("machine")
    machine.Pin = _Pin
    machine.mem32 = {}
    for name, module in (("rp2", rp2), ("uctypes", uctypes), ("machine", machine)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "companion.hal.pio_chain", raising=False)
    monkeypatch.delitem(sys.modules, "companion.hal.pio", raising=False)
    monkeypatch.setattr(sys, "platform", "rp2")


SPEC = {"kind": "hc165", "clock": 2, "load": 3, "data": 26, "chips": 7}


def test_a_chain_whose_state_machine_cannot_start_is_bit_banged_and_the_console_says_why(monkeypatch, capsys):
    from companion.hal import sensors

    def taken(*args, **kw):
        raise OSError("no free state machine")

    _on_an_rp2040(monkeypatch, taken)
    got = sensors.chain(SPEC, 54)
    assert isinstance(got, sensors.Hc165Chain) and got.n == 56
    assert "companion: the sensor chain bit-banged (no free state machine)" in capsys.readouterr().out


def test_pl_not_on_the_gpio_after_cp_is_bit_banged_without_trying_the_pio(monkeypatch, capsys):
    from companion.hal import sensors

    def never(*args, **kw):
        raise AssertionError("the PIO was tried")

    _on_an_rp2040(monkeypatch, never)
    got = sensors.chain(dict(SPEC, load=5), 54)
    assert isinstance(got, sensors.Hc165Chain) and capsys.readouterr().out == ""
