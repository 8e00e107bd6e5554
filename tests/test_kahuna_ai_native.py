"""The device opponent under native MicroPython (fixed heap): its allocation per
turn is bounded and does not grow as the game goes on."""

import json

import pytest

from host_tools.micropython import run_native

SCRIPT = """
import gc, json
from companion.core.games import new_game
from companion.core.kahuna_ai import Planner
from scenarios.common import load_layout
H = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": 2026, "first": "white", "variants": []}
g = new_game(H, load_layout("kahuna"))
a = Planner(g)
out = []
turn = 0
while not g.over():
    if turn in (0, 10, 20, 40, 55):
        a.decide()  # warm-up: the journal has grown to its size
        gc.collect()
        m = gc.mem_alloc()
        a.decide()
        out.append([turn, gc.mem_alloc() - m, a.tried])
    a.play_turn()
    turn += 1
print("RESULT " + json.dumps(out))
"""


@pytest.mark.native
def test_device_opponent_allocation_is_bounded_under_micropython():
    out = run_native(SCRIPT, heapsize="256k")
    rows = json.loads([l for l in out.splitlines() if l.startswith("RESULT ")][-1][7:])
    assert [r[0] for r in rows] == [0, 10, 20, 40, 55]
    for turn, nbytes, tried in rows:
        assert nbytes <= 64 * tried + 256, (turn, nbytes, tried)  # per candidate tried (64-bit port)
    assert rows[-1][1] <= rows[0][1]
