"""Duell der Schamanen for two players (RULES.md section 4, docs/duell.md): the rules.

What a press may do, the legal events and the events, on the position of
duell_state.py (its slots; its names are importable from here too).
"""

from . import Illegal
from .duell_state import (  # noqa: F401 - also what the UI and the tests take from duell
    DUEL, DUELS, LAST_AT, LAST_PAID, LAST_VALUE, LAST_WINNER, MASK, MIGI, NSITES, OVER, PHASE, PLACE, PLACED,
    PLAYERS, SWAP, TITLED, DuellState, placer, player_index, site_name, stones_left_in_turn)


class Duell(DuellState):
    def __init__(self, layout, header):
        DuellState.__init__(self, layout, header)
        self._ops = {"put": self._put_event, "mask": self._mask_event, "swap": self._swap_event,
                     "move": self._move_event, "pass": self._pass, "time_up": self._time_up}

    def ops(self):
        return self._ops

    # --- what a press may do -------------------------------------------------------
    def why_not_put(self, p, site, value):
        """None if the player to place may put colour p's stone `value` on a site, else why.

        In the memory variant the reason names no value and no opponent stone.
        """
        s = self.s
        phase = s[PHASE]
        if phase != PLACE:
            return "all 18 stones are placed" if phase != OVER else "the game is over"
        actor = placer(s[PLACED])
        name = PLAYERS[p]
        if p != actor and not self.profi:
            return "it is %s's turn to place" % PLAYERS[actor]
        if s[p * 9 + value - 1]:
            if self.memory:
                return "%s has placed that stone already" % TITLED[p]
            return "%s's %d is already on %s" % (TITLED[p], value, site_name(s[p * 9 + value - 1] - 1))
        if self.stone_on(p, site):
            return "%s already holds a %s stone" % (site_name(site), name)
        if self.memory:
            return None
        if self.stone_on(1 - p, site) == value:
            return "%s holds %s's %d: the two stones on a site must differ" % (
                site_name(site), PLAYERS[1 - p], value)
        s[p * 9 + value - 1] = site + 1  # try it (put back below; no journal needed)
        ok = self.completable()
        s[p * 9 + value - 1] = 0
        if not ok:
            return ("a dead end: after %s's %d on %s the remaining stones could not fill "
                    "every site with unequal values" % (name, value, site_name(site)))
        return None

    def completable(self):
        """Can the stones still in hand complete the board with unequal values?

        Sites with one stone need one of the other colour, not of equal value:
        a search tries the hands' values on them (at most nine sites, and it
        stops at the first completion). The stones then left pair up on the
        empty sites; that fails only when one stone of each colour is left and
        both have the same value (two or more per colour always pair up
        unequally).
        """
        s = self.s
        on = self._on  # all 0 between calls (placing: one stone per colour and site)
        bison = wolf = 0  # the hands: bit v set, value v in hand
        for i in range(18):
            if s[i]:
                on[(i // 9) * 9 + s[i] - 1] = i % 9 + 1
            elif i < 9:
                bison |= 1 << (i + 1)
            else:
                wolf |= 1 << (i - 8)
        colours = self._need_colour
        forbidden = self._need_forbidden
        n = 0  # sites that need a stone
        for k in range(NSITES):
            b = on[k]
            w = on[9 + k]
            on[k] = on[9 + k] = 0  # cleared for the next call
            if b and not w:
                colours[n] = 1
                forbidden[n] = b
                n += 1
            elif w and not b:
                colours[n] = 0
                forbidden[n] = w
                n += 1
        return _fill(colours, forbidden, 0, n, bison, wolf)

    # --- the legal events -----------------------------------------------------------
    def legal_events(self):
        """Game.legal_events: the stones to put (profi: of either colour), both
        players' masks while the duel waits for them, or the swapper's swaps
        (sites in order), moves (profi) and pass. A stone of a pile (profi) is
        named by its value; a lone stone is not. time_up is the clock's."""
        s = self.s
        phase = s[PHASE]
        if phase == PLACE:
            actor = placer(s[PLACED])
            for p in (actor, 1 - actor):
                if p == actor or self.profi:
                    for v in range(1, 10):
                        if not s[p * 9 + v - 1]:
                            for k in range(NSITES):
                                if not self.stone_on(p, k) and self.why_not_put(p, k, v) is None:
                                    yield {"op": "put", "player": PLAYERS[p], "at": site_name(k), "value": v}
        elif phase == DUEL:
            for p in (0, 1):
                if not s[MASK + p]:
                    for choice in range(3):
                        yield {"op": "mask", "player": PLAYERS[p], "choice": choice}
        elif phase == SWAP:
            actor = self.swapper()
            for p in (actor, 1 - actor):
                if p == actor or self.profi:
                    for ev in self._swaps(p):
                        yield ev
            yield {"op": "pass"}

    def _swaps(self, p):
        """The swaps (and profi's moves) of colour p's stones."""
        s = self.s
        base = p * 9 - 1
        check = not (self.memory or self.profi)
        for a in range(NSITES):
            for x in range(1, 10):
                if s[base + x] != a + 1:
                    continue
                na = self._pile(p, a)
                for b in range(a + 1, NSITES):
                    for y in range(1, 10):
                        if s[base + y] != b + 1:
                            continue
                        if check and (self.stone_on(1 - p, a) == y or self.stone_on(1 - p, b) == x):
                            continue
                        ev = {"op": "swap", "player": PLAYERS[p], "a": site_name(a), "b": site_name(b)}
                        if na > 1:
                            ev["value_a"] = x
                        if self._pile(p, b) > 1:
                            ev["value_b"] = y
                        yield ev
                if self.profi:
                    for b in range(NSITES):
                        if b != a:
                            ev = {"op": "move", "player": PLAYERS[p], "from": site_name(a), "to": site_name(b)}
                            if na > 1:
                                ev["value"] = x
                            yield ev

    def _pile(self, p, site):
        """How many of colour p's stones lie on a site."""
        s = self.s
        n = 0
        for i in range(p * 9, p * 9 + 9):
            if s[i] == site + 1:
                n += 1
        return n

    # --- events -------------------------------------------------------------
    def _put_event(self, ev):
        s = self.s
        if s[PHASE] != PLACE:
            raise Illegal("all 18 stones are placed: the duels are on (masks), not put")
        p = self.colour(ev, placer(s[PLACED]))
        site = self.site(ev.get("at"))
        value = self._value(ev.get("value"))
        why = self.why_not_put(p, site, value)
        if why:
            raise Illegal(why)
        self.set(p * 9 + value - 1, site + 1)
        self.set(PLACED, s[PLACED] + 1)
        if s[PLACED] == 2 * NSITES:
            self.set(PHASE, DUEL)

    def _mask_event(self, ev):
        s = self.s
        phase = s[PHASE]
        if phase == PLACE:
            raise Illegal("the duels start when all 18 stones are placed (%d to go)" % (18 - s[PLACED]))
        if phase == SWAP:
            raise Illegal("%s may swap two stones first (or pass with TURN)" % TITLED[self.swapper()])
        p = player_index(PLAYERS, ev.get("player"))
        choice = ev.get("choice")
        if choice not in (0, 1, 2) or isinstance(choice, bool):
            raise Illegal("mask choice %r: a mask is 0, 1 or 2 (%s)" % (
                choice, "the row" if p == 0 else "the column"))
        if s[MASK + p]:
            raise Illegal("%s has chosen a mask already" % TITLED[p])
        self.set(MASK + p, choice + 1)
        if s[MASK] and s[MASK + 1]:
            self._duel()

    def _duel(self):
        s = self.s
        site = (s[MASK] - 1) * 3 + s[MASK + 1] - 1
        self.set(MASK, 0)
        self.set(MASK + 1, 0)
        n = self.duels() + 1
        self.set(DUELS, n % 256)
        self.set(DUELS + 1, n // 256)
        b = self.total(0, site)
        w = self.total(1, site)
        paid = 0
        if b == w:
            result = 3
        else:
            winner = 0 if b > w else 1
            loser = 1 - winner
            paid = min(abs(b - w), s[MIGI + loser])
            self.set(MIGI + loser, s[MIGI + loser] - paid)
            self.set(MIGI + winner, s[MIGI + winner] + paid)
            result = winner + 1
        self.set(LAST_AT, site + 1)
        self.set(LAST_VALUE, b)
        self.set(LAST_VALUE + 1, w)
        self.set(LAST_WINNER, result)
        self.set(LAST_PAID, paid)
        if s[MIGI] == 0 or s[MIGI + 1] == 0:
            self._finish(0 if s[MIGI] else 1, 1)
        else:
            # A legal swap always exists (docs/duell.md), so no automatic pass.
            self.set(PHASE, SWAP)

    def _stone(self, p, site, value, key):
        """The value of colour p's stone on a site; `value` picks one of a pile."""
        if value is not None:
            value = self._value(value, key)
            if self.s[p * 9 + value - 1] != site + 1:
                raise Illegal("%s has no %s %d" % (site_name(site), PLAYERS[p], value))
            return value
        s = self.s
        base = p * 9 - 1
        n = 0  # colour p's stones there (profi: a pile), the last one found
        for v in range(1, 10):
            if s[base + v] == site + 1:
                n += 1
                found = v
        if not n:
            raise Illegal("%s holds no %s stone" % (site_name(site), PLAYERS[p]))
        if n > 1:
            raise Illegal("%s holds %d %s stones: say which with \"%s\"" % (
                site_name(site), n, PLAYERS[p], key))
        return found

    def _in_swap(self, what):
        phase = self.s[PHASE]
        if phase != SWAP:
            if phase == PLACE:
                raise Illegal("no %s while placing: %d stones to go" % (what, 18 - self.s[PLACED]))
            raise Illegal("no %s now: the next duel waits for the masks" % what)
        return self.swapper()

    def _swap_event(self, ev):
        actor = self._in_swap("swap")
        p = self.colour(ev, actor)
        if p != actor and not self.profi:
            raise Illegal("%s may swap only own stones" % TITLED[actor])
        a = self.site(ev.get("a"))
        b = self.site(ev.get("b"))
        if a == b:
            raise Illegal("a swap needs two different sites")
        x = self._stone(p, a, ev.get("value_a"), "value_a")
        y = self._stone(p, b, ev.get("value_b"), "value_b")
        if not (self.memory or self.profi):
            self._check_unequal(1 - p, a, y)
            self._check_unequal(1 - p, b, x)
        self.set(p * 9 + x - 1, b + 1)
        self.set(p * 9 + y - 1, a + 1)
        self.set(PHASE, DUEL)

    def _check_unequal(self, other, site, mine):
        """Refuse a swap that leaves `mine` beside the other colour's equal stone."""
        if self.stone_on(other, site) == mine:
            raise Illegal("after this swap %s would hold two %ds: the values on a site must differ"
                          % (site_name(site), mine))

    def _move_event(self, ev):
        actor = self._in_swap("move")
        if not self.profi:
            raise Illegal("moving a single stone is a profi-variant move: swap two stones")
        p = self.colour(ev, actor)
        a = self.site(ev.get("from"))
        b = self.site(ev.get("to"))
        if a == b:
            raise Illegal("a move needs two different sites")
        x = self._stone(p, a, ev.get("value"), "value")
        self.set(p * 9 + x - 1, b + 1)
        self.set(PHASE, DUEL)

    def _pass(self, _=None):
        self._in_swap("pass")
        self.set(PHASE, DUEL)

    def _time_up(self, _=None):
        b = self.s[MIGI]
        w = self.s[MIGI + 1]
        self._finish(0 if b > w else (1 if w > b else 2), 2)


def _fill(colours, forbidden, i, n, bison, wolf):
    """Give the needy sites i..n-1 a stone of colours[i], not of value
    forbidden[i], from the hands (bit masks)."""
    if i == n:
        # what is left pairs up on the empty sites
        return not (bison and bison == wolf and bison & (bison - 1) == 0)
    colour = colours[i]
    hand = wolf if colour else bison
    for v in range(1, 10):
        bit = 1 << v
        if hand & bit and v != forbidden[i]:
            if colour:
                ok = _fill(colours, forbidden, i + 1, n, bison, wolf & ~bit)
            else:
                ok = _fill(colours, forbidden, i + 1, n, bison & ~bit, wolf)
            if ok:
                return True
    return False
