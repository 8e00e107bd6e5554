"""Host commands given hostile arguments and files (issue 43, item 4): never an
internal error, a bound with a message, and progress on long work."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools.progress import Progress
from host_tools.review import LIMIT

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HEADER = '{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}\n'
LONG_NAME = "x" * 5000  # longer than any file name the file system takes


def companion(*args, timeout=120, **env):
    return subprocess.run([str(BIN / "companion")] + [str(a) for a in args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env=dict(os.environ, **env))


def refused(proc, start):
    """Exit 2, one line that starts as given, nothing on stdout, no internal error."""
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert "internal error" not in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith(start), proc.stderr
    return proc.stderr


def test_selfplay_logs_at_a_file_or_a_name_too_long(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("kept")
    err = refused(companion("selfplay", "--games", "1", "--logs", a_file), "companion selfplay: --logs ")
    assert err.strip() == "companion selfplay: --logs %s is a file: give a folder for the logs" % a_file
    assert a_file.read_text() == "kept"
    refused(companion("selfplay", "--games", "1", "--logs", tmp_path / LONG_NAME), "companion selfplay: --logs ")
    proc = companion("selfplay", "--games", "100000000000")
    assert proc.returncode == 2 and "is not a number of games: give 1 to 100000" in proc.stderr


def test_flash_remote_of_100000_brackets_and_names_too_long(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000)
    no_board = tmp_path / "ttyACM99"  # read before any board is looked for
    err = refused(companion("flash", "--port", no_board, "--remote", deep), "companion flash: --remote ")
    assert "JSON nested too deep" in err and "give a CODE-SEAT.json that `companion broker` wrote" in err
    refused(companion("flash", "--port", no_board, "--layout", LONG_NAME), "companion flash: no layout 'xxx")
    refused(companion("flash", "--port", no_board, "--profile", LONG_NAME),
            "companion flash: no hardware profile 'xxx")
    refused(companion("pull-log", "--port", no_board, "--to", tmp_path / LONG_NAME), "companion pull-log: --to ")
    refused(companion("virtual-device", "--fs", ""), "companion virtual-device: --fs an empty name: give a folder")
    for command in ("replay", "review"):
        refused(companion(command, tmp_path / LONG_NAME), "companion %s: " % command)
    refused(companion("bench", "--quick", "--json", tmp_path / LONG_NAME), "companion bench: --json ")


@pytest.fixture(scope="module")
def long_logs(tmp_path_factory):
    top = tmp_path_factory.mktemp("long")
    million = top / "million.jsonl"
    million.write_text(HEADER + '{"op": "end_turn"}\n' * 1000000)
    undos = top / "undos.jsonl"  # 200,000 undos: a stick put on and taken back, again and again
    undos.write_text(HEADER + '{"op": "place", "at": "ALOA-BARI"}\n{"op": "undo"}\n' * 100000)
    return million, undos


def test_a_replay_of_a_million_lines_finishes_and_says_how_far_it_got(long_logs):
    million, _ = long_logs
    proc = companion("replay", million, COMPANION_PROGRESS_EVERY="0")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["round"] == 1 and len(proc.stdout.splitlines()) == 1
    said = proc.stderr.splitlines()
    assert said[0] == "%s: replaying: 1024 of 1000000 (0%%)" % million
    assert said[-1] == "%s: replaying: 1000000 of 1000000, done" % million
    assert len(said) == 1000000 // 1024 + 1  # a line each 1024 events at this setting


def test_a_trace_and_picture_of_200000_undos(long_logs, tmp_path):
    _, undos = long_logs
    png = tmp_path / "board.png"
    proc = companion("replay", undos, "--trace", "-o", png)
    assert proc.returncode == 0, proc.stderr
    states = proc.stdout.splitlines()
    assert len(states) == 200000  # one state per event, streamed (not held on the heap)
    assert json.loads(states[0])["sticks"] == {"ALOA-BARI": "white"} and json.loads(states[-1])["sticks"] == {}
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("which", [0, 1])
def test_a_review_of_a_log_beyond_its_bound_is_refused_at_once(long_logs, tmp_path, which):
    log = long_logs[which]
    events = 1000000 if which == 0 else 200000
    proc = companion("review", log, "-o", tmp_path / "r.html", timeout=60)
    assert proc.returncode == 2 and proc.stdout == "" and not (tmp_path / "r.html").exists()
    assert proc.stderr.strip() == (
        "%s: line %d: a review rates at most %d events (a Kahuna game has a few hundred) and this log has %d: "
        "is it the right file? (`companion replay` reads a log of any length)" % (log, LIMIT + 2, LIMIT, events))


def test_a_review_at_its_bound_shows_progress(tmp_path):
    log = tmp_path / "long.jsonl"
    log.write_text(HEADER + '{"op": "place", "at": "ALOA-BARI"}\n{"op": "undo"}\n' * (LIMIT // 2))
    proc = companion("review", log, "-o", tmp_path / "r.html", COMPANION_PROGRESS_EVERY="0")
    assert proc.returncode == 0, proc.stderr
    said = proc.stderr.splitlines()
    assert said[0] == "%s: reviewing: 1 of %d (0%%)" % (log, LIMIT) and said[-1].endswith("%d of %d, done"
                                                                                            % (LIMIT, LIMIT))
    assert proc.stdout.splitlines()[-1] == "review written to %s" % (tmp_path / "r.html")


def test_progress_says_nothing_for_short_work_and_a_line_at_most_every_interval():
    t = [0.0]
    out = io.StringIO()
    p = Progress("work", 10, every=2.0, out=out, clock=lambda: t[0])
    for k in range(1, 11):
        t[0] += 0.5
        p.step(k)
    p.done()
    assert out.getvalue().splitlines() == ["work: 4 of 10 (40%)", "work: 8 of 10 (80%)", "work: 10 of 10, done"]
    quiet = io.StringIO()
    p = Progress("work", 10, every=2.0, out=quiet, clock=lambda: 0.0)
    p.step(5)
    p.done()
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("saved", ["[[[[\n", "[" * 100000, '{"DEMO": {"white": 1}}', "[1, 2]"])
def test_broker_with_a_damaged_credentials_file_says_so_and_keeps_it(tmp_path, saved):
    (tmp_path / "games.json").write_text(saved)
    proc = companion("broker", "--dir", tmp_path, "--port", "1", "--ws-port", "2", timeout=30)
    assert proc.returncode == 2 and "internal error" not in proc.stderr, proc.stdout + proc.stderr
    assert proc.stderr.startswith("companion broker: %s: " % (tmp_path / "games.json"))
    assert proc.stderr.rstrip().endswith("move it away and run again (new passwords are made; flash each board "
                                         "again with its new CODE-SEAT.json)")
    assert (tmp_path / "games.json").read_text() == saved  # nothing lost


def test_remote_soak_figures_to_a_folder_is_refused_before_the_soak(tmp_path):
    err = refused(companion("remote-soak", "--games", "1", "--json", tmp_path), "companion remote-soak: --json ")
    assert err.strip() == "companion remote-soak: --json %s is a folder: give a file for the figures" % tmp_path
