"""Replay, undo to the start, and the bytes each event allocates: the same
code under CPython and MicroPython (tests/test_native_games.py compares).

`play_back(path)` reads logs (one JSON line each: [game, header, events])
and prints, one JSON line each, the start state, the state after every
event, the state after every undo back to the start, and (under
MicroPython) the most bytes one event allocated, measured with
gc.mem_alloc() after a collection.
"""

import gc
import json

from companion.core.games import new_game
try:
    from log_verdicts import load_layout  # MicroPython: tests/ is on the path
except ImportError:
    from .log_verdicts import load_layout

_mem = getattr(gc, "mem_alloc", None)  # MicroPython only


def play(game, header, events, out, limit=0):
    """out(kind, state) for the start, after each event, after each undo to the start
    (limit: Game.limit, the journal's full chunks kept); returns the most bytes one
    event allocated (0 under CPython)."""
    g = new_game(header, load_layout(header.get("layout", game)))
    g.limit = limit
    out("start", g.state())
    most = 0
    for e in events:
        if _mem:
            gc.collect()
            m = _mem()
            g.apply(e)
            m = _mem() - m
            most = m if m > most else most
        else:
            g.apply(e)
        out("event", g.state())
    while g.undo():
        out("undo", g.state())
    return most


def _print(kind, state):
    print(json.dumps([kind, state]))


def play_back(path):
    with open(path) as f:
        for line in f:
            game, header, events = json.loads(line)
            most = play(game, header, events, _print)
            print(json.dumps(["most", most]))


def play_back_locked(path, limit):
    """As play_back, each event and undo applied as the board applies them:
    under the heap lock, again unlocked if that raised MemoryError
    (app.locked), beside a twin game that applies them plainly. Then one
    line: how many needed the second try, and after how many events or undos
    the two games differed in their state or their undo journal (none)."""
    from micropython import heap_lock, heap_unlock
    from companion import locked

    tries = [0, 0]

    def journal(game):
        return bytes(game.s), game._jlen, len(game._full), game._nmarks, game._lost, game.undoable()

    def once(step, arg):
        heap_lock()
        try:
            return step(arg)
        except MemoryError:
            tries[0] += 1
        finally:
            heap_unlock()
        return locked(step, arg)

    with open(path) as f:
        for line in f:
            game, header, events = json.loads(line)
            g = new_game(header, load_layout(header.get("layout", game)))
            twin = new_game(header, load_layout(header.get("layout", game)))
            g.limit = twin.limit = limit
            _print("start", g.state())
            for e in events:
                once(g.apply, e)
                twin.apply(e)
                tries[1] += journal(g) != journal(twin)
                _print("event", g.state())
            while once(lambda _: g.undo(), None):
                twin.undo()
                tries[1] += journal(g) != journal(twin)
                _print("undo", g.state())
    print(json.dumps(["tries", tries]))
