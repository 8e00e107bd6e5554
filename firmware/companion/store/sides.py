"""Beside the log: the checkpoint (ROOT/check.bin, or a side raw block on
rp2.Flash) and the game clock's time left (ROOT/clock.txt), one interface
for both backends. A mixin of log_store.Store."""

from binascii import hexlify, unhexlify

from . import files
from ..compat import crc32
from .files import CLOCK, CHECK
from .reading import Lines

CHECK_MOST = 1024  # bytes of a checkpoint: a count, a CRC and a game's state (at most 255 slots)


class Sides:
    """The Store's checkpoint and clock: save_check/load_check, save_clock/load_clock."""

    def _side_block(self, part):
        """Keep of the .chk blocks only the last line of each kind (handed in parts)."""
        data = self._carry + part
        cut = data.rfind(b"\n") + 1
        self._carry = data[cut:]
        data = data[:cut]
        keep = b""
        for kind in (b"c ", b"t "):
            line = files.last_of(data, kind) or (files.last_of(self.side_lines[0], kind) if self.side_lines else None)
            if line is not None:
                keep += line + b"\n"
        self.side_lines = [keep]
    def save_check(self, snapshot):
        """The game state after every line logged so far (a bytes snapshot)."""
        head = "%d %d" % (self.n, crc32(snapshot, self.crc))  # the CRC covers the lines and the snapshot
        if self.side is not None:
            self.side.append(self.dir, b"c " + head.encode() + b" " + hexlify(snapshot))
        else:
            files.write_all(self.root + "/" + CHECK, head.encode() + b"\n" + snapshot)

    def load_check(self, lines):
        """(n, snapshot) of a checkpoint that matches the first n of these lines, or None."""
        try:
            if self.side is not None:
                n, crc, snapshot = self._side(b"c ").split()
                snapshot = unhexlify(snapshot)
            else:
                data = files.read_all(self.root + "/" + CHECK, CHECK_MOST + 1)
                if len(data) > CHECK_MOST:
                    return None  # no checkpoint the board wrote: the log is replayed, and a checkpoint written over it
                end = data.index(b"\n")
                n, crc = data[:end].split()
                snapshot = data[end + 1:]
            n, crc = int(n), int(crc)
        except (OSError, ValueError, AttributeError):
            return None
        lines_crc = lines.crc(n) if isinstance(lines, Lines) and 0 < n <= len(lines) else files.crc_of(lines, n)
        if 0 < n <= len(lines) and crc32(snapshot, lines_crc) == crc:  # the CRC covers the snapshot too
            return n, snapshot
        return None

    def _side(self, kind):
        """The last complete line of this kind in the .chk blocks, without its kind (None: none)."""
        found = None
        for data in self.side_lines:
            at = data.rfind(b"\n" + kind)
            if at >= 0 or data.startswith(kind):
                found = data[at + 1 + len(kind):data.index(b"\n", at + 1)]
        return found

    def _clear_check(self):
        files.remove(self.root + "/" + CHECK)

    def save_clock(self, ms):
        """The running game's clock: the time left at its last logged event."""
        if self.side is not None:
            self.side.append(self.dir, b"t %d" % ms)
            return
        with open(self.root + "/" + CLOCK, "w") as f:
            f.write("%d\n" % ms)

    def load_clock(self):
        """The saved time left in ms, or None (none saved, the write was cut, or not a time left)."""
        try:
            if self.side is not None:
                ms = int(self._side(b"t "))
            else:
                with open(self.root + "/" + CLOCK) as f:
                    text = f.read()
                ms = int(text) if text.endswith("\n") else None
        except (OSError, ValueError, TypeError):
            return None
        return ms if ms is not None and ms >= 0 else None  # (the UI caps it at the game's limit)
