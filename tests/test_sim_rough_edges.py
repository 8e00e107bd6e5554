"""A newcomer's rough edges on the simulator page (issue 47), in headless
chromium at 1280x800 (and the game selector on a 390 px phone too):

- after UNDO the stick taken back is marked as the one to lift ("lift"), the
  to-do box says what to do and what TURN would do instead, and clicking the
  stick lifts it without ending the turn;
- after a reload the "Last:" line shows the last move (it was empty);
- solo: the player's hand is in view under the board without scrolling, and
  the card chosen to pay is marked on its island (ring and "card" label);
- a refusal's message keeps the refusal colour (the other board's move has
  a colour of its own: tests/test_remote_page.py);
- "Duell der Schamanen" fits in the game selector beside its arrow;
- the "Load log..." label's text sits level with the buttons' beside it.

The presses' log is compared with the same presses on the simulated device
under CPython (tests/scenarios/device.py)."""

import json

import pytest

from tests.browser.simpage import drive, needs_browser, sim_server
from tests.scenarios.device import Device, fresh_dir

pytestmark = needs_browser
SEED = 5
REFUSED_COLOUR = "rgb(255, 180, 168)"  # sim.css #message
ARROW_PX = 24  # room the selector keeps beside its longest title for the arrow

# the widest game title, measured in the selector's own font, and the room the selector gives it
SELECT_ROOM = """(() => {
  const s = document.getElementById("layout-select"), cs = getComputedStyle(s);
  const c = document.createElement("canvas").getContext("2d");
  c.font = cs.font;
  const widest = Math.max(...[...s.options].map((o) => c.measureText(o.textContent).width));
  return { widest, beside: s.clientWidth - parseFloat(cs.paddingLeft) - widest,
           longest: [...s.options].map((o) => o.textContent).sort((a, b) => b.length - a.length)[0] };
})()"""
# the top of each control's text in the Game file row, and each control's box
FILE_ROW = """(() => {
  const top = (el) => {
    const t = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
    const r = document.createRange();
    r.selectNodeContents(t);
    return r.getBoundingClientRect().top;
  };
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.height]; };
  const load = document.querySelector(".file-button");
  return { text: [top(document.getElementById("download")), top(load), top(document.getElementById("new-game"))],
           boxes: [box(document.getElementById("download")), box(load), box(document.getElementById("new-game"))] };
})()"""
IN_VIEW = """(() => {
  const r = (id) => document.getElementById(id).getBoundingClientRect();
  return { hands: [r("hands").top, r("hands").bottom], board: [r("board").top, r("board").bottom],
           height: innerHeight, scrollY };
})()"""


def press(name, long=False):
    return {"press": name, "long": long}


def solo_hand():
    """The human's first hand in a solo game with this seed (the page's Solo button deals the same)."""
    d = Device(fresh_dir("sim-rough-solo"), seed=SEED)
    d.new_game(first="white", cards="solo W")
    return d.app.game.state()["cards"]["hands"]["white"], d.app.game.board.island_names


HAND, ISLANDS = solo_hand()
HELD = sorted(i for i in HAND if HAND[i])[0]
NOT_HELD = sorted(i for i in ISLANDS if not HAND.get(i))[0]

PRESSES = [press("ALOA-BARI"), press("TURN"), press("DUDA-ELAI")]
SELECT_ROOM_PHONE = "/* on a phone */ " + SELECT_ROOM  # (an observation's label is its script)
STEPS = [{"viewport": [390, 844]}, {"fresh": "?layout=duell&seed=%d" % SEED}, {"script": SELECT_ROOM_PHONE},
         {"viewport": [1280, 800]}, {"fresh": "?layout=kahuna&seed=%d" % SEED},
         {"script": SELECT_ROOM}, {"script": FILE_ROW}] + PRESSES + [
    {"key": "u"},  # UNDO: the stick on DUDA-ELAI is taken back
    {"observe": "undone"},
    press("DUDA-ELAI"),  # lifted off, as the page asks
    {"observe": "lifted"},
    press("DUDA-ELAI"),  # and put on again: the same player's move
    {"observe": "placed"},
    {"reload": True},
    {"observe": "reloaded"},
    {"click": "#solo"},
    {"observe": "solo"},
    {"script": IN_VIEW},
    press(NOT_HELD),  # refused: the player holds no card of that island
    {"observe": "refused"},
    press(HELD),  # the card that pays
    {"observe": "chosen"},
]


