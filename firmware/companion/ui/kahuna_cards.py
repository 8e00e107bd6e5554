"""Kahuna with the digital deck on the device (hot-seat), and solo play
against the device opponent.

Presses (besides the board's sticks, as in ui/kahuna.py):
- an island: choose the card that pays for the next stick (pressed again,
  with no card played this turn: give that card back face down);
- a connection: place (paid with the chosen card, else a card of an end
  island) or remove an opponent stick (two cards of its islands);
- TURN long: show / hide the active player's hand (hidden again at the end
  of every turn); with Hints on, while the hand is shown the board lights the
  device opponent's suggested move for the player to move (the stick to put
  on pulses in their colour, one to take off in the opponent's, the card's
  island pulses) and the display names it ("Hint +ALOA-HUNA": put on,
  "Hint -ALOA-HUNA": take off, or the draw);
- TURN short: the draw. The display lists the face-up row; an island press
  takes that face-up card, TURN short again the top of the pile, TURN long
  skips the draw. In the final turns TURN short ends the turn.
With a device player ("device" in the header), on its turn the display says
what it does and the board shows it: the stick to put on blinks, the one to
take off flashes; the human presses it (TURN for its draw), which logs the
device's event. What that event takes off besides (a majority's cascade) is
the core's to-do (core/game.py), as after any press: press each, or TURN.
"""

from .. import const
from ..core.kahuna import FINAL, PLAY
from ..hal.frame import BLINK, FAST, PLAYER, PULSE
from . import CONFIRMS, todo_event, todo_lines
from .kahuna import NAME, UI as PhysicalUI

# the device's step kinds, as in core/kahuna_ai.py (imported only for solo play)
PLACE = const(1)
REMOVE = const(2)
FREE = const(3)
DISCARD = const(4)
DRAW_FACE = const(5)
DRAW_PILE = const(6)


