"""Rukuni in the browser simulator (headless chromium): a whole seeded game by
clicks, to its winner. After every press the page's LEDs (the firmware's
colour and effect codes: towers, stones, the move and stone hints) and its
display must be those of the simulated device under CPython given the same
presses (tests/scenarios/device.py)."""

import json

import pytest

from companion.core.rng import Rng
from companion.hal.frame import BLINK, PULSE, YELLOW
from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, page_leds, sim_server, update_image
from tests.scenarios.common import game
from tests.scenarios.device import Device, fresh_dir
from tests.scenarios.rukuni_scenarios import move, reference_moves, stone_hints

pytestmark = needs_browser

HEADER = {"game": "rukuni", "layout": "rukuni", "variants": [], "first": "white"}
NEW_GAME = ["MENU", "TURN", "MENU", "MENU", "TURN"]  # the menu; First: white, New game
SHOT = SHOTS / "sim-rukuni.png"


def seeded_game(seed=5):
    """A whole game's presses, chosen among the legal ones with a seeded draw
    (as tests/scenarios/rukuni_device_scenarios.py does), and its end state."""
    g = game(HEADER)
    rng = Rng(seed)
    presses, events = [], []
    while not g.over():
        s = g.state()
        if s["phase"] == "move":
            moves = reference_moves(s)
            a, b = moves[rng.below(len(moves))]
            presses += [a, b]
            events.append(move(a, b))
        else:
            cells = stone_hints(g)
            at = cells[rng.below(len(cells))]
            presses.append(at)
            events.append({"op": "set", "at": at})
        g.apply(events[-1])
    return presses, events, g.state()


PRESSES, EVENTS, END = seeded_game()
GROUPS = ["TURN", "TURN"]  # after the end: the first groups, one per press


def steps():
    out = [{"fresh": "?layout=rukuni"}]
    out += [{"key": {"TURN": "t", "MENU": "m"}[p]} for p in NEW_GAME]
    out.append({"observe": "start"})
    for i, p in enumerate(PRESSES + GROUPS):
        out.append({"press": p})
        out.append({"observe": "press %d" % i, "blink": i == 0})  # the first tower: does it blink?
        if i == 60:  # a tower picked: its destinations pulse
            out.append({"screenshot": str(SHOT), "lit": p})
    return out


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, steps())


@pytest.fixture(scope="module")
def expected():
    d = Device(fresh_dir("sim-rukuni"), layout="rukuni")
    d.presses(NEW_GAME)
    out = {"start": (d.lit(), d.lines())}
    for i, p in enumerate(PRESSES + GROUPS):
        d.press(p)
        out["press %d" % i] = (d.lit(), d.lines())
    out["log"] = d.log_lines()
    return out


def test_every_press_shows_the_devices_leds_and_display(seen, expected):
    labels = ["start"] + ["press %d" % i for i in range(len(PRESSES + GROUPS))]
    for label in labels:
        lit, lines = expected[label]
        assert page_leds(seen[label]) == lit, label
        assert seen[label]["text"] == "\n".join(lines), label
    assert len(seen["start"]["elements"]) == 61


def test_hints_are_lit_and_drawn(seen, expected):
    first = seen["press 0"]  # white picked a tower: it blinks, its destinations pulse
    tower = PRESSES[0]
    assert [first["elements"][tower]["colour"], first["elements"][tower]["effect"]] == [YELLOW, BLINK]
    pulsing = sorted(n for n, e in first["elements"].items() if e["effect"] == PULSE and e["colour"])
    g = game(HEADER)
    assert pulsing == sorted(b for a, b in reference_moves(g.state()) if a == tower)
    for name in pulsing + [tower]:  # the page really animates them
        assert len(set(first["elements"][name]["seen"])) >= 2, name
    stone = seen["press 1"]  # the tower moved: the cells for the stone pulse
    g.apply(move(PRESSES[0], PRESSES[1]))
    assert sorted(n for n, e in stone["elements"].items() if e["effect"] == PULSE and e["colour"]) == \
        sorted(stone_hints(g))


def test_the_game_ends_with_its_winner(seen, expected):
    end = seen["press %d" % (len(PRESSES) - 1)]["text"].split("\n")
    w = END["winner"]
    assert END["over"] and end[0] == "Game over"
    assert end[2:4] == ["%s %4d %4d" % (p.capitalize(), END["score"][p], END["supply"][p]) for p in ("white", "black")]
    assert end[4] == ("Draw" if w == "draw" else w.capitalize() + " wins")
    log = seen["press %d" % (len(PRESSES) + len(GROUPS) - 1)]["log"].split("\n")
    assert [json.loads(l) for l in log if l] == [HEADER] + EVENTS
    assert [json.loads(l) for l in expected["log"]] == [HEADER] + EVENTS  # the device wrote the same


def test_screenshot():
    assert SHOT.stat().st_size > 10000
    update_image(SHOT, "simulator-rukuni.png")
