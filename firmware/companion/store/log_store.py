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
from ..core import log

ENOSPC = getattr(errno, "ENOSPC", 28)

from ..compat import crc32  # (a port without it: checkpoints are checked by their line count only)

KEEP = 8
CURRENT = "current.jsonl"
LOG = "log"
CLOCK = "clock.txt"
CHECK = "check.bin"
LOOK = "lit.bin"  # lit.NAME
NOTE = "note.txt"  # in an archived damaged log: what the board made of it
# Bytes a piece may reach: it stays inline in littlefs's metadata, and an
# append rewrites it there, so small is cheap; the inline limit is the
# cache size (rp2: progsize 256, 1 KB cache; ESP32: progsize 32, 128 bytes).
# Measured by `make bench` (docs/firmware.md).
CHUNKS = {"rp2": 192, "esp32": 96}
CHUNK = CHUNKS.get(sys.platform, 192)
MERGE = 16  # closed pieces merged into one in quiet time


def _line(obj):
    return obj if isinstance(obj, str) else log.dump(obj)


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
    """One JSON-lines log (bytes) from a log folder's files [(name, bytes)],
    byte for byte as they are: the pieces NNNNN.jl in the order of their
    first line (a merge's leftover, a piece whose bytes are lines of the one
    before, is skipped), then the lines of the raw blocks NNNNN.blk in order."""
    out = []
    end = 0
    for first, data in sorted((int(n[:-3]), d) for n, d in pieces if n.endswith(".jl") and n[:-3].isdigit()):
        if out and first < end and _inside(out[-1], start, first, data):
            continue
        out.append(data)
        start = first
        end = first + data.count(b"\n")
    for seq, data in sorted((int(n[:-4]), d) for n, d in pieces if n.endswith(".blk") and n[:-4].isdigit()):
        out.append(data[blocks.MARK:blocks.body(data)[0]])
    return b"".join(out)


def _inside(before, start, first, data):
    """True if data is the lines of `before` (a piece starting at line start) from line first on."""
    at = 0
    for _ in range(first - start):
        at = before.find(b"\n", at) + 1
        if not at:
            return False
    return before[at:at + len(data)] == data


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


def _rename(tmp, path):
    try:
        os.rename(tmp, path)  # littlefs replaces the old file at once
    except OSError:  # FAT will not rename onto an existing file
        os.remove(path)
        os.rename(tmp, path)


