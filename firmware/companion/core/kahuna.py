"""Kahuna for two players (RULES.md section 1).

State slots: one per connection (0 free, 1 white, 2 black), one per island
(the stone on it, same coding), then the scalars below.
"""

from . import Illegal, const
from .board import IslandBoard
from .game import Game, player_index, island_element, element_name
from .rng import Rng

PLAYERS = ("white", "black")
TITLED = ("White", "Black")  # a player named at the start of a line: "White has all 25 sticks ..."
STICKS_EACH = const(25)
STONES_EACH = const(10)
HANDICAP_MAX = const(3)

# phases
SETUP = const(0)  # the weaker player's handicap sticks, before the first turn
PLAY = const(1)
FINAL = const(2)  # the two extra turns after round 3
OVER = const(3)

# how the result was decided
BY_POINTS = const(1)
BY_FINAL = const(2)
BY_STICKS = const(3)
BY_DRAW = const(4)
BY_EARLY = const(5)
DECIDED = ("", "points", "final scoring", "sticks on the board", "draw", "early end")

# scalar slots, after the connections and islands
ROUND = const(0)
ACTIVE = const(1)  # 0 white, 1 black
PHASE = const(2)
LEFT = const(3)  # handicap sticks left (SETUP) or final turns left (FINAL)
WINNER = const(4)  # 0 none, 1 white, 2 black, 3 draw
HOW = const(5)
FIRST = const(6)
SCORE = const(7)  # +player
FINAL_POINTS = const(9)  # +player
STICKS = const(11)  # +player: sticks on the board
STONES = const(13)  # +player: stones on the board
SCORED = const(15)  # +scoring (0..2): the player index + 1 who scored, 3 nobody
NSCALARS = const(18)

VARIANTS = ("variant1", "variant2", "handicap")
_CODE = (b"\x01", b"\x02")
# the largest value of each scalar slot (a checkpoint's are checked against them)
_TOP = bytes((3, 1, 3, HANDICAP_MAX, 3, 5, 1, 255, 255, 255, 255, STICKS_EACH, STICKS_EACH, 255, 255, 3, 3, 3))


def draw_start_player(seed):
    return PLAYERS[Rng(seed).below(2)]


