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
from .frame import Frame, RED, FLASH, LEGEND
from . import ui as uis
from .settings import Settings
from .text import wrap

LEVELS = (16, 40, 80, 150, 255)  # brightness settings, 1..5
MENU_LINES = 7
MESSAGE_ROWS = 5  # a refusal takes the display's last rows, at most these; the title and score
# stay (the game UI's head(): how many of its first rows they take, else 2)
# tones the app asks of the buzzer (hal/buzzer.py TONES); the run loop plays them
ACCEPTED = 1
REFUSED = 2
MAJORITY = 3
SCORED = 4
OVER = 5


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
        self.said = ""  # the whole text of the message (the page shows it; the display wraps it)
        self.tone = 0  # a tone for the run loop to play (ACCEPTED..OVER), 0: none
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

    @property
    def volume(self):
        """Buzzer volume 1..3 (menu setting; 0 when the sound is off)."""
        return self.settings["volume"] if self.sound else 0

    def load_layout(self, name):
        if name == self.layout_name and self.layout is not None:
            return self.layout
        if self._load_layout:
            return self._load_layout(name)
        raise LayoutError("this board has layout %r, not %r" % (self.layout_name, name))

    # --- boot ------------------------------------------------------------------
    def boot(self):
        """Restore the game from the log on flash; with none, start a game with
        the menu's first choices at once (the players can start playing; MENU
        changes the options and starts another)."""
        lines = self.store.load()
        if lines:
            try:
                self._start(log.replay(lines, self.load_layout), self.layout)
                self._resume_clock()
            except log.LogError as e:
                self.store.archive()
                self._say("saved game unusable, archived: " + str(e))
        if self.game is None:
            said = self.message
            self.new_game()
            if self.game is None:
                self.menu_open = True
            elif said:
                self.message = said
        if self._load_layout is not None:
            self.layout = None  # read again by new_game
        self._refresh()

    def _start(self, game, layout):
        self.game = game
        self.ui = self.module.UI(game, layout)
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
        self.said = ""
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
        self.tone = self._tone(event)

    def _tone(self, event):
        """Which tone an accepted event sounds: the game's end, a scoring, a
        majority won (the UI's `won_now`), else a plain click."""
        if self.game.over():
            return OVER
        if event["op"] == "end_round":
            return SCORED
        if getattr(self.ui, "won_now", False):
            return MAJORITY
        return ACCEPTED

    def _say(self, text):
        self.said = text
        head = getattr(self.ui, "head", None)
        rows = 8 - (head() if head is not None and not self.menu_open else 2)
        self.message = wrap(text, rows=min(MESSAGE_ROWS, rows))

    def _undo(self, code):
        if self.game.events_in_effect() == 0:
            self._refuse(code, "nothing to undo")
            return
        event = {"op": "undo"}
        self.game.apply(event)
        self.pending.append(event)
        self.ui.accepted(event)
        self.tone = ACCEPTED

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
                    self._say("NOT SAVED (flash: %s): play on, the game is kept in memory" % e)
                    self._refresh()
                return False
            pending.pop(0)
            if not pending:
                self._save_clock()
        if self.unsaved:
            self.unsaved = False
            self._say("saved again")
            self._refresh()
        return True

    def _refuse(self, code, why):
        self._say(why)
        self.tone = REFUSED
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
        items.append(("Volume", str(self.settings["volume"])))
        if self.game is not None:
            items.append(("Back", ""))
        return items

    def _menu_key(self, code):
        items = self._items()
        if code == self.menu_key:
            self.cursor = (self.cursor + 1) % len(items)
        elif code == self.undo_key:
            if self.game is None:
                self._say("no game yet: choose New game and press TURN")
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
                self.tone = ACCEPTED  # heard when it goes on
            elif self.cursor == nopt + 4:
                self.settings.set("volume", self.settings["volume"] % 3 + 1)
                self.tone = ACCEPTED  # the new volume
            else:
                self.menu_open = False
        else:
            self._say("menu: MENU = next line, TURN = change, UNDO = back")

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
        if h.get("first") == "lot" or getattr(self.module, "SEEDED", False):
            h["seed"] = self.seed()  # SEEDED: the game draws hidden things (Kanaloa's god stones)
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
            self._say("cannot start: %s" % e)
            return
        self._start(game, layout)
        self.menu_open = False

    def _menu_lines(self):
        items = self._items()
        top = max(0, min(self.cursor - MENU_LINES + 1, len(items) - MENU_LINES))
        out = ["Menu: " + uis.title(self.game_name, True)]
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
        if self.message:  # the last rows; the title and the score stay in view
            lines = (lines + [""] * 8)[:8 - len(self.message)] + self.message
            while lines and lines[-1] == "":
                lines.pop()
        self.lines = lines
        self.version += 1

    # --- for the simulator's page (it draws; the words are the firmware's) ----
    def describe(self, code):
        """An element's accessible name: what it is and what stands there,
        e.g. "ALOA-BARI: white stick", "HUNA: black stone, take off"."""
        if code == self.turn_key:
            return "TURN"
        if code == self.undo_key:
            return "UNDO"
        if code == self.menu_key:
            return "MENU"
        d = getattr(self.ui, "describe", None)
        text = d(code) if d is not None else None
        if text is None:
            return None
        if self.flashing and self.led_of.get(code) == self.flash_led:
            text += ", refused"
        return text

    def status(self):
        """The page's side panel, one line each: title, whose turn, score,
        last move, message; then the move list and the legend, in words."""
        ui = self.ui
        out = {"title": uis.title(self.game_name), "turn": "", "score": "", "last": "",
               "message": self.said or " ".join(self.message), "moves": [], "legend": LEGEND, "colour": 0}
        if ui is not None:
            for key in ("turn", "score", "last", "moves", "colour"):
                f = getattr(ui, key + "_text" if key != "colour" else "turn_colour", None)
                if f is not None:
                    out[key] = f()
        if self.menu_open:
            out["turn"] = "Menu: MENU = next line, TURN = change, UNDO = back"
        return out
