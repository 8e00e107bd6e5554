"""The App's menu: the game's options, the board's settings and New game.

MENU opens it (App.key), MENU again steps through its lines, TURN changes
the line's value (or starts the new game), UNDO goes back to the game. The
settings are kept on flash (settings.py); the options describe the next
game's log header."""

from .. import ui as uis
from .tones import ACCEPTED

LANG_TEXT = ("EN", "DE", "FR")  # the menu's language line (ui/lang CODES, in the settings' order)
LEVELS = (16, 40, 80, 150, 255)  # the LEDs' brightness settings, 1..5
MENU_LINES = 7


class Menu:
    """A part of App (play.py): its menu and the settings it changes."""

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
        items.append(("Language", LANG_TEXT[self.settings["lang"]]))
        if self.game is not None:
            items.append(("Back", ""))
        return items

    def _menu_key(self, code):
        items = self._items()
        if code == self.menu_key:
            self.cursor = (self.cursor + 1) % len(items)
        elif code == self.undo_key:
            if self.game is None:
                self.say("no game yet: choose New game and press TURN")
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
            elif self.cursor == nopt + 5:
                self.settings.set("lang", (self.settings["lang"] + 1) % len(LANG_TEXT))
                self.language(self.settings["lang"])
            else:
                self.menu_open = False
        else:
            self.say("menu: MENU = next line, TURN = change, UNDO = back")

    # --- the display's language (ui/lang; English, the firmware's own words, loads nothing) ---
    def language(self, n):
        """Speak the settings' language n (0 English, 1 Deutsch, 2 Français) on the display."""
        if n or self.speak is not None:
            from ..ui import lang

            lang.use(lang.CODES[n])
            self.speak = lang if n else None

    def tr(self, text):
        return text if self.speak is None else self.speak.tr(text)

    def words(self, text):
        """A message or refusal, in the language."""
        return text if self.speak is None else self.speak.message(text)

    def shown(self, lines):
        """Display lines, in the language."""
        return lines if self.speak is None else self.speak.lines(lines)

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
        if h.get("first") == "lot" or h.get("seed") is True or self.module.SEEDED:
            # SEEDED, or an option's "seed": True: the game draws hidden things
            # (Kanaloa's god stones, Kahuna's digital deck)
            h["seed"] = self.seed()
        return h

    def _menu_lines(self):
        items = self._items()
        top = max(0, min(self.cursor - MENU_LINES + 1, len(items) - MENU_LINES))
        tr = self.tr
        out = [tr("Menu: %s") % uis.title(self.game_name, True)]
        for i in range(top, min(len(items), top + MENU_LINES)):
            label, value = items[i]
            label = tr(label)
            value = tr(value)
            mark = ">" if i == self.cursor else " "
            out.append(mark + label + " " * max(1 if value else 0, 15 - len(label) - len(value)) + value)
        return out
