"""The emulated Pico on a pseudo-terminal (serial.mjs), for mpremote and
`companion flash`: `with EmulatedPico(image) as pico: pico.port`. At the end
`pico.image` is its flash filesystem (image.read() lists the files) and
`pico.ops` which command each flash operation belongs to (the bytes the
board had got when it did it)."""

import json
import os
import select
import signal
import tempfile
from pathlib import Path

from ..device.virtual_device import VirtualDevice
from ..paths import ROOT
from . import PROFILE, parts

BRIDGE = ROOT / "host_tools" / "chip" / "serial.mjs"
# A board plugged in and flashed at once: its firmware has booted into its
# saved game and done the boot's writes (tests/test_chip.py: playing by 1400 ms).
BREAK_MS = 1500
CUT_STATUS = 3  # serial.mjs's exit status when --cut-at took the power


class EmulatedPico(VirtualDevice):
    def __init__(self, fs_image=None, register=False, cut_after=None, record=False, cut_ops=None):
        """cut_after, record: as VirtualDevice's (the cable pulled after that
        many bytes: the chip stops at once, its flash as it is then). With
        cut_ops=K the chip runs on after the cut_after-th byte (the command it
        ends) and the power goes before its (K+1)-th flash operation from then
        (between two renames, half-way through a removal...): the host gets no
        answer and the line hangs up. `cut` says whether the power went."""
        self._tmp = tempfile.TemporaryDirectory(prefix="pico-serial-")
        self.cut_ops = cut_ops
        self.cut_at = None if cut_after is None else (cut_after, cut_ops or 0)
        super().__init__(fs_dir=Path(self._tmp.name) / "unused", register=register,
                         cut_after=cut_after if cut_ops is None else None, record=record)
        self.uf2, self.bootrom = parts()
        self.image_in = Path(self._tmp.name) / "in.img"
        self.image_out = Path(self._tmp.name) / "out.img"
        self.ops_out = Path(self._tmp.name) / "ops.json"
        if fs_image is not None:
            self.image_in.write_bytes(fs_image)
        self.image = None
        self.ops = None

    def command(self):
        cmd = ["node", str(BRIDGE), "--uf2", self.uf2, "--bootrom", self.bootrom, "--profile", str(PROFILE),
               "--image-out", str(self.image_out), "--ops-out", str(self.ops_out)]
        if self.image_in.exists():
            cmd += ["--image", str(self.image_in), "--break-at", str(BREAK_MS)]
        if self.cut_at:
            # (without cut_ops too: the chip does no flash operation after the
            # N-th byte, however late its input's end reaches the bridge; the
            # command that byte ends never runs, as the cut means)
            cmd += ["--cut-at", "%d:%d" % self.cut_at]
        return cmd

    def _wait_for_prompt(self, timeout=120):  # the emulator runs slower than a chip
        # An image with the firmware runs main.py, which shows no prompt: the
        # bridge breaks into the REPL at BREAK_MS of emulated time (--break-at),
        # as mpremote does with Ctrl-C, not at a moment of the host's clock:
        # the board's files are then the same at every run (the boot's writes
        # done), so are the bytes a flash sends, and a cut lands where it was
        # meant to (a Ctrl-C sent from here landed anywhere in the boot: the
        # bytes moved by a hundred or more from one run to the next).
        super()._wait_for_prompt(timeout)

    def _to_device(self):
        if self.cut_ops is None:
            super()._to_device()
            return
        # The bridge takes the power itself (--cut-at): the host's bytes go
        # through (it drops those after the N-th), and when it has stopped the
        # line hangs up, as a port whose board lost power (mpremote reads a
        # pseudo-terminal without a timeout: it would wait for ever).
        dst = self._proc.stdin.fileno()
        try:
            while self._proc.poll() is None:
                if not select.select([self._master], [], [], 0.2)[0]:
                    continue
                data = os.read(self._master, 4096)
                if not data:
                    return
                self.received += len(data)
                if self.got is not None:
                    self.got += data
                while data:
                    data = data[os.write(dst, data):]
        except OSError:
            pass  # its input closed: it has stopped
        if self._proc.wait() == CUT_STATUS:
            self._pull_cable()

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
            if self.ops_out.exists():
                self.ops = json.loads(self.ops_out.read_text())
            if self.cut_ops is not None and self._proc.returncode == CUT_STATUS:
                self.cut = True
        super().stop()
        self._tmp.cleanup()
