"""Reading the log on flash: the pieces and raw blocks of the running game in
order, a few hundred bytes at a time (Lines: the log is never held in memory),
and what a read mends (a torn last line, a merge's leftover). A mixin of
log_store.Store."""

import os

from . import blocks
from . import files
from .. import crc32


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




class Reading:
    """The Store's reading: read(), lines(n), mend() (see log_store.py)."""

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
        if not files.is_dir(self.dir):
            return None
        d = self.dir + "/"
        for name in [n for n in files.names(self.dir) if n.endswith(".jl.tmp")]:
            if files.exists(d + name[:-4]):
                os.remove(d + name)  # a merge or repair cut before its rename
            else:  # FAT: cut between the remove and the rename
                os.rename(d + name, d + name[:-4])
        total, last = blocks.count(self.dir, ".jl")
        if files.first(self.dir, ".blk") >= 0:
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
                if files.same_lines(d + "%05d.jl" % self.tail, self.tail, first, d + name):
                    self.mends.append((name, 0))
                    continue
                self.problem = "piece %s holds lines %d on again, not as the piece before" % (name, first + 1)
                break
            if first > self.n:
                self.problem = ("line %d is missing" % first if first == self.n + 1
                                else "lines %d to %d are missing" % (self.n + 1, first))
                break
            try:
                n, crc, good, size = files.scan(d + name, self.crc)
            except OSError:  # FAT: a cut left the newest piece's clusters unrecorded
                n, crc, good, size = 0, self.crc, 0, 0
            if size > files.PIECE_MOST:  # (read no further: the rest of a huge piece is never looked at)
                self.problem = "piece %s holds more than %d KB, more than a log piece holds" % (
                    name, files.PIECE_MOST // 1024)
                break
            if good < size or not size:
                if (first != last or size - good > files.LONGEST) and size:  # (a torn line is never longer)
                    self.problem = "piece %s ends inside line %d" % (name, self.n + n + 1)
                elif first == last:  # the event being written at a power cut
                    self.mends.append((name, good))
                    if not good:
                        break
            self.n += n
            self.crc = crc
            if self.tail >= 0 and self.size <= files.CHUNK:
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

    def mend(self):
        """Cut the torn last line read() found off its piece; remove merge leftovers."""
        d = self.dir + "/"
        for name, keep in self.mends:
            if keep:
                files.copy(d + name, d + name + ".tmp", keep)
                files.rename_over(d + name + ".tmp", d + name)
            else:
                files.remove(d + name)
        self.mends = []

    def _files(self, k):
        """The running game's files in the order read() took them: (path, True
        for a raw block), its pieces first (a merge's leftover passed over),
        then its raw blocks. k: a list whose k[0] the caller keeps at the
        lines it went over (the next piece is looked up by the line it starts
        at). The one walk over the log's files (lines(), _crc_upto())."""
        first = -1
        while True:
            first = blocks.after(self.dir, ".jl", first, k[0])
            if first < 0:
                break
            if first >= k[0]:  # (else a merge's leftover)
                yield self.dir + "/%05d.jl" % first, False
        number = 0
        while True:
            number = blocks.after(self.dir, ".blk", number, number + 1)
            if number < 0:
                return
            yield self.dir + "/%05d.blk" % number, True

    def lines(self, n, start=0):
        """Lines start + 1 to n of the running game (bytes without their
        newline), streamed from flash in the order read() took them; the
        first start are gone over at C speed."""
        k = [0]
        if n > 0:
            for path, block in self._files(k):
                at = -1
                if k[0] < start:
                    c, at, crc = files.over(path, start - k[0], 0, block)
                    k[0] += c
                for line in files.each_line(path, n - k[0], block, at) if k[0] >= start else ():
                    k[0] += 1
                    yield line
                if k[0] >= n:
                    break

    def _crc_upto(self, n):
        """crc32 of the first n lines, each with its newline (None: fewer lines), at C speed."""
        k = [0]
        crc = 0
        if n > 0:
            for path, block in self._files(k):
                c, at, crc = files.over(path, n - k[0], crc, block)
                k[0] += c
                if k[0] >= n:
                    break
        return crc if k[0] == n else None
