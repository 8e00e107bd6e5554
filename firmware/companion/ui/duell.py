"""Duell der Schamanen on the device: presses to events, stones on LEDs.

Placing: press a site, then the stone's value. In the basic and profi games
the nine site buttons are then a keypad (1 2 3 / 4 5 6 / 7 8 9, the layout's
"key"); in the memory variant the value goes in on the player's own hooded
mask buttons, two presses (the keypad row, then the key in it), so the
other player sees nothing. Profi: a long press on the site places the
other colour. Duels: each player presses one hooded mask button. After a
duel: press two sites to swap (profi: a long first press takes the other
colour, a long second press moves the first stone there instead); TURN
passes. A long TURN ends the game by time (agreed early). TURN also
cancels a half-entered placement or swap. After an UNDO the sites whose
stones changed blink fast until pressed (took_off / put_on: that site is
set back) or TURN (tidy: all are); the next placing or swap event also
says the stones lie as the game says. See docs/duell.md.
"""

from ..core.duell import PLACE, DUEL, SWAP, PLACED, PLAYERS, site_name, stones_left_in_turn
from ..hal.frame import PLAYER, YELLOW, DIM, STEADY, BLINK, FAST, PULSE
from ..hal.buttons import age
from . import GameUI, controls, todo_event, todo_lines

SEEDED = False  # the app puts a seed in a header only when an option asks for one
OPTIONS = (
    ("Variant", (("basic", {}), ("memory", {"variants": ["memory"]}),
                 ("profi", {"variants": ["profi"]}))),
    ("Time", (("15 min", {"minutes": 15}), ("10 min", {"minutes": 10}),
              ("20 min", {"minutes": 20}), ("off", {}))),
)

NAME = ("Bison", "Wolf")
SHORT = ("B", "W")


