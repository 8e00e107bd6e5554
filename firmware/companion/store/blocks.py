"""Raw log blocks: each event programmed straight into erased flash.

A block file NNNNN.blk (in the game's log folder) is exactly one flash
block, written once by littlefs when nobody is pressing: a random MARK-byte
marker, then erased bytes (0xFF). littlefs never rewrites a file it is not
asked to write, so the block stays where it is; the store finds it on the
flash by its marker and programs each event's line into it, after the
lines before it. Programming only clears bits, so it needs no erase: an
event costs two small programs and no erase (littlefs itself would erase a
block for every few events: docs/firmware.md, "The game log on flash").

Read through the file system, a block is its marker, JSON lines, then 0xFF.
Each line is programmed in two steps, its text and then its newline, so a
line counts only once its newline is there: a power cut in the first step
leaves a line without one, in the second a byte that is not quite one.
After a cut the writer goes on in the next block, never after a torn line.
"""

import os
import sys

MARK = 16
# The RP2040's flash programs whole 256-byte pages (bytes given as 0xFF stay
# as they are); the ESP32's takes any bytes, and must not be given 0xFF over
# programmed ones (ESP-IDF may check that a write only clears bits).
PAGE = 256 if sys.platform == "rp2" else 1  # 256 or 1
ERASED = b"\xff" * 256


def body(data):
    """(end of the complete lines, clean) of a block file's bytes: its lines
    are data[MARK:end]; clean when nothing is programmed after them, so the
    next line may go at end."""
    free = data.find(b"\xff", MARK)
    if free < 0:
        free = len(data)
    end = max(data.rfind(b"\n", MARK, free) + 1, MARK)
    return end, end == free and len(data.rstrip(b"\xff")) <= free


def scan(path):
    """(marker, size, end, clean) of a block file, read 256 bytes at a time
    (a whole block would be one 4 KB allocation): body() of its bytes."""
    with open(path, "rb") as f:
        mark = f.read(MARK)
        at = len(mark)
        free = end = -1
        dirty = False
        while True:
            data = f.read(256)
            if not data:
                break
            if free < 0:
                stop = data.find(b"\xff")
                nl = data.rfind(b"\n", 0, stop if stop >= 0 else len(data))
                if nl >= 0:
                    end = at + nl + 1
                if stop >= 0:
                    free = at + stop
                    dirty = len(data.rstrip(b"\xff")) > stop
            elif not dirty:
                dirty = len(data.rstrip(b"\xff")) > 0
            at += len(data)
    if free < 0:
        free = at
    end = max(end, MARK)
    return mark, at, end, end == free and not dirty


def _part(path, start, end, each=None):
    """Bytes start..end of a file, read 256 at a time: each(part) for every
    part, or (without each) the bytes themselves."""
    out = b""
    with open(path, "rb") as f:
        f.seek(start)
        while start < end:
            data = f.read(min(256, end - start))
            if not data:
                break
            start += len(data)
            if each is None:
                out += data
            else:
                each(data)
    return out


def new_mark():
    try:
        mark = bytearray(os.urandom(MARK))
    except (AttributeError, NotImplementedError, OSError):
        import time
        mark = bytearray(b"%016x" % time.ticks_us())
    mark[0] = 0x43  # never all 0xFF, so never taken for an erased block
    return bytes(mark)


def fill(f, at, end):
    """Write erased bytes (0xFF) from offset at to end."""
    while at < end:
        n = min(len(ERASED), end - at)
        f.write(ERASED if n == len(ERASED) else ERASED[:n])
        at += n


def create(path, size):
    """Write a block file of `size` bytes (one flash block): its marker, the rest erased."""
    mark = new_mark()
    with open(path, "wb") as f:
        f.write(mark)
        fill(f, MARK, size)
    return mark


def locate(dev, marks):
    """The flash block holding each marker (None: not found, or found twice)."""
    found = [None] * len(marks)
    seen = [0] * len(marks)
    head = bytearray(MARK)
    for block in range(dev.ioctl(4, 0)):
        dev.readblocks(block, head, 0)
        for i in range(len(marks)):
            if head == marks[i]:
                found[i] = block
                seen[i] += 1
    return [found[i] if seen[i] == 1 else None for i in range(len(marks))]


