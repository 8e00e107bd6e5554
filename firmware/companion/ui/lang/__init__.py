"""The words a player reads, in English, German or French.

The firmware writes English. A language's table (de.py, fr.py: T = {English:
translation}) translates a text whole, or by its format: the key "%s to play"
translates "White to play", its part ("White") translated again ("Weiß").
Formats use only %s and %d, with text between two of them. A text the table
does not know goes word by word ("stn", "White"), else stays as it is: a
name (ALOA-BARI), a number. So the core keeps returning English (its
refusals are also the log tools' messages) and imports nothing of this.

Only the chosen language's table is loaded, on first use (English needs
none); `use()` changes it (the menu, the page). To add a text: write it in
English where it is made, and add it, or its format, to de.py and fr.py
(tests/test_lang.py checks that every line the display can show fits).
"""

import sys

CODES = ("en", "de", "fr")
WIDTH = 16  # a display line's columns
NAMES = ("English", "Deutsch", "Français")

code = "en"
_t = {}  # the chosen language's table
_forms = None  # its formats, split at their %s: [(literals, translation)], the most specific first


def use(new):
    """Speak language `new` ("en", "de" or "fr"; another: English) from now on."""
    global code, _t, _forms
    if new not in CODES:
        new = "en"
    if new == code:
        return
    g = globals()
    for old in ("de", "fr"):  # drop the other table: a board holds one
        sys.modules.pop(__name__ + "." + old, None)
        if old in g:  # (an import also made it the package's name)
            del g[old]
    _t = {}
    _forms = None
    code = new
    if new == "de":
        from . import de

        _t = de.T
    elif new == "fr":
        from . import fr

        _t = fr.T


def tr(text):
    """A text as the table has it, else as it is (a dict look-up: no allocation)."""
    return _t.get(text, text)


def _split(key):
    return tuple(key.replace("%d", "%s").split("%s"))


def forms():
    """The table's formats, split once, the longest literal text first."""
    global _forms
    if _forms is None:
        out = []
        for key in _t:
            if "%s" in key or "%d" in key:
                lits = _split(key)
                out.append((sum(len(l) for l in lits), lits, _t[key].replace("%d", "%s")))
        out.sort(key=lambda f: -f[0])
        _forms = [(f[1], f[2]) for f in out]
    return _forms


def match(lits, text):
    """The parts of text that fill a format's %s (its literals lits), or None."""
    first = lits[0]
    last = lits[-1]
    end = len(text) - len(last)
    if end <= len(first) or not text.startswith(first) or not text.endswith(last):
        return None
    args = []
    pos = len(first)
    for lit in lits[1:-1]:
        j = text.find(lit, pos + 1, end)
        if j < 0:
            return None
        args.append(text[pos:j])
        pos = j + len(lit)
    if pos >= end:
        return None
    args.append(text[pos:end])
    return args


def fill(form, parts):
    """A translation with its parts: in order (%s), or where it says ({1} {0})."""
    if "{" in form:
        return form.format(*parts)
    return form % tuple(parts)


def say(text, depth=3):
    """A text in the chosen language: whole, by its format (the parts
    translated the same way), else word by word."""
    if not _t or not text:
        return text
    got = _t.get(text)
    if got is not None:
        return got
    if depth > 0:
        for lits, form in forms():
            args = match(lits, text)
            if args is not None:
                out = fill(form, [say(a, depth - 1) for a in args])
                if len(out) > WIDTH >= len(text):  # a display line: its parts' short forms
                    out = fill(form, [_t.get("~" + a) or say(a, depth - 1) for a in args])
                return out
    return words(text)


def words(text):
    """Word by word: each word the table has, in a place as wide (a column
    stays a column: a longer word takes the spaces after it, else its short form)."""
    if " " not in text:
        return _t.get(text, text)
    parts = text.split(" ")
    out = []
    i = 0
    while i < len(parts):
        w = parts[i]
        t = _t.get(w)
        i += 1
        if t is None:
            out.append(w)
            continue
        room = len(w)
        while len(t) > room and i < len(parts) and parts[i] == "":
            room += 1  # a space after it: one column more
            i += 1
        if len(t) > room:
            t = _t.get("~" + w, t)
        out.append(t + " " * (room - len(t)))
    return " ".join(out)


def lines(texts):
    """Display lines, each in the chosen language (English: the same list)."""
    if not _t:
        return texts
    return [say(t) for t in texts]
