"""A NOR flash chip in Python, as a MicroPython block device (runs under
MicroPython and CPython): counts erases and page programs, and can cut the
power at any one of them.

Flash semantics: erase sets a whole block to 0xFF; a program can only clear
bits (new = old & data). A cut during an erase leaves the block half erased
(its first half 0xFF, the rest as it was, one byte in between garbage); a cut
during a program leaves the page partly programmed (a prefix written, then
a few bytes with only some of their bits programmed, the rest untouched). A
program only ever clears the bits it is given as 0: bytes given as 0xFF
stay as they were, cut or not (NOR flash: a 1 bit is never programmed). After a cut every operation fails
until `revive()` (the next boot).

Block protocol (extended, as littlefs uses it): readblocks(block, buf,
offset), writeblocks(block, buf, offset) programs without erasing,
ioctl(op, arg): 1 init, 2 deinit, 3 sync, 4 block count, 5 block size,
6 erase. Without an offset (FAT) writeblocks erases and programs each block
itself: `Sectors` is such a device with 512-byte sectors (an SD card or a
flash translation layer: a cut leaves a prefix of the sector new, the rest old).
"""


class PowerCut(Exception):
    pass


class Flash:
    def __init__(self, blocks=64, block_size=4096, page=256):
        self.bs = block_size
        self.count = blocks
        self.page = page
        self.mem = bytearray(b"\xff" * (blocks * block_size))
        self.erases = 0
        self.programs = 0  # pages programmed
        self.ops = 0  # erases and program operations so far
        self.cut_at = -1  # the operation (0-based) during which the power fails
        self.dead = False
        self.seed = 1
        self.off = PowerCut("no power")  # made now: a file closed by the GC later must not allocate

    def copy(self):
        """A fresh device holding this one's contents: the next boot. This one
        stays dead, so that a file object of the old mount finalised later
        cannot write to the flash of the new one."""
        other = self.__class__()
        for k in ("bs", "count", "page", "erases", "programs", "ops", "seed"):
            setattr(other, k, getattr(self, k))
        other.mem = bytearray(self.mem)
        return other

    def _op(self):
        if self.dead:
            raise self.off
        n = self.ops
        self.ops += 1
        if n == self.cut_at:
            self.dead = True
            return True
        return False

    def _garbage(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.seed >> 8) & 0xFF

    def readblocks(self, block, buf, offset=0):
        if self.dead:
            raise self.off
        a = block * self.bs + offset
        buf[:] = self.mem[a:a + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            for i in range(len(buf) // self.bs):
                self.erase(block + i)
                self.program(block + i, 0, memoryview(buf)[i * self.bs:(i + 1) * self.bs])
            return
        self.program(block, offset, buf)

    def program(self, block, offset, buf):
        a = block * self.bs + offset
        n = len(buf)
        pages = (n + self.page - 1) // self.page
        cut = self._op()
        self.programs += pages
        mem = self.mem
        if cut:
            n = (self._garbage() * n) // 256  # the bytes programmed before the cut
        for i in range(n):
            mem[a + i] &= buf[i]
        if cut:
            for i in range(n, min(n + 3, len(buf))):
                mem[a + i] &= buf[i] | self._garbage()
            raise PowerCut("cut while programming")

    def erase(self, block):
        cut = self._op()
        self.erases += 1
        a = block * self.bs
        half = self.bs // 2 if cut else self.bs
        for i in range(a, a + half):
            self.mem[i] = 0xFF
        if cut:
            self.mem[a + half] = self._garbage()
            raise PowerCut("cut while erasing")

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return self.bs
        if op == 6:
            self.erase(arg)
            return 0
        return 0


class Sectors(Flash):
    """512-byte sectors written whole, for FAT: a cut leaves the sector's
    first bytes new and the rest as it was (no erase of its own)."""

    def __init__(self, blocks=256):
        Flash.__init__(self, blocks, 512, 512)

    def writeblocks(self, block, buf, offset=None):
        for i in range(len(buf) // 512):
            a = (block + i) * 512
            cut = self._op()
            self.programs += 1
            n = (self._garbage() * 512) // 256 if cut else 512
            self.mem[a:a + n] = buf[i * 512:i * 512 + n]
            if cut:
                raise PowerCut("cut while writing a sector")

    def ioctl(self, op, arg):
        if op == 6:
            return 0
        return Flash.ioctl(self, op, arg)


# Typical times from the flash datasheets (W25Q16JV as on the Pico: page
# program 0.4 ms, 4 KB sector erase 45 ms; littlefs erases 4 KB blocks).
PROGRAM_MS = 0.4
ERASE_MS = 45
