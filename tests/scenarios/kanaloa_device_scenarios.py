"""Kanaloa on the simulated device: presses in, LED frames and display text out.

Runs under CPython and MicroPython alike. The seed the device draws is 675,
so the god stones lie as in kanaloa_scenarios (KANE on DALI, KANALOA on
KULU, ...).
"""

from companion.hal.frame import PLAYER, RED, YELLOW, MARK, BLINK, FAST, PULSE, FLASH
from companion.hal.leds import Leds, RGB
from companion.hal.sim import SimStrip
from companion.hal.frame import Frame

from .common import rules
from .device import Device, fresh_dir
from .kanaloa_scenarios import random_game

BLUE = PLAYER + 1
GREEN = PLAYER + 3
FOUR = ["red", "blue", "green", "yellow"]


def start(name, seed=675, seat1=True, players=0):
    """Boot, choose in the menu (players option index, start: seat 1 or lot), start."""
    d = Device(fresh_dir(name), layout="kanaloa", seed=seed)
    assert not d.app.menu_open and d.app.game is not None  # a fresh board boots into a game
    assert d.open_menu().lines()[0] == "Menu: Kanaloa"
    d.presses(["TURN"] * players + ["MENU"] + (["TURN"] if seat1 else []) + ["MENU", "MENU", "TURN"])
    return d


def menu_and_colours():
    d = start("kn-colours")
    assert d.log() == [{"game": "kanaloa", "layout": "kanaloa", "variants": [], "players": FOUR, "seed": 675}]
    assert d.lines() == ["Red to play", "Rnd 1  br mk pts", "Red     0  0   0", "Blue    0  0   0",
                         "Green   0  0   0", "Yellow  0  0   0"], d.lines()
    d.presses(["MAKA-MELE", "TURN", "HALA-MELE", "TURN", "NOHO-ORO", "TURN", "NOHO-WAIA"])
    lit = d.lit()
    # hue plus signature: red steady, blue 1 blip, green 2, yellow 3
    assert lit == {"MAKA-MELE": [RED, MARK], "HALA-MELE": [BLUE, MARK + 1], "NOHO-ORO": [GREEN, MARK + 2],
                   "NOHO-WAIA": [YELLOW, MARK + 3]}, lit
    three = start("kn-three", players=2)
    assert three.log()[0]["players"] == ["red", "blue", "yellow"] and len(three.lines()) == 5
    return {"lit": lit, "three": three.lines()}


def signature_blips():
    """What the LED driver makes of MARK + n over 2 s: n short dark blips.
    Pieces put on between blips keep the signatures' rhythm; pieces put on
    in a blip light at once (the signatures move on past their blips)."""
    frame = Frame(4)
    for n in range(4):
        frame.set(n, RED, MARK + n)
    strip = SimStrip(4)
    leds = Leds(strip, 4, order=RGB)
    dark = [[], [], [], []]
    for now in range(200, 2200, 60):  # put on at 200: between the first slot's blips
        leds.render(frame, now, 255)
        for n in range(4):
            if strip.buf[3 * n] == 0:
                dark[n].append(now)
    assert dark == [[], [2000, 2060], [320, 380, 2000, 2060], [320, 380, 620, 680, 2000, 2060]], dark
    late = Leds(SimStrip(4), 4, order=RGB)
    late.render(frame, 2000 * 3 + 330, 255)  # put on in the second slot's blip: lit at once
    assert all(late.strip.buf[3 * n] for n in range(4)), bytes(late.strip.buf)
    return dark


