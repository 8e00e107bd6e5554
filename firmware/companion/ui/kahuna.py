"""Kahuna on the device: sticks and stones on LEDs, presses to events.

The UI remembers what is physically on the board (`self.real`, coded like
the core's first slots: per connection the stick owner, per island the
stone owner). Wherever it differs from the core's state, the players have
something to put on (BLINK) or take off (FAST). Pressing a blinking
element says "done" for it; TURN says "done" for all and ends the turn.
"""

from ..core.kahuna import ROUND, SETUP, FINAL
from ..frame import PLAYER, STEADY, BLINK, FAST, PULSE
from . import controls, island_elements, todo_line

OPTIONS = (
    ("First", (("lot", {"first": "lot"}), ("white", {"first": "white"}),
               ("black", {"first": "black"}))),
    ("Variant 1", (("off", {}), ("on", {"variants": ["variant1"]}))),
    ("Variant 2", (("off", {}), ("on", {"variants": ["variant2"]}))),
    ("Handicap", (("none", {}), ("white", {"variants": ["handicap"], "handicap": "white"}),
                  ("black", {"variants": ["handicap"], "handicap": "black"}))),
)

# what decided the game (core decided_by()), in 16 characters
DECIDED_TEXT = {"points": "on points", "final scoring": "tie: final score",
                "sticks on the board": "tie: more sticks", "draw": "tied all through",
                "early end": "other has no stk"}
SHORT = ("W", "B")
NAME = ("White", "Black")
KEEP_MOVES = 8  # the last moves in words, for the simulator's move list


