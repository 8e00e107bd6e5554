"""Kanaloa in the browser simulator (headless chromium): a whole 4-player game
by clicks, to its winner. The page must show what the simulated device shows
under CPython for the same presses (tests/scenarios/device.py)."""

import json

import pytest

from companion.hal.frame import MARK, RED
from tests.browser.simpage import drive, needs_browser, sim_server
from tests.scenarios.device import Device, fresh_dir

pytestmark = needs_browser


def press(name, long=False):
    return {"press": name, "long": long}


TURN, LONG_TURN = press("TURN"), press("TURN", long=True)
# the menu (the page opens on a game); Players RBGY, First -> seat 1 (red), then New game
NEW_GAME = [{"key": "m"}, {"key": "m"}, {"key": "t"}, {"key": "m"}, {"key": "m"}, {"key": "t"}]
STEPS = [{"goto": "?layout=kanaloa"}] + NEW_GAME + [
    press("MAKA-MELE"), press("HALA-MELE"),  # red holds MELE
    {"observe": "built"},
    TURN, TURN, TURN, LONG_TURN,  # yellow took the last card: the 1st scoring
    {"observe": "scored"},
    TURN, TURN, TURN, LONG_TURN,  # round 2 ends: one last turn each
    TURN, TURN, TURN, TURN,
    {"observe": "over"},
]


def expected():
    d = Device(fresh_dir("kanaloa-sim"), layout="kanaloa", seed=1)
    out = {}
    for step in STEPS:
        if "press" in step:
            d.press(step["press"], long=step["long"])
        elif "key" in step:
            d.press({"t": "TURN", "m": "MENU"}[step["key"]])
        elif "observe" in step:
            out[step["observe"]] = {"lines": d.lines(), "log": [json.loads(l) for l in d.log_lines()[1:]]}
    return out


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, STEPS)


def test_a_whole_kanaloa_game_in_the_simulator(seen):
    want = expected()
    for label in ("built", "scored", "over"):
        assert seen[label]["text"] == "\n".join(want[label]["lines"]), label
    built = seen["built"]["elements"]
    assert [built["MAKA-MELE"]["colour"], built["MAKA-MELE"]["effect"]] == [RED, MARK]
    assert built["MAKA-MELE"]["rgb"] != "0,0,0"
    assert seen["scored"]["text"] == "Scoring 1\nMELE R1\nR1 B0 G0 Y0"
    assert seen["over"]["text"] == "Final scoring\nMELE R2\nR3 B0 G0 Y0"
    log = [json.loads(l) for l in seen["over"]["log"].split("\n") if l.strip()]
    assert log[0]["game"] == "kanaloa" and log[0]["players"] == ["red", "blue", "green", "yellow"]
    assert log[1:] == want["over"]["log"]  # the page's game log, event for event
    assert log[1:3] == [{"op": "place", "at": "MAKA-MELE"}, {"op": "place", "at": "HALA-MELE"}]
