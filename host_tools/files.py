"""Reading the files a user hands to a command: game logs, layouts, profiles, figures.

Every way a file can be wrong before its contents are even looked at (missing,
a folder, unreadable, too big, binary, UTF-16, not UTF-8) becomes an
InputError whose message says what is wrong and what to do; the commands
print it and exit with status 2. A UTF-8 byte order mark (what Windows
Notepad writes) is dropped, and Windows line ends are read as line ends.
"""

import codecs
import stat
from pathlib import Path

MB = 1024 * 1024
LOG_LIMIT = 64 * MB     # a long game's log is a few hundred KB
LAYOUT_LIMIT = 4 * MB   # the largest layout is a few KB


class InputError(Exception):
    """A file that cannot be read as the text it should be; the message names it."""


def read_text(path, what="file", limit=LOG_LIMIT):
    """The text of `path` (UTF-8, BOM dropped, CRLF -> LF), or an InputError."""
    return decode(read_bytes(path, what, limit), path, what)


def read_bytes(path, what="file", limit=LOG_LIMIT):
    """The bytes of `path` with a UTF-8 BOM dropped, or an InputError for a file that is
    missing, a folder, not a regular file, too big, UTF-16 or binary (NUL bytes). Whether
    each line is UTF-8 is left to the reader (a game log's lines: the core, as on the board)."""
    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        raise InputError("%s: no such %s: check the name and the folder you are in" % (path, what)) from None
    except OSError as e:
        raise InputError("%s: cannot read the %s: %s" % (path, what, e.strerror or e)) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("%s: is a folder, not a %s: name a file in it" % (path, what))
    if not stat.S_ISREG(st.st_mode):  # a pipe or a device would never end, or not be a file at all
        raise InputError("%s: not a regular file (a pipe, socket or device): save the %s to a file first"
                         % (path, what))
    if st.st_size > limit:
        raise InputError("%s: %.1f MB is far too big for a %s (at most %d MB): is it the right file?"
                         % (path, st.st_size / MB, what, limit // MB))
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except PermissionError:
        raise InputError("%s: cannot read the %s: permission denied (check the file's permissions, "
                         "e.g. chmod u+r)" % (path, what)) from None
    except OSError as e:
        raise InputError("%s: cannot read the %s: %s" % (path, what, e.strerror or e)) from None
    if len(data) > limit:
        raise InputError("%s: more than %d MB, far too big for a %s: is it the right file?"
                         % (path, limit // MB, what))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    # Judged on the first line only: a log torn by a power cut may end in NUL bytes,
    # and the reader names that line, as the board does.
    first = data[:data.find(b"\n") + 1 or 200][:200]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _looks_utf16(data[:200]):
        raise InputError("%s: the %s is UTF-16 text (what a Windows PowerShell `>` redirect writes); the "
                         "companion reads UTF-8: convert it, e.g. in PowerShell `Get-Content IN | Set-Content "
                         "-Encoding utf8 OUT`, or copy logs with `companion pull-log`" % (path, what))
    if b"\0" in first:
        raise InputError("%s: a binary file (it holds NUL bytes), not a %s: is it the right file?" % (path, what))
    return data


def folder_problem(path, what="folder"):
    """What stops `path` from being a folder to write files into, in words
    ending with what to do, or None (it is a folder, or can be made)."""
    if not str(path):
        return "an empty name: give a %s" % what
    try:
        p = Path(path)
        if p.exists() and not p.is_dir():
            return "%s is a file: give a %s" % (path, what)
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        return "%s cannot be a %s (%s): give another" % (str(path)[:80], what, getattr(e, "strerror", None) or e)
    return None


def file_problem(path, what="file"):
    """What stops `path` from being a file to write, in words ending with what
    to do, or None."""
    if not str(path):
        return "an empty name: give a %s" % what
    try:
        if Path(path).is_dir():
            return "%s is a folder: give a %s" % (path, what)
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        return "%s cannot be a %s (%s): give another" % (str(path)[:80], what, getattr(e, "strerror", None) or e)
    return None


def decode(data, path, what="file"):
    """UTF-8 text from bytes; an InputError naming the line that is not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError("%s: line %d: byte 0x%02x is not UTF-8; the %s must be UTF-8 text: re-save it as "
                         "UTF-8 (or is it the right file?)" % (path, line, data[e.start], what)) from None
    return text.replace("\r\n", "\n")


def _looks_utf16(head):
    """UTF-16 without a byte order mark: every other byte of ASCII text is NUL, the
    bytes between are not (a run of NULs, as a torn write leaves, is not UTF-16)."""
    if len(head) < 4:
        return False
    odd, even = head[1::2], head[0::2]
    return (odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.5 * len(even)) or \
        (even.count(0) > 0.9 * len(even) and odd.count(0) < 0.5 * len(odd))
