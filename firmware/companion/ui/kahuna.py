"""Kahuna on the device: sticks and stones on LEDs, presses to events.

The core keeps an image of what stands on the real board (core/game.py).
Wherever it differs from the rules' state, the players have something to
put on (BLINK) or take off (FAST), named on the display. Pressing such an
element logs that it is done (took_off / put_on); TURN says "done" for all
and ends the turn.
"""

from ..core.kahuna import ROUND, SETUP, FINAL, STICKS_EACH
from ..hal.frame import PLAYER, BLINK, FAST, PULSE
from . import CONFIRMS, IslandCheck, controls, island_elements, todo_event, todo_lines

SEEDED = False  # the app puts a seed in a header only when an option asks for one
OPTIONS = (
    ("First", (("lot", {"first": "lot"}), ("white", {"first": "white"}),
               ("black", {"first": "black"}))),
    ("Variant 1", (("off", {}), ("on", {"variants": ["variant1"]}))),
    ("Variant 2", (("off", {}), ("on", {"variants": ["variant2"]}))),
    ("Handicap", (("none", {}), ("white", {"variants": ["handicap"], "handicap": "white"}),
                  ("black", {"variants": ["handicap"], "handicap": "black"}))),
    # the digital deck (the companion holds the cards), alone or against the device
    ("Cards", (("physical", {}), ("digital", {"cards": "digital", "seed": True}),
               ("solo W", {"cards": "digital", "seed": True, "device": "black"}),
               ("solo B", {"cards": "digital", "seed": True, "device": "white"}))),
    # the device opponent's level (solo play; core/kahuna_ai.py)
    ("Level", (("strong", {}), ("normal", {"level": "normal"}), ("easy", {"level": "easy"}))),
    # learners: islands one stick from changing hands pulse; the digital deck's
    # hand shown (TURN held) lights the device's suggested move
    ("Hints", (("off", {}), ("on", {"hints": True}))),
)

# what decided the game (core decided_by()), in 16 characters
DECIDED_TEXT = {"points": "on points", "final scoring": "tie: final score",
                "sticks on the board": "tie: more sticks", "draw": "tied all through",
                "early end": "other has no stk"}
SHORT = ("W", "B")
NAME = ("White", "Black")
KEEP_MOVES = 8  # the last moves in words, for the simulator's move list


