"""A sensing board's Sensing: each counted slot change as the game's own event.

hal/sensors.Slots reports each slot's change once it has lasted (a piece
appears, one is taken off, a stick moved between slots, the board as it
stands at boot). Sensing compares it with the game's image of the real
board (core/game.py: `real_at`) and the rules' state:

- the slot now shows what the game thinks stands there: nothing to do
  (and a difference shown before is put right);
- it shows what the rules want there (the to-do: a cascade's sticks taken
  off, the other board's move put on): the to-do is done (`took_off`,
  `put_on`), as a press there would confirm it;
- a piece appears where the game has none: the game's UI says what a press
  there means (`ui.press`); a placement (Kahuna's `place`, Kanaloa's
  `place` or `choose`) is played, if its colour is the player to move's;
- a piece disappears: a removal (Kahuna's `remove`), if the rules allow it.

Anything else (the wrong colour, a stick on the wrong turn, an illegal
removal, a stick moved between slots, whatever changed while the board
was off) is refused as a wrong press is: red at the place, the reason on
the display, nothing logged; and it stays shown (a red LED where a piece
must come off, a blink in the piece's colour where one must go back, the
display naming each) until the board is put right.

Which games: Kahuna, by colour (the two poles are its two players);
Rukuni, its stones by colour and its towers by a third switch
(app/sensing_rukuni.py: a tower lifted and put down elsewhere is its move);
Kanaloa by presence alone (`colours` False: three or four players' bridges
two poles cannot tell apart, the colour being the player to move's: a
bridge put on is a `place`, one taken off while a relative majority waits
is the `choose`; an exchange, one bridge for another, cannot be seen and
stays a press). docs/firmware.md, "What sensing can tell".
"""

from ..hal.frame import BLINK, FAST, PLAYER, RED
from ..hal.sensors import BOOT, EMPTY, SLID, UNKNOWN, same_piece
from ..ui import todo_event

WORD = ("", "white", "black", "tower")  # a sensed piece (hal/sensors: EMPTY, WHITE, BLACK, TALL)
SENSED_GAMES = ("kahuna", "kanaloa", "rukuni", "duell")  # (see the module's docstring)
APPEAR_OPS = ("place", "set")  # what a piece put on an empty slot may mean (Rukuni's set: a stone)
REMOVE_OPS = ("remove", "choose")  # what a piece taken off may mean (Kanaloa's choose: a bridge goes)
# A refusal's words, per game (whole formats: a translation may need the noun's gender)
NO_MOVE = {"kanaloa": "%s: a bridge %s is no move here", "rukuni": "%s: a stone %s is no move here"}
SLID_MOVE = {"kanaloa": "%s: a bridge moved between places is no move: put it back",
             "rukuni": "%s: a stone moved between cells is no move: put it back"}
WRONG_COLOUR = {"rukuni": "a %s stone on %s: %s to play"}


def _titled(word):
    """"white" -> "White" (MicroPython's str has no capitalize)."""
    return word[:1].upper() + word[1:]


