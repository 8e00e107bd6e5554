"""A virtual MicroPython board on a pseudo-terminal, for mpremote without hardware.

`python -m host_tools.device.virtual_device` (or `companion virtual-device`) prints
the terminal's path (/dev/pts/N) and serves until interrupted; connect to
it like a serial port: `mpremote connect /dev/pts/N`, `make flash
PORT=/dev/pts/N`. The interpreter is the official WebAssembly port run by
Node (host_tools/device/virtual_device.mjs); its filesystem is kept in a host
directory, so files survive from one connection (or run) to the next.
While it runs, it is listed by `companion devices` and picked by `make
flash` without PORT= when no board is connected.
"""

import argparse
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

from ..files import folder_problem
from ..paths import ROOT

BRIDGE = ROOT / "host_tools" / "device" / "virtual_device.mjs"
DEFAULT_FS = ROOT / "build" / "virtual-device"
def registry():
    """Where running virtual devices are listed: under $TMPDIR, as read now (a test
    session sets it for itself and the commands it starts)."""
    return Path(tempfile.gettempdir()) / "companion-virtual-devices"


class VirtualDevice:
    """A running virtual device: `with VirtualDevice(fs_dir) as dev: dev.port`."""

    def __init__(self, fs_dir=DEFAULT_FS, capacity=0, version=None, mpy=None, corrupt=None,
                 raw_paste=True, register=True, cut_after=None, record=False):
        """cut_after: pull the cable after the device got this many bytes from
        the host (it keeps what it did with them; the host's reads and writes
        fail). `received` counts the bytes it got, either way; with record,
        `got` holds them."""
        self.fs_dir = Path(fs_dir)
        self.cut_after = cut_after
        self.received = 0
        self.got = bytearray() if record else None
        self.cut = False
        self.options = []
        for flag, value in (("--capacity", capacity), ("--version", version), ("--mpy", mpy),
                            ("--corrupt", corrupt), ("--raw-paste", None if raw_paste else "off")):
            if value:
                self.options += [flag, str(value)]
        self.register = register
        self.port = None
        self._proc = None
        self._registered = None

    def start(self):
        self.fs_dir.mkdir(parents=True, exist_ok=True)
        master, slave = os.openpty()
        tty.setraw(slave)
        self._master, self._slave = master, slave  # holding the slave keeps reads from failing between clients
        self.port = os.ttyname(slave)
        self._errors = tempfile.TemporaryFile()
        self._proc = subprocess.Popen(
            self.command(),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors, cwd=ROOT)
        self._wait_for_prompt()
        self._pumps = [threading.Thread(target=self._to_device, daemon=True),
                       threading.Thread(target=self._pump, args=(self._proc.stdout.fileno(), master), daemon=True)]
        for pump in self._pumps:
            pump.start()
        if self.register:
            registry().mkdir(exist_ok=True)
            self._registered = registry() / ("%d-%s" % (os.getpid(), Path(self.port).name))
            self._registered.write_text(self.port)
        return self

    def command(self):
        """The bridge: a MicroPython whose REPL is on its stdin and stdout."""
        return ["node", str(BRIDGE), "--fs", str(self.fs_dir)] + self.options

    def _wait_for_prompt(self, timeout=30):
        """Read the boot banner (nobody sees it, as with a board booted before
        you connect); fail here, with Node's message, if it never comes."""
        seen = b""
        out = self._proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while not seen.endswith(b">>> "):
            ready = select.select([out], [], [], 0.2)[0]
            chunk = os.read(out, 4096) if ready else b""
            seen += chunk
            if (ready and not chunk) or time.monotonic() > deadline:
                self._errors.seek(0)
                message = self._errors.read().decode(errors="replace").strip().splitlines()[-3:]
                self.stop()
                raise RuntimeError("the virtual device did not start: %s" % " / ".join(message))

    def _to_device(self):
        """The host's bytes to the device, up to the cut if there is one."""
        dst = self._proc.stdin.fileno()
        try:
            while True:
                data = os.read(self._master, 4096)
                if not data:
                    return
                if self.cut_after is not None:
                    data = data[:self.cut_after - self.received]
                self.received += len(data)
                if self.got is not None:
                    self.got += data
                while data:
                    data = data[os.write(dst, data):]
                if self.cut_after is not None and self.received >= self.cut_after:
                    self._pull_cable()
                    return
        except OSError:
            return

    def _pull_cable(self):
        """The link dies: the device's input ends (it stops once it has done what
        it got, its files as they are then) and the host side of the line hangs up."""
        self.cut = True
        self._proc.stdin.close()
        try:
            self._proc.wait(30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
        self._pumps[1].join(5)  # (its last output reaches the line first, and the fd is no longer in use)
        os.close(self._master)
        self._master = None

    @staticmethod
    def _pump(src, dst):
        try:
            while True:
                data = os.read(src, 4096)
                if not data:
                    return
                while data:
                    data = data[os.write(dst, data):]
        except OSError:
            return

    def stop(self):
        if self._registered:
            self._registered.unlink(missing_ok=True)
        if self._proc:
            self._proc.kill()
            self._proc.wait()
            os.close(self._slave)  # the pumps' reads end (EOF, EIO) before their fds are closed
            for pump in getattr(self, "_pumps", ()):
                pump.join(2)
            if not self._proc.stdin.closed:
                self._proc.stdin.close()
            self._proc.stdout.close()
            self._errors.close()
            if self._master is not None:
                os.close(self._master)
            self._proc = None

    def alive(self):
        return self._proc is not None and self._proc.poll() is None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def registered_ports():
    """Ports of the virtual devices running on this machine."""
    ports = []
    for entry in sorted(registry().glob("*")) if registry().is_dir() else ():
        try:
            os.kill(int(entry.name.split("-")[0]), 0)
        except (ValueError, ProcessLookupError):
            entry.unlink(missing_ok=True)
            continue
        except PermissionError:
            pass
        port = entry.read_text().strip()
        if os.path.exists(port):
            ports.append(port)
    return ports


def add_arguments(p):
    p.add_argument("--fs", default=str(DEFAULT_FS), help="host directory holding its filesystem (default: %(default)s)")
    p.add_argument("--capacity", type=int, default=0, help="filesystem size in bytes (default: unlimited)")
    p.add_argument("--micropython-version", dest="version", help="report this older MicroPython version, e.g. 1.18.0")
    p.add_argument("--mpy", type=int, help="report this sys.implementation._mpy, e.g. 5")


def register(sub):
    p = sub.add_parser("virtual-device", help="run a virtual MicroPython board on a pseudo-terminal (for mpremote)")
    add_arguments(p)
    p.set_defaults(func=run)


def run(args):
    problem = folder_problem(args.fs, "folder for the device's files (it is made if missing)")
    if problem:
        print("companion virtual-device: --fs %s" % problem, file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop cleanly on kill too
    dev = VirtualDevice(args.fs, args.capacity, args.version, args.mpy).start()
    return serve(dev, "virtual device on %s (filesystem in %s); Ctrl-C stops it" % (dev.port, dev.fs_dir))


def serve(dev, said):
    """Print the started device's port (and `said` on stderr), then serve until Ctrl-C or a kill."""
    print(dev.port, flush=True)
    print(said, file=sys.stderr, flush=True)
    try:
        dev._proc.wait()
    except KeyboardInterrupt:
        pass
    finally:
        dev.stop()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m host_tools.device.virtual_device", description=__doc__.split("\n")[0])
    add_arguments(parser)
    sys.exit(run(parser.parse_args()))
