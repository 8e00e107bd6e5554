"""The page in German and in French (headless chromium), issue 47: the
browser's language chooses it at first (a German browser gets German), the
page's Language choice changes it and is kept; a whole Kahuna game pressed on
the page, a Kanaloa round, and the end of a Rukuni and a Duell game (their
logs loaded, the last moves pressed) show no English word: the page's text
is walked for the English words of the firmware's and the page's own texts;
the display's frames show the glyph table's letters (its bands lit as the
firmware's framebuffer).

Screenshot (UPDATE_IMAGES=1 copies it to docs/images): the page in German
at the end of the Kahuna game (simulator-german.png)."""

import json
import re

import pytest

from companion.ui import lang
from companion.ui.lang import speak
from companion.ui.lang import de, de_page, de_why, fr, fr_page, fr_why
from tests.browser.simpage import ROOT, SHOTS, drive, needs_browser, sim_server, update_image
from tests.scenarios.device import Device, fresh_dir

pytestmark = needs_browser

LOGS = ROOT / "tests" / "logs"
SHOT = SHOTS / "sim-german.png"
# words a German or French page keeps: names (games, gods, keys, islands), and words both languages share
SAME = {"TURN", "MENU", "UNDO", "KANE", "KANALOA", "Kahuna", "Kanaloa", "Rukuni", "Duell", "Schamanen", "Bison",
        "Wolf", "Migis", "Handicap", "Volume", "normal", "solo", "Menu", "Variante", "Duel", "Grp", "min", "pts",
        "Dev", "digital", "profi", "memory", "Points", "Tab", "Enter", "Space", "Backspace", "English", "Deutsch",
        "Companion", "MicroPython", "Pile", "Hint", "Time", "Final", "Simulator", "Simulateur", "Protokoll", "Version",
        "points", "Variants", "variants", "variant", "physical"}
TABLES = {"de": (de, de_why, de_page), "fr": (fr, fr_why, fr_page)}


def english_words(code):
    """The English texts' words (the tables' and the page's) that the language's texts never use."""
    eng, used = set(), set()
    for m in TABLES[code]:
        for key, text in speak.entries(m.T):
            eng.update(w for w in re.findall(r"[A-Za-z]{3,}", key) if not w.isupper())
            used.update(re.findall(r"[^\W\d_]{3,}", text))
    return eng - used - SAME


def kahuna_presses(path):
    """A physical Kahuna game's log as presses on the page: each stick placed
    or removed at its connection, TURN for a turn's end, TURN held for a
    round's; where the element still has a to-do from a cascade, the first
    press confirms it (as on a board) and a second one moves. Worked out on
    the simulated device under CPython (the same firmware as the page's)."""
    header, *events = [json.loads(l) for l in path.read_text().splitlines()]
    d = Device(fresh_dir("sim-lang-presses"), seed=3)
    d.new_game(first=header["first"])
    steps = []
    for e in events:
        if e["op"] in ("place", "remove"):
            while True:
                d.press(e["at"])
                steps.append({"press": e["at"]})
                if d.log()[-1]["op"] not in ("took_off", "put_on"):
                    break
        elif e["op"] == "end_turn":
            d.press("TURN")
            steps.append({"press": "TURN"})
        elif e["op"] == "end_round":
            d.press("TURN", long=True)
            steps.append({"press": "TURN", "long": True})
        assert d.log()[-1] == e, (d.log()[-1], e)
    return steps


def cut(path, tmp_path, n, name):
    """The first n lines of a log, as a file to load."""
    out = tmp_path / name
    out.write_text("\n".join(path.read_text().splitlines()[:n]) + "\n")
    return str(out)


def steps_for(tmp_path, code):
    kanaloa = LOGS / "kanaloa_four_players.jsonl"
    lines = kanaloa.read_text().splitlines()
    round_end = next(i for i, l in enumerate(lines) if '"end_round"' in l)  # the first round's end
    rukuni = LOGS / "rukuni_last_stones.jsonl"
    duell = LOGS / "duell_basic.jsonl"
    return ([{"fresh": "?seed=3"}, {"observe": "start"}, {"key": "m"}, {"key": "t"}, {"key": "t"}]  # First: black
            + [{"key": "m"}] * 8 + [{"key": "t"}]  # New game
            + kahuna_presses(LOGS / "kahuna_full_game.jsonl")
            + [{"observe": "kahuna end"}]
            + ([{"screenshot": str(SHOT)}] if code == "de" else [])
            + [{"goto": "?layout=kanaloa&seed=3"}, {"load": cut(kanaloa, tmp_path, round_end + 2, "kanaloa.jsonl")},
               {"press": json.loads(lines[round_end + 2])["at"]}, {"observe": "kanaloa round"},  # the round's scoring, a move on
               {"goto": "?layout=rukuni&seed=3"}, {"load": cut(rukuni, tmp_path, 3, "rukuni.jsonl")},
               {"press": "0,-4"}, {"press": "0,-3"}, {"press": "1,-3"},  # the last tower and stone
               {"observe": "rukuni end"},
               {"goto": "?layout=duell&seed=3"}, {"load": cut(duell, tmp_path, 30, "duell.jsonl")},
               {"press": "wolf mask 2"}, {"observe": "duell end"},  # the last duel's last mask
               # the sensing board: a stick of the wrong colour put on, refused, "Board differs"
               {"goto": "?layout=kahuna-sensing&seed=3"}, {"key": "m"}, {"press": "TURN"}, {"key": "t"}]
            + [{"key": "m"}] * 8 + [{"key": "Enter"}, {"press": "ALOA-BARI"}, {"press": "ALOA-HUNA", "shift": True},
                                    {"observe": "sensing refused"}])


@pytest.mark.parametrize("code,locale", [("de", "de-DE"), ("fr", "fr-FR")])
def test_a_game_of_each_on_the_page_in_the_browsers_language(tmp_path, code, locale):
    with sim_server() as url:
        seen = drive(url, steps_for(tmp_path, code), timeout=600, locale=locale)
    english = english_words(code)
    assert seen["start"]["lang"] == code  # the browser's language, at first
    for label in ("kahuna end", "kanaloa round", "rukuni end", "duell end", "sensing refused"):
        text = re.sub(r"\S+\.jsonl", "", seen[label]["bodyText"])  # (file names stay)
        left = sorted(set(w for w in re.findall(r"[^\W\d_]{3,}", text) if w in english))
        assert not left, "%s (%s): English words %s in:\n%s" % (label, code, left, text)
    end = seen["kahuna end"]
    assert end["page"]["result"], "the Kahuna game was played to its end"
    played = [json.loads(l) for l in end["log"].strip().split("\n")]
    assert [e for e in played[1:] if e["op"] not in ("took_off", "put_on")] == [
        json.loads(l) for l in (LOGS / "kahuna_full_game.jsonl").read_text().strip().split("\n")[1:]]
    for label in ("rukuni end", "duell end"):
        assert seen[label]["page"]["result"], label
    refused = seen["sensing refused"]  # the sensing board's refusal, under the board and on the display
    assert refused["state"]["message"] == {"de": "ein Stab von Weiß auf ALOA-HUNA: Schwarz am Zug",
                                           "fr": "une liaison de Blanc en ALOA-HUNA : Noir joue"}[code]
    if code == "de":
        update_image(SHOT, "simulator-german.png")
        assert end["text"].split("\n")[0] in ("Spielende",)
