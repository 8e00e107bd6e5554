"""Writing an update so that a cut at any byte leaves a board that boots.

A USB cable pulled (power lost) during `companion flash` must leave the old
firmware or the new one, each whole, and the next flash finishes the job
(docs/flashing.md, "A cut update"). The rules:

- The package is one unit: the new one is written to PART, verified by
  hash there, then renamed to STAGED ("whole and verified"), then switched
  in by two renames: LIVE -> OLD, STAGED -> LIVE. Between those two renames
  there is no LIVE; main.py (firmware/main.py) then renames STAGED, else
  OLD, into place before it imports, and so does settle() here. Which
  files the package holds does not matter: only the folder is renamed.
- Every other file (main.py, the layout, the profile, /config.json, the
  new game's look) is written to NAME.part, verified, and renamed over NAME
  (littlefs renames are atomic: NAME is the old bytes or the new).
"""

import errno

from mpremote.transport import TransportError

LIVE = "/lib/companion"  # where the board imports the package from
PART = LIVE + ".part"  # being written: junk until renamed
STAGED = LIVE + ".new"  # whole and verified: the next one to run
OLD = LIVE + ".old"  # the firmware before, until the switch is done
TMP = ".part"  # NAME.part: another file's new bytes, being written


class UpdateError(Exception):
    """The board refused a step (its file system's errno in .errno)."""

    def __init__(self, errno_, what):
        super().__init__(what)
        self.errno = errno_


# Run on the board (one round trip for what would be dozens of fs commands).
# Helpers first, so that each step below is a line that calls them.
BOARD_HELPERS = """
import os
def _kind(p):
    try:
        return os.stat(p)[0] & 0x4000 and 'd' or 'f'
    except OSError:
        return ''
def _rm(p):
    k = _kind(p)
    if k == 'd':
        for n in os.listdir(p):
            _rm(p + '/' + n)
        os.rmdir(p)
    elif k == 'f':
        os.remove(p)
def _mkdirs(p):
    at = ''
    for part in p.strip('/').split('/'):
        at += '/' + part
        if not _kind(at):
            os.mkdir(at)
def _replace(src, dst):
    try:
        os.rename(src, dst)
    except OSError:  # FAT will not rename onto a file: not atomic there (littlefs is)
        if _kind(dst) != 'f':
            raise
        os.remove(dst)
        os.rename(src, dst)
def _copy(src, dst):
    b = bytearray(512)
    with open(src, 'rb') as f, open(dst, 'wb') as g:
        while True:
            n = f.readinto(b)
            if not n:
                break
            g.write(memoryview(b)[:n])
"""

# main.py's rule (firmware/main.py), then the leftovers of a cut flash go.
SETTLE = """
if not _kind(%(live)r):
    for _s in (%(staged)r, %(old)r):
        if _kind(_s) == 'd':
            os.rename(_s, %(live)r)
            break
for _p in (%(part)r, %(staged)r, %(old)r):
    _rm(_p)
for _p in %(files)r:
    _rm(_p + %(tmp)r)
"""


def board_exec(transport, code):
    """Run code on the board after the helpers; an OSError there -> UpdateError."""
    try:
        transport.exec(BOARD_HELPERS + code)
    except TransportError as e:
        text = getattr(e, "error_output", "") or str(e)
        if "OSError" not in text:
            raise
        found = [n for n, name in errno.errorcode.items() if name in text]
        raise UpdateError(found[0] if found else errno.EIO, text.strip().splitlines()[-1]) from None


def settle(transport, other_files):
    """Finish a switch a cut interrupted (as main.py would at boot) and remove what
    a cut flash left: a package being written, a staged or old one, NAME.part files."""
    board_exec(transport, SETTLE % dict(live=LIVE, staged=STAGED, old=OLD, part=PART, files=list(other_files),
                                        tmp=TMP))


def copy_on_board(transport, pairs):
    """Copy files board-side ([(src, dst)]): an unchanged module needs no transfer."""
    if pairs:
        code = "".join("_mkdirs(%r)\n_copy(%r, %r)\n" % (dst.rsplit("/", 1)[0], src, dst) for src, dst in pairs)
        board_exec(transport, code)


def replace(transport, src, dst):
    """Rename src over dst (one atomic step on littlefs)."""
    board_exec(transport, "_replace(%r, %r)\n" % (src, dst))


def switch(transport):
    """The staged package becomes the live one: two renames (main.py finishes a cut between them)."""
    board_exec(transport, "if _kind(%r):\n    os.rename(%r, %r)\nos.rename(%r, %r)\n"
               % (LIVE, LIVE, OLD, STAGED, LIVE))


def remove(transport, path):
    board_exec(transport, "_rm(%r)\n" % path)


def staged_path(remote):
    """Where a package file is written before the switch."""
    return PART + remote[len(LIVE):]


def in_package(remote):
    return remote.startswith(LIVE + "/")