def capture_and_choice():
    """A capture blinks what must come off; a relative majority lights the
    removable bridges and waits for a press; a refusal flashes red."""
    d = start("kn-choice")
    d.presses(["TURN", "AKAU-DALI", "DALI-HANA", "TURN", "HANA-LANI", "KULU-LANI", "LANI-NALU", "TURN", "TURN",
               "AKAU-HANA", "HANA-HOKU", "HANA-KULU"])
    lit = d.lit()
    assert lit["HANA"] == [RED, BLINK] and lit["DALI-HANA"] == [BLUE, FAST] and lit["HANA-LANI"] == [GREEN, FAST]
    assert lit["DALI"] == [BLUE, FAST] and lit["LANI"] == [GREEN, FAST]
    assert d.lines()[6:] == ["Off DALI-HANA", "+4 more"], d.lines()
    d.presses(["HANA", "DALI-HANA"])  # two confirmed one by one, TURN confirms the rest
    assert d.log()[-2:] == [{"op": "put_on", "at": "HANA"}, {"op": "took_off", "at": "DALI-HANA"}]
    assert d.lines()[6:] == ["Off HANA-LANI", "+2 more"], d.lines()
    d.press("TURN")
    assert d.lines()[:2] == ["Blue to play", "Rnd 1  br mk pts"] and len(d.lines()) == 6
    # ORO: blue 2, green 2, yellow 0 ... red fills it with 3: red removes one.
    d.presses(["HALA-ORO", "IWAI-ORO", "TURN", "KAIA-ORO", "MAKA-ORO", "TURN", "TURN",
               "NOHO-ORO", "ORO-PAPA", "ORO-WAIA"])
    lit = d.lit()
    assert d.lines()[0] == "Red: take 1" and "press a lit one" in d.lines()
    assert lit["ORO"] == [RED, PULSE]
    assert lit["HALA-ORO"] == [BLUE, PULSE] and lit["KAIA-ORO"] == [GREEN, PULSE]
    assert lit["NOHO-ORO"] == [RED, MARK]
    events = len(d.log_lines())
    d.press("NOHO-ORO")  # red's own: refused, flashes red, nothing logged
    assert d.lit()["NOHO-ORO"] == [RED, FLASH] and len(d.log_lines()) == events
    refusal = d.lines()
    d.wait(800)
    d.press("KAIA-ORO")
    assert d.log()[-1] == {"op": "choose", "at": "KAIA-ORO"}
    assert "KAIA-ORO" not in d.lit() and d.lines()[:2] == ["Red to play", "Rnd 1  br mk pts"]
    return {"refusal": refusal, "after": d.lines()}


def choice_on_an_island_with_a_to_do():
    """Green takes red's AKAU-HOKU (red's marker on HOKU is to come off), then
    HANA-HOKU leaves green to remove one of HOKU's bridges: HOKU flashes its
    marker's to-do, not the choice's pulse, for a press there confirms the
    to-do first; once it is off, HOKU pulses."""
    d = start("kn-choice-todo")
    d.presses(["HOKU-NALU", "HOKU-KAIA", "AKAU-HOKU", "TURN", "HOKU-IWAI", "TURN", "AKAU-HOKU"])
    out = {"exchanged": d.lit()["HOKU"]}
    d.press("HOKU-HANA")
    lit = d.lit()
    out["choice"] = [d.lines()[0], lit["HOKU"], d.lines()[-1]]
    d.press("HOKU")
    out["marker off"] = [d.log()[-1], d.lit()["HOKU"], d.lines()[0]]
    return out


