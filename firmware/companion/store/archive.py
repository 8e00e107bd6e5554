"""Games set aside: a finished or abandoned game's folder renamed to
ROOT/game-NNNN (the last KEEP stay), a damaged log archived as it is with a
note (repair), the log cut back to n lines (truncate, a remote divergence).
A mixin of log_store.Store."""

import os

from . import files
from .files import CLOCK, NOTE


class Archive:
    """The Store's archive: archive(), repair(n, note), truncate(n), finished()."""

    def _rewrite(self, n):
        """A log with raw blocks read without its block device (they cannot be
        appended to): its first n lines go into a new folder, which replaces
        the old one by renames (a cut leaves the old log or the new)."""
        new = self._fresh(self.lines(n))
        self._clear_check()
        if files.is_dir(self.dir):
            os.rename(self.dir, self.dir + ".old")
        os.rename(new, self.dir)
        files.rmtree(self.dir + ".old")
        self.read()

    def repair(self, n, note):
        """A damaged log: its folder goes to the archive as it is on flash
        (every byte of every piece and block, gaps and tails as found), with
        NOTE saying what the board made of it; the running game goes on
        from its first n lines (none: no game), copied line by line into a
        new folder first, so a cut leaves the damaged log or the repaired
        one. Returns the archive's name."""
        self.settle()
        self._unlit()
        new = self._fresh(self.lines(n)) if n else None
        with open(self.dir + "/" + NOTE, "w") as f:
            f.write(note + "\n")
        name = self._next_name()
        self._clear_check()
        files.remove(self.root + "/" + CLOCK)
        os.rename(self.dir, self.root + "/" + name)
        if new is not None:
            os.rename(new, self.dir)
        self._prune()
        self.read()
        return name

    def truncate(self, n):
        """Keep the first n lines (remote play heals a divergence so): they are
        copied line by line into a new folder, which then takes the old
        one's place by renames: a cut leaves the old log or the cut one,
        never one half removed (tests/powercut.py)."""
        self.settle()
        self._unlit()
        self._rewrite(n)

    # --- checkpoint and clock -----------------------------------------------
    # In files beside the log (check.bin, clock.txt), or with raw blocks as
    # lines "c N CRC HEX" and "t MS" in the log folder's .chk blocks.

    # --- archive -------------------------------------------------------------
    def archive(self):
        """The running game to ROOT/game-NNNN, at once (ARCHIVE's steps)."""
        for step in ARCHIVE:
            while step(self) is False:
                pass

    def _archive_sides(self):
        """The finished game's side files: its checkpoint's side blocks one a
        call (False while one was removed: all in one step took 24 ms on a
        Pico; it needs no checkpoint), then its clock and check."""
        k = files.first(self.dir, ".chk") if files.is_dir(self.dir) else -1
        if k >= 0:
            os.remove(self.dir + "/%05d.chk" % k)
            return False
        files.remove(self.root + "/" + CLOCK)
        self._clear_check()
        return True

    def _archive_log(self):
        self.archived = None
        if files.is_dir(self.dir):
            if files.first(self.dir) >= 0:
                self.archived = self._next_name()
                os.rename(self.dir, self.root + "/" + self.archived)
            else:
                files.rmtree(self.dir)
        self.n = 0
        self.tail = -1
        if self.raw is not None:
            self.raw.clear()
            self.side.clear()

    def _next_name(self):
        games = self.finished()
        n = int(games[-1][5:9]) + 1 if games else 1
        return "game-%04d" % (n % 10000)

    def _prune(self):
        for old in self.finished()[:-self.keep]:
            files.rmtree(self.root + "/" + old)

    def finished(self):
        """Archived games, oldest first: folders of pieces (game-NNNN) or whole
        logs (game-NNNN.jsonl); `companion pull-log` fetches each as one log."""
        names = [n for n in os.listdir(self.root) if n.startswith("game-")
                 and not n.endswith(".tmp") and n[5:9].isdigit()]
        names.sort()
        return names


# archive()'s steps, in order; each is also a step of begin_step() (one that
# returns False is called again, a call each, until it does not)
ARCHIVE = (Archive._archive_sides, Archive._archive_log, Archive._prune)
