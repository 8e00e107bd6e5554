"""Rukuni for two players (RULES.md section 3).

State slots: one per cell (FREE, 1 white, 2 black, TOWER), one per tower
(the cell it stands on), then the scalars below. A turn is two events:
`move` a tower, then `set` a stone next to it.

Every destination a tower can reach has a free cell next to it: the cell
just behind it on its line (passed over, or the one it left). So the rule
"a move must end next to a free cell" holds by itself, a stone can always
follow a move, and a tower can move exactly when a cell next to it is free.
"""

from array import array

from . import Illegal, LayoutError, const
from .game import Game, player_index
from .hexboard import NONE, HexBoard
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

# scalar slots, after the cells and the towers
ACTIVE = const(0)  # 0 white, 1 black
PHASE = const(1)
MOVED = const(2)  # the cell of the tower just moved (SET phase)
LEFT = const(3)  # +player: stones not yet on the board
WINNER = const(5)  # 0 none, 1 white, 2 black, 3 draw
HOW = const(6)
NSCALARS = const(7)


def draw_start_player(seed):
    return PLAYERS[Rng(seed).below(2)]


class Rukuni(Game):
    players = PLAYERS

    def __init__(self, board, header):
        if not isinstance(board, HexBoard):
            board = HexBoard(board)
        self.board = board
        position = header.get("position") or {}
        tower_names = position.get("towers", board.towers)
        if not tower_names:
            raise LayoutError("the layout needs a list of 'towers': the cells where they start")
        n = board.size
        self.ncell = n
        self.ntower = len(tower_names)
        self.base = n + self.ntower
        Game.__init__(self, self.base + NSCALARS)
        first = header.get("first", "white")
        if first == "lot":
            first = draw_start_player(header.get("seed", 0))
        s = self.s
        s[self.base + ACTIVE] = player_index(PLAYERS, first, "start player")
        for t in range(self.ntower):
            c = self._free_cell(tower_names[t], "tower")
            s[c] = TOWER
            s[n + t] = c
        stones = position.get("stones") or {}
        for name in stones:
            s[self._free_cell(name, "stone")] = player_index(PLAYERS, stones[name]) + 1
        for p in range(2):
            left = STONES_EACH - sum(1 for c in range(n) if s[c] == p + 1)
            if left < 0:
                raise Illegal("the position has more than %d %s stones" % (STONES_EACH, PLAYERS[p]))
            s[self.base + LEFT + p] = left
        # Work space for tally(), allocated once: per cell its group number
        # (0 none), a stack for the flood fill; per group its owner, size and
        # the number of towers touching it.
        self._label = bytearray(n)
        self._zeros = bytes(n)
        self._stack = bytearray(n)
        self._gowner = bytearray(n + 1)
        self._gsize = bytearray(n + 1)
        self._gtowers = bytearray(n + 1)
        self._gseen = bytearray(n + 1)
        self.points = array("H", (0, 0))
        self.largest = bytearray(2)
        self.ngroups = 0
        self._ops = {"move": self._move_event, "set": self._set_event}
        if not self.any_move() or (self.left(0) == 0 and self.left(1) == 0):
            self._finish()  # journalled before any event: undo never reaches it

    def _free_cell(self, name, what):
        c = self.board.cell(name)
        if self.s[c]:
            raise Illegal("the start position puts a %s on %s, which is already taken" % (what, name))
        return c

    # --- reading the state -------------------------------------------------
    def ops(self):
        return self._ops

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
        return self.s[self.ncell + t]

    def left(self, p):
        return self.s[self.base + LEFT + p]

    def winner(self):
        """None until decided, then 0 white, 1 black, 2 draw."""
        w = self.s[self.base + WINNER]
        return None if w == 0 else w - 1

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
        w = self.winner()
        return {
            "active": PLAYERS[self.active()],
            "phase": PHASES[self.phase()],
            "towers": towers,
            "stones": stones,
            "supply": {"white": self.left(0), "black": self.left(1)},
            "score": {"white": self.points[0], "black": self.points[1]},
            "over": self.over(),
            "winner": None if w is None else ("draw" if w == 2 else PLAYERS[w]),
        }

    # --- move hints (no allocation: the caller passes a buffer) ---------------
    def destinations(self, tower, out):
        """Put the cells the tower on `tower` may move to into `out`; return how many."""
        s = self.s
        step = self.board.step
        k = 0
        for d in range(6):
            c = step[tower * 6 + d]
            while c != NONE and s[c] == FREE:
                out[k] = c
                k += 1
                c = step[c * 6 + d]
        return k

    def stone_cells(self, out):
        """Put the free cells next to the tower just moved into `out`; return how many."""
        s = self.s
        k = 0
        for c in self.board.around[self.moved()]:
            if s[c] == FREE:
                out[k] = c
                k += 1
        return k

    def can_move(self, tower):
        s = self.s
        for c in self.board.around[tower]:
            if s[c] == FREE:
                return True
        return False

    def any_move(self):
        s = self.s
        n = self.ncell
        for t in range(self.ntower):
            if self.can_move(s[n + t]):
                return True
        return False

    # --- what a press may do -------------------------------------------------
    def why_not_move(self, a, b):
        """None if the active player may move the tower on cell a to cell b, else why."""
        s = self.s
        board = self.board
        names = board.names
        phase = self.phase()
        if phase == OVER:
            return "the game is over"
        if phase == SET:
            return "first set a %s stone next to the tower on %s" % (
                PLAYERS[self.active()], names[self.moved()])
        if s[a] != TOWER:
            return "no tower stands on %s" % names[a]
        if a == b:
            return "a tower must move at least one cell"
        d = board.direction(a, b)
        if d < 0:
            return "%s is not on a straight line from %s" % (names[b], names[a])
        step = board.step
        c = step[a * 6 + d]
        while c != b:
            if s[c]:
                return "the way from %s to %s is blocked at %s" % (names[a], names[b], names[c])
            c = step[c * 6 + d]
        if s[b]:
            return "%s is taken: a tower ends on a free cell" % names[b]
        return None

    def why_not_set(self, c):
        s = self.s
        names = self.board.names
        phase = self.phase()
        if phase == OVER:
            return "the game is over"
        if phase == MOVE:
            return "first move a tower, then set a stone next to it"
        if s[c]:
            return "%s is taken: a stone goes on a free cell" % names[c]
        if c not in self.board.around[self.moved()]:
            return "%s is not next to the tower just moved (on %s)" % (names[c], names[self.moved()])
        return None

    # --- events by index (the device) and by name (the log) -------------------
    def move(self, a, b):
        self.act(self._move, (a, b))

    def put(self, c):
        self.act(self._set, c)

    def _move_event(self, ev):
        cell = self.board.cell
        self._move((cell(ev.get("from")), cell(ev.get("to"))))

    def _set_event(self, ev):
        self._set(self.board.cell(ev.get("at")))

    def _move(self, ab):
        a, b = ab
        why = self.why_not_move(a, b)
        if why:
            raise Illegal(why)
        n = self.ncell
        t = 0
        while self.s[n + t] != a:
            t += 1
        self.set(a, FREE)
        self.set(b, TOWER)
        self.set(n + t, b)
        if self.left(self.active()):
            self.set(self.base + MOVED, b)
            self.set(self.base + PHASE, SET)
        else:
            self._next_turn()

    def _set(self, c):
        why = self.why_not_set(c)
        if why:
            raise Illegal(why)
        p = self.active()
        self.set(c, p + 1)
        self.set(self.base + LEFT + p, self.left(p) - 1)
        self.set(self.base + PHASE, MOVE)
        self._next_turn()

    def _next_turn(self):
        self.set(self.base + ACTIVE, 1 - self.active())
        if (self.left(0) == 0 and self.left(1) == 0) or not self.any_move():
            self._finish()

    def _finish(self):
        self.tally()
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

    # --- scoring -------------------------------------------------------------
    def tally(self):
        """Label the groups; fill `points` and `largest` per player. Allocates nothing.

        Afterwards group_of(cell) names a stone's group (1..ngroups) and
        group(g) gives its owner, size and towers.
        """
        s = self.s
        around = self.board.around
        label = self._label
        stack = self._stack
        gowner = self._gowner
        gsize = self._gsize
        label[:] = self._zeros
        g = 0
        for c in range(self.ncell):
            me = s[c]
            if me == FREE or me == TOWER or label[c]:
                continue
            g += 1
            gowner[g] = me
            label[c] = g
            stack[0] = c
            top = 1
            size = 0
            while top:
                top -= 1
                size += 1
                for m in around[stack[top]]:
                    if s[m] == me and not label[m]:
                        label[m] = g
                        stack[top] = m
                        top += 1
            gsize[g] = size
        self.ngroups = g
        gtowers = self._gtowers
        seen = self._gseen
        for k in range(g + 1):
            gtowers[k] = 0
            seen[k] = 0
        n = self.ncell
        for t in range(self.ntower):
            for m in around[s[n + t]]:
                k = label[m]
                if k and seen[k] != t + 1:
                    seen[k] = t + 1
                    gtowers[k] += 1
        pts = self.points
        big = self.largest
        pts[0] = pts[1] = big[0] = big[1] = 0
        for k in range(1, g + 1):
            p = gowner[k] - 1
            pts[p] += gsize[k] * gtowers[k]
            if gsize[k] > big[p]:
                big[p] = gsize[k]

    def group_of(self, c):
        return self._label[c]

    def group(self, g):
        """(player, size, towers touching) of group g, as numbered by the last tally()."""
        return self._gowner[g] - 1, self._gsize[g], self._gtowers[g]

    def groups(self):
        """Every group: {"player", "cells", "towers", "score"}, in board order."""
        self.tally()
        names = self.board.names
        out = []
        for g in range(1, self.ngroups + 1):
            p, size, towers = self.group(g)
            cells = [names[c] for c in range(self.ncell) if self._label[c] == g]
            out.append({"player": PLAYERS[p], "cells": cells, "towers": towers, "score": size * towers})
        return out
