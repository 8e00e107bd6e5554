"""Power cuts: after every press the app and its store are dropped and the
firmware boots again from the same files. The LED frame (colour and effect
of every LED, once a refusal's flash has passed), the game state and the
to-do named on the display must come back exactly; the board check is
offered above them, and the next press of the game skips it.

Runs under CPython, the WebAssembly port and native MicroPython
(tests/test_both_interpreters.py): seeded games, the core's Rng.
"""

from companion.core import log
from companion.core.rng import Rng
from companion.hal.frame import BLINK, FAST
from companion.boot import boot_app
from companion.ui import todo_items

from .common import LAYOUT_DIR, load_layout, ev
from .device import fresh_dir
from .firmware_scenarios import setup_presses
from . import kanaloa_scenarios, rukuni_scenarios, duell_scenarios

SEED = 7


def shown_todo(app):
    """The display lines that name the to-do (under a refusal's message, which
    stands until the next press: the lines it covers for the moment)."""
    if not app.game.todo_open():
        return []
    items = todo_items(app.game)
    items = list(items) + list(app.shown(list(items)))  # (as the display words them: its language)
    lines = app.shown(app.ui.lines()) if app.message else app.lines
    return [l for l in lines if l in items or l.endswith(" more") or l.startswith("Board: ")]


def snapshot(app):
    f = app.frame
    return (bytes(f.colour), bytes(f.effect), bytes(app.game.s), shown_todo(app))


class Board:
    """The firmware's app on files: press() is a press, cut() a power cut."""

    def __init__(self, name, layout, calm=False, cut=True, choose=()):
        """choose: (menu label, how many TURN presses) before New game."""
        self.root = fresh_dir("cut-" + name)
        self.layout = load_layout(layout)
        self.buttons = {}
        for key in ("islands", "connections", "controls", "cells", "sites"):
            for e in self.layout.get(key, ()):
                if "a" in e:
                    self.buttons[e["a"] + "-" + e["b"]] = self.buttons[e["b"] + "-" + e["a"]] = e["button"]
                else:
                    self.buttons[e["name"]] = e["button"]
        for e in self.layout.get("masks", ()):
            self.buttons[e["name"]] = e["button"]
        self.cutting = cut
        self.presses = self.cuts = self.open_cuts = self.named = 0
        self.app = self.boot()
        if calm:
            self.menu_to("Calm LEDs")
            self.press("TURN")
            assert self.app.calm
        for label, n in choose:
            self.menu_to(label)
            for _ in range(n):
                self.press("TURN")
        self.menu_to("New game")
        self.press("TURN")
        assert self.app.game is not None and not self.app.menu_open

    def boot(self):
        return boot_app(self.layout, self.root, lambda: SEED, LAYOUT_DIR)

    def menu_to(self, label):
        app = self.app
        if not app.menu_open:  # a fresh board plays at once: MENU opens the menu
            self.press("MENU")
        while app._items()[app.cursor][0] != label:
            self.press("MENU")

    def press(self, name, long=False):
        app = self.app
        app.key(self.buttons[name], long)
        app.flush()
        if app.flashing:
            app.expire_flash()  # the refusal's red flash has passed
        self.presses += 1

    def act(self, name, long=False):
        """A press during the game, then a power cut (unless an entry is half done)."""
        self.press(name, long)
        if self.cutting and not busy(self.app.ui):
            self.cut()

    def cut(self):
        before = snapshot(self.app)
        self.app = None  # the power goes: the app and its store are gone
        app = self.app = self.boot()
        after = snapshot(app)
        assert after == before, (before, after)
        pieces = False
        for k in range(app.game.nreal):
            pieces = pieces or app.game.s[k] or app.game.s[app.game.real_at + k]
        if app.game.over() or not pieces:
            assert app.checking < 0
        else:
            assert app.checking == 0 and app.lines[:2] == app.shown(["Check the board?", "MENU: yes"])  # (its language)
        self.cuts += 1
        if app.game.todo_open():
            self.open_cuts += 1
            self.named += 1 if before[3] else 0

    def game(self):
        return self.app.game

    def confirm_at(self, name):
        """If the element shows a to-do, press it once to say it is done."""
        g = self.app.game
        e = g.element_index(name)
        if g.todo_at(e):
            self.act(name)

    def result(self):
        g = self.app.game
        return {"presses": self.presses, "cuts": self.cuts, "open": self.open_cuts, "named": self.named,
                "over": g.over(), "todo": g.todo_state(), "log": len(self.app.store.read())}


def busy(ui):
    """A half-entered move (a picked tower, a chosen site, a card chosen to
    pay, a draw being chosen, a hand on the display) is not logged: a reset
    forgets it by design, so no cut is compared there."""
    return (getattr(ui, "picked", -1) >= 0 or getattr(ui, "sel", -1) >= 0 or getattr(ui, "chosen", -1) >= 0
            or getattr(ui, "drawing", False) or getattr(ui, "show", False))


