"""Kanaloa on the device: bridges and markers on LEDs, presses to events.

As in Kahuna, the core keeps an image of what stands on the real board
(core/game.py: per connection the bridge owner, per island the marker
owner); where the rules differ, the element blinks (BLINK: put on, FAST:
take off) until pressed (took_off / put_on) or until TURN. Each player's pieces show their
colour with a signature (frame.MARK + seat: 0..3 short dark blips every
2 s), so players can be told apart without relying on hue. See
docs/kanaloa.md for the presses.
"""

from ..core.kanaloa import GODS, FINAL, ROUND, kane_points
from ..hal.frame import PLAYER, RED, YELLOW, MARK, BLINK, FAST, PULSE
from . import CONFIRMS, IslandCheck, controls, island_elements, todo_event, todo_lines, piece_text

SEEDED = True  # the app puts a seed in every header: it deals the hidden god stones

FOUR = ["red", "blue", "green", "yellow"]
OPTIONS = (
    ("Players", (("RBGY", {"players": FOUR}), ("RBG", {"players": FOUR[:3]}),
                 ("RBY", {"players": ["red", "blue", "yellow"]}),
                 ("RGY", {"players": ["red", "green", "yellow"]}),
                 ("BGY", {"players": ["blue", "green", "yellow"]}))),
    ("First", (("lot", {"first": "lot"}), ("seat 1", {}))),
)

# player colour name -> frame colour (hal/leds.py PALETTE)
COLOUR = {"red": RED, "blue": PLAYER + 1, "green": PLAYER + 3, "yellow": YELLOW,
          "white": PLAYER, "orange": PLAYER + 2}
SHORT_GOD = ("KN", "KA", "KU", "PE", "LO")
DECIDED_TEXT = {"points": "on points", "tie-break: earlier last move": "tie: moved first",
                "11 islands": "has 11 islands"}


def _fit(note):
    """A note in the display's 16 columns: KANALOA in its short form if need be."""
    return note if len(note) <= 16 else note.replace("KANALOA", SHORT_GOD[1])


