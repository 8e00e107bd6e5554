"""The log's files on flash: their names, and reading and writing them with a
bound (a line of at most LONGEST bytes, BUF bytes at a time), joining pieces
(join: what `companion pull-log` and the simulator read), copying, removing."""

import errno
import os
import sys

from . import blocks
from .. import crc32  # (a port without it: checkpoints are checked by their line count only)
from ..core import log

ENOSPC = getattr(errno, "ENOSPC", 28)

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


def as_line(obj):
    return obj if isinstance(obj, str) else log.dump(obj)


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def is_dir(path):
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
        if out and first < end and inside(out[-1], start, first, data):
            continue
        out.append(data)
        start = first
        end = first + data.count(b"\n")
    for seq, data in sorted((int(n[:-4]), d) for n, d in pieces if n.endswith(".blk") and n[:-4].isdigit()):
        out.append(data[blocks.MARK:blocks.body(data)[0]])
    return b"".join(out)


def inside(before, start, first, data):
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
    older whole game-NNNN.jsonl). For the PC and the simulator's page, which
    hold a whole log in memory (a board never does: the store streams it)."""
    path = root + "/" + name
    if not is_dir(path):
        try:
            return read_all(path, -1)
        except OSError:
            return b""
    return join([(n, read_all(path + "/" + n, -1)) for n in names(path) if n.endswith(".jl") or n.endswith(".blk")])


def read_all(path, most):
    """A file's bytes, at most `most` of them (a file of junk must not take the heap)."""
    with open(path, "rb") as f:
        return f.read(most)


def rename_over(tmp, path):
    try:
        os.rename(tmp, path)  # littlefs replaces the old file at once
    except OSError:  # FAT will not rename onto an existing file
        os.remove(path)
        os.rename(tmp, path)


def write_all(path, data):
    """Write a whole file through a temporary one and a rename: the old or the new, never half."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    rename_over(tmp, path)


# Files are read BUF bytes at a time, so that reading, mending, merging and
# archiving need about that much memory whatever the length of the game.
BUF = 256
LONGEST = 1024  # bytes of a line kept: no log line is longer (a longer one is damage)
# Bytes a log piece may hold. The board's own pieces stay under MERGE * CHUNK
# (about 3 KB); a whole log taken in from current.jsonl is one piece: a
# 600-event game is about 21 KB. A longer piece is no log the board wrote
# (2 MB of junk lines, say): it is read no further than this, so boot time
# is bounded by the game, not by the junk (docs/firmware.md).
PIECE_MOST = 256 * 1024


def scan(path, crc):
    """(complete lines, crc32 of them continuing crc, their bytes, bytes in all)
    of a file; of one over PIECE_MOST bytes, of its first PIECE_MOST + BUF or so
    (the caller finds it too long)."""
    n = good = size = 0
    run = crc
    with open(path, "rb") as f:
        while True:
            data = f.read(BUF) if size <= PIECE_MOST else None
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


def each_line(path, n, block=False, at=-1):
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


def over(path, n, crc=0, block=False):
    """Go over the first n complete lines of a file (fewer if it has fewer) a
    piece at a time, at C speed: (lines, the byte after them, crc32 of them
    continuing crc). Read into one buffer: boot goes over the log so twice
    (a checkpoint's CRC, the lines it covers), and a bytes object made per
    KB read had a Pico collect its heap in the middle (70 ms for 301 lines
    that take 13)."""
    base = end = blocks.MARK if block else 0
    done = 0
    run = crc
    buf = bytearray(4 * BUF)
    view = memoryview(buf)
    with open(path, "rb") as f:
        f.seek(base)
        while done < n:
            got = f.readinto(buf)
            if not got:
                break
            stop = buf.find(b"\xff", 0, got) if block else -1
            if stop >= 0:
                got = stop
            c = buf.count(b"\n", 0, got)
            if done + c <= n:
                cut = buf.rfind(b"\n", 0, got) + 1
                done += c
            else:
                cut = 0
                for _ in range(n - done):
                    cut = buf.find(b"\n", cut, got) + 1
                done = n
            if cut:
                crc = crc32(view[:cut], run)
                run = crc32(view[cut:got], crc)
                end = base + cut
            else:
                run = crc32(view[:got], run)
            base += got
            if stop >= 0:
                break
    return done, end, crc


def copy(src, dst, size=-1, mode="wb"):
    """Copy the first size bytes (all: -1) of a file to dst, BUF at a time."""
    with open(src, "rb") as f, open(dst, mode) as out:
        while size:
            data = f.read(BUF if size < 0 else min(BUF, size))
            if not data:
                break
            out.write(data)
            if size > 0:
                size -= len(data)


def same_lines(before, start, first, path):
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


def crc_of(lines, n):
    """crc32 of the first n lines, each with its newline (one at a time)."""
    crc = 0
    for line in lines:
        if not n:
            break
        crc = crc32(b"\n", crc32(line, crc))
        n -= 1
    return crc


def last_of(data, kind):
    """The last complete line of this kind (b"c ", b"t ") in data, or None."""
    at = data.rfind(b"\n" + kind)
    if at < 0 and not data.startswith(kind):
        return None
    end = data.find(b"\n", at + 1)
    return data[at + 1:end] if end >= 0 else None


def remove(path):
    """Remove a file if it is there; one that cannot be removed is renamed out of the way."""
    try:
        os.remove(path)
    except OSError:
        try:
            os.rename(path, path + ".bad")
        except OSError:
            pass


def names(folder):
    """A folder's names, one at a time (blocks.each_name: one walk for the store)."""
    return blocks.each_name(folder)


def first(folder, ext=".jl"):
    """The number of a log folder's first piece (or raw block, ".blk"; side block, ".chk"), -1: none."""
    return blocks.after(folder, ext, -1)


def rmtree(path):
    """Remove a file, or a folder with everything in it (a folder in it too)."""
    if is_dir(path):
        for name in list(names(path)):
            rmtree(path + "/" + name)
        os.rmdir(path)
    else:
        remove(path)


def set_aside(path):
    """Something of the wrong kind where the store keeps a file or a folder (a
    folder for a file, a file for a folder), moved whole out of the way: renamed
    to aside-N-NAME beside it (the first free N). Its new name, or None if it
    could not be moved."""
    name = path.rsplit("/", 1)[-1]
    for n in range(1, 100):
        to = "%saside-%d-%s" % (path[:len(path) - len(name)], n, name)
        if not exists(to):
            try:
                os.rename(path, to)
            except OSError:
                return None
            return to.rsplit("/", 1)[-1]
    return None


def not_a_log(path):
    """Why the file at path is no game log the board takes in as the running
    game (its first line, read with a bound, is no log header: the verdict
    `companion replay` gives at line 1), or None."""
    try:
        size = os.stat(path)[6]
        if size > PIECE_MOST:
            return "%d KB, more than a log piece holds (%d KB)" % (size // 1024, PIECE_MOST // 1024)
        head = read_all(path, LONGEST + 1)
    except OSError as e:
        return "cannot be read: %s" % e
    end = head.find(b"\n")
    if end < 0:
        return "line 1: no complete line in its first %d bytes" % LONGEST
    try:
        log.header_of(head[:end])
    except log.LogError as e:
        return str(e)
    return None
