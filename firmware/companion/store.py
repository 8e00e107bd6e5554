"""The game log on flash: append-only JSON lines, safe against power cuts.

The running game is ROOT/current.jsonl: its header line, then one line per
accepted event. Each line is written with a single write and flushed
(closing the file commits it on LittleFS) before the caller shows the
event as done. A power cut can only tear the last line; load() drops a
torn tail and rewrites the file without it (via a temporary file and a
rename, so a cut during the repair loses nothing either). Finished or
abandoned games move to ROOT/game-NNNN.jsonl; the last KEEP stay.
A game clock's time left is kept beside the log in ROOT/clock.txt.
"""

import os

from .core import log

KEEP = 8
CURRENT = "current.jsonl"
CLOCK = "clock.txt"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Store:
    def __init__(self, root="/games", keep=KEEP):
        self.root = root
        self.keep = keep
        self.path = root + "/" + CURRENT
        if not _exists(root):
            os.mkdir(root)

    def load(self):
        """The complete lines of the current log (header first), or None."""
        tmp = self.path + ".tmp"
        if not _exists(self.path) and _exists(tmp):
            os.rename(tmp, self.path)  # a cut between the two steps of _rewrite on FAT
        if not _exists(self.path):
            return None
        with open(self.path) as f:
            text = f.read()
        cut = text.rfind("\n") + 1
        if cut < len(text):  # a torn last line: the event being written at a cut
            self._rewrite(text[:cut])
            text = text[:cut]
        lines = [l for l in text.split("\n") if l.strip()]
        if not lines:  # only a torn header was written
            os.remove(self.path)
            return None
        return lines

    def _rewrite(self, text):
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        try:
            os.rename(tmp, self.path)  # LittleFS replaces the old file at once
        except OSError:  # FAT will not rename onto an existing file
            os.remove(self.path)
            os.rename(tmp, self.path)

    def begin(self, header):
        """Start a new game log; the previous one is archived (if a move was
        made in it: a game started at boot and never played is dropped)."""
        if not self._played() and _exists(self.path):
            os.remove(self.path)
        self.archive()
        self._append(log.dump(header))

    def append(self, event):
        self._append(log.dump(event))

    def _append(self, line):
        with open(self.path, "a") as f:
            f.write(line + "\n")
            f.flush()
        sync = getattr(os, "sync", None)
        if sync:
            sync()

    def _played(self):
        """The current log holds an event (a line after its header)."""
        try:
            with open(self.path) as f:
                f.readline()
                return bool(f.readline().strip())
        except OSError:
            return False

    def save_clock(self, ms):
        """The running game's clock: the time left at its last logged event."""
        with open(self.root + "/" + CLOCK, "w") as f:
            f.write("%d\n" % ms)

    def load_clock(self):
        """The saved time left in ms, or None (none saved, or the write was cut)."""
        try:
            with open(self.root + "/" + CLOCK) as f:
                text = f.read()
            return int(text) if text.endswith("\n") else None
        except (OSError, ValueError):
            return None

    def archive(self):
        if _exists(self.root + "/" + CLOCK):
            os.remove(self.root + "/" + CLOCK)
        if not _exists(self.path):
            return
        games = self.finished()
        n = int(games[-1][5:9]) + 1 if games else 1
        os.rename(self.path, "%s/game-%04d.jsonl" % (self.root, n % 10000))
        for old in self.finished()[:-self.keep]:
            os.remove(self.root + "/" + old)

    def finished(self):
        """Archived logs, oldest first (download them with mpremote)."""
        names = [n for n in os.listdir(self.root) if n.startswith("game-") and n.endswith(".jsonl")]
        names.sort()
        return names
