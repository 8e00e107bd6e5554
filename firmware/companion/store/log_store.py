"""The game log on flash: JSON lines, safe against power cuts.

The running game is the folder ROOT/log: pieces named by the number of
their first line (00000.jl holds the header), then, on a board whose
littlefs block device the store is given (`flash`), raw log blocks
NNNNN.blk (blocks.py): each event is programmed into an erased block that
littlefs wrote in quiet time, with no erase and no file-system write in
between (docs/firmware.md, "The game log on flash"). Read in order they
are one ordinary JSON-lines log (`join`: `companion pull-log` and the
simulator read it so).

Without a raw block device (the simulator, CPython, FAT) an event is one
append to the last piece, closed at once: on littlefs
a piece of up to CHUNK bytes stays inline in its folder's metadata, so an
append programs a metadata page or two and erases nothing but the
occasional compaction (an append to a larger file copies its last block
into a freshly erased one: about one erase per event). When the last piece is full the next
event starts a new one; when nobody is pressing, maintain() merges MERGE
closed pieces into one (written to a .tmp and renamed over the first, so a
cut leaves the old pieces or the merged one). A power cut can only tear the
line being written: read() drops a torn last line. A piece that starts
before the end of the one before it and holds the same bytes is a merge's
leftover and is removed; anything else out of order is damage (App.boot
archives the folder as it is: repair()). The log is never held in memory:
it is read a few hundred bytes at a time (Lines, lines()).

Finished or abandoned games: New game renames the folder to ROOT/game-NNNN
(one atomic rename); the last KEEP stay. Older firmware kept whole logs as
ROOT/game-NNNN.jsonl; a log put at ROOT/current.jsonl (by hand, an older
firmware, the simulator's "Load log") is taken as the running game, if its
first line is a log header (files.not_a_log); anything else there is set
aside whole (aside-N-current.jsonl) and boot says so.
Beside the log: ROOT/clock.txt (a game clock's time left) and
ROOT/check.bin (a checkpoint of the game state, so that boot replays only
the events after it).
"""

import os

from binascii import hexlify, unhexlify

from . import blocks
from . import files
from .. import crc32
from .archive import Archive
from .files import KEEP, CURRENT, LOG, LOOK, CLOCK, CHECK, ENOSPC
from .reading import Lines, Reading

KINDS = (LOG, LOG + ".new", LOG + ".old", CURRENT, LOOK, CLOCK, CHECK, "settings.json")  # names of one kind each
CHECK_MOST = 1024  # bytes of a checkpoint: a count, a CRC and a game's state (at most 255 slots)


