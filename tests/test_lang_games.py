"""Every text the games showed on the display in the device scenarios (the
UIs' lines, the menu, the refusals, the hints), rendered in German and in
French: each line within 16 columns, every letter in the glyph table, no
word cut by the wrapping, and no English word left (names, numbers and the
keys' labels TURN, MENU, UNDO stay)."""

import importlib
import re

import pytest

from companion.hal.glyphs import CHARS
from companion.text import wrap
from companion.ui import lang
from companion.ui.lang import speak
from companion.ui.lang import de, de_page, de_why, fr, fr_page, fr_why
import companion.app.menu as menu

SCENARIOS = ("firmware_scenarios", "kanaloa_device_scenarios", "rukuni_device_scenarios",
             "duell_device_scenarios", "kahuna_cards_device_scenarios", "clock_scenarios",
             # remote play's messages and waiting lines, the sensing board's, the store's
             # "set aside" and damaged saves, the failures a power cut or a full flash brings
             "remote_scenarios", "remote_games_scenarios", "sensing_scenarios", "store_scenarios",
             "powercut_scenarios",
             # the other games' sensing boards: their refusals, differences and to-do
             "sensing_kanaloa_scenarios", "sensing_rukuni_scenarios", "sensing_duell_scenarios")
DRAWABLE = set(chr(c) for c in range(32, 127)) | set(CHARS)
# words the same in English and in the table's language, or names (games, gods, keys)
SAME = {"TURN", "MENU", "UNDO", "KANE", "KANALOA", "Kahuna", "Kanaloa", "Rukuni", "Duell", "Bison", "Wolf",
        "Migis", "Handicap", "Volume", "normal", "solo", "Menu", "Variante", "Duel", "Grp", "min", "pts",
        "Dev", "digital", "profi", "memory", "variant1", "variant2", "Points", "Hint", "Time"}


@pytest.fixture(scope="module")
def shown():
    """{English text: "line" or "message"}: what the scenarios had the App show
    (recorded where the App translates: app/menu.py Menu.tr, words, shown;
    the scenarios played in English)."""
    seen = {}
    Menu = menu.Menu
    real = Menu.tr, Menu.words, Menu.shown

    def words(self, text):
        seen.setdefault(text, "message")
        return text

    def shown(self, texts):
        for t in texts:
            seen.setdefault(t, "line")
        return texts

    def tr(self, text):
        seen.setdefault(text, "line")
        return text

    Menu.tr, Menu.words, Menu.shown = tr, words, shown
    try:
        for name in SCENARIOS:
            importlib.import_module("tests.scenarios." + name).run_all()
    finally:
        Menu.tr, Menu.words, Menu.shown = real
        lang.use("en")
    return seen


def english_words(table, shown):
    """Words of the English texts (the table's and those shown) that the translations never use."""
    eng = set()
    for key in list(table) + list(shown):
        eng.update(w for w in re.findall(r"[A-Za-z]{3,}", key) if not w.isupper())
    used = set()
    for text in table.values():
        used.update(re.findall(r"[^\W\d_]{3,}", text))
    return eng - used - SAME


T = lambda m: dict(speak.entries(m.T))


@pytest.mark.parametrize("code,table", [("de", dict(T(de), **T(de_why))), ("fr", dict(T(fr), **T(fr_why)))])
def test_every_shown_text_fits_and_reads_in_the_language(shown, code, table):
    assert len(shown) > 500  # the scenarios showed the four games' lines, menus and refusals
    lang.use(code)
    english = english_words(table, shown)
    problems = []
    try:
        for text, kind in sorted(shown.items()):
            out = lang.lines([text])[0] if kind == "line" else lang.message(text)
            rows = [out] if kind == "line" else wrap(out, rows=99)
            if kind == "line" and len(out) > 16:
                problems.append("%r -> %r: wider than 16 columns" % (text, out))
            if kind == "message" and any(len(w) > 16 and "." not in w for w in out.split()):  # (a file's name:
                # as long in every language, e.g. aside-1-current.jsonl)
                problems.append("%r -> %r: a word the display would cut" % (text, out))
            if not set(out) <= DRAWABLE:
                problems.append("%r -> %r: no glyph for %r" % (text, out, set(out) - DRAWABLE))
            names = re.sub(r"\S*(-\d|\.json)\S*", "", " ".join(rows))  # (files' names stay: game-0001)
            left = [w for w in re.findall(r"[^\W\d_]{3,}", names) if w in english]
            if left:
                problems.append("%r -> %r: English %s" % (text, out, left))
    finally:
        lang.use("en")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code,tables", [("de", (de, de_why, de_page)), ("fr", (fr, fr_why, fr_page))])
def test_every_shown_text_reads_on_the_page(shown, code, tables):
    """The simulator page shows the same texts (the message under the board: a
    remote board's news and waiting line, the sensing board's differences, the
    store's word after a boot) through the page's say(), all three tables
    loaded: no English word left there either."""
    from host_tools.review_words import speaker

    say = speaker(code)  # (a private copy of speak.py with the page's tables: as the page has them)
    english = english_words(dict(pair for m in tables for pair in speak.entries(m.T)), shown)
    problems = []
    for text in sorted(shown):
        out = say(text)
        names = re.sub(r"\S*(-\d|\.json)\S*", "", out)
        left = [w for w in re.findall(r"[^\W\d_]{3,}", names) if w in english]
        if left:
            problems.append("%r -> %r: English %s" % (text, out, left))
    assert not problems, "\n".join(problems)

