"""Duell der Schamanen for two players (RULES.md section 4, docs/duell.md).

State slots: one per stone (colour * 9 + value - 1) holding its site + 1
(0: not on the board yet). The same coding serves every variant, including
the profi variant's piles of one colour on a site. Then the scalars below.
Sites are numbered row * 3 + column and named "row,column" (0..2 each):
Bison's mask picks the row, Wolf's the column.
"""

from . import Illegal, LayoutError, const
from .game import Game, player_index

PLAYERS = ("bison", "wolf")
TITLED = ("Bison", "Wolf")  # a player named at the start of a line: "Bison may swap ..."
VARIANTS = ("memory", "profi")
MIGIS = const(18)
NSITES = const(9)
SITE_BYTE = tuple(bytes((k + 1,)) for k in range(NSITES))  # a stone's slot value on site k, for find()

# phases
PLACE = const(0)
DUEL = const(1)  # waiting for both masks
SWAP = const(2)  # after a duel: one player may swap (or move, profi)
OVER = const(3)
PHASES = ("place", "duel", "swap", "over")

# scalar slots, after the 18 stones
MIGI = const(18)  # +player
PHASE = const(20)
PLACED = const(21)  # stones placed so far (0..18)
MASK = const(22)  # +player: 0 none yet, else choice + 1
DUELS = const(24)  # duels fought: low byte, high byte
LAST_AT = const(26)  # the last duel: site + 1 (0: none yet)
LAST_VALUE = const(27)  # +player: the value (profi: total) each had there
LAST_WINNER = const(29)  # 0 none, 1 bison, 2 wolf, 3 draw
LAST_PAID = const(30)
WINNER = const(31)  # 0 none, 1 bison, 2 wolf, 3 draw
HOW = const(32)  # 1 all Migis, 2 time
NSLOTS = const(33)

ENDED_BY = (None, "migis", "time")


