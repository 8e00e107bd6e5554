"""The simulator's sensing board (?layout=kahuna-sensing, issue 45) in
chromium: a click on an empty connection puts the player to move's stick
there, a shift-click the other colour's, a click on a stick lifts it; the
firmware sees each through its simulated 74HC165 chain (hal/sensors.SimChain),
as a real board's hall switches. The sticks stand across a reload."""

from companion.hal.frame import PLAYER, RED
from tests.browser.simpage import drive, needs_browser, sim_server
from tests.test_sim_browser import NEW_GAME, press

pytestmark = needs_browser

STEPS = [{"fresh": "/?layout=kahuna-sensing"}] + NEW_GAME + [
    press("ALOA-BARI"),  # black to play: black's stick
    {"observe": "placed"},
    dict(press("ALOA-HUNA"), shift=True),  # white's stick, on black's turn: refused
    {"observe": "refused"},
    {"wait": 1000},
    {"observe": "still"},
    press("ALOA-HUNA"),  # lifted again: put right
    {"wait": 800},
    {"observe": "lifted"},
    {"reload": True},
    {"observe": "reloaded"},
]


def test_the_page_plays_by_sticks_put_on_and_lifted():
    with sim_server() as url:
        seen = drive(url, STEPS)
    black = PLAYER + 1
    placed = seen["placed"]
    assert placed["elements"]["ALOA-BARI"]["colour"] == black
    assert placed["log"].splitlines()[-1] == '{"op": "place", "at": "ALOA-BARI"}'
    refused = seen["refused"]
    assert refused["elements"]["ALOA-HUNA"]["colour"] == RED
    assert refused["state"]["message"] == "a white stick on ALOA-HUNA: Black to play"
    assert refused["log"] == placed["log"]  # nothing logged
    assert seen["still"]["elements"]["ALOA-HUNA"]["colour"] == RED  # shown until put right
    lifted = seen["lifted"]
    assert lifted["elements"]["ALOA-HUNA"]["colour"] == 0
    assert "Board differs" not in lifted["text"]
    assert lifted["log"] == placed["log"]
    # a reload boots the firmware on the sticks the page kept: nothing differs
    reloaded = seen["reloaded"]
    assert reloaded["elements"]["ALOA-BARI"]["colour"] == black
    assert "Board differs" not in reloaded["text"] and reloaded["log"] == placed["log"]