class UI(IslandCheck):
    def __init__(self, game, layout):
        self.game = game
        self.nconn = game.nconn
        self.nelem = game.nconn + game.nisland
        self.led, self.element = island_elements(game, layout)
        self.turn = controls(layout).get("TURN")
        self.colour = bytearray(COLOUR.get(p, PLAYER) for p in game.players)
        # the players as the display and the page name them: "Blue to play", as Kahuna's "White to play"
        self.names = [game.player_name(p) for p in range(game.n)]
        self.note = ""
        self.scoring = None  # [(island, player, points)] shown until the next press
        self.scoring_title = ""
        self.won = self._won()

    # --- the interface the app calls --------------------------------------
    def long_press(self, button):
        """Whether a press's length matters (the app then waits): a hint, or None.
        TURN always; a connection only while the active player can play KANALOA."""
        g = self.game
        if button == self.turn:
            return "hold: pass" if g.phase() == FINAL else "hold: end of round"
        k = self.element.get(button)
        if k is None or k >= self.nconn or g.over():
            return None
        for x in range(g.nisland):
            god = g.god_of(x)
            if god and GODS[god - 1] == "KANALOA" and g.god_holder(x) == g.active() and not g.god_used(x):
                return "hold: KANALOA"
        return None

    def press(self, button, long):
        g = self.game
        shown = self.scoring is not None
        self.scoring = None
        if shown and g.over():
            return None  # the final scoring screen gives way to the result
        if button == self.turn:
            if not long:
                return {"op": "end_turn"}
            return {"op": "pass"} if g.phase() == FINAL else {"op": "end_round"}
        k = self.element.get(button)
        if k is None:
            return "button %d does nothing in Kanaloa" % button
        done = todo_event(g, k)
        if done is not None and not (k < self.nconn and g.removable(k)):
            return done  # the players confirm this change is done
        if k >= self.nconn:
            return self._island_press(k - self.nconn)
        name = g.board.conn_names[k]
        if g.pending() is not None:
            return {"op": "choose", "at": name}
        owner = g.owner(k)
        if owner == g.active() + 1:
            return "%s is %s's own bridge" % (name, g.players[owner - 1])
        event = {"op": "place" if owner == 0 else "exchange", "at": name}
        if long:
            event["god"] = "KANALOA"
        return event

    def _island_press(self, x):
        g = self.game
        god = g.god_of(x)
        name = g.board.island_names[x]
        if god and g.god_holder(x) == g.active() and not g.god_used(x):
            if GODS[god - 1] == "KANALOA":
                return "KANALOA: long-press the connection to build or exchange on"
            return {"op": "use", "god": GODS[god - 1]}
        return "%s: press a connection; an island plays its won god stone" % name

    def accepted(self, event):
        g = self.game
        op = event["op"]
        if op in CONFIRMS:
            return  # a confirmation keeps the news on the display
        self.note = ""
        self.scoring = None  # e.g. an UNDO of the round's end takes its scoring away
        if op in ("end_turn", "end_round", "pass"):
            if op == "end_round" and g.phase() != FINAL:
                self._show_scoring("Scoring 1", False)
            elif g.over():
                self._show_scoring("Final scoring", True)
        elif op == "use":
            self.note = _fit("%s used %s" % (self.names[g.active()], event["god"]))
        won = self._won()
        if won & ~self.won:
            self.note = self._god_note(won & ~self.won)
        self.won = won

    def _show_scoring(self, title, final):
        self.scoring = self.game.island_scores(final)
        self.scoring_title = title

    def _won(self):
        """Bit x set: island x's god stone has been won."""
        g = self.game
        bits = 0
        for x in range(g.nisland):
            if g.god_holder(x) is not None:
                bits |= 1 << x
        return bits

    def _god_note(self, new):
        """The display's news of a god stone just won: 'Red KANE +2', 'Red won KU'."""
        g = self.game
        x = 0
        while not new & (1 << x):
            x += 1
        who = self.names[g.god_holder(x)]
        god = GODS[g.god_of(x) - 1]
        if god == "KANE":
            return "%s KANE +%d" % (who, kane_points(g.board.degree[x]))
        return _fit("%s won %s" % (who, god))

    def leds(self, frame):
        g = self.game
        s = g.s
        at = g.real_at
        led = self.led
        colour = frame.colour  # the frame is clear: only pieces are painted, in place
        effect = frame.effect
        for k in range(self.nelem):
            if s[k] or s[at + k]:  # a piece in the game or on the real board
                now = s[k]
                was = s[at + k]
                colour[led[k]] = self.colour[(now or was) - 1]
                if now != was:
                    effect[led[k]] = BLINK if now else FAST
                else:
                    effect[led[k]] = MARK + now - 1
        if g.pending() is not None:
            for k in g.candidates():
                frame.set(self.led[k], self.colour[s[k] - 1], PULSE)
            k = self.nconn + g.pending()
            if s[k] == s[at + k]:  # else its marker's to-do shows: a press there confirms it first
                frame.set(self.led[k], self.colour[g.active()], PULSE)

    def describe(self, button):
        """What the element is and what stands there, for its accessible name."""
        k = self.element.get(button)
        if k is None:
            return None
        g = self.game
        if k < self.nconn:
            name, kind = g.board.conn_names[k], " bridge"
        else:
            name, kind = g.board.island_names[k - self.nconn], " marker"
        words = [""] + [p + kind for p in g.players]
        text = piece_text(name, g.s[k], g.s[g.real_at + k], words)
        if g.pending() is not None and k in g.candidates():
            text += ", may be taken off"
        return text

    def turn_text(self):
        g = self.game
        if g.over():
            return "Game over: " + self.names[g.winner()] + " wins"
        return "%s to play, round %d" % (self.names[g.active()], g.get(ROUND))

    def turn_colour(self):
        g = self.game
        return 0 if g.over() else self.colour[g.active()]

    def score_text(self):
        g = self.game
        return ", ".join("%s %d" % (self.names[p], g.score(p)) for p in range(g.n))

    def last_text(self):
        return self.note

    def lines(self):
        g = self.game
        if self.scoring is not None:
            return self._scoring_lines()
        out = [self._title(), self._round() + "br mk pts"]
        for p in range(g.n):
            out.append("%-7s%2d %2d %3d" % (self.names[p], g.bridges(p), g.markers(p), g.score(p)))
        out.extend(self._notes())
        return out[:8]

    # --- display helpers ---------------------------------------------------
    def _title(self):
        g = self.game
        if g.over():
            return "Game over"
        who = self.names[g.active()]
        if g.pending() is not None:
            return "%s: take 1" % who
        if g.phase() == FINAL:  # "yellow: last turn" would be 17 columns
            return who + (": last turn" if len(who) < 6 else " last turn")
        return who + " to play"

    def _round(self):
        """The round, in the blank head of the table's header row (7 columns)."""
        g = self.game
        if g.over() or g.phase() == FINAL:
            return "       "
        return "Rnd %d  " % g.get(ROUND)

    def _scoring_lines(self):
        """Each island's points (two per line), then the running totals."""
        g = self.game
        out = [self.scoring_title]
        row = ""
        for x, p, pts in self.scoring:
            cell = "%-4s %s%d" % (g.board.island_names[x][:4], self.names[p][0], pts)
            if row:
                out.append(row + "  " + cell)
                row = ""
            else:
                row = cell
        if row:
            out.append(row)
        if len(out) > 7:
            out = out[:6] + ["+%d more" % (len(self.scoring) - 10)]
        if len(out) == 1:
            out.append("no markers")
        total = ""
        for p in range(g.n):
            total += "%s%d " % (self.names[p][0], g.score(p))
        out.append(total.strip())
        return out

    def _notes(self):
        g = self.game
        notes = []
        if g.over():
            notes.append(self.names[g.winner()] + " wins")
            notes.append(DECIDED_TEXT.get(g.decided_by(), g.decided_by()))
        if g.pending() is not None:
            notes.append("press a lit one")
        # the to-do before any news: its lines depend on the game alone, so a
        # reset shows them again exactly
        notes.extend(todo_lines(g, 8 - 2 - g.n - len(notes)))
        if self.note:
            notes.insert(0 if g.over() else len(notes), self.note)
        held = "" if g.over() else self._held()
        if held:
            notes.append(held)
        return notes[:8 - 2 - g.n]

    def _held(self):
        """The active player's unused god stones, e.g. 'gods: KA 2KU' (two KU)."""
        g = self.game
        count = [0] * len(GODS)
        for x in range(g.nisland):
            if g.god_holder(x) == g.active() and not g.god_used(x):
                count[g.god_of(x) - 1] += 1
        held = [("%d" % n if n > 1 else "") + SHORT_GOD[k] for k, n in enumerate(count) if n]
        text = "gods: " + " ".join(held)
        if len(text) > 16:
            text = "gods:" + "".join(held)
        while len(text) > 16:  # (ten stones and more) the first ones, and "+"
            held.pop()
            text = "gods:" + "".join(held) + "+"
        return text if held else ""