def program(dev, block, off, data, buf=None):
    """Program data at byte off of a flash block; where the chip wants whole
    pages (PAGE 256), a page at a time, the page's other bytes given as 0xFF."""
    if PAGE == 1:
        dev.writeblocks(block, data, off)
        return
    buf = buf or bytearray(256)
    src = memoryview(data)
    end = off + len(data)
    start = off - off % 256
    while start < end:
        buf[:] = ERASED
        a = max(off, start)
        b = min(end, start + 256)
        buf[a - start:b - start] = src[a - off:b - off]
        dev.writeblocks(block, buf, start)
        start += 256


def write_line(dev, block, off, line, buf=None):
    """Program one line (bytes without its newline) at off, then its newline:
    the line counts from the moment the newline is there. Returns the new end."""
    program(dev, block, off, line, buf=buf)
    end = off + len(line)
    try:
        program(dev, block, end, b"\n", buf=buf)
    except OSError:
        check = bytearray(1)
        dev.readblocks(block, check, end)
        if check[0] != 0x0A:
            raise
    return end + 1


def _listed(folder):
    """(name, ilistdir's entry, or None under CPython) of a folder's entries,
    one at a time (ilistdir where there is one: no list of a long game's
    hundreds of files). Listed as bytes: a name that is not UTF-8 (no name
    the store writes) is left out, where a str listing would stop the board
    with a UnicodeError."""
    each = getattr(os, "ilistdir", None)
    for entry in each(folder.encode()) if each else os.listdir(folder.encode()):
        name = entry[0] if isinstance(entry, tuple) else entry
        if not isinstance(name, str):  # (the WebAssembly port's file system lists str names whatever it is asked)
            try:
                name = name.decode()
            except UnicodeError:
                continue
        yield name, entry if each else None


def each_name(folder):
    """A folder's names, one at a time."""
    for name, _ in _listed(folder):
        yield name


def each_entry(folder):
    """(name, is it a folder) of a folder's entries, one at a time: the kind
    from the listing itself (CPython: a look-up for it)."""
    for name, entry in _listed(folder):
        yield name, entry[1] == 0x4000 if entry is not None else os.stat(folder + "/" + name)[0] & 0x4000 != 0


def _numbers(folder, ext):
    """The numbers of the files NNNNN<ext> (named "%05d<ext>" % number) in a folder, one at a time."""
    k = len(ext)
    for name in each_name(folder):
        if name.endswith(ext) and name[:-k].isdigit() and name == "%05d%s" % (int(name[:-k]), ext):
            yield int(name[:-k])


def after(folder, ext, number, guess=-1):
    """The number of the file NNNNN<ext> that follows `number` in a folder (-1: none).
    No list of the folder is made (a long game's holds hundreds of files): the
    guess is taken if that file is there, else one pass over the folder finds it
    (a guess may skip files in between: the caller counts them, see count())."""
    if guess > number:
        try:
            os.stat("%s/%05d%s" % (folder, guess, ext))
            return guess
        except OSError:
            pass
    best = -1
    for n in _numbers(folder, ext):
        if n > number and (best < 0 or n < best):
            best = n
    return best


def count(folder, ext):
    """(how many files NNNNN<ext> a folder holds, the highest number or -1)."""
    n = 0
    top = -1
    for k in _numbers(folder, ext):
        n += 1
        top = max(top, k)
    return n, top


def find(flash, streams):
    """Look up the flash blocks that the streams (Raw) write to next, in one
    pass over the flash, at boot: not in a press's write."""
    todo = [b for r in streams for b in (r.blk, r.spare) if b is not None and b[2] is None and b[3] is not None]
    if todo:
        for b, block in zip(todo, locate(flash, [b[1] for b in todo])):
            b[2] = block
            if block is None:
                b[3] = None  # not on this flash: never written to


