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
before the end of the one before it is a merge's leftover and is removed.

Finished or abandoned games: New game renames the folder to ROOT/game-NNNN
(one atomic rename); the last KEEP stay. Older firmware kept whole logs as
ROOT/game-NNNN.jsonl; a log put at ROOT/current.jsonl (by hand, an older
firmware, the simulator's "Load log") is taken as the running game.
Beside the log: ROOT/clock.txt (a game clock's time left) and
ROOT/check.bin (a checkpoint of the game state, so that boot replays only
the events after it).
"""

import errno
import os
import sys

from binascii import hexlify, unhexlify

from . import blocks
from .core import log

ENOSPC = getattr(errno, "ENOSPC", 28)

try:
    from binascii import crc32
except ImportError:  # a port without it: checkpoints are checked by their line count only
    def crc32(data, crc=0):
        return 0

KEEP = 8
CURRENT = "current.jsonl"
LOG = "log"
CLOCK = "clock.txt"
CHECK = "check.bin"
# Bytes a piece may reach: it stays inline in littlefs's metadata, and an
# append rewrites it there, so small is cheap; the inline limit is the
# cache size (rp2: progsize 256, 1 KB cache; ESP32: progsize 32, 128 bytes).
# Measured by `make bench` (docs/firmware.md).
CHUNKS = {"rp2": 192, "esp32": 96}
CHUNK = CHUNKS.get(sys.platform, 192)
MERGE = 16  # closed pieces merged into one in quiet time


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _is_dir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


def join(pieces):
    """One ordinary JSON-lines log (bytes) from a log folder's files
    [(name, bytes)]: the pieces NNNNN.jl in the order of their first line
    (a merge's leftover, a piece starting inside the one before, is
    skipped), then the lines of the raw blocks NNNNN.blk in order."""
    out = []
    end = 0
    for first, data in sorted((int(n[:-3]), d) for n, d in pieces if n.endswith(".jl") and n[:-3].isdigit()):
        if first >= end or not out:
            out.append(data)
            end = first + data.count(b"\n")
    for seq, data in sorted((int(n[:-4]), d) for n, d in pieces if n.endswith(".blk") and n[:-4].isdigit()):
        out.append(data[blocks.MARK:blocks.body(data)[0]])
    return b"".join(out)


def saved_log(root, name="log"):
    """A saved game as one JSON-lines log (bytes): the running one (name "log")
    or an archived one (game-NNNN, a folder of pieces and blocks, or an
    older whole game-NNNN.jsonl)."""
    path = root + "/" + name
    if not _is_dir(path):
        try:
            return _read(path)
        except OSError:
            return b""
    return join([(n, _read(path + "/" + n)) for n in os.listdir(path) if n.endswith(".jl") or n.endswith(".blk")])


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write(path, data):
    """Write a whole file through a temporary one and a rename: the old or the new, never half."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    try:
        os.rename(tmp, path)  # littlefs replaces the old file at once
    except OSError:  # FAT will not rename onto an existing file
        os.remove(path)
        os.rename(tmp, path)


def _remove(path):
    """Remove a file if it is there; one that cannot be removed is renamed out of the way."""
    try:
        os.remove(path)
    except OSError:
        try:
            os.rename(path, path + ".bad")
        except OSError:
            pass


def _pieces(folder, ext=".jl"):
    """[(number, file name)] of a log folder's pieces (or raw blocks: ".blk"), in order."""
    return blocks.numbered(folder, ext)


class Store:
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
        self.dropped = b""
        self.torn = False  # the last append failed: it may have left part of its line
        self.side_lines = []
        self.convert = False  # raw blocks read without a raw block device: rewritten as a piece first
        if not _exists(root):
            os.mkdir(root)

    # --- reading -------------------------------------------------------------
    def read(self):
        """The complete lines of the running game as bytes (header first), or None.

        A torn last line (a write cut by a power loss) is dropped and its
        piece rewritten without it (in a raw block it stays: the next line
        goes into the next block). Lines that cannot be read in order (a
        piece missing or unreadable) end the list; `problem` says so."""
        self._adopt()
        self.problem = None
        self.dropped = b""  # the torn last line cut off (keep_copy keeps it)
        self.n = self.crc = self.size = 0
        self.tail = -1
        self.closed = []
        self.convert = False
        if self.raw is not None:
            self.raw.clear()
        if not _is_dir(self.dir):
            return None
        d = self.dir + "/"
        for name in os.listdir(self.dir):
            if name.endswith(".jl.tmp"):
                if _exists(d + name[:-4]):
                    os.remove(d + name)  # a merge or repair cut before its rename
                else:  # FAT: cut between the remove and the rename
                    os.rename(d + name, d + name[:-4])
        lines = []
        pieces = _pieces(self.dir)
        last = pieces[-1][0] if pieces else 0
        for first, name in pieces:
            if first < self.n:  # a merge's leftover: its lines are in the piece before
                os.remove(d + name)
                continue
            if first > self.n:
                self.problem = "lines %d to %d are missing" % (self.n + 1, first)
                return lines or None
            try:
                data = _read(d + name)
            except OSError:  # FAT: a cut left the newest piece's clusters unrecorded
                data = b""
            cut = data.rfind(b"\n") + 1
            if first == last and cut < len(data) or not data:
                self.dropped = data[cut:]
                data = data[:cut]  # the event being written at a power cut
                if data:
                    _write(d + name, data)
                else:
                    _remove(d + name)
                    break
            self._took(lines, data)
            if self.tail >= 0 and self.size <= CHUNK:
                self.closed.append(self.tail)
            self.tail = first
            self.size = len(data)
        if self.raw is not None:
            for data in self.raw.read(self.dir):
                self._took(lines, data)
            self.dropped = self.raw.dropped or self.dropped
            self.side_lines = self.side.read(self.dir)  # for load_check and load_clock
            blocks.find(self.flash, (self.raw, self.side))
        else:  # a raw log read without its block device: the next append rewrites it as a piece
            for data in blocks.Raw(None, ".blk").read(self.dir):
                self._took(lines, data)
                self.convert = True
        return lines or None

    def _took(self, lines, data):
        new = data.split(b"\n")
        new.pop()
        lines += new
        self.n += len(new)
        self.crc = crc32(data, self.crc)

    def _adopt(self):
        """Finish a New game or a repair cut short; a whole log at
        ROOT/current.jsonl becomes the running game."""
        new = self.dir + ".new"
        if _is_dir(new):
            if _is_dir(self.dir):
                _rmtree(new)  # cut before the old game was archived: it goes on
            else:
                os.rename(new, self.dir)
        _rmtree(self.dir + ".old")
        path = self.root + "/" + CURRENT
        if not _exists(path):
            return
        self.archive()  # nothing is dropped: a game it replaces goes to the archive
        os.mkdir(self.dir)
        os.rename(path, self.dir + "/00000.jl")

    # --- writing -------------------------------------------------------------
    def begin(self, header):
        """Start a new game log; the previous one (if any) is archived, but a
        game that was never played (its header only: one started at boot) is
        dropped. The new folder is written first and renamed into place after
        the archiving, so a cut leaves the old game running or the new one
        started."""
        data = log.dump(header).encode() + b"\n"
        new, spare = self._fresh(data)
        if self.n == 1:  # never played: not worth a place in the archive
            _rmtree(self.dir)
        self.archive()
        os.rename(new, self.dir)
        self.n = 1
        self.crc = crc32(data)
        self.tail = 0
        self.size = len(data)
        self.closed = []
        if spare is not None:
            self.raw.spare = spare
            self.raw.last = spare[0]

    def _fresh(self, data):
        """A log folder beside the running one, holding data as its first
        piece and, on a raw block device, an empty raw block: (its path, the
        block as Store.spare, or None)."""
        new = self.dir + ".new"
        _rmtree(new)
        os.mkdir(new)
        with open(new + "/00000.jl", "wb") as f:
            f.write(data)
        if self.raw is None:
            return new, None
        self.raw.clear()
        try:
            spare = self.raw.allocate(new)
        except OSError:
            return new, None  # no room: the first event tries again
        if spare[2] is None:  # not found on the flash: the root is on another device
            _rmtree(new + "/00001.blk")
            self.flash = self.raw = self.side = None
            return new, None
        return new, spare

    def append(self, event):
        """Log one event. On a full flash the oldest archived game is deleted
        to make room, once per attempt; other failures raise OSError."""
        line = log.dump(event)
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
        _rmtree(self.root + "/" + games[0])
        return True

    def _append(self, line):
        raw = self.raw
        if self.tail < 0 and (raw is None or raw.blk is None and raw.spare is None):
            self.read()
        if raw is not None:
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
            data = _read(path) if _exists(path) else b""
            if len(data) > self.size:
                if self.size:
                    _write(path, data[:self.size])
                else:
                    os.remove(path)
            self.torn = False
        data = line.encode() + b"\n"
        if self.tail < 0 or (self.size and self.size + len(data) > CHUNK):
            if self.tail >= 0 and self.size <= CHUNK:
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

    def maintain(self):
        """Quiet-time work (no press for a while): allocate the next raw block
        (of the log or of the checkpoints) once the one being written is half
        full, or merge closed pieces. True if it wrote anything."""
        if self.raw is not None:
            for raw in (self.raw, self.side):
                if raw.due() and (raw is self.raw or raw.blk is not None):  # .chk: once it is used
                    raw.spare = raw.allocate(self.dir)
                    return True
            return False
        if len(self.closed) < MERGE:
            return False
        self._merge()
        return True

    def _merge(self):  # apart from maintain(): its frame would be on the heap at every call
        closed = self.closed
        parts = [_read("%s/%05d.jl" % (self.dir, first)) for first in closed]
        _write("%s/%05d.jl" % (self.dir, closed[0]), b"".join(parts))
        for first in closed[1:]:
            os.remove("%s/%05d.jl" % (self.dir, first))
        self.closed = []

    def truncate(self, n):
        """Keep only the first n lines of the running game (none: no game)."""
        if _pieces(self.dir, ".blk"):
            self._rewrite(n)
            return
        pieces = _pieces(self.dir)
        for i in range(len(pieces) - 1, -1, -1):  # the last first: a cut leaves a prefix
            first, name = pieces[i]
            path = self.dir + "/" + name
            if first >= n:
                os.remove(path)
            else:
                data = _read(path)
                end = 0
                for _ in range(n - first):
                    end = data.find(b"\n", end) + 1
                if end < len(data):
                    _write(path, data[:end])
                break
        self._clear_check()
        self.read()

    def _rewrite(self, n):
        """truncate() of a log with raw blocks (they cannot be cut back): the
        first n lines go into a new folder, which replaces the old one by
        renames (a cut leaves the old log or the new)."""
        data = saved_log(self.root)
        end = 0
        for _ in range(n):
            end = data.find(b"\n", end) + 1
        new = self._fresh(data[:end])[0]
        self._clear_check()
        if _is_dir(self.dir):
            os.rename(self.dir, self.dir + ".old")
        os.rename(new, self.dir)
        _rmtree(self.dir + ".old")
        self.read()

    def keep_copy(self):
        """Copy the running game's lines, as they are, into the archive; its name."""
        name = self._next_name()
        _write(self.root + "/" + name + ".jsonl", saved_log(self.root) + self.dropped)
        self._prune()
        return name + ".jsonl"

    # --- checkpoint and clock -----------------------------------------------
    # In files beside the log (check.bin, clock.txt), or with raw blocks as
    # lines "c N CRC HEX" and "t MS" in the log folder's .chk blocks.
    def save_check(self, snapshot):
        """The game state after every line logged so far (a bytes snapshot)."""
        head = "%d %d" % (self.n, crc32(snapshot, self.crc))  # the CRC covers the lines and the snapshot
        if self.side is not None:
            self.side.append(self.dir, b"c " + head.encode() + b" " + hexlify(snapshot))
        else:
            _write(self.root + "/" + CHECK, head.encode() + b"\n" + snapshot)

    def load_check(self, lines):
        """(n, snapshot) of a checkpoint that matches the first n of these lines, or None."""
        try:
            if self.side is not None:
                n, crc, snapshot = self._side(b"c ").split()
                snapshot = unhexlify(snapshot)
            else:
                data = _read(self.root + "/" + CHECK)
                end = data.index(b"\n")
                n, crc = data[:end].split()
                snapshot = data[end + 1:]
            n, crc = int(n), int(crc)
        except (OSError, ValueError, AttributeError):
            return None
        if 0 < n <= len(lines) and crc32(snapshot, crc32(b"\n".join(lines[:n]) + b"\n")) == crc:
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
        _remove(self.root + "/" + CHECK)

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

    # --- archive -------------------------------------------------------------
    def archive(self):
        _remove(self.root + "/" + CLOCK)
        self._clear_check()
        if _is_dir(self.dir):
            for number, name in _pieces(self.dir, ".chk"):
                os.remove(self.dir + "/" + name)  # the finished game needs no checkpoint
            if _pieces(self.dir):
                os.rename(self.dir, self.root + "/" + self._next_name())
            else:
                _rmtree(self.dir)
        self.n = 0
        self.tail = -1
        if self.raw is not None:
            self.raw.clear()
            self.side.clear()
        self._prune()

    def _next_name(self):
        games = self.finished()
        n = int(games[-1][5:9]) + 1 if games else 1
        return "game-%04d" % (n % 10000)

    def _prune(self):
        for old in self.finished()[:-self.keep]:
            _rmtree(self.root + "/" + old)

    def finished(self):
        """Archived games, oldest first: folders of pieces (game-NNNN) or whole
        logs (game-NNNN.jsonl); `companion pull-log` fetches each as one log."""
        names = [n for n in os.listdir(self.root) if n.startswith("game-")
                 and not n.endswith(".tmp") and n[5:9].isdigit()]
        names.sort()
        return names


def _rmtree(path):
    if _is_dir(path):
        for name in os.listdir(path):
            os.remove(path + "/" + name)
        os.rmdir(path)
    else:
        _remove(path)
