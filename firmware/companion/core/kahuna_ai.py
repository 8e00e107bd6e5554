"""The device opponent for Kahuna with the digital deck (solo play).

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

Levels (the menu's "Level", the header's "level", default strong):
- easy: at most one move a turn, the best by the board it leaves;
- normal: the climb, one card at a time, while a move gains more than its
  cards are worth (CARD each; issue 19);
- strong: the climb playing its cards more readily (a place counts
  PLACE_BONUS more than the board it leaves, a remove's pair costs PAIR),
  with a reply check: the TOP best moves of each step are weighed against
  the opponent's most harmful next stick (one that takes an island and
  lifts sticks around it; they may hold any card, so REPLY/4 of the harm
  counts); and in rounds 1 and 2, not ahead in stones, it skips the draw
  that would take the last card (and score the round now).
  Tuned by self-play against device-v1 on seeds 100-104 (docs/bench.md).
Every level works within a budget of BUDGET units (a unit is a candidate
move tried or a whole board valued, each a few hundred lines): the climb
stops, and a step keeps the candidates tried so far, when the units left are
those the draw needs (one per free connection, 4 for its options). So the
slowest turn stays near 30,000 lines (docs/bench.md, "The device opponent").
"""

from . import const
from .kahuna import ACTIVE, FINAL, PLAY, ROUND, STICKS_EACH
from .kahuna_value import BoardValue

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

# weights (integers: identical on every interpreter); the board's own: kahuna_value.py
CARD = const(12)  # what a card played costs (easy, normal): held, it could do more later
# strong: a stick placed counts PLACE_BONUS more than the board it leaves (a
# card held is worth less than one on the board: cards pile up to the 5 that
# stop the draw), a remove's two cards cost PAIR (self-play, issue 28)
PLACE_BONUS = const(20)
PAIR = const(12)
# strong: a remove that takes an island from the opponent counts BREAK more an
# island: the board's value sees the island one stick from theirs again, but
# they need that island's card and a turn to take it back (issue 46)
BREAK = const(40)
REPLY = const(1)  # quarters of the opponent's best reply's harm that count (they may lack the card)
TOP = const(3)  # moves per step given the reply check
BUDGET = const(52)  # work units a turn (see above): its time on the chip

EASY = const(0)
NORMAL = const(1)
STRONG = const(2)
LEVELS = ("easy", "normal", "strong")


def level_of(game):
    """The header's level (default strong), as EASY, NORMAL or STRONG."""
    name = game.level
    return LEVELS.index(name) if name in LEVELS else STRONG


def step_event(board, step):
    """A step (kind, conn, card, card) as a log event (a dict)."""
    kind, c, i, j = step
    names = board.island_names
    if kind == PLACE:
        return {"op": "place", "at": board.conn_names[c], "card": names[i]}
    if kind == REMOVE:
        return {"op": "remove", "at": board.conn_names[c], "cards": [names[i], names[j]]}
    if kind == FREE:
        return {"op": "place", "at": board.conn_names[c]}
    if kind == DISCARD:
        return {"op": "discard", "card": names[i]}
    if kind == DRAW_FACE:
        return {"op": "draw", "card": names[i]}
    if kind == DRAW_PILE:
        return {"op": "draw", "from": "pile"}
    return {"op": "end_turn"}


