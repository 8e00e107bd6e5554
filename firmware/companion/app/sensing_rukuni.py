"""Rukuni on a sensing board (issue 45, item 4): its stones by colour (the
hall switch's two poles: white north down, black south down) and its
towers by presence (a second switch under each cell, the layout's third
"sense" bit: hal/sensors.TALL). A turn is played with the hands alone:

- a tower lifted (once its lift counts, hal/sensors.Slots.LIFT_MS) is the
  press on it: its destinations pulse, as after a press; put back, it is
  the press again (nothing chosen);
- that tower put down on a free cell is the `move` there (the lift and the
  landing come together, marked SLID, when the tower was set down within
  LIFT_MS: one move all the same), refused as a press would be if the
  cell is not one of its destinations;
- a stone of the mover's colour put next to it is the `set`.

Anything else (a stone of the wrong colour, a stone taken off or moved, a
tower put down with none lifted, a piece put on another) is refused and
shown until put right, as app/sensing.py does for every sensed game.
"""

from ..core.rukuni import MOVE, TOWER
from ..hal.frame import YELLOW
from ..hal.sensors import BOOT, EMPTY, TALL
from .sensed import Sensing

PIECE = ("", "white stone", "black stone", "tower")  # a cell's piece in a refusal (hal/sensors: EMPTY..TALL)


class RukuniSensing(Sensing):
    def __init__(self, app, slots):
        Sensing.__init__(self, app, slots)
        self.lifted = -1  # the slot of the tower lifted to move (the UI's pressed tower), or -1

    def bind(self, game):
        self.lifted = -1
        Sensing.bind(self, game)

    def real(self, k):
        return self.app.game.real(self.elem[k])  # (the image packs four cells a slot: core/rukuni_state.py)

    def rule(self, k):
        return self.app.game.cell(self.elem[k])

    def colour(self, piece):
        return YELLOW if piece == TOWER else Sensing.colour(self, piece)  # as ui/rukuni paints a tower

    def _mark(self, k):
        if k == self.lifted:
            self.wrong[k] = 0  # the tower in the hand: its destinations show, not a difference
            return
        Sensing._mark(self, k)

    def change(self, k, flags, piece):
        self.seen[k] = piece
        app = self.app
        g = app.game
        if not self.active or g is None or app.ui is None or app.menu_open or flags & BOOT:
            Sensing.change(self, k, flags, piece)
            return
        real = self.real(k)
        if piece == real or piece == self.rule(k):
            if k == self.lifted:  # the tower put back: as its second press, nothing chosen
                self.lifted = -1
                app.ui.press(self.codes[k], False)
            Sensing.change(self, k, flags, piece)
            return
        name = self.names[k]
        if real == TOWER and piece == EMPTY:
            self._lift_tower(k, g)
        elif piece == TALL and real == EMPTY:
            self._land_tower(k, name)
        elif real and piece:
            self._refuse(k, "%s holds a %s: put it back" % (name, PIECE[real]))  # (whole: "weißer Stein")
        elif real and not flags:  # a stone taken off: Rukuni's stones never leave the board
            self._refuse(k, "%s: a stone taken off is no move here" % name)
        else:
            Sensing.change(self, k, flags, piece)  # a stone put on or taken off, a stone slid

    def _lift_tower(self, k, g):
        if g.phase() != MOVE:
            self._refuse(k, "%s: first set a stone, then move a tower: put it back" % self.names[k])
            return
        old = self.lifted
        result = self.app.ui.press(self.codes[k], False)  # the tower pressed: its destinations
        if isinstance(result, str):
            self._refuse(k, result)
            return
        self.lifted = k
        self.wrong[k] = 0
        if old >= 0:
            self._mark(old)  # (another tower lifted before: it is to go back)

    def _land_tower(self, k, name):
        old = self.lifted
        if old < 0:
            self._refuse(k, "a tower on %s: lift the tower that moves first" % name)
            return
        result = self.app.ui.press(self.codes[k], False)
        if isinstance(result, str):
            self._refuse(k, result)
            return
        if result is None or result.get("op") != "move":
            self._refuse(k, "a tower on %s is no move now: put it back" % name)
            return
        self.app.act(self.codes[k], result)
        if self.real(k) == TOWER:  # moved: the cell it left is as the game has it
            self.lifted = -1
            self._mark(old)
        self._mark(k)
