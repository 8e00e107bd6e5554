"""The app: debounced presses in, core events out; an LED frame and display lines.

Pure: no time, no hardware, no randomness of its own (the run loop passes
a `seed()` function for "start player by lot"). It owns the menu
(menu.py), routes board presses to the game's UI module (companion/ui),
applies the events the UI returns, writes them to the log (saving.py),
offers a board check after a resume (board_check.py), and shows refusals:
the pressed element flashes red and the display says why.
"""

from ..core import Illegal
from ..core import log
from ..hal.frame import Frame, RED, FLASH, GREEN, STEADY, calm
from .. import ui as uis
from .board_check import BoardCheck
from .menu import Menu
from .saving import Saving
from ..store.settings import Settings
from ..text import wrap
from .tones import ACCEPTED, REFUSED, MAJORITY, SCORED, OVER
from . import Gate
from . import starting
from .starting import Starting


MESSAGE_ROWS = 7  # a message takes the display's last rows, under the score when its words fit
# there (the games' are worded to), else over it too, up to the title, until the next press


def led_map(layout):
    """button code -> LED index, for every layout element that has both."""
    out = {}
    n = 0
    for key in layout:
        value = layout[key]
        if isinstance(value, list):
            for entry in value:
                if isinstance(entry, dict) and "led" in entry:
                    n = max(n, entry["led"] + 1)
                    if "button" in entry:
                        out[entry["button"]] = entry["led"]
    return out, n