def _write(path, data):
    """Write a whole file through a temporary one and a rename: the old or the new, never half."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    _rename(tmp, path)


# Files are read BUF bytes at a time, so that reading, mending, merging and
# archiving need about that much memory whatever the length of the game.
BUF = 256
LONGEST = 1024  # bytes of a line kept: no log line is longer (a longer one is damage)


def _scan(path, crc):
    """(complete lines, crc32 of them continuing crc, their bytes, bytes in all) of a file."""
    n = good = size = 0
    run = crc
    with open(path, "rb") as f:
        while True:
            data = f.read(BUF)
            if not data:
                return n, crc, good, size
            nl = data.rfind(b"\n") + 1
            if nl:
                n += data.count(b"\n")
                view = memoryview(data)
                crc = crc32(view[:nl], run)
                run = crc32(view[nl:], crc)
                good = size + nl
            else:
                run = crc32(data, run)
            size += len(data)


def _each_line(path, n, block=False, at=-1):
    """The first n complete lines of a file from byte at (bytes without their
    newline); of a raw block: after its marker, up to the first erased byte
    (0xFF). The file is open only while a piece of it is read, never across
    a yield: a reader may stop half-way (MicroPython would leave it open)."""
    rest = b""
    if at < 0:
        at = blocks.MARK if block else 0
    while n > 0:
        with open(path, "rb") as f:
            f.seek(at)
            data = f.read(4 * BUF)
        if not data:
            break
        at += len(data)
        stop = data.find(b"\xff") if block else -1
        if stop >= 0:
            data = data[:stop]
        i = 0
        while n > 0:
            nl = data.find(b"\n", i)
            if nl < 0:
                break
            yield rest + data[i:nl] if rest else data[i:nl]
            rest = b""
            n -= 1
            i = nl + 1
        if len(rest) < LONGEST:
            rest += data[i:i + LONGEST - len(rest)]
        if stop >= 0:
            break
    data = rest = None  # a finished generator keeps its locals while it is referenced


def _over(path, n, crc=0, block=False):
    """Go over the first n complete lines of a file (fewer if it has fewer) a
    piece at a time, at C speed: (lines, the byte after them, crc32 of them
    continuing crc)."""
    base = end = blocks.MARK if block else 0
    done = 0
    run = crc
    with open(path, "rb") as f:
        f.seek(base)
        while done < n:
            data = f.read(4 * BUF)
            if not data:
                break
            stop = data.find(b"\xff") if block else -1
            if stop >= 0:
                data = data[:stop]
            c = data.count(b"\n")
            if done + c <= n:
                cut = data.rfind(b"\n") + 1
                done += c
            else:
                cut = 0
                for _ in range(n - done):
                    cut = data.find(b"\n", cut) + 1
                done = n
            if cut:
                view = memoryview(data)
                crc = crc32(view[:cut], run)
                run = crc32(view[cut:], crc)
                end = base + cut
            else:
                run = crc32(data, run)
            base += len(data)
            if stop >= 0:
                break
    return done, end, crc


def _copy(src, dst, size=-1, mode="wb"):
    """Copy the first size bytes (all: -1) of a file to dst, BUF at a time."""
    with open(src, "rb") as f, open(dst, mode) as out:
        while size:
            data = f.read(BUF if size < 0 else min(BUF, size))
            if not data:
                break
            out.write(data)
            if size > 0:
                size -= len(data)


def _same_lines(before, start, first, path):
    """True if the file at path holds the bytes of the piece `before` (whose
    first line is start) from its line first on: a merge's leftover."""
    if start < 0:
        return False
    with open(before, "rb") as a, open(path, "rb") as b:
        skip = first - start
        while skip:  # to the start of line first
            data = a.read(1)
            if not data:
                return False
            if data == b"\n":
                skip -= 1
        while True:
            x = b.read(BUF)
            if not x:
                return True
            if a.read(len(x)) != x:
                return False


def _crc_of(lines, n):
    """crc32 of the first n lines, each with its newline (one at a time)."""
    crc = 0
    for line in lines:
        if not n:
            break
        crc = crc32(b"\n", crc32(line, crc))
        n -= 1
    return crc


def _last(data, kind):
    """The last complete line of this kind (b"c ", b"t ") in data, or None."""
    at = data.rfind(b"\n" + kind)
    if at < 0 and not data.startswith(kind):
        return None
    end = data.find(b"\n", at + 1)
    return data[at + 1:end] if end >= 0 else None


class Lines:
    """The complete lines of the running game, read again from flash each
    time they are gone through (Store.read): len() and [i] as a list's."""

    def __init__(self, store, n):
        self.store = store
        self.n = n

    def __len__(self):
        return self.n

    def __iter__(self):
        return self.store.lines(self.n)

    def since(self, k):
        """The lines after the first k (those gone over at C speed)."""
        return self.store.lines(self.n, k)

    def crc(self, k):
        """crc32 of the first k lines, each with its newline."""
        return self.store._crc_upto(k)

    def __getitem__(self, i):
        if not isinstance(i, int):
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        for line in self.store.lines(i + 1):
            pass
        return line


def _remove(path):
    """Remove a file if it is there; one that cannot be removed is renamed out of the way."""
    try:
        os.remove(path)
    except OSError:
        try:
            os.rename(path, path + ".bad")
        except OSError:
            pass


def _names(folder):
    """A folder's file names, one at a time (no list of them: ilistdir where there is one)."""
    each = getattr(os, "ilistdir", None)
    for entry in each(folder) if each else os.listdir(folder):
        yield entry if isinstance(entry, str) else entry[0]


