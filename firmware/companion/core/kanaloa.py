"""Kanaloa (Tilsit edition) for 3 or 4 players (RULES.md section 2): the rules.

What a press may do, the events and what they change, on the position of
kanaloa_state.py (its slots and scorings; its names are importable from
here too). Decisions where the rule sheet is silent: docs/kanaloa.md.
"""

from . import Illegal
from .kanaloa_state import (  # noqa: F401 - also what the UI and the tests take from kanaloa
    ACTED, ACTIVE, BRIDGES, BRIDGES_EACH, BY_EARLY, EARLY_WIN_ISLANDS, FINAL, FINAL_DONE, FINAL_ORDER, GODS,
    KANALOA, KANE, MARKERS, PENDING, PENDING2, PHASE, ROUND, SCORE, USED, KanaloaState, deal_gods, god_code,
    island_points, kane_points)


class Kanaloa(KanaloaState):
    def __init__(self, layout, header):
        KanaloaState.__init__(self, layout, header)
        self._ops = {"place": self._place_event, "exchange": self._exchange_event,
                     "choose": self._choose_event, "use": self._use_event,
                     "end_turn": self._end_turn, "end_round": self._end_round,
                     "pass": self._pass}

    def ops(self):
        return self._ops

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