@pytest.fixture(scope="module")
def seen():
    with sim_server() as url:
        return drive(url, STEPS)


def expected_log():
    """The same presses on the simulated device under CPython."""
    d = Device(fresh_dir("sim-rough"), seed=SEED)
    for p in PRESSES:
        d.press(p["press"])
    d.press("UNDO")
    d.press("DUDA-ELAI")
    undone_log = d.log()
    d.press("DUDA-ELAI")
    return undone_log, d.log(), d.lines()


def test_after_undo_the_stick_taken_back_is_the_one_to_lift(seen):
    undone, lifted = seen["undone"], seen["lifted"]
    page = undone["page"]
    assert page["todoMarks"] == {"DUDA-ELAI": "lift"}  # not "off": this stick is the move taken back
    assert undone["elements"]["DUDA-ELAI"]["todo"] == "off"
    assert page["todo"] == ["take the stick off DUDA-ELAI"]
    assert page["todoNote"] == ("UNDO took the move back: click each marked piece to lift it off (or put it "
                                "back), then play on. TURN would count them as done and end the turn.")
    assert page["turnKey"] == "TURN (counts 1 change on the board as done and ends the turn)"
    # lifted by a click: the to-do is done, and the turn is still the same player's
    assert lifted["page"]["todoMarks"] == {} and lifted["page"]["todo"] == [] and lifted["page"]["todoNote"] == ""
    assert lifted["state"]["turn"] == undone["state"]["turn"]
    want_lifted, want_placed, want_lines = expected_log()
    assert [json.loads(l) for l in lifted["log"].splitlines()] == want_lifted
    assert want_lifted[-2:] == [{"op": "undo"}, {"op": "took_off", "at": "DUDA-ELAI"}]
    assert [json.loads(l) for l in seen["placed"]["log"].splitlines()] == want_placed
    assert seen["placed"]["text"].split("\n") == want_lines


def test_a_reload_keeps_the_last_move_line(seen):
    placed, reloaded = seen["placed"], seen["reloaded"]
    assert placed["state"]["last"].startswith("Last: ") and "DUDA-ELAI" in placed["state"]["last"]
    assert reloaded["state"]["last"] == placed["state"]["last"]  # it was "" after a reload
    assert reloaded["state"]["moves"] == placed["state"]["moves"]
    # a game with no move yet has no last move, reload or not
    assert seen["solo"]["state"]["last"] == ""


def test_solo_at_1280x800_shows_the_hand_without_scrolling(seen):
    view = seen[IN_VIEW]["value"]
    assert view["scrollY"] == 0
    assert view["board"][1] <= view["hands"][0] and view["hands"][1] <= view["height"], view
    assert view["board"][1] - view["board"][0] >= view["height"] / 2  # the board is still the main thing
    assert list(seen["solo"]["panels"]) == ["white"]


def test_the_card_chosen_to_pay_is_marked_on_its_island(seen):
    chosen = seen["chosen"]["page"]
    assert chosen["chosenCard"] == [HELD] and chosen["cardTag"] == HELD
    assert seen["refused"]["page"]["chosenCard"] == [] and seen["solo"]["page"]["cardTag"] == ""


def test_a_refusal_keeps_the_refusal_colour(seen):
    refused = seen["refused"]
    assert refused["state"]["message"] == "White holds no %s card" % NOT_HELD
    assert refused["page"]["message"] == {"news": False, "colour": REFUSED_COLOUR}


def test_every_game_title_fits_in_the_selector_beside_its_arrow(seen):
    for room in (seen[SELECT_ROOM_PHONE]["value"], seen[SELECT_ROOM]["value"]):
        assert room["longest"] == "Duell der Schamanen"
        assert room["beside"] >= ARROW_PX, room


def test_the_load_log_label_is_level_with_the_buttons(seen):
    row = seen[FILE_ROW]["value"]
    texts, boxes = row["text"], row["boxes"]
    assert max(texts) - min(texts) <= 1, texts
    assert max(b[0] for b in boxes) - min(b[0] for b in boxes) <= 1 and \
        max(b[1] for b in boxes) - min(b[1] for b in boxes) <= 1, boxes