class Raw:
    """One stream of lines kept in raw blocks NNNNN<ext> of a folder: the
    block the next line goes to, and a spare allocated in quiet time."""

    def __init__(self, flash, ext):
        self.flash = flash
        self.ext = ext
        self.page = bytearray(256)  # program()'s page buffer, made once
        self.job = None  # a spare being written in quiet time: [path, open file or None, marker, bytes written]
        self.clear()

    def clear(self):
        self.finish()  # a block file half written in quiet time is completed (its folder may move)
        self.blk = None  # [number, marker, flash block (None: not looked up yet), next offset (None: full)]
        self.spare = None  # an empty block for the next one, same form
        self.last = 0  # the highest block number in the folder
        self.dropped = b""  # a torn last line

    def read(self, folder, each):
        """each(part) for every block in order, its lines (with their newlines)
        handed out in parts of at most 256 bytes."""
        self.clear()
        number = 0
        while True:
            number = after(folder, self.ext, number, number + 1)
            if number < 0:
                break
            name = "%05d%s" % (number, self.ext)
            path = folder + "/" + name
            mark, size, end, clean = scan(path)
            self.last = number
            if size <= MARK or self.flash is not None and size < self.size() and end <= MARK:  # never used
                os.remove(path)
                continue
            if end > MARK or not clean:
                _part(path, MARK, end, each)
                self.dropped = b"" if clean else _part(path, end, min(size, end + 1024)).rstrip(b"\xff")
                self.blk = [number, mark, None, end if clean else None]
                self.spare = None
            elif self.spare is None:
                self.spare = [number, mark, None, MARK]

    def append(self, folder, line):
        """Program one line (bytes, no newline); an erase only when no spare is ready."""
        if MARK + len(line) + 1 > self.size():
            raise OSError(27)  # EFBIG: a line longer than a block (no event is)
        blk = self.blk
        if blk is None or blk[3] is None or blk[3] + len(line) + 1 > self.size():
            self.finish()
            if self.spare is None:
                self.spare = self.allocate(folder)
            blk = self.blk = self.spare
            self.spare = None
        if blk[2] is None:  # find() or allocate() did not find it on the flash
            blk[3] = None
            raise OSError(5)  # EIO: the next try takes a new block
        at = blk[3]
        blk[3] = None  # until the line is whole: a failure leaves this block to the next one
        blk[3] = write_line(self.flash, blk[2], at, line, self.page)

    def due(self):
        """True when the next block should be allocated now, in quiet time."""
        blk = self.blk
        return self.spare is None and (blk is None or blk[3] is None or blk[3] > self.size() // 2)

    def prepare(self, folder):
        """One quiet-time step towards the spare, each with at most one erase
        (the loop is held no longer than that): the block file is created;
        its first 1 KB is written (littlefs erases the block); the rest is
        written and the file closed; it is found on the flash. True while
        steps remain. A cut leaves no file or an empty one (littlefs sizes a
        file when it is closed), which read() removes."""
        job = self.job
        try:
            if job is None:
                self.last += 1
                job = self.job = ["%s/%05d%s" % (folder, self.last, self.ext), None, new_mark(), MARK]
                job[1] = open(job[0], "wb")
                job[1].write(job[2])
                return True
            f = job[1]
            if f is not None:
                size = self.size()
                end = size if job[3] > MARK else min(size, 1280)  # past 1 KB: littlefs programs its first KB
                fill(f, job[3], end)
                job[3] = end
                if end >= size:
                    job[1] = None
                    f.close()
                return True
            self.job = None
            self.spare = [self.last, job[2], locate(self.flash, [job[2]])[0], MARK]
            return False
        except BaseException:  # a flash error (or a cut, in the tests): no file left open
            self.job = None
            if job is not None and job[1] is not None:
                try:
                    job[1].close()  # a short file left so has no lines: read() removes it
                except BaseException:
                    pass
            raise

    def finish(self):
        """The spare being prepared, at once (an event needs it, or its folder is left)."""
        while self.job is not None:
            self.prepare(None)

    def allocate(self, folder):
        """Write the next block file (littlefs erases a block); it, found on the flash."""
        self.last += 1
        mark = create("%s/%05d%s" % (folder, self.last, self.ext), self.size())
        return [self.last, mark, locate(self.flash, [mark])[0], MARK]

    def size(self):
        return self.flash.ioctl(5, 0)
