"""Kahuna with the digital deck (RULES.md section 1, "Cards").

This module is the deck and the position: the deal, reading the cards,
the replay object. The rules with the deck (checks, legal events, the
events and their handlers) are in kahuna_cards.py, a subclass.

The companion holds the 24 island cards (two per island): it shuffles them
from the header's seed, deals 3 to each hand and 3 face up, and enforces
every card rule. The physical-card mode (`Kahuna`) is untouched: KahunaDeck
is a subclass that adds card slots after Kahuna's, KahunaCards one that adds
its own event handlers.

Card slots (after Kahuna's), one byte each, so undo and the journal cover
them like every other slot:
  HAND + 12*p + i  cards of island i in player p's hand
  VIS  + 12*p + i  of those, how many are visible (variant 2)
  DISC + i         cards of island i in the discard pile (face up or down)
  FACE + k         the face-up row: island + 1, or 0 for an empty place
  PILE + k         the draw pile, bottom first: island of each card
  then the scalars PILEN (cards in the pile), DTOP (island + 1 of the card
  on top of the discard pile), PLAYED and GAVE (cards played / given back
  face down this turn), SKIPPED (the previous turn ended without a draw),
  SEALED (the last event showed a card of the pile: undo stops there),
  FREED (variant 1: connection + 1 just freed by a remove), SHUFFLES.
"""

from . import Illegal, const
from .kahuna import PLAY, PLAYERS, Kahuna
from .rng import Rng


HAND_MAX = const(5)
DEAL = const(3)
FACE_UP = const(3)
NCARDS = const(24)
COPIES = const(2)


