"""`companion selfplay`: the JSON line, the logs (replayable), the seats, the players."""

import json
import subprocess
import sys

from companion.core.log import replay
from host_tools.paths import load_layout
from host_tools.selfplay.command import play_game, player, selfplay


def test_selfplay_json_and_replayable_logs(tmp_path):
    out = subprocess.run([sys.executable, "-m", "host_tools.cli", "selfplay", "--games", "4", "--seed", "3",
                          "--a", "device", "--b", "random", "--logs", str(tmp_path), "--json"],
                         capture_output=True, text=True, check=True).stdout
    r = json.loads(out)
    assert set(r) == {"a", "b", "games", "a_wins", "b_wins", "draws"}
    assert (r["a"], r["b"], r["games"]) == ("device", "random", 4)
    assert r["a_wins"] + r["b_wins"] + r["draws"] == 4
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert len(logs) == 4
    firsts = []
    for log in logs:
        game = replay(log.read_text().splitlines(), load_layout)
        assert game.over()
        assert not game.todo_open()  # the players confirmed the physical board to the end
        firsts.append(json.loads(log.read_text().splitlines()[1]))
    cli = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", str(logs[0])],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(cli)["over"] is True


def test_a_game_a_cascade_ends_closes_with_a_tidy_board():
    # game 19 of `--seed 5 --a device-v1 --b random`: an early end by a majority's cascade
    lines, _ = play_game(player("device-v1"), player("random"), 5 * 100003 + 19, False)
    game = replay(lines, load_layout)
    assert game.over() and game.decided_by() == "early end"
    assert json.loads(lines[-1]) == {"op": "tidy"}
    assert game.state()["todo"] == {"off": [], "on": []}


def test_selfplay_is_deterministic_and_every_player_plays():
    for a, b in (("random", "greedy"), ("greedy", "device"), ("device", "device"),
                 ("device-normal", "device-easy")):
        r = selfplay(2, 11, a, b)
        assert r == selfplay(2, 11, a, b)
        assert r["a_wins"] + r["b_wins"] + r["draws"] == 2


def test_device_beats_random_in_a_small_sample():
    r = selfplay(10, 5, "device", "random")
    assert r["a_wins"] >= 9


def test_the_device_ui_uses_the_planners_step_kinds():
    from companion.core import kahuna_ai
    from companion.ui import kahuna_cards

    for name in ("PLACE", "REMOVE", "FREE", "DISCARD", "DRAW_FACE", "DRAW_PILE"):
        assert getattr(kahuna_cards, name) == getattr(kahuna_ai, name), name


def test_new_players_are_seeded_and_play_whole_games():
    for a, b in (("device-v1", "device"), ("ismcts", "device-v1")):
        r = selfplay(1, 4, a, b)
        assert r == selfplay(1, 4, a, b)
        assert r["a_wins"] + r["b_wins"] + r["draws"] == 1


def test_ismcts_sees_only_what_its_player_may():
    """Swapping the opponent's hidden cards with the pile's leaves its decision as it was."""
    import random

    from companion.core.games import new_game
    from host_tools.selfplay.ismcts import ISMCTS

    header = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": 9, "first": "white",
              "variants": []}
    decisions = []
    for swap in (False, True):
        g = new_game(header, load_layout("kahuna"))
        if swap:  # black's hand and the pile's top cards change places
            n = g.nisland
            hand = [i for i in range(n) for _ in range(g.hand(1, i))]
            for k, i in enumerate(hand):
                top = g.PILE + g.pile_size() - 1 - k
                g.s[g.HAND + n + i] -= 1
                g.s[g.HAND + n + g.s[top]] += 1
                g.s[top] = i
        assert g.hand_size(1) == 3
        hands = [g.hand(1, i) for i in range(g.nisland)]
        player = ISMCTS(iterations=40)
        player.start(g, 0)
        decisions.append((player.decide(g, random.Random(1)), hands))
    assert decisions[0][1] != decisions[1][1]  # black's hand did change
    assert decisions[0][0] == decisions[1][0]
    assert decisions[0][0][0] in (1, 2, 4, 5, 6, 7)



