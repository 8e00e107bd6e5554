"""What every game shares: state in one bytearray, an undo journal, the event API.

A game keeps its whole state in `self.s` (one byte per slot) and changes it
only through `set()`. Each change is journalled as (slot, old value); undo
pops the changes of the last event. That makes undo exact and cheap for
every game without per-game code, and keeps the state compact on the device.
"""

from . import Illegal, const

_CHUNK = const(256)  # bytes in one journal chunk: 128 changes
_MARK = const(255)  # a journal slot that starts an event (so a game has at most 255 slots)
_KEPT = const(192)  # journal bytes a checkpoint carries (96 changes: a few moves, or one big cascade)


class Game:
    players = ()  # player names, in seat order
    tidy_after = False  # True: every rules event leaves the real board matching (game.py)
    deck = False  # a digital deck of cards (Kahuna's cards variant): the UI shows hands
    restored = False  # True once restore() took a checkpoint: undo stops behind the events it carried
    board = None  # a game on a parsed board (IslandBoard, HexBoard): a new game may share it

    def sealed(self):
        """True while a step seen by both players may not be undone (Kahuna's
        digital deck: a card drawn from the pile)."""
        return False

    def __init__(self, slots, real=0):
        """slots: the rules' state; real: how many slots after them hold the
        image of the physical board (see "The physical board" below)."""
        if slots + real > _MARK:
            raise ValueError("a game's state must fit in 255 slots")
        self.s = bytearray(slots + real)
        self.nreal = real
        self.real_at = slots
        # The journal: (slot, old value) byte pairs, each event's preceded by
        # a (_MARK, 0) pair. It lives in chunks of _CHUNK bytes, never copied:
        # the largest allocation a game event makes is one new chunk.
        self._journal = bytearray(_CHUNK)  # the chunk in use, filled to _jlen
        self._jlen = 0
        self._full = []  # the chunks before it, full
        self._spare = None  # a chunk emptied by undo, used again before a new one
        self._nmarks = 0  # events in effect
        self.limit = 0  # full chunks kept (0: all); the board bounds the journal (app/play.py)
        self._lost = 0  # events in effect whose changes were dropped with old chunks: not undoable

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
        """A fresh journal chunk. What may allocate comes first, so that a
        MemoryError (a real one, or the heap lock App applies events under)
        leaves the journal as it was."""
        full = self._full
        lost = 0
        if self.limit and len(full) >= self.limit:
            # the oldest chunk goes (and is used again): the events marked in
            # it can no longer be undone from memory (app/play.py replays the log)
            old = full[0]
            for i in range(0, _CHUNK, 2):
                if old[i] == _MARK:
                    lost += 1
            fresh = self._spare or old
            full.pop(0)  # (the list keeps its room: the append below cannot fail)
        else:
            fresh = self._spare or bytearray(_CHUNK)
        full.append(self._journal)
        self._lost += lost
        self._journal = fresh
        self._spare = None
        self._jlen = 0
        return 0

    def act(self, action, arg=None, anytime=False):
        """Run one event handler as a unit: all of it, or (if Illegal) none."""
        if not anytime and self.over():
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
        """Take back the last event still in effect; False if there is none.

        Undoing a rules event leaves the image of the physical board as it is
        (UNDO moves no piece: what now differs is to be fixed on the board);
        undoing a confirmation (took_off, put_on, tidy) takes it back.
        An event whose changes left a bounded journal (`limit`) is not taken
        back here: see undoable()."""
        if self._nmarks <= self._lost:
            return False
        at = self.real_at
        n = self.nreal
        keep = self.s[at:at + n] if n else None  # first what allocates: a MemoryError changes nothing
        self._nmarks -= 1
        if self._rewind() and n:  # a rules event: the board image stays
            self.s[at:at + n] = keep
        return True

    def take_back(self):
        """Take back the last event wholly, the board image too (and past a
        sealed draw): a trial move of a search (core/kahuna_ai.py), never a
        player's UNDO. False if no event is in effect."""
        if self._nmarks <= self._lost:
            return False
        self._nmarks -= 1
        self._rewind()
        return True

    def _rewind(self):
        """Take back the changes of the last event, through its mark; True if
        it changed a slot outside the board image (a rules event)."""
        j = self._journal
        s = self.s
        n = self._jlen
        at = self.real_at
        end = at + self.nreal
        rules = False
        while True:
            if not n:
                self._spare = j
                j = self._journal = self._full.pop()
                n = _CHUNK
            n -= 2
            slot = j[n]
            if slot == _MARK:
                break
            if slot < at or slot >= end:
                rules = True
            s[slot] = j[n + 1]
        self._jlen = n
        return rules

    def start_here(self):
        """What was set so far is the start position, not an event: undo stops here."""
        self._jlen = 0
        self._full = []
        self._lost = 0

    def events_in_effect(self):
        return self._nmarks

    def undoable(self):
        """Events undo() can take back: all in effect, unless a bounded journal dropped some."""
        return self._nmarks - self._lost

    # --- the interface each game fills in --------------------------------
    def apply(self, event):
        """Apply one log event (a dict with "op"); raise Illegal with a reason."""
        op = event.get("op")
        if op == "undo":
            self.undo()
            return
        handler = self.ops().get(op) if isinstance(op, str) else None
        if handler is None and self.nreal and isinstance(op, str):
            handler = _CONFIRM.get(op)
            if handler is not None:
                self.act(handler, (self, event), True)  # also after the game is over
                return
        if handler is None:
            raise Illegal("unknown op %r: this game knows %s" % (
                op, ", ".join(sorted(self.ops())) + (", took_off, put_on, tidy" if self.nreal else "")
                + ", undo"))
        if self.tidy_after:
            self.act(_then_tidy, (self, handler, event))
        else:
            self.act(handler, event)

    # --- the physical board ------------------------------------------------
    # Slots real_at .. real_at + nreal - 1 hold an image of what stands on the
    # real board, coded like the rules' first nreal slots. Where the two
    # differ, the players still have something to take off or put on: the
    # to-do. Presses that do something on the board update the image in the
    # same event (see each game); the confirmation events took_off / put_on
    # (one element) and tidy (all) record the rest. Being state slots, the
    # image is journalled and replayed from the log like everything else.
    def seen(self, k):
        """Slot k of the real board now matches the rules (the press did it)."""
        self.set(self.real_at + k, self.s[k])

    def seen_all(self):
        s = self.s
        at = self.real_at
        for k in range(self.nreal):
            if s[at + k] != s[k]:
                self.set(at + k, s[k])

    def elements(self):
        """How many elements (places with a button) the to-do is counted in."""
        return self.nreal

    def todo_at(self, e):
        """0: nothing to do at element e; else TAKE_OFF | PUT_ON bits."""
        now = self.s[e]
        was = self.s[self.real_at + e]
        if now == was:
            return 0
        return (TAKE_OFF if was else 0) | (PUT_ON if now else 0)

    def confirm(self, e):
        self.seen(e)

    def todo_open(self):
        """Anything to do on the real board: its image differs from the
        game's first nreal slots, compared in C (a call of todo_at per
        element was most of the display's text, 5-10 ms on a Pico). Games
        that code the image otherwise (Rukuni, Duell) have their own."""
        n = self.nreal
        if not n:
            return False
        s = memoryview(self.s)
        return s[:n] != s[self.real_at:self.real_at + n]

    def element_index(self, name):
        raise NotImplementedError

    def element_name(self, e):
        raise NotImplementedError

    def piece(self, e, on):
        """The word for the piece to take off (on False) or put on at e."""
        return "piece"

    def todo_state(self):
        """The replay object's "todo": element names to take off and to put on."""
        off = []
        on = []
        for e in range(self.elements()):
            t = self.todo_at(e)
            if t & TAKE_OFF:
                off.append(self.element_name(e))
            if t & PUT_ON:
                on.append(self.element_name(e))
        return {"off": off, "on": on}


    def ops(self):
        raise NotImplementedError

    def legal_events(self):
        """Every event the player to move may make now, one at a time (a
        generator: one small dict each, nothing listed in advance), exactly
        as the log writes them: apply() takes each one. The players' choices
        only, each once: no undo, no confirmation of the physical board
        (took_off, put_on, tidy), nothing the device's clock decides (Duell's
        time_up). Nothing when the game is over. Where the log takes one
        choice in two spellings (two cards in either order, a swap's sites
        either way round) one is listed. Agrees with the rules' why_not_*
        answers: an event of a listed kind that is not listed is refused.
        Its users: the device opponent's tests, selfplay, review, the bench
        and the random tests (one list of the legal moves, not five)."""
        raise NotImplementedError

    def over(self):
        raise NotImplementedError

    # --- the result, as the words tell it (ui/words.py); a game overrides what it has
    END = "points"  # how its end is told: "points" (each player's), "scorings" (Kahuna's three), "groups" (Rukuni's)

    def scores(self):
        """Every player's points now, a tuple; () for a game that counts none while it is played."""
        return ()

    def decided_by(self):
        """None while playing, then what decided the game, in a few words (or None: nothing to say)."""
        return None

    def state(self):
        """The replay object: a dict of plain JSON values."""
        raise NotImplementedError

    # --- checkpoints (companion/store) -----------------------------------------
    def snapshot(self):
        """The state as bytes: restore() gives it back, without the undo history."""
        return bytes(self.s)

    def checkpoint(self):
        """snapshot(), then the journal of the last events in effect (whole
        events, at most _KEPT bytes): restored, they can be undone without a
        replay of the log from its first line (an UNDO right after a
        checkpoint is common: the checkpoint is written in the pause after a
        move, and the player then takes the move back)."""
        chunks = self._full[-1:] + [self._journal[:self._jlen]]
        j = b"".join(bytes(c) for c in chunks)[-_KEPT:]  # (even: every chunk is)
        for i in range(0, len(j), 2):
            if j[i] == _MARK:
                return bytes(self.s) + j[i:]
        return bytes(self.s)

    def fits(self, data):
        """True if every value of a snapshot is in its range (a game with checkpoints checks them)."""
        return True

    def restore(self, data):
        """Take the state of snapshot() or checkpoint(), and the journal a
        checkpoint carries: undo then takes back those events, and stops
        there (`restored`). False if it does not fit."""
        n = len(self.s)
        tail = data[n:]
        if len(data) < n or len(tail) % 2 or len(tail) > _KEPT or not self.fits(data[:n]):
            return False
        marks = 0
        for i in range(0, len(tail), 2):
            if tail[i] == _MARK:
                marks += 1
            elif tail[i] >= n or not marks:  # a change outside the state, or before any event
                return False
        self.s[:] = data[:n]
        self.start_here()
        self._journal[:len(tail)] = tail
        self._jlen = len(tail)
        self._nmarks = marks
        self.restored = True
        return True


