"""The words a player reads, in English, German or French.

The firmware writes English. A language's tables (de.py, fr.py: T, a text of
lines "English|translation") translate a text whole, or by its format: the key "%s to play"
translates "White to play", its part ("White") translated again ("Weiß").
Formats use only %s and %d, with text between two of them; a translation
that needs the parts in another order names them: "{1} ... {0}". A text the
table does not know goes word by word ("stn", "White"), else stays as it is:
a name (ALOA-BARI), a number. So the core keeps returning English (its
refusals are also the log tools' messages) and imports nothing of this.

Each language has three tables, for the device's heap: de.py, the display's
lines, the menu and the short words (loaded while the language is chosen:
`use()`); de_why.py, the refusals' reasons and the App's messages (loaded to
word one, `message()`, then dropped); de_page.py, the simulator page's words
(`for_page()`: only the page loads them, never a board). English loads none.

A table is one string, not a dict: on a board it is one object on the heap
(about its length), found in C (str.find); a dict of ~200 texts cost 3-4
times as much. The display's formats are split once, when the language is
chosen (about 80), and the last lines translated are kept (LAST of them).

To add a text: write it in English where it is made, and add a line
"English|translation" (or its format) to the same table of each language
(de*.py and fr*.py): tests/test_lang.py checks the tables agree and every
display line fits.
"""

import sys

from . import CODES
WIDTH = 16  # a display line's columns
LAST = 24  # display lines kept translated
DEPTH = 3  # formats within formats (a board's lines and reasons; the page's sentences: more)
_columns = False  # translating display lines (lines()): words keep their columns

code = "en"
_t = ""  # the chosen language's display table ("": English; the page's: all three, for_page())
_last = {}  # display lines translated lately: English -> translation
_page = False  # the page's tables are in _t
_why = ""  # the reasons' table while message() words one (its parts are looked up there too)
_forms = ()  # the page's formats, split once (for_page: the page is no board, its texts are many)


def use(new):
    """Speak language `new` ("en", "de" or "fr"; another: English) from now on."""
    global code, _t, _last
    if new not in CODES:
        new = "en"
    if new == code:
        return
    for old in ("de", "fr"):  # drop the other table: a board holds one
        _drop(old)
    _t = ""
    _last = {}
    code = new
    _t = _for_page() if _page else _table("")
    if _page:
        _index()


def _table(part):
    """The chosen language's table `part` ("": the display's, "_why", "_page")."""
    if code == "de":
        if part == "_why":
            from . import de_why as m
        elif part == "_page":
            from . import de_page as m
        else:
            from . import de as m
    elif code == "fr":
        if part == "_why":
            from . import fr_why as m
        elif part == "_page":
            from . import fr_page as m
        else:
            from . import fr as m
    else:
        return ""
    return m.T


def _drop(name):
    """Forget a table's module (its heap is freed at the next collection)."""
    package = __name__.rsplit(".", 1)[0]
    sys.modules.pop(package + "." + name, None)
    g = sys.modules[package].__dict__
    if name in g:  # (an import also made it the package's name)
        del g[name]


def _for_page():
    return _by_literal(_table("") + _table("_why") + _table("_page"))


def for_page():
    """The simulator page: all three tables kept (it is no board: the heap is
    not short), the formats with the most literal text first, for the page's
    sentences made of several ("%s put a %s on %s" + "; %s taken")."""
    global _page, _t, _last, LAST, DEPTH
    _page = True
    LAST = 512  # the page's texts are many: the moves, the result, every element's name
    DEPTH = 8
    _t = _for_page()
    _last = {}
    _index()


def _index():
    """The page's formats, each (first letter, last letter, literals, translation)
    ("%": a part), in the table's order: a text is matched against them
    without searching the table (a review or the page's history says
    thousands of texts; the page's tables are three times a board's)."""
    global _forms
    out = []
    for key, text in entries(_t):
        if "%s" in key or "%d" in key:
            last = "%" if key[-2:] in ("%s", "%d") else key[-1]
            out.append((key[0], last, _split(key), text.replace("%d", "%s")))
    _forms = out


def _by_literal(table):
    plain, forms = [], []
    for line in table.split("\n"):
        key = line[:line.find("|")]
        if "%s" in key or "%d" in key:
            forms.append((-len(key.replace("%s", "").replace("%d", "")), len(forms), line))
        elif line and line[0] != "#":
            plain.append(line)
    forms.sort()
    return "\n" + "\n".join(plain + [f[2] for f in forms]) + "\n"


def entries(table):
    """A table's (English, translation) pairs, in order (the tests, the formats)."""
    out = []
    for line in table.split("\n"):
        if line and line[0] != "#":
            k = line.find("|")
            out.append((line[:k], line[k + 1:]))
    return out


