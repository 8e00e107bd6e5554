"""The first device opponent (issue 19), kept as the self-play player "device-v1":
a frozen copy of companion/core/kahuna_ai.py as it was before issue 28, to
measure the new one against. Not on the device.

The device opponent for Kahuna with the digital deck (solo play).

`Planner(game).decide()` plans the active player's whole turn: which cards
to play and where, which stick to remove, which card to give back and which
card to draw. It tries each candidate move on the game itself (the undo
journal takes it back, board image and all: Game.take_back) and scores the
board it leaves. It sees only what its player may see: the board, its own
hand, the face-up row, the number of cards in the pile and in each hand,
the opponent's visible cards (variant 2) — never the opponent's hand, the
pile's order or the face-down discards.

The plan is a list of steps in a preallocated bytearray (kind, connection,
card, card), so deciding allocates nothing that grows with the game.
"""

from companion.core import const
from companion.core.kahuna import FINAL, PLAY

# step kinds
PLACE = const(1)  # conn, card
REMOVE = const(2)  # conn, card, card
FREE = const(3)  # variant 1: conn, no card
DISCARD = const(4)  # card: given back face down
DRAW_FACE = const(5)  # card: a face-up card
DRAW_PILE = const(6)
SKIP = const(7)  # end the turn without drawing (or a final turn)
KINDS = ("", "place", "remove", "free", "discard", "draw", "draw_pile", "skip")

MAX_STEPS = const(16)
NONE = const(255)

# weights (integers: identical on every interpreter)
STONE = const(100)
STICK = const(4)
PROGRESS = const(100)
THREAT = const(30)
CHANCE = const(15)
CARD = const(12)