class UI(GameUI):
    def __init__(self, game, layout):
        self.game = game
        self.site_of = {}  # button -> site
        self.key_site = {}  # keypad digit 1..9 -> site
        self.site_key = bytearray(9)
        self.site_led = bytearray(9)
        self.stone_led = bytearray(18)  # colour * 9 + site
        for e in layout["sites"]:
            k = game.site(e["name"])
            self.site_of[e["button"]] = k
            self.key_site[e["key"]] = k
            self.site_key[k] = e["key"]
            self.site_led[k] = e["led"]
        for e in layout["stones"]:
            self.stone_led[PLAYERS.index(e["player"]) * 9 + game.site(e["site"])] = e["led"]
        self.mask_of = {}  # button -> (player, choice)
        for e in layout["masks"]:
            self.mask_of[e["button"]] = (PLAYERS.index(e["player"]), e["choice"])
        self.turn = controls(layout).get("TURN")
        self.limit_ms = (game.minutes or 0) * 60000
        self.start = None  # the clock starts with the first tick
        self.used_ms = 0  # time used before a reboot (resume)
        self.left_ms = self.limit_ms
        self._reset()

    def _reset(self):
        self.sel = -1  # the site pressed first (placing or swapping)
        self.colour = 0  # the colour it is for
        self.other = False  # profi: the first press was long (other colour)
        self.digit = -1  # memory: the first hood key of a value

    # --- the interface the app calls ----------------------------------------
    def long_press(self, button):
        """Whether a press's length matters (the app then waits): a hint, or None.
        TURN always (long: time up); a site in the profi game."""
        if button == self.turn:
            return "hold: time up"
        if self.game.profi and button in self.site_of and not self.game.over():
            return "hold: profi"
        return None

    def press(self, button, long):
        g = self.game
        if button == self.turn:
            return self._turn(long)
        if g.over():
            return "the game is over: MENU starts a new one"
        mask = self.mask_of.get(button)
        if mask is not None:
            return self._mask(mask[0], mask[1])
        k = self.site_of.get(button)
        if k is None:
            return "button %d does nothing in this game" % button
        if self.sel < 0:
            done = todo_event(g, k)
            if done is not None:
                return done  # the stones there are set back
        phase = g.phase()
        if phase == PLACE:
            return self._place(k, long)
        if phase == SWAP:
            return self._swap(k, long)
        return "duel: each player presses a mask key under their hood"

    def accepted(self, event):
        self._reset()

    def tick(self, now_ms):
        """The clock (call it from the run loop): {"op": "time_up"} once the
        agreed minutes have passed, else None."""
        if not self.limit_ms or self.game.over():
            return None
        if self.start is None:
            self.start = now_ms
        self.left_ms = max(0, self.limit_ms - self.used_ms - age(now_ms, self.start))
        if self.left_ms == 0:
            return {"op": "time_up"}
        return None

    def resume(self, left_ms):
        """After a reboot: the clock goes on from the time left the app saved
        at the last logged event."""
        if self.limit_ms:
            self.left_ms = min(left_ms, self.limit_ms)
            self.used_ms = self.limit_ms - self.left_ms

    # --- the board check after a resume (app/board_check.py): row by row of sites ---------
    def check_steps(self):
        return 3

    def check_leds(self, i):
        out = []
        for k in range(i * 3, i * 3 + 3):
            out.append(self.site_led[k])
            out.append(self.stone_led[k])
            out.append(self.stone_led[9 + k])
        return out

    def check_name(self, i):
        return "row %d" % i

    # --- presses --------------------------------------------------------------
    def _turn(self, long):
        g = self.game
        if long:
            return {"op": "time_up"}
        if self.sel < 0 and g.todo_open():
            return {"op": "tidy"}  # the stones are set back
        if self.sel >= 0:
            self._reset()
            return None
        if g.phase() == SWAP:
            return {"op": "pass"}
        if g.over():
            return "the game is over: MENU starts a new one"
        if g.phase() == PLACE:
            return "%s places: press a site" % NAME[g.active()]
        return "duel: each player presses a mask key under their hood"

    def _mask(self, p, choice):
        g = self.game
        if g.phase() == PLACE and g.memory and self.sel >= 0:
            if p != self.colour:
                return "%s: the value goes in on your own mask keys" % NAME[self.colour]
            if self.digit < 0:
                self.digit = choice
                return None
            return self._put(self.digit * 3 + choice + 1)
        return {"op": "mask", "player": PLAYERS[p], "choice": choice}

    def _place(self, k, long):
        g = self.game
        if self.sel < 0:
            p = g.active()
            if long and g.profi:
                p = 1 - p
            if g.stone_on(p, k):
                return "%s already holds a %s stone" % (site_name(k), PLAYERS[p])
            self.sel = k
            self.colour = p
            return None
        if g.memory:
            return "enter the value on your mask keys (TURN: cancel)"
        return self._put(self.site_key[k])

    def _put(self, value):
        event = {"op": "put", "player": PLAYERS[self.colour], "at": site_name(self.sel), "value": value}
        self._reset()  # refused or not, the next press starts afresh
        return event

    def _swap(self, k, long):
        g = self.game
        if self.sel < 0:
            p = g.swapper()
            if long and g.profi:
                p = 1 - p
            if not g.stone_on(p, k):
                return "%s holds no %s stone" % (site_name(k), PLAYERS[p])
            self.sel = k
            self.colour = p
            return None
        if k == self.sel:
            self._reset()
            return None
        a = site_name(self.sel)
        who = PLAYERS[self.colour]
        self._reset()
        if long and g.profi:
            return {"op": "move", "player": who, "from": a, "to": site_name(k)}
        return {"op": "swap", "player": who, "a": a, "b": site_name(k)}

    # --- output -----------------------------------------------------------------
    def leds(self, frame):
        g = self.game
        s = g.s
        colour = frame.colour  # the frame is clear: the stones are painted in place
        on = 0  # bit p * 9 + k: colour p has a stone on site k (one pass over the stones)
        for i in range(18):
            if s[i]:
                j = (i // 9) * 9 + s[i] - 1
                on |= 1 << j
                colour[self.stone_led[j]] = PLAYER + i // 9
        duel = g.last_duel()
        if duel is not None and g.phase() != PLACE:
            k = g.site(duel["at"])
            w = duel["winner"]
            frame.set(self.site_led[k], YELLOW if w == "draw" else PLAYER + PLAYERS.index(w), STEADY)
        keypad = self.sel >= 0 and g.phase() == PLACE and not g.memory
        if self.sel < 0 and g.phase() == PLACE:  # the sites free to place on
            p = g.active()
            for k in range(9):
                if not on >> (p * 9 + k) & 1 or (g.profi and not on >> ((1 - p) * 9 + k) & 1):
                    frame.set(self.site_led[k], DIM, PULSE)
        todo = 0 if keypad else g.todo_mask()  # over the invitations: a press there sets the stones back first
        for k in range(9 if todo else 0):
            if todo >> k & 1:
                frame.set(self.site_led[k], YELLOW, FAST)
        if keypad:
            for k in range(9):  # a site is a key of the value asked for
                frame.set(self.site_led[k], DIM, PULSE)
        if self.sel >= 0:
            frame.set(self.site_led[self.sel], YELLOW, BLINK)

    def describe(self, button):
        """The site, its keypad key and the stones on it, for its accessible name."""
        k = self.site_of.get(button)
        if k is None:
            return None
        g = self.game
        on = [PLAYERS[p] + " stone" for p in (0, 1) if g.stone_on(p, k)]
        text = "site %s, key %d: %s" % (site_name(k), self.site_key[k], " and ".join(on) if on else "empty")
        if k == self.sel:
            text += ", picked"
        return text

    def turn_text(self):
        g = self.game
        if g.over():
            w = g.winner()
            return "Game over: " + ("a draw" if w == 2 else NAME[w] + " wins")
        return self._title()

    def score_text(self):
        g = self.game
        return "Migis: Bison %d, Wolf %d" % (g.migis(0), g.migis(1))

    def lines(self):
        g = self.game
        return [self._title(), "Migis B%2d  W%2d" % (g.migis(0), g.migis(1)),
                self._prompt(), self._duel_line(), self._clock()] + todo_lines(g, 3)

    def _title(self):
        g = self.game
        phase = g.phase()
        if g.over():
            return "Game over"
        if phase == PLACE:
            return "%s places %d" % (NAME[g.active()], stones_left_in_turn(g.s[PLACED]))
        if phase == SWAP:
            return "%s may swap" % NAME[g.swapper()]
        return "Duel %d" % (g.duels() + 1)

    def _prompt(self):
        g = self.game
        phase = g.phase()
        if self.sel < 0 and g.todo_open():
            return "Undone: fix/TURN"
        if g.over():
            w = g.winner()
            return ("Draw" if w == 2 else NAME[w] + " wins") + (": time" if g.decided_by() == "time" else "")
        if phase == DUEL:
            return "Masks B:%s W:%s" % ("ok" if g.chosen(0) else "-", "ok" if g.chosen(1) else "-")
        if self.sel < 0:
            return "press a site" if phase == PLACE else "2 sites / TURN"
        here = "%s %s" % (site_name(self.sel), SHORT[self.colour])
        if phase == SWAP:
            return here + ": 2nd site"
        if not g.memory:
            return here + ": key 1-9"
        return here + (": hood key" if self.digit < 0 else ": 2nd key")

    def _duel_line(self):
        g = self.game
        d = g.last_duel()
        if d is None:
            return ""
        w = d["winner"]
        result = "draw" if w == "draw" else "%s+%d" % (SHORT[PLAYERS.index(w)], d["paid"])
        if g.memory and g.phase() == DUEL:  # the stones are face down again
            return "%s %s" % (d["at"], result)
        return "%s %d:%d %s" % (d["at"], d["bison"], d["wolf"], result)

    def _clock(self):
        if not self.limit_ms:
            return "Time: no limit"
        s = (self.left_ms + 999) // 1000
        return "Time %2d:%02d" % (s // 60, s % 60)
