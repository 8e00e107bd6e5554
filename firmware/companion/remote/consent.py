"""Undo by consent in a remote game (docs/rules.md, "Remote play"): a player
takes back their own events while still to play; past the other player's
turn (or while no one is to play: Duell's masks) only with the consent of
every other seat, who all saw the move: each other board shows the request,
its UNDO allows, TURN refuses. The board to play (while no one is, the one
that allows: two seats) makes the undo event once all have allowed it; with
three or four seats the others say so ("ok"). A mixin of the Seat (seat.py):
self.app, self.seat, self.seats, self.sync, self.authors, self.sure,
self.asked, self.asker, self.allowed, self.consented, self.masks.
"""


def name(seat):
    """A seat's name at the start of a sentence: "White", "Bison"."""
    return seat[:1].upper() + seat[1:] if seat else "a spectator"


class Consent:
    def undo(self):
        """UNDO pressed: an undo event, None (a request went out), or why not (str)."""
        app = self.app
        if not self.sure:
            return self._unsure()
        if self.asked == self.sync.n:  # another board asked: UNDO accepts
            return self._allow()
        if not self.authors:
            return "nothing to undo"
        if self.authors[-1] != self.seat:
            return "only your own last move can be taken back"
        why = self.masks.undo_problem() if self.masks else None
        if why:
            return why
        if self.active() == self.seat:
            return {"op": "undo"}
        self.sync.ask_undo()
        app.say("asked %s to allow the undo" % " and ".join([name(s) for s in self.seats if s != self.seat]))
        return None

    def _allow(self):
        """This board's player allows the asked undo: the board to play (any board
        but the asker's while no one is) makes the undo event once every other seat
        has allowed it too (more than two seats); the others say so."""
        who = self.active()
        if who not in (None, self.seat):
            self.sync.allow_undo(self.sync.n)
            self.asked = -1
            self.app.say("undo allowed")
            return None
        self.consented = True
        return self._undo_now()

    def _undo_now(self):
        for s in self.seats:
            if s not in (self.seat, self.asker) and s not in self.allowed:
                self.app.say("undo allowed: waiting for %s" % name(s))
                return None
        self.asked = -1
        self.consented = False
        return {"op": "undo"}

    def turn(self):
        """TURN pressed: True if it refused an undo request (and does nothing else)."""
        if self.asked != self.sync.n:
            return False
        self.asked = -1
        self.sync.refuse_undo(self.sync.n)
        self.app.say("undo refused")
        return True

    def consent(self, msg):
        """Another board asks to undo ("undo"), allows it ("ok") or refuses ("no")."""
        t = msg["t"]
        other = name(msg["from"])
        if t == "undo" and self.seat and msg["i"] == self.sync.n and self.active() != msg["from"]:
            self.asked = msg["i"]
            self.asker = msg["from"]
            self.allowed = []
            self.consented = False
            self.app.say("%s asks to undo: UNDO yes, TURN no" % other, news=True)
        elif t == "ok" and msg["i"] == self.sync.n and self.asked == msg["i"]:
            if msg["from"] not in self.allowed:
                self.allowed.append(msg["from"])
            if self.consented and self._undo_now():
                self.app.act(None, {"op": "undo"})
        elif t == "no":
            if self.asked == msg["i"]:
                self.asked = -1
            self.app.say("%s refused the undo" % other, news=True)