class Planner(BoardValue):
    def __init__(self, game, level=None):
        BoardValue.__init__(self, game)
        self.level = level_of(game) if level is None else level
        self.limit = 10000
        self.top_c = bytearray(TOP)  # the reply check's candidates: connection, kind, cards
        self.top_k = bytearray(TOP)
        self.top_i = bytearray(TOP)
        self.top_j = bytearray(TOP)
        self.top_v = [0] * TOP
        self.steps = bytearray(4 * MAX_STEPS)
        self.n = 0

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
        return step_event(self.g.board, self.step(k))

    # --- deciding a turn -------------------------------------------------------------
    def decide(self):
        """Plan the active player's turn; the game is left exactly as it was."""
        g = self.g
        self.n = 0
        self.tried = 0
        p = g.active()
        me = p + 1
        if g.phase() != PLAY:
            place = pair = 0  # the final turns: a card left in hand is worth nothing
        elif self.level == STRONG:
            place = -PLACE_BONUS
            pair = PAIR
        else:
            place = CARD
            pair = 2 * CARD
        depth = 0
        # the budget: the draw will value every free connection, 4 more for its options
        free = 4
        for c in range(g.nconn):
            if not g.s[c]:
                free += 1
        self.limit = BUDGET - free
        while not g.over() and self.n < MAX_STEPS - 3:
            if self.tried >= self.limit:
                break
            if not self._best_move(p, me, place, pair):
                break
            depth += 1
            if self.level == EASY:
                break
        self._draw(p, me)
        while depth:
            g.take_back()
            depth -= 1
        return self.n

    def _best_move(self, p, me, place, pair):
        """Find and make (on the game) the best move worth its cards (a place
        costs `place`, a remove `pair`); False if none."""
        g = self.g
        b = g.board
        s = g.s
        if g.gave_this_turn():
            return False
        base = self.board_value(me)
        self._nstones = g.stones(0) + g.stones(1)
        tv = self.top_v
        for k in range(TOP):
            tv[k] = -10000
        # variant 1: the freed connection, without a card
        f = g.freed()
        if f >= 0 and not g.why_not_place(f):
            self._mark(f)
            g.place_free(f)
            self._keep(self._after(me, base, f) - base, FREE, f, NONE, NONE)
            g.take_back()
        for i in range(g.nisland):
            if not g.hand(p, i):
                continue
            for c in b.island_conns[i]:
                if s[c] or g.why_not_place(c) or self.tried >= self.limit:
                    continue
                self._mark(c)
                g.place_card(c, i)
                self._keep(self._after(me, base, c) - base - place, PLACE, c, i, NONE)
                g.take_back()
        them = 3 - me
        for c in range(g.nconn):
            if s[c] != them or self.tried >= self.limit:
                continue
            a = b.conn_a[c]
            e = b.conn_b[c]
            i, j = self._pair(p, a, e)
            if i == NONE:
                continue
            self._mark(c)
            theirs = g.stones(them - 1)
            g.remove_cards(c, i, j)
            v = self._after(me, base, c) - base - pair
            if self.level == STRONG and g.stones(them - 1) < theirs:
                v += BREAK * (theirs - g.stones(them - 1))
            self._keep(v, REMOVE, c, i, j)
            g.take_back()
        k = 0
        if self.level == STRONG and self.tried + 4 * (TOP + 1) <= self.limit:
            k = self._reply_check(me)
        if tv[k] <= 0:
            return False
        bk = self.top_k[k]
        bc = self.top_c[k]
        bi = self.top_i[k]
        bj = self.top_j[k]
        self._make(bk, bc, bi, bj)
        self._add(bk, bc, bi, bj)
        return True

    def _keep(self, gain, kind, c, i, j):
        """Keep a tried move among the TOP best by gain (ties: the first tried)."""
        self.tried += 1
        if self.tried > self.limit:
            return  # over the budget (its last board recounted all): not a candidate
        tv = self.top_v
        k = TOP
        while k and gain > tv[k - 1]:
            k -= 1
        if k == TOP:
            return
        m = TOP - 1
        while m > k:
            tv[m] = tv[m - 1]
            self.top_k[m] = self.top_k[m - 1]
            self.top_c[m] = self.top_c[m - 1]
            self.top_i[m] = self.top_i[m - 1]
            self.top_j[m] = self.top_j[m - 1]
            m -= 1
        tv[k] = gain
        self.top_k[k] = kind
        self.top_c[k] = c
        self.top_i[k] = i
        self.top_j[k] = j

    def _make(self, kind, c, i, j):
        g = self.g
        if kind == PLACE:
            g.place_card(c, i)
        elif kind == REMOVE:
            g.remove_cards(c, i, j)
        else:
            g.place_free(c)

    def _reply_check(self, me):
        """Which of the TOP moves is best once the opponent's best reply is
        counted: its gain less what the reply would cost, beside that of
        making no move. Returns the index; top_v[k] holds the net gain."""
        tv = self.top_v
        now = self._harm(me)
        best = 0
        bv = -10000
        for k in range(TOP):
            if tv[k] <= -10000:
                break
            if tv[k] + now <= 0:  # even a reply cut to nothing would not make it worth it
                continue
            self._make(self.top_k[k], self.top_c[k], self.top_i[k], self.top_j[k])
            self.tried += 1
            v = tv[k] + now - self._harm(me)
            self.g.take_back()
            if v > bv:
                best, bv = k, v
        if bv <= 0:
            tv[0] = 0
            return 0
        tv[best] = bv
        return best

    def _harm(self, me):
        """REPLY/4 of the most the opponent's next stick could cost `me` here:
        a stick on an island where they lack one for the majority."""
        g = self.g
        if g.over():
            return 0
        b = g.board
        s = g.s
        them = 3 - me
        if g.sticks(them - 1) >= STICKS_EACH:
            return 0
        base = self.board_value(me)
        worst = 0
        for x in range(g.nisland):
            if s[g.nconn + x] == them:
                continue
            if 2 * (g.count(them, x) + 1) <= b.degree[x]:
                continue
            if self.tried >= self.limit:
                break  # the budget: the threats weighed so far
            for c in b.island_conns[x]:
                if s[c] or (g.variant1 and g._end_with_stone(c, me) >= 0):
                    continue
                g.act(self._as_them, c)
                self.tried += 1
                v = base - self.board_value(me)
                g.take_back()
                if v > worst:
                    worst = v
                break
        return worst * REPLY // 4

    def _as_them(self, c):
        g = self.g
        g.set(g.base + ACTIVE, 1 - g.active())
        g._place(c)

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
    def _draw(self, p, me):
        g = self.g
        if g.over():  # the turn's last move ended the game
            return
        if g.phase() != PLAY:
            self._add(SKIP, NONE, NONE, NONE)
            return
        n = g.hand_size(p)
        if n >= 5 and (g.played_this_turn() or (g.may_skip() and not self._behind(p))):
            self._add(SKIP, NONE, NONE, NONE)  # (a play leaves fewer than 5)
            return
        if self.level == STRONG and self._last_card() and g.get(ROUND) < 3 and g.may_skip() \
                and g.stones(p) <= g.stones(1 - p):
            self._add(SKIP, NONE, NONE, NONE)  # not ahead: the last card would score the round now
            return
        self._free_gains(me)
        if n >= 5:
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

    def _behind(self, p):
        """True when player p trails: fewer points, or as many and fewer stones.
        Behind, a full hand that found no move is given back for a fresh card
        rather than held (strong only; the lower levels hold it)."""
        g = self.g
        if self.level != STRONG:
            return False
        d = g.score(p) - g.score(1 - p)
        return d < 0 or (d == 0 and g.stones(p) < g.stones(1 - p))

    def _last_card(self):
        """True when one card is left to draw: taking it ends the round."""
        g = self.g
        if g.pile_size():
            return False
        n = 0
        for k in range(3):
            if g.face(k) >= 0:
                n += 1
        return n == 1

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
