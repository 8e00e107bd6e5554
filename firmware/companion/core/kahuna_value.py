"""How the device opponent values a Kahuna board (core/kahuna_ai.py's Planner
builds on it): public facts only — the sticks and stones on the board, never a
hand. An island won is worth STONE; one not yet won is worth the progress
towards its majority of either player (PROGRESS times the share squared), a
stick short of it (CHANCE for the player, THREAT against), or nothing where
a majority can no longer be made; each stick on the board counts STICK.
Integers only, so every interpreter plays the same game.
"""

from . import const

STONE = const(100)
STICK = const(4)
PROGRESS = const(100)
THREAT = const(30)
CHANCE = const(15)


class BoardValue:
    def __init__(self, game):
        self.g = game
        self.tried = 0  # work units of the last decide(): candidates tried, boards valued
        self.iv = [0] * game.nisland  # island values for the player, before a move
        self.cval = [0] * len(game.board.conn_names)  # gain of a free stick, for the draw

    def island_value(self, x, me):
        """The island's worth to player code `me` (1 white, 2 black): public facts only."""
        g = self.g
        s = g.s
        them = 3 - me
        cm = 0
        co = 0
        for c in g.board.island_conns[x]:
            o = s[c]
            if o == me:
                cm += 1
            elif o == them:
                co += 1
        d = g.board.degree[x]
        need = d // 2 + 1
        free = d - cm - co
        st = s[g.nconn + x]
        if st == me:
            return STONE + 3 * (cm - need)
        if st == them:
            return -STONE - 3 * (co - need)
        v = 0
        if cm + free >= need:
            v += PROGRESS * cm * cm // (need * need)
            if cm == need - 1:
                v += CHANCE
        if co + free >= need:
            v -= PROGRESS * co * co // (need * need)
            if co == need - 1:
                v -= THREAT
        return v

    def board_value(self, me):
        g = self.g
        self.tried += 1  # the budget's unit: about one candidate's lines
        v = 0
        iv = self.iv
        for x in range(g.nisland):
            w = self.island_value(x, me)
            iv[x] = w
            v += w
        return v + STICK * (g.sticks(me - 1) - g.sticks(2 - me))

    def _after(self, me, base, c):
        """The board value after a move at connection c, from the cached island values."""
        g = self.g
        b = g.board
        v = base
        a = b.conn_a[c]
        e = b.conn_b[c]
        iv = self.iv
        if g.stones(0) + g.stones(1) != self._nstones or g.s[g.nconn + a] != self._sa or \
                g.s[g.nconn + e] != self._se:
            v = 0  # a stone moved: sticks left other islands too; count them all
            self.tried += 1
            for x in range(g.nisland):
                v += self.island_value(x, me)
        else:
            v += self.island_value(a, me) - iv[a] + self.island_value(e, me) - iv[e]
        return v + STICK * (g.sticks(me - 1) - g.sticks(2 - me))

    def _mark(self, c):
        g = self.g
        self._sa = g.s[g.nconn + g.board.conn_a[c]]
        self._se = g.s[g.nconn + g.board.conn_b[c]]

    # --- what a card is worth (the draw and the give-back) ---------------------------
    def card_value(self, i, me):
        """What a card of island i could do now: the best gain of a stick it pays for."""
        g = self.g
        s = g.s
        best = 0
        for c in g.board.island_conns[i]:
            if not s[c]:
                v = self.cval[c]
                if v > best:
                    best = v
        return best

    def _free_gains(self, me):
        """cval[c]: the gain of an own stick on each free connection (no card needed)."""
        g = self.g
        base = self.board_value(me)
        self._nstones = g.stones(0) + g.stones(1)
        for c in range(g.nconn):
            self.cval[c] = 0
            if g.s[c] or g.why_not_place(c):
                continue
            self._mark(c)
            g.act(g._place, c)
            v = self._after(me, base, c) - base
            g.take_back()
            self.tried += 1
            self.cval[c] = v if v > 0 else 0
