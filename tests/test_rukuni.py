"""Rukuni under CPython: the scenarios, the layout, random games, replay.
(The scenarios and their random games also run under native MicroPython in
test_both_interpreters and test_native_games; the CLI here is CPython.)"""

import json

import pytest

from companion.core import Illegal, LayoutError
from companion.core.hexboard import HexBoard
from companion.core.log import replay
from companion.core.rukuni import LEFT
from host_tools import cli
from host_tools.paths import LAYOUTS, ROOT, load_layout
from tests.scenarios import rukuni_scenarios as rk

W, B = "white", "black"


# --- the scenarios (their own asserts check exact states) ---------------------

def test_opening_hints():
    out = rk.opening()
    assert out["counts"] == [13] * 6
    assert out["after"]["score"] == {W: 1, B: 0}


def test_edges_and_blocked_lines():
    assert len(rk.edge()) == 16
    assert len(rk.blocked()["reasons"]) == 12


def test_move_into_a_pocket_leaves_only_the_cell_it_left():
    assert rk.pocket() == ["4,-3"]


def test_scoring_shared_towers_and_groups_without_towers():
    out = rk.scoring()
    assert out["start"]["score"] == {W: 5, B: 8}
    assert out["after"]["score"] == {W: 7, B: 5}


def test_ends_and_tie_break():
    out = rk.ends_by_no_move()
    assert out["points"]["winner"] == W
    assert out["largest"]["winner"] == W
    assert out["draw"]["winner"] == "draw"
    assert rk.ends_by_stones()["winner"] == W


def test_undo_and_headers():
    out = rk.undo()
    assert out["set"]["phase"] == "set"
    assert rk.headers()[0] == B


# --- the layout -----------------------------------------------------------------

def layout():
    return json.loads((LAYOUTS / "rukuni.json").read_text())


def test_layout_is_the_61_cell_hexagon():
    lay = layout()
    assert lay["kind"] == "hex"
    cells = lay["cells"]
    axial = sorted((c["q"], c["r"]) for c in cells)
    assert axial == sorted((q, r) for q in range(-4, 5) for r in range(-4, 5) if -4 <= -q - r <= 4)
    assert all(c["name"] == "%d,%d" % (c["q"], c["r"]) for c in cells)
    assert [c["led"] for c in cells] == list(range(61))
    assert [c["button"] for c in cells] == list(range(61))
    assert [c["button"] for c in lay["controls"]] == [61, 62, 63]
    corners = {(4, -4), (4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4)}
    assert {tuple(map(int, t.split(","))) for t in lay["towers"]} == corners


def test_led_chain_runs_from_cell_to_neighbouring_cell():
    """Serpentine, row by row: each LED's successor sits next to it, so the wire is short."""
    cells = layout()["cells"]
    for a, b in zip(cells, cells[1:]):
        assert (b["q"] - a["q"], b["r"] - a["r"]) in rk.DIRS, (a["name"], b["name"])
        assert b["r"] == a["r"] or b["r"] == a["r"] + 1


def test_drawing_positions_follow_the_axial_coordinates():
    cells = layout()["cells"]
    for c in cells:
        assert c["y"] == 170 + 30 * c["r"]
        assert abs(c["x"] - (200 + 3 ** 0.5 * 20 * (c["q"] + c["r"] / 2))) < 0.06


@pytest.mark.parametrize("change, message", [
    (lambda l: l.update(kind="islands"), "kind"),
    (lambda l: l["cells"][3].update(name="9,9"), "name it '3,-4'"),
    (lambda l: l["cells"][3].update(q=0, name="0,-4"), "listed twice"),
    (lambda l: l["cells"][3].pop("r"), "integer axial"),
    (lambda l: l.update(towers=["0,-4", "5,5"]), "tower '5,5'"),
])
def test_bad_layouts_say_what_is_wrong(change, message):
    lay = layout()
    change(lay)
    with pytest.raises(LayoutError) as e:
        HexBoard(lay)
    assert message in str(e.value)


def test_bad_start_positions_are_refused():
    with pytest.raises(Illegal, match="already taken"):
        rk.rukuni(position={"towers": rk.CORNERS, "stones": {"0,-4": W}})
    with pytest.raises(Illegal, match="more than 25 white"):
        rk.rukuni(position={"towers": rk.CORNERS,
                            "stones": dict((c, W) for c in rk.row(-1) + rk.row(1) + rk.row(2) + rk.row(3))})


# --- rules corners the scenarios cannot reach by play -----------------------------

def test_a_player_without_stones_still_moves_then_the_turn_passes():
    # Play alone never gets here (both supplies run out together), but a
    # start position does: all 25 white stones already on the board.
    whites = rk.row(1) + rk.row(2) + rk.row(3) + ["-3,4", "-2,4", "-1,4", "-3,0"]
    g = rk.rukuni(position={"towers": rk.CORNERS, "stones": dict((c, W) for c in whites)})
    assert g.s[g.base + LEFT] == 0 and len(whites) == 25
    g.apply(rk.move("0,-4", "0,0"))
    s = g.state()
    assert s["active"] == B and s["phase"] == "move" and len(s["stones"]) == 25
    assert "0,0" in s["towers"]


