"""The game log: a header line, then one event per line, all JSON objects.

Line numbers count from 1 (the header), so every message points at the
exact line of the file.
"""

import json

from . import Illegal, LayoutError, const
from .games import NAMES, new_game


# What a value of the wrong type in a log line raises inside a game.
MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError)


class LogError(Exception):
    """A log line that cannot be used; the message starts with 'line N:'."""

    def __init__(self, lineno, reason):
        super().__init__("line %d: %s" % (lineno, reason))
        self.lineno = lineno
        self.reason = reason


def parse_line(line, lineno):
    """The JSON object of one log line (str, or bytes as read from flash).

    Only the dialect log.dump writes is accepted, checked by _scan before
    json.loads sees the text, so CPython and MicroPython accept and refuse
    exactly the same lines (docs/rules.md, "The game log").
    """
    if isinstance(line, str):
        line = line.encode()  # MicroPython's text files do not check UTF-8: check it here
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    try:
        text = line.decode()
    except UnicodeError:
        raise LogError(lineno, "not UTF-8 text (a torn or damaged write): %s" % _clip(repr(line)))
    at = _scan(line)
    if at == 1 and line[:1] and line[:1] in b"[\"-0123456789tfn":  # JSON, but not an object
        raise LogError(lineno, "expected a JSON object, found %s" % _clip(text))
    obj = None
    if not at:
        try:
            obj = json.loads(text)
        except ValueError:
            pass
    if not isinstance(obj, dict):
        raise LogError(lineno, "not a JSON object as the log writes it (truncated or garbled at "
                       "column %d): %s" % (at or 1, _clip(text)))
    return obj


# The dialect: one JSON object of printable ASCII; ", " between items and
# ": " after keys, no other white space; escapes only of ASCII characters;
# integers only, of at most 10 digits (a device's float is single
# precision); objects and arrays nested at most _DEPTH deep. It is what
# json.dumps writes under both interpreters for the names of our layouts
# (their key order differs, so a line is checked, not compared with a
# re-dump). ASCII keeps messages alike: the two repr() differ beyond it.
_DEPTH = const(6)
_ESCAPES = b'"\\/bfnrtu'
_HEX = b"0123456789abcdefABCDEF"


def _scan(b):
    """0 if b is one log object in the dialect, else the column (from 1) of its first fault."""
    n = len(b)
    if not n or b[0] != 123:
        return 1
    if min(b) < 32 or max(b) > 126:  # C-speed check of the whole line first
        for i in range(n):
            if not 32 <= b[i] <= 126:
                return i + 1
    closers = bytearray(_DEPTH)
    d = 0
    i = 0
    key = False  # the next item is a key (in an object) or a value
    while True:
        # --- an item: a key and ": ", or a value
        c = b[i] if i < n else 0
        if key or c == 34:
            if c != 34:
                return i + 1
            j = b.find(b'"', i + 1, n)
            if j > 0 and b.find(b"\\", i + 1, j) < 0:
                i = j + 1  # the usual string: no escapes
            else:
                i = _string(b, i + 1, n)
                if i < 0:
                    return -i
            if key:
                if i + 1 >= n or b[i] != 58 or b[i + 1] != 32:
                    return i + 1
                i += 2
                key = False
                continue
        elif c == 123 or c == 91:  # { or [
            if d == _DEPTH:
                return i + 1
            closers[d] = c + 2  # } or ]
            if i + 1 < n and b[i + 1] == c + 2:
                i += 2  # empty
            else:
                d += 1
                i += 1
                key = c == 123
                continue
        elif c == 45 or 48 <= c <= 57:  # an integer
            j = i + 1 if c == 45 else i
            k = j
            while k < n and 48 <= b[k] <= 57:
                k += 1
            if k == j or k - j > 10 or (b[j] == 48 and k > j + 1):
                return j + 1
            i = k
        elif b.startswith(b"true", i) or b.startswith(b"null", i):
            i += 4
        elif b.startswith(b"false", i):
            i += 5
        else:
            return i + 1
        # --- after a value: closing brackets, or ", " and the next item
        while True:
            if not d:
                return 0 if i == n else i + 1
            c = b[i] if i < n else 0
            if c == closers[d - 1]:
                d -= 1
                i += 1
                continue
            if c != 44 or i + 1 >= n or b[i + 1] != 32:
                return i + 1
            i += 2
            key = closers[d - 1] == 125
            break


def _string(b, i, n):
    """The index past the string whose text starts at b[i], or -(column of its fault)."""
    while True:
        j = b.find(b'"', i, n)
        if j < 0:
            return -(n + 1)
        k = b.find(b"\\", i, j)
        if k < 0:
            return j + 1
        e = b[k + 1]
        if e not in _ESCAPES:
            return -(k + 2)
        i = k + 2
        if e == 117:  # \u00XX, an ASCII character
            if i + 3 >= n or not b.startswith(b"00", i) or b[i + 2] not in b"01234567" \
                    or b[i + 3] not in _HEX:
                return -(i + 1)
            i += 4


def _clip(text):
    if not isinstance(text, str):
        text = text.decode()
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "..."


BOM = b"\xef\xbb\xbf"


def split(data):
    """(lines, tail) of a log's bytes: every line ends in "\n"; the bytes after
    the last one (a write cut short) are not a line: the board and
    `companion replay` both leave them out (docs/rules.md)."""
    lines = data.split(b"\n")
    return lines, lines.pop()


def dump(obj):
    return json.dumps(obj)


