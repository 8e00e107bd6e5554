"""The game log: a header line, then one event per line, all JSON objects.

Line numbers count from 1 (the header), so every message points at the
exact line of the file.
"""

import json

from . import Illegal, LayoutError
from .games import NAMES, new_game


# What a value of the wrong type in a log line raises inside a game.
MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError)


class LogError(Exception):
    """A log line that cannot be used; the message starts with 'line N:'."""

    def __init__(self, lineno, reason):
        super().__init__("line %d: %s" % (lineno, reason))
        self.lineno = lineno
        self.reason = reason


def parse_line(text, lineno):
    try:
        obj = json.loads(text)
    except ValueError:
        raise LogError(lineno, "not a JSON object (truncated or garbled line): %s" % _clip(text))
    if not isinstance(obj, dict):
        raise LogError(lineno, "expected a JSON object, found %s" % _clip(text))
    return obj


def _clip(text):
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "..."


def dump(obj):
    return json.dumps(obj)


def start(header_text, load_layout, lineno=1):
    """The game a header line describes; load_layout(name) returns a layout dict."""
    header = parse_line(header_text, lineno)
    if "op" in header or "game" not in header:
        raise LogError(lineno, 'the first line must be the header, e.g. {"game": "kahuna", '
                       '"layout": "kahuna", "variants": [], "first": "white"}')
    if header["game"] not in NAMES:
        raise LogError(lineno, "header: unknown game %r: this companion knows %s"
                       % (header["game"], ", ".join(NAMES)))
    name = header.get("layout", header["game"])
    if not isinstance(name, str):
        raise LogError(lineno, 'header: "layout" must name a board layout, e.g. "kahuna"')
    try:
        layout = load_layout(name)
        return header, new_game(header, layout)
    except (Illegal, LayoutError) as e:
        raise LogError(lineno, "header: %s" % e)
    except MALFORMED as e:
        raise LogError(lineno, "header: a value has the wrong type (%s)" % _clip(str(e)))


def apply_line(game, text, lineno):
    event = parse_line(text, lineno)
    if "op" not in event:
        raise LogError(lineno, 'an event needs an "op", e.g. {"op": "end_turn"}')
    try:
        game.apply(event)
    except Illegal as e:
        raise LogError(lineno, str(e))
    except MALFORMED as e:
        raise LogError(lineno, "a value has the wrong type (%s): %s" % (_clip(str(e)), _clip(text)))
    return event


def replay(lines, load_layout, each=None):
    """Play a whole log; `each(game, event)` is called after every event.

    Blank lines are skipped. Raises LogError naming the first bad line.
    """
    game = None
    lineno = 0
    for text in lines:
        lineno += 1
        if not text.strip():
            continue
        if game is None:
            header, game = start(text, load_layout, lineno)
        else:
            event = apply_line(game, text, lineno)
            if each:
                each(game, event)
    if game is None:
        raise LogError(max(lineno, 1), "the log is empty: it needs a header line")
    return game



def resume(lines, load_layout, check=None):
    """The longest valid prefix of a log given line by line (bytes or str).

    Returns (game, n, error): the game after the first n lines (None when
    the header itself is unusable) and the LogError of line n + 1, or None
    when every line was good. check: (n, snapshot) of a checkpoint known to
    match the first n lines; the game then starts from it and only the lines
    after it are replayed (all of them again if an undo reaches behind it).
    """
    game = None
    i = 0
    while i < len(lines):
        text = lines[i]
        i += 1
        try:
            if isinstance(text, bytes):
                try:
                    text = text.decode()
                except UnicodeError:
                    raise LogError(i, "damaged bytes (not text)")
            if not text.strip():
                continue
            if game is None:
                game = start(text, load_layout, i)[1]
                if check and check[0] > 1 and game.restore(check[1]):
                    i = check[0]
            elif check and not game.events_in_effect() and "undo" in text and getattr(game, "restored", 0):
                return resume(lines, load_layout)  # the undo takes back an event before the checkpoint
            else:
                apply_line(game, text, i)
        except LogError as e:
            return game, i - 1, e
    if game is None:
        return None, 0, LogError(1, "the log is empty")
    return game, len(lines), None
