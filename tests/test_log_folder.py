"""The host reads a board's log folder as the board does: NNNNN.jl.tmp included (renamed
into place) or left out by the board's rule (issue 43, item 2, the host's side).

Each case is a folder of pieces as a cut merge or repair leaves it; the board's
Store (companion/store/, under CPython as on the board) opens it and gives its
lines, `companion replay FOLDER` and pull-log's join (host_tools/log_folder.py)
give theirs, and they must be the same lines.
"""

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.log import split
from companion.store.files import saved_log
from companion.store.log_store import Store
from host_tools.files import InputError
from host_tools.log_folder import join_pieces, read_folder, read_pieces

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
H = b'{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}\n'
L = [H, b'{"op": "place", "at": "ALOA-BARI"}\n', b'{"op": "end_turn"}\n', b'{"op": "place", "at": "KAHU-LALE"}\n',
     b'{"op": "end_turn"}\n', b'{"op": "place", "at": "ALOA-DUDA"}\n']
FIRST, SECOND = b"".join(L[:2]), b"".join(L[2:])  # pieces 00000.jl and 00002.jl
ALL = FIRST + SECOND

CASES = {
    "a merge cut before its rename: the .tmp goes": {"00000.jl": FIRST, "00002.jl": SECOND, "00000.jl.tmp": ALL},
    "a merge's copy cut short: the .tmp goes": {"00000.jl": FIRST, "00002.jl": SECOND, "00000.jl.tmp": ALL[:50]},
    "FAT, cut between remove and rename: the .tmp is the piece": {"00002.jl": SECOND, "00000.jl.tmp": ALL},
    "only a .tmp: it is the log": {"00000.jl.tmp": ALL},
    "a repair's copy of a later piece, its piece gone": {"00000.jl": FIRST, "00002.jl.tmp": SECOND},
    "a repair's copy beside its piece: the piece": {"00000.jl": FIRST, "00002.jl": SECOND,
                                                     "00002.jl.tmp": SECOND[:20]},
    "no .tmp at all": {"00000.jl": FIRST, "00002.jl": SECOND},
}


def make(folder, files):
    folder.mkdir(parents=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)


def board_lines(root):
    """The running game's complete lines as the board's Store reads them."""
    lines = Store(str(root)).read(mend=False)
    return [bytes(line).rstrip(b"\n") for line in lines] if lines else []


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_host_reads_a_running_games_pieces_as_the_board(case, tmp_path):
    files = CASES[case]
    make(tmp_path / "host" / "log", files)
    make(tmp_path / "board" / "log", files)
    host = split(read_folder(tmp_path / "host" / "log"))[0]
    assert host == board_lines(tmp_path / "board")
    assert host == split(join_pieces(list(files.items()), running=True))[0]  # pull-log's join
    assert host == [line.rstrip(b"\n") for line in L]  # every case keeps the whole game
    proc = subprocess.run([BIN / "companion", "replay", tmp_path / "host" / "log"], capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout)["sticks"] == {
        "ALOA-BARI": "white", "KAHU-LALE": "black", "ALOA-DUDA": "white"}, proc.stderr


def test_an_archived_games_tmp_is_left_out_as_the_boards_reader_does(tmp_path):
    files = {"00000.jl": FIRST, "00000.jl.tmp": b'{"op": "end_turn"}\n' * 3}
    make(tmp_path / "game-0001", files)
    assert read_folder(tmp_path / "game-0001") == saved_log(str(tmp_path), "game-0001") == FIRST
    only = tmp_path / "game-0002"
    make(only, {"00000.jl.tmp": ALL})
    assert saved_log(str(tmp_path), "game-0002") == b""
    with pytest.raises(InputError, match="a folder without a game log's pieces"):
        read_folder(only)


