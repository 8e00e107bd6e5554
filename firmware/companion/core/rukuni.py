"""Rukuni for two players (RULES.md section 3).

A turn is two events: `move` a tower, then `set` a stone next to it.
The state's slots are described on RukuniState (rukuni_state.py, the
position: reading it, the physical board's to-do, groups and scores).

Every destination a tower can reach has a free cell next to it: the cell
just behind it on its line (passed over, or the one it left). So the rule
"a move must end next to a free cell" holds by itself, a stone can always
follow a move, and a tower can move exactly when a cell next to it is free.
"""

from . import Illegal, LayoutError
from .game import player_index
from .hexboard import NONE, HexBoard
from .rukuni_state import (  # noqa: F401 - also what the UI and the tests take from rukuni
    ACTIVE, FREE, LEFT, MOVE, MOVED, OVER, PHASE, PLAYERS, SET, STONES_EACH, TOWER, TOWERS, RukuniState,
    draw_start_player)


class Rukuni(RukuniState):
    """The rules on the position of rukuni_state.py (RukuniState: its slots)."""

    def __init__(self, board, header):
        if not isinstance(board, HexBoard):
            board = HexBoard(board)
        position = header.get("position") or {}
        tower_names = position.get("towers", board.towers)
        if not tower_names:
            raise LayoutError("the layout needs a list of 'towers': the cells where they start")
        if "towers" in position and (not isinstance(tower_names, list) or len(tower_names) != TOWERS):
            raise Illegal("the start position must place all %d towers, as a list of %d cells; it gives %s"
                          % (TOWERS, TOWERS, len(tower_names) if isinstance(tower_names, list) else repr(tower_names)))
        RukuniState.__init__(self, board, len(tower_names))
        first = header.get("first", "white")
        if first == "lot":
            first = draw_start_player(header.get("seed", 0))
        s = self.s
        s[self.base + ACTIVE] = player_index(PLAYERS, first, "start player")
        for t in range(self.ntower):
            c = self._free_cell(tower_names[t], "tower")
            s[c] = TOWER
            s[self._towers + t] = c
        left = [STONES_EACH, STONES_EACH]
        stones = position.get("stones") or {}
        for name in sorted(stones):  # the same first fault under every interpreter
            c = self._free_cell(name, "stone")
            p = player_index(PLAYERS, stones[name])
            left[p] -= 1
            if left[p] < 0:
                raise Illegal("the start position has more than %d %s stones" % (STONES_EACH, PLAYERS[p]))
            s[c] = p + 1
            self._join(c)
        s[self.base + LEFT] = left[0]
        s[self.base + LEFT + 1] = left[1]
        self._ops = {"move": self._move_event, "set": self._set_event}
        if not self.any_move() or (left[0] == 0 and left[1] == 0):
            self._finish()
        self.seen_all()
        self.start_here()

    def _free_cell(self, name, what):
        c = self.board.cell(name)
        if self.s[c]:
            raise Illegal("the start position puts a %s on %s, which is already taken" % (what, name))
        return c

    def ops(self):
        return self._ops

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
        at = self._towers
        for t in range(self.ntower):
            if self.can_move(s[at + t]):
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

    def legal_events(self):
        """Game.legal_events: each tower's moves (tower by tower, direction by
        direction, near to far), or after a move the cells for the stone."""
        phase = self.phase()
        if phase == OVER:
            return
        s = self.s
        names = self.board.names
        if phase == SET:
            for c in self.board.around[self.moved()]:
                if s[c] == FREE:
                    yield {"op": "set", "at": names[c]}
            return
        step = self.board.step
        for t in range(self._towers, self._towers + self.ntower):
            a = s[t]
            for d in range(6):
                c = step[a * 6 + d]
                while c != NONE and s[c] == FREE:
                    yield {"op": "move", "from": names[a], "to": names[c]}
                    c = step[c * 6 + d]

    # --- events by index (the device) and by name (the log) -------------------
    def move(self, a, b):
        self.act(self._move, (a, b))

    def put(self, c):
        self.act(self._set, c)

    def _move_event(self, ev):
        cell = self.board.cell
        a = cell(ev.get("from"))
        b = cell(ev.get("to"))
        self._move((a, b))
        self.seen(a)  # the player moved the tower
        self.seen(b)

    def _set_event(self, ev):
        c = self.board.cell(ev.get("at"))
        self._set(c)
        self.seen(c)

    def _move(self, ab):
        a, b = ab
        why = self.why_not_move(a, b)
        if why:
            raise Illegal(why)
        at = self._towers
        while self.s[at] != a:
            at += 1
        self.set(a, FREE)
        self.set(b, TOWER)
        self.set(at, b)
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
        self._join(c)
        self.set(self.base + LEFT + p, self.left(p) - 1)
        self.set(self.base + PHASE, MOVE)
        self._next_turn()

    def _next_turn(self):
        self.set(self.base + ACTIVE, 1 - self.active())
        if (self.left(0) == 0 and self.left(1) == 0) or not self.any_move():
            self._finish()