class CardsUI(PhysicalUI):
    def __init__(self, game, layout):
        PhysicalUI.__init__(self, game, layout)
        self.chosen = -1  # the island of the card chosen to pay
        self.show = False  # the active player's hand is on the display
        self.drawing = False  # TURN pressed: choosing the draw
        self.device = game.device
        self.ai = None
        if self.device >= 0:
            from ..core.kahuna_ai import Planner

            self.ai = Planner(game)
            self.mine = 1 - self.device  # solo: the board's player (the device's own plan shows its free stick)
        self.plan_for = -1  # events in effect when the plan was made
        self.mover = 0  # the player to play at the last press (a draw's words)
        self.coach = None  # hints: the planner's suggestion for a human (made when asked)
        self.coach_for = -1
        self.stage = game.get(0) * 4 + game.phase()
        self._plan()

    def device_turn(self):
        g = self.game
        return self.ai is not None and not g.over() and g.active() == self.device and g.phase() != 0

    def _plan(self):
        if self.device_turn() and self.plan_for != self.game.events_in_effect():
            self.ai.decide()
            self.plan_for = self.game.events_in_effect()

    def suggestion(self):
        """Hints, hand shown: the device's first step for the player to move, or None."""
        g = self.game
        if not g.hints or not self.show or self.device_turn() or g.over() or g.phase() == 0:
            return None
        if self.coach is None:
            from ..core.kahuna_ai import Planner

            self.coach = Planner(g)
        if self.coach_for != g.events_in_effect():
            self.coach.decide()
            self.coach_for = g.events_in_effect()
        return self.coach.step(0) if self.coach.n else None

    def _next(self):
        """The device's next step (kind, conn, card, card), or None."""
        if not self.device_turn() or not self.ai.n:
            return None
        return self.ai.step(0)

    # --- presses -----------------------------------------------------------------
    def press(self, button, long):
        g = self.game
        self.mover = g.active()
        if self.device_turn():
            return self._device_press(button, long)
        if button == self.turn:
            if long:
                if self.drawing and g.phase() == PLAY:
                    return {"op": "end_turn"}
                self.show = not self.show
                return None
            if g.phase() != PLAY or g.over():
                return {"op": "end_turn"}
            if self.drawing:
                return {"op": "draw", "from": "pile"}
            self.drawing = True
            self.show = True
            return None
        k = self.element.get(button)
        if k is None:
            return "button %d does nothing in Kahuna" % button
        done = todo_event(g, k)
        if done is not None:
            return done  # the players confirm this change is done
        names = g.board.island_names
        if k >= self.nconn:
            i = k - self.nconn
            if self.drawing:
                return {"op": "draw", "card": names[i]}
            if self.chosen == i:
                self.chosen = -1
                return {"op": "discard", "card": names[i]}
            if not g.hand(g.active(), i):
                return "%s holds no %s card" % (NAME[g.active()], names[i])
            self.chosen = i
            return None
        self.drawing = False
        b = g.board
        name = b.conn_names[k]
        p = g.active()
        a = b.conn_a[k]
        e = b.conn_b[k]
        if g.owner(k) == 0:
            if g.freed() == k and self.chosen < 0:
                return {"op": "place", "at": name}
            i = self.chosen
            if i < 0:
                i = a if g.hand(p, a) >= g.hand(p, e) else e
            return {"op": "place", "at": name, "card": names[i]}
        if g.hand(p, a) and g.hand(p, e):
            i, j = a, e
        elif g.hand(p, a) >= 2:
            i, j = a, a
        else:
            i, j = e, e
        return {"op": "remove", "at": name, "cards": [names[i], names[j]]}

    def _device_press(self, button, long):
        g = self.game
        k = self.element.get(button)
        if k is not None:
            done = todo_event(g, k)
            if done is not None:
                return done  # e.g. a cascade's stick taken off, confirmed
        step = self._next()
        if step is None:
            return "the device is thinking"
        kind, c, i, j = step
        if kind == PLACE or kind == REMOVE or kind == FREE:
            if k != c:
                return "the device's move: press the blinking %s" % g.board.conn_names[c]
            return self.ai.event(0)
        if button == self.turn and not long:
            return self.ai.event(0)
        return "the device's move: press TURN"

    def accepted(self, event):
        g = self.game
        op = event["op"]
        if op == "draw" or op == "discard":  # its words (PhysicalUI keeps them): by the player who pressed
            self._words()
            who = NAME[self.mover]
            card = event.get("card")
            self.last = ("%s gave back a %s card" % (who, card) if op == "discard" else
                         "%s drew the face-up %s card" % (who, card) if card else "%s drew a card from the pile" % who)
        PhysicalUI.accepted(self, event)
        if op in CONFIRMS:
            return  # only the board: the turn, the plan and the hand stay
        if op == "draw" or op == "end_turn" or op == "undo":
            self.show = False
            self.drawing = False
            self.chosen = -1
            stage = g.get(0) * 4 + g.phase()  # round and phase: a draw that ended a round
            if op == "draw" and stage != self.stage:
                self.note = self._scoring_note()
            self.stage = stage
        elif op == "place" or op == "remove" or op == "discard":
            self.chosen = -1
        self._plan()

    # --- the simulator page's words (App.status, App.describe) ---------------------------
    def device_text(self):
        """The device's next step in words, and what the players do for it ("" if none)."""
        step = self._next()
        if step is None:
            return "The device thinks" if self.device_turn() else ""
        kind, c, i, j = step
        g = self.game
        who = "%s (the device)" % NAME[self.device]
        if kind == PLACE or kind == FREE:
            at = g.board.conn_names[c]
            return "%s puts a stick on %s: put it on the real board, then press %s" % (who, at, at)
        if kind == REMOVE:
            at = g.board.conn_names[c]
            return "%s takes %s's stick off %s: take it off the real board, then press %s" % (
                who, NAME[1 - self.device], at, at)
        names = g.board.island_names
        if kind == DISCARD:
            return "%s gives back a %s card: press TURN" % (who, names[i])
        if kind == DRAW_FACE:
            return "%s draws the face-up %s card: press TURN" % (who, names[i])
        if kind == DRAW_PILE:
            return "%s draws a card from the pile: press TURN" % who
        return "%s ends its turn: press TURN" % who

    def cards_text(self):
        g = self.game
        up = [g.board.island_names[g.face(k)] for k in range(3) if g.face(k) >= 0]
        return "Face-up cards: %s; the pile: %d cards" % (", ".join(up) if up else "none", g.pile_size())

    def describe(self, button):
        text = PhysicalUI.describe(self, button)
        step = self._next()
        k = self.element.get(button)
        if text is not None and step is not None and k == step[1] and step[0] in (PLACE, FREE, REMOVE):
            text += ", the device's move: " + ("take it off" if step[0] == REMOVE else "put its stick on")
        return text

    # --- output ------------------------------------------------------------------------
    def leds(self, frame):
        PhysicalUI.leds(self, frame)
        step = self._next()
        if step is not None:
            kind, c, i, j = step
            if kind == PLACE or kind == FREE:
                self._light(frame, c, PLAYER + self.device, BLINK)
            elif kind == REMOVE:
                self._light(frame, c, PLAYER + 1 - self.device, FAST)
        elif self.chosen >= 0:
            self._light(frame, self.nconn + self.chosen, PLAYER + self.game.active(), PULSE)
        hint = self.suggestion()
        if hint is not None:
            kind, c, i, j = hint
            p = self.game.active()
            if kind == PLACE or kind == FREE:
                self._light(frame, c, PLAYER + p, PULSE)
            elif kind == REMOVE:
                self._light(frame, c, PLAYER + 1 - p, PULSE)
            if kind == PLACE or kind == DISCARD or kind == DRAW_FACE:
                self._light(frame, self.nconn + i, PLAYER + p, PULSE)

    def lines(self):
        g = self.game
        out = [self._title(), "     stn stk pts"]
        for p in (0, 1):
            out.append("%-5s%3d %3d %3d" % (NAME[p], g.stones(p), g.sticks(p), g.score(p)))
        out.append("Pile %d up %s" % (g.pile_size(), self._row()))  # the face-up row: "E A F"
        out.extend(self._card_notes())
        return out[:8]

    def _row(self):
        text = ""
        g = self.game
        for k in range(3):
            i = g.face(k)
            text += (" " if k else "") + (g.board.island_names[i][0] if i >= 0 else "-")
        return text  # (the 12 islands' initials differ: A..L)

    def _card_notes(self):
        g = self.game
        notes = []
        if g.over():
            return self._notes()
        step = self._next()
        if step is not None:
            notes.append("Dev" + self._say(step))
            notes.append(self._say_more(step))
            notes.extend(todo_lines(g, 1))  # what its last event took off besides
        elif self.device_turn():
            notes.append("Device thinks")
        else:
            if self.note:
                notes.append(self.note)
            if self.show and self.mine in (-1, g.active()):
                notes.append("Hand: " + (self._hand_text(g.active()) or "-"))
                hint = self.suggestion()
                if hint is not None:
                    notes.append(self._hint_text(hint))
            else:
                notes.append("Hold TURN: hand")  # the hand is shown while TURN is held
            if self.drawing:
                notes.append("Draw: isle/TURN")  # a face-up card (its island) or the pile (TURN)
            elif g.phase() == FINAL:
                notes.append("TURN = end turn")
            # the to-do (core/game.py) gets one line at least, before the news
            todo = todo_lines(g, max(1, 3 - len(notes)))
            if todo:
                if self.note and len(notes) + len(todo) > 3:
                    notes.pop(0)
                notes = notes[:3 - len(todo)] + todo
        if g.variant2:  # variant 2: the cards each hand shows (taken face up)
            for p in (0, 1):
                text = self._hand_text(p, True)
                if text:
                    notes.append("%s shows %s" % (NAME[p][0], text[:9]))
        return notes[:3]

    def _hand_text(self, p, visible=False):
        """The cards by their islands' initials ("E F H": the 12 islands' differ)."""
        g = self.game
        text = ""
        for i in range(g.nisland):
            n = g.visible(p, i) if visible else g.hand(p, i)
            while n:
                text += (" " if text else "") + g.board.island_names[i][0]
                n -= 1
        return text[:10]

    def _hint_text(self, step):
        """The suggestion in 16 columns: "Hint +ALOA-HUNA" (put on), "Hint -..." (take off)."""
        kind, c, i, j = step
        if kind == PLACE or kind == FREE:
            return "Hint +" + self.game.board.conn_names[c]
        if kind == REMOVE:
            return "Hint -" + self.game.board.conn_names[c]
        return ("Hint" + self._say(step))[:16]

    def _say(self, step):
        kind, c, i, j = step
        names = self.game.board.island_names
        if kind == PLACE:
            return " put on"
        if kind == FREE:
            return " free stick"
        if kind == REMOVE:
            return " take off"
        if kind == DISCARD:
            return " give " + names[i]
        if kind == DRAW_FACE:
            return " draws " + names[i]
        if kind == DRAW_PILE:
            return " draws pile"
        return " ends turn"

    def _say_more(self, step):
        kind, c, i, j = step
        g = self.game
        if kind == PLACE or kind == FREE or kind == REMOVE:
            return g.board.conn_names[c]
        return "press TURN"
