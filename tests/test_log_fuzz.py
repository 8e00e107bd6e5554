"""A corrupt or hostile log never crashes the replay: it is a LogError naming the line.

CPython only, for hypothesis; tests/test_log_dialect.py gives 10,000 mutated
logs to CPython and native MicroPython and requires the same verdicts."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.log import LogError, replay
from host_tools.paths import load_layout

NAMES = ["ALOA-BARI", "BARI-ALOA", "ALOA", "0,0", "1,-1", "4,0", "2,2", "x", "", "-"]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.sampled_from(NAMES),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6)
OPS = ["place", "remove", "end_turn", "end_round", "undo", "move", "set", "put", "mask", "swap",
       "exchange", "choose", "use", "pass", "time_up", "fly"]
KEYS = ["at", "from", "to", "a", "b", "player", "value", "choice", "god", "by"]
events = st.builds(lambda op, more: dict(more, op=op), st.sampled_from(OPS) | values,
                   st.dictionaries(st.sampled_from(KEYS), values, max_size=3))
headers = st.builds(
    lambda game, more: dict(more, game=game),
    st.sampled_from(["kahuna", "kanaloa", "rukuni", "duell"]),
    st.dictionaries(st.sampled_from(["layout", "first", "seed", "variants", "players", "handicap",
                                     "variant", "position", "time"]), values, max_size=3))


@settings(max_examples=400, deadline=None)
@given(headers, st.lists(events, max_size=12), st.sampled_from(["", "{", "[1]", "null", '{"op"']))
def test_any_log_replays_or_names_the_bad_line(header, evs, garbage):
    lines = [json.dumps(header)] + [json.dumps(e) for e in evs] + [garbage]
    try:
        replay(lines, load_layout)
    except LogError as e:
        assert str(e).startswith("line %d: " % e.lineno) and 1 <= e.lineno <= len(lines)


START = [
    {"game": "kahuna", "first": "white"},
    {"game": "kanaloa", "players": ["red", "blue", "green"], "first": "red", "seed": 3},
    {"game": "rukuni"},
    {"game": "duell"},
]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(START), st.lists(events, min_size=1, max_size=25))
def test_a_refused_event_changes_nothing(header, evs):
    from companion.core import Illegal
    from companion.core.games import new_game
    from companion.core.log import MALFORMED

    game = new_game(header, load_layout(header["game"]))
    for event in evs:
        before = game.state()
        try:
            game.apply(event)
        except (Illegal,) + MALFORMED:
            assert game.state() == before, event
