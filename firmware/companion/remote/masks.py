"""Duell der Schamanen's masks kept secret in a remote game (docs/remote.md,
"Duell's masks"): commit and reveal, as the deal does with the seed.

A duel's two masks are chosen at once, each under its player's hood. Over
the network the log is shared, so a mask on the log is seen at once. So:

1. The second seat (Wolf) seals its mask: its board keeps the choice and a
   random salt (in a file beside the log: a power cut does not lose them)
   and says only their hash, in its state ("seal", with the duel's number).
   Nothing goes into the log.
2. The first seat (Bison) chooses once it has seen the seal: its mask line
   carries the seal it saw ("seal"), so the log holds Wolf's commitment
   before anything of Bison's is shown.
3. Wolf's board then logs Wolf's mask with the salt, by itself; every other
   board checks that the choice and salt hash to the seal in Bison's line,
   and refuses the line if not. The duel is then fought as at a table.

The Seat of a remote Duell holds one (seat.py: loaded for Duell only);
the other games never load this module.
"""

import json

from .deal import _text_hex, sha

DUEL = 1  # core/duell.py's phase (not imported: a Kahuna board never loads the Duell rules)


def _cap(name):
    return name[:1].upper() + name[1:]


def _hash(choice, salt):
    return sha("%d:%s" % (choice, salt))


class Masks:
    """Duell's masks for a Seat (above)."""

    def __init__(self, seat):
        self.s = seat  # the Seat: its app, seat, seats, sync, code, sure
        self.seal = None  # this board's sealed mask: (duel, choice, salt); () none (read from its file once)
        self.their = None  # the second seat's seal, seen in its state: (duel, hash)

    def _masks(self):
        """True while a duel waits for the masks (else the rules say no)."""
        return self.s.app.game is not None and self.s.app.game.phase() == DUEL

    def _seal_path(self):
        return "%s/remote-%s-mask.txt" % (self.s.app.store.root, self.s.code)

    def _my_seal(self):
        """(duel number, choice, salt) of this board's sealed mask, or None."""
        if self.seal is None:
            self.seal = ()
            try:
                with open(self._seal_path()) as f:
                    words = f.read(60).split()  # (a damaged file is no seal: the player chooses again)
                if len(words) == 3 and _text_hex(words[2], 16):
                    self.seal = (int(words[0]), int(words[1]), words[2])
            except (OSError, ValueError):
                pass
        return self.seal if self.seal and self.seal[0] == self.s.app.game.duels() else None

    def _shown_seal(self):
        """The seal in the first seat's mask line of this duel, or None."""
        if not self.s.app.game.chosen(0):
            return None
        for line in reversed(self.s.sync.lines):
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("op") == "mask" and e.get("by") == self.s.seats[0]:
                return e.get("seal")
        return None

    def check(self, event):
        """Why this board may not make this mask event now, or None."""
        if event.get("op") != "mask" or not self._masks():
            return None
        g = self.s.app.game
        if self.s.seat == self.s.seats[1]:
            mine = self._my_seal()
            if not g.chosen(0):
                return "your mask is sealed: %s's comes next" % _cap(self.s.seats[0]) if mine else None
            if mine is None or _hash(mine[1], mine[2]) != self._shown_seal() or event.get("choice") != mine[1]:
                return "your mask was sealed before %s's was shown: it stays" % _cap(self.s.seats[0])
            return None
        their = self.their
        if their is None or their[0] != g.duels():
            return "%s seals a mask first: yours is shown after it (a moment)" % _cap(self.s.seats[1])
        return None

    def sealing(self, event):
        """Accept a mask this board chose: True if it is sealed (nothing logged); else
        the event gets what the others check ("seal" or "salt") and is logged."""
        if event.get("op") != "mask" or not self._masks():
            return False
        g = self.s.app.game
        if self.s.seat == self.s.seats[0]:
            event["seal"] = self.their[1]
            return False
        mine = self._my_seal()
        if g.chosen(0):
            event["salt"] = mine[2]
            return False
        salt = "%08x%08x" % (self.s.app.seed() & 0xFFFFFFFF, self.s.app.seed() & 0xFFFFFFFF)
        self.seal = (g.duels(), event["choice"], salt)
        try:
            with open(self._seal_path(), "w") as f:
                f.write("%d %d %s" % self.seal)
        except OSError:
            pass
        self.s.sync.extra = {"seal": _hash(event["choice"], salt), "duel": g.duels()}
        self.s.sync.state()
        self.s.app.say("mask sealed: %s's is shown next, then yours" % _cap(self.s.seats[0]))
        return True

    def sealed(self, msg):
        """A state message: the second seat's seal, for the first seat's mask line."""
        if self.s.seat == self.s.seats[0] and msg["from"] == self.s.seats[1] and _text_hex(msg.get("seal"), 64) \
                and isinstance(msg.get("duel"), int):
            self.their = (msg["duel"], msg["seal"])

    def verify(self, event):
        """Why another board's mask line is refused, or None: the second seat's mask
        must hash, with its salt, to the seal in the first seat's line."""
        if event.get("op") != "mask" or not self._masks():
            return None
        g = self.s.app.game
        if event.get("by") == self.s.seats[0]:
            if not _text_hex(event.get("seal"), 64):  # (shown before the seal: the second seat could not choose)
                return "%s's mask carries no seal: %s seals first" % (_cap(self.s.seats[0]), _cap(self.s.seats[1]))
            mine = self._my_seal() if self.s.seat == self.s.seats[1] else None
            if mine is not None and event["seal"] != _hash(mine[1], mine[2]):
                return "%s's mask does not carry this board's seal" % _cap(self.s.seats[0])
            return None
        seal = self._shown_seal()
        if seal is None:
            return "%s's mask comes after %s's, which carries its seal" % (
                _cap(self.s.seats[1]), _cap(self.s.seats[0]))
        choice = event.get("choice")
        salt = event.get("salt")
        if not isinstance(choice, int) or not isinstance(salt, str) or _hash(choice, salt) != seal:
            return "%s's mask is not the one it sealed" % _cap(self.s.seats[1])
        return None

    def undo_problem(self):
        """Why this board may not ask to take back its last event, or None: a duel
        whose masks were both shown stays (the sealed mask could only be shown
        again, and a new choice would be made knowing the other's)."""
        if self.s.seat != self.s.seats[1] or self.s.sync.n < 2:
            return None
        if json.loads(self.s.sync.lines[-1]).get("op") == "mask":  # (the seat's own line: its author)
            return "a duel's masks, once both are shown, stay (docs/remote.md)"
        return None

    def reveal(self):
        """The second seat's board shows its sealed mask once the first seat's line
        (with the seal) is in the log: by itself, as its own event."""
        if self.seal == () or self.s.seat != self.s.seats[1] or not self.s.sure or not self._masks():
            return
        g = self.s.app.game
        mine = self._my_seal()
        if mine is None or not g.chosen(0) or g.chosen(1) or self.s.sync.behind():
            return
        if _hash(mine[1], mine[2]) == self._shown_seal():
            self.s.app.act(None, {"op": "mask", "player": self.s.seat, "choice": mine[1]})
