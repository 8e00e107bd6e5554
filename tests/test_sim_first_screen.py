"""A newcomer's first minute in the simulator (headless chromium), issue 17.

A fresh page (empty store) plays Kahuna at once: the first click on a
connection places a stick, and the element's accessible name says so, in
the firmware's words (App.describe under CPython gives the same text).
The page's side panel shows the firmware's words, a refused press (by the
keyboard) plays the refusal's tones, a phone-sized page does not scroll
sideways and keeps the display and the board in view, and axe-core finds
no serious or critical violation on any game's page.

Screenshots (UPDATE_IMAGES=1 copies them to docs/images): the first screen
after the first click (simulator-first.png) and on a phone (simulator-phone.png).
"""

import re

import pytest

from companion.app import page
from companion.hal.frame import FLASH, RED
from companion.hal.buzzer import DUTY, TONES
from companion.app.tones import ACCEPTED, REFUSED
from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, sim_server, update_image
from tests.scenarios.device import Device, fresh_dir

pytestmark = needs_browser

SEED = 7  # the firmware's "lot" on the page (?seed=) and on the simulated device
SHOT = SHOTS / "sim-first.png"
PHONE_SHOT = SHOTS / "sim-phone.png"
GAMES = ["kahuna", "kanaloa", "rukuni", "duell"]

STEPS = [
    {"fresh": "?seed=%d" % SEED},
    {"observe": "fresh"},
    {"press": "ALOA-BARI"},
    {"wait": 300},  # the click's tone plays out
    {"observe": "first"},
    {"screenshot": str(SHOT)},
    {"axe": "axe kahuna"},
    {"focus": "ALOA"}, {"key": "Enter"},  # an island: it only shows stones, refused
    {"wait": 800},
    {"observe": "refused"},
    {"focus": "ALOA-DUDA"}, {"key": " "},  # Space presses the element in focus
    {"observe": "space"},
    {"viewport": [390, 844]},
    {"press": "BARI-DUDA"},  # a tap
    {"measure": "phone"},
    {"screenshot": str(PHONE_SHOT)},
    {"axe": "axe kahuna phone"},
    {"focus": "TURN"}, {"key": "l"},  # L: a long press of TURN, "I took the last card"
    {"observe": "long"},
] + [s for game in GAMES[1:] for s in ({"goto": "?layout=%s&seed=%d" % (game, SEED)}, {"observe": game},
                                        {"axe": "axe " + game})]


def notes(tone, volume=2):
    """The (hz, duty) states the buzzer goes through for a tone (hal/buzzer.py)."""
    seq = TONES[tone]
    out = []
    for i in range(0, len(seq), 2):
        hz = seq[i] or out[-1][0]
        out.append([hz, DUTY[volume] if seq[i] else 0])
    out.append([out[-1][0], 0])
    return out


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, STEPS)


@pytest.fixture(scope="module")
def device():
    """The same first presses on the simulated device under CPython."""
    d = Device(fresh_dir("sim-first"), seed=SEED)
    out = {"fresh": (d.lines(), page.describe(d.app, d.buttons["ALOA-BARI"]))}
    d.press("ALOA-BARI")
    out["first"] = (d.lines(), page.describe(d.app, d.buttons["ALOA-BARI"]), page.status(d.app))
    d.press("ALOA")
    out["refused"] = (d.lines(), page.describe(d.app, d.buttons["ALOA"]), page.status(d.app))
    d.press("ALOA-DUDA")
    d.press("BARI-DUDA")
    d.press("TURN", long=True)
    out["long"] = d.lines()
    return out


def test_a_fresh_page_plays_at_once(seen, device):
    fresh = seen["fresh"]
    assert fresh["text"] == "\n".join(device["fresh"][0])
    assert re.fullmatch(r"(White|Black) to play", fresh["text"].split("\n")[0])  # no menu in the way
    assert fresh["names"]["ALOA-BARI"] == device["fresh"][1] == "ALOA-BARI: empty"
    assert fresh["state"]["game"] == "Kahuna"
    assert fresh["state"]["games"] == ["Duell der Schamanen", "Kahuna", "Kanaloa", "Rukuni"]


