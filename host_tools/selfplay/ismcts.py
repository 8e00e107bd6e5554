"""The self-play player "ismcts": a plain information-set Monte Carlo tree
search (single observer, SO-ISMCTS), the yardstick of issue 28.

Each decision (one event of the turn) runs ITERATIONS iterations. Every
iteration deals the cards its player cannot see at random (a determinization:
the opponent's hidden cards, the pile's order, the opponent's face-down
discards), walks the tree by UCB over the actions legal in that deal, adds
one node, plays ROLLOUT random actions and scores the position with a
heuristic. It sees only what a player may: its own hand, the face-up row,
the cards played face up (it keeps count of them from the events, as a
player at the table would), the opponent's visible cards (variant 2) and the
sizes of the hands, the pile and the discard pile. Seeded: the game's random
generator drives it, so a self-play run repeats exactly.
"""

import copy
import math

from companion.core.kahuna import PLAY
from companion.core.kahuna_ai import DISCARD, DRAW_FACE, DRAW_PILE, FREE, PLACE, REMOVE, step_event
from companion.core.kahuna_ai import SKIP as END
from companion.core.kahuna_cards import FACE_UP

ITERATIONS = 200
ROLLOUT = 8
UCB_C = 0.7

# actions: (kind, conn, card, card), the device planner's step kinds


def clone(g):
    """A copy of the game to search on: its own state and an empty journal."""
    c = copy.copy(g)
    c.s = bytearray(g.s)
    c._journal = bytearray(256)
    c._jlen = 0
    c._full = []
    c._spare = None
    c._nmarks = 0
    return c


def actions(g):
    """Every legal action of the active player, by index: the core's
    legal_events, a remove with its first pair of cards only, give-backs
    only before the final turns (the search's choice)."""
    b = g.board
    out = []
    removed = -1
    for e in g.legal_events():
        op = e["op"]
        if op == "place":
            c = b.conn(e["at"])
            card = e.get("card")
            out.append((FREE, c, 0, 0) if card is None else (PLACE, c, b.island(card), 0))
        elif op == "remove":
            c = b.conn(e["at"])
            if c != removed:
                removed = c
                out.append((REMOVE, c, b.island(e["cards"][0]), b.island(e["cards"][1])))
        elif op == "discard":
            if g.phase() == PLAY:
                out.append((DISCARD, 0, b.island(e["card"]), 0))
        elif op == "draw":
            card = e.get("card")
            out.append((DRAW_PILE, 0, 0, 0) if card is None else (DRAW_FACE, 0, b.island(card), 0))
        else:
            out.append((END, 0, 0, 0))
    return out


def do(g, a):
    kind, c, i, j = a
    if kind == PLACE:
        g.place_card(c, i)
    elif kind == REMOVE:
        g.remove_cards(c, i, j)
    elif kind == FREE:
        g.place_free(c)
    elif kind == DISCARD:
        g.discard(i)
    elif kind == DRAW_FACE:
        g.draw_face(i)
    elif kind == DRAW_PILE:
        g.draw_pile()
    else:
        g.end_turn()


def event(g, a):
    """The action as a log event."""
    return step_event(g.board, a)


def value(g, me):
    """The position for player me (0, 1) in [0, 1]: the result, else a heuristic
    (points banked, islands held, islands one stick short, sticks, cards)."""
    if g.over():
        w = g.winner()
        return 0.5 if w == 2 else (1.0 if w == me else 0.0)
    e = 10.0 * (g.score(me) - g.score(1 - me)) + 0.3 * (g.sticks(me) - g.sticks(1 - me))
    e += 0.1 * (g.hand_size(me) - g.hand_size(1 - me))
    b = g.board
    for x in range(g.nisland):
        need = b.degree[x] // 2 + 1
        for who, sign in ((me, 3.0), (1 - me, -3.0)):
            n = g.count(who + 1, x)
            if n >= need:
                e += sign
            elif n == need - 1:
                e += sign / 3.0
    return 0.5 + 0.5 * math.tanh(e / 10.0)


class Node:
    __slots__ = ("who", "kids", "n", "w", "avail")

    def __init__(self, who):
        self.who = who  # the player who took the action leading here
        self.kids = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


