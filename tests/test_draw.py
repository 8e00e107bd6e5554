"""The drawn board (`companion layout draw`) and drawn game (`companion replay -o`), parsed back."""

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from host_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "logs"
SVG = "{http://www.w3.org/2000/svg}"


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def texts(el):
    return ["".join(t.itertext()) for t in el.iter(SVG + "text")]


def draw_layout(tmp_path, name, suffix=".svg"):
    out = tmp_path / ("board" + suffix)
    assert main(["layout", "draw", name, "-o", str(out)]) == 0
    return out


def test_kahuna_wiring_guide(tmp_path):
    layout = json.loads((ROOT / "board_layouts" / "kahuna.json").read_text())
    root = ET.parse(draw_layout(tmp_path, "kahuna")).getroot()
    islands = groups(root, "island")
    conns = groups(root, "connection")
    assert len(islands) == 12 and len(conns) == 27
    # every island shows its name, LED index and button code, as in the layout
    want = dict((i["name"], (str(i["led"]), str(i["button"]))) for i in layout["islands"])
    got = {}
    for g in islands:
        name = g.get("data-name")
        assert texts(g)[0] == name
        got[name] = ("".join(g.find(".//*[@class='led']").itertext()),
                     "".join(g.find(".//*[@class='button']").itertext()))
    assert got == want
    want = dict(("-".join(sorted((c["a"], c["b"]))), (str(c["led"]), str(c["button"])))
                for c in layout["connections"])
    got = dict((g.get("data-name"), (g.find(".//*[@class='led']").text, g.find(".//*[@class='button']").text))
               for g in conns)
    assert got == want
    legend = " ".join(texts(groups(root, "legend")[0]))
    assert "TURN 56" in legend and "UNDO 57" in legend and "MENU 58" in legend
    assert texts(root)[0] == "Kahuna"