def header_of(header_text, lineno=1):
    """The header (a dict) of a header line, or a LogError saying why the line
    is none (a layout file, an event, not JSON): what start() and the store's
    look at a log put in place by hand (store/log_store.py) both ask."""
    if isinstance(header_text, str):
        header_text = header_text.encode()
    if header_text.startswith(BOM):  # a log saved by a Windows editor
        header_text = header_text[3:]
    header = parse_line(header_text, lineno)
    if "format" in header or "kind" in header:
        raise LogError(lineno, "this is a board layout file, not a game log: give a log "
                       "(`companion pull-log` copies the board's)")
    if "op" in header or "game" not in header:
        raise LogError(lineno, 'the first line must be the header, e.g. {"game": "kahuna", '
                       '"layout": "kahuna", "variants": [], "first": "white"}')
    return header


def start(header_text, load_layout, lineno=1):
    """The game a header line describes; load_layout(name) returns a layout dict."""
    header = header_of(header_text, lineno)
    if header["game"] not in NAMES:
        raise LogError(lineno, "header: unknown game %r: this companion knows %s"
                       % (header["game"], ", ".join(NAMES)))
    name = header.get("layout", header["game"])
    if not isinstance(name, str):
        raise LogError(lineno, 'header: "layout" must name a board layout, e.g. "kahuna"')
    try:
        layout = load_layout(name)
        kind = layout.get("game", layout.get("name"))
        if kind != header["game"]:
            raise LogError(lineno, "header: layout %r is a %s board, not a %s one: this is not a log for it"
                           % (name, kind, header["game"]))
        return header, new_game(header, layout)
    except (Illegal, LayoutError) as e:
        raise LogError(lineno, "header: %s" % e)
    except MALFORMED:
        raise LogError(lineno, "header: a value has the wrong type or is out of range")


def apply_line(game, text, lineno):
    event = parse_line(text, lineno)
    if "op" not in event:
        raise LogError(lineno, 'an event needs an "op", e.g. {"op": "end_turn"}')
    try:
        game.apply(event)
    except Illegal as e:
        raise LogError(lineno, str(e))
    except MALFORMED:
        raise LogError(lineno, "a value has the wrong type or is out of range: %s" % _clip(text))
    return event


def replay(lines, load_layout, each=None):
    """Play a whole log; `each(game, event)` is called after every event.

    Lines are str or bytes; blank lines (ASCII white space only) are
    skipped. Raises LogError naming the first bad line.
    """
    game = None
    lineno = 0
    for text in lines:
        lineno += 1
        if isinstance(text, str):
            text = text.encode()  # str.strip() differs: CPython also strips non-ASCII space
        if not text.strip():
            continue
        if game is None:
            header, game = start(text, load_layout, lineno)
        else:
            event = apply_line(game, text, lineno)
            if each:
                each(game, event)
    if game is None:
        raise LogError(1, "the log is empty: it needs a header line")
    return game



def resume(lines, load_layout, check=None, limit=0):
    """The longest valid prefix of a log given line by line (bytes or str).

    lines: a list, or anything that gives them again at each iteration (the
    store streams them from flash). Returns (game, n, error): the game after
    the first n lines (None when the header itself is unusable) and the
    LogError of line n + 1, or None when every line was good. check: (n,
    snapshot) of a checkpoint known to match the first n lines; the game
    then starts from it and only the lines after it are replayed, whatever
    follows it: the undos right after it take back the events whose journal
    the checkpoint carries (Game.checkpoint); only an undo reaching behind
    those replays the log from line 1. limit: the game's journal
    bound (Game.limit); an undo behind it replays the log up to its event.
    """
    game = None
    i = 0
    skip = 0
    it = iter(lines)
    while True:
        try:
            text = next(it)
        except StopIteration:
            break
        i += 1
        if i <= skip:
            continue
        try:
            if not text.strip():
                continue
            if game is None:
                game = start(text, load_layout, i)[1]
                game.limit = limit
                if check and check[0] > 1 and game.restore(check[1]):
                    skip = check[0]
                    since = getattr(lines, "since", None)  # the store's lines: go over them at C speed
                    if since is not None:
                        it = since(skip)
                        i = skip
                continue
            if not game.undoable() and (game.events_in_effect() or game.restored) \
                    and (b"undo" if isinstance(text, bytes) else "undo") in text \
                    and parse_line(text, i).get("op") == "undo":
                if game.restored:  # the undo takes back an event the checkpoint did not carry
                    return resume(lines, load_layout, limit=limit)
                game = back(game, lines, i, load_layout, limit)
            apply_line(game, text, i)
        except LogError as e:
            return game, i - 1, e
    if game is None:
        return None, 0, LogError(1, "the log is empty")
    return game, i, None


class _First:
    """The first n of some lines, as often as asked."""

    def __init__(self, lines, n):
        self.lines = lines
        self.n = n

    def __iter__(self):
        k = 0
        for text in self.lines:
            k += 1
            if k > self.n:
                return
            yield text


def back(game, lines, i, load_layout, limit):
    """For an undo at line i that reaches behind the game's bounded journal:
    the same game with that event undoable again. The events in effect are a
    stack, so the log up to the line that put the top one on it gives them;
    the board image stays as it is now (undo decides what it takes back)."""
    depth = 0
    top = 0  # the line that made the stack as deep as now
    want = game.events_in_effect()
    header = False
    k = 0
    for text in lines:
        k += 1
        if k >= i:
            break
        if not text.strip():
            continue
        if not header:
            header = True
        elif (b"undo" if isinstance(text, bytes) else "undo") in text and parse_line(text, k).get("op") == "undo":
            depth = max(0, depth - 1)
        else:
            depth += 1
            if depth == want:
                top = k
    at = game.real_at
    n = game.nreal
    image = game.s[at:at + n]
    game = None
    again, k, error = resume(_First(lines, top), load_layout, limit=limit)
    if error or again is None or again.events_in_effect() != want:
        raise LogError(i, "the log cannot be replayed to the event this undo takes back")
    again.s[at:at + n] = image
    return again
