"""The App's saving: the events shown go to the log on flash after their
light, quiet-time work (merging, checkpoints) when nobody presses, and
what the display says when the flash cannot take them."""

from ..store.files import ENOSPC
from ..text import wrap

CHECKPOINTED = ("kahuna",)  # games whose whole state is Game.s (a checkpoint restores it)
MAX_PENDING = 32  # unsaved events kept in memory before the display warns that a reset loses them
CHECK_EVERY = 24  # logged lines between checkpoints: boot replays at most about this many


class Saving:
    """A part of App (play.py): self.pending holds the events shown but not
    yet in the log; self.header_due a new game's header not yet begun."""

    def soon(self):
        """True when quiet-time work should not wait for a long pause (the log
        has no raw block ready: Store.wants_block)."""
        return self.store.wants_block() and self.game is not None

    def idle(self):
        """The run loop calls this when nobody has pressed for a while: flash
        work that may erase (merging log pieces, a checkpoint) happens here,
        never between a press and its light. True: more is waiting (the run
        loop calls again after the same quiet while)."""
        if self.pending or self.header_due is not None:
            self._quiet = True
            self.flush()
            self._quiet = False
        if self.pending or self.header_due is not None or self.unsaved or self.game is None:
            return
        store = self.store
        try:
            due = self.game_name in CHECKPOINTED and store.n - self.checked >= CHECK_EVERY
            if store.maintain(due):
                return True  # one step (one erase at most) per quiet time: the checkpoint waits
            if due:
                store.save_check(self.game.checkpoint())
                self.checked = store.n
        except Exception:  # OSError, MemoryError...: the log itself is safe; tried again next quiet time
            pass

    def saving_look(self, pin, data, marks):
        """The look (lit.py) saved a short step at a time: a generator the run
        loop steps in quiet time (store/look.py; loaded only then)."""
        from ..store import look

        return look.saving(self.store, pin, data, marks)

    def flush(self):
        """Write the events shown since the last call to the log, oldest first.

        The run loop calls this right after the LEDs show a press, so the
        light never waits for the flash. An event that cannot be written
        (flash full or failing) stays queued in memory and the game goes on;
        the display says so. The next flush tries again (the store first
        mends a half-written line, and frees room by deleting the oldest
        archived game when the flash is full); once it succeeds the log has
        caught up and the display says "saved again". Past MAX_PENDING
        events the display says plainly that a reset would lose the game,
        and writes are tried only in quiet time (idle)."""
        pending = self.pending
        if self.unsaved and not self._quiet and (len(pending) == self._tried or len(pending) > MAX_PENDING):
            if not self.message:  # a press cleared it
                self._show_unsaved()
            return False  # tried already: again with the next event, or in quiet time
        if self.header_due is not None:
            try:  # one step of it a call (a step each), all of it before an event
                while not self.store.begin_step(self.header_due) and pending:
                    pass
            except (OSError, MemoryError) as e:
                self._not_saved(e)
                return False
            if self.store.beginning is not None:
                return False  # more steps: the run loop calls again
            self.header_due = None
        while pending:
            try:
                self.store.append(pending[0])
            except (OSError, MemoryError) as e:
                self._not_saved(e)
                return False
            pending.pop(0)
            if not pending:
                self._save_clock()
        if self.unsaved:
            self.unsaved = False
            self.say("saved again")
            self.changed()
        return True

    def _not_saved(self, e):
        self._tried = len(self.pending)
        code = e.args[0] if e.args else 0
        self._why = ("out of memory" if isinstance(e, MemoryError) else
                     "flash full" if code == ENOSPC else "flash error %s" % code)
        self.unsaved = True
        self._show_unsaved()

    def _show_unsaved(self):
        n = len(self.pending)
        self.said = ("GAME NOT SAVED for %d events (%s): a reset loses them" % (n, self._why)
                     if n > MAX_PENDING else "NOT SAVED (%s): play on from memory" % self._why)
        self.message = wrap(self.words(self.said))
        self.changed()

    def _save_clock(self):
        if self.ticker is not None:
            try:
                self.store.save_clock(self.ui.left_ms)
            except OSError:
                pass  # after a power cut the clock goes on from an older time; the game is safe

    def _resume_clock(self):
        """After a reboot the clock goes on from the time left at the last logged event."""
        if self.ticker is not None:
            left = self.store.load_clock()
            if left is not None:
                self.ui.resume(left)
