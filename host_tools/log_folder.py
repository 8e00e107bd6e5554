"""A board's log folder read on the PC exactly as the board reads it: one verdict.

The board keeps a game as pieces (NNNNN.jl) and raw blocks (NNNNN.blk) in
/games/log (the running game) or /games/game-NNNN (an archived one). The
running game's folder is read here by the board's own reader (the Store of
companion/store/, under CPython as on the board) on a copy in a temporary
folder, so the host's verdict is the board's by construction: the same
NNNNN.jl.tmp rule (a merge's or repair's copy cut before its rename: dropped
beside its piece, renamed into place without it), the same lines, and the
same refusal where the pieces cannot be read in order (a piece missing, one
ending inside a line): the board then keeps the lines before the damage and
archives the whole folder at its next boot, so `companion replay` reads
those lines (none: it refuses, saying what the board found) and pull-log
writes them, with the whole folder's bytes beside them. An archived game
(game-NNNN) is joined as the board's saved_log() joins it: its .jl and .blk
files, byte for byte (companion/store/files.py join()).
tests/test_log_folder.py runs every case through both and compares.
"""

import os
import sys
import tempfile
from pathlib import Path

from companion.store.files import LOG, join, saved_log
from companion.store.log_store import Store

from .files import LOG_LIMIT, InputError, read_bytes

TMP = ".jl.tmp"
ENDINGS = (".jl", ".blk", TMP)  # the files of a log folder the board's reader looks at


def is_piece(name):
    return name.endswith(ENDINGS) and "/" not in name and name not in (".", "..")


def read_pieces(pieces, running):
    """(the log as the board reads it (bytes), what the board finds wrong or None)
    of a log folder's files [(name, bytes, or None for a folder)]; running: the
    running game's folder (log/). With a problem, the bytes are the lines the
    board keeps (each with its newline); without, the pieces joined as they
    are (a torn last line included: the reader leaves it out and says so)."""
    pieces = [(n, d) for n, d in pieces if is_piece(n)]
    if not running:  # an archive: the board's saved_log() looks at .jl and .blk only
        return join([(n, d) for n, d in pieces if d is not None and not n.endswith(TMP)]), None
    with tempfile.TemporaryDirectory(prefix="companion-log-") as tmp:
        folder = os.path.join(tmp, LOG)
        os.mkdir(folder)
        for name, data in pieces:
            path = os.path.join(folder, name)
            if data is None:
                os.mkdir(path)  # (a folder of that name: the board's reader meets it too)
            else:
                with open(path, "wb") as f:
                    f.write(data)
        store = Store(tmp)
        lines = store.read(mend=False)  # renames or drops the .tmp pieces as the board does
        if store.problem is None:
            return saved_log(tmp, LOG), None
        return b"".join(bytes(line) + b"\n" for line in lines or ()), store.problem


def join_pieces(pieces, running):
    """The log (bytes) of a log folder's files [(name, bytes or None)] as the board reads it (read_pieces)."""
    return read_pieces(pieces, running)[0]


def whole_folder(pieces):
    """Every .jl and .blk file of a log folder joined byte for byte (what the board archives as it is)."""
    return join([(n, d) for n, d in pieces if is_piece(n) and d is not None and not n.endswith(TMP)])


def damage_said(path, problem, kept):
    """What `companion replay` says of a running log folder the board finds damaged."""
    n = kept.count(b"\n")
    if not n:
        return ("%s: the board cannot read this log: %s (at its next boot it archives the folder as it is, "
                "as game-NNNN with a note, and starts a new game)" % (path, problem))
    return ("%s: %s: the board goes on with lines 1 to %d and archives the whole folder at its next boot: "
            "those lines are read here" % (path, problem, n))


def read_folder(path, limit=LOG_LIMIT):
    """The game log (bytes) in a log folder on the PC (a board's /games/log or
    game-NNNN, copied as it is), or an InputError; its files are read with a
    bound on their total size. A running game's folder the board finds damaged
    gives the lines the board keeps (said on stderr), or, with none, an InputError."""
    path = Path(path)
    pieces = []
    total = 0
    try:
        entries = sorted(path.iterdir())
    except OSError as e:
        raise InputError("%s: cannot read the folder: %s" % (path, e.strerror or e)) from None
    for entry in entries:
        name = entry.name
        if not is_piece(name):
            continue
        if not entry.is_file():
            pieces.append((name, None))
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
    data, problem = read_pieces(pieces, path.name == LOG)
    if problem is not None:
        if not data:
            raise InputError(damage_said(path, problem, data))
        print(damage_said(path, problem, data), file=sys.stderr)
    elif not data:
        raise InputError("%s: a folder without a game log's pieces (NNNNN.jl): name a log file, or a board's "
                         "log folder (games/log or games/game-NNNN)" % path)
    return data


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