def _first(folder, ext=".jl"):
    """The number of a log folder's first piece (or raw block, ".blk"; side block, ".chk"), -1: none."""
    return blocks.after(folder, ext, -1)


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
        self.mends = []  # read(): what mend() cuts off or removes
        self.dropped = b""
        self.torn = False  # the last append failed: it may have left part of its line
        self.side_lines = []
        self.convert = False  # raw blocks read without a raw block device: rewritten as a piece first
        self.beginning = None  # begin_step(): [the header, the next step, its line]
        if not _exists(root):
            os.mkdir(root)
        self.lit = _exists(root + "/" + LOOK)  # the board's saved look (lit.py): gone when the game is replaced

    # --- the saved look (lit.py) ---------------------------------------------
    def save_lit(self, pin, data, marks):
        """Save the strip's bytes as the look of the game as it is on flash now
        (marks: the layout's and profile's, runloop.checked_marks())."""
        from . import lit  # quiet time only: boot's heap does not hold it

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
                if _exists(path):
                    raise  # the change waits (App: not saved, tried again) rather than leave a wrong look
            self.lit = False

    # --- reading -------------------------------------------------------------
    def read(self, mend=True):
        """The complete lines of the running game (header first), or None:
        a Lines, which streams them from flash each time it is gone through.

        A torn last line (a write cut by a power loss) is left out and, by
        mend() (at once when mend is True), cut off its piece (in a raw block
        it stays: the next line goes into the next block); so is a merge's
        leftover. Lines that cannot be read in order (a piece missing, one
        ending inside a line, one overlapping the lines before it with other
        bytes) end the lines; `problem` says so, and nothing is changed on
        flash: repair() archives the folder as it is."""
        self.settle()
        self._adopt()
        self.problem = None
        self.mends = []  # (piece, bytes to keep: 0 none) for mend()
        self.n = self.crc = self.size = 0
        self.tail = -1
        self.closed = []
        self.convert = False
        self.side_lines = []
        self._carry = b""  # a side line cut between two parts of a block
        self.dropped = b""  # a raw block's torn last line (it stays in the block)
        if self.raw is not None:
            self.raw.clear()
        if not _is_dir(self.dir):
            return None
        d = self.dir + "/"
        for name in [n for n in _names(self.dir) if n.endswith(".jl.tmp")]:
            if _exists(d + name[:-4]):
                os.remove(d + name)  # a merge or repair cut before its rename
            else:  # FAT: cut between the remove and the rename
                os.rename(d + name, d + name[:-4])
        total, last = blocks.count(self.dir, ".jl")
        if _first(self.dir, ".blk") >= 0:
            last = -1  # the log goes on in raw blocks: no piece is being written, a torn one is damage
        if self._read_pieces(True, last) != total:  # a guess may have skipped a merge's leftover:
            self._read_pieces(False, last)  # every piece in turn
        if self.problem is None:
            self._read_blocks()
        if mend:
            self.mend()
        return Lines(self, self.n) if self.n else None

    def _read_pieces(self, guess, last):
        """Read the pieces in order (guess: the next is the one starting at the
        line after those read, if it is there); how many were looked at."""
        self.problem = None
        self.mends = []
        self.n = self.crc = self.size = 0
        self.tail = -1
        self.closed = []
        d = self.dir + "/"
        first = -1
        seen = 0
        while not self.problem:
            first = blocks.after(self.dir, ".jl", first, self.n if guess else -1)
            if first < 0:
                break
            seen += 1
            name = "%05d.jl" % first
            if first < self.n:  # a merge's leftover, if its lines are those of the piece before
                if _same_lines(d + "%05d.jl" % self.tail, self.tail, first, d + name):
                    self.mends.append((name, 0))
                    continue
                self.problem = "piece %s holds lines %d on again, not as the piece before" % (name, first + 1)
                break
            if first > self.n:
                self.problem = ("line %d is missing" % first if first == self.n + 1
                                else "lines %d to %d are missing" % (self.n + 1, first))
                break
            try:
                n, crc, good, size = _scan(d + name, self.crc)
            except OSError:  # FAT: a cut left the newest piece's clusters unrecorded
                n, crc, good, size = 0, self.crc, 0, 0
            if good < size or not size:
                if first != last and size:
                    self.problem = "piece %s ends inside line %d" % (name, self.n + n + 1)
                elif first == last:  # the event being written at a power cut
                    self.mends.append((name, good))
                    if not good:
                        break
            self.n += n
            self.crc = crc
            if self.tail >= 0 and self.size <= CHUNK:
                self.closed.append(self.tail)
            else:
                self.closed = []  # merged: only small pieces in a row after the last large one
            self.tail = first
            self.size = good
        return seen

    def _read_blocks(self):
        if self.raw is not None:
            self.raw.read(self.dir, self._took)
            self.dropped = self.raw.dropped
            self.side.read(self.dir, self._side_block)  # for load_check and load_clock
            blocks.find(self.flash, (self.raw, self.side))
        else:  # a raw log read without its block device: the next append rewrites it as a piece
            n = self.n
            blocks.Raw(None, ".blk").read(self.dir, self._took)
            self.convert = self.n > n

    def _took(self, data):
        self.n += data.count(b"\n")
        self.crc = crc32(data, self.crc)

    def _side_block(self, part):
        """Keep of the .chk blocks only the last line of each kind (handed in parts)."""
        data = self._carry + part
        cut = data.rfind(b"\n") + 1
        self._carry = data[cut:]
        data = data[:cut]
        keep = b""
        for kind in (b"c ", b"t "):
            line = _last(data, kind) or (_last(self.side_lines[0], kind) if self.side_lines else None)
            if line is not None:
                keep += line + b"\n"
        self.side_lines = [keep]

    def mend(self):
        """Cut the torn last line read() found off its piece; remove merge leftovers."""
        d = self.dir + "/"
        for name, keep in self.mends:
            if keep:
                _copy(d + name, d + name + ".tmp", keep)
                _rename(d + name + ".tmp", d + name)
            else:
                _remove(d + name)
        self.mends = []

    def lines(self, n, start=0):
        """Lines start + 1 to n of the running game (bytes without their
        newline), streamed from flash in the order read() took them; the
        first start are gone over at C speed."""
        k = 0
        first = -1
        while k < n:
            first = blocks.after(self.dir, ".jl", first, k)
            if first < 0:
                break
            if first < k:  # a merge's leftover
                continue
            path = self.dir + "/%05d.jl" % first
            at = -1
            if k < start:
                c, at, crc = _over(path, start - k)
                k += c
                if k < start:
                    continue
            for line in _each_line(path, n - k, False, at):
                k += 1
                yield line
        number = 0
        while k < n:
            number = blocks.after(self.dir, ".blk", number, number + 1)
            if number < 0:
                return
            path = self.dir + "/%05d.blk" % number
            at = -1
            if k < start:
                c, at, crc = _over(path, start - k, 0, True)
                k += c
                if k < start:
                    continue
            for line in _each_line(path, n - k, True, at):
                k += 1
                yield line

    def _crc_upto(self, n):
        """crc32 of the first n lines, each with its newline (None: fewer lines), at C speed."""
        k = crc = 0
        first = -1
        while k < n:
            first = blocks.after(self.dir, ".jl", first, k)
            if first < 0:
                break
            if first >= k:  # not a merge's leftover
                c, at, crc = _over(self.dir + "/%05d.jl" % first, n - k, crc)
                k += c
        number = 0
        while k < n:
            number = blocks.after(self.dir, ".blk", number, number + 1)
            if number < 0:
                break
            c, at, crc = _over(self.dir + "/%05d.blk" % number, n - k, crc, True)
            k += c
        return crc if k == n else None

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
        self._unlit()
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
        while not self.begin_step(header):
            pass

    def begin_step(self, header):
        """One step of begin(), each with one erase at most (the run loop's
        New game: light first, then a step each): the old look and any
        leftover folder removed; the new folder made; its header written;
        the old log archived; the new one in its place. True once it is. A
        call with another header finishes the one under way first."""
        step = self.beginning
        if step is not None and step[0] is not header:
            self.settle()  # the new log under way first (a game never played: dropped by this one)
            step = None
        new = self.dir + ".new"
        if step is None:
            self._unlit()
            _rmtree(new)
            self.beginning = [header, 0, _line(header).encode() + b"\n"]  # the header's line made once
            return False
        data = step[2]
        if step[1] == 0:
            os.mkdir(new)
            step[1] = 1
            return False
        if step[1] == 1:
            self._fresh(data, made=True)
            step[1] = 2
            return False
        if step[1] == 2 and self.n == 1:  # never played: not worth a place in the archive
            _rmtree(self.dir)
            self.n = 0
            step[1] = 3
            return False
        if step[1] < 6:
            if self._archive_parts()[max(step[1], 3) - 3]() is not False:  # False: more of it next step
                step[1] = max(step[1], 3) + 1
            return False
        self.beginning = None
        os.rename(self.dir + ".new", self.dir)
        self.n = 1
        self.crc = crc32(data)
        self.tail = 0
        self.size = len(data)
        self.closed = []
        return True

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
            _rmtree(new)
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
        line = _line(event)
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
                if len(self.closed) >= 4 * MERGE:  # merges keep failing: the next boot finds them
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
                        _remove("%s/%05d%s" % (self.dir, raw.spare[0], raw.ext))
                        self.flash = self.raw = self.side = None
                    return True
            return False
        if len(self.closed) < MERGE:
            return False
        self._merge()
        return True

    def _merge(self):  # apart from maintain(): its frame would be on the heap at every call
        closed = self.closed
        d = self.dir + "/"
        path = d + "%05d.jl" % closed[0]
        _copy(path, path + ".tmp")
        for first in closed[1:]:
            _copy(d + "%05d.jl" % first, path + ".tmp", mode="ab")
        _rename(path + ".tmp", path)
        self.closed = []  # the rest are leftovers now (read() knows them) even if a remove fails
        for first in closed[1:]:
            os.remove(d + "%05d.jl" % first)

    def _rewrite(self, n):
        """A log with raw blocks read without its block device (they cannot be
        appended to): its first n lines go into a new folder, which replaces
        the old one by renames (a cut leaves the old log or the new)."""
        new = self._fresh(self.lines(n))
        self._clear_check()
        if _is_dir(self.dir):
            os.rename(self.dir, self.dir + ".old")
        os.rename(new, self.dir)
        _rmtree(self.dir + ".old")
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
        _remove(self.root + "/" + CLOCK)
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
        lines_crc = lines.crc(n) if isinstance(lines, Lines) and 0 < n <= len(lines) else _crc_of(lines, n)
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
        for part in self._archive_parts():
            while part() is False:
                pass

    def _archive_parts(self):
        """archive() in parts, each a step of begin_step() (one that returns
        False is called again, a step each, until it does not)."""
        return (self._archive_sides, self._archive_log, self._prune)

    def _archive_sides(self):
        """The finished game's side files: its checkpoint's side blocks one a
        call (False while one was removed: all in one step took 24 ms on a
        Pico; it needs no checkpoint), then its clock and check."""
        k = _first(self.dir, ".chk") if _is_dir(self.dir) else -1
        if k >= 0:
            os.remove(self.dir + "/%05d.chk" % k)
            return False
        _remove(self.root + "/" + CLOCK)
        self._clear_check()
        return True

    def _archive_log(self):
        if _is_dir(self.dir):
            if _first(self.dir) >= 0:
                os.rename(self.dir, self.root + "/" + self._next_name())
            else:
                _rmtree(self.dir)
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