def hidden_todo(app):
    """The elements whose open to-do does not show on their LED (a slow blink:
    put on; fast: take off), but where a press does something else first:
    Duell's sites while a value is keyed in on them, Kanaloa's bridges to
    choose from. Not while the menu, the board check, calm LEDs or a
    refusal's flash change the look on purpose."""
    g, ui, f = app.game, app.ui, app.frame
    if ui is None or app.menu_open or app.checking > 0 or app.calm:
        return []
    hidden = []
    if hasattr(ui, "site_led"):  # Duell: a site's stones, set back as one
        mask = 0 if ui.sel >= 0 and g.phase() == 0 and not g.memory else g.todo_mask()
        for k in range(9):
            led = ui.site_led[k]
            if mask >> k & 1 and f.effect[led] != FAST and not (app.flashing and led == app.flash_led):
                hidden.append(g.element_name(k))
        return hidden
    for k in range(g.elements()):
        t = g.todo_at(k)
        led = ui.led[k]
        if not t or (app.flashing and led == app.flash_led) or (hasattr(g, "removable") and k < g.nconn and g.removable(k)):
            continue
        if f.effect[led] != (BLINK if t & 2 else FAST):
            hidden.append(g.element_name(k))
    return hidden


def cut_words(app):
    """What the display leaves out of the message it shows (said, in wrapped
    lines): "" when every word is there, or when it shows another text."""
    if not app.said or not app.message:
        return ""
    shown = "".join(app.message).replace(" ", "")
    full = app.said.replace(" ", "")
    return full[len(shown):] if full.startswith(shown) else ""


def monkey(layout, seed, presses=400):
    """Any button in random order, MENU and long presses among them (so the
    menu's options too: variants, the digital deck, a New game), and a cut
    after each press that leaves the game on the display (not the menu, not
    the board check's offer, nothing half entered). After each press every
    open to-do shows on its LED (hidden_todo), every display line fits
    its 16 columns and a refusal shows every word (cut_words)."""
    rng = Rng(seed)
    b = Board("monkey", layout)
    names = sorted(set(b.buttons))
    for _ in range(presses):
        r = rng.below(100)
        name = "MENU" if r < 15 else ("TURN", "UNDO")[r & 1] if r < 25 else names[rng.below(len(names))]
        b.press(name, rng.below(8) == 0)
        app = b.app
        assert not hidden_todo(app), (name, hidden_todo(app))
        assert max(len(line) for line in app.lines) <= 16, app.lines  # the display's 16 columns
        assert not cut_words(app), (app.said, app.message)
        if app.game is not None and not app.menu_open and app.checking < 0 and not busy(app.ui):
            b.cut()
    return b.result()


# --- Kahuna -----------------------------------------------------------------------
def kahuna_worked():
    """The rule sheets' worked example by presses, with confirmations, an
    UNDO in the middle of a cascade and a cut after every press."""
    b = Board("worked", "kahuna", choose=[("First", 2)])  # lot, white, black
    for name in setup_presses():
        b.act(name)
    for name in ("BARI-DUDA", "ALOA-BARI", "ALOA", "UNDO", "ALOA", "BARI", "ALOA-BARI", "TURN",
                 "ELAI-HUNA", "ELAI-HUNA", "ELAI", "DUDA-HUNA", "UNDO"):
        b.act(name)
    out = b.result()
    # ELAI put on, DUDA-HUNA taken off, that confirmation undone: open again
    assert out["todo"] == {"off": ["BARI-ELAI", "DUDA-ELAI", "DUDA-HUNA", "DUDA"], "on": ["HUNA"]}, out["todo"]
    b.act("TURN")
    assert b.app.game.state()["stones"] == {"ALOA": "white", "BARI": "white", "ELAI": "black", "HUNA": "black"}
    return out


def kahuna_random(seed, calm=False, max_presses=400, variant1=False):
    """A random game by presses: places and removes (some refused), each
    to-do confirmed by a press or left to TURN, UNDOs, round ends."""
    rng = Rng(seed)
    b = Board("kahuna", "kahuna", calm, choose=[("Variant 1", 1)] if variant1 else ())
    g = b.game()
    while not b.game().over() and b.presses < max_presses:
        g = b.game()
        todo = [e for e in range(g.nconn + g.nisland) if g.todo_at(e)]
        r = rng.below(100)
        if todo and r < 35:
            b.act(g.element_name(todo[rng.below(len(todo))]))
        elif r < 82:
            b.act(g.board.conn_names[rng.below(g.nconn)])
        elif r < 93:
            b.act("TURN")
        elif r < 97:
            b.act("TURN", long=True)
        else:
            b.act("UNDO")
    return b.result()


