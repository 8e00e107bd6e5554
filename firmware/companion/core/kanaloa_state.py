"""Kanaloa's position (RULES.md section 2): its slots, reading them, the scorings.

State slots: one per connection (the bridge on it: 0 free, else player
index + 1), one per island (its marker, same coding), one per island (its
god stone, fixed when the game starts), one per island (who won that god
stone: player + 1, plus USED once it has worked), then the scalars below.
The rules that change it (what a press may do, the events) are in
kanaloa.py, a subclass. Decisions where the rule sheet is silent: docs/kanaloa.md.
"""

from . import Illegal, LayoutError, const
from .board import IslandBoard
from .game import Game, player_index, island_element, element_name
from .rng import Rng

COLOURS = ("red", "blue", "green", "yellow", "white", "orange")  # what the LEDs show (ui/kanaloa.py)
GODS = ("KANE", "KANALOA", "KU", "PELE", "LONO")  # god code = index + 1
KANE = const(1)
KANALOA = const(2)
BRIDGES_EACH = const(20)
MARKERS_EACH = const(10)
EARLY_WIN_ISLANDS = const(11)
USED = const(8)  # bit in a god stone's status slot

# phases
PLAY = const(1)
FINAL = const(2)  # every player's one last turn after round 2
OVER = const(3)

# how the result was decided
BY_POINTS = const(1)
BY_TIE_BREAK = const(2)
BY_EARLY = const(3)
DECIDED = (None, "points", "tie-break: earlier last move", "11 islands")

# scalar slots
ROUND = const(0)
ACTIVE = const(1)
PHASE = const(2)
FIRST = const(3)
WINNER = const(4)  # 0 none, else player + 1
HOW = const(5)
PENDING = const(6)  # island + 1 where the active player must remove a bridge
PENDING2 = const(7)  # a second one, when one bridge filled both its islands
ACTED = const(8)  # the active player has built or exchanged this turn
FINAL_DONE = const(9)  # final turns taken so far
SCORE = const(10)  # +player
BRIDGES = const(14)  # +player: bridges on the board
MARKERS = const(18)  # +player: islands controlled
FINAL_ORDER = const(22)  # +player: 0, or the rank (1..) of their final turn
SCORED = const(26)  # +4*scoring+player: points of that scoring
NSCALARS = const(34)


def god_code(name):
    for k in range(len(GODS)):
        if GODS[k] == name:
            return k + 1
    raise Illegal("unknown god %r: expected one of %s" % (name, ", ".join(GODS)))


def island_points(degree, bridges, final):
    """The scoring table: an island's points for its marker holder's bridges."""
    return degree - bridges + (1 if final else 0)


def kane_points(degree):
    """KANE: 1 on a small island (3), 2 on a large one (5), 3 on ORO (7)."""
    return (degree - 1) // 2


def deal_gods(pool, n, seed):
    """The hidden god stone of each of n islands: the pool shuffled by the seed."""
    stones = bytearray(n)
    k = 0
    for g in range(len(GODS)):
        for _ in range(pool.get(GODS[g], 0)):
            if k < n:
                stones[k] = g + 1
                k += 1
    rng = Rng(seed)
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        stones[i], stones[j] = stones[j], stones[i]
    return stones, rng


def check_pool(pool, n):
    if not isinstance(pool, dict):
        raise LayoutError("the layout needs a 'gods' pool, e.g. {\"KANE\": 4, \"KANALOA\": 3, ...}")
    total = 0
    for name in pool:
        if name not in GODS:
            raise LayoutError("'gods' names unknown god %r: expected some of %s" % (name, ", ".join(GODS)))
        if not isinstance(pool[name], int) or pool[name] < 0:
            raise LayoutError("'gods': %s needs a count of stones, found %r" % (name, pool[name]))
        total += pool[name]
    if total != n:
        raise LayoutError("'gods' holds %d stones but the board has %d islands: one stone per island"
                          % (total, n))