class ISMCTS:
    def __init__(self, iterations=ITERATIONS, rollout=ROLLOUT):
        self.iterations = iterations
        self.rollout = rollout
        self.me = 0
        self.public = None  # cards of each island played face up into the discard pile

    def value(self, c, me):
        """The position for player me in [0, 1] at the end of a play-out."""
        return value(c, me)

    # --- what the player has seen ---------------------------------------------------
    def start(self, g, seat):
        self.me = seat
        self.public = [0] * g.nisland

    def observe(self, g, events, by):
        """A turn's events (by player `by`), after they were applied."""
        if self.public is None:
            self.public = [0] * g.nisland
        for e in events:
            op = e["op"]
            if op == "place" and e.get("card"):
                self.public[g.board.island(e["card"])] += 1
            elif op == "remove":
                for name in e["cards"]:
                    self.public[g.board.island(name)] += 1
            elif op == "discard" and by == self.me:
                self.public[g.board.island(e["card"])] += 1  # its own, face down: known to it
        if not g.discard_size():  # a round ended: the discards became the new pile
            self.public = [0] * g.nisland

    def determinize(self, c, rnd):
        """Deal the cards `me` cannot see at random into the copy c."""
        me = self.me
        them = 1 - me
        n = c.nisland
        s = c.s
        pool = []
        hidden = c.hand_size(them)
        for i in range(n):
            k = 2 - c.hand(me, i) - c.visible(them, i) - self.public[i]
            for f in range(FACE_UP):
                if c.face(f) == i:
                    k -= 1
            hidden -= c.visible(them, i)
            pool.extend([i] * k)
        rnd.shuffle(pool)
        pile = c.pile_size()
        down = len(pool) - hidden - pile  # the opponent's face-down discards
        assert down >= 0 and down + sum(self.public) == c.discard_size(), (down, self.public)
        k = 0
        for i in range(n):
            s[c.HAND + n * them + i] = c.visible(them, i)
            s[c.DISC + i] = self.public[i]
        for _ in range(hidden):
            s[c.HAND + n * them + pool[k]] += 1
            k += 1
        for t in range(pile):
            s[c.PILE + t] = pool[k]
            k += 1
        for _ in range(down):
            s[c.DISC + pool[k]] += 1
            k += 1

    # --- the search ------------------------------------------------------------------
    def decide(self, g, rnd):
        me = g.active()
        legal = actions(g)
        if len(legal) == 1:
            return legal[0]
        root = Node(1 - me)
        c = clone(g)
        for _ in range(self.iterations):
            self.determinize(c, rnd)
            node = root
            path = [root]
            depth = 0
            # selection
            while True:
                legal = actions(c)
                if not legal:
                    break
                for a in legal:
                    kid = node.kids.get(a)
                    if kid is not None:
                        kid.avail += 1
                fresh = [a for a in legal if a not in node.kids]
                if fresh:
                    a = rnd.choice(fresh)
                    kid = Node(c.active())
                    node.kids[a] = kid
                    kid.avail = 1
                    do(c, a)
                    depth += 1
                    path.append(kid)
                    break
                best, bv = None, -1.0
                for a in legal:
                    kid = node.kids[a]
                    v = kid.w / kid.n + UCB_C * math.sqrt(math.log(kid.avail) / kid.n)
                    if v > bv:
                        best, bv = a, v
                node = node.kids[best]
                do(c, best)
                depth += 1
                path.append(node)
            # rollout
            for _ in range(self.rollout):
                legal = actions(c)
                if not legal:
                    break
                do(c, rnd.choice(legal))
                depth += 1
            r = self.value(c, 0)
            for node in path:
                node.n += 1
                node.w += r if node.who == 0 else 1.0 - r
            while depth:
                c.take_back()
                depth -= 1
        best, bn = None, -1
        for a in actions(g):
            kid = root.kids.get(a)
            if kid is not None and kid.n > bn:
                best, bn = a, kid.n
        return best

    def __call__(self, g, rnd):
        out = []
        p = g.active()
        while not g.over() and g.active() == p:
            a = self.decide(g, rnd)
            ev = event(g, a)
            g.apply(ev)
            out.append(ev)
            if a[0] in (DRAW_FACE, DRAW_PILE, END):
                break
        return out
