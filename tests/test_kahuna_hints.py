"""Hints for learners (menu: Hints on): islands one stick from changing hands
pulse in the colour that would take them; with the digital deck, the hand
shown (TURN held) lights the device's suggested move."""

import pytest

from companion.core.kahuna_ai import Planner
from companion.hal.frame import BLINK, FAST, PLAYER, PULSE, STEADY

from .scenarios.device import Device, fresh_dir

WHITE = PLAYER
BLACK = PLAYER + 1


def islands(d):
    return {k: v for k, v in d.lit().items() if "-" not in k}


def test_islands_one_stick_from_changing_hands_pulse_in_the_takers_colour():
    d = Device(fresh_dir("hints-islands"), seed=1)
    d.new_game(first="black", hints=True)
    assert d.log()[0]["hints"] is True
    # black's first turn of the rule sheets' worked example
    for at in ("ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE", "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO"):
        d.press(at)
    # ELAI 3 of 6 (4 take it), IFFI 2 of 5, LALE 1 of 3: one black stick each;
    # ALOA and HUNA were taken: their stones are still to put on (the to-do shows, not a hint)
    assert islands(d) == {"ALOA": [BLACK, BLINK], "HUNA": [BLACK, BLINK],
                          "ELAI": [BLACK, PULSE], "IFFI": [BLACK, PULSE], "LALE": [BLACK, PULSE]}
    d.press("TURN")  # white to play: white is one stick from nothing; black's chances still pulse
    assert islands(d) == {"ALOA": [BLACK, STEADY], "HUNA": [BLACK, STEADY],
                          "ELAI": [BLACK, PULSE], "IFFI": [BLACK, PULSE], "LALE": [BLACK, PULSE]}
    for at in ("BARI-COCO", "BARI-ELAI", "ALOA-DUDA", "DUDA-ELAI"):
        d.press(at)
    # white: DUDA 2 of 4 (3 take it), BARI 2 of 5; ELAI: white 2, black 3 of 6, one free:
    # black's still (white would need 4)
    assert islands(d) == {"ALOA": [BLACK, STEADY], "HUNA": [BLACK, STEADY], "BARI": [WHITE, PULSE],
                          "DUDA": [WHITE, PULSE], "ELAI": [BLACK, PULSE], "IFFI": [BLACK, PULSE],
                          "LALE": [BLACK, PULSE]}


def test_no_hints_without_the_setting():
    d = Device(fresh_dir("hints-off"), seed=1)
    d.new_game(first="black")
    assert "hints" not in d.log()[0]
    for at in ("ALOA-BARI", "HUNA-IFFI", "HUNA-LALE"):
        d.press(at)
    assert islands(d) == {}


def test_the_hand_shown_lights_the_suggested_move():
    d = Device(fresh_dir("hints-move"), seed=1)
    d.new_game(first="white", cards="digital", hints=True)
    assert d.lit() == {}  # an empty board: no island is one stick away
    d.press("TURN", long=True)  # the hand, and the hint
    assert d.lines()[5:] == ["Hand: E F H", "Hint +ALOA-HUNA"]
    assert d.lit() == {"ALOA-HUNA": [WHITE, PULSE], "HUNA": [WHITE, PULSE]}  # the stick and the card paying
    g = d.app.game
    a = Planner(g)
    a.decide()
    assert a.event(0) == {"op": "place", "at": "ALOA-HUNA", "card": "HUNA"}  # the device's own first step
    d.press("TURN", long=True)  # hidden again: no hint
    assert d.lit() == {} and d.lines()[5] == "Hold TURN: hand"
    d.press("TURN", long=True)
    d.press("ALOA-HUNA")  # played as suggested, the hand still shown: the next suggestion
    assert d.log()[-1] == {"op": "place", "at": "ALOA-HUNA", "card": "HUNA"}
    a.decide()
    assert a.event(0) == {"op": "place", "at": "ELAI-HUNA", "card": "ELAI"}
    assert d.lines()[5:] == ["Hand: E F", "Hint +ELAI-HUNA"]
    # ALOA (3 connections): one more white stick takes it
    assert d.lit() == {"ALOA-HUNA": [WHITE, STEADY], "ALOA": [WHITE, PULSE], "ELAI-HUNA": [WHITE, PULSE],
                       "ELAI": [WHITE, PULSE]}



def test_a_suggestion_does_not_hide_a_stick_to_take_off():
    """The suggested stick stands where an undone one is still to come off:
    that to-do shows (a press there confirms it first), then the suggestion."""
    d = Device(fresh_dir("hints-todo"), seed=1)
    d.new_game(first="white", cards="digital", hints=True)
    d.press("ALOA-HUNA")
    d.press("UNDO")  # the stick is still on the board: to take off
    d.press("TURN", long=True)  # the hand, and the hint: ALOA-HUNA again
    assert d.lines()[5:] == ["Hand: E F H", "Hint +ALOA-HUNA", "Off ALOA-HUNA"]
    assert d.lit() == {"ALOA-HUNA": [WHITE, FAST], "HUNA": [WHITE, PULSE]}
    d.press("ALOA-HUNA")
    assert d.log()[-1] == {"op": "took_off", "at": "ALOA-HUNA"}
    assert d.lines()[5:] == ["Hand: E F H", "Hint +ALOA-HUNA"]
    assert d.lit() == {"ALOA-HUNA": [WHITE, PULSE], "HUNA": [WHITE, PULSE]}


BAD_HEADERS = """
import json
from companion.core import Illegal
from companion.core.games import new_game
from scenarios.common import load_layout
out = []
for extra in ({"hints": "yes"}, {"cards": "digital", "level": "hard"}, {"hints": True, "cards": "digital", "level": "easy"}):
    h = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white", "seed": 1}
    h.update(extra)
    try:
        g = new_game(h, load_layout("kahuna"))
        out.append(["ok", g.hints, g.level])
    except Illegal as e:
        out.append(["refused", str(e)])
print("RESULT " + json.dumps(out))
"""
WANT = [["refused", "\"hints\" must be true or false (the learners' hints on the LEDs)"],
        ["refused", "\"level\" (the device opponent's) must be \"easy\", \"normal\" or \"strong\""],
        ["ok", True, "easy"]]


def _result(out):
    import json

    return json.loads([l for l in out.splitlines() if l.startswith("RESULT ")][-1][7:])


def test_bad_hints_or_level_in_the_header_are_refused():
    import contextlib
    import io
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(BAD_HEADERS, {})
    assert _result(buf.getvalue()) == WANT


@pytest.mark.native
def test_bad_hints_or_level_in_the_header_are_refused_under_micropython():
    from host_tools.micropython import run_native

    assert _result(run_native(BAD_HEADERS)) == WANT
