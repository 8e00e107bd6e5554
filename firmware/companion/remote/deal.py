"""The deal of a remote game (docs/rules.md, "Remote play"): the host (the
game's first seat: Kahuna's white) commits to its part of the seed (a hash),
every other seat then shows its part, the host deals the header with all
the parts, and the others check it. No board chooses the seed knowing the
others' parts. A mixin of the Seat (seat.py): the parts are
kept in a file beside the log, so a reset does not deal again."""

from binascii import hexlify


def sha(text):
    from hashlib import sha256

    return hexlify(sha256(text.encode()).digest()).decode()


def deal_seed(*parts):
    """The seed of a remote game: every seat's part (in seat order, the host's first),
    none chosen knowing the others."""
    return int(sha(":".join(parts))[:7], 16)


def _hex(word, n):
    """word (bytes) is n lowercase hex digits: a part of the seed (16) or its SHA-256 (64)."""
    if len(word) != n:
        return False
    for c in word:
        if not (48 <= c <= 57 or 97 <= c <= 102):
            return False
    return True


def _text_hex(value, n):
    return isinstance(value, str) and _hex(value.encode(), n)


class Deal:
    """The Seat's part in the deal: its part of the seed, the host's commitment, the header's check.
    Needs self.seats (host first), self.host and self.nonces (seat -> part, the host's)."""

    def _part(self):
        """This board's part of the seed (and white's commitment, once seen), kept in a
        file beside the log: a reset does not change them (no dealing again to taste)."""
        path = "%s/remote-%s.txt" % (self.app.store.root, self.code)
        try:
            with open(path, "rb") as f:
                words = f.read(100).split()  # (a damaged file: what is not as written is made anew)
        except OSError:
            words = []
        self.fresh = not words or not _hex(words[0], 16)  # no part kept: a new board, or new storage
        if self.fresh:
            words = [("%08x%08x" % (self.app.seed() & 0xFFFFFFFF, self.app.seed() & 0xFFFFFFFF)).encode()]
        words = [w.decode() for w in words[:1] + [w for w in words[1:2] if _hex(w, 64)]]
        if self.commit and len(words) < 2:
            words.append(self.commit)
        self.part = words[0]
        self.commit = words[1] if len(words) > 1 else None
        try:
            with open(path, "w") as f:
                f.write(" ".join(words))
        except OSError:
            pass

    def _deal(self, msg):
        app = self.app
        if app.game is not None or self.part is None:
            return
        host = self.seat == self.host
        if not host and msg["from"] == self.host and _text_hex(msg.get("commit"), 64) and self.commit is None:
            self.commit = msg["commit"]
            self._part()  # kept: the header must match this commitment
        if not host and self.commit is not None and "nonce" not in self.sync.extra:
            self.sync.extra = {"nonce": self.part}
            self.sync.state()
        if host and msg["from"] in self.seats and _text_hex(msg.get("nonce"), 16):
            self.nonces[msg["from"]] = msg["nonce"]
            self._deal_now()

    def _deal_now(self):
        """The host, with no game yet, deals it once sure of its seat: a second board
        with the host's settings takes the game the broker keeps instead of dealing
        another one under its code. A header with a seed needs every seat's part;
        a game whose header names its players (Kanaloa) gets the seats."""
        app = self.app
        if not self.sure or app.game is not None or self.seat != self.host:
            return
        header = app.header()
        players = list(self.seats) if "players" in header else None
        if "seed" not in header:
            app.new_game(self.code, players=players)
        elif len(self.nonces) == len(self.seats) - 1:
            parts = [self.part] + [self.nonces[s] for s in self.seats[1:]]
            deal = {}
            for k in range(len(parts)):
                deal[self.seats[k]] = parts[k]
            app.new_game(self.code, deal_seed(*parts), deal, players=players)
        if app.game is not None:
            self.sync.extra = {}
            self.sync.local(app.store.read()[0])

    def fair(self, header):
        """None if the header's seed is the deal of both parts, else why not."""
        if "seed" not in header:
            return None
        d = header.get("deal")
        if not isinstance(d, dict) or [1 for s in self.seats if not isinstance(d.get(s), str)]:
            return "the header's seed has no deal of every board's part"
        if header["seed"] != deal_seed(*[d[s] for s in self.seats]):
            return "the header's seed is not the deal of its parts"
        if self.seat not in (None, self.host) and (d[self.seat] != self.part or self.commit != sha(d[self.host])):
            if self.fresh and self.commit is None:
                # A board that kept no part and saw no commitment (a friend's new page or
                # board joining a game already dealt) cannot check the deal; it joins the
                # game as dealt, rather than wait for ever (docs/remote.md, "Joining late").
                return None
            return "the deal does not use this board's part and %s's commitment" % self.host
        return None