def test_bradley_terry_ratings_and_intervals_of_a_known_table():
    """Two players, a won 30 of 40: the fit is 400 log10(30/10) Elo and the 95 %
    interval 1.96 / sqrt(40 p (1 - p)) in natural units (p = 3/4), as by hand."""
    import math

    from host_tools.selfplay.ladder import bradley_terry

    ratings, half = bradley_terry([[0, 30], [10, 0]], anchor=1, prior=0)
    assert abs(ratings[0] - 400 * math.log10(3)) < 1e-6 and ratings[1] == 0
    assert abs(half[0] - 1.96 * (400 / math.log(10)) / math.sqrt(40 * 0.75 * 0.25)) < 1e-6 and half[1] == 0
    # three players in a cycle of equal results: all rated alike
    ratings, half = bradley_terry([[0, 6, 4], [4, 0, 6], [6, 4, 0]])
    assert max(abs(r) for r in ratings) < 1e-6 and half[1] == half[2] > 0


def test_the_ladder_plays_every_pair_and_rates_them(tmp_path):
    from host_tools.selfplay.command import run_ladder

    r = run_ladder(4, 2, ("greedy", "device-easy", "device"))
    assert r["players"] == ["greedy", "device-easy", "device"] and r["ratings"][0] == 0
    wins = r["wins"]
    for i in range(3):
        for j in range(3):
            if i != j:
                assert wins[i][j] + wins[j][i] == 4  # every pair met 4 times
    again = run_ladder(4, 2, ("greedy", "device-easy", "device"), jobs=2)
    assert again == r  # seeded, each game alone: the same every run, in one process or two
    star = run_ladder(4, 2, ("greedy", "device-easy", "device"), around="device")
    sw = star["wins"]
    assert sw[0][1] + sw[1][0] == 0  # greedy and easy never met: only the pairs with device
    assert sw[0][2] == wins[0][2] and sw[1][2] == wins[1][2] and sw[2][0] == wins[2][0]  # the same games
    assert star["ratings"][2] == 0 and star["interval95"][2] == 0  # rated around device
    cli = subprocess.run([sys.executable, "-m", "host_tools.cli", "selfplay", "--a", "reference:20", "--b", "greedy",
                          "--games", "2", "--seed", "5", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(cli.stdout)["a"] == "reference:20"
    bad = subprocess.run([sys.executable, "-m", "host_tools.cli", "selfplay", "--a", "greedy:20"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "only ismcts and reference take :ITERATIONS" in bad.stderr


def test_a_match_split_with_first_plays_the_same_games_as_one_run(tmp_path):
    """--first K: games K.. of the series, each the game the whole run and the ladder play as game k
    (its own seed and colours, the players' state reset at each game's start)."""
    from host_tools.selfplay.command import ladder_game

    whole = selfplay(4, 7, "device", "reference:5", logs=str(tmp_path / "whole"))
    parts = [selfplay(2, 7, "device", "reference:5", logs=str(tmp_path / "a")),
             selfplay(2, 7, "device", "reference:5", logs=str(tmp_path / "b"), first=2)]
    assert parts[1]["first"] == 2 and "first" not in parts[0]
    for key in ("a_wins", "b_wins", "draws"):
        assert whole[key] == parts[0][key] + parts[1][key]
    for k in range(4):
        split = tmp_path / ("a" if k < 2 else "b") / ("game%04d.jsonl" % k)
        assert split.read_text() == (tmp_path / "whole" / ("game%04d.jsonl" % k)).read_text()
        lines = split.read_text().splitlines()
        w = replay(lines, load_layout).winner()
        who = "draw" if w == 2 else ("a" if (w == 0) == (k % 2 == 0) else "b")
        assert ladder_game("device", "reference:5", 7, k) == who


def test_first_is_checked():
    out = subprocess.run([sys.executable, "-m", "host_tools.cli", "selfplay", "--first", "-1"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "the first game is a whole number from 0 to" in out.stderr