def test_the_first_click_places_a_stick_and_its_name_says_so(seen, device):
    first = seen["first"]
    lines, name, status = device["first"]
    el = first["elements"]["ALOA-BARI"]
    assert el["rgb"] != "0,0,0" and el["drawn"].startswith("rgb(")  # lit
    assert re.fullmatch(r"ALOA-BARI: (white|black) stick", first["names"]["ALOA-BARI"])
    assert first["names"]["ALOA-BARI"] == name
    assert first["text"] == "\n".join(lines)
    # the side panel: the firmware's words, none of the page's own
    who = status["turn"].split()[0]
    assert first["state"]["turn"] == status["turn"] == who + " to play"
    assert first["state"]["score"] == status["score"] == "White 0 \u2013 Black 0, round 1"
    assert first["state"]["last"] == "Last: " + status["last"] == "Last: %s put a stick on ALOA-BARI" % who
    assert first["state"]["moves"] == status["moves"]
    assert first["state"]["legend"] == list(status["legend"]) and len(first["state"]["legend"]) == 6
    assert first["tones"][-2:] == notes(ACCEPTED)  # the click's tone


def test_a_refused_press_by_keyboard_sounds_the_refusal(seen, device):
    refused = seen["refused"]
    lines, name, status = device["refused"]
    assert refused["text"] == "\n".join(lines)
    # the score stays in view, the refusal below it; the whole text on the page
    assert refused["text"].split("\n")[:4] == seen["first"]["text"].split("\n")[:4]
    assert refused["state"]["message"] == status["message"] == "ALOA: islands only show stones; press a connection"
    assert refused["tones"][:-len(notes(REFUSED))] == seen["first"]["tones"]
    assert refused["tones"][-len(notes(REFUSED)):] == notes(REFUSED) == [[330, 8000], [330, 0], [220, 8000], [220, 0]]
    assert seen["space"]["names"]["ALOA-DUDA"].startswith("ALOA-DUDA: ") and \
        seen["space"]["names"]["ALOA-DUDA"].endswith(" stick")  # Space pressed it


def test_a_long_press_by_keyboard(seen, device):
    assert seen["long"]["text"] == "\n".join(device["long"])
    # a long TURN ends the round; White has no stick on the board: the early end
    assert device["long"][0] == "Game over" and device["long"][4:] == ["Black wins", "other has no stk"]


def test_a_phone_page(seen):
    m = seen["phone"]
    assert m["width"] == 390 and m["scrollWidth"] <= 390  # no sideways scrolling
    assert m["scrollY"] == 0  # a tap does not scroll
    for part in ("display", "board"):  # both in view together
        r = m[part]
        assert 0 <= r["top"] and r["bottom"] <= m["height"] and 0 <= r["left"] and r["right"] <= 390, (part, r)
    small = dict((n, round(s, 1)) for n, s in m["targets"].items() if s < 44)
    assert len(m["targets"]) == 39 and not small, small  # every stick and island: 44 px or more
    assert min(m["controls"]) >= 44


@pytest.mark.parametrize("label", GAMES + ["kahuna phone"])
def test_axe_finds_no_serious_violation(seen, label):
    bad = [v for v in seen["axe " + label]["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], bad


@pytest.mark.parametrize("game", GAMES[1:])
def test_every_element_of_every_game_has_the_firmwares_name(seen, game):
    d = Device(fresh_dir("sim-first-" + game), layout=game, seed=SEED)
    shown = seen[game]
    assert shown["text"] == "\n".join(d.lines())
    names = shown["names"]
    assert names and all(names.values())
    for key in ("islands", "cells", "sites"):
        for e in d.layout.get(key, ()):
            assert names[e["name"]] == page.describe(d.app, e["button"]), e["name"]
    assert shown["state"]["game"] == {"kanaloa": "Kanaloa", "rukuni": "Rukuni", "duell": "Duell der Schamanen"}[game]


def test_screenshots(seen):
    assert SHOT.stat().st_size > 10000 and PHONE_SHOT.stat().st_size > 10000
    update_image(SHOT, "simulator-first.png")
    update_image(PHONE_SHOT, "simulator-phone.png")
