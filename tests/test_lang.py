"""The display's languages (firmware/companion/ui/lang): the tables, how a
text is translated (whole, by its format, word by word), the menu's
language kept in the settings, and every table text drawable and in 16
columns. tests/test_lang_games.py walks what the games show."""

import re

import pytest

from companion.hal.glyphs import CHARS
from companion.text import wrap
from companion.ui import lang
from companion.ui.lang import speak
from companion.ui.lang import de, de_page, de_why, fr, fr_page, fr_why
from tests.scenarios.device import Device, fresh_dir
from tests.test_lang_games import english_words

T = lambda m: dict(speak.entries(m.T))
TABLES = {"de": dict(T(de), **T(de_why), **T(de_page)), "fr": dict(T(fr), **T(fr_why), **T(fr_page))}
PARTS = {"": (T(de), T(fr)), "_why": (T(de_why), T(fr_why)), "_page": (T(de_page), T(fr_page))}
FORMAT = re.compile(r"%[sd]")
DRAWABLE = set(chr(c) for c in range(32, 127)) | set(CHARS) | {"–"}  # "–": the page's score only


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


@pytest.mark.parametrize("part", sorted(PARTS))
def test_the_tables_have_the_same_texts(part):
    """(A short form, "~Black", is a language's own: only where its long word needs one.)"""
    keys = lambda t: set(k for k in t if not k.startswith("~"))
    a, b = PARTS[part]
    assert keys(a) == keys(b), sorted(keys(a) ^ keys(b))
    others = [t for p in PARTS for t in PARTS[p][:1] if p != part]
    assert not [k for k in a if any(k in t for t in others)], "a text in two of a language's tables"


@pytest.mark.parametrize("code", sorted(TABLES))
def test_every_line_of_a_table_is_one_text_once(code):
    for m in {"de": (de, de_why, de_page), "fr": (fr, fr_why, fr_page)}[code]:
        pairs = speak.entries(m.T)
        assert len(pairs) == len(dict(pairs)), "a text twice in %s" % m.__name__
        for key, text in pairs:
            assert key and text and "|" not in text, (key, text)


@pytest.mark.parametrize("code", sorted(TABLES))
def test_no_comment_holds_a_percent(code):
    """A board finds a format by the table's "%" (speak._by_format): one in a
    comment made it skip the format on the line after (a comment has no "|")."""
    for m in {"de": (de, de_why, de_page), "fr": (fr, fr_why, fr_page)}[code]:
        comments = [line for line in m.T.split("\n") if line.startswith("#")]
        assert comments and not [c for c in comments if "%" in c], m.__name__


@pytest.mark.parametrize("code", sorted(TABLES))
def test_every_format_fills_in_its_translation(code):
    for key, text in TABLES[code].items():
        n = len(FORMAT.findall(key))
        assert "%%" not in key and not re.search(r"%[^sd]", key.replace("%%", "")), key
        assert "%s%s" not in key.replace("%d", "%s"), "%r: text must part two formats" % key
        if "{" in text:
            assert sorted(set(re.findall(r"\{(\d)\}", text))) == [str(i) for i in range(n)], (key, text)
            assert not FORMAT.search(text), (key, text)
        else:
            assert len(FORMAT.findall(text)) == n, (key, text)


SHOWN = {"de": dict(T(de), **T(de_why)), "fr": dict(T(fr), **T(fr_why))}  # what a display shows


@pytest.mark.parametrize("code", sorted(SHOWN))
def test_every_letter_has_a_glyph_and_no_word_is_cut(code):
    for key, text in SHOWN[code].items():
        unknown = set(text) - DRAWABLE
        assert not unknown, (key, text, unknown)
        for word in text.split():
            assert len(word) <= 16, "%r: %r would be cut on the display" % (key, word)
        if len(key) <= 16 and not FORMAT.search(key) and not key.startswith("~"):
            assert len(text) <= 16 or len(key.split()) > 1 and len(wrap(text)) > 1, (key, text)


SENSING_MODULES = ("app/sensed.py", "app/sensing_rukuni.py", "app/sensing_duell.py")