class Sensing:
    def __init__(self, app, slots):
        self.app = app
        n = len(slots)
        self.n = n
        self.names = [s[0] for s in slots]
        self.codes = [s[1] for s in slots]
        self.leds = [s[2] for s in slots]
        self.bits = bytearray(2 * n)  # white, black bit of each slot: hal/sensors.Slots
        for k in range(n):
            self.bits[2 * k] = slots[k][3]
            self.bits[2 * k + 1] = slots[k][4]
        tall = bytes(s[5] for s in slots)
        self.tall = tall if min(tall) != UNKNOWN else None  # Rukuni's towers' switches, or none
        self.seen = bytearray([UNKNOWN] * n)  # what stands on each slot, as last counted
        self.wrong = bytearray(n)  # 1: differs from the game's image of the board, shown until put right
        self.elem = bytearray(n)  # each slot's element in the game
        self.active = False  # the game is one sensing plays (SENSED_GAMES)
        self.colours = True  # the two poles tell its players apart (Kahuna)
        self.slide_ok = False  # the lift of a slide was the to-do: its other half is a change of its own

    def bind(self, game):
        """A game starts (resumed, new, another board's): its elements, and
        every slot compared with it again. Its UI's leds() and lines() get
        the differences painted over and added below (wrapped here, on the
        UI just made: a hook in App.changed or the run loop, a few names
        more in modules every board loads, cost a boot on the tightest heaps
        a 1.3 KB block it then could not find)."""
        ui = self.app.ui
        leds = ui.leds
        lines = ui.lines

        def painted(frame):
            leds(frame)
            self.paint(frame)

        ui.leds = painted
        ui.lines = lambda: self.overlay(lines())
        self.active = self.app.game_name in SENSED_GAMES and game.nreal > 0
        if self.active:
            for k in range(self.n):
                self.elem[k] = self.element(game, k)
            self.colours = len(game.players) == 2
        self.recheck()

    def recheck(self):
        for k in range(self.n):
            self._mark(k)

    def real(self, k):
        """What stands on slot k's element as the game's image of the real board has it (coded as sensed)."""
        g = self.app.game
        return g.s[g.real_at + self.elem[k]]

    def element(self, game, k):
        """Slot k's element in the game (the to-do's and the image's index)."""
        return game.element_index(self.names[k])

    def short(self, piece):
        """A piece in a letter on the display: "W", "B" (nothing: presence alone)."""
        return WORD[piece][0].upper() if self.colours else ""

    def colour(self, piece):
        """The frame colour of a piece to put back (Kanaloa's seats have colours of their own: its UI's)."""
        return PLAYER + piece - 1 if self.colours else self.app.ui.colour[piece - 1]

    def rule(self, k):
        """What the rules have on slot k's element."""
        return self.app.game.s[self.elem[k]]

    # --- a change -------------------------------------------------------------
    def sensed(self, change):
        """A slot's counted change (hal/sensors.Slots: slot << 4 | flags << 2 |
        piece), from the run loop: the game's event, a refusal, or nothing,
        as a press would be; the App's message and flash start again as at a
        press (App.key)."""
        app = self.app
        app.message = []
        app.said = ""
        app.news = False
        app.flashing = False
        app.flash_led = -1
        self.change(change >> 4, change >> 2 & 3, change & 3)
        app.changed()

    def change(self, k, flags, piece):
        """Slot k now holds piece (hal/sensors: EMPTY, WHITE, BLACK); flags BOOT, SLID."""
        self.seen[k] = piece
        app = self.app
        g = app.game
        if not self.active or g is None or app.ui is None or app.menu_open:
            self._mark(k)
            return
        e = self.elem[k]
        real = self.real(k)
        rule = self.rule(k)
        col = self.colours
        name = self.names[k]
        if same_piece(piece, real, col):  # as the game has it (put right, or lifted and put back)
            self.wrong[k] = 0
            self.slide_ok = True
            return
        if same_piece(piece, rule, col):  # the to-do done
            self.slide_ok = True
            self._play(k, todo_event(g, e), piece)
            return
        slid = flags & SLID
        if slid and piece == EMPTY:
            self.slide_ok = False
        if flags & BOOT:  # moved while the board was off: put right, not played
            self.wrong[k] = 1
            return
        if slid and (piece == EMPTY or not self.slide_ok):
            self._refuse(k, SLID_MOVE.get(self.app.game_name, "%s: a stick moved between places is no move: put it back")
                         % name)
            return
        if real and piece:  # one stick for another: taken off, then put on (remove, then place there)
            if not col or not self._step(k, EMPTY, g):
                if col:
                    return
                self._refuse(k, "%s holds a bridge already: put it back" % name)
                return
        self._step(k, piece, g)

    def _step(self, k, piece, g):
        """A piece put on an empty slot, or taken off one: the move a press
        there makes, if it is that; True if the game now has the slot so."""
        name = self.names[k]
        if piece and self.colours and piece != g.active() + 1:
            self._refuse(k, WRONG_COLOUR.get(self.app.game_name, "a %s stick on %s: %s to play")
                         % (WORD[piece], name, _titled(g.players[g.active()])))
            return False
        result = self.app.ui.press(self.codes[k], False)
        if isinstance(result, str):
            self._refuse(k, result)
        elif result is None:
            self._mark(k)
        elif result.get("op") not in (APPEAR_OPS if piece else REMOVE_OPS):
            self._refuse(k, NO_MOVE.get(self.app.game_name, "%s: a stick %s is no move here")
                         % (name, "put on" if piece else "taken off"))
        else:
            self._play(k, result, piece)
            return same_piece(piece, self.real(k), self.colours)
        return False

    def _play(self, k, event, piece):
        """The event, as a press there would make it; the slot is shown
        wrong if the game (or the remote game's gate) did not take it."""
        self.app.act(self.codes[k], event)
        self._mark(k)

    def _refuse(self, k, why):
        self.app._refuse(self.codes[k], why)
        self.wrong[k] = 1

    def _mark(self, k):
        """Slot k is shown wrong while what stands there differs from the game's image."""
        g = self.app.game
        piece = self.seen[k]
        if not self.active or g is None or piece == UNKNOWN:
            self.wrong[k] = 0
            return
        self.wrong[k] = 0 if same_piece(piece, self.real(k), self.colours) else 1

    # --- what is shown --------------------------------------------------------
    def any_wrong(self):
        return max(self.wrong) > 0  # (in C; MicroPython has no `in` for an int in a bytearray)

    def paint(self, frame):
        """Red (fast) where a piece must come off, its colour blinking where one
        must go back (painted after the UI's own: a refusal's flash, the App's,
        goes over it)."""
        if not self.active or not self.any_wrong():
            return
        g = self.app.game
        for k in range(self.n):
            led = self.leds[k]
            if self.wrong[k] and 0 <= led < frame.n:
                real = self.real(k)
                if self.seen[k] == EMPTY:
                    frame.set(led, self.colour(real), BLINK)
                else:
                    frame.set(led, RED, FAST)

    def items(self):
        """Each difference in words: "Off B ALOA-BARI" (a piece to take off),
        "Back W ALOA-BARI" (one to put back)."""
        g = self.app.game
        out = []
        for k in range(self.n):
            if self.wrong[k]:
                real = self.real(k)
                piece = self.seen[k]
                if piece == EMPTY:
                    out.append("Back %s %s" % (self.short(real), self.names[k]))
                else:
                    out.append("Off %s %s" % (self.short(piece), self.names[k]))
        return [t.replace("  ", " ") for t in out]

    def overlay(self, lines):
        """The display's lines with the differences at the bottom, if any (a
        message the App shows, a refusal's reason, keeps its rows until the
        next change or press)."""
        if self.app.said or not self.any_wrong():
            return lines
        more = self.lines()
        return (lines + [""] * 8)[:6 - len(more)] + ["Board differs:"] + more

    def lines(self, room=2):
        """The differences in at most `room` display lines."""
        items = self.items()
        if len(items) > room:
            return items[:room - 1] + ["+%d more" % (len(items) - room + 1)]
        return items

    def words(self):
        """The differences for the page: "take the black stick off ALOA-BARI"."""
        out = []
        for t in self.items():
            verb, rest = t.split(" ", 1)
            out.append(("take it off " if verb == "Off" else "put it back on ") + rest.split(" ")[-1])
        return out
