"""The simulator's sensing board (?layout=kahuna-sensing, issue 45) in
chromium: a click on an empty connection puts the player to move's stick
there, a shift-click the other colour's, a click on a stick lifts it; the
firmware sees each through its simulated 74HC165 chain (hal/sensors.SimChain),
as a real board's hall switches. The sticks stand across a reload."""

import json

from companion.hal.frame import PLAYER, RED, YELLOW
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


# Kanaloa (?layout=kanaloa-sensing): bridges by presence. The menu: Players RBGY, First -> seat 1 (red), New game
KANALOA = [{"fresh": "/?layout=kanaloa-sensing"}, {"key": "m"}, {"key": "m"}, {"key": "t"}, {"key": "m"},
           {"key": "m"}, {"key": "t"},
           press("MAKA-MELE"),  # red's bridge
           {"observe": "built"},
           press("TURN"),
           press("MAKA-MELE"),  # blue lifts it: no move
           {"observe": "lifted"},
           press("MAKA-MELE"),  # put back
           {"observe": "back"}]


def test_the_page_plays_kanaloa_by_bridges_put_on():
    with sim_server() as url:
        seen = drive(url, KANALOA)
    built = seen["built"]
    assert built["elements"]["MAKA-MELE"]["colour"] == RED  # red's seat colour
    assert built["log"].splitlines()[-1] == '{"op": "place", "at": "MAKA-MELE"}'
    lifted = seen["lifted"]
    assert lifted["state"]["message"] == "MAKA-MELE: a bridge taken off is no move here"
    assert lifted["log"].splitlines()[-1] == '{"op": "end_turn"}'
    back = seen["back"]
    assert back["elements"]["MAKA-MELE"]["colour"] == RED and "Board differs" not in back["text"]
    assert back["log"] == lifted["log"]


# Rukuni (?layout=rukuni-sensing): the towers stand on their corners when the page first starts;
# a click on a tower lifts it into the hand, the next click on a free cell sets it down there
RUKUNI = [{"fresh": "/?layout=rukuni-sensing"}] + [{"key": k} for k in ("m", "t", "m", "m", "t")] + [
    {"observe": "start"},
    press("0,-4"),  # lifted: its destinations pulse
    {"observe": "lifted"},
    press("0,-1"),  # set down: the move
    {"observe": "moved"},
    dict(press("1,-2"), shift=True),  # a black stone: refused (White to play)
    {"observe": "refused"},
    press("1,-2"),  # taken off again
    press("1,-2"),  # White's stone: the set
    {"observe": "set"},
    {"reload": True},
    {"observe": "reloaded"},
]


def test_the_page_plays_rukuni_by_towers_lifted_and_stones_put_on():
    with sim_server() as url:
        seen = drive(url, RUKUNI)
    assert "Board differs" not in seen["start"]["text"]  # the towers stand as the game has them
    assert seen["start"]["elements"]["0,-4"]["colour"] == YELLOW
    assert seen["lifted"]["elements"]["0,-4"]["colour"] == YELLOW  # blinking: the tower in the hand
    assert seen["lifted"]["elements"]["0,-1"]["colour"] == YELLOW  # a destination, pulsing
    moved = seen["moved"]
    assert json.loads(moved["log"].splitlines()[-1]) == {"op": "move", "from": "0,-4", "to": "0,-1"}
    refused = seen["refused"]
    assert refused["elements"]["1,-2"]["colour"] == RED
    assert refused["state"]["message"] == "a black stone on 1,-2: White to play"
    assert refused["log"] == moved["log"]
    done = seen["set"]
    assert json.loads(done["log"].splitlines()[-1]) == {"op": "set", "at": "1,-2"}
    assert done["elements"]["1,-2"]["colour"] == PLAYER and "Board differs" not in done["text"]
    reloaded = seen["reloaded"]
    assert reloaded["log"] == done["log"] and "Board differs" not in reloaded["text"]
    assert reloaded["elements"]["0,-1"]["colour"] == YELLOW and "0,-4" not in [
        n for n, e in reloaded["elements"].items() if e["colour"]]


# Duell (?layout=duell-sensing): a click on an empty stone pocket puts its player's stone there; the
# menu: Variant basic, Time off, New game
DUELL = [{"fresh": "/?layout=duell-sensing"}] + [press(p) for p in ("MENU", "MENU", "TURN", "TURN", "TURN", "MENU",
                                                                    "MENU", "TURN")] + [
    press("1,1 bison"),  # Bison's stone: the keypad asks its value
    {"observe": "asked"},
    press("1,1"),  # key 5
    {"observe": "put"},
    press("0,0 bison"),  # a Bison stone while Wolf places: refused
    {"observe": "refused"},
    press("0,0 bison"),  # taken out again
    {"wait": 800},
    {"observe": "lifted"},
]


def test_the_page_plays_duell_by_stones_put_in_their_pockets():
    with sim_server() as url:
        seen = drive(url, DUELL)
    assert seen["asked"]["elements"]["1,1 bison"]["colour"] == 0 and "1,1 B: key 1-9" in seen["asked"]["text"]
    put = seen["put"]
    assert json.loads(put["log"].splitlines()[-1]) == {"op": "put", "player": "bison", "at": "1,1", "value": 5}
    assert put["elements"]["1,1 bison"]["colour"] == PLAYER
    refused = seen["refused"]
    assert refused["state"]["message"] == "a Bison stone on 0,0: Wolf places"
    assert refused["elements"]["0,0 bison"]["colour"] == RED and refused["log"] == put["log"]
    lifted = seen["lifted"]
    assert lifted["elements"]["0,0 bison"]["colour"] == 0 and "Board differs" not in lifted["text"]
    assert lifted["log"] == put["log"]