def get(table, text):
    """text's translation in table, or None."""
    j = table.find("\n" + text + "|")
    if j < 0:
        return None
    j += len(text) + 2
    return table[j:table.find("\n", j)]


def tr(text):
    """A text as the display's table has it, else as it is."""
    if not _t:
        return text
    got = get(_t, text)
    return text if got is None else got


def message(text):
    """A refusal's reason or the App's message: whole or by its format from the
    reasons' table, loaded for it and dropped again (a board keeps only the
    display's table), else as say() has it. Short of memory: the English."""
    if not _t or not text or _page:
        return say(text)
    got = get(_t, text)
    if got is not None:
        return got
    global _why
    try:
        _why = _table("_why")
        got = get(_why, text)
        if got is None:
            got = _by_format(_why, text, DEPTH)
    except MemoryError:
        got = None
    _why = ""
    _drop(code + "_why")
    return say(text) if got is None else got


def _split(key):
    return tuple(key.replace("%d", "%s").split("%s"))


def match(lits, text):
    """The parts of text that fill a format's %s (its literals lits), or None."""
    first = lits[0]
    last = lits[-1]
    end = len(text) - len(last)
    if end <= len(first) or not text.startswith(first) or not text.endswith(last):
        return None
    args = []
    pos = len(first)
    n = len(lits) - 2  # the literals between two parts: the last one found from the end
    for k in range(1, n + 1):
        lit = lits[k]
        j = text.rfind(lit, pos + 1, end) if k == n else text.find(lit, pos + 1, end)
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


def say(text, depth=0):
    """A text in the chosen language: whole, by its format (the parts
    translated the same way, to DEPTH formats deep), else word by word."""
    global _last
    if not _t or not text:
        return text
    got = get(_t, text)
    if got is None and _why and depth:  # a reason's part: "flash error 5" in "NOT SAVED (flash error 5): ..."
        got = get(_why, text)
    if got is not None:
        return got
    top = depth == 0
    if top:
        depth = DEPTH
        got = _last.get(text)
        if got is not None:
            return got
    got = _by_format(_t, text, depth)
    if got is None and _why:
        got = _by_format(_why, text, depth)
    if got is None:
        got = words(text)
    if top:
        if len(_last) >= LAST:
            _last = {}
        _last[text] = got
    return got


def _short(a):
    got = get(_t, "~" + a)
    return got


def _by_format(table, text, depth):
    """text by the first format in table that it matches (its parts by
    say()), or None. A table's format comes before a more general one
    ("Off stone %s" before "Off %s"). Nothing of the formats is kept: a
    format's first or last letter, looked at in place, rules most out before
    one is split (a few short strings, for a line not translated lately)."""
    if depth <= 1 or not text:
        return None
    if _page and table is _t:
        for first, last, lits, form in _forms:
            if (first == "%" or first == text[0]) and (last == "%" or last == text[-1]):
                args = match(lits, text)
                if args is not None:
                    return _filled(form, args, text, depth)
        return None
    pos = table.find("%")
    while pos >= 0:
        start = table.rfind("\n", 0, pos) + 1
        bar = table.find("|", start)
        end = table.find("\n", bar)
        if pos < bar and (table[start] == "%" or table[start] == text[0]) and (
                table[bar - 1] in "sd" and table[bar - 2] == "%" or table[bar - 1] == text[-1]):
            args = match(_split(table[start:bar]), text)
            if args is not None:
                return _filled(table[bar + 1:end].replace("%d", "%s"), args, text, depth)
        pos = table.find("%", end)
    return None


def _filled(form, args, text, depth):
    """A format's translation with its parts, each said in turn."""
    out = fill(form, [say(a, depth - 1) or a for a in args])
    if _columns and len(out) > WIDTH >= len(text):  # a display line: its parts' short forms
        out = fill(form, [_short(a) or say(a, depth - 1) or a for a in args])
    return out


def words(text):
    """Word by word: each word the table has, in a place as wide (a column
    stays a column: a longer word takes the spaces after it, else its short form)."""
    if " " not in text:
        got = get(_t, text)
        return text if got is None else got
    parts = text.split(" ")
    out = []
    i = 0
    while i < len(parts):
        w = parts[i]
        t = get(_t, w) if w else None
        i += 1
        if t is None:
            out.append(w)
            continue
        room = len(w) if _columns else len(t)
        while len(t) > room and i < len(parts) and parts[i] == "":
            room += 1  # a space after it: one column more
            i += 1
        if len(t) > room:
            t = _short(w) or t
        out.append(t + " " * (room - len(t)))
    return " ".join(out)


def lines(texts):
    """Display lines, each in the chosen language (English: the same list):
    a word keeps its column, a line its 16 (short forms where needed)."""
    global _columns
    if not _t:
        return texts
    _columns = True
    try:
        return [say(t) for t in texts]
    finally:
        _columns = False
