"""The board and the companion never disagree: power cuts after every press
(tests/scenarios/powercut_scenarios.py; test_both_interpreters runs the same
under MicroPython), random presses of any button with a cut after each, the
calm LEDs and the board check after a resume."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hal.frame import Frame, OFF, PLAYER, DIM, TAKE, STEADY, BLINK, FAST, PULSE, MARK, HALF, FLASH, RED, calm
from companion.hal.leds import Leds, RGB
from companion.hal.sim import SimStrip
from tests.scenarios import powercut_scenarios as pc


def test_the_worked_example_survives_a_cut_after_every_press():
    out = pc.kahuna_worked()
    assert out["cuts"] == 29 and out["open"] == out["named"] == 18


def test_variant_1s_free_stick_is_offered_again_after_a_cut():
    out = pc.kahuna_variant1()
    assert out == {"offered": [PLAYER, PULSE, True], "after TURN": [OFF, False]}


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
def test_random_kahuna_games_survive_a_cut_after_every_press(seed, calm_leds, variant1):
    out = pc.kahuna_random(seed, calm=calm_leds, variant1=variant1)
    assert out["open"] == out["named"]  # every open to-do was named on the display


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["kahuna", "kanaloa", "rukuni", "duell"]))
def test_any_presses_menu_included_survive_a_cut_after_each(seed, layout):
    out = pc.monkey(layout, seed)
    # (the cuts compare the LEDs, the state, the to-do; the menu, a line longer with the language, takes some presses)
    assert out["presses"] > 400 and out["cuts"] > 40


def test_the_other_games_reach_their_end_with_open_to_dos_on_the_way():
    for out in (pc.kanaloa_random(5), pc.rukuni_random(6), pc.duell_random(8)):
        assert out["over"] and out["open"] > 0 and out["open"] == out["named"]


def test_calm_leds_tell_every_state_apart_without_motion():
    f = Frame(6)
    f.set(0, PLAYER, STEADY)  # stands
    f.set(1, PLAYER, BLINK)  # to put on
    f.set(2, PLAYER, FAST)  # to take off
    f.set(3, PLAYER + 1, PULSE)  # an invitation
    f.set(4, PLAYER + 1, MARK + 2)  # a signature
    f.set(5, RED, FLASH)  # a refusal
    calm(f)
    assert list(f.colour) == [PLAYER, PLAYER, TAKE, DIM, PLAYER + 1, RED]
    assert list(f.effect) == [STEADY, HALF, STEADY, STEADY, STEADY, FLASH]
    leds = Leds(SimStrip(6), 6, max_ma=100000, order=RGB)
    seen = []
    for now in (0, 130, 260, 510, 777, 1300):  # the same bytes at any moment (but the refusal)
        leds.render(f, now, 255)
        seen.append(bytes(leds.strip.buf[:15]))
    assert len(set(seen)) == 1
    buf = seen[0]
    # white at full; white at a quarter (put on); magenta (take off); DIM (invitation)
    assert buf[0:3] == bytes((254, 234, 209)) and buf[3:6] == bytes((62, 57, 51))  # the new warm white
    assert buf[6:9] == bytes((199, 0, 254)) and buf[9:12] == bytes((23, 23, 23))


def test_the_board_check_walks_island_by_island_and_is_skipped_with_one_press():
    b = pc.Board("check", "kahuna", cut=False, choose=[("First", 1)])  # white starts
    for name in ("ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA"):
        b.press(name)
    frame = bytes(b.app.frame.colour)
    b.app = b.boot()  # power back: the offer stands above the game, the LEDs as they were
    app = b.app
    assert app.lines[:2] == ["Check the board?", "MENU: yes"] and bytes(app.frame.colour) == frame
    b.press("MENU")
    assert app.lines == ["Board check 1/12", "ALOA: as lit?", "fix board/game", "TURN: next", "UNDO: stop"]
    lit = dict((k, app.frame.colour[k]) for k in range(app.frame.n) if app.frame.colour[k])
    led = app.ui.led
    g = app.game
    aloa = g.nconn + g.board.island("ALOA")
    # ALOA's stone and its three sticks (all white); nothing elsewhere
    assert lit == {led[aloa]: PLAYER, led[g.board.conn("ALOA-BARI")]: PLAYER,
                   led[g.board.conn("ALOA-DUDA")]: PLAYER, led[g.board.conn("ALOA-HUNA")]: PLAYER}
    b.press("TURN")
    assert app.lines[1] == "BARI: as lit?"
    bari = dict((k, app.frame.colour[k]) for k in range(app.frame.n) if app.frame.colour[k])
    assert bari[led[g.board.conn("ALOA-BARI")]] == PLAYER and bari[led[g.board.conn("BARI-COCO")]] == DIM
    b.press("UNDO")  # stop: the game as it was, nothing undone
    assert app.checking < 0 and bytes(app.frame.colour) == frame and g.events_in_effect() == 3
    b.app = b.boot()
    b.press("BARI-COCO")  # the offer skipped with one press: the players play on, the press counts
    assert b.app.checking < 0 and b.app.game.events_in_effect() == 4
    b.app = b.boot()
    b.press("UNDO")  # UNDO too skips it, and undoes as always
    assert b.app.checking < 0 and b.app.game.events_in_effect() == 3