class UI(IslandCheck):
    def __init__(self, game, layout):
        self.game = game
        self.nconn = game.nconn
        self.nelem = game.nconn + game.nisland
        self.led, self.element = island_elements(game, layout)
        self.turn = controls(layout).get("TURN")
        self.hint = -1  # variant 1: the freed connection, free to re-place
        self.mine = -1  # a remote board (remote/seat.py): this board's player (-2: a spectator)
        self.note = ""
        self.before = b""  # the elements' owners before the pressed event
        self.last = ""  # the last move in words (the page); the display has last_short
        self.last_short = ""
        self.won_now = False  # the last event won a majority (the app's tone)
        self.moves = []
        self.news = None  # a place or remove not yet in words (made after the light: _words)

    # --- the interface the app calls --------------------------------------
    def note_before(self):
        self.before = bytes(self.game.s[:self.nelem])

    def long_press(self, button):
        """Whether a press's length matters (the app then waits): a hint, or None."""
        return "hold: end of round" if button == self.turn else None

    def press(self, button, long):
        if button == self.turn:
            return {"op": "end_round" if long else "end_turn"}
        k = self.element.get(button)
        if k is None:
            return "button %d does nothing in Kahuna" % button
        g = self.game
        done = todo_event(g, k)
        if done is not None:
            return done  # the players confirm this change is done
        if k >= self.nconn:
            return "%s: islands only show stones; press a connection" % g.board.island_names[k - self.nconn]
        name = g.board.conn_names[k]
        self.note_before()
        if g.owner(k) == 0:
            return {"op": "place", "at": name}
        why = g.why_not_remove(k)  # cheap: a refusal says why at once, without an event to apply
        return {"op": "remove", "at": name} if why is None else why

    def accepted(self, event):
        g = self.game
        op = event["op"]
        if op in CONFIRMS:
            return  # a confirmation keeps the hint and the news
        self.hint = -1
        self.note = ""
        self._last_move(event)
        if op == "remove":
            self._offer_free(g.board.conn(event["at"]))

    def _offer_free(self, k):
        """Variant 1: the connection a remove freed takes the player's own stick free."""
        if self.game.variant1 and self.game.why_not_place(k) is None:
            self.hint = k

    def _free(self):
        """Variant 1's offered connection, or -1: only on the board of the
        player who removed (on a remote board the other's offer is theirs)."""
        k = self.hint
        if k >= 0 and self.game.s[k] == 0 and self.mine in (-1, self.game.active()):
            return k
        return -1

    def resumed(self, lines, n):
        """At boot, from the log's first n lines: the free stick is offered
        again when the last rules event was a remove (the confirmations after
        it, at most one per element, keep the offer, as in play)."""
        if not self.game.variant1:
            return
        import json

        confirms = [('"%s"' % op).encode() for op in CONFIRMS]
        last = None
        i = start = max(1, n - self.nelem - 2)
        for text in lines.since(start):  # the log's lines, as bytes
            i += 1
            if i > n:
                break
            if not any(op in text for op in confirms):
                last = text
        if last is not None and b'"remove"' in last:
            self._offer_free(self.game.board.conn(json.loads(last)["at"]))

    def leds(self, frame):
        s = self.game.s
        at = self.game.real_at
        led = self.led
        colour = frame.colour  # the frame is clear: only pieces are painted, in place
        effect = frame.effect
        for k in range(self.nelem):
            if s[k] or s[at + k]:  # a piece in the game or on the real board
                now = s[k]
                was = s[at + k]
                colour[led[k]] = PLAYER + (now or was) - 1
                if now != was:
                    effect[led[k]] = BLINK if now else FAST
        k = self._free() if self.hint >= 0 else -1  # (no call on a press's path without the offer)
        if k >= 0:
            self._light(frame, k, PLAYER + self.game.active(), PULSE)
        if self.game.hints:
            self._island_hints(frame)

    def _light(self, frame, k, colour, effect):
        """Light element k, unless it shows a to-do: a press there confirms that first (press())."""
        if not self.game.todo_at(k):
            frame.set(self.led[k], colour, effect)

    def _island_hints(self, frame):
        """Hints: an island one stick from changing hands pulses in the colour
        that would take it (the player to move first, where both could); an
        island with a to-do shows the to-do."""
        g = self.game
        s = g.s
        at = g.real_at
        p = g.active()
        for x in range(g.nisland):
            k = self.nconn + x
            if s[k] != s[at + k]:
                continue
            who = self._taker(x, p)
            if who < 0:
                who = self._taker(x, 1 - p)
            if who >= 0:
                frame.set(self.led[k], PLAYER + who, PULSE)

    def _taker(self, x, p):
        """p if one more stick of p's would give p island x, else -1."""
        g = self.game
        s = g.s
        me = p + 1
        if s[self.nconn + x] == me or g.sticks(p) >= STICKS_EACH or g.over():
            return -1
        n = 0
        free = False
        for c in g.board.island_conns[x]:
            if s[c] == me:
                n += 1
            elif not s[c] and not (g.variant1 and g._end_with_stone(c, 2 - p) >= 0):
                free = True
        return p if free and 2 * (n + 1) > g.board.degree[x] else -1

    def lines(self):
        g = self.game
        out = [self._title(), "     stn stk pts"]
        for p in (0, 1):
            out.append("%-5s%3d %3d %3d" % (NAME[p], g.stones(p), g.sticks(p), g.score(p)))
        out.extend(self._round_lines())
        out.extend(self._notes())
        return out[:8]

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
        self._words()
        return self.last

    def moves_text(self):
        self._words()
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
        was = g.s[g.real_at + k]  # the real board
        if now != was and now:
            text = "%s: put a %s%s on" % (name, NAME[now - 1].lower(), kind)
        elif now != was:
            text = "%s: %s%s, take off" % (name, NAME[was - 1].lower(), kind)
        elif now:
            text = "%s: %s%s" % (name, NAME[now - 1].lower(), kind)
        else:
            text = name + ": empty"
        if k == self._free():
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
        self._words()
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
        self._words()
        g = self.game
        op = event["op"]
        self.won_now = False
        if op == "place" or op == "remove":
            self._news(event, op)
            return
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
        self._moved()

    def _moved(self):
        self.moves.append(self.last)
        if len(self.moves) > KEEP_MOVES:
            self.moves.pop(0)

    def _news(self, event, op):
        """A place or remove: whether it won a majority now (the tone); its
        words later, from the board before and after it (_words)."""
        g = self.game
        p = g.active()
        before = self.before if len(self.before) == self.nelem else g.s[:self.nelem]
        for i in range(self.nconn, self.nelem):
            if g.s[i] == p + 1 and before[i] != p + 1:
                self.won_now = True
                break
        self.news = (op, event["at"], p, before, bytes(g.s[:self.nelem]))

    def _words(self):
        """The last place or remove in words (self.last, self.last_short), once."""
        if self.news is None:
            return
        op, at, p, before, after = self.news
        self.news = None
        g = self.game
        who = NAME[p]
        k = g.board.conn(at)
        if op == "place":
            text = "%s put a stick on %s" % (who, at)
            short = SHORT[p] + " put " + at
        else:
            text = "%s took %s's %s off" % (who, NAME[1 - p], at)
            short = SHORT[p] + " off " + at
        won = ""
        for i in range(self.nconn, self.nelem):
            if after[i] == p + 1 and before[i] != p + 1:
                won += " " + g.board.island_names[i - self.nconn]
        if won:
            text += "; took" + won.replace(" ", ", ")[1:]
            short = SHORT[p] + " won" + won
        off = ""
        for j in range(self.nelem):
            if j != k and before[j] and not after[j]:
                off += ", " + (g.board.conn_names[j] if j < self.nconn else g.board.island_names[j - self.nconn])
        if off:
            text += "; %s's %s come%s off" % (self._owner_of(before, after), off[2:], "" if "," in off[2:] else "s")
        self.last = text
        self.last_short = short[:16]
        self._moved()

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
        # the to-do first, then any news: its lines depend on the game alone,
        # so a reset shows them again exactly (the result and the last move
        # have their own rows, _round_lines)
        notes.extend(todo_lines(g, 2, "press when done"))
        if self.note:
            notes.append(self.note)
        if self._free() >= 0:
            notes.append("V1: free stick?")
        for p in (0, 1):
            if g.stone_supply_short(p):
                notes.append(NAME[p] + " >10 stones")
        return notes[:2]
