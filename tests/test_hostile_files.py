"""Files on flash that no damage of the firmware's own writes makes (issue 43's
table): a name that is not UTF-8, a settings file or checkpoint far too big or
nested too deep, a folder where a file belongs, the game folder a file. The
board boots into its saved game (or, where none survives, a new one), says on
the display what it set aside, and never halts or crashes. Each case boots in
a fresh native MicroPython at Kahuna's documented heap (HEAPS of the
save-directory fuzz), as a board would, and under CPython."""

import json
import os

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


def _layout_for_log(games):
    _saved(games)
    _file(games / "current.jsonl", json.dumps(json.loads(LAYOUT)).encode())  # one line, no final newline


def _games_a_file(games):
    games.rmdir()
    games.write_bytes(b"not a folder")


# --- the fuzz: a saved game of random length and one to three of these, seeded --------------
FULL = (ROOT / "tests" / "logs" / "kahuna_full_game.jsonl").read_bytes().splitlines(keepends=True)
LAYOUT = (ROOT / "board_layouts" / "kahuna.json").read_bytes()
# Files that are no game log, put where the log belongs (current.jsonl): refused at line 1 by both
FOREIGN = {
    "a layout, one line, no final newline": json.dumps(json.loads(LAYOUT)).encode(),
    "a layout as shipped": LAYOUT,
    "a picture": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
    "half a header": b'{"game": "kah',
    "an event first": b'{"op": "end_turn"}\n',
    "nothing": b"",
}
STORE_FILES = ("current.jsonl", "lit.bin", "clock.txt", "check.bin", "settings.json")


def _junk(rng, n):
    return bytes(rng.randrange(256) for _ in range(n))


def _deep(rng):
    k = rng.choice((300, 3000, 30000))
    return b"[" * k + b"]" * k if rng.randrange(2) else b"{\"a\": " + b"[" * k + b"]" * k + b"}"


def _mutations(rng):
    """(name, what it does to the folder `games`, whether the saved game stays as it was)"""
    def folder_for_file(g):
        name = rng.choice(STORE_FILES)
        (g / name).mkdir(exist_ok=True)
        (g / name / "x").write_bytes(_junk(rng, 8))

    def big_file(g):
        name = rng.choice(("settings.json", "check.bin", "clock.txt", "lit.bin"))
        (g / name).write_bytes(rng.choice((b" ", b"[", b"\x00", b"\xff")) * rng.choice((300, 5000, 70000)))

    def deep_settings(g):
        (g / "settings.json").write_bytes(_deep(rng))

    def bad_names(g):
        for _ in range(rng.randrange(1, 4)):
            (g / "log" / os.fsdecode(bytes(rng.randrange(128, 256) for _ in range(3)) + b".jl")).write_bytes(_junk(rng, 20))

    def stray_files(g):
        for _ in range(rng.randrange(1, 4)):
            where = g / rng.choice(("", "log"))
            (where / ("%s%d%s" % (rng.choice(("x", "game-", "aside-1-", "99999")), rng.randrange(100),
                                  rng.choice(("", ".jl.tmp", ".chk", ".txt"))))).write_bytes(_junk(rng, 30))

    def subfolder_in_new(g):
        (g / "log.new" / "sub" / "deeper").mkdir(parents=True, exist_ok=True)

    def foreign_current(g):
        (g / "current.jsonl").write_bytes(rng.choice(tuple(FOREIGN.values())))

    def junk_clock_or_check(g):
        (g / rng.choice(("clock.txt", "check.bin"))).write_bytes(_junk(rng, rng.randrange(1, 900)))

    return [("a folder for a file", folder_for_file, True), ("a big file", big_file, True),
            ("deep settings", deep_settings, True), ("names not UTF-8", bad_names, True),
            ("stray files", stray_files, True), ("a folder in log.new", subfolder_in_new, True),
            ("junk clock or check", junk_clock_or_check, True), ("no log at current.jsonl", foreign_current, True)]


def fuzz_cases(count, seed=43):
    """[(name, lines of the saved game, make(games))]: each a saved game of random length and
    one to three hostile things beside it."""
    import random

    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.randrange(2, len(FULL) + 1)
        chosen = rng.sample(_mutations(rng), rng.randrange(1, 4))

        def make(games, n=n, chosen=chosen):
            _file(games / "log" / "00000.jl", b"".join(FULL[:n]))
            for _, f, _ in chosen:
                try:
                    f(games)
                except OSError:  # (two that cannot both be: a folder made where the other writes a file)
                    pass
        out.append(("%d: %d lines, %s" % (i, n, " + ".join(c[0] for c in chosen)), FULL[:n], make))
    return out


