"""Kahuna on the device: sticks and stones on LEDs, presses to events.

The core keeps an image of what stands on the real board (core/game.py).
Wherever it differs from the rules' state, the players have something to
put on (BLINK) or take off (FAST), named on the display. Pressing such an
element logs that it is done (took_off / put_on); TURN says "done" for all
and ends the turn.
"""

from ..core.kahuna import ROUND, SETUP, FINAL
from ..frame import PLAYER, STEADY, BLINK, FAST, PULSE
from . import CONFIRMS, IslandCheck, controls, island_elements, todo_event, todo_lines

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
)

# what decided the game (core decided_by()), in 16 characters
DECIDED_TEXT = {"points": "on points", "final scoring": "tie: final score",
                "sticks on the board": "tie: more sticks", "draw": "tied all through",
                "early end": "other has no stk"}
SHORT = ("W", "B")
NAME = ("White", "Black")


class UI(IslandCheck):
    def __init__(self, game, layout):
        self.game = game
        self.nconn = game.nconn
        self.nelem = game.nconn + game.nisland
        self.led, self.element = island_elements(game, layout)
        self.turn = controls(layout).get("TURN")
        self.hint = -1  # variant 1: the freed connection, free to re-place
        self.note = ""

    # --- the interface the app calls --------------------------------------
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
        if g.owner(k) == 0:
            return {"op": "place", "at": name}
        return {"op": "remove", "at": name}

    def accepted(self, event):
        g = self.game
        op = event["op"]
        if op in CONFIRMS:
            return  # a confirmation keeps the hint and the news
        self.hint = -1
        self.note = ""
        if op == "remove":
            k = g.board.conn(event["at"])
            if g.variant1 and g.why_not_place(k) is None:
                self.hint = k
        elif op == "end_round":
            self.note = self._scoring_note()

    def leds(self, frame):
        s = self.game.s
        at = self.game.real_at
        for k in range(self.nelem):
            now = s[k]
            was = s[at + k]
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
        out.append(self._scorings())
        out.extend(self._notes())
        return out[:8]

    # --- display helpers ---------------------------------------------------
    def _title(self):
        g = self.game
        if g.over():
            return "Game over"
        who = NAME[g.active()]
        if g.phase() == SETUP:
            return "Handicap " + who
        if g.phase() == FINAL:
            return "Last turn " + who
        return "Round %d %s" % (g.get(ROUND), who)

    def _scorings(self):
        text = "Won"  # who won each scoring; 16 columns at most
        for k in range(3):
            r = self.game.scoring_result(k)
            text += " %d:%s" % (k + 1, "." if r is None else ("-" if r < 0 else SHORT[r]))
        return text

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
        return "Scoring %d: %s" % (k, "tie" if r < 0 else NAME[r][0])

    def _notes(self):
        g = self.game
        notes = []
        if g.over():
            w = g.winner()
            notes.append("Draw" if w == 2 else NAME[w] + " wins")
            notes.append(DECIDED_TEXT.get(g.decided_by(), g.decided_by()))
        # the to-do before any news: its lines depend on the game alone, so a
        # reset shows them again exactly
        notes.extend(todo_lines(g, 3 - len(notes), "press when done"))
        if self.note:
            notes.insert(0 if g.over() else len(notes), self.note)
        if self.hint >= 0 and g.s[self.hint] == 0:
            notes.append("V1: free stick?")
        for p in (0, 1):
            if g.stone_supply_short(p):
                notes.append(NAME[p] + " >10 stones")
        return notes[:3]


def ui_for(game, layout):
    """The UI for a game: the digital deck's (ui/kahuna_cards.py) or the physical one."""
    if getattr(game, "deck", False):
        from .kahuna_cards import CardsUI

        return CardsUI(game, layout)
    return UI(game, layout)
