"""Rukuni's per-event cost under the real MicroPython, on crowded boards.

Budget per event on the device: at most 1,500 executed Python lines
(counted with sys.settrace in the settrace build) and 256 bytes allocated
(gc.mem_alloc before and after, in one chunk). Printed with `pytest -s`.
"""

import json

import pytest

from host_tools.micropython import run
from tests.scenarios import rukuni_scenarios as rk

MAX_LINES = 1500
MAX_BYTES = 256

SETUP = """
import gc, sys, json
from companion.core.games import new_game
with open('/board_layouts/rukuni.json') as f:
    g = new_game(%s, json.load(f))
for e in %s:
    g.apply(e)
buf = bytearray(61)
m0 = m1 = 0  # globals created now, not while measuring
towers = [g.tower_cell(t) for t in range(g.ntower)]
def first_move():
    for t in towers:
        if g.destinations(t, buf):
            return t, buf[0]
a, b = first_move()
ops = [('hints %%d' %% t, g.destinations, (t, buf)) for t in towers]
ops += [('any_move', g.any_move, ()), ('tally', g.tally, ()), ('move event', g.move, (a, b)),
        ('stone hints', g.stone_cells, (buf,)), ('set event', None, ())]
def lines(f, args):
    n = [0]
    def tr(frame, event, arg):
        if event == 'line':
            n[0] += 1
        return tr
    sys.settrace(tr)
    f(*args)
    sys.settrace(None)
    return n[0]
"""

# Run op k; the set event puts a stone on the first cell the stone hints offer.
STEP = """
name, f, args = ops[%d]
if f is None:
    g.stone_cells(buf)
    f, args = g.put, (buf[0],)
"""


def positions():
    """(label, header, events before the measured turn), all with 40+ stones."""
    last = {"game": "rukuni", "layout": "rukuni", "position": rk.last_stones_position()}
    header = {"game": "rukuni", "layout": "rukuni", "first": "lot", "seed": 11}
    g = rk.game(header)
    from companion.core.rng import Rng

    rng = Rng(11)
    events = []
    while not g.over():
        s = g.state()
        if s["phase"] == "move":
            m = rk.reference_moves(s)
            a, b = m[rng.below(len(m))]
            e = rk.move(a, b)
        else:
            cells = rk.stone_hints(g)
            e = {"op": "set", "at": cells[rng.below(len(cells))]}
        g.apply(e)
        events.append(e)
    return [("48 stones, rows", last, []), ("random game 11, last turn", header, events[:-2])]


def measure(header, events):
    setup = SETUP % (json.dumps(header), json.dumps(events))
    n_ops = 6 + 5
    chunks = [setup] + [STEP % k + "print('LINES', name, lines(f, args))" for k in range(n_ops)]
    traced = run(chunks, settrace=True)
    chunks = [setup]
    for k in range(n_ops):
        chunks += ["gc.collect()", STEP % k + "m0 = gc.mem_alloc()\nf(*args)\nm1 = gc.mem_alloc()\n"
                   "print('BYTES', name, m1 - m0)"]
    counted = run(chunks)
    figures = {}
    for line in traced.splitlines() + counted.splitlines():
        kind, rest = line.split(" ", 1)
        if kind in ("LINES", "BYTES"):
            name, value = rest.rsplit(" ", 1)
            figures.setdefault(name, {})[kind.lower()] = int(value)
    return figures


@pytest.mark.parametrize("label, header, events", positions())
def test_event_costs_on_a_crowded_board_fit_the_budget(label, header, events):
    figures = measure(header, events)
    print("\nRukuni per-event cost under MicroPython, %s:" % label)
    for name in figures:
        print("  %-12s %5d lines %4d bytes" % (name, figures[name]["lines"], figures[name]["bytes"]))
    assert len(figures) == 11
    for name in figures:
        assert 0 < figures[name]["lines"] <= MAX_LINES, name
        assert figures[name]["bytes"] <= MAX_BYTES, name
