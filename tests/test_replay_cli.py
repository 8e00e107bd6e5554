"""`companion replay`: output format and every kind of bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

LOGS = Path(__file__).parent / "logs"
HEADER = '{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}'


def replay(path, *flags):
    return subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", *flags, str(path)],
                          capture_output=True, text=True)


def test_final_state_of_the_worked_example():
    out = replay(LOGS / "worked_example.jsonl")
    assert out.returncode == 0 and out.stderr == ""
    state = json.loads(out.stdout)
    assert set(state) == {"round", "active", "sticks", "stones", "score", "over", "winner", "todo"}
    assert state["todo"] == {"off": [], "on": []}  # the last TURN said the board is tidy
    assert state["stones"] == {"ALOA": "white", "BARI": "white", "ELAI": "black", "HUNA": "black"}
    assert state["active"] == "white" and state["winner"] is None and state["over"] is False


def test_trace_prints_one_state_per_event_including_undo(tmp_path):
    log = tmp_path / "g.jsonl"
    log.write_text("\n".join([HEADER, '{"op": "place", "at": "ALOA-BARI"}', '{"op": "undo"}',
                              '{"op": "undo"}', '{"op": "end_turn"}']) + "\n")
    out = replay(log, "--trace")
    states = [json.loads(l) for l in out.stdout.splitlines()]
    assert [s["sticks"] for s in states] == [{"ALOA-BARI": "white"}, {}, {}, {}]
    assert [s["active"] for s in states] == ["white", "white", "white", "black"]


BAD = [
    ('{"op": "jump"}', 2, "unknown op 'jump'"),
    ('{"op": "place", "at": "ALOA-KAHU"}', 2, "unknown connection 'ALOA-KAHU'"),
    ('{"op": "place", "at": "ALOA-BARI"}\n{"op": "place", "at": "ALOA-BARI"}', 3,
     "ALOA-BARI already holds a white stick"),
    ('{"op": "place", "at": "ALOA-BARI"}\n{"op": "remove", "at": "ALOA-BARI"}', 3,
     "own stick"),
    ('{"op": "remove", "at": "ALOA-BARI"}', 2, "ALOA-BARI is empty"),
    ('{"op": "place", "at": "ALOA-BARI"}\n{"op": "end_turn"}\n{"op": "end_round"}\n'
     '{"op": "end_turn"}', 5, "the game is over"),
    ('{"op": "place", "at": "ALOA-B', 2, "truncated"),
    ('place ALOA-BARI', 2, "not a JSON object"),
    ('[1, 2]', 2, "expected a JSON object"),
    ('{"at": "ALOA-BARI"}', 2, 'needs an "op"'),
]


@pytest.mark.parametrize("body,line,reason", BAD)
def test_bad_event_names_the_line_and_prints_no_state(tmp_path, body, line, reason):
    log = tmp_path / "bad.jsonl"
    log.write_text(HEADER + "\n" + body + "\n")
    for flags in ((), ("--trace",)):
        out = replay(log, *flags)
        assert out.returncode == 2
        assert ("line %d: " % line) in out.stderr and reason in out.stderr, out.stderr
        if not flags:
            assert out.stdout == ""


@pytest.mark.parametrize("text,reason", [
    ('{"op": "place", "at": "ALOA-BARI"}\n', "line 1: the first line must be the header"),
    ("", "line 1: the log is empty"),
    ('{"game": "chess"}\n', "line 1: header: unknown game 'chess'"),
    ('{"game": "kahuna", "layout": "nowhere"}\n', "line 1: header: no layout 'nowhere'"),
    ('{"game": "kahuna", "first": "green"}\n', "line 1: header: unknown start player 'green'"),
    ('{"game": "kahuna", "variants": ["turbo"]}\n', "line 1: header: unknown variant 'turbo'"),
    ('{"game": "kahuna", "variants": "variant1"}\n', 'line 1: header: "variants" must be a list'),
    ('{"game": "kahuna", "first": "lot", "seed": "x"}\n', 'line 1: header: "seed" must be a whole number'),
])
def test_bad_header(tmp_path, text, reason):
    log = tmp_path / "bad.jsonl"
    log.write_text(text)
    out = replay(log)
    assert out.returncode == 2 and reason in out.stderr, out.stderr


def test_missing_file_is_a_clear_error(tmp_path):
    out = replay(tmp_path / "nope.jsonl")
    assert out.returncode == 2 and "nope.jsonl: no such game log" in out.stderr
