"""New game's folder made ahead, in quiet time (Store._spare_folder): on a
Pico a mkdir is an erase plus littlefs's search for a free block (65 ms with
a long game on flash), more than a loop step may hold, so New game's steps
(store/beginning.py) find ROOT/log.new made and make no folder themselves.
CPython on pytest's folder; the chip's figures: docs/bench.md."""

import json
import os

from companion.store import beginning
from companion.store.log_store import Store

HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"}
NEW = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}


def _played(root):
    s = Store(str(root))
    s.begin(HEADER)
    s.append({"op": "place", "at": "ALOA-BARI"})
    return s


def _quiet(s):
    steps = 0
    while s.maintain():
        steps += 1
        assert steps < 10
    return steps


def _log(root):
    return (root / "log" / "00000.jl").read_text().splitlines()


def test_quiet_time_makes_the_next_new_games_folder_and_new_game_makes_none(tmp_path, monkeypatch):
    s = _played(tmp_path)
    assert _quiet(s) == 1 and sorted(os.listdir(tmp_path)) == ["log", "log.new"]
    assert os.listdir(tmp_path / "log.new") == [] and _quiet(s) == 0  # made once
    made = []
    monkeypatch.setattr(beginning.os, "mkdir", lambda path: made.append(path))
    steps = 1
    while not s.begin_step(NEW):
        steps += 1
    # the look and leftovers; the spare taken and the header; the old game's sides; its log; the
    # pruning; the rename: 6 calls, no mkdir
    assert made == [] and steps == 6
    assert [json.loads(x) for x in _log(tmp_path)] == [NEW]
    assert sorted(os.listdir(tmp_path)) == ["game-0001", "log"]  # the old game archived, no spare now
    monkeypatch.undo()
    assert _quiet(s) == 1 and os.listdir(tmp_path / "log.new") == []  # the next one, in the next quiet time


def test_without_a_spare_new_game_makes_its_folder_in_a_step_of_its_own(tmp_path):
    s = _played(tmp_path)  # no quiet time yet
    s.begin_step(NEW)  # the look gone, leftovers cleared
    s.begin_step(NEW)
    assert os.listdir(tmp_path / "log.new") == [] and s.beginning[1] == 1  # the folder, and nothing else
    s.settle()
    assert [json.loads(x) for x in _log(tmp_path)] == [NEW] and sorted(os.listdir(tmp_path)) == ["game-0001", "log"]


def test_boot_keeps_an_empty_spare_and_drops_a_new_game_cut_before_the_old_was_archived(tmp_path):
    s = _played(tmp_path)
    _quiet(s)
    again = Store(str(tmp_path))
    assert len(again.read()) == 2 and again.spare and os.listdir(tmp_path / "log.new") == []
    (tmp_path / "log.new" / "00000.jl").write_text('{"game": "kahuna"}\n')  # a New game cut there
    again = Store(str(tmp_path))
    assert len(again.read()) == 2 and not again.spare and sorted(os.listdir(tmp_path)) == ["log"]
    assert _quiet(again) == 1 and os.listdir(tmp_path / "log.new") == []
