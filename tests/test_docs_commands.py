"""Every command the README and docs/*.md show is run here, so the docs cannot drift.

The commands are read from the documents themselves: each line of a code
block that starts with a command (make, companion, .venv/bin/..., mpremote,
esptool.py, git, ...). Each is run in a scratch folder that links to the
checkout, against a virtual device (`companion virtual-device`, with its own
registry, so `make flash` without PORT= finds it as it would a lone board),
unless SKIPPED says why it cannot run here. Shown output ("$ command" and
the lines under it) must match what the command prints, and the flash
summary in docs/flashing.md must match a real flash. Commands mentioned in
the text (`companion ...`, `make ...`) must at least name real sub-commands,
options and make targets.
"""

import contextlib
import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest

from host_tools.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
COMMAND = re.compile(r"^(\$ )?(make|mkdir|\.venv/bin/\S+|companion|mpremote|esptool\.py|git|cd|python|PORT=\S+)(\s|$)")
LINKED = (".venv", "board_layouts", "firmware", "tests", "host_tools", "node_modules", "Makefile",
          "pyproject.toml", "package.json", "package-lock.json")

# command as shown -> why it is not run here
SKIPPED = {
    "make test": "it runs this very test (the whole suite)",
    "make bench": "minutes of measuring; tests/test_bench.py runs `companion bench --quick`",
    "make bench COMPARE=old.json": "minutes of measuring; tests/test_bench.py checks --compare",
    "companion bench --quick --game kahuna --json /tmp/b.json":
        "tests/test_bench.py runs this command (its --json in a temporary folder)",
    "esptool.py --chip esp32 --port /dev/ttyUSB0 erase_flash": "needs an ESP32 on /dev/ttyUSB0",
    "esptool.py --chip esp32 --port /dev/ttyUSB0 --baud 460800 write_flash -z 0x1000 ESP32_GENERIC-*.bin":
        "needs an ESP32 and MicroPython's .bin from micropython.org",
    "mpremote mip install github:OWNER/REPO/firmware/package.json":
        "needs the network and the published repository (the checkout's package.json is installed instead)",
    "git clone --branch v1.29.0 https://github.com/micropython/micropython": "needs the network",
    "cd micropython && make -C mpy-cross": "builds MicroPython from source (after the clone)",
    "make -C ports/rp2 BOARD=RPI_PICO submodules": "builds MicroPython from source: network, ARM toolchain",
    "make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/checkout/firmware/manifest.py":
        "builds MicroPython from source: ARM toolchain, minutes",
    "companion layout check FILE [PROFILE]": "a synopsis (FILE, PROFILE): its examples follow and are run",
    "companion layout draw FILE -o OUT.svg": "a synopsis (FILE, OUT): README's `layout draw` example is run",
    "companion virtual-pico": "needs the emulated Pico's UF2 and bootrom (docs/firmware.md); "
                                       "tests/test_chip.py runs it on a pseudo-terminal when they are given",
    "make flash PORT=/dev/pts/N": "needs the emulated Pico of the line before; tests/test_chip.py flashes it",
    "make broker GAME=K7Q2 MQTT_PORT=1883": "runs Mosquitto until stopped; tests/test_remote_broker.py starts "
                                            "the same broker (host_tools/broker.py) on a free port",
    ".venv/bin/mpremote mip install umqtt.simple": "needs the network (micropython-lib's index) and a board",
    "make virtual-device": "the same as `.venv/bin/companion virtual-device`, which the device fixture runs "
                           "(with --fs in a scratch folder rather than build/virtual-device)",
}
# files a shown command expects, made in the scratch folder first
FIXTURES = {
    "bad.json": '{\n "name": "x",\n "kind": "islands"\n "islands": []\n}\n',
    "artifacts/broker/K7Q2-white.json": '{"remote": {"game": "K7Q2", "seat": "white", "broker": "192.168.1.5", '
                                        '"port": 1883, "user": "K7Q2-white", "password": "x"}}\n',
    "artifacts/broker/K7Q2-black.json": '{"remote": {"game": "K7Q2", "seat": "black", "broker": "192.168.1.5", '
                                        '"port": 1883, "user": "K7Q2-black", "password": "x"}}\n',
}


