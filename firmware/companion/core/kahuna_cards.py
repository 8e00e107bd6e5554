"""Kahuna with the digital deck (RULES.md section 1, "Cards"): the rules.

What a press may do with the cards, the legal events, the events and their
handlers, on the deck and position of kahuna_deck.py (the card slots are
described there; its names are importable from here too). The physical-card
mode (`Kahuna`) is untouched.
"""

from . import Illegal
from .kahuna import FINAL, OVER, PLAY, PLAYERS, SETUP, TITLED, Kahuna
from .kahuna_deck import FACE_UP, HAND_MAX, KahunaDeck  # (FACE_UP also for the tools)


class KahunaCards(KahunaDeck):
    def __init__(self, board, header):
        KahunaDeck.__init__(self, board, header)
        self._ops = {"place": self._place_card, "remove": self._remove_cards,
                     "discard": self._discard_event, "draw": self._draw_event,
                     "end_turn": self._end_turn_cards, "end_round": self._end_round_refused}

    # --- checks ------------------------------------------------------------------
    def _island(self, name):
        return self.board.island(name)

    def _begin(self):
        self.set(self.SEALED, 0)
        self.set(self.FREED, 0)

    def why_not_play(self):
        """None if the active player may play cards now, else why."""
        phase = self.phase()
        if phase == OVER:
            return "the game is over"
        if self.s[self.GAVE]:
            return "%s gave cards back face down this turn: no card may be played after that" % (
                TITLED[self.active()])
        return None

    def why_not_card(self, c, i):
        """None if the active player may place on connection c paying a card of island i."""
        why = self.why_not_play()
        if why:
            return why
        b = self.board
        if b.conn_a[c] != i and b.conn_b[c] != i:
            return "a %s card cannot pay for %s: the card must name one of its islands" % (
                b.island_names[i], b.conn_names[c])
        if not self.hand(self.active(), i):
            return "%s holds no %s card" % (TITLED[self.active()], b.island_names[i])
        return self.why_not_place(c)

    def why_not_pair(self, c, i, j):
        why = self.why_not_play()
        if why:
            return why
        b = self.board
        a = b.conn_a[c]
        e = b.conn_b[c]
        if (i != a and i != e) or (j != a and j != e):
            return "removing %s takes two cards of %s or %s" % (
                b.conn_names[c], b.island_names[a], b.island_names[e])
        p = self.active()
        need = 2 if i == j else 1
        if self.hand(p, i) < need or self.hand(p, j) < 1:
            return "%s does not hold those cards" % TITLED[p]
        return self.why_not_remove(c)

    # --- the legal events ------------------------------------------------------------
    def legal_events(self):
        """Game.legal_events with the deck: in this order (selfplay's players
        rely on it) the free stick (variant 1), each stick a held card pays
        for (card by card), each remove with the pairs of cards that pay for
        it (both islands, then two of one), the cards to give back, the
        draws, and TURN when it may end the turn."""
        if self.over():
            return
        s = self.s
        b = self.board
        names = b.conn_names
        islands = b.island_names
        p = self.active()
        phase = self.phase()
        if phase == SETUP:  # handicap sticks, without a card
            for c in range(self.nconn):
                if not s[c] and self.why_not_place(c) is None:
                    yield {"op": "place", "at": names[c]}
            yield {"op": "end_turn"}
            return
        if self.why_not_play() is None:
            f = self.freed()
            if f >= 0 and self.why_not_place(f) is None:
                yield {"op": "place", "at": names[f]}
            for i in range(self.nisland):
                if self.hand(p, i):
                    for c in b.island_conns[i]:
                        if not s[c] and self.why_not_place(c) is None:
                            yield {"op": "place", "at": names[c], "card": islands[i]}
            them = 2 - p
            for c in range(self.nconn):
                if s[c] == them and self.why_not_remove(c) is None:
                    a = b.conn_a[c]
                    e = b.conn_b[c]
                    ha = self.hand(p, a)
                    he = self.hand(p, e)
                    if ha and he:
                        yield {"op": "remove", "at": names[c], "cards": [islands[a], islands[e]]}
                    if ha >= 2:
                        yield {"op": "remove", "at": names[c], "cards": [islands[a], islands[a]]}
                    if he >= 2:
                        yield {"op": "remove", "at": names[c], "cards": [islands[e], islands[e]]}
        if not s[self.PLAYED]:
            for i in range(self.nisland):
                if self.hand(p, i):
                    yield {"op": "discard", "card": islands[i]}
        if phase == PLAY:
            if self.hand_size(p) < HAND_MAX:
                for k in range(FACE_UP):
                    i = s[self.FACE + k]
                    if i and (k < 1 or s[self.FACE] != i) and (k < 2 or s[self.FACE + 1] != i):
                        yield {"op": "draw", "card": islands[i - 1]}  # two alike: one choice
                if s[self.PILEN]:
                    yield {"op": "draw", "from": "pile"}
            if not s[self.SKIPPED]:
                yield {"op": "end_turn"}
        else:  # the final turns
            yield {"op": "end_turn"}

    # --- events by index (the device and the AI) -----------------------------------
    def place_card(self, c, i):
        self.act(self._place_idx, (c, i))

    def remove_cards(self, c, i, j):
        self.act(self._remove_idx, (c, i, j))

    def discard(self, i):
        self.act(self._discard_idx, i)

    def draw_face(self, i):
        self.act(self._draw_idx, i)

    def draw_pile(self):
        self.act(self._draw_idx, -1)

    def end_turn(self):
        self.act(self._end_turn_cards)

    # --- events by name (the log) -----------------------------------------------
    def _place_card(self, ev):
        c = self.board.conn(ev.get("at"))
        card = ev.get("card")
        self._place_idx((c, -1 if card is None else self._island(card)))

    def _remove_cards(self, ev):
        c = self.board.conn(ev.get("at"))
        cards = ev.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise Illegal('a remove names the two cards it pays with, e.g. "cards": ["HUNA", "HUNA"]')
        self._remove_idx((c, self._island(cards[0]), self._island(cards[1])))

    def _discard_event(self, ev):
        card = ev.get("card")
        if card is None:
            raise Illegal('a discard names its card, e.g. {"op": "discard", "card": "ALOA"}')
        self._discard_idx(self._island(card))

    def _draw_event(self, ev):
        card = ev.get("card")
        if card is None:
            if ev.get("from") != "pile":
                raise Illegal('a draw takes a face-up card {"op": "draw", "card": "ALOA"} '
                              'or the top of the pile {"op": "draw", "from": "pile"}')
            self._draw_idx(-1)
        else:
            self._draw_idx(self._island(card))

    def _end_round_refused(self, _=None):
        raise Illegal("with the digital deck the round ends by itself when the last card is drawn")

    # --- the handlers -------------------------------------------------------------
    def _place_idx(self, arg):
        c, i = arg
        self._begin()
        phase = self.phase()
        if phase == SETUP:  # handicap sticks cost no card
            if i >= 0:
                raise Illegal("handicap sticks are placed without a card")
            self._place(c)
            self.seen(c)
            return
        if i < 0:
            raise Illegal("a stick is paid with a card of one of its islands: name the card")
        why = self.why_not_card(c, i)
        if why:
            raise Illegal(why)
        self._place(c)
        self.seen(c)  # the press put the stick on (as in Kahuna): a cascade stays to do
        self._spend(i)

    def _place_free(self, c):
        """Variant 1: the stick on the connection a remove has just freed, without a card."""
        self._begin()
        why = self.why_not_play() or self.why_not_place(c)
        if why:
            raise Illegal(why)
        self._place(c)
        self.seen(c)

    def _remove_idx(self, arg):
        c, i, j = arg
        self._begin()
        why = self.why_not_pair(c, i, j)
        if why:
            raise Illegal(why)
        self._remove(c)
        self.seen(c)  # the press took the stick off
        self._spend(i)
        self._spend(j)
        if self.variant1:
            self.set(self.FREED, c + 1)

    def _spend(self, i):
        """A card of island i goes from the active hand face up onto the discard pile."""
        p = self.active()
        self._take(p, i)
        self.set(self.DISC + i, self.s[self.DISC + i] + 1)
        self.set(self.DTOP, i + 1)
        self.set(self.PLAYED, self.s[self.PLAYED] + 1)

    def _take(self, p, i):
        h = self.HAND + self.nisland * p + i
        self.set(h, self.s[h] - 1)
        v = self.VIS + self.nisland * p + i
        if self.s[v]:  # a visible copy is played (or given back) first
            self.set(v, self.s[v] - 1)

    def _discard_idx(self, i):
        self._begin()
        p = self.active()
        phase = self.phase()
        if phase == OVER:
            raise Illegal("the game is over")
        if phase == SETUP:
            raise Illegal("no cards during the handicap: press TURN to start")
        if self.s[self.PLAYED]:
            raise Illegal("%s has played cards this turn: only a player who plays none may "
                          "give cards back face down" % TITLED[p])
        if not self.hand(p, i):
            raise Illegal("%s holds no %s card" % (PLAYERS[p], self.board.island_names[i]))
        self._take(p, i)
        self.set(self.DISC + i, self.s[self.DISC + i] + 1)  # under the pile: the top stays
        self.set(self.GAVE, self.s[self.GAVE] + 1)

    def _draw_idx(self, i):
        """Draw face-up card of island i, or the pile's top (i < 0); the turn ends."""
        self._begin()
        p = self.active()
        phase = self.phase()
        if phase == OVER:
            raise Illegal("the game is over")
        if phase == SETUP:
            raise Illegal("no cards during the handicap: press TURN to start")
        if phase == FINAL:
            raise Illegal("no drawing in the final turns: end the turn with TURN")
        if self.hand_size(p) >= HAND_MAX:
            raise Illegal("%s holds %d cards: give one back face down before drawing" % (
                TITLED[p], HAND_MAX))
        s = self.s
        n = self.nisland
        if i < 0:
            if not s[self.PILEN]:
                raise Illegal("the pile is empty: take a face-up card")
            got = self._pop(True)
            self.set(self.SEALED, 1)
        else:
            k = 0
            while k < FACE_UP and s[self.FACE + k] != i + 1:
                k += 1
            if k == FACE_UP:
                raise Illegal("no %s card is face up" % self.board.island_names[i])
            got = i
            if s[self.PILEN]:
                self.set(self.FACE + k, self._pop(True) + 1)
                self.set(self.SEALED, 1)
            else:
                self.set(self.FACE + k, 0)
            if self.variant2:
                v = self.VIS + n * p + i
                self.set(v, s[v] + 1)
        h = self.HAND + n * p + got
        self.set(h, s[h] + 1)
        self._turn_over(0)
        if not s[self.PILEN] and not s[self.FACE] and not s[self.FACE + 1] and not s[self.FACE + 2]:
            self._round_over()
        else:
            self._end_turn(None)

    def _turn_over(self, skipped):
        self.set(self.PLAYED, 0)
        self.set(self.GAVE, 0)
        self.set(self.SKIPPED, skipped)

    def _round_over(self):
        """The last card is drawn: scoring (Kahuna's end of round), then a new pile."""
        rnd = self.get(0)  # ROUND
        if rnd < 3:
            s = self.s
            k = 0
            for i in range(self.nisland):
                for _ in range(s[self.DISC + i]):
                    self.set(self.PILE + k, i)
                    k += 1
                self.set(self.DISC + i, 0)
            self.set(self.PILEN, k)
            self.set(self.DTOP, 0)
            shuffles = s[self.SHUFFLES] + 1
            self.set(self.SHUFFLES, shuffles)
            self._shuffle_pile(self._rng(shuffles), True)
            for f in range(FACE_UP):
                if s[self.PILEN]:
                    self.set(self.FACE + f, self._pop(True) + 1)
            self.set(self.SEALED, 1)
        self._end_round(None)

    def _end_turn_cards(self, _=None):
        self._begin()
        phase = self.phase()
        if phase == PLAY:
            if self.s[self.SKIPPED]:
                raise Illegal("%s skipped drawing just before: %s must draw a card" % (
                    TITLED[1 - self.active()], PLAYERS[self.active()]))
            self._turn_over(1)
        elif phase == FINAL:
            self._turn_over(0)
        self._end_turn(None)

    def apply(self, event):
        # variant 1's free stick: a place without a card on the connection just freed
        if (self.variant1 and event.get("op") == "place" and event.get("card") is None
                and self.s[self.FREED] and self.phase() != SETUP):
            c = self.board.conn(event.get("at"))
            if c + 1 == self.s[self.FREED]:
                self.act(self._place_free, c)
                return
        Kahuna.apply(self, event)

    def place_free(self, c):
        if c + 1 != self.s[self.FREED]:
            raise Illegal("only the connection just freed by a remove takes a stick without a card")
        self.act(self._place_free, c)