class KanaloaState(Game):
    """The position and what is read from it; Kanaloa (kanaloa.py) adds the rules."""

    def __init__(self, layout, header):
        board = self.board = IslandBoard(layout)
        nc = self.nconn = len(board.conn_names)
        ni = self.nisland = len(board.island_names)
        self.markers_at = nc
        self.gods_at = nc + ni
        self.status_at = nc + 2 * ni
        self.base = nc + 3 * ni
        Game.__init__(self, self.base + NSCALARS, self.gods_at)  # the board image: bridges and markers
        players = header.get("players")
        if not isinstance(players, list) or not 3 <= len(players) <= 4:
            raise Illegal('Kanaloa needs 3 or 4 players, e.g. "players": ["red", "blue", "green"]')
        for k in range(len(players)):
            if players[k] not in COLOURS:
                raise Illegal("player %r is not a colour the board can show: use %s"
                              % (players[k], ", ".join(COLOURS)))
            if players[k] in players[:k]:
                raise Illegal("two players are both %r: each needs a colour of their own" % players[k])
        self.players = tuple(players)
        self.n = len(players)
        seed = header.get("seed")
        if not isinstance(seed, int):
            raise Illegal('the header needs a "seed" (an integer) to hide the god stones')
        check_pool(layout.get("gods"), ni)
        stones, rng = deal_gods(layout["gods"], ni, seed)
        s = self.s
        for x in range(ni):
            s[self.gods_at + x] = stones[x]
        first = header.get("first", players[0])
        if first == "lot":
            first = players[rng.below(self.n)]
        first = player_index(self.players, first, "start player")
        b = self.base
        s[b + ROUND] = 1
        s[b + PHASE] = PLAY
        s[b + FIRST] = first
        s[b + ACTIVE] = first

    # --- reading the state -------------------------------------------------
    def get(self, slot):
        return self.s[self.base + slot]

    def phase(self):
        return self.get(PHASE)

    def over(self):
        return self.get(PHASE) == OVER

    def active(self):
        return self.get(ACTIVE)

    def owner(self, c):
        """0 free, else player index + 1."""
        return self.s[c]

    def marker(self, x):
        return self.s[self.markers_at + x]

    def score(self, p):
        return self.get(SCORE + p)

    def scores(self):
        return tuple(self.score(p) for p in range(len(self.players)))

    def bridges(self, p):
        return self.get(BRIDGES + p)

    def markers(self, p):
        return self.get(MARKERS + p)

    def count(self, code, x):
        s = self.s
        n = 0
        for c in self.board.island_conns[x]:
            if s[c] == code:
                n += 1
        return n

    def free(self, x):
        return self.count(0, x)

    def winner(self):
        w = self.get(WINNER)
        return None if w == 0 else w - 1

    def decided_by(self):
        return DECIDED[self.get(HOW)]

    def pending(self):
        """The island where the active player must remove a bridge, or None."""
        x = self.get(PENDING)
        return None if x == 0 else x - 1

    def removable(self, c):
        """True if c is one of the bridges the pending choice may remove."""
        x = self.pending()
        b = self.board
        if x is None or (b.conn_a[c] != x and b.conn_b[c] != x):
            return False
        q = self.s[c]
        me = self.active() + 1
        return q != 0 and q != me and self.count(q, x) < self.count(me, x)

    def candidates(self):
        return [c for c in range(self.nconn) if self.removable(c)]

    def god_of(self, x):
        """The god stone of island x if it has been won (0 while hidden)."""
        return self.s[self.gods_at + x] if self.s[self.status_at + x] else 0

    def god_holder(self, x):
        st = self.s[self.status_at + x]
        return None if st == 0 else (st & 7) - 1

    def god_used(self, x):
        return bool(self.s[self.status_at + x] & USED)

    def holds(self, p, god):
        """Island whose unused god stone `god` player p holds, or -1."""
        s = self.s
        for x in range(self.nisland):
            if s[self.status_at + x] == p + 1 and s[self.gods_at + x] == god:
                return x
        return -1

    def scoring_points(self, k, p):
        return self.get(SCORED + 4 * k + p)

    def scorings_done(self):
        if self.get(PHASE) == OVER and self.get(HOW) != BY_EARLY:
            return 2
        return 1 if self.get(ROUND) >= 2 else 0

    def island_scores(self, final):
        """(island, player, points) for every island with a marker, as scored now."""
        out = []
        for x in range(self.nisland):
            q = self.marker(x)
            if q:
                out.append((x, q - 1, island_points(self.board.degree[x], self.count(q, x), final)))
        return out

    def state(self):
        b = self.board
        s = self.s
        names = self.players
        sticks = {}
        for c in range(self.nconn):
            if s[c]:
                sticks[b.conn_names[c]] = names[s[c] - 1]
        stones = {}
        gods = {}
        for x in range(self.nisland):
            if self.marker(x):
                stones[b.island_names[x]] = names[self.marker(x) - 1]
            if s[self.status_at + x]:
                gods[b.island_names[x]] = {"god": GODS[self.god_of(x) - 1],
                                           "by": names[self.god_holder(x)], "used": self.god_used(x)}
        score = {}
        bridges = {}
        markers = {}
        final_turns = [None] * self.n
        for p in range(self.n):
            score[names[p]] = self.score(p)
            bridges[names[p]] = self.bridges(p)
            markers[names[p]] = self.markers(p)
            rank = self.get(FINAL_ORDER + p)
            if rank:
                final_turns[rank - 1] = names[p]
        scorings = []
        for k in range(self.scorings_done()):
            scorings.append(dict((names[p], self.scoring_points(k, p)) for p in range(self.n)))
        pending = None
        if self.pending() is not None:
            pending = {"island": b.island_names[self.pending()],
                       "remove_one_of": [b.conn_names[c] for c in self.candidates()]}
        w = self.winner()
        return {
            "round": self.get(ROUND),
            "active": names[self.active()],
            "sticks": sticks,
            "stones": stones,
            "score": score,
            "over": self.over(),
            "winner": None if w is None else names[w],
            "players": list(names),
            "bridges": bridges,
            "markers": markers,
            "gods": gods,
            "pending": pending,
            "last_round": self.phase() == FINAL,
            "final_turns": [p for p in final_turns if p is not None],
            "scorings": scorings,
            "decided_by": self.decided_by(),
            "todo": self.todo_state(),
        }

    # --- the physical board (game.py) ----------------------------------------
    def element_index(self, name):
        return island_element(self, name)

    def element_name(self, e):
        return element_name(self, e)

    def piece(self, e, on):
        return "bridge" if e < self.nconn else "marker"

    # --- the scorings and the end ------------------------------------------------
    def _score(self, k, final):
        s = self.s
        b = self.board
        for x in range(self.nisland):
            q = s[self.markers_at + x]
            if q:
                pts = island_points(b.degree[x], self.count(q, x), final)
                self._add(SCORE + q - 1, pts)
                self._add(SCORED + 4 * k + q - 1, pts)

    def _final_scoring(self):
        self._score(1, True)
        best = 0
        for p in range(1, self.n):
            if self.score(p) > self.score(best) or (
                    self.score(p) == self.score(best)
                    and self.get(FINAL_ORDER + p) < self.get(FINAL_ORDER + best)):
                best = p
        tied = False
        for p in range(self.n):
            if p != best and self.score(p) == self.score(best):
                tied = True
        self._finish(best, BY_TIE_BREAK if tied else BY_POINTS)

    def _finish(self, p, how):
        self.set(self.base + PENDING, 0)
        self.set(self.base + PENDING2, 0)
        self.set(self.base + WINNER, p + 1)
        self.set(self.base + HOW, how)
        self.set(self.base + PHASE, OVER)

    def _add(self, slot, delta):
        slot += self.base
        self.set(slot, self.s[slot] + delta)
