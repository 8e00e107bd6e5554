"""The digital deck on the device: hot-seat hands shown on demand, the draw,
and solo play against the device opponent (its turn as a to-do)."""

from companion.hal.frame import BLINK, PLAYER

from .device import Device, fresh_dir


def hand_line(lines):
    return lines[5]


def hot_seat():
    d = Device(fresh_dir("cards-hot"), seed=1)
    d.new_game(first="white", cards="digital")
    header = d.log()[0]
    assert header == {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white",
                      "cards": "digital", "seed": 1}
    g = d.app.game
    shown = [d.lines()]
    assert d.lines()[5] == "Hold TURN: hand"  # hidden until asked for
    d.press("TURN", long=True)
    assert d.lines()[5] == "Hand: E F H"  # white's hand: ELAI FAAA HUNA
    d.press("ELAI")  # the card that pays
    d.press("ELAI-FAAA")
    assert d.log()[-1] == {"op": "place", "at": "ELAI-FAAA", "card": "ELAI"}
    d.press("FAAA-GOLA")  # no card chosen: a card of an end island (FAAA)
    assert d.log()[-1] == {"op": "place", "at": "FAAA-GOLA", "card": "FAAA"}
    d.press("TURN")  # the draw: an island takes its face-up card, TURN the pile
    shown.append(d.lines())
    d.press("COCO")
    assert d.log()[-1] == {"op": "draw", "card": "COCO"}
    assert g.active() == 1 and d.lines()[5] == "Hold TURN: hand"  # black's, hidden
    d.press("LALE")
    d.press("LALE")  # the same island again, nothing played: given back face down
    assert d.log()[-1] == {"op": "discard", "card": "LALE"}
    d.press("TURN")
    d.press("TURN", long=True)  # skip the draw
    assert d.log()[-1] == {"op": "end_turn"}
    d.press("TURN")
    d.press("TURN", long=True)  # white may not skip now
    refused = d.lines()[-2:]
    d.press("TURN")  # the pile
    assert d.log()[-1] == {"op": "draw", "from": "pile"}
    shown.append(d.lines())
    n = len(d.log())
    d.press("UNDO")  # the pile's card was seen: the draw stays
    assert len(d.log()) == n and d.app.game.active() == 1
    refused.append(d.lines()[-2:])
    return {"shown": shown, "refused": refused, "log": d.log()}


def device_turn(d):
    """Carry out the device's to-do as a player would: press what blinks, TURN for the rest."""
    ui = d.app.ui
    pressed = []
    while ui.device_turn():
        step = ui._next()
        kind, c = step[0], step[1]
        if kind <= 3:  # on or off the board
            name = d.app.game.board.conn_names[c]
            lit = d.lit()[name]
            assert lit[1] == BLINK or kind == 2
            pressed.append([d.lines()[5], d.lines()[6], lit])
            d.press(name)
        else:
            pressed.append([d.lines()[5], d.lines()[6]])
            d.press("TURN")
    return pressed


def human_turn(d):
    """The human only draws from the pile (skips with 5 cards, gives one back when it must)."""
    g = d.app.game
    if g.phase() != 1:
        d.press("TURN")
        return
    if g.hand_size(g.active()) >= 5:
        if g.may_skip():
            d.press("TURN")
            d.press("TURN", long=True)
            return
        for i in range(12):
            if g.hand(g.active(), i):
                name = g.board.island_names[i]
                d.press(name)
                d.press(name)
                break
    d.press("TURN")
    if g.pile_size():
        d.press("TURN")  # the pile
    else:
        for k in range(3):  # the pile is empty: the first face-up card
            if g.face(k) >= 0:
                d.press(g.board.island_names[g.face(k)])
                break


def solo(turns=6):
    d = Device(fresh_dir("cards-solo"), seed=7)
    d.new_game(first="white", cards="solo W")  # the device plays black
    assert d.log()[0]["device"] == "black"
    g = d.app.game
    seen = []
    while len(seen) < turns and not g.over():
        if g.active() == 1:
            seen.append(device_turn(d))
        else:
            human_turn(d)
    for e in d.log()[1:]:
        assert e["op"] in ("place", "remove", "discard", "draw", "end_turn")
    return {"device": seen, "log": d.log(), "lines": d.lines()}


def solo_free_stick():
    """Variant 1 in solo play: the stick the device's remove freed is the
    device's to place or not, as its own plan shows (its next step blinks);
    it is not offered on the board like a player's."""
    d = Device(fresh_dir("cards-solo-v1"), seed=168)
    d.new_game(first="white", variant1=True, cards="solo W")  # the device plays black
    d.presses(["IFFI-JOJO", "HUNA-LALE", "ALOA-HUNA", "TURN", "TURN"])  # white's turn, the draw from the pile
    d.press("ALOA-HUNA")  # the device's first step: white's stick taken off
    return {"log": d.log()[-1], "lines": d.lines()[5:], "lit": d.lit()}


def run_all():
    return {"hot_seat": hot_seat(), "solo": solo(), "variant2": variant2_on_display(),
            "solo_free_stick": solo_free_stick()}


def variant2_on_display():
    d = Device(fresh_dir("cards-v2"), seed=1)
    # the menu (a fresh board plays at once: MENU opens it): First white, Variant 2 on, Cards digital,
    # (Level, Hints as they are), New game
    d.open_menu()
    d.presses(["TURN", "MENU", "MENU", "TURN", "MENU", "MENU", "TURN", "MENU", "MENU", "MENU", "MENU", "TURN"])
    assert d.log()[0]["variants"] == ["variant2"] and d.log()[0]["cards"] == "digital"
    d.presses(["TURN", "COCO"])  # white takes the face-up COCO: it stays visible
    lines = d.lines()
    assert "W shows C" in lines
    return lines