def gods_and_scoring():
    """A god stone won shows on the display; a long TURN scores the round and
    the display lists each island's points and the totals."""
    d = start("kn-gods")
    d.presses(["AKAU-DALI", "DALI-HANA", "DALI-LANI"])
    assert d.lines()[6:] == ["On marker DALI", "Red KANE +1"], d.lines()
    d.presses(["DALI", "HANA-KULU", "KULU-LANI", "KULU-NALU", "KULU"])  # DALI, KULU: markers are on
    assert d.lines()[6:] == ["Red won KANALOA", "gods: KA"], d.lines()
    d.press("KULU")  # a KANALOA stone is played with a long press on a connection
    assert "long-press" in " ".join(d.lines())
    d.presses(["TURN", "MAKA-NOHO", "NOHO-ORO", "NOHO-WAIA", "TURN", "TURN"])
    d.press("TURN", long=True)  # yellow took the last card: the 1st scoring
    scoring = d.lines()
    assert scoring == ["Scoring 1", "DALI R0  KULU R0", "NOHO B0", "R1 B0 G0 Y0"], scoring
    d.press("UNDO")  # the round's end is taken back, and its scoring with it
    assert d.lines()[:2] == ["Yellow to play", "Rnd 1  br mk pts"] and d.log()[-1] == {"op": "undo"}
    d.press("TURN", long=True)
    assert d.lines() == scoring
    d.press("AKAU-HANA", long=True)  # red builds with KANALOA and takes HANA
    assert d.log()[-1] == {"op": "place", "at": "AKAU-HANA", "god": "KANALOA"}
    assert d.lines()[:2] == ["Red to play", "Rnd 2  br mk pts"] and "gods: KA" not in d.lines()
    d.presses(["TURN", "NOHO"])  # blue plays PELE by pressing its island
    assert d.log()[-1] == {"op": "use", "god": "PELE"} and d.lines()[6] == "Blue used PELE"
    d.presses(["TURN", "TURN"])
    d.press("TURN", long=True)  # yellow ends round 2: one last turn each
    assert d.lines()[0] == "Red: last turn"
    d.presses(["TURN", "TURN", "TURN", "TURN"])
    final = d.lines()
    assert final == ["Final scoring", "DALI R1  HANA R3", "KULU R1  NOHO B1", "R6 B1 G0 Y0"], final
    d.press("TURN")  # any press leaves the scoring screen
    over = d.lines()
    assert over[0] == "Game over" and over[6:] == ["Red wins", "on points"], over
    return {"scoring": scoring, "final": final, "over": over}


def press_event(d, e):
    """The press(es) that make event e on the device."""
    g = d.app.game
    ui = d.app.ui
    op = e["op"]
    if op in ("end_turn", "end_round", "pass"):
        d.press("TURN", long=op != "end_turn")
        return
    if op == "use":
        code = {"KU": 3, "PELE": 4, "LONO": 5}[e["god"]]
        name = g.board.island_names[g.holds(g.active(), code)]
        k = g.nconn + g.board.island(name)
    else:
        name = e["at"]
        k = g.board.conn(name)
    if g.todo_at(k) and not (k < g.nconn and g.removable(k)):
        d.press(name)  # first say the blinking change there is done (took_off / put_on)
    d.press(name, long="god" in e)


def whole_game_by_presses(seed=1, players=4):
    """A random game (kanaloa_scenarios.random_game) played by presses: the
    device's log is the game's log, event for event, every display line fits
    the display's 16 columns (Device.lines), and it ends with the winner."""
    header, events, states, _ = random_game(seed, FOUR[:players])
    d = start("kn-whole", seed=seed, seat1=False, players=0 if players == 4 else 1)
    assert d.log()[0]["seed"] == seed
    for e in events:
        press_event(d, e)
        d.lines()
    assert [e for e in d.log()[1:] if e["op"] not in ("took_off", "put_on")] == events
    assert rules(d.app.game.state()) == rules(states[-1])
    d.press("TURN")
    lines = d.lines()
    assert lines[0] == "Game over" and lines[-2] == states[-1]["winner"][:1].upper() + states[-1]["winner"][1:] + " wins", lines
    return {"events": len(events), "lines": lines}


def run_all():
    return {
        "menu_and_colours": menu_and_colours(),
        "signature_blips": signature_blips(),
        "capture_and_choice": capture_and_choice(),
        "choice_on_an_island_with_a_to_do": choice_on_an_island_with_a_to_do(),
        "gods_and_scoring": gods_and_scoring(),
        "whole_game": whole_game_by_presses(),
    }
