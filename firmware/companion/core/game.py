"""What every game shares: state in one bytearray, an undo journal, the event API.

A game keeps its whole state in `self.s` (one byte per slot) and changes it
only through `set()`. Each change is journalled as (slot, old value); undo
pops the changes of the last event. That makes undo exact and cheap for
every game without per-game code, and keeps the state compact on the device.
"""

from . import Illegal, const

_CHUNK = const(256)  # bytes in one journal chunk: 128 changes
_MARK = const(255)  # a journal slot that starts an event (so a game has at most 255 slots)


class Game:
    players = ()  # player names, in seat order

    def __init__(self, slots):
        if slots > _MARK:
            raise ValueError("a game's state must fit in 255 slots")
        self.s = bytearray(slots)
        # The journal: (slot, old value) byte pairs, each event's preceded by
        # a (_MARK, 0) pair. It lives in chunks of _CHUNK bytes, never copied:
        # the largest allocation a game event makes is one new chunk.
        self._journal = bytearray(_CHUNK)  # the chunk in use, filled to _jlen
        self._jlen = 0
        self._full = []  # the chunks before it, full
        self._spare = None  # a chunk emptied by undo, used again before a new one
        self._nmarks = 0  # events in effect

    # --- state changes -------------------------------------------------
    def set(self, slot, value):
        s = self.s
        old = s[slot]
        if old != value:
            n = self._jlen
            if n == _CHUNK:
                n = self._next_chunk()
            j = self._journal
            j[n] = slot
            j[n + 1] = old
            self._jlen = n + 2
            s[slot] = value

    def _next_chunk(self):
        self._full.append(self._journal)
        self._journal = self._spare or bytearray(_CHUNK)
        self._spare = None
        self._jlen = 0
        return 0

    def act(self, action, arg=None):
        """Run one event handler as a unit: all of it, or (if Illegal) none."""
        if self.over():
            raise Illegal("the game is over: start a new game from the menu")
        n = self._jlen
        if n == _CHUNK:
            n = self._next_chunk()
        self._journal[n] = _MARK
        self._journal[n + 1] = 0
        self._jlen = n + 2
        try:
            action(arg)
        except Exception:  # Illegal, or a malformed event: either way, no half-done change
            self._rewind()
            raise
        self._nmarks += 1

    def undo(self):
        """Take back the last event still in effect; False if there is none."""
        if not self._nmarks:
            return False
        self._nmarks -= 1
        self._rewind()
        return True

    def _rewind(self):
        """Take back the changes of the last event, through its mark."""
        j = self._journal
        s = self.s
        n = self._jlen
        while True:
            if not n:
                self._spare = j
                j = self._journal = self._full.pop()
                n = _CHUNK
            n -= 2
            slot = j[n]
            if slot == _MARK:
                break
            s[slot] = j[n + 1]
        self._jlen = n

    def start_here(self):
        """What was set so far is the start position, not an event: undo stops here."""
        self._jlen = 0
        self._full = []

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


def player_index(players, name, what="player"):
    for i in range(len(players)):
        if players[i] == name:
            return i
    raise Illegal("unknown %s %r: expected one of %s" % (what, name, ", ".join(players)))