class Kahuna(Game):
    players = PLAYERS

    def __init__(self, board, header):
        if not isinstance(board, IslandBoard):
            board = IslandBoard(board)
        self.board = board
        self.nconn = len(board.conn_names)
        self.nisland = len(board.island_names)
        self.base = self.nconn + self.nisland
        Game.__init__(self, self.base + NSCALARS, self.base)
        variants = header.get("variants") or []
        if not isinstance(variants, list):
            raise Illegal('"variants" must be a list, e.g. ["variant1"]')
        self.variants = tuple(variants)
        for v in self.variants:
            if v not in VARIANTS:
                raise Illegal("unknown variant %r: expected some of %s" % (v, ", ".join(VARIANTS)))
        first = header.get("first", "white")
        if first == "lot":
            seed = header.get("seed", 0)
            if not isinstance(seed, int):
                raise Illegal('"seed" must be a whole number, to draw the start player by lot')
            first = draw_start_player(seed)
        first = player_index(PLAYERS, first, "start player")
        self.variant1 = "variant1" in self.variants
        hints = header.get("hints", False)
        if hints is not True and hints is not False:
            raise Illegal('"hints" must be true or false (the learners\' hints on the LEDs)')
        self.hints = hints
        b = self.base
        s = self.s
        s[b + ROUND] = 1
        s[b + FIRST] = first
        s[b + ACTIVE] = first
        s[b + PHASE] = PLAY
        weaker = header.get("handicap")
        if weaker is not None:
            s[b + ACTIVE] = player_index(PLAYERS, weaker, "handicap player")
            s[b + PHASE] = SETUP
            s[b + LEFT] = HANDICAP_MAX
        self._ops = {"place": self._place_event, "remove": self._remove_event,
                     "end_turn": self._end_turn, "end_round": self._end_round}

    # --- reading the state -------------------------------------------------
    def ops(self):
        return self._ops

    def get(self, slot):
        return self.s[self.base + slot]

    def over(self):
        return self.s[self.base + PHASE] == OVER

    def active(self):
        return self.s[self.base + ACTIVE]

    def phase(self):
        return self.s[self.base + PHASE]

    def owner(self, conn):
        """0 free, 1 white, 2 black."""
        return self.s[conn]

    def stone(self, island):
        return self.s[self.nconn + island]

    def count(self, player_code, island):
        s = self.s
        n = 0
        for c in self.board.island_conns[island]:
            if s[c] == player_code:
                n += 1
        return n

    def score(self, p):
        return self.s[self.base + SCORE + p]

    def sticks(self, p):
        return self.s[self.base + STICKS + p]

    def stones(self, p):
        return self.s[self.base + STONES + p]

    def winner(self):
        """None until decided, then 0 white, 1 black, 2 draw."""
        w = self.s[self.base + WINNER]
        return None if w == 0 else w - 1

    END = "scorings"

    def scores(self):
        return (self.score(0), self.score(1))

    def decided_by(self):
        return DECIDED[self.s[self.base + HOW]]

    def scoring_result(self, k):
        """Who scored at scoring k (0, 1, 2): None before it, -1 nobody, else a player."""
        v = self.s[self.base + SCORED + k]
        return None if v == 0 else (-1 if v == 3 else v - 1)

    def stone_supply_short(self, p):
        """True when a player's stones on the board exceed their 10 physical ones."""
        return self.stones(p) > STONES_EACH

    def state(self):
        from .kahuna_replay import state  # (the tools' view: the board never loads it)
        return state(self, self.get(ROUND))

    def fits(self, data):
        b = self.base
        for k in range(b):
            if data[k] > 2 or data[self.real_at + k] > 2:
                return False
        for p in (0, 1):  # the counts agree with the board
            if data[b + STICKS + p] != data[:self.nconn].count(_CODE[p]) or \
                    data[b + STONES + p] != data[self.nconn:b].count(_CODE[p]):
                return False
        for k in range(NSCALARS):
            if data[b + k] > _TOP[k]:
                return False
        over = data[b + PHASE] == OVER  # a result exactly when the game is over
        return data[b + ROUND] >= 1 and over == (data[b + WINNER] != 0) == (data[b + HOW] != 0)

    # --- the physical board (game.py) ----------------------------------------
    def element_index(self, name):
        return island_element(self, name)

    def element_name(self, e):
        return element_name(self, e)

    def piece(self, e, on):
        return "stick" if e < self.nconn else "stone"

    # --- what a press may do -------------------------------------------------
    def why_not_place(self, c):
        """None if the active player may put a stick on connection c, else why."""
        s = self.s
        b = self.board
        p = self.active()
        phase = self.phase()
        if phase == OVER:
            return "the game is over"
        if s[c]:
            return "%s already holds a %s stick" % (b.conn_names[c], PLAYERS[s[c] - 1])
        if phase == SETUP and self.get(LEFT) == 0:
            return "the handicap allows %d sticks: press TURN to start the game" % HANDICAP_MAX
        if self.sticks(p) >= STICKS_EACH:
            return "%s has all %d sticks on the board" % (TITLED[p], STICKS_EACH)
        if self.variant1:
            i = self._end_with_stone(c, 2 - p)
            if i >= 0:
                return "variant 1: %s carries a %s stone" % (b.island_names[i], PLAYERS[1 - p])
        return None

    def _end_with_stone(self, c, code):
        """An end island of connection c with a stone of player code `code`, or -1."""
        b = self.board
        end_a = b.conn_a[c]
        if self.s[self.nconn + end_a] == code:
            return end_a
        end_b = b.conn_b[c]
        return end_b if self.s[self.nconn + end_b] == code else -1

    def why_not_remove(self, c):
        s = self.s
        p = self.active()
        if self.phase() == OVER:
            return "the game is over"
        if self.phase() == SETUP:
            return "no removing during the handicap: place up to %d sticks, then press TURN" % HANDICAP_MAX
        if s[c] == 0:
            return "%s is empty: there is no stick to remove" % self.board.conn_names[c]
        if s[c] == p + 1:
            return "%s is %s's own stick: remove one of %s's" % (  # 4 display rows: the score stays
                self.board.conn_names[c], PLAYERS[p], PLAYERS[1 - p])
        return None

    def legal_events(self):
        """Game.legal_events (kahuna_replay.py: the board never loads it)."""
        from .kahuna_replay import legal_events
        return legal_events(self, self.phase() == PLAY)

    # --- events by index (the device) and by name (the log) -------------------
    def place(self, c):
        self.act(self._place, c)

    def remove(self, c):
        self.act(self._remove, c)

    def end_turn(self):
        self.act(self._end_turn)

    def end_round(self):
        self.act(self._end_round)

    def _place_event(self, ev):
        c = self.board.conn(ev.get("at"))
        self._place(c)
        self.seen(c)  # the player put the stick on

    def _remove_event(self, ev):
        c = self.board.conn(ev.get("at"))
        self._remove(c)
        self.seen(c)  # the player took the stick off

    def _place(self, c):
        why = self.why_not_place(c)
        if why:
            raise Illegal(why)
        b = self.board
        base = self.base
        p = self.active()
        me = p + 1
        self.set(c, me)
        self.set(base + STICKS + p, self.sticks(p) + 1)
        if self.phase() == SETUP:
            self.set(base + LEFT, self.get(LEFT) - 1)
        # Two calls, not a loop over a tuple: no allocation on the device.
        self._majority_check(p, b.conn_a[c])
        self._majority_check(p, b.conn_b[c])
        self._check_early_end()

    def _majority_check(self, p, x):
        """After p placed next to island x: a new majority takes the island."""
        me = p + 1
        if self.s[self.nconn + x] != me and 2 * self.count(me, x) > self.board.degree[x]:
            self._take_island(p, x)

    def _take_island(self, p, x):
        """p gains a majority on island x: stone, and the opponent's sticks there go."""
        self._set_stone(x, p + 1)
        them = 2 - p
        s = self.s
        for c in self.board.island_conns[x]:
            if s[c] == them:
                self._lift_stick(c)

    def _lift_stick(self, c):
        """An opponent stick leaves the board; they may lose stones at its ends."""
        s = self.s
        b = self.board
        them = s[c]
        self.set(c, 0)
        slot = self.base + STICKS + them - 1
        self.set(slot, s[slot] - 1)
        self._stone_check(them, b.conn_a[c])
        self._stone_check(them, b.conn_b[c])

    def _stone_check(self, them, x):
        """After a stick of player code `them` left island x: keep the stone only with a majority."""
        if self.s[self.nconn + x] == them and 2 * self.count(them, x) <= self.board.degree[x]:
            self._set_stone(x, 0)

    def _set_stone(self, x, code):
        slot = self.nconn + x
        old = self.s[slot]
        if old:
            self.set(self.base + STONES + old - 1, self.stones(old - 1) - 1)
        if code:
            self.set(self.base + STONES + code - 1, self.stones(code - 1) + 1)
        self.set(slot, code)

    def _remove(self, c):
        why = self.why_not_remove(c)
        if why:
            raise Illegal(why)
        self._lift_stick(c)
        self._check_early_end()

    def _end_turn(self, _=None):
        self.seen_all()  # TURN: the board is tidy (docs/rules.md, "The to-do")
        base = self.base
        phase = self.phase()
        if phase == SETUP:
            self.set(base + PHASE, PLAY)
            self.set(base + ACTIVE, self.get(FIRST))
            return
        self._next_player()
        if phase == FINAL:
            left = self.get(LEFT) - 1
            self.set(base + LEFT, left)
            if left == 0:
                self._final_scoring()
                return
        self._check_early_end()

    def _end_round(self, _=None):
        base = self.base
        phase = self.phase()
        if phase == SETUP:
            raise Illegal("the handicap comes before the first turn: press TURN to start")
        if phase == FINAL:
            raise Illegal("round 3 is over; these are the final turns: end them with TURN")
        self.seen_all()
        rnd = self.get(ROUND)
        if rnd < 3:
            self._award(rnd - 1, rnd)
            self.set(base + ROUND, rnd + 1)
        else:
            self.set(base + PHASE, FINAL)
            self.set(base + LEFT, 2)
        self._next_player()
        self._check_early_end()

    def _next_player(self):
        self.set(self.base + ACTIVE, 1 - self.active())

    def _award(self, k, points):
        """Scoring k: `points` to the player with more stones (a tie: nobody)."""
        lead = self._stone_leader()
        self.set(self.base + SCORED + k, 3 if lead < 0 else lead + 1)
        if lead >= 0:
            slot = self.base + SCORE + lead
            self.set(slot, self.s[slot] + points)
        return lead

    def _stone_leader(self):
        w = self.stones(0)
        b = self.stones(1)
        return 0 if w > b else (1 if b > w else -1)

    def _final_scoring(self):
        base = self.base
        lead = self._award(2, abs(self.stones(0) - self.stones(1)))
        if lead >= 0:
            self.set(base + FINAL_POINTS + lead, abs(self.stones(0) - self.stones(1)))
        winner, how = self._decide()
        self._finish(winner, how)

    def _decide(self):
        base = self.base
        for slot, how in ((SCORE, BY_POINTS), (FINAL_POINTS, BY_FINAL), (STICKS, BY_STICKS)):
            w = self.s[base + slot]
            b = self.s[base + slot + 1]
            if w != b:
                return (0 if w > b else 1), how
        return 2, BY_DRAW

    def _finish(self, winner, how):
        base = self.base
        self.set(base + WINNER, winner + 1)
        self.set(base + HOW, how)
        self.set(base + PHASE, OVER)

    def _check_early_end(self):
        """From round 2 on, a player with no stick left loses at once."""
        if self.get(ROUND) < 2 or self.over():
            return
        w = self.sticks(0)
        b = self.sticks(1)
        if (w == 0) != (b == 0):
            self._finish(1 if w == 0 else 0, BY_EARLY)
