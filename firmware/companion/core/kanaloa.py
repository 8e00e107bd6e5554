"""Kanaloa (Tilsit edition) for 3 or 4 players (RULES.md section 2).

State slots: one per connection (the bridge on it: 0 free, else player
index + 1), one per island (its marker, same coding), one per island (its
god stone, fixed when the game starts), one per island (who won that god
stone: player + 1, plus USED once it has worked), then the scalars below.
Decisions where the rule sheet is silent: docs/kanaloa.md.
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


class Kanaloa(Game):
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
        self._ops = {"place": self._place_event, "exchange": self._exchange_event,
                     "choose": self._choose_event, "use": self._use_event,
                     "end_turn": self._end_turn, "end_round": self._end_round,
                     "pass": self._pass}

    # --- reading the state -------------------------------------------------
    def ops(self):
        return self._ops

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

    # --- what a press may do -------------------------------------------------
    def _why_busy(self):
        if self.over():
            return "the game is over"
        if self.pending() is not None:
            return "first remove one bridge at %s (relative majority)" % self.board.island_names[self.pending()]
        return None

    def player_name(self, p):
        """Player p as a sentence names them: "Blue" (the log keeps the header's "blue")."""
        return self.players[p][:1].upper() + self.players[p][1:]

    def why_not_place(self, c):
        why = self._why_busy()
        if why:
            return why
        q = self.s[c]
        if q:
            return "%s already holds a %s bridge" % (self.board.conn_names[c], self.players[q - 1])
        p = self.active()
        if self.bridges(p) >= BRIDGES_EACH:
            return "%s has all %d bridges on the board" % (self.player_name(p), BRIDGES_EACH)
        return None

    def why_not_exchange(self, c):
        why = self._why_busy()
        if why:
            return why
        q = self.s[c]
        p = self.active()
        name = self.board.conn_names[c]
        if q == 0:
            return "%s is free: build there instead of exchanging" % name
        if q == p + 1:
            return "%s is already %s's own bridge" % (name, self.players[p])
        if self.bridges(p) >= BRIDGES_EACH:
            return "%s has all %d bridges on the board" % (self.player_name(p), BRIDGES_EACH)
        return None

    def why_not_choose(self, c):
        if self.over():
            return "the game is over"
        x = self.pending()
        if x is None:
            return "there is no bridge to choose: nobody filled an island with a relative majority"
        if not self.removable(c):
            return "%s cannot go: remove one at %s of a player with fewer bridges" % (
                self.board.conn_names[c], self.board.island_names[x])
        return None

    def why_not_use(self, god):
        why = self._why_busy()
        if why:
            return why
        name = GODS[god - 1]
        if god == KANE:
            return "KANE scores when it is won; it is not played"
        if self.phase() == FINAL:
            return "no god stone may be used in the last round"
        if self.get(ROUND) < 2:
            return "%s works only after the 1st scoring" % name
        if self.holds(self.active(), god) < 0:
            return "%s holds no unused %s stone" % (self.player_name(self.active()), name)
        return None

    def why_not_pass(self):
        why = self._why_busy()
        if why:
            return why
        if self.phase() != FINAL:
            return "passing is only for the last round; end the turn with TURN"
        p = self.active()
        if self.get(ACTED):
            return "%s has already moved this turn: end it with TURN" % self.player_name(p)
        for q in range(self.n):
            if q != p and self.get(FINAL_ORDER + q) == 0 and self.score(q) > self.score(p):
                return None
        return "%s may pass only while a player with more points has not had the last turn" % self.player_name(p)

    def legal_events(self):
        """Game.legal_events: the bridge to remove while one is pending; else
        builds and exchanges (each also with KANALOA when it may come), the god
        stones to use, TURN, the end of the round, a pass."""
        if self.over():
            return
        s = self.s
        names = self.board.conn_names
        x = self.pending()
        if x is not None:
            for c in self.board.island_conns[x]:
                if self.removable(c):
                    yield {"op": "choose", "at": names[c]}
            return
        me = self.active() + 1
        kanaloa = self.why_not_use(KANALOA) is None
        for c in range(self.nconn):
            q = s[c]
            if q == me:
                continue
            op = "exchange" if q else "place"
            if (self.why_not_exchange(c) if q else self.why_not_place(c)) is None:
                yield {"op": op, "at": names[c]}
                if kanaloa:
                    yield {"op": op, "at": names[c], "god": "KANALOA"}
        for god in range(KANALOA + 1, len(GODS) + 1):  # KANE is never played, KANALOA comes with a bridge
            if self.why_not_use(god) is None:
                yield {"op": "use", "god": GODS[god - 1]}
        yield {"op": "end_turn"}
        if self.phase() != FINAL:
            yield {"op": "end_round"}
        if self.why_not_pass() is None:
            yield {"op": "pass"}

    # --- events by index (the device) and by name (the log) -------------------
    def place(self, c, god=0):
        self.act(self._place, (c, god))

    def exchange(self, c, god=0):
        self.act(self._exchange, (c, god))

    def choose(self, c):
        self.act(self._choose, c)

    def use(self, god):
        self.act(self._use, god)

    def end_turn(self):
        self.act(self._end_turn)

    def end_round(self):
        self.act(self._end_round)

    def pass_turn(self):
        self.act(self._pass)

    def _bridge_god(self, ev):
        name = ev.get("god")
        if name is None:
            return 0
        if name != "KANALOA":
            raise Illegal("only KANALOA comes with a bridge; play %s with {\"op\": \"use\", \"god\": \"%s\"}"
                          % (name, name))
        return KANALOA

    def _place_event(self, ev):
        c = self.board.conn(ev.get("at"))
        self._place((c, self._bridge_god(ev)))
        self.seen(c)  # the press itself put the bridge on

    def _exchange_event(self, ev):
        c = self.board.conn(ev.get("at"))
        self._exchange((c, self._bridge_god(ev)))
        self.seen(c)

    def _choose_event(self, ev):
        c = self.board.conn(ev.get("at"))
        self._choose(c)
        self.seen(c)

    def _use_event(self, ev):
        god = god_code(ev.get("god"))
        if god == KANALOA:
            raise Illegal('KANALOA comes with a bridge: {"op": "place", "at": ..., "god": "KANALOA"} '
                          'or the same with "exchange"')
        self._use(god)

    # --- the rules -------------------------------------------------------------
    def _place(self, arg):
        c, god = arg
        why = self.why_not_place(c)
        if why:
            raise Illegal(why)
        if god:
            self._use(god)
        p = self.active()
        self.set(c, p + 1)
        self._add(BRIDGES + p, 1)
        self._after_bridge(c, True)

    def _exchange(self, arg):
        c, god = arg
        why = self.why_not_exchange(c)
        if why:
            raise Illegal(why)
        if god:
            self._use(god)
        self._lift(c)
        p = self.active()
        self.set(c, p + 1)
        self._add(BRIDGES + p, 1)
        self._after_bridge(c, False)

    def _after_bridge(self, c, filled):
        """The active player's new bridge on c: majorities, god stones, early win."""
        b = self.board
        me = self.active() + 1
        self.set(self.base + ACTED, 1)
        x = b.conn_a[c]
        y = b.conn_b[c]
        # no tuples in here: a game event should allocate next to nothing
        self._gain(me, x)
        self._gain(me, y)
        self._god_check(me, x)
        self._god_check(me, y)
        if filled:
            if self.free(x) == 0:
                self._relative(me, x)
            if self.free(y) == 0:
                self._relative(me, y)
        if self.markers(me - 1) >= EARLY_WIN_ISLANDS:
            self._finish(me - 1, BY_EARLY)

    def _gain(self, me, x):
        if self.marker(x) != me and 2 * self.count(me, x) > self.board.degree[x]:
            self._capture(me, x)

    def _god_check(self, me, x):
        if self.s[self.status_at + x] == 0 and self.count(me, x) == self.board.degree[x]:
            self._win_god(me, x)

    def _capture(self, me, x):
        """Absolute majority: a marker, and every other player's bridge at x goes."""
        self._set_marker(x, me)
        s = self.s
        for c in self.board.island_conns[x]:
            if s[c] and s[c] != me:
                self._lift(c)

    def _lift(self, c):
        """A bridge goes back to its owner, who may lose markers at its ends (one level)."""
        q = self.s[c]
        self.set(c, 0)
        self._add(BRIDGES + q - 1, -1)
        self._weaken(q, self.board.conn_a[c])
        self._weaken(q, self.board.conn_b[c])

    def _weaken(self, q, x):
        if self.marker(x) == q and 2 * self.count(q, x) <= self.board.degree[x]:
            self._set_marker(x, 0)

    def _set_marker(self, x, code):
        old = self.marker(x)
        if old:
            self._add(MARKERS + old - 1, -1)
        if code:
            self._add(MARKERS + code - 1, 1)
        self.set(self.markers_at + x, code)

    def _win_god(self, me, x):
        status = me
        if self.s[self.gods_at + x] == KANE:
            self._add(SCORE + me - 1, kane_points(self.board.degree[x]))
            status |= USED
        self.set(self.status_at + x, status)

    def _relative(self, me, x):
        """The last free connection of x filled: the most bridges there without an
        absolute majority removes one bridge of a player with fewer."""
        mine = self.count(me, x)
        if 2 * mine > self.board.degree[x]:
            return
        smaller = False
        for q in range(1, self.n + 1):
            if q != me:
                k = self.count(q, x)
                if k > mine:
                    return
                if 0 < k < mine:
                    smaller = True
        if not smaller:
            return
        if self.get(PENDING) == 0:
            self.set(self.base + PENDING, x + 1)
        else:
            self.set(self.base + PENDING2, x + 1)

    def _choose(self, c):
        why = self.why_not_choose(c)
        if why:
            raise Illegal(why)
        self._lift(c)
        self.set(self.base + PENDING, self.get(PENDING2))
        self.set(self.base + PENDING2, 0)

    def _use(self, god):
        why = self.why_not_use(god)
        if why:
            raise Illegal(why)
        x = self.holds(self.active(), god)
        self.set(self.status_at + x, self.s[self.status_at + x] | USED)

    def _end_turn(self, _=None):
        why = self._why_busy()
        if why:
            raise Illegal(why)
        self.seen_all()  # TURN: the board is tidy
        if self.phase() == FINAL:
            p = self.active()
            done = self.get(FINAL_DONE) + 1
            self.set(self.base + FINAL_DONE, done)
            self.set(self.base + FINAL_ORDER + p, done)
            if done == self.n:
                self._final_scoring()
                return
        self._next_player()

    def _end_round(self, _=None):
        why = self._why_busy()
        if why:
            raise Illegal(why)
        self.seen_all()  # TURN: the board is tidy
        if self.phase() == FINAL:
            raise Illegal("this is the last round: end each player's turn with TURN")
        rnd = self.get(ROUND)
        if rnd == 1:
            self._score(0, False)
            self.set(self.base + ROUND, 2)
        else:
            self.set(self.base + PHASE, FINAL)
        self._next_player()

    def _pass(self, _=None):
        why = self.why_not_pass()
        if why:
            raise Illegal(why)
        self.seen_all()
        self._next_player()

    def _next_player(self):
        """Clockwise to the next player who still has a turn."""
        p = self.active()
        final = self.phase() == FINAL
        for _ in range(self.n):
            p = (p + 1) % self.n
            if not final or self.get(FINAL_ORDER + p) == 0:
                break
        self.set(self.base + ACTIVE, p)
        self.set(self.base + ACTED, 0)

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
