"""lit.listen() starts the button sampler before the first light with its own
copy of hal/pio.py's numbers (one more module loaded from littlefs there would
cost the look about 10 ms: docs/bench.md). Both are run here on stand-ins for
rp2, uctypes and machine that record what each asks of the PIO and the DMA:
they must ask the same, or hal/board.py would take over a sampler that is not
the one it decodes. (The PIO program's words are compared on the emulated
Pico: tests/test_chip.py, asm_pio being the rp2 port's.)"""

import json
import sys
import time
import types

import pytest

ADDRESS = 0x20010004  # where the stand-in heap puts the ring's buffer: not on a ring boundary


class Pin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, n, mode=None, pull=None):
        self.n = n


class StateMachine:
    made = []

    def __init__(self, sm_id, program, freq, in_base, out_base):
        self.asked = {"sm_id": sm_id, "freq": freq, "in_base": in_base.n, "out_base": out_base.n, "put": [],
                      "active": None}
        StateMachine.made.append(self.asked)

    def put(self, word):
        self.asked["put"].append(word)

    def active(self, on):
        self.asked["active"] = on


class DMA:
    made = []

    def __init__(self):
        self.channel = 3
        self.asked = {}
        DMA.made.append(self.asked)

    def pack_ctrl(self, **kw):
        self.asked["ctrl"] = kw
        return ("ctrl", tuple(sorted(kw.items())))

    def config(self, **kw):
        self.asked["config"] = kw


class Mem32:
    """The DMA's transfers left: the count the last run was given (none done)."""

    def __getitem__(self, address):
        return DMA.made[-1]["config"]["count"]


@pytest.fixture(autouse=True)
def _no_stand_in_module_left():
    """hal/pio.py imported on the stand-ins is dropped again after each test."""
    yield
    sys.modules.pop("companion.hal.pio", None)
    hal = sys.modules.get("companion.hal")
    if hal is not None and "pio" in dir(hal):
        delattr(hal, "pio")


def _stand_ins(monkeypatch):
    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(IN_LOW=0, OUT_LOW=0, OUT_HIGH=1, SHIFT_LEFT=0, SHIFT_RIGHT=1, JOIN_RX=2,
                                    JOIN_TX=1)
    rp2.asm_pio = lambda **kw: (lambda program: program)
    rp2.StateMachine = StateMachine
    rp2.DMA = DMA
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = lambda buf: ADDRESS
    machine = types.ModuleType("machine")
    machine.Pin = Pin
    machine.mem32 = Mem32()
    for name, module in (("rp2", rp2), ("uctypes", uctypes), ("machine", machine)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "companion.hal.pio", raising=False)
    monkeypatch.setattr(sys, "platform", "rp2")
    monkeypatch.setattr(time, "ticks_ms", lambda: 0, raising=False)
    StateMachine.made.clear()
    DMA.made.clear()


def _asked():
    (sm,), (dma,) = StateMachine.made, DMA.made
    StateMachine.made.clear()
    DMA.made.clear()
    return sm, dma


@pytest.mark.parametrize("sm_id", [0, 1, 5])
def test_lit_listen_starts_the_sampler_as_hal_pio_does(tmp_path, monkeypatch, sm_id):
    from companion import lit

    _stand_ins(monkeypatch)
    rows, cols = list(range(6, 14)), list(range(14, 22))
    (tmp_path / "pico.json").write_text(json.dumps(
        {"buttons": {"kind": "matrix", "rows": rows, "cols": cols, "pio_sm": sm_id}}))
    monkeypatch.setattr(lit, "PROFILES", str(tmp_path) + "/")
    monkeypatch.setattr(lit, "sampling", None)
    lit.listen(str(tmp_path / "no-config.json"))
    assert lit.sampling is not None, "lit.listen() did not start the sampler"
    early = _asked()
    early_buf = lit.sampling[2]

    from companion.hal import pio

    matrix = pio.PioMatrix(rows, cols, sm_id)
    booted = _asked()
    assert early == booted
    assert len(early_buf) == len(matrix.buf) and early_buf.itemsize == matrix.buf.itemsize
    # and what both asked is the sampler hal/pio.py decodes: its ring, its FIFO
    assert booted[1]["config"]["write"] == matrix.ring_addr and booted[1]["config"]["read"] == matrix.fifo


def test_the_comparison_sees_a_number_that_differs(tmp_path, monkeypatch):
    """(The check above can fail: a sampler started at another rate is told apart.)"""
    from companion import lit

    _stand_ins(monkeypatch)
    rows, cols = list(range(6, 14)), list(range(14, 22))
    (tmp_path / "pico.json").write_text(json.dumps({"buttons": {"kind": "matrix", "rows": rows, "cols": cols}}))
    monkeypatch.setattr(lit, "PROFILES", str(tmp_path) + "/")
    monkeypatch.setattr(lit, "sampling", None)
    lit.listen(str(tmp_path / "no-config.json"))
    early = _asked()
    from companion.hal import pio

    monkeypatch.setattr(pio, "CYCLES", pio.CYCLES * 2)  # (a sample every 2 ms)
    pio.PioMatrix(rows, cols, 0)
    assert early != _asked()
