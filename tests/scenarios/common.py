"""Helpers for scenarios, usable under both interpreters."""

import json

from companion.core import Illegal
from companion.core.games import new_game
from companion.store.log_store import saved_log  # noqa: F401 (the scenarios read saved games with it)

# tests/scenarios/../../board_layouts; under MicroPython the scenarios are
# mounted at /lib/scenarios, so this is /board_layouts there.
LAYOUT_DIR = __file__.rsplit("/", 1)[0] + "/../../board_layouts"


def load_layout(name):
    with open(LAYOUT_DIR + "/" + name + ".json") as f:
        return json.load(f)


def game(header):
    return new_game(header, load_layout(header.get("layout", header["game"])))


def play(g, events):
    """Apply events given as dicts; return the state after each."""
    out = []
    for ev in events:
        g.apply(ev)
        out.append(g.state())
    return out


def refused(g, event):
    """The reason an event is refused; fails if it is accepted. State must not change."""
    before = g.state()
    try:
        g.apply(event)
    except Illegal as e:
        assert g.state() == before, "a refused event changed the state"
        return str(e)
    raise AssertionError("event was accepted but should be refused: %r" % (event,))


def ev(op, at=None, **more):
    d = {"op": op}
    if at is not None:
        d["at"] = at
    for k in more:
        d[k] = more[k]
    return d


def rules(state):
    """A replay state without its "todo" (what the real board still lacks): an
    UNDO moves no piece, so after one the to-do differs from the earlier state's."""
    out = {}
    for k in state:
        if k != "todo":
            out[k] = state[k]
    return out


def all_rules(states):
    return [rules(s) for s in states]