def sensing_refusals():
    """Every refusal the sensing boards' modules can make (their formats as
    written there, the parts filled: a place's name, the piece a cell holds,
    "put on" and "taken off"), so those no scenario reaches are read too."""
    import os
    import companion
    from companion.app.sensing_rukuni import PIECE

    root = os.path.dirname(companion.__file__)
    forms = set()
    for name in SENSING_MODULES:
        with open(os.path.join(root, name), encoding="utf-8") as f:
            forms.update(re.findall(r'"([^"\n]*%s[^"\n]*)"', f.read()))
    texts = []
    for form in sorted(forms):
        if form.startswith(("Back ", "Off ")):
            continue  # a display line: test_sensed_differences_in_the_languages_letters
        if re.search(r"a \w+ %s is no move", form):
            texts += [form % ("1,1", how) for how in ("put on", "taken off")]
        elif form.startswith("%s holds a %s"):
            texts += [form % ("1,1", p) for p in PIECE[1:]]
        else:
            texts.append(form.replace("%s", "1,1"))
    return texts


@pytest.mark.parametrize("code,table", [("de", SHOWN["de"]), ("fr", SHOWN["fr"])])
def test_every_sensing_refusal_reads_in_the_language(code, table):
    """On the display (the board's tables: message()) and under the page's board
    (its say(), all three tables: host_tools/review_words.speaker, as the page has them)."""
    from host_tools.review_words import speaker

    texts = sensing_refusals()
    assert len(texts) >= 20  # Kahuna's, Kanaloa's, Rukuni's and Duell's refusals
    english = english_words(table, dict.fromkeys(texts))
    lang.use(code)  # (English again after: the fixture english_after)
    say = speaker(code)
    problems = []
    for text in texts:
        out = lang.message(text)
        page = say(text)
        if page != out:
            problems.append("%r -> %r on the display, %r on the page" % (text, out, page))
        left = [w for w in re.findall(r"[^\W\d_]{3,}", out) if w in english]
        if left or out == text:
            problems.append("%r -> %r: English %s" % (text, out, left))
        if any(len(w) > 16 for w in out.split()) or not set(out) <= DRAWABLE:
            problems.append("%r -> %r: a word cut or a letter without a glyph" % (text, out))
    assert not problems, "\n".join(problems)


# (English line, German, French): a sensed difference's piece by this language's letter (Black: S, N;
# White: W, B), Duell's pockets by their players' names (B Bison, W Wolf, in every language)
DIFFERENCES = [
    ("Off B ALOA-BARI", "Weg S ALOA-BARI", "Ôter N ALOA-BARI"),
    ("Back W ALOA-BARI", "Auf W ALOA-BARI", "Pose B ALOA-BARI"),
    ("Back B 1,-2", "Auf S 1,-2", "Pose N 1,-2"),
    ("Off T -1,-1", "Weg T -1,-1", "Ôter T -1,-1"),
    ("Off B 2,1 bison", "Weg B 2,1 Bison", "Ôter B 2,1 Bison"),
    ("Back W 0,0 wolf", "Auf W 0,0 Wolf", "Pose W 0,0 Wolf"),
    ("Back MAKA-MELE", "Auf MAKA-MELE", "Pose MAKA-MELE"),
    ("Board differs:", "Brett anders:", "Plateau diffère:"),
]


@pytest.mark.parametrize("code,column", [("de", 1), ("fr", 2)])
def test_sensed_differences_in_the_languages_letters(code, column):
    lang.use(code)
    got = lang.lines([row[0] for row in DIFFERENCES])
    assert got == [row[column] for row in DIFFERENCES]


