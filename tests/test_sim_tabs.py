"""Two tabs of one browser on the same board: the page keeps its game in the
browser's localStorage, so a tab that still shows an older game would, at its
next press, save it over the game the other tab played on. A tab that sees
another tab save the board stops and says so; "Play here" reloads it from
that save (docs/simulator.md, "Saved games")."""

from tests.browser.simpage import drive, needs_browser, sim_server
from tests.test_sim_browser import press

pytestmark = needs_browser

Q = "?layout=kahuna&seed=1"
NOTICE = "This game goes on in another tab"
STEPS = [
    {"fresh": Q}, press("ALOA-BARI"), {"observe": "first tab"},
    {"tab": 1, "open": Q}, press("HUNA-IFFI"), press("TURN"), press("ELAI-FAAA"), {"observe": "second tab"},
    {"tab": 0}, {"keyonly": "t"}, {"wait": 400}, {"observe": "first tab again"},  # TURN in the older game
    {"tab": 1}, {"reload": True}, {"observe": "second tab reloaded"},
    {"tab": 0}, {"navigate": "#play-here"}, {"observe": "first tab, play here"},
    press("TURN"), {"observe": "first tab plays on"},
    {"tab": 1}, {"wait": 300}, {"observe": "second tab after it"},
]


def events(seen):
    return seen["log"].splitlines()[1:]


def test_a_tab_with_an_older_game_stops_instead_of_saving_over_the_newer_one():
    with sim_server() as url:
        seen = drive(url, STEPS)
    played = events(seen["second tab"])
    assert events(seen["first tab"]) == played[:1] and len(played) == 4
    stopped = seen["first tab again"]
    assert NOTICE in stopped["page"]["elsewhere"] and events(stopped) == played[:1]  # its TURN did nothing
    assert events(seen["second tab reloaded"]) == played  # nothing the first tab did reached the save
    here = seen["first tab, play here"]
    assert events(here) == played and here["page"]["elsewhere"] == ""
    assert events(seen["first tab plays on"]) == played + ['{"op": "end_turn"}']
    assert NOTICE in seen["second tab after it"]["page"]["elsewhere"]
    assert seen["second tab reloaded"]["page"]["elsewhere"] == ""
