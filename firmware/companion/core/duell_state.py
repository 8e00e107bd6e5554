"""Duell der Schamanen's position (RULES.md section 4, docs/duell.md): its
slots, reading them, the physical board's to-do, names from the log.

State slots: one per stone (colour * 9 + value - 1) holding its site + 1
(0: not on the board yet). The same coding serves every variant, including
the profi variant's piles of one colour on a site. Then the scalars below.
Sites are numbered row * 3 + column and named "row,column" (0..2 each):
Bison's mask picks the row, Wolf's the column. The rules (what a press may
do, the events) are in duell.py, a subclass.
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


class DuellState(Game):
    """The position and what is read from it; Duell (duell.py) adds the rules."""

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

    # --- reading the state ---------------------------------------------------
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

    def scores(self):
        return (self.migis(0), self.migis(1))

    def decided_by(self):
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
            "ended_by": self.decided_by(),
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

    # --- the end -------------------------------------------------------------------
    def _finish(self, winner, how):
        self.set(MASK, 0)
        self.set(MASK + 1, 0)
        self.set(WINNER, winner + 1)
        self.set(HOW, how)
        self.set(PHASE, OVER)