def test_a_text_whole_by_its_format_and_word_by_word():
    lang.use("de")
    assert lang.say("White to play") == "Weiß am Zug"  # "%s to play", its part translated
    assert lang.say("Round 2 of 3") == "Runde 2 von 3"
    # a part in another place: "{1} ... {0}"
    assert lang.message("0,1 holds wolf's 3: the two stones on a site must differ") == (
        "auf 0,1 liegt die 3 von Wolf: die zwei Steine eines Feldes müssen verschieden sein")
    # a column stays a column: "Black" takes the spaces after it, else its short form
    shown = lambda text: lang.lines([text])[0]  # a display line
    assert shown("     stn stk pts") == "     Stn Stb Pkt"
    assert shown("White  0   0   0") == "Weiß   0   0   0"
    assert shown("Black  0  12   0") == "Schw.  0  12   0"
    assert shown("Black   0   9") == "Schwarz 0   9"
    assert lang.say("Black 0, White 3") == "Schwarz 0, Weiß 3"  # the page's text has no columns
    # a display line formatted past 16 columns takes its parts' short forms
    assert shown("Scoring 1: Black") == "Wertung 1: Schw."
    assert shown("Scoring 2: White") == "Wertung 2: Weiß"
    assert lang.say("ALOA-BARI") == "ALOA-BARI"  # a name stays
    assert lang.message("ALOA-BARI already holds a white stick") == "auf ALOA-BARI liegt schon ein Stab von Weiß"
    lang.use("fr")
    assert lang.message("KAHU-LALE is black's own stick: remove one of white's") == (
        "KAHU-LALE est une liaison de Noir : retirer une liaison de Blanc")
    lang.use("en")
    assert lang.say("White to play") == "White to play" and lang.tr("White") == "White"


def test_one_table_is_loaded_at_a_time():
    import sys

    lang.use("de")
    assert "companion.ui.lang.de" in sys.modules
    assert lang.message("nothing to undo") == "nichts zurückzunehmen"
    assert "companion.ui.lang.de_why" not in sys.modules  # the reasons: loaded to word one, then dropped
    lang.use("fr")
    assert "companion.ui.lang.de" not in sys.modules and "companion.ui.lang.fr" in sys.modules
    lang.use("xx")  # an unknown code: English
    assert lang.code == "en" and lang.say("Game over") == "Game over"
    assert "companion.ui.lang.fr" not in sys.modules


def test_the_language_is_chosen_in_the_menu_and_kept():
    root = fresh_dir("lang-menu")
    d = Device(root)
    assert d.lines()[0] == "Black to play" or d.lines()[0] == "White to play"
    d.open_menu()
    while not d.lines()[-1].startswith(">Language"):
        d.press("MENU")
    assert d.lines()[-1] == ">Language     EN"
    d.press("TURN")
    assert d.lines()[-1] == ">Sprache      DE" and d.lines()[0] == "Menü: Kahuna"
    assert all(len(l) <= 16 for l in d.lines())
    d.press("TURN")
    assert d.lines()[-1] == ">Langue       FR" and d.lines()[0] == "Menu : Kahuna"
    d.press("UNDO")  # back to the game, in French
    assert d.lines()[0].endswith(" joue") and d.lines()[1] == "     pie lia pts"
    d.press("ALOA")  # a refusal, in French, wrapped into the display's lines
    said = " ".join(d.lines()[-6:])
    assert "les îles ne montrent que les pierres Kahuna" in said
    again = Device(root)  # kept across a reset
    assert again.app.settings["lang"] == 2 and again.lines()[0].endswith(" joue")


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("game", ["kahuna", "kanaloa", "rukuni", "duell"])
def test_every_menu_line_fits_in_every_language(code, game):
    """Every option's every value and every setting's line, in 16 columns and drawable."""
    d = Device(fresh_dir("lang-menu-" + game), layout=game)
    d.app.settings.set("lang", lang.CODES.index(code))
    d.app.language(lang.CODES.index(code))
    d.open_menu()
    seen = set()
    options = d.app.module.OPTIONS
    for i in range(len(d.app._items())):
        assert d.app.cursor == i
        for _ in range(len(options[i][1]) if i < len(options) else 1):
            if i < len(options):
                d.press("TURN")
            for line in d.lines():
                assert len(line) <= 16 and set(line) <= DRAWABLE, line
                seen.add(line)
        d.press("MENU")
    english = {"First", "Brightness", "Language", "Back", "New game", "Sound"}
    assert not [l for l in seen if set(l.strip(" >").split("  ")[0].split()) & english]