class Planner:
    def __init__(self, game):
        self.g = game
        self.steps = bytearray(4 * MAX_STEPS)
        self.n = 0
        self.tried = 0  # candidate moves tried in the last decide()
        self.iv = [0] * game.nisland  # island values for the player, before a move
        self.cval = [0] * len(game.board.conn_names)  # gain of a free stick, for the draw

    # --- the plan -------------------------------------------------------------
    def _add(self, kind, c, i, j):
        k = 4 * self.n
        s = self.steps
        s[k] = kind
        s[k + 1] = c
        s[k + 2] = i
        s[k + 3] = j
        self.n += 1

    def step(self, k):
        """(kind, conn, card, card) of step k; NONE where a field is unused."""
        s = self.steps
        return s[4 * k], s[4 * k + 1], s[4 * k + 2], s[4 * k + 3]

    def event(self, k):
        """Step k as a log event (a dict), for the log and the host tools."""
        kind, c, i, j = self.step(k)
        b = self.g.board
        names = b.island_names
        if kind == PLACE:
            return {"op": "place", "at": b.conn_names[c], "card": names[i]}
        if kind == REMOVE:
            return {"op": "remove", "at": b.conn_names[c], "cards": [names[i], names[j]]}
        if kind == FREE:
            return {"op": "place", "at": b.conn_names[c]}
        if kind == DISCARD:
            return {"op": "discard", "card": names[i]}
        if kind == DRAW_FACE:
            return {"op": "draw", "card": names[i]}
        if kind == DRAW_PILE:
            return {"op": "draw", "from": "pile"}
        return {"op": "end_turn"}

    # --- scoring a board ---------------------------------------------------------
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
            for x in range(g.nisland):
                v += self.island_value(x, me)
        else:
            v += self.island_value(a, me) - iv[a] + self.island_value(e, me) - iv[e]
        return v + STICK * (g.sticks(me - 1) - g.sticks(2 - me))

    # --- deciding a turn -------------------------------------------------------------
    def decide(self):
        """Plan the active player's turn; the game is left exactly as it was."""
        g = self.g
        self.n = 0
        self.tried = 0
        p = g.active()
        me = p + 1
        card = CARD if g.phase() == PLAY else 0
        depth = 0
        while not g.over() and self.n < MAX_STEPS - 3:
            if not self._best_move(p, me, card):
                break
            depth += 1
        self._draw(p, me)
        while depth:
            g.take_back()
            depth -= 1
        return self.n

    def _best_move(self, p, me, card):
        """Find and make (on the game) the best move worth its cards; False if none."""
        g = self.g
        b = g.board
        s = g.s
        if g.gave_this_turn():
            return False
        base = self.board_value(me)
        self._nstones = g.stones(0) + g.stones(1)
        best = 0
        bk = 0
        bc = 0
        bi = 0
        bj = 0
        # variant 1: the freed connection, without a card
        f = g.freed()
        if f >= 0 and not g.why_not_place(f):
            self._mark(f)
            g.place_free(f)
            gain = self._after(me, base, f) - base
            g.take_back()
            self.tried += 1
            if gain > best:
                best, bk, bc, bi, bj = gain, FREE, f, NONE, NONE
        for i in range(g.nisland):
            if not g.hand(p, i):
                continue
            for c in b.island_conns[i]:
                if s[c] or g.why_not_place(c):
                    continue
                self._mark(c)
                g.place_card(c, i)
                gain = self._after(me, base, c) - base - card
                g.take_back()
                self.tried += 1
                if gain > best:
                    best, bk, bc, bi, bj = gain, PLACE, c, i, NONE
        them = 3 - me
        for c in range(g.nconn):
            if s[c] != them:
                continue
            a = b.conn_a[c]
            e = b.conn_b[c]
            i, j = self._pair(p, a, e)
            if i == NONE:
                continue
            self._mark(c)
            g.remove_cards(c, i, j)
            gain = self._after(me, base, c) - base - 2 * card
            g.take_back()
            self.tried += 1
            if gain > best:
                best, bk, bc, bi, bj = gain, REMOVE, c, i, j
        if not bk:
            return False
        if bk == PLACE:
            g.place_card(bc, bi)
        elif bk == REMOVE:
            g.remove_cards(bc, bi, bj)
        else:
            g.place_free(bc)
        self._add(bk, bc, bi, bj)
        return True

    def _mark(self, c):
        g = self.g
        self._sa = g.s[g.nconn + g.board.conn_a[c]]
        self._se = g.s[g.nconn + g.board.conn_b[c]]

    def _pair(self, p, a, e):
        """The cheapest two cards that remove a stick on a-e (spend the rarer use last)."""
        g = self.g
        ha = g.hand(p, a)
        he = g.hand(p, e)
        if ha and he:
            return a, e
        if ha >= 2:
            return a, a
        if he >= 2:
            return e, e
        return NONE, NONE

    # --- the draw ----------------------------------------------------------------------
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

    def _draw(self, p, me):
        g = self.g
        if g.over():  # the turn's last move ended the game
            return
        if g.phase() != PLAY:
            self._add(SKIP, NONE, NONE, NONE)
            return
        self._free_gains(me)
        n = g.hand_size(p)
        if n >= 5:
            if g.may_skip():
                self._add(SKIP, NONE, NONE, NONE)
                return
            if g.played_this_turn():  # cannot happen: a play leaves fewer than 5
                self._add(SKIP, NONE, NONE, NONE)
                return
            worst = NONE
            wv = 0
            for i in range(g.nisland):
                if g.hand(p, i):
                    v = self.card_value(i, me)
                    if worst == NONE or v < wv:
                        worst, wv = i, v
            self._add(DISCARD, NONE, worst, NONE)
        self.tried += 4  # the draw's candidates: the face-up cards and the pile
        best = NONE
        bv = -1
        total = 0
        for i in range(g.nisland):
            total += self.card_value(i, me)
        for k in range(3):
            i = g.face(k)
            if i >= 0:
                v = self.card_value(i, me)
                if v > bv:
                    best, bv = i, v
        if g.pile_size() and (best == NONE or bv * g.nisland < total):
            self._add(DRAW_PILE, NONE, NONE, NONE)
        else:
            self._add(DRAW_FACE, NONE, best, NONE)

    # --- carrying out a plan (the host tools and the self-play) ---------------------------
    def play_turn(self):
        """Decide and apply the whole turn to the game; returns the events applied."""
        self.decide()
        out = []
        for k in range(self.n):
            ev = self.event(k)
            self.g.apply(ev)
            out.append(ev)
        return out