class KahunaDeck(Kahuna):
    """The cards' slots and what is read from them; KahunaCards (kahuna_cards.py) adds the rules."""

    deck = True

    def __init__(self, board, header):
        Kahuna.__init__(self, board, header)
        device = header.get("device")
        # solo play: the colour the device opponent plays (its turns are ordinary events)
        self.device = -1 if device is None else self._player(device)
        level = header.get("level", "strong")
        if level not in ("easy", "normal", "strong"):
            raise Illegal('"level" (the device opponent\'s) must be "easy", "normal" or "strong"')
        self.level = level
        seed = header.get("seed", 0)
        if not isinstance(seed, int):
            raise Illegal('"seed" must be a whole number: the deck is shuffled from it')
        self.seed = seed
        self.variant2 = "variant2" in self.variants
        n = self.nisland
        if n * COPIES != NCARDS:
            raise Illegal("the digital deck needs a board of 12 islands")
        c0 = len(self.s)
        self.HAND = c0
        self.VIS = c0 + 2 * n
        self.DISC = c0 + 4 * n
        self.FACE = self.DISC + n
        self.PILE = self.FACE + FACE_UP
        k = self.PILE + NCARDS
        self.PILEN = k
        self.DTOP = k + 1
        self.PLAYED = k + 2
        self.GAVE = k + 3
        self.SKIPPED = k + 4
        self.SEALED = k + 5
        self.FREED = k + 6
        self.SHUFFLES = k + 7
        total = k + 8
        if total > 255:  # the undo journal's event mark is slot 255 (game.py)
            raise ValueError("a game's state must fit in 255 slots")
        self.s = self.s + bytearray(total - c0)
        # The deal is the start position, written directly (no journal).
        s = self.s
        for c in range(NCARDS):
            s[self.PILE + c] = c // COPIES
        s[self.PILEN] = NCARDS
        self._shuffle_pile(self._rng(0), False)
        for p in (0, 1):
            for _ in range(DEAL):
                s[self.HAND + n * p + self._pop(False)] += 1
        for f in range(FACE_UP):
            s[self.FACE + f] = self._pop(False) + 1

    def fits(self, data):
        if not Kahuna.fits(self, data):
            return False
        n = self.nisland
        k = data[self.PILEN]
        if k > NCARDS or data[self.DTOP] > n or data[self.FREED] > self.nconn or data[self.SKIPPED] > 1 \
                or data[self.SEALED] > 1:
            return False
        for i in range(n):  # each island's two cards: in a hand, the discard pile, face up or the pile
            seen = data[self.HAND + i] + data[self.HAND + n + i] + data[self.DISC + i]
            if data[self.VIS + i] > data[self.HAND + i] or data[self.VIS + n + i] > data[self.HAND + n + i]:
                return False
            for f in range(FACE_UP):
                seen += data[self.FACE + f] == i + 1
            for c in range(k):
                seen += data[self.PILE + c] == i
            if seen != COPIES:
                return False
        for f in range(FACE_UP):
            if data[self.FACE + f] > n:
                return False
        for c in range(k):
            if data[self.PILE + c] >= n:
                return False
        return True

    def _player(self, name):
        from .game import player_index

        return player_index(PLAYERS, name, "device player")

    # --- the deck ---------------------------------------------------------
    def _rng(self, k):
        return Rng((self.seed + 7919 * k) & 0xFFFFFFFF)

    def _put(self, slot, value, journal):
        if journal:
            self.set(slot, value)
        else:
            self.s[slot] = value

    def _shuffle_pile(self, rng, journal):
        s = self.s
        base = self.PILE
        k = s[self.PILEN]
        while k > 1:
            j = rng.below(k)
            k -= 1
            a = s[base + k]
            self._put(base + k, s[base + j], journal)
            self._put(base + j, a, journal)

    def _pop(self, journal):
        """The top card of the pile (an island), taken off it."""
        n = self.s[self.PILEN] - 1
        self._put(self.PILEN, n, journal)
        return self.s[self.PILE + n]

    # --- reading the cards (public unless said) -------------------------------
    def hand(self, p, i):
        """Cards of island i in player p's hand: secret to p's opponent."""
        return self.s[self.HAND + self.nisland * p + i]

    def visible(self, p, i):
        """Cards of island i in p's hand that everybody has seen (variant 2)."""
        return self.s[self.VIS + self.nisland * p + i]

    def hand_size(self, p):
        s = self.s
        h = self.HAND + self.nisland * p
        n = 0
        for i in range(self.nisland):
            n += s[h + i]
        return n

    def face(self, k):
        """The island of face-up card k (0..2), or -1 for an empty place."""
        return self.s[self.FACE + k] - 1

    def pile_size(self):
        return self.s[self.PILEN]

    def discard_size(self):
        s = self.s
        n = 0
        for i in range(self.nisland):
            n += s[self.DISC + i]
        return n

    def discarded(self, i):
        return self.s[self.DISC + i]

    def discard_top(self):
        return self.s[self.DTOP] - 1

    def played_this_turn(self):
        return self.s[self.PLAYED]

    def gave_this_turn(self):
        return self.s[self.GAVE]

    def skipped_before(self):
        return self.s[self.SKIPPED] == 1

    def freed(self):
        return self.s[self.FREED] - 1

    def sealed(self):
        return self.s[self.SEALED] == 1

    def may_skip(self):
        return self.phase() == PLAY and not self.skipped_before()

    def may_draw(self):
        return self.phase() == PLAY and self.hand_size(self.active()) < HAND_MAX

    # --- undo -------------------------------------------------------------------
    def undo(self):
        """As Game.undo, but a draw that showed a card of the pile stays."""
        if self.s[self.SEALED]:
            return False
        return Kahuna.undo(self)

    # --- the replay object -----------------------------------------------------------
    def state(self):
        st = Kahuna.state(self)
        names = self.board.island_names
        hands = {}
        for p in (0, 1):
            h = {}
            for i in range(self.nisland):
                if self.hand(p, i):
                    h[names[i]] = self.hand(p, i)
            hands[PLAYERS[p]] = h
        cards = {
            "hands": hands,
            "face_up": [names[self.face(k)] if self.face(k) >= 0 else None for k in range(FACE_UP)],
            "pile": self.pile_size(),
            "discard": self.discard_size(),
            "discard_top": names[self.discard_top()] if self.discard_top() >= 0 else None,
            "played": self.played_this_turn(),
            "skipped": self.skipped_before(),
        }
        if self.variant2:
            vis = {}
            for p in (0, 1):
                v = {}
                for i in range(self.nisland):
                    if self.visible(p, i):
                        v[names[i]] = self.visible(p, i)
                vis[PLAYERS[p]] = v
            cards["visible"] = vis
        st["cards"] = cards
        return st

    def card_total(self):
        """Cards in hands + face up + pile + discard: always 24."""
        n = self.hand_size(0) + self.hand_size(1) + self.pile_size() + self.discard_size()
        for k in range(FACE_UP):
            if self.face(k) >= 0:
                n += 1
        return n