def sample(key):
    """A text of the format key: each %s a name of its own, each %d a number."""
    parts = iter(["ALOA", "BARI", "COCO", "DUDA", "ELAI"])
    return re.sub(r"%[sd]", lambda m: next(parts) if m.group() == "%s" else "7", key)


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("part", ["", "_why", "_page"])
def test_a_format_comes_before_a_more_general_one(code, part):
    """The first format a text matches translates it: "Off stone %s" must come
    before "Off %s", or "Off stone ALOA" would be "Off" + "stone ALOA"."""
    module = {"de": {"": de, "_why": de_why, "_page": de_page}, "fr": {"": fr, "_why": fr_why, "_page": fr_page}}
    table = module[code][part].T
    for key, text in speak.entries(table):
        if not FORMAT.search(key):
            continue
        first = next(k for k, _ in speak.entries(table) if FORMAT.search(k) and speak.match(speak._split(k), sample(key)))
        assert first == key, "%r comes before %r, which it also matches" % (first, key)


TEXTS = ["White to play", "Black  0  12   0", "     stn stk pts", "Scoring 1: Black", "Off stone ALOA",
         "Round 2 of 3", "W put ALOA-BARI", "ALOA-BARI", "Pile 13 up F D C", "Hold TURN: hand",
         "Off B ELAI-FAAA", "Back W 0,0 wolf"]  # (a sensing board's differences)
MESSAGES = ["KAHU-LALE is black's own stick: remove one of white's", "nothing to undo", "hold: end of round",
            "0,1 holds wolf's 3: the two stones on a site must differ",
            "MAKA-MELE: a bridge taken off is no move here", "a Wolf stone in Bison's pocket of 1,1: put it in its own"]
SCRIPT = """
import json
from companion.ui import lang
from companion.ui.lang import speak
out = []
for code in ("de", "fr", "en"):
    lang.use(code)
    out.append(lang.lines(%r) + [lang.message(t) for t in %r])
print("OUT " + json.dumps(out))
""" % (TEXTS, MESSAGES)


@pytest.mark.native
def test_the_same_words_under_native_micropython():
    import json

    from host_tools.micropython import run_native

    out = run_native(SCRIPT)
    got = json.loads([l for l in out.splitlines() if l.startswith("OUT ")][-1][4:])
    want = []
    for code in ("de", "fr", "en"):
        lang.use(code)
        want.append(lang.lines(TEXTS) + [lang.message(t) for t in MESSAGES])
    assert got == want
    assert want[0][:2] == ["Weiß am Zug", "Schw.  0  12   0"] and want[2][0] == "White to play"


@pytest.mark.parametrize("code,n,missing,bad", [
    ("de", 1, ["DATEI FEHLT", "bl/kahuna.json", "board_layouts/", "auf das Gerät", "kopieren"],
     ["JSON FEHLERHAFT", "bl/kahuna.json", "am PC prüfen", "(companion", "layout check),", "neu kopieren"]),
    ("fr", 2, ["FICHIER ABSENT", "bl/kahuna.json", "copier", "board_layouts/", "sur l'appareil"],
     ["JSON INVALIDE", "bl/kahuna.json", "la vérifier sur", "le PC (companion", "layout check),", "la recopier"]),
])
def test_the_failure_screen_speaks_the_menus_language(tmp_path, monkeypatch, code, n, missing, bad):
    """A board that cannot start (its layout missing, or not JSON) says so in the
    language kept in its settings (issue 47), every line within 16 columns and
    every letter drawable; in English as before (tests/test_boot_check.py)."""
    import json

    from companion import boot

    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "bl").mkdir()
    (tmp_path / "games" / "settings.json").write_text(json.dumps({"lang": n}))
    lang.use("en")
    assert boot.start_sim("kahuna", "games", "bl").app.lines == missing
    (tmp_path / "bl" / "kahuna.json").write_text("{not json")
    got = boot.start_sim("kahuna", "games", "bl").app.lines
    assert got == bad and all(len(l) <= 16 and set(l) <= DRAWABLE for l in got)
    (tmp_path / "games" / "settings.json").write_text(json.dumps({"lang": 0}))
    assert boot.start_sim("kahuna", "games", "bl").app.lines[0] == "BAD JSON"
