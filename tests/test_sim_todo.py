"""The simulator marks the to-do so that a still picture shows it, and a
reload in the middle of a cascade finds the same elements still marked
(the confirmations are in the log, not in the page's memory)."""

from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, sim_server
from tests.test_sim_browser import NEW_GAME, SETUP_PRESSES, press

pytestmark = needs_browser

SHOT = SHOTS / "sim-todo.png"
STEPS = NEW_GAME + SETUP_PRESSES + [
    press("BARI-DUDA"),  # white: a stone on BARI; black's ALOA-BARI and ALOA stone come off
    press("ALOA-BARI"),  # one of them confirmed: taken off
    {"observe": "cascade"},
    {"screenshot": str(SHOT)},
    {"reload": True},
    {"observe": "reloaded"},
    press("ALOA"),  # the next confirmation, after the reload
    {"observe": "confirmed"},
]


def marks(observation):
    return dict((n, (e["todo"], e["label"])) for n, e in observation["elements"].items() if e["todo"])


def test_a_reload_mid_cascade_keeps_the_marks():
    with sim_server() as url:
        seen = drive(url, STEPS)
    want = {"ALOA": ("off", "off"), "BARI": ("on", "on")}
    assert marks(seen["cascade"]) == want
    assert marks(seen["reloaded"]) == want
    assert marks(seen["confirmed"]) == {"BARI": ("on", "on")}
    text = seen["reloaded"]["text"].split("\n")
    assert text[:2] == ["Check the board?", "MENU: yes"]
    # the to-do rows are the same after the reload; the last move (row 5) is
    # the UI's memory of the press, not in the log: a reload starts it empty
    assert text[5:] == ["", "Off stone ALOA", "On stone BARI"]
    assert seen["cascade"]["text"].split("\n")[5:] == ["W won BARI"] + text[6:]
    assert seen["confirmed"]["log"].splitlines()[-2:] == ['{"op": "took_off", "at": "ALOA-BARI"}',
                                                          '{"op": "took_off", "at": "ALOA"}']
    assert SHOT.exists()