def site_name(k):
    return "%d,%d" % (k // 3, k % 3)


def placer(placed):
    """Who places the next stone: Bison 1, then two each in turn, Wolf's last turn 1."""
    if placed == 0:
        return 0
    return 1 if ((placed - 1) // 2) % 2 == 0 else 0


def stones_left_in_turn(placed):
    if placed == 0 or placed == 17:
        return 1
    return 2 - (placed - 1) % 2


class Duell(Game):
    players = PLAYERS

    def __init__(self, layout, header):
        names = [e.get("name") for e in (layout.get("sites") or ()) if isinstance(e, dict)]
        if sorted(names) != [site_name(k) for k in range(NSITES)]:
            raise LayoutError("a duel layout needs nine \"sites\" named \"row,column\" "
                              "(0,0 to 2,2); found %s" % (", ".join(str(n) for n in names) or "none"))
        Game.__init__(self, NSLOTS, 18)  # the board image: where each stone lies (game.py)
        self.variants = tuple(header.get("variants") or ())
        for v in self.variants:
            if v not in VARIANTS:
                raise Illegal("unknown variant %r: expected some of %s" % (v, ", ".join(VARIANTS)))
        self.memory = "memory" in self.variants
        self.profi = "profi" in self.variants
        if self.memory and self.profi:
            raise Illegal("the memory and profi variants do not mix: profi stones lie open")
        # the agreed time limit, for the device's clock (the core has none)
        self.minutes = header.get("minutes")
        if self.minutes is not None and (isinstance(self.minutes, bool) or not isinstance(self.minutes, int)
                                          or self.minutes < 1):
            raise Illegal("\"minutes\" %r: the time limit is a whole number of minutes" % (self.minutes,))
        s = self.s
        s[MIGI] = MIGIS // 2
        s[MIGI + 1] = MIGIS // 2
        s[PHASE] = PLACE
        # scratch space of the dead-end search (completable), made once so
        # that a check allocates nothing
        self._on = bytearray(18)  # colour * 9 + site -> value there, 0 none
        self._need_colour = bytearray(NSITES)  # per half-filled site: the colour it needs
        self._need_forbidden = bytearray(NSITES)  # and the value that stone must not have
        # the stones and the board image side by side, compared in C: nothing to do (todo_mask)
        self._stones = memoryview(s)[:18]
        self._image = memoryview(s)[self.real_at:self.real_at + 18]
        self._ops = {"put": self._put_event, "mask": self._mask_event, "swap": self._swap_event,
                     "move": self._move_event, "pass": self._pass, "time_up": self._time_up}

    # --- reading the state ---------------------------------------------------
    def ops(self):
        return self._ops

    def phase(self):
        return self.s[PHASE]

    def over(self):
        return self.s[PHASE] == OVER

    def migis(self, p):
        return self.s[MIGI + p]

    def duels(self):
        return self.s[DUELS] + 256 * self.s[DUELS + 1]

    def active(self):
        """Whose input the game waits for: a player, or None (masks, or over)."""
        phase = self.s[PHASE]
        if phase == PLACE:
            return placer(self.s[PLACED])
        if phase == SWAP:
            return self.swapper()
        return None

    def swapper(self):
        """Bison swaps after odd duels (1st, 3rd, ...), Wolf after even ones."""
        return 0 if self.duels() % 2 else 1

    def chosen(self, p):
        return self.s[MASK + p] != 0

    def stones_at(self, p, site):
        """The values of colour p's stones on a site, ascending (a new list:
        the event handlers use stone_on and total instead)."""
        s = self.s
        base = p * 9
        return [v for v in range(1, 10) if s[base + v - 1] == site + 1]

    def stone_on(self, p, site):
        """The lowest value of colour p's stones on a site; 0 if it holds none."""
        i = self.s.find(SITE_BYTE[site], p * 9, p * 9 + 9)  # in C: the first of its nine stones there
        return i - p * 9 + 1 if i >= 0 else 0

    def total(self, p, site):
        s = self.s
        base = p * 9 - 1
        n = 0
        for v in range(1, 10):
            if s[base + v] == site + 1:
                n += v
        return n

    def hand(self, p):
        s = self.s
        return [v for v in range(1, 10) if s[p * 9 + v - 1] == 0]

    def winner(self):
        """None until decided, then 0 bison, 1 wolf, 2 draw."""
        w = self.s[WINNER]
        return None if w == 0 else w - 1

    def ended_by(self):
        """None while playing, then "migis" (one player has them all) or "time"."""
        return ENDED_BY[self.s[HOW]]

    def last_duel(self):
        """The last duel as a dict (values revealed to both), or None."""
        s = self.s
        if not s[LAST_AT]:
            return None
        w = s[LAST_WINNER]
        return {"at": site_name(s[LAST_AT] - 1), "bison": s[LAST_VALUE], "wolf": s[LAST_VALUE + 1],
                "winner": "draw" if w == 3 else PLAYERS[w - 1], "paid": s[LAST_PAID]}

    def state(self, viewer=None):
        """The replay object. viewer: None shows everything (the referee);
        "bison", "wolf" or "public" hide, in the memory variant, the values
        that viewer may not see (shown as null)."""
        s = self.s
        hidden = [False, False]
        if self.memory and viewer is not None:
            hidden = [viewer != "bison", viewer != "wolf"]
        sites = {}
        for k in range(NSITES):
            here = {}
            for p in (0, 1):
                vals = self.stones_at(p, k)
                here[PLAYERS[p]] = [None] * len(vals) if hidden[p] else vals
            sites[site_name(k)] = here
        hand = {}
        for p in (0, 1):
            vals = self.hand(p)
            hand[PLAYERS[p]] = [None] * len(vals) if hidden[p] else vals
        a = self.active()
        w = self.winner()
        return {
            "phase": PHASES[s[PHASE]],
            "active": None if a is None else PLAYERS[a],
            "sites": sites,
            "hand": hand,
            "migis": {"bison": s[MIGI], "wolf": s[MIGI + 1]},
            "masks": {"bison": self.chosen(0), "wolf": self.chosen(1)},
            "duels": self.duels(),
            "duel": self.last_duel(),
            "over": self.over(),
            "winner": None if w is None else ("draw" if w == 2 else PLAYERS[w]),
            "ended_by": self.ended_by(),
            "todo": self.todo_state(),
        }

    # --- the physical board (game.py): elements are the nine sites ----------------
    tidy_after = True  # every press that is an event moves the stones itself

    def elements(self):
        return NSITES

    def todo_at(self, e):
        if self._stones == self._image:  # in C: the board is as the game says
            return 0
        s = self.s
        at = self.real_at
        here = e + 1
        t = 0
        for i in range(18):
            if s[i] != s[at + i]:
                if s[at + i] == here:
                    t |= 1
                if s[i] == here:
                    t |= 2
        return t

    def todo_mask(self):
        """Bit k set: site k has something to do (one pass over the 18 stones)."""
        if self._stones == self._image:  # in C: the board is as the game says
            return 0
        s = self.s
        at = self.real_at
        m = 0
        for i in range(18):
            if s[i] != s[at + i]:
                was = s[at + i]
                now = s[i]
                if was:
                    m |= 1 << (was - 1)
                if now:
                    m |= 1 << (now - 1)
        return m

    def todo_open(self):
        return self._stones != self._image

    def seen_all(self):
        if self._stones != self._image:
            Game.seen_all(self)

    def confirm(self, e):
        s = self.s
        at = self.real_at
        for i in range(18):
            if s[i] == e + 1 or s[at + i] == e + 1:
                self.seen(i)

    def element_index(self, name):
        return self.site(name)

    def element_name(self, e):
        return site_name(e)

    def piece(self, e, on):
        return "stone"

    # --- names from the log ------------------------------------------------------
    def site(self, name):
        if isinstance(name, str) and len(name) == 3 and name[1] == "," \
                and name[0] in "012" and name[2] in "012":
            return int(name[0]) * 3 + int(name[2])
        raise Illegal("unknown site %r: name it \"row,column\", 0..2 each, e.g. \"1,2\"" % (name,))

    def colour(self, ev, default):
        name = ev.get("player")
        return default if name is None else player_index(PLAYERS, name)

    def _value(self, v, what="value"):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 9:
            raise Illegal("%s %r: a stone's value is 1..9" % (what, v))
        return v

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

    def _finish(self, winner, how):
        self.set(MASK, 0)
        self.set(MASK + 1, 0)
        self.set(WINNER, winner + 1)
        self.set(HOW, how)
        self.set(PHASE, OVER)


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
