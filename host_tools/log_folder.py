"""A board's log folder read on the PC exactly as the board reads it.

The board keeps a game as pieces (NNNNN.jl) and raw blocks (NNNNN.blk) in
/games/log (the running game) or /games/game-NNNN (an archived one); the
firmware's own join (companion/store/files.py join()) makes one JSON-lines log of
them, here as there. A merge or repair writes NNNNN.jl.tmp and renames it
over NNNNN.jl; a cut before the rename leaves the .tmp. Opening the running
game (Store.read(), store/reading.py), the board then drops the .tmp if NNNNN.jl is there (the
rename never began: the piece is whole) and takes it as NNNNN.jl if not
(FAT: cut between the remove and the rename). An archive is read by
saved_log(), which looks at .jl and .blk only. `pull-log` and `companion
replay FOLDER` apply the same rule (tests/test_log_folder.py runs each case
through the board's Store and through this, and compares).
"""

from pathlib import Path

from companion.store.files import LOG, join

from .files import LOG_LIMIT, InputError, read_bytes

TMP = ".jl.tmp"


def as_board_reads(pieces, running):
    """[(name, bytes)] of a log folder's files with the board's rule for NNNNN.jl.tmp
    (running: the folder is the running game's, log/). `names` may include folders."""
    names = {name for name, _ in pieces}
    out = []
    for name, data in pieces:
        if name.endswith(TMP):
            if running and name[:-4] not in names and data is not None:
                out.append((name[:-4], data))  # the board renames it into place
            continue  # the board removes it (running) or never looks at it (an archive)
        out.append((name, data))
    return out


def join_pieces(pieces, running):
    """One JSON-lines log (bytes) from a log folder's files [(name, bytes or None for a folder)]."""
    return join([(n, d) for n, d in as_board_reads(pieces, running) if d is not None])


def read_folder(path, limit=LOG_LIMIT):
    """The game log (bytes) in a log folder on the PC (a board's /games/log or
    game-NNNN, copied as it is), or an InputError; its files are read with a
    bound on their total size."""
    path = Path(path)
    pieces = []
    total = 0
    try:
        entries = sorted(path.iterdir())
    except OSError as e:
        raise InputError("%s: cannot read the folder: %s" % (path, e.strerror or e)) from None
    for entry in entries:
        name = entry.name
        if not (name.endswith(".jl") or name.endswith(".blk") or name.endswith(TMP)):
            continue
        if not entry.is_file():
            pieces.append((name, None))  # (a folder of that name: the board skips it too)
            continue
        try:
            size = entry.stat().st_size
            total += size
            if total > limit:
                raise InputError("%s: its pieces hold more than %d MB, far too much for a game log: is it "
                                 "the right folder?" % (path, limit // (1024 * 1024)))
            with open(entry, "rb") as f:
                pieces.append((name, f.read(size)))
        except OSError as e:
            raise InputError("%s: cannot read %s: %s" % (path, name, e.strerror or e)) from None
    if not any(d is not None for _, d in as_board_reads(pieces, path.name == LOG)):
        raise InputError("%s: a folder without a game log's pieces (NNNNN.jl): name a log file, or a board's "
                         "log folder (games/log or games/game-NNNN)" % path)
    return join_pieces(pieces, path.name == LOG)


def read_log(path):
    """A game log's bytes: a JSON-lines file (files.read_bytes), or a board's log
    folder copied as it is (read_folder), read as the board reads it."""
    try:
        folder = Path(path).is_dir()
    except (OSError, ValueError):  # a name too long, a NUL byte: read_bytes says so
        folder = False
    if folder:
        return read_folder(path)
    return read_bytes(path, "game log")
