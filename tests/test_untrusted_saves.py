"""Saved data the board did not write for itself never stops it (issue 25):
another game's log or layout is archived and a new game starts; a checkpoint
with any byte changed (or a value out of its range) is not used: the log is
replayed. tests/scenarios/untrusted_scenarios.py runs under CPython here and
under both MicroPython ports in test_both_interpreters.py."""

import json

import pytest

from host_tools.micropython import run_native
from host_tools.paths import ROOT
from tests.scenarios import untrusted_scenarios as scenarios

GAMES = ("kahuna", "kanaloa", "rukuni", "duell")


def test_another_games_log_is_archived_and_a_new_game_starts_for_all_12_pairs(figures):
    got = scenarios.cross_pairs()
    assert len(got) == 12
    for pair, r in got.items():
        assert r == {"game": True, "said": "saved game not for this board,", "kept": ["game-0001"],
                     "original": True, "second boot": True}, pair
    figures("another game's log on a board: boots into a new game", "%d/12" % len(got), "12/12")


def test_a_header_whose_layout_is_another_games_is_archived_on_either_board():
    got = scenarios.wrong_layouts()
    assert len(got) == 24
    assert set(got.values()) == {"saved game not for this board,"}


def test_every_byte_of_a_checkpoint_changed_boots_the_logs_replay(figures):
    got = scenarios.checkpoint_flips()
    assert got["intact used"] and got["bytes"] > 90
    assert got == {"intact used": True, "bytes": got["bytes"], "same": 2 * got["bytes"], "used": 0, "raised": []}
    figures("checkpoint bytes changed: boot == replay, not used", "%d/%d" % (got["same"], 2 * got["bytes"]), "all")


def test_a_checkpoint_value_out_of_range_is_not_used_even_with_its_crc_right():
    got = scenarios.checkpoint_out_of_range()
    assert len(got) == 6
    assert all(v == [True, False, ""] for v in got.values()), got


SIDE = """
import json, rawlog
from companion.store.log_store import Store
dev = rawlog.fresh()
s = Store(rawlog.ROOT, flash=dev)
s.begin(rawlog.HEADER)
s.append(rawlog.EVENTS[0])
s.save_check(b"\\x00\\xff\\n\\x07")
again = Store(rawlog.ROOT, flash=dev)
lines = again.read()
good = list(again.side_lines)
line = [d for d in good if d.startswith(b"c ")][0]
end = line.index(b"\\n")
out = {"intact": list(again.load_check(lines)[1]), "flips": 0, "used": 0}
for i in range(end):
    for x in (1, 0x80):
        again.side_lines = [line[:i] + bytes((line[i] ^ x,)) + line[i + 1:]]
        out["flips"] += 1
        out["used"] += again.load_check(lines) is not None
print("OUT " + json.dumps(out))
"""


@pytest.mark.native
def test_a_changed_checkpoint_line_in_the_side_blocks_is_not_used():
    out = run_native(SIDE, heapsize="16M", paths=(ROOT / "host_tools" / "bench",))
    got = json.loads([l for l in out.splitlines() if l.startswith("OUT ")][-1][4:])
    assert got["intact"] == [0, 255, 10, 7]
    assert got["flips"] > 30 and got["used"] == 0, got


@pytest.mark.parametrize("game,layout", [(g, l) for g in GAMES for l in GAMES if g != l])
def test_replay_refuses_a_header_whose_layout_is_another_games(tmp_path, capsys, game, layout):
    from host_tools.cli import main

    log = tmp_path / "x.jsonl"
    log.write_text('{"game": "%s", "layout": "%s"}\n' % (game, layout))
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert err == "%s: line 1: header: layout '%s' is a %s board, not a %s one: this is not a log for it\n" % (
        log, layout, layout, game)
