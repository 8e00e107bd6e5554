"""On a phone (390x844, a touch screen) a tap at the middle of every board
element presses that element, in all four games (issue 27): the page picks
the element nearest to the finger (board.js reach), not the drawing on top."""

import json

import pytest

from tests.browser.simpage import ROOT, drive, needs_browser, sim_server

pytestmark = needs_browser

GAMES = ["kahuna", "kanaloa", "rukuni", "duell"]
STEPS = [{"viewport": [390, 844]}] + [s for game in GAMES for s in (
    {"fresh": "?layout=%s&seed=7" % game}, {"taps": game})]


def pressable(game):
    """Every board element with a button, by name (a connection: its islands sorted)."""
    with open(ROOT / "board_layouts" / (game + ".json")) as f:
        layout = json.load(f)
    names = set()
    for key, items in layout.items():
        if key == "controls" or not isinstance(items, list):
            continue
        for e in items:
            if not isinstance(e, dict) or "button" not in e or ("player" in e and "led" not in e):
                continue
            names.add("-".join(sorted((e["a"], e["b"]))) if key == "connections" else e.get("name", key))
    return names


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, STEPS, timeout=400, touch=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_tap_in_the_middle_of_every_element_hits_it(seen, game):
    hits = seen[game]["hits"]
    assert set(hits) == pressable(game)
    wrong = dict((n, h) for n, h in hits.items() if h != n)
    assert wrong == {}
