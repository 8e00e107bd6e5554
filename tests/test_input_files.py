"""Every companion command that reads a file, on every kind of wrong file: a
message naming the file and status 2 (bad input, docs/flashing.md "Exit
status"), never a traceback. COMPANION_DEBUG=1 turns off the last-resort net in
cli.main, so an exception fails the test instead of being dressed as a message."""

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools import files
from host_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
LOG = (ROOT / "tests/logs/worked_example.jsonl").read_text()
DUELL_LOG = (ROOT / "tests/logs/duell_basic.jsonl").read_text()
LAYOUT = (ROOT / "board_layouts/kahuna.json").read_text()
PROFILE = (ROOT / "board_layouts/profiles/pico.json").read_text()
FIGURES = json.dumps({"figures": {"a": 1}, "meta": {"time": "then"}})
NO_PORT = "/dev/companion-test-no-such-port"

# command -> (argv with FILE where the file goes, the good content of that file, status of a good file)
COMMANDS = {
    "replay": (["replay", "FILE"], LOG, 0),
    "replay --view": (["replay", "FILE", "--view", "bison"], DUELL_LOG, 0),
    "replay -o": (["replay", "FILE", "-o", "OUT.svg"], LOG, 0),
    "layout check": (["layout", "check", "FILE"], LAYOUT, 0),
    "layout check profile": (["layout", "check", "kahuna", "FILE"], PROFILE, 0),
    "layout draw": (["layout", "draw", "FILE", "-o", "OUT.svg"], LAYOUT, 0),
    "flash --layout": (["flash", "--port", NO_PORT, "--layout", "FILE"], LAYOUT, 1),  # then: no board
    "flash --profile": (["flash", "--port", NO_PORT, "--profile", "FILE"], PROFILE, 1),
    "bench --compare": (["bench", "--compare", "FILE", "--json", "OUT.json"], FIGURES, None),  # None: not run
}
LAYOUT_COMMANDS = ("layout check", "layout check profile", "layout draw", "flash --layout", "flash --profile")


def utf16_without_bom(text):
    return text.encode("utf-16-le")


# kind -> (write the file at path from the good text, the status for a file command, for a layout command)
def _write(data):
    def write(path, good):
        path.write_bytes(data(good) if callable(data) else data)
    return write


def _huge(path, good):
    with open(path, "wb") as f:
        f.truncate(files.LOG_LIMIT + 1)  # sparse: nothing is written


def _fifo(path, good):
    os.mkfifo(path)


def _folder(path, good):
    path.mkdir()


def _under_a_file(path, good):
    path.write_text("x")
    return path / "inside.json"


def _missing(path, good):
    return path.parent / "no-such-file.json"


def _unreadable(path, good):
    """A file without read permission. Root reads any file (CI runs as root), so opening it
    is also made to fail as the OS would for anyone else (see no_net: files.open)."""
    path.write_text(good)
    path.chmod(0)
    UNREADABLE.append(str(path))


UNREADABLE = []


def _open(path, *args, **kwargs):
    if str(path) in UNREADABLE:
        raise PermissionError(13, "Permission denied", str(path))
    return open(path, *args, **kwargs)


KINDS = {
    "utf-16 (PowerShell >)": (_write(lambda g: codecs.BOM_UTF16_LE + g.encode("utf-16-le")), 2, 2),
    "utf-16 without BOM": (_write(utf16_without_bom), 2, 2),
    "binary": (_write(bytes(range(256)) * 8), 2, 2),
    "latin-1": (_write(lambda g: g.replace('"', '"\xe9', 1).encode("latin-1")), 2, 2),
    "empty": (_write(b""), 2, 2),
    "text, not JSON": (_write(b"hello\nworld\n"), 2, 2),
    "JSON nested too deep": (_write(b"[" * 100000), 2, 2),
    "huge": (_huge, 2, 2),
    "a folder": (_folder, 2, 2),
    "a pipe": (_fifo, 2, 2),
    "missing": (_missing, 2, 2),
    "under a file": (_under_a_file, 2, 2),
    "unreadable": (_unreadable, 2, 2),
}


