"""What every game shares: state in one bytearray, an undo journal, the event API.

A game keeps its whole state in `self.s` (one byte per slot) and changes it
only through `set()`. Each change is journalled as (slot, old value); undo
pops the changes of the last event. That makes undo exact and cheap for
every game without per-game code, and keeps the state compact on the device.
"""

from array import array

from . import Illegal


class Game:
    players = ()  # player names, in seat order

    def __init__(self, slots):
        if slots > 256:
            raise ValueError("a game's state must fit in 256 slots")
        self.s = bytearray(slots)
        # MicroPython's bytearray and array have no pop(): both grow by
        # doubling and keep their used length apart.
        self._journal = bytearray(256)  # room for a typical round: growing costs a copy
        self._jlen = 0
        self._marks = array("H", [0] * 128)
        self._nmarks = 0

    # --- state changes -------------------------------------------------
    def set(self, slot, value):
        s = self.s
        old = s[slot]
        if old != value:
            n = self._jlen
            j = self._journal
            if n + 2 > len(j):
                j = self._journal = j + bytearray(len(j))
            j[n] = slot
            j[n + 1] = old
            self._jlen = n + 2
            s[slot] = value

    def act(self, action, arg=None):
        """Run one event handler as a unit: all of it, or (if Illegal) none."""
        if self.over():
            raise Illegal("the game is over: start a new game from the menu")
        mark = self._jlen
        try:
            action(arg)
        except Exception:  # Illegal, or a malformed event: either way, no half-done change
            self._rewind(mark)
            raise
        n = self._nmarks
        m = self._marks
        if n == len(m):
            m = self._marks = m + array("H", [0] * len(m))
        m[n] = mark
        self._nmarks = n + 1

    def undo(self):
        """Take back the last event still in effect; False if there is none."""
        if not self._nmarks:
            return False
        self._nmarks -= 1
        self._rewind(self._marks[self._nmarks])
        return True

    def _rewind(self, mark):
        j = self._journal
        s = self.s
        n = self._jlen
        while n > mark:
            n -= 2
            s[j[n]] = j[n + 1]
        self._jlen = n

    def start_here(self):
        """What was set so far is the start position, not an event: undo stops here."""
        self._jlen = 0

    def events_in_effect(self):
        return self._nmarks

    # --- the interface each game fills in --------------------------------
    def apply(self, event):
        """Apply one log event (a dict with "op"); raise Illegal with a reason."""
        op = event.get("op")
        if op == "undo":
            self.undo()
            return
        handler = self.ops().get(op) if isinstance(op, str) else None
        if handler is None:
            raise Illegal("unknown op %r: this game knows %s" % (
                op, ", ".join(sorted(self.ops())) + ", undo"))
        self.act(handler, event)

    def ops(self):
        raise NotImplementedError

    def over(self):
        raise NotImplementedError

    def state(self):
        """The replay object: a dict of plain JSON values."""
        raise NotImplementedError

    # --- checkpoints (companion/store.py) ----------------------------------
    def snapshot(self):
        """The state as bytes: restore() gives it back, without the undo history."""
        return bytes(self.s)

    def restore(self, data):
        """Take the state of snapshot(); undo then stops here. False if it does not fit."""
        if len(data) != len(self.s):
            return False
        self.s[:] = data
        self._jlen = 0
        self._nmarks = 0
        self.restored = True
        return True


def player_index(players, name, what="player"):
    for i in range(len(players)):
        if players[i] == name:
            return i
    raise Illegal("unknown %s %r: expected one of %s" % (what, name, ", ".join(players)))