class App(Menu, BoardCheck, Saving, Starting):
    """The app; how a game starts (its own or another board's), its menu, its
    board check after a resume and its saving are in starting.py, menu.py,
    board_check.py and saving.py (the page's words: page.py)."""

    def __init__(self, layout, store, seed, load_layout=None):
        # The parsed layout takes about 5 KB of RAM: with a load_layout(name)
        # that reads it from flash again, it is dropped after boot and read
        # again only to start a new game.
        self.layout = layout
        self.layout_name = layout.get("name")
        self.store = store
        self.seed = seed
        self._load_layout = load_layout
        self.game_name = layout.get("game", layout.get("name"))
        self.module = uis.load(self.game_name)
        self.led_of, n = led_map(layout)
        keys = uis.controls(layout)
        self.turn_key = keys.get("TURN")
        self.undo_key = keys.get("UNDO")
        self.menu_key = keys.get("MENU")
        self.frame = Frame(n)
        self._lines = []
        self._stale = False  # the display lines are made when first asked for (after the light)
        self.version = 0  # grows whenever frame or lines change
        self.flashing = False  # a refused press is flashing; the run loop calls expire_flash()
        self.flash_led = -1
        self.under = bytearray(2)  # colour and effect of the LED under the flash
        self.held = -1  # a key held whose meaning depends on how long (see down)
        self.held_led = -1
        self.message = []
        self.said = ""  # the whole text of the message (the page shows it; the display wraps it)
        self.news = False  # the message is news from the other board (remote play), not a refusal or a problem
        self.tone = 0  # a tone for the run loop to play (ACCEPTED..OVER), 0: none
        self.settings = Settings(store.root)
        self.speak = None  # ui/lang, when the display speaks German or French (English loads nothing)
        self.language(self.settings["lang"])
        self.game = None
        self.ui = None
        self.pending = []  # events shown but not yet in the log on flash (see flush)
        self.header_due = None  # a game started at boot: its log is begun by the first flush (after the light)
        self.stepwise = False  # the device's run loop: a New game's log is begun a step at a time, after its light
        self.unsaved = False  # the last flush failed
        self._quiet = False  # inside idle()
        self._tried = 0  # events pending at the last failed write
        self._why = ""
        self.checked = 0  # log lines covered by the last checkpoint
        self.based = 0  # the game was restored from a checkpoint after this many lines (undo stops there)
        self.ticker = None  # the UI's tick(now_ms), if it has a clock; the run loop calls tick()
        self.menu_open = False
        self.checking = -1  # board check after a resume: -1 none, 0 offered, k: step k shown
        self.cursor = 0
        self.choice = bytearray(len(self.module.OPTIONS))
        self.gate = Gate()  # a board at its own table; remote play puts a Seat here (remote.seat.join)

    def start(self, game, layout):
        """Play this game from now on (restored, new, or another board's): its
        UI made, its clock and the gate told."""
        game.limit = starting.JOURNAL
        self.game = game
        self.ui = uis.make(self.game_name, game, layout)  # (Kahuna's depends on its header: the deck)
        self.ticker = self.ui.tick
        self.gate.own(self.ui)
        if self.sensing is not None:
            self.sensing.bind(game)

    def tick(self, now_ms):
        """The run loop calls this about once a second while `ticker` is set:
        an event the UI's clock returns is applied like a press's event."""
        event = self.ticker(now_ms)
        if event is not None:
            self.act(None, event)
            self.changed()
        else:  # only the time shown changed: the LED frame stays (UI.leds does not use time)
            self._stale = True
            self.version += 1

    # --- input ---------------------------------------------------------------
    def down(self, code):
        """A press has settled (the finger is still on the button). A press
        whose meaning does not depend on its length acts now. One whose
        length matters (the UI's long_press(code) gives a hint text) is
        acknowledged: its LED lights green and the display shows the hint;
        up() decides, at release or at the long-press time."""
        if not self.menu_open and code != self.menu_key and code != self.undo_key and self.ui is not None:
            hint = self._long_hint(code)
            if hint is not None:
                self.held = code
                led = self.led_of.get(code)
                self.held_led = -1 if led is None else led
                if hint:
                    self.message = wrap(self.words(hint))
                self.changed()
                return
        self.key(code, False)

    def up(self, code, long):
        """The held key is released (long False) or has been held the
        long-press time (long True): it acts now. Other keys acted at down."""
        if code != self.held:
            return
        self.held = -1
        self.held_led = -1
        self.key(code, long)

    def _long_hint(self, code):
        """None if a long press of code means nothing, else a hint ("" if none).
        A UI without long_press waits for the release of every key."""
        return self.ui.long_press(code)

    def key(self, code, long=False):
        """One debounced press (long: held past the long-press time)."""
        self.message = []
        self.said = ""
        self.news = False
        self.flashing = False
        self.flash_led = -1
        if self.checking >= 0 and not self.menu_open and self._check_key(code):
            pass
        elif self.menu_open:
            self._menu_key(code)
        elif code == self.menu_key:
            self.menu_open = True
            self.cursor = 0
        elif self.ui is None:
            self.say("waiting for the host's game")
        elif code == self.undo_key:
            self.undo(code)
        elif code == self.turn_key and self.gate.turn():
            pass
        else:
            self._result(code, self.ui.press(code, long))
        self.changed()

    def _result(self, code, result):
        if isinstance(result, str):
            self._refuse(code, result)
        elif result is not None:
            self.act(code, result)

    def act(self, code, event):
        """An event this board makes (a press's at button `code`, None: the
        clock's): allowed by the gate, applied, logged after the light; a
        refusal flashes `code`'s LED and says why."""
        why = self.gate.check(event)
        if why:
            self._refuse(code, why)
            return
        try:
            logged = self.gate.accept(self.game, event)
        except Illegal as e:
            self._refuse(code, str(e))
            return
        if logged is not None:
            self.pending.append(logged)
        self.ui.accepted(event)
        self.tone = self._tone(event)

    def _tone(self, event):
        """Which tone an accepted event sounds: the game's end, a scoring, a
        majority won (the UI's `won_now`), else a plain click."""
        if self.game.over():
            return OVER
        if event["op"] == "end_round":
            return SCORED
        if self.ui.won_now:
            return MAJORITY
        return ACCEPTED

    def say(self, text, news=False):
        """Say text on the display (shown at the next changed()): worded into lines when the display asks
        (after the light: making strings is slow on a chip, each one is
        looked up among the interned ones). news: it comes from the other
        board (its move, its question), which the page shows apart from a refusal."""
        self.said = text
        self.news = news
        self._message = None

    @property
    def message(self):
        if self._message is None:
            self._message = wrap(self.words(self.said), rows=MESSAGE_ROWS)
        return self._message

    @message.setter
    def message(self, lines):
        self._message = lines

    def undo(self, code):
        """UNDO pressed (code: its button): the last event taken back, as the
        gate allows (at a table: back to the checkpoint the game was restored
        from, further by replaying the log)."""
        event = self.gate.undo()
        if isinstance(event, str):
            self._refuse(code, event)
            return
        if event is not True:  # the gate's own undo (remote play: the other board may have to allow it)
            if event is not None:
                self.act(code, event)
            return
        if self.game.undoable() == 0 and (self.based or self.game.events_in_effect()):
            self._rebuild()
            if self.game.undoable() == 0 and self.game.events_in_effect():
                self._refuse(code, "cannot undo now: the saved game could not be read back")
                return
        if self.game.undoable() == 0:
            self._refuse(code, "nothing to undo")
            return
        if self.game.sealed():  # Kahuna's digital deck
            self._refuse(code, "the draw showed a card of the pile: it cannot be taken back")
            return
        event = {"op": "undo"}
        self.game.apply(event)
        self.pending.append(event)
        self.ui.accepted(event)
        self.tone = ACCEPTED

    def _rebuild(self):
        """For an undo behind what the game keeps in memory (the checkpoint it
        was restored from, or its bounded journal): the game again from the
        log, streamed from flash, with the event the undo takes back in its
        journal. The events not yet written are written first."""
        if not self.flush():
            return
        try:
            game = self.game
            lines = self.store.read()
            if self.based:
                game, n, error = log.resume(lines, self.load_layout, limit=starting.JOURNAL)
                if error:
                    return
            if not game.undoable() and game.events_in_effect():
                game = log.back(game, lines, len(lines) + 1, self.load_layout, starting.JOURNAL)
        except (OSError, MemoryError, log.LogError, Illegal):
            return
        self.based = 0
        self.start(game, self.load_layout(self.layout_name))

    def _refuse(self, code, why):
        self.say(why)
        self.tone = REFUSED
        led = self.led_of.get(code)
        if led is not None:
            self.flash_led = led
            self.flashing = True

    def expire_flash(self):
        """The run loop calls this when a refusal has flashed long enough: the
        LED shows again what it showed under the flash (nothing else changed,
        so neither the rest of the frame nor the display text is made again)."""
        self.flashing = False
        led = self.flash_led
        self.flash_led = -1
        if led >= 0 and led != self.held_led:
            self.frame.set(led, self.under[0], self.under[1])
            self.version += 1
        else:
            self.changed()

    # --- output --------------------------------------------------------------
    def changed(self):
        """The state changed: the LED frame is made again from the game (and
        the menu, the check, a red flash) and the version moves on, so the
        loop lights it and redraws the display."""
        f = self.frame
        f.clear()
        if self.checking >= 0 and self.game is not None and self.game.over():
            self.checking = -1  # e.g. the clock ran out
        if self.ui is not None:
            self.ui.leds(f)
            if self.checking > 0 and not self.menu_open:
                self._check_leds(f)
        elif self.checking >= 0:  # a remote board waiting for its game: nothing to check
            self.checking = -1
        if self.calm:
            calm(f)
        if self.flashing:
            if 0 <= self.flash_led < f.n:
                self.under[0] = f.colour[self.flash_led]  # for expire_flash
                self.under[1] = f.effect[self.flash_led]
            f.set(self.flash_led, RED, FLASH)
        if self.held_led >= 0:
            f.set(self.held_led, GREEN, STEADY)  # felt: hold on for the long meaning
        self._stale = True
        self.version += 1

    def _game_lines(self):
        if self.ui is None:
            code = self.gate.code  # a Seat's (1 to 16 characters: on a line of its own when long)
            lines = self.shown((["Remote " + code] if len(code) <= 9 else ["Remote game", code])
                               + ["waiting for", "the other board"])
        else:
            lines = self.shown(self.ui.lines())
        if self.gate.waiting:
            more = wrap(self.words(self.gate.waiting))
            lines = (lines + [""] * 8)[:8 - len(more)] + more
        return lines

    @property
    def lines(self):
        """The display text (made on first use after a change: the run loop
        asks for it after the LEDs show the change and the log is written)."""
        if self._stale:
            self._stale = False
            lines = self._menu_lines() if self.menu_open else self._game_lines()
            if self.checking >= 0 and not self.menu_open:
                lines = self.shown(self._check_lines(lines))
            if self.message:
                lines = (lines + [""] * 8)[:8 - len(self.message)] + self.message
                while lines and lines[-1] == "":
                    lines.pop()
            self._lines = lines
        return self._lines