def player_index(players, name, what="player"):
    for i in range(len(players)):
        if players[i] == name:
            return i
    raise Illegal("unknown %s %r: expected one of %s" % (what, name, ", ".join(players)))


def island_element(game, name):
    """An island board's element by name: connection k, or island nconn + i."""
    b = game.board
    if isinstance(name, str) and "-" in name:
        return b.conn(name)
    return game.nconn + b.island(name)


def element_name(game, e):
    b = game.board
    return b.conn_names[e] if e < game.nconn else b.island_names[e - game.nconn]


TAKE_OFF = 1
PUT_ON = 2


def _confirm_one(arg):
    game, event = arg
    e = game.element_index(event.get("at"))
    t = game.todo_at(e)
    op = event["op"]
    if op == "took_off" and not t & TAKE_OFF:
        raise Illegal("nothing to take off at %s" % game.element_name(e))
    if op == "put_on" and not t & PUT_ON:
        raise Illegal("nothing to put on at %s" % game.element_name(e))
    game.confirm(e)


def _then_tidy(arg):
    game, handler, event = arg
    handler(event)
    game.seen_all()


def _tidy(arg):
    game = arg[0]
    if not game.todo_open():
        raise Illegal("nothing to do on the board: it matches the game")
    game.seen_all()


_CONFIRM = {"took_off": _confirm_one, "put_on": _confirm_one, "tidy": _tidy}
