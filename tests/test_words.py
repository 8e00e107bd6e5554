"""The game in words for the simulator page (firmware/companion/ui/words.py):
one sentence per log line, the end with its breakdown, the display's short
words spelt out; the same under CPython and native MicroPython."""

import json
import re

import pytest

from companion.ui import words
from host_tools.micropython import run_native
from tests.browser.simpage import ROOT

LOGS = ["kahuna_full_game", "kanaloa_four_players", "rukuni_last_stones", "duell_basic", "duell_memory",
        "kahuna_cards_example", "worked_example"]

SCRIPT = """
import json
from companion.ui import words
def load(name):
    with open("board_layouts/%s.json" % name) as f:
        return json.load(f)
out = {}
for n in NAMES:
    with open("tests/logs/%s.jsonl" % n) as f:
        out[n] = words.history(f.read().split("\\n"), load)
print(json.dumps(out))
"""


def load(name):
    with open(ROOT / "board_layouts" / (name + ".json")) as f:
        return json.load(f)


def history(name):
    with open(ROOT / "tests" / "logs" / (name + ".jsonl")) as f:
        return words.history(f.read().split("\n"), load)


def test_the_worked_example_in_words():
    moves = history("worked_example")["moves"]
    assert moves[0] == "New game: Kahuna, black first"
    assert moves[17:20] == ["White put a stick on BARI-DUDA; BARI taken; ALOA-BARI, ALOA come off",
                            "White put a stick on ALOA-BARI; ALOA taken; ALOA-HUNA, HUNA come off",
                            "White ended the turn"]
    assert moves[21] == ("Black put a stick on ELAI-HUNA; ELAI, HUNA taken; "
                         "BARI-ELAI, DUDA-ELAI, DUDA-HUNA, DUDA come off")
    assert history("worked_example")["result"] == []  # not over


def test_no_secret_in_duell_words():
    for name in ("duell_basic", "duell_memory"):
        for line in history(name)["moves"]:
            assert not re.search(r"value|choice|mask \d", line), line


def test_cards_in_words():
    moves = history("kahuna_cards_example")["moves"]
    assert moves[1] == "White put a stick on ELAI-FAAA, paid with the card ELAI"
    assert "White drew the face-up COCO card" in moves


def test_display_words_spelt_out():
    assert words.readable("White to play\n     stn stk pts\nWhite  0   0   0") == \
        "White to play. stones sticks points. White 0 0 0"


@pytest.mark.native
def test_same_words_under_native_micropython():
    out = run_native("NAMES = %r\n" % LOGS + SCRIPT)
    assert json.loads(out) == json.loads(json.dumps(dict((n, history(n)) for n in LOGS)))
