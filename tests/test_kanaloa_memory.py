"""Heap figures of the Kanaloa core under real MicroPython (see test_core_memory.py)."""

from host_tools.micropython import run

LOAD = """
import gc, json
from companion.core.kanaloa import Kanaloa
with open('/board_layouts/kanaloa.json') as f:
    layout = json.load(f)
HEADER = {'game': 'kanaloa', 'players': ['red', 'blue', 'green', 'yellow'], 'first': 'red', 'seed': 7}
"""
# capture_cascade in tests/scenarios/kanaloa_scenarios.py, up to red's third HANA bridge
SETUP = """
game = Kanaloa(layout, HEADER)
for c in ('-', 'AKAU-DALI', 'DALI-HANA', '-', 'HANA-LANI', 'KULU-LANI', 'LANI-NALU', '-', '-', 'AKAU-HANA', 'HANA-HOKU'):
    if c == '-':
        game.end_turn()
    else:
        game.place(game.board.conn(c))
c = game.board.conn('HANA-KULU')
"""


def retained(work):
    chunks = [LOAD, "gc.collect()", "before = gc.mem_alloc()", work, "gc.collect()",
              "print('RETAINED', gc.mem_alloc() - before)"]
    out = run(chunks)
    return int(out.split("RETAINED")[1].split()[0])


def test_retained_heap_of_a_new_game(figures):
    figure = retained("game = Kanaloa(layout, HEADER)") - retained("game = None")
    figures("MicroPython: retained heap, Kanaloa board + new game (bytes)", figure, "target <= 8192")
    assert 0 < figure <= 8192  # the target (measured 3,680 bytes on 2026-11-24)


def place_alloc(setup):
    measure = "a = gc.mem_alloc()\ngame.place(c)\nb = gc.mem_alloc()\n" \
              "print('ALLOC', b - a, game.markers(0) * 100 + game.markers(1) * 10 + game.markers(2))"
    empty = "a = gc.mem_alloc()\nb = gc.mem_alloc()\nprint('ALLOC', b - a, 0)"
    results = []
    for chunk in (empty, measure):
        out = run([LOAD, setup, "gc.collect()", chunk])
        results.append([int(x) for x in out.split("ALLOC")[1].split()[:2]])
    (base, _), (used, markers) = results
    assert markers == 100  # red HANA; blue and green lost theirs
    return used - base


def test_bytes_allocated_by_a_place_with_capture_cascade(figures):
    # before: blue holds DALI, green LANI; the measured place gives red HANA and costs both
    setup = SETUP + "assert [game.markers(p) for p in range(4)] == [0, 1, 1, 0]\n"
    # The undo journal (core/game.py) has room in its chunk here: what is
    # allocated is the event's own cost (a bound method and an argument tuple).
    used = place_alloc(setup)
    figures("MicroPython: bytes allocated by one Kanaloa place with capture", used, "target <= 64")
    assert used <= 64