class UI:
    def __init__(self, game, layout):
        self.game = game
        self.nconn = game.nconn
        self.nelem = game.nconn + game.nisland
        self.led, self.element = island_elements(game, layout)
        self.turn = controls(layout).get("TURN")
        self.real = bytearray(game.s[:self.nelem])
        self.hint = -1  # variant 1: the freed connection, free to re-place
        self.note = ""
        self.before = b""  # the elements' owners before the pressed event
        self.last = ""  # the last move in words (the page); the display has last_short
        self.last_short = ""
        self.won_now = False  # the last event won a majority (the app's tone)
        self.moves = []

    # --- the interface the app calls --------------------------------------
    def press(self, button, long):
        if button == self.turn:
            return {"op": "end_round" if long else "end_turn"}
        k = self.element.get(button)
        if k is None:
            return "button %d does nothing in Kahuna" % button
        g = self.game
        if self.real[k] != g.s[k]:
            self.real[k] = g.s[k]  # the players confirm this change is done
            return None
        if k >= self.nconn:
            return "%s: islands only show stones; press a connection" % g.board.island_names[k - self.nconn]
        name = g.board.conn_names[k]
        self.before = bytes(g.s[:self.nelem])
        if g.owner(k) == 0:
            return {"op": "place", "at": name}
        return {"op": "remove", "at": name}

    def accepted(self, event):
        g = self.game
        op = event["op"]
        self.hint = -1
        self.note = ""
        self._last_move(event)
        if op == "place" or op == "remove":
            k = g.board.conn(event["at"])
            self.real[k] = g.s[k]  # the press itself put it on / took it off
            if op == "remove" and g.variant1 and g.why_not_place(k) is None:
                self.hint = k
        elif op == "end_turn" or op == "end_round":
            self.real[:] = g.s[:self.nelem]  # TURN: the board is tidy

    def leds(self, frame):
        s = self.game.s
        real = self.real
        for k in range(self.nelem):
            now = s[k]
            was = real[k]
            if now != was:
                if now:
                    frame.set(self.led[k], PLAYER + now - 1, BLINK)
                else:
                    frame.set(self.led[k], PLAYER + was - 1, FAST)
            elif now:
                frame.set(self.led[k], PLAYER + now - 1, STEADY)
        if self.hint >= 0 and s[self.hint] == 0:
            frame.set(self.led[self.hint], PLAYER + self.game.active(), PULSE)

    def lines(self):
        g = self.game
        out = [self._title(), "     stn stk pts"]
        for p in (0, 1):
            out.append("%-5s%3d %3d %3d" % (NAME[p], g.stones(p), g.sticks(p), g.score(p)))
        out.extend(self._round_lines())
        out.extend(self._notes())
        return out[:8]

    def head(self):
        """The display rows a message must not hide: the title and the score."""
        return 4

    # --- the simulator page's words (App.status, App.describe) ---------------
    def turn_text(self):
        g = self.game
        if g.over():
            return "Game over"
        who = NAME[g.active()]
        if g.phase() == SETUP:
            return who + " to play: handicap sticks"
        if g.phase() == FINAL:
            return who + " to play: a last turn"
        return who + " to play"

    def score_text(self):
        g = self.game
        text = "White %d – Black %d" % (g.score(0), g.score(1))
        if g.over():
            w = g.winner()
            return text + ", game over: " + ("a draw" if w == 2 else NAME[w] + " wins")
        if g.phase() == FINAL:
            return text + ", last turns"
        return text + ", round %d" % g.get(ROUND)

    def turn_colour(self):
        """The frame colour of the player to play (0: none)."""
        return 0 if self.game.over() else PLAYER + self.game.active()

    def last_text(self):
        return self.last

    def moves_text(self):
        return list(self.moves)

    def describe(self, button):
        """What the element is and what stands there, for its accessible name."""
        k = self.element.get(button)
        if k is None:
            return None
        g = self.game
        if k < self.nconn:
            name, kind = g.board.conn_names[k], " stick"
        else:
            name, kind = g.board.island_names[k - self.nconn], " stone"
        now = g.s[k]
        was = self.real[k]
        if now != was and now:
            text = "%s: put a %s%s on" % (name, NAME[now - 1].lower(), kind)
        elif now != was:
            text = "%s: %s%s, take off" % (name, NAME[was - 1].lower(), kind)
        elif now:
            text = "%s: %s%s" % (name, NAME[now - 1].lower(), kind)
        else:
            text = name + ": empty"
        if k == self.hint and not now:
            text += ", free to place again"
        return text

    # --- display helpers ---------------------------------------------------
    def _title(self):
        """Whose turn, in the player's words: "White to play"."""
        g = self.game
        if g.over():
            return "Game over"
        who = NAME[g.active()]
        if g.phase() == SETUP:
            return who + ": handicap"
        if g.phase() == FINAL:
            return who + ": last turn"
        return who + " to play"

    def _round_lines(self):
        """The round (or the result) and the last move: two lines."""
        g = self.game
        if g.over():
            w = g.winner()
            return ["Draw" if w == 2 else NAME[w] + " wins",
                    DECIDED_TEXT.get(g.decided_by(), g.decided_by())]
        if g.phase() == FINAL:
            return ["Last turns", self.last_short]
        return ["Round %d of 3" % g.get(ROUND), self.last_short]

    def _last_move(self, event):
        """The event in words: self.last (the page), self.last_short (16 columns)."""
        g = self.game
        op = event["op"]
        self.won_now = False
        if op == "undo":
            self.last = "The last move was taken back (UNDO)"
            self.last_short = "Undone"
        elif op == "end_turn":
            who = NAME[1 - g.active()]
            self.last = who + " ended the turn"
            self.last_short = who[0] + " ended turn"
        elif op == "end_round":
            self.last_short = self._scoring_note()
            won = self.last_short.replace(": ", " won by ") if self.last_short[-3:] != "tie" else self.last_short
            self.last = "%s; White %d – Black %d" % (won, g.score(0), g.score(1))
        elif op == "place" or op == "remove":
            self._last_piece(event, op)
        self.moves.append(self.last)
        if len(self.moves) > KEEP_MOVES:
            self.moves.pop(0)

    def _last_piece(self, event, op):
        g = self.game
        p = g.active()
        who = NAME[p]
        at = event["at"]
        k = g.board.conn(at)
        before = self.before if len(self.before) == self.nelem else g.s[:self.nelem]
        if op == "place":
            text = "%s put a stick on %s" % (who, at)
            short = SHORT[p] + " put " + at
        else:
            text = "%s took %s's %s off" % (who, NAME[1 - p], at)
            short = SHORT[p] + " off " + at
        won = ""
        for i in range(self.nconn, self.nelem):
            if g.s[i] == p + 1 and before[i] != p + 1:
                won += " " + g.board.island_names[i - self.nconn]
        if won:
            self.won_now = True
            text += "; took" + won.replace(" ", ", ")[1:]
            short = SHORT[p] + " won" + won
        off = ""
        for j in range(self.nelem):
            if j != k and before[j] and not g.s[j]:
                off += ", " + (g.board.conn_names[j] if j < self.nconn else g.board.island_names[j - self.nconn])
        if off:
            text += "; %s's %s come%s off" % (self._owner_of(before, g.s), off[2:], "" if "," in off[2:] else "s")
        self.last = text
        self.last_short = short[:16]

    def _owner_of(self, before, s):
        """Whose pieces came off (the first one's owner)."""
        for j in range(self.nelem):
            if before[j] and not s[j]:
                return NAME[before[j] - 1]
        return ""

    def _scoring_note(self):
        g = self.game
        if g.phase() == FINAL:
            return "Round 3 over"
        k = 0
        while k < 3 and g.scoring_result(k) is not None:
            k += 1
        if k == 0:
            return ""
        r = g.scoring_result(k - 1)
        return "Scoring %d: %s" % (k, "tie" if r < 0 else NAME[r])

    def _notes(self):
        g = self.game
        notes = []
        todo = self._todo()
        if todo:
            notes.append(todo)
            notes.append("press each/TURN")
        if self.hint >= 0 and g.s[self.hint] == 0:
            notes.append("V1: free stick?")
        for p in (0, 1):
            if g.stone_supply_short(p):
                notes.append(NAME[p] + " >10 stones")
        if self.note:
            notes.insert(0, self.note)
        return notes[:2]

    def _todo(self):
        """What the players still have to do on the board, in 16 characters."""
        return todo_line(self.game.s, self.real, self.nelem)
