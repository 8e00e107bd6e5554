"""Files on flash that no damage of the firmware's own writes makes (issue 43's
table): a name that is not UTF-8, a settings file or checkpoint far too big or
nested too deep, a folder where a file belongs, the game folder a file. The
board boots into its saved game (or, where none survives, a new one), says on
the display what it set aside, and never halts or crashes. Each case boots in
a fresh native MicroPython at Kahuna's documented heap (HEAPS of the
save-directory fuzz), as a board would, and under CPython."""

import json
import os
import shutil

import pytest

from host_tools.micropython import run_native_each
from host_tools.paths import ROOT
from tests import save_dirs
from tests.test_save_dir_fuzz import HEAPS, compile_board

GAME = (ROOT / "tests" / "logs" / "worked_example.jsonl").read_bytes().splitlines(keepends=True)[:9]
SAVED = b"".join(GAME)  # a header and 8 events: the game every case holds


def _file(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _saved(games):
    _file(games / "log" / "00000.jl", SAVED)


# case name -> (what it does to a folder `games` holding the saved game, game expected to survive)
def _bad_name(games):
    _saved(games)
    (games / "log").joinpath(os.fsdecode(b"\xff\xfe0001.jl")).write_bytes(b"junk\n")


def _huge_settings(games):
    _saved(games)
    _file(games / "settings.json", b"{" + b" " * 65536 + b"}")


def _deep_settings(games):
    _saved(games)
    _file(games / "settings.json", b"[" * 20000 + b"]" * 20000)


def _huge_check(games):
    _saved(games)
    _file(games / "check.bin", b"\x01" * 65536)


def _current_a_folder(games):
    _saved(games)
    (games / "current.jsonl").mkdir()
    _file(games / "current.jsonl" / "x", b"x")


def _look_a_folder(games):
    _saved(games)
    (games / "lit.bin").mkdir()


def _folder_in_new(games):
    _saved(games)
    (games / "log.new" / "sub").mkdir(parents=True)


def _clock_a_folder(games):
    _saved(games)
    (games / "clock.txt").mkdir()


def _games_a_file(games):
    games.rmdir()
    games.write_bytes(b"not a folder")


CASES = {
    "a file name that is not UTF-8": (_bad_name, True),
    "settings.json of 64 KB": (_huge_settings, True),
    "settings.json nested 20,000 deep": (_deep_settings, True),
    "check.bin of 64 KB": (_huge_check, True),
    "a folder where current.jsonl belongs": (_current_a_folder, True),
    "a folder where lit.bin belongs": (_look_a_folder, True),
    "a folder in log.new": (_folder_in_new, True),
    "a folder where clock.txt belongs": (_clock_a_folder, True),
    "the game folder a file": (_games_a_file, False),
}


def _expected_state():
    from companion.core import log
    from tests.save_dirs import load_layout

    return json.loads(json.dumps(log.replay([line.decode() for line in GAME], load_layout).state()))


def _check(name, got):
    make, survives = CASES[name]
    assert got[0] == "ok", "%s: the board did not boot into a game: %s" % (name, got)
    if survives:
        assert got[2] == len(GAME) and got[3] == _expected_state(), "%s: the saved game was not resumed: %s" % (
            name, got[:4])
    else:
        assert got[2] == 1, "%s: a new game was expected: %s" % (name, got[:3])
        assert got[1], "%s: the display says nothing of what was set aside" % name


@pytest.mark.parametrize("name", sorted(CASES))
def test_under_cpython(tmp_path, name):
    games = tmp_path / "games"
    games.mkdir()
    CASES[name][0](games)
    got = save_dirs.boot_dir(str(games), "kahuna")
    _check(name, json.loads(json.dumps(got)))


@pytest.mark.native
def test_under_native_micropython_at_the_documented_heap(tmp_path):
    mpy = compile_board(tmp_path / "mpy")
    work = tmp_path / "w"
    work.mkdir()
    shutil.copy(ROOT / "tests" / "boot_report.py", work / "boot.py")
    os.symlink(mpy, work / "mpy")
    os.symlink(ROOT / "board_layouts", work / "board_layouts")
    names = sorted(CASES)
    runs = []
    for i, name in enumerate(names):
        d = work / ("%05d" % i)
        (d / "games").mkdir(parents=True)
        CASES[name][0](d / "games")
        runs.append(("%dK" % HEAPS["kahuna"], ["boot.py", d.name, "kahuna"]))
    run_native_each(runs, firmware="../mpy", workers=2, cwd=work)
    for i, name in enumerate(names):
        try:
            got = json.loads((work / ("%05d" % i) / "r").read_text())
        except OSError:
            got = ["crash", "no report"]
        _check(name, got)


CONFIGS = {
    "nested 3,000 deep": b"[" * 3000 + b"]" * 3000,
    "nested 20,000 deep": b'{"a": ' + b"[" * 20000 + b"]" * 20000 + b"}",
    "a 300 KB value": b'{"layout": "' + b"k" * 300000 + b'"}',
    "not JSON": b"\xff\xfe{",
}
CONFIG_SCRIPT = """
from companion.boot import device_config
for name in %r:
    print("CONFIG", repr(device_config(name)))
"""


def test_a_config_json_out_of_bounds_gives_the_boards_defaults(tmp_path, capsys):
    from companion.boot import device_config

    for name, data in CONFIGS.items():
        (tmp_path / "config.json").write_bytes(data)
        assert device_config(str(tmp_path / "config.json")) == {}, name
        assert "config: /config.json" in capsys.readouterr().out, name


@pytest.mark.native
def test_a_config_json_out_of_bounds_gives_the_defaults_under_native_micropython(tmp_path):
    from host_tools.micropython import run_native

    paths = []
    for i, data in enumerate(CONFIGS.values()):
        (tmp_path / ("c%d.json" % i)).write_bytes(data)
        paths.append(str(tmp_path / ("c%d.json" % i)))
    mpy = compile_board(tmp_path / "mpy")  # (as a board has it: compiled)
    out = run_native(CONFIG_SCRIPT % (paths,), heapsize="%dK" % HEAPS["kahuna"], firmware=mpy)
    assert out.count("CONFIG {}") == len(CONFIGS), out