class Store(Reading, Archive):
    """The running game's log on flash: begun (begin, a step at a time:
    begin_step), appended to (append: a raw block or a piece), kept in shape
    in quiet time (maintain); read, checkpointed and archived by its mixins."""

    def __init__(self, root="/games", keep=KEEP, flash=None):
        self.root = root
        self.keep = keep
        self.flash = flash  # the block device under root's littlefs (None: files only)
        # raw blocks: the log's lines (.blk), and the checkpoint and clock lines (.chk)
        self.raw = blocks.Raw(flash, ".blk") if flash is not None else None
        self.side = blocks.Raw(flash, ".chk") if flash is not None else None
        self.dir = root + "/" + LOG
        self.n = 0  # complete lines in the log
        self.crc = 0  # crc32 of those lines (each with its newline)
        self.tail = -1  # first line of the piece being appended to (-1: none)
        self.size = 0  # its bytes
        self.closed = []  # first lines of the small pieces before it, not yet merged
        self.problem = None  # read(): what was wrong beyond the lines it returned
        self.mends = []  # read(): what mend() cuts off or removes
        self.dropped = b""
        self.torn = False  # the last append failed: it may have left part of its line
        self.side_lines = []
        self.convert = False  # raw blocks read without a raw block device: rewritten as a piece first
        self.beginning = None  # begin_step(): [the header, the next step, its line]
        self.aside = []  # what boot set aside: (its name, what it was, its new name)
        self.adopted = None  # the archive's name of the game a log at current.jsonl replaced (boot says it)
        self.archived = None  # the name archive() gave the running game (None: none to keep)
        self.lit = False  # the board's saved look (lit.py): gone when the game is replaced (_kinds finds it)
        self._kinds()

    def _kinds(self):
        """Each name the store uses holds its kind (a folder where a folder
        belongs, a file where a file does): anything else is set aside whole
        (files.set_aside), and boot says so. The game folder itself too: a file
        there is set aside and a new folder made."""
        root = self.root
        try:
            folder = os.stat(root)[0] & 0x4000
        except OSError:
            folder = None  # none yet
        if folder == 0:
            self._aside(root, "a file, not a folder")
        if not folder:
            os.mkdir(root)
            return
        wrong = []
        for name, folder in blocks.each_entry(root):  # one read of the folder: its kinds, and the look
            if name in KINDS and folder != name.startswith(LOG):
                wrong.append((name, folder))
            elif name == LOOK:
                self.lit = True
        for name, folder in wrong:
            self._aside(root + "/" + name, "a folder, not a file" if folder else "a file, not a folder")

    def _aside(self, path, what):
        print("store: %s is %s: set aside" % (path, what))
        self.aside.append((path.rsplit("/", 1)[-1], what, files.set_aside(path)))

    # --- the saved look (lit.py) ---------------------------------------------
    def save_lit(self, pin, data, marks):
        """Save the strip's bytes as the look of the game as it is on flash now
        (marks: the layout's and profile's, boot.checked_marks())."""
        from .. import lit  # quiet time only: boot's heap does not hold it

        blob = lit.pack(pin, data, marks, lit.token(self.dir))  # before the old look goes
        with open(self.root + "/" + LOOK, "wb") as f:
            f.write(blob)
        self.lit = True

    def _unlit(self):
        """Before the saved game is replaced (a new game, a repair, a cut): its
        saved look goes (a cut after this leaves no look, and boot renders the
        log). An event needs no removal: it changes the look's log token."""
        if self.lit:
            path = self.root + "/" + LOOK
            try:
                os.remove(path)
            except OSError:
                if files.exists(path):
                    raise  # the change waits (App: not saved, tried again) rather than leave a wrong look
            self.lit = False

    def _adopt(self):
        """Finish a New game or a repair cut short; a whole log at
        ROOT/current.jsonl becomes the running game."""
        new = self.dir + ".new"
        if files.is_dir(new):
            if files.is_dir(self.dir):
                files.rmtree(new)  # cut before the old game was archived: it goes on
            else:
                os.rename(new, self.dir)
        files.rmtree(self.dir + ".old")
        path = self.root + "/" + CURRENT
        if not files.exists(path):
            return
        why = files.not_a_log(path)
        if why is not None:  # a layout, a picture, half a line: not taken in, nor the running game archived for it
            print("store: %s: %s" % (path, why))
            self._aside(path, "not a game log")
            return
        self._unlit()
        self.archive()  # nothing is dropped: a game it replaces goes to the archive
        self.adopted = self.archived  # boot says where that game went (None: there was none)
        os.mkdir(self.dir)
        os.rename(path, self.dir + "/00000.jl")

    # --- writing -------------------------------------------------------------
    def begin(self, header):
        """Start a new game log; the previous one (if any) is archived, but a
        game that was never played (its header only: one started at boot) is
        dropped. The new folder is written first and renamed into place after
        the archiving, so a cut leaves the old game running or the new one
        started."""
        while not self.begin_step(header):
            pass

    def begin_step(self, header):
        """One step of begin() (the run loop's New game: light first, then a
        step a call), each with one erase at most (beginning.py: the steps by
        name). True once the new log is in place. A call with another header
        finishes the one under way first."""
        from .beginning import begin_step  # (loaded when a game begins, not at every boot)

        return begin_step(self, header)

    def settle(self):
        """A new log begun a step at a time (begin_step), finished at once."""
        while self.beginning is not None and not self.begin_step(self.beginning[0]):
            pass

    def _fresh(self, data, made=False):
        """A log folder beside the running one (made: already there, empty),
        holding data (bytes, or lines without their newlines) as its first
        piece: its path. Its first raw block is written in quiet time."""
        new = self.dir + ".new"
        if not made:
            files.rmtree(new)
            os.mkdir(new)
        with open(new + "/00000.jl", "wb") as f:
            if isinstance(data, bytes):
                f.write(data)
            else:
                for line in data:
                    f.write(line)
                    f.write(b"\n")
        if self.raw is not None:
            self.raw.clear()  # its first raw block is written in quiet time (maintain)
        return new

    def append(self, event):
        """Log one event. On a full flash the oldest archived game is deleted
        to make room, once per attempt; other failures raise OSError.
        event: a dict, or its line (str) as another board wrote it."""
        self.settle()
        line = files.as_line(event)
        try:
            self._append(line)
        except OSError as e:
            if e.args[0] != ENOSPC or not self._free():
                raise
            self._append(line)

    def _free(self):
        games = self.finished()
        if not games:
            return False
        files.rmtree(self.root + "/" + games[0])
        return True

    def _append(self, line):
        raw = self.raw
        if self.tail < 0 and (raw is None or raw.blk is None and raw.spare is None):
            self.read()
        if raw is not None and (raw.blk is not None or raw.spare is not None):
            data = line.encode()
            raw.append(self.dir, data)
            self.n += 1
            self.crc = crc32(b"\n", crc32(data, self.crc))
            return
        if self.convert:
            self._rewrite(self.n)
            self.convert = False
        if self.torn:  # a write failed: cut what it may have left before writing again
            path = "%s/%05d.jl" % (self.dir, self.tail)
            data = files.read_all(path, self.size + 1) if files.exists(path) else b""
            if len(data) > self.size:
                if self.size:
                    files.write_all(path, data[:self.size])
                else:
                    os.remove(path)
            self.torn = False
        data = line.encode() + b"\n"
        if self.tail < 0 or (self.size and self.size + len(data) > files.CHUNK):
            if self.tail >= 0 and self.size <= files.CHUNK:
                if len(self.closed) >= 4 * files.MERGE:  # merges keep failing: the next boot finds them
                    self.closed = []
                self.closed.append(self.tail)
            self.tail = self.n
            self.size = 0
        self.torn = True
        with open("%s/%05d.jl" % (self.dir, self.tail), "ab") as f:
            f.write(data)
        self.torn = False
        self.size += len(data)
        self.n += 1
        self.crc = crc32(data, self.crc)

    def wants_block(self):
        """True when the next event has no raw block ready to be programmed
        into: it would go into a piece (or, once blocks are in use, wait for
        an erase), so quiet-time work should come soon."""
        raw = self.raw
        return raw is not None and raw.spare is None and (raw.blk is None or raw.blk[3] is None)

    def maintain(self, check_due=False):
        """Quiet-time work (no press for a while): one step of preparing the
        next raw block (of the log, once the one being written is half full;
        of the checkpoints, once one is used or check_due), or merge closed
        pieces. True if it wrote anything."""
        if self.raw is not None:
            for raw in (self.raw, self.side):
                if raw.job is not None or raw.due() and (raw is self.raw or raw.blk is not None or check_due):
                    if not raw.prepare(self.dir) and raw.spare[2] is None:  # not found: another device
                        files.remove("%s/%05d%s" % (self.dir, raw.spare[0], raw.ext))
                        self.flash = self.raw = self.side = None
                    return True
            return False
        if len(self.closed) < files.MERGE:
            return False
        self._merge()
        return True

    def _merge(self):  # apart from maintain(): its frame would be on the heap at every call
        closed = self.closed
        d = self.dir + "/"
        path = d + "%05d.jl" % closed[0]
        files.copy(path, path + ".tmp")
        for first in closed[1:]:
            files.copy(d + "%05d.jl" % first, path + ".tmp", mode="ab")
        files.rename_over(path + ".tmp", path)
        self.closed = []  # the rest are leftovers now (read() knows them) even if a remove fails
        for first in closed[1:]:
            os.remove(d + "%05d.jl" % first)

    # --- beside the log: the checkpoint and the clock (both backends) -------------
    def _side_block(self, part):
        """Keep of the .chk blocks only the last line of each kind (handed in parts)."""
        data = self._carry + part
        cut = data.rfind(b"\n") + 1
        self._carry = data[cut:]
        data = data[:cut]
        keep = b""
        for kind in (b"c ", b"t "):
            line = files.last_of(data, kind) or (files.last_of(self.side_lines[0], kind) if self.side_lines else None)
            if line is not None:
                keep += line + b"\n"
        self.side_lines = [keep]
    def save_check(self, snapshot):
        """The game state after every line logged so far (a bytes snapshot)."""
        head = "%d %d" % (self.n, crc32(snapshot, self.crc))  # the CRC covers the lines and the snapshot
        if self.side is not None:
            self.side.append(self.dir, b"c " + head.encode() + b" " + hexlify(snapshot))
        else:
            files.write_all(self.root + "/" + CHECK, head.encode() + b"\n" + snapshot)

    def load_check(self, lines):
        """(n, snapshot) of a checkpoint that matches the first n of these lines, or None."""
        try:
            if self.side is not None:
                n, crc, snapshot = self._side(b"c ").split()
                snapshot = unhexlify(snapshot)
            else:
                data = files.read_all(self.root + "/" + CHECK, CHECK_MOST + 1)
                if len(data) > CHECK_MOST:
                    return None  # no checkpoint the board wrote: the log is replayed, and a checkpoint written over it
                end = data.index(b"\n")
                n, crc = data[:end].split()
                snapshot = data[end + 1:]
            n, crc = int(n), int(crc)
        except (OSError, ValueError, AttributeError):
            return None
        lines_crc = lines.crc(n) if isinstance(lines, Lines) and 0 < n <= len(lines) else files.crc_of(lines, n)
        if 0 < n <= len(lines) and crc32(snapshot, lines_crc) == crc:  # the CRC covers the snapshot too
            return n, snapshot
        return None

    def _side(self, kind):
        """The last complete line of this kind in the .chk blocks, without its kind (None: none)."""
        found = None
        for data in self.side_lines:
            at = data.rfind(b"\n" + kind)
            if at >= 0 or data.startswith(kind):
                found = data[at + 1 + len(kind):data.index(b"\n", at + 1)]
        return found

    def _clear_check(self):
        files.remove(self.root + "/" + CHECK)

    def save_clock(self, ms):
        """The running game's clock: the time left at its last logged event."""
        if self.side is not None:
            self.side.append(self.dir, b"t %d" % ms)
            return
        with open(self.root + "/" + CLOCK, "w") as f:
            f.write("%d\n" % ms)

    def load_clock(self):
        """The saved time left in ms, or None (none saved, the write was cut, or not a time left)."""
        try:
            if self.side is not None:
                ms = int(self._side(b"t "))
            else:
                with open(self.root + "/" + CLOCK) as f:
                    text = f.read()
                ms = int(text) if text.endswith("\n") else None
        except (OSError, ValueError, TypeError):
            return None
        return ms if ms is not None and ms >= 0 else None  # (the UI caps it at the game's limit)
