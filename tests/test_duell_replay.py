"""`companion replay` on Duell logs, and a player's view of a memory game."""

import json
import subprocess
import sys
from pathlib import Path

LOGS = Path(__file__).parent / "logs"


def companion(*args):
    return subprocess.run([sys.executable, "-m", "host_tools.cli", *map(str, args)],
                          capture_output=True, text=True)


def test_replay_of_a_basic_game_to_its_end():
    out = companion("replay", LOGS / "duell_basic.jsonl")
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert {"phase", "active", "sites", "migis", "over", "winner"} <= set(s)
    assert s["phase"] == "over" and s["over"] is True and s["winner"] == "bison"
    assert s["migis"] == {"bison": 18, "wolf": 0} and s["active"] is None
    assert s["sites"]["0,0"] == {"bison": [5], "wolf": [2]}  # after Bison's swap with 1,1
    assert s["duel"] == {"at": "2,2", "bison": 9, "wolf": 1, "winner": "bison", "paid": 3}


def test_trace_gives_one_state_per_event():
    out = companion("replay", "--trace", LOGS / "duell_basic.jsonl")
    states = [json.loads(l) for l in out.stdout.splitlines()]
    assert len(states) == 29
    assert [s["phase"] for s in states[17:20]] == ["duel", "duel", "swap"]
    assert [s["active"] for s in states[:4]] == ["wolf", "wolf", "bison", "bison"]


def test_memory_view_hides_the_other_players_values_and_pending_mask():
    log = LOGS / "duell_memory.jsonl"
    full = [json.loads(l) for l in log.read_text().splitlines()]
    out = companion("replay", log, "--view", "bison")
    assert out.returncode == 0, out.stderr
    view = [json.loads(l) for l in out.stdout.splitlines()]
    assert len(view) == len(full)
    assert view[0] == dict(full[0], view="bison")
    for seen, event in zip(view[1:], full[1:]):
        if event["op"] == "put":
            assert ("value" in seen) == (event["player"] == "bison")
    duels = [e["duel"] for e in view if "duel" in e]
    assert duels == [
        {"at": "1,1", "bison": 5, "wolf": 5, "winner": "draw", "paid": 0},
        {"at": "0,0", "bison": 1, "wolf": 9, "winner": "wolf", "paid": 8},
        {"at": "2,1", "bison": 8, "wolf": 2, "winner": "bison", "paid": 6},
    ]
    assert full[-1] == {"op": "mask", "player": "wolf", "choice": 2}
    assert view[-1] == {"op": "mask", "player": "wolf"}  # not revealed yet
    wolf = [json.loads(l) for l in companion("replay", log, "--view", "wolf").stdout.splitlines()]
    assert wolf[-1] == full[-1] and wolf[1] == {"op": "put", "player": "bison", "at": "0,0"}


def test_view_refusals():
    out = companion("replay", LOGS / "duell_memory.jsonl", "--view", "eagle")
    assert out.returncode == 2 and "unknown player 'eagle'" in out.stderr
    out = companion("replay", LOGS / "worked_example.jsonl", "--view", "bison")
    assert out.returncode == 2 and "for Duell der Schamanen logs" in out.stderr


def test_an_illegal_event_names_its_line(tmp_path):
    lines = (LOGS / "duell_basic.jsonl").read_text().splitlines()[:4]
    lines.append(json.dumps({"op": "put", "player": "bison", "at": "0,1", "value": 3}))  # Wolf's 3 there
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join(lines) + "\n")
    out = companion("replay", log)
    assert out.returncode == 2
    assert "line 5: 0,1 holds wolf's 3: the two stones on a site must differ" in out.stderr


def test_layout_passes_the_layout_check():
    out = companion("layout", "check", "duell")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "9 sites" in out.stdout and "27 LEDs" in out.stdout
