"""The emulated Pico on a pseudo-terminal (serial.mjs), for mpremote and
`companion flash`: `with EmulatedPico(image) as pico: pico.port`. At the end
`pico.image` is its flash filesystem (image.read() lists the files)."""

import os
import select
import signal
import tempfile
import time
from pathlib import Path

from ..device.virtual_device import VirtualDevice
from ..paths import ROOT
from . import PROFILE, parts

BRIDGE = ROOT / "host_tools" / "chip" / "serial.mjs"


class EmulatedPico(VirtualDevice):
    def __init__(self, fs_image=None, register=False, cut_after=None, record=False):
        """cut_after, record: as VirtualDevice's (the cable pulled after that
        many bytes: the chip stops at once, its flash as it is then)."""
        self._tmp = tempfile.TemporaryDirectory(prefix="pico-serial-")
        super().__init__(fs_dir=Path(self._tmp.name) / "unused", register=register, cut_after=cut_after,
                         record=record)
        self.uf2, self.bootrom = parts()
        self.image_in = Path(self._tmp.name) / "in.img"
        self.image_out = Path(self._tmp.name) / "out.img"
        if fs_image is not None:
            self.image_in.write_bytes(fs_image)
        self.image = None

    def command(self):
        cmd = ["node", str(BRIDGE), "--uf2", self.uf2, "--bootrom", self.bootrom, "--profile", str(PROFILE),
               "--image-out", str(self.image_out)]
        if self.image_in.exists():
            cmd += ["--image", str(self.image_in)]
        return cmd

    def _wait_for_prompt(self, timeout=120):  # the emulator runs slower than a chip
        if not self.image_in.exists():
            super()._wait_for_prompt(timeout)
            return
        # An image with the firmware runs main.py, which shows no prompt:
        # break into the REPL as mpremote does (Ctrl-C), until the prompt
        # comes, as a user who plugs the board in and flashes at once. (These
        # bytes go to the chip directly: cut_after counts the host's only.)
        seen = b""
        out = self._proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while not seen.endswith(b">>> "):
            if time.monotonic() > deadline or self._proc.poll() is not None:
                self.stop()
                raise RuntimeError("the emulated Pico showed no prompt after Ctrl-C: %r" % seen[-200:])
            self._proc.stdin.write(b"\x03")
            self._proc.stdin.flush()
            if select.select([out], [], [], 2)[0]:
                seen += os.read(out, 4096)

    def stop(self):
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.send_signal(signal.SIGTERM)  # it writes its flash out, then exits
            try:
                self._proc.wait(60)
            except Exception:  # noqa: BLE001
                pass
            if self.image_out.exists():
                self.image = self.image_out.read_bytes()
        super().stop()
        self._tmp.cleanup()
