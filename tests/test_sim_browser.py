"""The browser simulator in headless chromium: the real firmware, played by clicks.

`companion sim` serves the page; tests/browser/sim_driver.mjs (playwright-core
driving Debian's /usr/bin/chromium) clicks through the rule sheets' worked
example and reports what the page shows. The expected LEDs and display text
come from the same presses on the simulated device under CPython
(tests/scenarios/device.py), and the worked example's facts are checked by
hand as well. Screenshot: sim.png in the run's temporary folder (copied to docs/images/simulator.png
when UPDATE_IMAGES=1).
"""

import json

import pytest

from companion.hal.frame import BLINK, FAST, PLAYER, STEADY
from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, sim_server, update_image
from tests.scenarios.device import Device, fresh_dir
from tests.scenarios.kahuna_scenarios import SETUP

EXAMPLE_LOG = ROOT / "tests" / "logs" / "worked_example.jsonl"
WHITE, BLACK = PLAYER, PLAYER + 1
OFF = "0,0,0"

pytestmark = needs_browser


def press(name, long=False):
    return {"press": name, "long": long}


# the page opens on a game: MENU, First: black, New game
NEW_GAME = [{"key": "m"}, press("TURN"), {"key": "t"}] + [{"key": "m"}] * 8 + [{"key": "Enter"}]
SETUP_PRESSES = [press(e["at"] if e["op"] == "place" else "TURN") for e in SETUP]
STEPS = NEW_GAME + SETUP_PRESSES + [
    {"observe": "setup"},
    press("BARI-DUDA"),  # white 1)
    {"observe": "white1", "blink": True},
    press("ALOA-BARI"), press("ALOA"), press("BARI"),  # the changes done on the board
    press("ALOA-BARI"),  # white 2)
    {"observe": "white2", "blink": True},
    press("TURN"),
    press("ELAI-HUNA"), press("ELAI-HUNA"),  # black 1) remove, 2) place
    {"observe": "black2", "blink": True},
    press("TURN"),
    {"observe": "example"},
    press("DUDA-ELAI"),  # white takes DUDA back...
    press("TURN", long=True),  # ...and took the last card: the 1st scoring
    {"observe": "scored"},
    {"screenshot": str(SHOTS / "sim.png")},
    {"download": True},
    {"reload": True},
    {"observe": "reloaded", "blink": True},
    {"history": len(SETUP)},
    {"observe": "history"},
    {"live": True},
    {"key": "u"},  # UNDO: the round's end is taken back
    {"observe": "undone"},
    {"history": len(SETUP) + 2},
    {"continue": True},  # the game so far is archived; play on from event 18
    {"observe": "continued"},
    {"load": str(EXAMPLE_LOG)},
    {"observe": "loaded"},
    # the other boards: their firmware starts a game at once, the page draws every lit element
    # (seed: the page's firmware draws the start player as the simulated device does)
    {"goto": "?layout=rukuni&seed=1234"}, {"observe": "rukuni"},
    {"goto": "?layout=duell&seed=1234"}, {"observe": "duell"},
]


def led_count(dev):
    """How many board elements of the device's layout have an LED."""
    lists = [v for v in dev.layout.values() if isinstance(v, list)]
    return sum(1 for v in lists for e in v if isinstance(e, dict) and "led" in e)


def booted_from(lines):
    """The simulated device booting from a store holding this log."""
    root = fresh_dir("sim-browser-boot")
    with open(root + "/current.jsonl", "w") as f:
        f.write("\n".join(l for l in lines if l.strip()) + "\n")
    return Device(root)


def expected_observations(steps):
    """The same presses on the simulated device under CPython."""
    dev = Device(fresh_dir("sim-browser"))
    board = {}  # the layout and seed of the page's address (goto, fresh)
    out = {}
    for step in steps:
        if "press" in step:
            dev.press(step["press"], long=step.get("long", False))
        elif "key" in step:
            dev.press({"t": "TURN", "enter": "TURN", "m": "MENU", "u": "UNDO"}[step["key"].lower()])
        elif "reload" in step:
            dev = Device(dev.root, **board)  # a reset: the firmware boots from its log
        elif "history" in step:
            prefix = dev.log_lines()[:step["history"] + 1]
            shown = booted_from(prefix)
            shown.app.checking = -1  # a step of the history is no restart: no board check offered
            shown.app.changed()
            shown.wait(50)
            out.setdefault("history", {"lit": shown.lit(), "lines": shown.lines(), "leds": led_count(shown)})
        elif "continue" in step:
            dev = booted_from(prefix)
        elif "load" in step:
            with open(step["load"]) as f:
                dev = booted_from(f.read().split("\n"))
        elif "goto" in step or "fresh" in step:
            query = dict(kv.split("=") for kv in (step.get("goto") or step["fresh"])[1:].split("&"))
            board = {"layout": query["layout"], "seed": int(query["seed"])}
            dev = Device(fresh_dir("sim-browser-other"), **board)
        elif "observe" in step and step["observe"] != "history":
            out[step["observe"]] = {"lit": dev.lit(), "lines": dev.lines(), "leds": led_count(dev),
                                    "log": dev.log_lines() if dev.app.game else []}
    return out


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, STEPS)


@pytest.fixture(scope="module")
def expected():
    return expected_observations(STEPS)