def kahuna_variant1():
    """Variant 1: the connection a remove freed pulses in the remover's colour
    (their own stick goes there free), after a power cut too; TURN ends the offer."""
    b = Board("v1", "kahuna", choose=[("First", 1), ("Variant 1", 1)])  # white starts
    for name in ("ALOA-BARI", "TURN", "BARI-COCO", "TURN", "BARI-COCO"):  # white takes black's stick off
        b.act(name)  # (each press then a cut: the frame must come back as it was)
    g = b.game()
    led = b.app.ui.led[g.board.conn("BARI-COCO")]
    offered = [b.app.frame.colour[led], b.app.frame.effect[led], "V1: free stick?" in b.app.lines]
    b.act("TURN")
    return {"offered": offered, "after TURN": [b.app.frame.colour[led], "V1: free stick?" in b.app.lines]}


# --- Kanaloa: kanaloa_scenarios.random_game by presses -------------------------------
def kanaloa_random(seed, undo_every=9):
    b = Board("kanaloa", "kanaloa")
    k = 0
    for e in kanaloa_game_events(b, seed):
        kanaloa_press(b, e)
        k += 1
        if k % undo_every == 0 and not b.game().over():
            b.act("UNDO")
            kanaloa_press(b, e)
    return b.result()


def kanaloa_game_events(b, seed):
    """A random game (kanaloa_scenarios.random_event) from the app's own
    header: its seed deals the god stones."""
    import json
    from companion.core.games import new_game

    g = new_game(json.loads(b.app.store.read()[0].decode()), load_layout("kanaloa"))
    rng = Rng(seed)
    events = []
    while not g.over() and len(events) < 400:
        e = kanaloa_scenarios.random_event(g, rng)
        try:
            g.apply(e)
        except Exception:
            continue
        events.append(e)
    return events


def kanaloa_press(b, e):
    g = b.game()
    op = e["op"]
    if op in ("end_turn", "end_round", "pass"):
        b.act("TURN", long=op != "end_turn")
        return
    if op == "use":
        code = {"KU": 3, "PELE": 4, "LONO": 5}[e["god"]]
        name = g.board.island_names[g.holds(g.active(), code)]
        k = g.nconn + g.board.island(name)
    else:
        name = e["at"]
        k = g.board.conn(name)
    if g.todo_at(k) and not (k < g.nconn and g.removable(k)):
        b.act(name)  # first say the change there is done
    b.act(name, long="god" in e)


# --- Rukuni: rukuni_scenarios.random_game's moves by presses ---------------------------
def rukuni_random(seed, undo_every=7):
    b = Board("rukuni", "rukuni")
    rng = Rng(seed)
    k = 0
    while not b.game().over():
        g = b.game()
        s = g.state()
        if s["phase"] == "move":
            moves = rukuni_scenarios.reference_moves(s)
            e = rukuni_scenarios.move(*moves[rng.below(len(moves))])
        else:
            cells = rukuni_scenarios.stone_hints(g)
            e = ev("set", cells[rng.below(len(cells))])
        rukuni_press(b, e)
        k += 1
        if k % undo_every == 0 and not b.game().over():
            b.act("UNDO")
            if rng.below(2):
                b.act("TURN")  # all set back at once
            rukuni_press(b, e)
    return b.result()


def rukuni_press(b, e):
    if e["op"] == "move":
        b.confirm_at(e["from"])
        b.confirm_at(e["to"])
        b.act(e["from"])
        b.act(e["to"])
    else:
        b.confirm_at(e["at"])
        b.act(e["at"])


# --- Duell: duell_scenarios.random_event by presses -----------------------------------
def duell_random(seed, undo_every=5, max_events=70):
    b = Board("duell", "duell")
    rng = Rng(seed)
    keys = {}
    for s in b.layout["sites"]:
        keys[s["key"]] = s["name"]
    k = 0
    while not b.game().over() and k < max_events:
        # random_event tries events on the game it is given: a copy from the log
        shadow = log.replay(b.app.store.read(), load_layout)
        e = duell_scenarios.random_event(shadow, rng)
        duell_press(b, e, keys)
        k += 1
        if k % undo_every == 0 and not b.game().over():
            b.act("UNDO")
            duell_press(b, e, keys)
    return b.result()


def duell_press(b, e, keys):
    op = e["op"]
    if op == "put":
        b.confirm_at(e["at"])
        b.act(e["at"])
        b.act(keys[e["value"]])
    elif op == "mask":
        b.act("%s mask %d" % (e["player"], e["choice"]))
    elif op == "swap":
        b.confirm_at(e["a"])
        b.act(e["a"])
        b.act(e["b"])
    elif op == "pass":
        if b.game().todo_open():
            b.act("TURN")  # TURN first says the stones are set back
        b.act("TURN")
    else:
        raise ValueError(op)


def run_all():
    return {
        "kahuna_worked": kahuna_worked(),
        "kahuna": kahuna_random(3),
        "kahuna_calm": kahuna_random(4, calm=True),
        "kahuna_variant1": kahuna_variant1(),
        "kanaloa": kanaloa_random(5),
        "rukuni": rukuni_random(6),
        "duell": duell_random(8),
    }
