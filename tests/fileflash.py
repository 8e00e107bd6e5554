"""A NOR flash chip kept in a file (a littlefs image), as a MicroPython
block device: its bytes are not on the heap, as a board's flash is not
(rp2.Flash). A program only clears bits; an erase sets a block to 0xFF."""


class FileFlash:
    def __init__(self, path, block_size=4096):
        self.f = open(path, "r+b")
        self.bs = block_size
        self.count = self.f.seek(0, 2) // block_size
        self.old = bytearray(256)

    def readblocks(self, block, buf, offset=0):
        self.f.seek(block * self.bs + offset)
        self.f.readinto(buf)

    def writeblocks(self, block, buf, offset=0):
        at = block * self.bs + offset
        buf = memoryview(buf)
        old = self.old
        for start in range(0, len(buf), 256):
            part = buf[start:start + 256]
            was = memoryview(old)[:len(part)]
            self.f.seek(at + start)
            self.f.readinto(was)
            for i in range(len(part)):
                was[i] &= part[i]
            self.f.seek(at + start)
            self.f.write(was)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return self.bs
        if op == 6:
            self.f.seek(arg * self.bs)
            for _ in range(self.bs // 256):
                self.f.write(b"\xff" * 256)
        return 0