def test_png_output(tmp_path):
    png = draw_layout(tmp_path, "kahuna", ".png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    svg = ET.parse(draw_layout(tmp_path, "kahuna")).getroot()
    assert (width, height) == (int(svg.get("width")), int(svg.get("height")))


@pytest.mark.parametrize("name, group, count", [("rukuni", "cell", 61), ("duell", "site", 9)])
def test_other_kinds_are_drawn(tmp_path, name, group, count):
    root = ET.parse(draw_layout(tmp_path, name)).getroot()
    assert len(groups(root, group)) == count


def test_a_broken_layout_is_drawn_with_its_problems_marked(tmp_path, capsys):
    out = tmp_path / "b.svg"
    assert main(["layout", "draw", str(ROOT / "tests/layouts/kahuna_broken.json"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "island MOMO: no connection reaches it" in err and "with 6 problems marked in red" in err
    root = ET.parse(out).getroot()
    marks = dict((g.get("data-entry"), g.get("data-problem")) for g in groups(root, "problem"))
    # numbered as listed; GOLA (no "y") and KAHU-LALA (no island LALA) cannot be placed: listed only
    assert marks == {"connection ELAI-JOJO": "2", "connection ALOA-ALOA": "4", "island MOMO": "6"}
    listed = [t.text for t in root.iter(SVG + "text") if t.get("class") == "problem-line"]
    assert listed[0] == '1. island GOLA: has no "y"' and listed[5] == "6. island MOMO: no connection reaches it"
    drawn = set(g.get("data-name") for g in groups(root, "island"))
    assert "MOMO" in drawn and "GOLA" not in drawn and len(drawn) == 12


@pytest.mark.parametrize("text", ["[1, 2]", "", '{"kind": "islands", "islands": "x"', '{"kind": "hex"}',
                                  '{"kind": "islands", "size": [0, 0], "islands": [{"name": 3, "x": 1e308, '
                                  '"y": -5}], "connections": [{"a": [1], "b": {}}]}'])
def test_a_layout_too_broken_to_draw_still_gets_a_picture(tmp_path, capsys, text):
    src, out = tmp_path / "l.json", tmp_path / "l.svg"
    src.write_text(text)
    assert main(["layout", "draw", str(src), "-o", str(out)]) == 2
    root = ET.parse(out).getroot()
    assert [t for t in root.iter(SVG + "text") if t.get("class") == "problem-line"]
    assert "problem" in capsys.readouterr().err


def test_unknown_picture_type(tmp_path, capsys):
    assert main(["layout", "draw", "kahuna", "-o", str(tmp_path / "b.gif")]) == 2
    assert "name it .svg or .png" in capsys.readouterr().err


# --- drawn games --------------------------------------------------------------------
def replay_svg(tmp_path, capsys, log, *more):
    out = tmp_path / "game.svg"
    assert main(["replay", str(LOGS / log), "-o", str(out)] + list(more)) == 0
    state = json.loads(capsys.readouterr().out)
    root = ET.parse(out).getroot()
    sticks = dict((g.get("data-name"), g.get("data-owner")) for g in groups(root, "connection")
                  if g.get("data-owner"))
    stones = dict((g.get("data-name"), g.get("data-stone")) for g in groups(root, "island") if g.get("data-stone"))
    return root, state, sticks, stones


def test_replay_at_event_3_draws_black_opening(tmp_path, capsys):
    root, state, sticks, stones = replay_svg(tmp_path, capsys, "worked_example.jsonl", "--at", "3")
    assert sticks == {"ALOA-BARI": "black", "ALOA-HUNA": "black", "HUNA-IFFI": "black"}
    assert stones == {"ALOA": "black"}
    assert state["sticks"] == sticks and state["stones"] == stones
    summary = texts(groups(root, "summary")[0])
    assert summary[:4] == ["after event 3 of 22", "Round 1, black to play",
                           "white: 0 points \u00b7 0 stones \u00b7 0 sticks",
                           "black: 0 points \u00b7 1 stone \u00b7 3 sticks"]


def test_replay_at_0_is_the_empty_board(tmp_path, capsys):
    root, state, sticks, stones = replay_svg(tmp_path, capsys, "worked_example.jsonl", "--at", "0")
    assert (sticks, stones) == ({}, {})
    assert len(groups(root, "connection")) == 27


def test_replay_of_a_full_game_shows_scorings_and_tie_break(tmp_path, capsys):
    root, state, sticks, stones = replay_svg(tmp_path, capsys, "kahuna_full_game.jsonl")
    assert state["over"] and state["winner"] == "white"
    assert sticks == state["sticks"] and stones == state["stones"]
    assert len(sticks) == 22 and len(stones) == 9
    summary = texts(groups(root, "summary")[0])
    assert summary == [
        "after event 97 of 97", "Game over",
        "white: 1 point \u00b7 5 stones \u00b7 13 sticks", "black: 1 point \u00b7 4 stones \u00b7 9 sticks", "",
        "1st scoring: black +1", "2nd scoring: nobody (equal stones)", "final scoring: white +1", "",
        "Winner: white", "points tied 1-1; tie-break:", "more points in the final scoring"]


def test_replay_draws_the_open_to_do(tmp_path, capsys):
    """After black's ELAI-HUNA (event 21): the cascade's to-do, ringed and labelled."""
    root, state, sticks, stones = replay_svg(tmp_path, capsys, "worked_example.jsonl", "--at", "21")
    assert state["todo"] == {"off": ["BARI-ELAI", "DUDA-ELAI", "DUDA-HUNA", "DUDA"], "on": ["ELAI", "HUNA"]}
    marks = dict((g.get("data-name"), g.get("class")) for g in root.iter("{http://www.w3.org/2000/svg}g")
                 if (g.get("class") or "").startswith("todo-"))
    assert marks == {"BARI-ELAI": "todo-off", "DUDA-ELAI": "todo-off", "DUDA-HUNA": "todo-off",
                     "DUDA": "todo-off", "ELAI": "todo-on", "HUNA": "todo-on"}
    summary = texts(groups(root, "summary")[0])
    assert summary[-2:] == ["    DUDA", "Put on: ELAI, HUNA"]
    assert summary[-3] == "Take off: BARI-ELAI, DUDA-ELAI, DUDA-HUNA"


def test_replay_at_beyond_the_log(tmp_path, capsys):
    assert main(["replay", str(LOGS / "worked_example.jsonl"), "--at", "23", "-o",
                 str(tmp_path / "x.svg")]) == 2
    assert "--at 23: the log has events 1..22" in capsys.readouterr().err


def test_replay_draws_a_rukuni_game(tmp_path, capsys):
    root, state, _, _ = replay_svg(tmp_path, capsys, "rukuni_last_stones.jsonl")
    cells = groups(root, "cell")
    assert len(cells) == 61
    stones = dict((g.get("data-name"), g.get("data-stone")) for g in cells if g.get("data-stone"))
    assert stones == state["stones"] and len(stones) == 50
    assert sorted(g.get("data-name") for g in cells if g.get("data-tower")) == sorted(state["towers"])
    summary = texts(groups(root, "summary")[0])
    i = summary.index("Winner: white")
    assert summary[i + 1] == "on points (18-11)"


def test_replay_draws_a_duel(tmp_path, capsys):
    root, state, _, _ = replay_svg(tmp_path, capsys, "duell_basic.jsonl")
    drawn = {}
    for g in groups(root, "site"):
        drawn[g.get("data-name")] = dict((t.get("class").split()[1], t.text) for t in g.iter(SVG + "text")
                                         if (t.get("class") or "").startswith("value"))
    want = dict((site, dict((p, "+".join(str(v) for v in vals)) for p, vals in here.items()))
                for site, here in state["sites"].items())
    assert drawn == want and drawn["2,2"] == {"bison": "9", "wolf": "1"}
    assert [g.get("data-name") for g in groups(root, "site") if g.find(SVG + "rect[@class='last-duel']")
            is not None] == ["2,2"]
    assert texts(groups(root, "summary")[0])[-5:] == [
        "4 duels; the last at 2,2:", "bison 9, wolf 1, bison won 3 Migis", "", "Winner: bison", "with all the Migis"]


def test_the_docs_pictures_are_up_to_date(tmp_path, capsys):
    """docs/images/*.svg are what the tools draw today; `make images` redraws them."""
    board = draw_layout(tmp_path, "kahuna")
    assert board.read_text() == (ROOT / "docs/images/kahuna-board.svg").read_text()
    sensing = draw_layout(tmp_path, "kahuna-sensing")
    assert sensing.read_text() == (ROOT / "docs/images/kahuna-sensing-board.svg").read_text()
    game = tmp_path / "game.svg"
    assert main(["replay", str(LOGS / "kahuna_full_game.jsonl"), "-o", str(game)]) == 0
    assert game.read_text() == (ROOT / "docs/images/kahuna-game.svg").read_text()


def test_replay_output_format_follows_the_extension_and_svg_is_a_deprecated_alias(tmp_path, capsys):
    log = str(LOGS / "worked_example.jsonl")
    assert main(["replay", log, "-o", str(tmp_path / "a.svg")]) == 0
    assert main(["replay", log, "--output", str(tmp_path / "a.png")]) == 0
    assert (tmp_path / "a.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert ET.parse(tmp_path / "a.svg").getroot().tag == SVG + "svg"
    assert "deprecated" not in capsys.readouterr().err
    assert main(["replay", log, "--svg", str(tmp_path / "b.svg")]) == 0
    assert (tmp_path / "b.svg").read_text() == (tmp_path / "a.svg").read_text()
    assert "--svg is deprecated, use -o" in capsys.readouterr().err
    assert main(["replay", log, "--svg", str(tmp_path / "c.svg"), "-o", str(tmp_path / "d.svg")]) == 2
    assert main(["replay", log, "-o", str(tmp_path / "no-such-folder" / "x.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_replay_of_a_digital_deck_game_draws_the_cards(tmp_path, capsys):
    root, state, sticks, stones = replay_svg(tmp_path, capsys, "kahuna_cards_example.jsonl", "--at", "3")
    assert sticks == {"ELAI-FAAA": "white", "FAAA-GOLA": "white"}
    summary = texts(groups(root, "summary")[0])
    assert summary[4:9] == ["", "Cards: pile 14 \u00b7 discard 2 (top FAAA)", "Face up: FAAA DUDA COCO",
                            "white's hand: COCO HUNA", "black's hand: GOLA KAHU LALE"]
    assert state["cards"]["face_up"] == ["FAAA", "DUDA", "COCO"]