@pytest.fixture(autouse=True)
def no_net(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DEBUG", "1")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(files, "open", _open, raising=False)  # every command reads its files through files
    yield
    del UNREADABLE[:]


def run(capsys, argv, path):
    argv = [str(path) if a == "FILE" else a for a in argv]
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_wrong_file_is_a_message_and_status_2(tmp_path, capsys, command, kind):
    argv, good, _ = COMMANDS[command]
    make, status, layout_status = KINDS[kind]
    path = tmp_path / "input.json"
    path = make(path, good) or path
    code, out, err = run(capsys, argv, path)
    expected = layout_status if command in LAYOUT_COMMANDS else status
    if command == "bench --compare":
        expected = 2  # nothing is measured: the file is read first
    assert code == expected, err
    assert str(path) in err or path.name in err, err
    if kind == "unreadable":
        assert "permission denied" in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert len(err.strip().splitlines()) <= 12  # a message, not a dump


@pytest.mark.parametrize("command", sorted(c for c in COMMANDS if COMMANDS[c][2] is not None))
def test_a_utf8_bom_and_windows_line_ends_are_read(tmp_path, capsys, command):
    """What Notepad writes is a good file."""
    argv, good, status = COMMANDS[command]
    path = tmp_path / "input.json"
    path.write_bytes(codecs.BOM_UTF8 + good.replace("\n", "\r\n").encode("utf-8"))
    code, out, err = run(capsys, argv, path)
    assert code == status, err
    if command.startswith("flash"):
        assert "no device at %s" % NO_PORT in err  # read and checked, then looked for the board
    if command == "replay":
        clean = tmp_path / "clean.jsonl"
        clean.write_text(good)
        assert run(capsys, argv, clean)[1] == out


@pytest.mark.parametrize("argv", [["virtual-device", "--fs", "FILE"], ["pull-log", "--port", NO_PORT, "--to", "FILE"]])
def test_a_file_where_a_folder_belongs(tmp_path, capsys, argv):
    path = tmp_path / "a-file"
    path.write_text("x")
    code, _, err = run(capsys, argv, path)
    assert code == 2 and "%s is a file: give a folder" % path in err


def test_the_messages_say_what_to_do(tmp_path, capsys):
    path = tmp_path / "log.jsonl"
    path.write_bytes(codecs.BOM_UTF16_LE + LOG.encode("utf-16-le"))
    err = run(capsys, ["replay", "FILE"], path)[2]
    assert "UTF-16" in err and "PowerShell" in err and "Set-Content -Encoding utf8" in err
    path.write_bytes(b"\x00\x01\x02binary")
    assert "a binary file (it holds NUL bytes), not a game log" in run(capsys, ["replay", "FILE"], path)[2]
    path.write_bytes('{"game": "kahuna", "layout": "k\xe9"}\n'.encode("latin-1"))
    assert "line 1: not UTF-8 text" in run(capsys, ["replay", "FILE"], path)[2]  # the core says which line


def test_a_log_torn_by_a_power_cut_is_read_up_to_its_damaged_line(tmp_path, capsys):
    """NUL bytes after the header are a torn write, not a binary file: the core names the line;
    without a newline after them they are left out, as the board does (docs/rules.md)."""
    path = tmp_path / "torn.jsonl"
    path.write_bytes(LOG.encode() + b"\0" * 300 + b"\n")
    code, _, err = run(capsys, ["replay", "FILE"], path)
    assert code == 2 and "line %d:" % (LOG.count("\n") + 1) in err and "binary" not in err
    path.write_bytes(LOG.encode() + b"\0" * 300)
    code, _, err = run(capsys, ["replay", "FILE"], path)
    assert code == 0 and err == "%s: line %d has no newline at its end (a write cut short?): left out, as the " \
        "board does\n" % (path, LOG.count("\n") + 1)


def test_a_utf16_log_from_the_command_line(tmp_path):
    """The issue's case end to end: exit 2 and a reason, no traceback."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(codecs.BOM_UTF16_LE + LOG.encode("utf-16-le"))
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "UTF-16" in proc.stderr


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=400),
                      st.text(max_size=200).map(lambda t: t.encode("utf-8")),
                      st.sampled_from([LOG, LAYOUT]).flatmap(
                          lambda good: st.tuples(st.integers(0, len(good)), st.binary(max_size=8)).map(
                              lambda cut: good.encode()[:cut[0]] + cut[1]))),
       command=st.sampled_from(["replay", "layout check", "layout draw"]))
def test_any_bytes_at_all(tmp_path, capsys, data, command):
    argv, _, _ = COMMANDS[command]
    path = tmp_path / "any.json"
    path.write_bytes(data)
    code, _, err = run(capsys, argv, path)
    assert code in (0, 1, 2) and "internal error" not in err
    if command == "replay":
        assert code in (0, 2)