def check_page(page, want):
    """Every LED's colour and effect, the drawn colours over time, and the display."""
    lit = dict(("-".join(sorted(k.split("-"))) if k[:1].isalpha() and "-" in k else k, v) for k, v in want["lit"].items())
    assert set(lit) <= set(page["elements"])
    assert len(page["elements"]) == want["leds"]
    for name, el in page["elements"].items():
        colour, effect = lit.get(name, (0, STEADY))
        assert [el["colour"], el["effect"]] == [colour, effect], name
        seen = set(el["seen"]) if el["seen"] is not None else None
        if el["rgb"] == OFF:
            assert el["drawn"] is None, "%s is dark but drawn lit" % name
        else:
            assert el["drawn"].startswith("rgb("), "%s is lit but not drawn: %s" % (name, el["drawn"])
        if not colour:
            assert el["rgb"] == OFF and seen in (None, {OFF}), name
        elif effect == STEADY:
            assert el["rgb"] != OFF and seen in (None, {el["rgb"]}), name
        elif seen is not None and effect in (BLINK, FAST):
            assert OFF in seen and len(seen) >= 2, "%s should blink, drawn as %s" % (name, seen)
    lines = want["lines"]
    assert page["text"] == "\n".join(lines)
    # the canvas shows the framebuffer: pixels exactly on the lines with text
    for row in range(8):
        text = lines[row] if row < len(lines) else ""
        if text.strip() or row == 0:
            assert page["bands"][row] > 0, "display line %d (%r) has no pixels" % (row, text)
        else:
            assert page["bands"][row] == 0, "display line %d should be blank" % row


@pytest.mark.parametrize("label", ["setup", "white1", "white2", "black2", "example", "scored",
                                   "reloaded", "history", "undone", "continued", "loaded",
                                   "rukuni", "duell"])
def test_page_shows_what_the_firmware_shows(seen, expected, label):
    check_page(seen[label], expected[label])


def test_worked_example_by_clicks(seen):
    def el(label, name):
        e = seen[label]["elements"][name]
        return [e["colour"], e["effect"]]

    # white 1) BARI-DUDA: a stone to put on BARI; black's ALOA-BARI and ALOA stone to take off
    assert el("white1", "BARI-DUDA") == [WHITE, STEADY] and el("white1", "BARI") == [WHITE, BLINK]
    assert el("white1", "ALOA-BARI") == [BLACK, FAST] and el("white1", "ALOA") == [BLACK, FAST]
    # white 2) ALOA-BARI: the stone on ALOA; black's ALOA-HUNA and HUNA stone go
    assert el("white2", "ALOA") == [WHITE, BLINK]
    assert el("white2", "ALOA-HUNA") == [BLACK, FAST] and el("white2", "HUNA") == [BLACK, FAST]
    # black 2) ELAI-HUNA: majorities on ELAI and HUNA; white loses three sticks and DUDA
    for name in ("ELAI", "HUNA"):
        assert el("black2", name) == [BLACK, BLINK]
    for name in ("DUDA-HUNA", "DUDA-ELAI", "BARI-ELAI", "DUDA"):
        assert el("black2", name) == [WHITE, FAST], name
    # the log the page's firmware wrote is the rule sheets' worked example
    with open(ROOT / "tests" / "logs" / "worked_example.jsonl") as f:
        example = [json.loads(l) for l in f if l.strip()]
    logged = [json.loads(l) for l in seen["example"]["log"].splitlines()]
    assert [e for e in logged if e.get("op") not in ("took_off", "put_on")] == example  # and 3 confirmations
    assert [e for e in logged if e.get("op") in ("took_off", "put_on")] == [
        {"op": "took_off", "at": "ALOA-BARI"}, {"op": "took_off", "at": "ALOA"}, {"op": "put_on", "at": "BARI"}]


def test_long_turn_scores_the_round(seen):
    text = seen["scored"]["text"].split("\n")
    assert text[0] == "Black to play" and text[4:6] == ["Round 2 of 3", "Scoring 1: White"]
    assert text[2].split() == ["White", "3", "5", "1"]  # stones, sticks, points
    assert text[3].split() == ["Black", "2", "6", "0"]
    assert sum(seen["scored"]["bands"]) > 200


def test_reload_continues_the_game(seen, expected):
    assert seen["reloaded"]["log"] == seen["scored"]["log"]
    # the same board and scores (the one-off "Scoring 1: W" note is not kept over a reset)
    def board(label):
        return dict((n, (e["colour"], e["effect"], e["rgb"])) for n, e in seen[label]["elements"].items())

    assert board("reloaded") == board("scored")
    # the board check is offered above the game (MENU: yes; any other press plays on)
    assert seen["reloaded"]["text"].split("\n")[:2] == ["Check the board?", "MENU: yes"]
    assert seen["reloaded"]["text"].split("\n")[2:5] == seen["scored"]["text"].split("\n")[2:5]
    assert seen["undone"]["log"].splitlines()[-1] == '{"op": "undo"}'
    assert [json.loads(l) for l in seen["undone"]["log"].splitlines()] == [json.loads(l) for l in expected["undone"]["log"]]


def test_game_files(seen, expected):
    assert seen["history"]["mode"] == "replay"
    # continuing from event 18 keeps its first 18 events; the whole game is archived
    game = seen["undone"]["log"].splitlines()
    assert seen["continued"]["log"].splitlines() == game[:len(SETUP) + 3]
    assert seen["continued"]["archived"] == ["game-0001.jsonl"]
    with open(EXAMPLE_LOG) as f:
        assert seen["loaded"]["log"] == f.read()
    assert seen["loaded"]["archived"] == ["game-0001.jsonl", "game-0002.jsonl"]
    assert seen["download"]["text"] == seen["scored"]["log"]
    assert seen["download"]["name"].startswith("kahuna-") and seen["download"]["name"].endswith(".jsonl")


def test_screenshot_saved(seen):
    shot = SHOTS / "sim.png"
    assert shot.stat().st_size > 10000
    update_image(shot, "simulator.png")  # docs/images/simulator.png, with UPDATE_IMAGES=1 only
