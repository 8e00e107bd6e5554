"""Duell der Schamanen on a sensing board (issue 45, item 4): each site's two
stone pockets (Bison's, Wolf's) have a hall switch under them, and a stone
carries its magnet with its player's pole down (Bison north, Wolf south:
the layout's "sense" bits on each of its "stones"). What a pocket tells is
that a stone lies there, and whose: never its value, nor how many lie in a
profi pile. So:

- placing: a stone put in the placer's pocket of a site is the press on
  that site (profi: in the other player's, the long press that places the
  other colour); its value then goes in on the keypad as after a press;
- a stone put anywhere else, or while a value is being entered, or taken
  off while placing, is refused and shown until put right;
- a duel and a swap keep a stone in every pocket they touch: they are
  pressed as before, and while the stones are exchanged by hand a pocket
  left empty is only shown (no refusal: a swap passes through empty
  pockets) until a stone is back;
- the boot comparison and UNDO's to-do (a stone to take off or put back)
  are app/sensed.py's, pocket by pocket.
"""

from ..core.duell_state import PLACE, PLAYERS, TITLED, site_name
from ..hal.sensors import BOOT, EMPTY, SLID
from .sensed import Sensing


class DuellSensing(Sensing):
    def bind(self, game):
        self.pending = -1
        Sensing.bind(self, game)

    def element(self, game, k):
        return game.site(self.names[k][:3])  # "1,2 wolf": site 1,2

    def who(self, k):
        return 0 if self.names[k].endswith(PLAYERS[0]) else 1

    def real(self, k):
        return self._at(self.app.game.real_at, k)

    def rule(self, k):
        return self._at(0, k)

    def _at(self, at, k):
        """The pocket's player's code (1 Bison, 2 Wolf) if a stone of theirs lies on its site, else EMPTY
        (at: 0, the rules' stones; real_at, the image's)."""
        s = self.app.game.s
        p = self.who(k)
        here = self.elem[k] + 1
        for i in range(9 * p + at, 9 * p + 9 + at):
            if s[i] == here:
                return p + 1
        return EMPTY

    def short(self, piece):
        return TITLED[piece - 1][0]  # "B", "W"

    def change(self, k, flags, piece):
        self.seen[k] = piece
        p = self.who(k)
        app = self.app
        g = app.game
        if not self.active or g is None or app.ui is None or app.menu_open or flags & BOOT:
            Sensing.change(self, k, flags, piece)
            return
        if piece == self.real(k) or piece == self.rule(k):
            Sensing.change(self, k, flags, piece)  # as the game has it, or the to-do done
            return
        name = self.names[k]
        if g.phase() != PLACE:
            self._mark(k)  # a duel's or a swap's stones by hand: shown, not refused
            if piece and not self.real(k):
                self._refuse(k, "%s: a stone put on is no move now: take it off" % name)
            return
        if piece == EMPTY:
            self._refuse(k, "%s: a stone taken off is no move here" % name)
            return
        if flags & SLID:
            self._refuse(k, "%s: a stone moved between pockets is no move: put it back" % name)
            return
        mover = g.active()
        if piece != p + 1:
            self._refuse(k, "a %s stone in %s's pocket of %s: put it in its own" % (
                TITLED[piece - 1], TITLED[p], name[:3]))
            return
        if app.ui.sel >= 0:
            self._refuse(k, "%s: first enter the value of the stone on %s" % (name, site_name(app.ui.sel)))
            return
        if p != mover and not g.profi:
            self._refuse(k, "a %s stone on %s: %s places" % (TITLED[p], name[:3], TITLED[mover]))
            return
        result = app.ui.press(self.codes[k], p != mover)  # the site pressed (profi: long, the other colour)
        if result is None:
            self.pending = k  # its value next, on the keypad
            self.wrong[k] = 0
        else:
            self._refuse(k, result if isinstance(result, str) else "%s: no move here" % name)

    pending = -1  # the pocket whose stone's value is being entered, or -1

    def _mark(self, k):
        if k == self.pending and self.app.ui.sel == self.elem[k]:
            self.wrong[k] = 0  # the stone just put, its value being entered
            return
        Sensing._mark(self, k)

    def paint(self, frame):
        k = self.pending
        if k >= 0 and self.app.ui.sel != self.elem[k]:  # the value entered, or the entry cancelled (TURN)
            self.pending = -1
            self._mark(k)
        Sensing.paint(self, frame)
