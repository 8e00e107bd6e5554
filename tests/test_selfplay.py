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
    for a, b in (("random", "greedy"), ("greedy", "device"), ("device", "device")):
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