FUZZ = 240  # cases in make test (about 20 s under native MicroPython on 2 cores); COMPANION_HOSTILE=N for a hunt


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
    "a layout where the log belongs": (_layout_for_log, True),
}


def _replayed(lines):
    from companion.core import log
    from tests.save_dirs import load_layout

    return json.loads(json.dumps(log.replay([line.decode() for line in lines], load_layout).state()))


def _check_fuzz(name, lines, got):
    assert got[0] == "ok", "%s: the board did not boot into a game: %s" % (name, got)
    assert got[2] == len(lines) and got[3] == _replayed(lines), "%s: not the saved game as the host replays it: %s" % (
        name, got[:3])


def _check(name, got):
    make, survives = CASES[name]
    assert got[0] == "ok", "%s: the board did not boot into a game: %s" % (name, got)
    if survives:
        assert got[2] == len(GAME) and got[3] == _replayed(GAME), "%s: the saved game was not resumed: %s" % (
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


@pytest.mark.parametrize("what", sorted(FOREIGN))
def test_a_file_that_is_no_log_where_the_log_belongs_gets_one_verdict(tmp_path, capsys, what):
    """current.jsonl holding a layout or any file that is no log: `companion
    replay` refuses it at line 1; the board does not take it in (nor archive
    its saved game for it), sets it aside whole, says so on the display and
    resumes its saved game. Before, it archived the saved game and silently
    started a new one (the file dropped as a torn line)."""
    import subprocess
    import sys

    data = FOREIGN[what]
    (tmp_path / "current.jsonl").write_bytes(data)
    proc = subprocess.run([os.path.join(os.path.dirname(sys.executable), "companion"), "replay",
                           str(tmp_path / "current.jsonl")], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == "" and "current.jsonl: line 1: " in proc.stderr, proc.stderr
    games = tmp_path / "games"
    _saved(games)
    (games / "current.jsonl").write_bytes(data)
    got = json.loads(json.dumps(save_dirs.boot_dir(str(games), "kahuna")))
    assert got[0] == "ok" and got[2] == len(GAME) and got[3] == _replayed(GAME), got[:3]
    assert got[1] == "current.jsonl (not a game log) set aside as aside-1-current.jsonl"
    assert (games / "aside-1-current.jsonl").read_bytes() == data
    # nothing archived for it (log.new: quiet time's spare folder for the next New game)
    assert sorted(os.listdir(games)) == ["aside-1-current.jsonl", "log", "log.new"]
    said = [line for line in capsys.readouterr().out.splitlines() if "current.jsonl: line 1" in line]
    assert said, "the console says why"
    if b"\n" in data:  # the board's reason is the host's, word for word
        assert said[0].split("current.jsonl: ", 1)[1] in proc.stderr


def _prefix_beside_longer(games):
    _saved(games)  # the whole game in log/
    _file(games / "current.jsonl", b"".join(GAME[:5]))  # its first four events put at current.jsonl


PREFIX_SAID = "resumed current.jsonl; the game before it kept as game-0001"


def _check_prefix(got):
    assert got[0] == "ok" and got[2] == 5 and got[3] == _replayed(GAME[:5]), got[:3]
    assert got[1] == PREFIX_SAID, got[1]


def test_a_shorter_log_at_current_jsonl_is_taken_and_the_player_told_where_the_longer_went(tmp_path):
    """current.jsonl holding a prefix of the game beside a longer log/: the
    board takes current.jsonl (as ever: a log put there is the running game),
    archives the longer one whole, and says both on the display."""
    games = tmp_path / "games"
    _prefix_beside_longer(games)
    _check_prefix(json.loads(json.dumps(save_dirs.boot_dir(str(games), "kahuna"))))
    from companion.store.files import saved_log

    assert saved_log(str(games), "game-0001") == SAVED  # the longer game, every line
    assert not (games / "current.jsonl").exists()


@pytest.mark.native
def test_a_shorter_log_at_current_jsonl_is_said_under_native_micropython(tmp_path):
    _check_prefix(boot_natively(tmp_path, [_prefix_beside_longer])[0])


# --- a huge log piece: answered in work bounded by the game, not by the junk ---------------------
KANALOA = (ROOT / "tests" / "logs" / "kanaloa_four_players.jsonl").read_bytes().splitlines(keepends=True)[:40]
HUGE = b'{"op": "end_turn"}\n' * 110000  # 2 MB of 110,000 short lines (each a valid event, even)

# The store's work during a boot, counted where the firmware does it: the
# bytes its modules read from flash (each module's `open` wrapped).
COUNT_READS = """
import builtins
from companion.store import archive, blocks, files, log_store, reading, settings
READ = [0]
_open = builtins.open


class _Counted:
    def __init__(self, f):
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.f.close()

    def read(self, *n):
        data = self.f.read(*n)
        READ[0] += len(data)
        return data

    def readinto(self, buf):
        got = self.f.readinto(buf)
        READ[0] += got or 0
        return got

    def seek(self, *args):
        return self.f.seek(*args)

    def write(self, data):
        return self.f.write(data)

    def close(self):
        self.f.close()


def _counted(path, mode="r"):
    return _Counted(_open(path, mode))


for _m in (archive, blocks, files, log_store, reading, settings):
    _m.open = _counted
"""
WRITE_READS = """
with open("read", "w") as f:
    f.write(str(READ[0]))
"""


def _kanaloa_save(games):
    _file(games / "log" / "00000.jl", b"".join(KANALOA))


def _huge_piece(games):
    _kanaloa_save(games)
    _file(games / "log" / ("%05d.jl" % len(KANALOA)), HUGE)


@pytest.mark.native
def test_a_huge_log_piece_is_answered_in_work_bounded_by_the_game(tmp_path):
    """A 2 MB piece of 110,000 short lines added to a Kanaloa save (before:
    no answer in 20 s at either heap): the board reads no more than
    PIECE_MOST of it, archives the folder as it is, resumes the save and
    says so. The bound is on the work: the bytes the store reads during the
    boot, beside the same save's boot without the junk."""
    from companion.store.files import PIECE_MOST

    got = boot_natively(tmp_path, [_kanaloa_save, _huge_piece], "kanaloa", (COUNT_READS, WRITE_READS))
    reads = [int((tmp_path / "w" / ("%05d" % i) / "read").read_text()) for i in range(2)]
    plain, huge = got
    assert plain[0] == huge[0] == "ok" and plain[2] == huge[2] == len(KANALOA), (plain[:3], huge[:3])
    assert huge[3] == plain[3]  # the save's game, as without the junk
    assert huge[1] == "saved game damaged: resumed after line 40. Whole log: game-0001", huge[1]
    assert reads[1] <= 3 * reads[0] + PIECE_MOST + 4096, reads  # the save read again for its repair
    assert reads[1] < len(HUGE) // 6, reads


def boot_natively(tmp_path, makers, board="kahuna", around=("", "")):
    """Boot each folder makers[i](games) makes in a fresh native MicroPython at
    the game's documented heap, as a board boots (the firmware compiled, short
    paths): the reports (tests/boot_report.py, with around's code before and
    after it), in order."""
    mpy = compile_board(tmp_path / "mpy")
    work = tmp_path / "w"
    work.mkdir()
    (work / "boot.py").write_text(around[0] + (ROOT / "tests" / "boot_report.py").read_text() + around[1])
    os.symlink(mpy, work / "mpy")
    os.symlink(ROOT / "board_layouts", work / "board_layouts")
    runs = []
    for i, make in enumerate(makers):
        d = work / ("%05d" % i)
        (d / "games").mkdir(parents=True)
        make(d / "games")
        runs.append(("%dK" % HEAPS[board], ["boot.py", d.name, board]))
    run_native_each(runs, firmware="../mpy", workers=2, cwd=work)
    out = []
    for i in range(len(makers)):
        try:
            out.append(json.loads((work / ("%05d" % i) / "r").read_text()))
        except OSError:
            out.append(["crash", "no report"])
    return out


@pytest.mark.native
def test_under_native_micropython_at_the_documented_heap(tmp_path):
    names = sorted(CASES)
    for name, got in zip(names, boot_natively(tmp_path, [CASES[name][0] for name in names])):
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


def _fuzz_count():
    return int(os.environ.get("COMPANION_HOSTILE", FUZZ))


def test_fuzz_under_cpython(tmp_path):
    for i, (name, lines, make) in enumerate(fuzz_cases(_fuzz_count())):
        games = tmp_path / ("%05d" % i) / "games"
        games.mkdir(parents=True)
        make(games)
        _check_fuzz(name, lines, json.loads(json.dumps(save_dirs.boot_dir(str(games), "kahuna"))))


@pytest.mark.native
def test_fuzz_under_native_micropython_at_the_documented_heap(tmp_path):
    cases = fuzz_cases(_fuzz_count())
    for (name, lines, _), got in zip(cases, boot_natively(tmp_path, [make for _, _, make in cases])):
        _check_fuzz(name, lines, got)