def code_lines(path):
    """(line number, command) of each command line in the code blocks of a document."""
    found = []
    fenced, block, blank = False, False, True
    for n, line in enumerate(path.read_text().split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        indented = line.startswith("    ") and (blank or block)
        block = indented or (block and not line.strip())
        blank = not line.strip()
        if (fenced or indented) and COMMAND.match(line.strip()):
            found.append((n, line.strip()))
    return found


def shown_commands():
    """command -> (document, line, the output shown under a "$ " command, or None)."""
    out = {}
    for doc in DOCS:
        lines = doc.read_text().split("\n")
        for n, line in code_lines(doc):
            cmd = " ".join(shlex.split(line[2:] if line.startswith("$ ") else line, comments=True))
            shown = None
            if line.startswith("$ "):
                shown = []
                for follow in lines[n:]:
                    if not follow.startswith("    ") or follow.strip().startswith("$ "):
                        break
                    shown.append(follow[4:])
            out.setdefault(cmd, (doc.relative_to(ROOT).as_posix(), n, shown))
    return out


COMMANDS = shown_commands()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder that looks like the checkout (links), where shown commands may write files."""
    here = tmp_path_factory.mktemp("docs-commands")
    for name in LINKED:
        (here / name).symlink_to(ROOT / name)
    for name, text in FIXTURES.items():
        (here / name).parent.mkdir(parents=True, exist_ok=True)
        (here / name).write_text(text)
    (here / "path" / "to").mkdir(parents=True)
    shutil.copy(ROOT / "board_layouts/kahuna.json", here / "path/to/my-board.json")
    return here


@pytest.fixture(scope="module")
def device(scratch, tmp_path_factory):
    """`companion virtual-device` running, registered in a registry of this test's own (TMPDIR)."""
    tmpdir = tmp_path_factory.mktemp("registry")
    env = dict(os.environ, TMPDIR=str(tmpdir))
    proc = subprocess.Popen([str(ROOT / ".venv/bin/companion"), "virtual-device", "--fs",
                             str(tmpdir / "fs")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=scratch, env=env)
    port = proc.stdout.readline().strip()
    assert port.startswith("/dev/"), proc.stderr.read() if proc.poll() is not None else port
    yield port, env
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def prepare(cmd, port):
    """The command as run here: make takes the venv as installed (it is); a port shown in the
    docs (/dev/ttyACM1) is the virtual device's; mpremote connects to it."""
    words = shlex.split(cmd)
    for i in range(len(words)):
        words[i] = re.sub(r"^(PORT=)?/dev/tty\w+$", lambda m: (m.group(1) or "") + port, words[i])
    if words[0] == "make":
        words[1:1] = ["--no-print-directory", "-o", ".venv/.installed", "-o", "node_modules/.installed"]
    if words[0] == "mpremote":
        words[1:1] = ["connect", port]
    if words[0] in ("companion", "mpremote"):
        words[0] = ".venv/bin/" + words[0]
    return words


def test_every_shown_command_is_run_or_skipped_with_a_reason():
    assert len(COMMANDS) > 20  # the extraction finds the docs' commands
    for cmd in SKIPPED:
        assert cmd in COMMANDS, "SKIPPED names %r, which no document shows any more" % cmd


def run_shown(cmd, scratch, device, timeout=120):
    port, env = device
    return subprocess.run(prepare(cmd, port), capture_output=True, text=True, cwd=scratch, env=env,
                          timeout=timeout)


# the sim serves until stopped: started, fetched once, stopped
SERVERS = ("make sim",)
# needs the board to hold a game log first
NEEDS_LOG = (".venv/bin/companion pull-log", ".venv/bin/companion replay device-logs/current.jsonl")


def files_made(scratch):
    """Every file in the scratch folder, relative to it; the links to the checkout are not followed."""
    return {os.path.relpath(os.path.join(folder, name), scratch)
            for folder, _, names in os.walk(scratch) for name in names}


def ignored_by_git(paths):
    """Those of paths (relative to the checkout's root) that the checkout's .gitignore ignores."""
    if not paths:
        return set()
    proc = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", "--stdin"], input="\n".join(paths),
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode in (0, 1), proc.stderr  # 1: none of them is ignored
    return set(proc.stdout.split())


def test_the_checkout_ignores_what_the_docs_commands_write():
    # pull-log's folder (docs/flashing.md), the pictures and pages the README's examples draw
    assert ignored_by_git({"device-logs/current.jsonl", "artifacts/game.svg", "build/virtual-device/main.py"}) == \
        {"device-logs/current.jsonl", "artifacts/game.svg", "build/virtual-device/main.py"}
    assert ignored_by_git({"game.svg", "kahuna.svg"}) == set()


@pytest.mark.parametrize("cmd", sorted(c for c in COMMANDS if c not in SKIPPED and c not in SERVERS))
def test_shown_command_runs(cmd, scratch, device):
    doc, line, shown = COMMANDS[cmd]
    if cmd in NEEDS_LOG:
        put = run_shown("mpremote fs mkdir :/games", scratch, device)
        put = run_shown("mpremote fs cp tests/logs/worked_example.jsonl :/games/current.jsonl", scratch, device)
        assert put.returncode == 0, put.stderr
        if "replay" in cmd:
            pulled = run_shown(NEEDS_LOG[0], scratch, device)
            assert pulled.returncode == 0, pulled.stderr
    before = files_made(scratch)
    proc = run_shown(cmd, scratch, device)
    litter = sorted(files_made(scratch) - before - ignored_by_git(files_made(scratch) - before))
    assert not litter, "%s:%d: `%s` leaves %s in the checkout, where git sees it: write it under artifacts/ " \
        "(or another folder .gitignore names)" % (doc, line, cmd, ", ".join(litter))
    # a layout with problems is bad input: status 2 (docs/flashing.md, "Exit status")
    expected = 2 if shown and any(" problem" in s for s in shown[-1:]) or cmd.endswith("bad.json") else 0
    assert proc.returncode == expected, "%s:%d: `%s` failed:\n%s%s" % (doc, line, cmd, proc.stdout, proc.stderr)
    if shown is not None:
        assert (proc.stdout + proc.stderr).rstrip("\n").split("\n") == shown, \
            "%s:%d: the output shown for `%s` is not what it prints" % (doc, line, cmd)
    if cmd == "make flash":  # the summary docs/flashing.md shows
        text = (ROOT / "docs/flashing.md").read_text()
        files, size = map(int, re.search(r"copied (\d+) of \d+ files \((\d+) bytes", text).groups())
        got_files, got_size = map(int, re.search(r"copied (\d+) of \d+ files \((\d+) bytes", proc.stdout).groups())
        assert abs(got_files - files) <= 2 and abs(got_size - size) <= 0.1 * size, \
            "docs/flashing.md shows `copied %d ... (%d bytes`, a flash copies %d files, %d bytes: update it" \
            % (files, size, got_files, got_size)


@pytest.mark.parametrize("cmd", SERVERS)
def test_shown_server_starts_and_serves(cmd, scratch, device):
    port, env = device
    proc = subprocess.Popen(prepare(cmd, port) + ["PORT=0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=scratch, env=env, start_new_session=True)
    try:
        lines = []
        while not (lines and lines[-1].startswith("http")) and len(lines) < 5:
            lines.append(proc.stdout.readline())  # make's echo, the server's greeting, its address
        url = lines[-1].strip()
        assert url.startswith("http://127.0.0.1:"), lines
        with urllib.request.urlopen(url, timeout=20) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # make and the server it started
        proc.wait(20)


def inline_commands():
    out = []
    for doc in DOCS:
        text = doc.read_text()
        for m in re.finditer(r"`((?:\.venv/bin/)?(?:companion|make) [^`]+)`", text):
            out.append((doc.relative_to(ROOT).as_posix(), " ".join(m.group(1).split())))
    return out


@pytest.mark.parametrize("doc,cmd", inline_commands())
def test_mentioned_command_names_real_options(doc, cmd):
    words = [w.strip("[]") for w in cmd.split()]
    if words[0] == "make":
        targets = re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.M)
        assert words[1] in targets or "=" in words[1], "%s: `%s`: no make target %s" % (doc, cmd, words[1])
        return
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            build_parser().parse_args(words[1:])
        except SystemExit:
            pass
    # a mention may leave out required arguments; it may not name what does not exist
    assert "invalid choice" not in err.getvalue() and "unrecognized arguments" not in err.getvalue(), \
        "%s: `%s`: %s" % (doc, cmd, err.getvalue())
