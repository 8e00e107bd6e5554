"""Rukuni's position (RULES.md section 3): its slots, reading them, the
physical board's to-do, the groups and the scores. The rules (the start
position, what a press may do, the events) are in rukuni.py, a subclass.
"""

from array import array

from . import const
from .game import Game
from .rng import Rng


PLAYERS = ("white", "black")
STONES_EACH = const(25)

FREE = const(0)
TOWER = const(3)

# phases
MOVE = const(0)
SET = const(1)
OVER = const(2)
PHASES = ("move", "set", "over")

# how the result was decided
BY_POINTS = const(1)
BY_LARGEST = const(2)
BY_DRAW = const(3)
DECIDED = ("", "points", "largest group", "draw")

# scalar slots, after the cells, the group links and the towers
ACTIVE = const(0)  # 0 white, 1 black
PHASE = const(1)
MOVED = const(2)  # the cell of the tower just moved (SET phase)
LEFT = const(3)  # +player: stones not yet on the board
WINNER = const(5)  # 0 none, 1 white, 2 black, 3 draw
HOW = const(6)
NSCALARS = const(7)

TOWERS = const(6)  # the board has six; a start position ("position" in the header) places all of them


def draw_start_player(seed):
    return PLAYERS[Rng(seed).below(2)]


class RukuniState(Game):
    """Slots: per cell what is on it (FREE, 1 white, 2 black, TOWER); per
    cell its parent in its group's tree (a union-find kept in the state, so
    undo restores groups too); per cell the size of the group it is the
    root of; per tower its cell; then the scalars. The live score then
    costs a few lookups around each tower."""

    players = PLAYERS

    def __init__(self, board, ntower):
        """The slots of a HexBoard with ntower towers, all empty, and the work space."""
        self.board = board
        n = board.size
        self.ncell = n
        self.ntower = ntower
        self._parent = n
        self._size = 2 * n
        self._towers = 3 * n
        self.base = 3 * n + ntower
        # the board image (game.py): 2 bits per cell, four cells a slot
        Game.__init__(self, self.base + NSCALARS, (n + 3) // 4)
        # Work space, allocated once: a mark per cell (see tally) and the results.
        self._mark = bytearray(n)
        self._zeros = bytes(n)
        self._stamp = 0
        self.points = array("H", (0, 0))
        self.largest = bytearray(2)

    # --- reading the state -------------------------------------------------
    def get(self, slot):
        return self.s[self.base + slot]

    def over(self):
        return self.s[self.base + PHASE] == OVER

    def active(self):
        return self.s[self.base + ACTIVE]

    def phase(self):
        return self.s[self.base + PHASE]

    def moved(self):
        """The cell of the tower that has just moved (SET phase)."""
        return self.s[self.base + MOVED]

    def cell(self, c):
        """FREE, 1 white, 2 black or TOWER."""
        return self.s[c]

    def tower_cell(self, t):
        return self.s[self._towers + t]

    def left(self, p):
        return self.s[self.base + LEFT + p]

    def winner(self):
        """None until decided, then 0 white, 1 black, 2 draw."""
        w = self.s[self.base + WINNER]
        return None if w == 0 else w - 1

    END = "groups"

    def decided_by(self):
        return DECIDED[self.s[self.base + HOW]]

    def state(self):
        names = self.board.names
        s = self.s
        stones = {}
        towers = []
        for c in range(self.ncell):
            if s[c] == TOWER:
                towers.append(names[c])
            elif s[c]:
                stones[names[c]] = PLAYERS[s[c] - 1]
        self.tally()
        self.find_largest()
        w = self.winner()
        return {
            "active": PLAYERS[self.active()],
            "phase": PHASES[self.phase()],
            "towers": towers,
            "stones": stones,
            "supply": {"white": self.left(0), "black": self.left(1)},
            "score": {"white": self.points[0], "black": self.points[1]},
            "largest": {"white": self.largest[0], "black": self.largest[1]},
            "over": self.over(),
            "winner": None if w is None else ("draw" if w == 2 else PLAYERS[w]),
            "todo": self.todo_state(),
        }

    # --- the physical board (game.py) ----------------------------------------
    def real(self, c):
        """What stands on cell c of the real board (coded like the cells)."""
        return (self.s[self.real_at + (c >> 2)] >> ((c & 3) * 2)) & 3

    def seen(self, c):
        slot = self.real_at + (c >> 2)
        shift = (c & 3) * 2
        self.set(slot, (self.s[slot] & ~(3 << shift)) | (self.s[c] << shift))

    def _image(self, j):
        """Slot j of the board image as the rules' cells are (four whole cells: j < ncell // 4)."""
        s = self.s
        c = j << 2
        return s[c] | s[c + 1] << 2 | s[c + 2] << 4 | s[c + 3] << 6

    def seen_all(self):
        at = self.real_at
        whole = self.ncell >> 2
        for j in range(whole):  # four cells a slot at once
            v = self._image(j)
            if self.s[at + j] != v:
                self.set(at + j, v)
        for c in range(whole << 2, self.ncell):
            self.seen(c)

    def todo_open(self):
        at = self.real_at
        whole = self.ncell >> 2
        for j in range(whole):
            if self.s[at + j] != self._image(j):
                return True
        for c in range(whole << 2, self.ncell):
            if self.todo_at(c):
                return True
        return False

    def elements(self):
        return self.ncell

    def todo_at(self, c):
        now = self.s[c]
        was = self.real(c)
        if now == was:
            return 0
        return (1 if was else 0) | (2 if now else 0)

    def element_index(self, name):
        return self.board.cell(name)

    def element_name(self, e):
        return self.board.names[e]

    def piece(self, e, on):
        code = self.s[e] if on else self.real(e)
        return "tower" if code == TOWER else "stone"

    def _finish(self):
        self.tally()
        self.find_largest()
        pts = self.points
        big = self.largest
        if pts[0] != pts[1]:
            winner, how = (0 if pts[0] > pts[1] else 1), BY_POINTS
        elif big[0] != big[1]:
            winner, how = (0 if big[0] > big[1] else 1), BY_LARGEST
        else:
            winner, how = 2, BY_DRAW
        self.set(self.base + WINNER, winner + 1)
        self.set(self.base + HOW, how)
        self.set(self.base + PHASE, OVER)

    # --- groups and scoring --------------------------------------------------
    def root(self, c):
        """The root cell of the group of the stone on c."""
        s = self.s
        up = self._parent
        while s[up + c] != c:
            c = s[up + c]
        return c

    def size(self, root):
        return self.s[self._size + root]

    def _join(self, c):
        """The stone just put on c joins its neighbours of the same colour.

        The smaller group's root goes under the larger's, so a root is at
        most log2(25) links away; links are never compressed (each write
        would be journalled).
        """
        s = self.s
        up = self._parent
        size = self._size
        me = s[c]
        self.set(up + c, c)
        self.set(size + c, 1)
        for m in self.board.around[c]:
            if s[m] == me:
                a = self.root(m)
                b = self.root(c)
                if a != b:
                    if s[size + a] > s[size + b]:
                        a, b = b, a
                    self.set(up + a, b)
                    self.set(size + b, s[size + a] + s[size + b])

    def _new_stamp(self):
        """A fresh value for `_mark`, so marks need no clearing between uses."""
        self._stamp += 1
        if self._stamp == 256:
            self._mark[:] = self._zeros
            self._stamp = 1
        return self._stamp

    def tally(self):
        """Put each player's points into `points`. Allocates nothing.

        A group scores its size once for every distinct tower next to it, so
        walk round each tower and add the size of each group met (once).
        """
        s = self.s
        around = self.board.around
        up = self._parent
        size = self._size
        mark = self._mark
        pts = self.points
        pts[0] = 0
        pts[1] = 0
        for t in range(self._towers, self._towers + self.ntower):
            stamp = self._new_stamp()
            for m in around[s[t]]:
                me = s[m]
                if me == 1 or me == 2:
                    while s[up + m] != m:
                        m = s[up + m]
                    if mark[m] != stamp:
                        mark[m] = stamp
                        pts[me - 1] += s[size + m]

    def find_largest(self):
        """Put each player's largest group size into `largest`."""
        s = self.s
        up = self._parent
        big = self.largest
        big[0] = 0
        big[1] = 0
        for c in range(self.ncell):
            if s[up + c] == c and (s[c] == 1 or s[c] == 2):
                n = s[self._size + c]
                if n > big[s[c] - 1]:
                    big[s[c] - 1] = n

    def towers_next_to(self, root):
        """How many distinct towers touch the group with this root."""
        s = self.s
        n = 0
        for t in range(self._towers, self._towers + self.ntower):
            for m in self.board.around[s[t]]:
                if (s[m] == 1 or s[m] == 2) and self.root(m) == root:
                    n += 1
                    break
        return n

    def groups(self):
        """Every group: {"player", "cells", "towers", "score"}, in board order of its first cell."""
        s = self.s
        names = self.board.names
        cells = {}
        order = []
        for c in range(self.ncell):
            if s[c] == 1 or s[c] == 2:
                r = self.root(c)
                if r not in cells:
                    cells[r] = []
                    order.append(r)
                cells[r].append(names[c])
        out = []
        for r in order:
            towers = self.towers_next_to(r)
            out.append({"player": PLAYERS[s[r] - 1], "cells": cells[r], "towers": towers,
                        "score": self.size(r) * towers})
        return out