def test_a_folder_that_is_no_log_is_refused_with_a_message(tmp_path):
    (tmp_path / "empty").mkdir()
    proc = subprocess.run([BIN / "companion", "replay", tmp_path / "empty"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == ("companion replay: %s: a folder without a game log's pieces (NNNNN.jl): name a "
                                   "log file, or a board's log folder (games/log or games/game-NNNN)"
                                   % (tmp_path / "empty"))


def test_pull_log_takes_a_cut_merges_tmp_as_the_board(tmp_path):
    """The board's folder as a FAT cut leaves it (00000.jl removed, its .tmp not yet
    renamed), pulled over the real mpremote from the virtual device."""
    from host_tools.device.virtual_device import VirtualDevice

    case = "FAT, cut between remove and rename: the .tmp is the piece"
    make(tmp_path / "fs" / "games" / "log", CASES[case])
    make(tmp_path / "board" / "log", CASES[case])
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        proc = subprocess.run([BIN / "companion", "pull-log", "--port", dev.port, "--to", tmp_path / "logs"],
                              capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert split((tmp_path / "logs" / "current.jsonl").read_bytes())[0] == board_lines(tmp_path / "board")
    assert (tmp_path / "logs" / "current.jsonl").read_bytes() == ALL


# Every combination of these (a piece or its .tmp absent, whole, cut short, or another piece's bytes):
CHOICES = {"00000.jl": [None, FIRST, ALL], "00002.jl": [None, SECOND],
           "00000.jl.tmp": [None, ALL, ALL[:50], FIRST], "00002.jl.tmp": [None, SECOND, SECOND[:20]]}
COMBOS = [c for c in itertools.product(*CHOICES.values()) if any(c)]


def board_verdict(root):
    """(the running game's lines, the store's problem) as the board reads them."""
    store = Store(str(root))
    lines = store.read(mend=False)
    return [bytes(line) for line in lines] if lines else [], store.problem


def test_every_combination_of_pieces_and_tmps_gives_one_verdict_on_both(tmp_path, capsys):
    """The 71 combinations: the host (replay's and pull-log's read) keeps the
    lines the board keeps and finds what the board finds; where the board can
    read no line (its first piece missing or ending inside a line: 10 of them),
    the host refuses with the board's words."""
    refused = kept = 0
    for k, combo in enumerate(COMBOS):
        files = {name: data for name, data in zip(CHOICES, combo) if data is not None}
        make(tmp_path / str(k) / "host" / "log", files)
        make(tmp_path / str(k) / "board" / "log", files)
        board, problem = board_verdict(tmp_path / str(k) / "board")
        data, host_problem = read_pieces(list(files.items()), True)
        assert (split(data)[0], host_problem) == (board, problem), files
        if problem is not None and not board:
            with pytest.raises(InputError) as e:
                read_folder(tmp_path / str(k) / "host" / "log")
            assert "the board cannot read this log: %s" % problem in str(e.value)
            refused += 1
        else:
            assert split(read_folder(tmp_path / str(k) / "host" / "log"))[0] == board, files
            kept += 1
    assert (refused, kept) == (10, 61)


def test_replay_of_a_folder_the_board_finds_damaged_reads_the_lines_the_board_keeps(tmp_path):
    """A piece missing in the middle: the board goes on with the lines before
    it (and archives the folder); replay reads those and says why."""
    make(tmp_path / "log", {"00000.jl": FIRST, "00003.jl": L[3] + L[4]})
    proc = subprocess.run([BIN / "companion", "replay", tmp_path / "log"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["sticks"] == {"ALOA-BARI": "white"}
    assert "line 3 is missing: the board goes on with lines 1 to 2" in proc.stderr
    assert board_verdict(tmp_path)[0] == [line.rstrip(b"\n") for line in L[:2]]
    make(tmp_path / "first gone" / "log", {"00002.jl": SECOND})
    proc = subprocess.run([BIN / "companion", "replay", tmp_path / "first gone" / "log"], capture_output=True,
                          text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == (
        "companion replay: %s: the board cannot read this log: lines 1 to 2 are missing (at its next boot it "
        "archives the folder as it is, as game-NNNN with a note, and starts a new game)"
        % (tmp_path / "first gone" / "log"))
