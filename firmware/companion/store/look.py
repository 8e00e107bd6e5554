"""The board's look (lit.py) saved a step at a time, for the run loop's
quiet time (what Store.save_lit does at once). Loaded only then: boot's heap does not hold
this code (lit.py, which main.py and boot load, keeps what power-on needs).

Issue 44: timed on the emulated Pico the save was one loop step of 13.3 ms
(the log's token 8.4: the folder listed, its last block opened and read;
the pack 0.8; the littlefs write 3-4), and a press landing in it lit 19-24
ms after its contact. In steps of 0.4-3.3 ms, each ends within a press's
settling time; the token comes from the raw stream (raw_token) where it can."""

from binascii import crc32

from .. import lit


def saving(store, pin, data, marks):
    """store.save_lit() a step at a time (a generator: it yields while steps
    remain): the log's token, the file packed, then written. Dropped between
    steps (close()), it leaves the look saved before."""
    token = raw_token(store)  # before the old look goes
    if token is None:
        for token in token_steps(store.dir):
            if token is None:
                yield
    yield
    blob = lit.pack(pin, data, marks, token)
    yield
    with open(store.root + "/" + lit.NAME, "wb") as f:
        f.write(blob)
    store.lit = True


def raw_token(store):
    """lit.token(store.dir) from what the store's raw stream knows, without
    the folder's listing and a file opened (3.5 and 4 ms on a Pico): the
    block its lines go to is the last with something in it (a spare after it
    holds its marker only), its lines end where the next one goes, and its
    bytes are read from the flash a page at a time. None when the stream does
    not know them (no raw blocks; its block not yet found since boot)."""
    raw = store.raw
    blk = raw.blk if raw is not None else None
    if blk is None or blk[2] is None or blk[3] is None or blk[3] <= lit.SPARE:
        return None
    end = blk[3]
    chunk = memoryview(raw.page)  # (nothing of a block's size to find room for)
    at = crc = 0
    while at < end:
        n = min(len(chunk), end - at)
        store.flash.readblocks(blk[2], chunk[:n], at)
        crc = crc32(chunk[:n], crc)
        at += n
    return "%05d%s %08x" % (blk[0], raw.ext, crc & 0xFFFFFFFF)


def token_steps(folder):
    """lit.token(folder) a step at a time: a generator that yields None after
    the folder's listing, after its sort and after each chunk read, the token
    last (the same as lit.token's: tests/test_quiet_time.py saves a look so
    and lit.saved() takes it)."""
    import os

    try:
        each = getattr(os, "ilistdir", None)
        names = [e if isinstance(e, str) else e[0] for e in (each(folder) if each else os.listdir(folder))]
    except OSError:
        yield lit.NEW if lit._missing(folder) else ""  # (no folder: a board fresh from `companion flash`)
        return
    yield None
    names = sorted((n for n in names if n.endswith(".jl") or n.endswith(".blk")),
                   key=lambda n: (n.endswith(".blk"), n))  # raw blocks follow the pieces
    yield None
    chunk = bytearray(4 * lit.PAGE)
    for name in reversed(names):
        got = [0, 0]
        for _ in _written_crc(folder + "/" + name, chunk, got):
            yield None
        if got[0] > lit.SPARE:  # not a raw block nobody wrote to yet (its marker only)
            yield "%s %08x" % (name, got[1] & 0xFFFFFFFF)
            return
    yield lit.NEW


def _written_crc(path, chunk, got):
    """lit._written_crc a chunk a step (a generator): got[:] = how many bytes
    of the file come before its erased rest, and their CRC-32."""
    end = crc = so_far = 0
    view = memoryview(chunk)
    try:
        with open(path, "rb") as f:
            at = 0
            n = f.readinto(chunk)
            while n:
                k = lit.written(view[:n])
                if k:  # something in this chunk: the written part ends in it, so far
                    crc = crc32(view[:k], so_far)
                    end = at + k
                so_far = crc if k == n else crc32(view[:n], so_far)  # (a log piece: every chunk whole)
                at += n
                yield
                n = f.readinto(chunk)
    except OSError:
        end = crc = 0
    got[0] = end
    got[1] = crc