def test_a_start_position_without_moves_is_over_at_once():
    # every corner tower walled in by three white stones: six groups of 3 x 1 tower
    walls = ["1,-4", "-1,-3", "0,-3", "3,-4", "3,-3", "4,-3", "-3,0", "-3,-1", "-4,1",
             "4,-1", "3,0", "3,1", "-3,4", "-3,3", "-4,3", "1,3", "0,3", "-1,4"]
    g = rk.rukuni(position={"towers": rk.CORNERS, "stones": dict((c, W) for c in walls)})
    s = g.state()
    assert s["over"] and s["score"] == {W: 18, B: 0} and s["winner"] == W
    assert not g.undo()


@pytest.mark.parametrize("towers", [rk.CORNERS[:5], rk.CORNERS + ["0,0"], [], "0,-4", None])
def test_a_start_position_places_exactly_six_towers(towers):
    with pytest.raises((Illegal, LayoutError)) as e:
        rk.rukuni(position={"towers": towers, "stones": {}})
    assert "6 towers" in str(e.value) or "needs a list of 'towers'" in str(e.value)


def test_replay_names_the_tower_count(tmp_path, capsys):
    log = tmp_path / "five.jsonl"
    log.write_text(json.dumps({"game": "rukuni", "layout": "rukuni", "position": {"towers": rk.CORNERS[:5]}}) + "\n")
    assert cli.main(["replay", str(log)]) == 2
    assert "header: the start position must place all 6 towers, as a list of 6 cells; it gives 5" \
        in capsys.readouterr().err


# --- random games: invariants, undo, replay ---------------------------------------

@pytest.mark.parametrize("seed", range(1, 41))
def test_random_game_keeps_the_rules_and_undoes_to_the_start(seed):
    out = rk.random_game(seed)
    assert out["end"]["over"] and out["events"] >= 2


def play_logged(seed):
    """A random game with random undos; returns the log lines and the live states."""
    from companion.core.rng import Rng

    rng = Rng(seed)
    header = {"game": "rukuni", "layout": "rukuni", "first": "lot", "seed": seed}
    g = rk.game(header)
    lines = [json.dumps(header)]
    states = []
    while not g.over():
        s = g.state()
        if g.events_in_effect() and rng.below(8) == 0:
            e = {"op": "undo"}
        elif s["phase"] == "move":
            moves = rk.reference_moves(s)
            a, b = moves[rng.below(len(moves))]
            e = rk.move(a, b)
        else:
            cells = rk.stone_hints(g)
            e = {"op": "set", "at": cells[rng.below(len(cells))]}
        g.apply(e)
        lines.append(json.dumps(e))
        states.append(g.state())
    return lines, states


@pytest.mark.parametrize("seed", [3, 17, 99])
def test_log_replay_equals_live_play(seed, tmp_path, capsys):
    lines, live = play_logged(seed)
    assert any('"undo"' in l for l in lines)
    replayed = []
    replay(lines, load_layout, lambda g, e: replayed.append(g.state()))
    assert replayed == live
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert cli.main(["replay", "--trace", str(path)]) == 0
    traced = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
    assert traced == live


LOG = ROOT / "tests" / "logs" / "rukuni_last_stones.jsonl"


def test_companion_replay_prints_the_end_of_a_logged_game(capsys):
    assert cli.main(["replay", str(LOG)]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["score"] == {W: 18, B: 11} and s["largest"] == {W: 9, B: 8}
    assert s["over"] is True and s["winner"] == W and s["phase"] == "over"
    assert s["supply"] == {W: 0, B: 0} and len(s["stones"]) == 50
    assert s["towers"] == ["1,-4", "2,-4", "3,-4", "0,-3", "-1,-3", "4,-2"]
    assert s["stones"]["1,-3"] == B and s["stones"]["3,-2"] == W


def test_companion_replay_names_the_bad_line(tmp_path, capsys):
    lines = LOG.read_text().splitlines()
    lines[2] = json.dumps({"op": "set", "at": "4,-4"})
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 3: 4,-4 is not next to the tower just moved (on 4,-2)" in err


def test_replay_draws_groups_with_their_scores(tmp_path, capsys):
    import xml.etree.ElementTree as ET

    out = tmp_path / "rukuni.svg"
    assert cli.main(["replay", str(LOG), "-o", str(out)]) == 0
    stones = json.loads(capsys.readouterr().out)["stones"]
    root = ET.parse(out).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    badges = [g for g in root.iter(ns + "g") if g.get("class") == "group"]
    assert sorted((g.get("data-player"), int(g.get("data-score"))) for g in badges) == [
        (B, 3), (B, 8), (W, 18)]
    # one bar per pair of neighbouring stones of one colour
    pairs = [(a, b) for a in stones for b in rk.neighbours(a) if a < b and stones.get(b) == stones[a]]
    bonds = [l for l in root.iter(ns + "line") if l.get("class") == "bond"]
    assert len(bonds) == len(pairs)
    text = " ".join("".join(t.itertext()) for t in root.iter(ns + "text"))
    assert "white: 6 \u00d7 3 = 18" in text and "black: 1 \u00d7 3 = 3" in text
