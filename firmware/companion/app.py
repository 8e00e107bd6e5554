"""The app: debounced presses in, core events out; an LED frame and display lines.

Pure: no time, no hardware, no randomness of its own (the run loop passes
a `seed()` function for "start player by lot"). It owns the menu, routes
board presses to the game's UI module (companion/ui), applies the events
the UI returns, writes them to the log before showing them as done, and
shows refusals: the pressed element flashes red and the display says why.
"""

from .core import Illegal, LayoutError
from .core import log
from .core.games import new_game
from .frame import Frame, RED, FLASH
from . import ui as uis
from .settings import Settings
from .text import wrap

LEVELS = (16, 40, 80, 150, 255)  # brightness settings, 1..5
MENU_LINES = 7


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


class App:
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
        self.lines = []
        self.version = 0  # grows whenever frame or lines change
        self.flashing = False  # a refused press is flashing; the run loop calls expire_flash()
        self.flash_led = -1
        self.message = []
        self.settings = Settings(store.root)
        self.game = None
        self.ui = None
        self.pending = []  # events shown but not yet in the log on flash (see flush)
        self.unsaved = False  # the last flush failed
        self.ticker = None  # the UI's tick(now_ms), if it has a clock; the run loop calls tick()
        self.menu_open = False
        self.cursor = 0
        self.choice = bytearray(len(self.module.OPTIONS))

    @property
    def level(self):
        return self.settings["brightness"]

    @property
    def brightness(self):
        return LEVELS[self.level - 1]

    @property
    def calm(self):
        """Calm LEDs: every state shown steady, without blinking (menu setting)."""
        return bool(self.settings["calm"])

    @property
    def sound(self):
        return bool(self.settings["sound"])

    def load_layout(self, name):
        if name == self.layout_name and self.layout is not None:
            return self.layout
        if self._load_layout:
            return self._load_layout(name)
        raise LayoutError("this board has layout %r, not %r" % (self.layout_name, name))

    # --- boot ------------------------------------------------------------------
    def boot(self):
        """Restore the game from the log on flash, or open the new-game menu."""
        lines = self.store.load()
        if lines:
            try:
                self._start(log.replay(lines, self.load_layout), self.layout)
                self._resume_clock()
            except log.LogError as e:
                self.store.archive()
                self.message = wrap("saved game unusable, archived: " + str(e))
        if self.game is None:
            self.menu_open = True
        if self._load_layout is not None:
            self.layout = None  # read again by new_game
        self._refresh()

    def _start(self, game, layout):
        self.game = game
        make = getattr(self.module, "ui_for", None) or self.module.UI  # a game's UI may depend on its header
        self.ui = make(game, layout)
        self.ticker = getattr(self.ui, "tick", None)

    def tick(self, now_ms):
        """The run loop calls this about once a second while `ticker` is set:
        an event the UI's clock returns is applied like a press's event."""
        event = self.ticker(now_ms)
        if event is not None:
            self._apply(None, event)
        self._refresh()

    def _save_clock(self):
        if self.ticker is not None and hasattr(self.ui, "resume"):
            try:
                self.store.save_clock(self.ui.left_ms)
            except OSError:
                pass  # after a power cut the clock goes on from an older time; the game is safe

    def _resume_clock(self):
        """After a reboot the clock goes on from the time left at the last logged event."""
        if self.ticker is not None and hasattr(self.ui, "resume"):
            left = self.store.load_clock()
            if left is not None:
                self.ui.resume(left)

    # --- input ---------------------------------------------------------------
    def key(self, code, long=False):
        """One debounced press (long: held past the long-press time)."""
        self.message = []
        self.flashing = False
        self.flash_led = -1
        if self.menu_open:
            self._menu_key(code)
        elif code == self.menu_key:
            self.menu_open = True
            self.cursor = 0
        elif code == self.undo_key:
            self._undo(code)
        else:
            self._result(code, self.ui.press(code, long))
        self._refresh()

    def _result(self, code, result):
        if isinstance(result, str):
            self._refuse(code, result)
        elif result is not None:
            self._apply(code, result)

    def _apply(self, code, event):
        try:
            self.game.apply(event)
        except Illegal as e:
            self._refuse(code, str(e))
            return
        self.pending.append(event)
        self.ui.accepted(event)

    def _undo(self, code):
        if self.game.events_in_effect() == 0:
            self._refuse(code, "nothing to undo")
            return
        sealed = getattr(self.game, "sealed", None)  # Kahuna's digital deck
        if sealed is not None and sealed():
            self._refuse(code, "the draw showed a card of the pile: it cannot be taken back")
            return
        event = {"op": "undo"}
        self.game.apply(event)
        self.pending.append(event)
        self.ui.accepted(event)

    def flush(self):
        """Write the events shown since the last call to the log, oldest first.

        The run loop calls this right after the LEDs show a press, so the
        light never waits for the flash. An event that cannot be written
        (flash full or failing) stays queued and is tried again at the next
        flush; the game goes on from memory and the display says so."""
        pending = self.pending
        while pending:
            try:
                self.store.append(pending[0])
            except OSError as e:
                if not self.unsaved:
                    self.unsaved = True
                    self.message = wrap("NOT SAVED (flash: %s): play on, the game is kept in memory" % e)
                    self._refresh()
                return False
            pending.pop(0)
            if not pending:
                self._save_clock()
        if self.unsaved:
            self.unsaved = False
            self.message = wrap("saved again")
            self._refresh()
        return True

    def _refuse(self, code, why):
        self.message = wrap(why)
        led = self.led_of.get(code)
        if led is not None:
            self.flash_led = led
            self.flashing = True

    def expire_flash(self):
        """The run loop calls this when a refusal has flashed long enough."""
        self.flashing = False
        self.flash_led = -1
        self._refresh()

    # --- menu ----------------------------------------------------------------
    def _items(self):
        """(label, value text) per menu line."""
        items = []
        opts = self.module.OPTIONS
        for i in range(len(opts)):
            items.append((opts[i][0], opts[i][1][self.choice[i]][0]))
        items.append(("Brightness", str(self.level)))
        items.append(("New game", ""))
        items.append(("Calm LEDs", "on" if self.calm else "off"))
        items.append(("Sound", "on" if self.sound else "off"))
        if self.game is not None:
            items.append(("Back", ""))
        return items

    def _menu_key(self, code):
        items = self._items()
        if code == self.menu_key:
            self.cursor = (self.cursor + 1) % len(items)
        elif code == self.undo_key:
            if self.game is None:
                self.message = wrap("no game yet: choose New game and press TURN")
            else:
                self.menu_open = False
        elif code == self.turn_key:
            nopt = len(self.module.OPTIONS)
            if self.cursor < nopt:
                n = len(self.module.OPTIONS[self.cursor][1])
                self.choice[self.cursor] = (self.choice[self.cursor] + 1) % n
            elif self.cursor == nopt:
                self.settings.set("brightness", self.level % len(LEVELS) + 1)
            elif self.cursor == nopt + 1:
                self.new_game()
            elif self.cursor == nopt + 2:
                self.settings.set("calm", 1 - self.settings["calm"])
            elif self.cursor == nopt + 3:
                self.settings.set("sound", 1 - self.settings["sound"])
            else:
                self.menu_open = False
        else:
            self.message = wrap("menu: MENU = next line, TURN = change, UNDO = back")

    def header(self):
        """The log header the menu's choices describe."""
        h = {"game": self.game_name, "layout": self.layout_name, "variants": []}
        opts = self.module.OPTIONS
        for i in range(len(opts)):
            add = opts[i][1][self.choice[i]][1]
            for k in add:
                if k == "variants":
                    h["variants"] = h["variants"] + add[k]
                else:
                    h[k] = add[k]
        if h.get("first") == "lot" or h.get("seed") is True or getattr(self.module, "SEEDED", False):
            # SEEDED, or an option's "seed": True: the game draws hidden things
            # (Kanaloa's god stones, Kahuna's digital deck)
            h["seed"] = self.seed()
        return h

    def new_game(self):
        h = self.header()
        try:
            layout = self.load_layout(self.layout_name)
            game = new_game(h, layout)
            self.flush()  # the old game's last events go into its log before it is archived
            del self.pending[:]
            self.store.begin(h)
        except (Illegal, LayoutError, OSError, ValueError) as e:
            self.message = wrap("cannot start: %s" % e)
            return
        self._start(game, layout)
        self.menu_open = False

    def _menu_lines(self):
        items = self._items()
        top = max(0, min(self.cursor - MENU_LINES + 1, len(items) - MENU_LINES))
        out = ["Menu " + self.game_name]
        for i in range(top, min(len(items), top + MENU_LINES)):
            label, value = items[i]
            mark = ">" if i == self.cursor else " "
            out.append(mark + label + " " * max(1, 15 - len(label) - len(value)) + value)
        return out

    # --- output --------------------------------------------------------------
    def _refresh(self):
        f = self.frame
        f.clear()
        if self.ui is not None:
            self.ui.leds(f)
        if self.flashing:
            f.set(self.flash_led, RED, FLASH)
        lines = self._menu_lines() if self.menu_open else self.ui.lines()
        if self.message:
            lines = (lines + [""] * 8)[:8 - len(self.message)] + self.message
            while lines and lines[-1] == "":
                lines.pop()
        self.lines = lines
        self.version += 1
