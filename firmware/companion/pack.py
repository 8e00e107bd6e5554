"""The package's compiled modules read from one file, modules.pak.

MicroPython looks a module up on the file system three times at each import
(x, x.py, x.mpy), and on a Pico's littlefs each lookup reads directory
blocks: 3-5 ms, a third of a first boot. `companion flash` therefore also
writes every .mpy of the package into one file beside them, and mount()
serves them from it through a read-only file system that MicroPython
imports from (vfs.mount of a Python object): a lookup is a dict lookup.

The .mpy files stay beside the pack. A pack that is missing, cut short or
of another format is not mounted; a module whose bytes fail their CRC-32
makes its import fail with OSError, and main.py then unmounts the pack and
imports from the files.

modules.pak: b"PAK1", the index's length (4 bytes, little endian), the
index ("path size crc32;..." in ASCII, paths under the package, the CRC-32
in hex), then each module's bytes in the index's order.
"""

import io
import sys
from binascii import crc32

NAME = "modules.pak"
MAGIC = b"PAK1"
AT = "/pak"  # where the pack is mounted
FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # os.stat()'s answer: a regular file
DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
GET_BUFFER_SIZE = 11  # MP_STREAM_GET_BUFFER_SIZE: how much the import reader reads at once
EIO = 5
folder = None  # the package's folder of files while the pack is mounted


def pack(modules):
    """modules.pak's bytes for [(path under the package, bytes)] (host side)."""
    index = ";".join("%s %d %x" % (path, len(data), crc32(data) & 0xFFFFFFFF) for path, data in modules)
    index = index.encode()
    return MAGIC + len(index).to_bytes(4, "little") + index + b"".join(data for _, data in modules)


class Module(getattr(io, "IOBase", object)):
    """One module's bytes in the pack, as a stream the import reader reads."""

    def __init__(self, f, at, size, crc):
        self.f = f
        self.at = at
        self.left = size
        self.crc = crc
        self.got = 0

    def readinto(self, buf):
        n = self.left
        if n <= 0:
            return 0
        if n < len(buf):
            buf = memoryview(buf)[:n]
        self.f.seek(self.at)
        n = self.f.readinto(buf)
        if not n:
            raise OSError(EIO)  # the pack ends early
        self.at += n
        self.left -= n
        self.got = crc32(buf if n == len(buf) else memoryview(buf)[:n], self.got)
        if not self.left and self.got & 0xFFFFFFFF != self.crc:
            raise OSError(EIO)  # damaged: main.py imports from the files instead
        return n

    def ioctl(self, request, arg):
        return 255 if request == GET_BUFFER_SIZE else 0


class Pack:
    """A read-only file system of the pack's modules (the protocol vfs.mount wants)."""

    def __init__(self, f):
        head = f.read(8)
        if len(head) < 8 or head[:4] != MAGIC:
            raise ValueError("not a module pack")
        size = int.from_bytes(head[4:], "little")
        at = 8 + size
        end = f.seek(0, 2)
        if at > end:  # (a damaged length: reading it would ask for more than any heap)
            raise ValueError("the pack's index is longer than the pack")
        f.seek(8)
        self.f = f
        # Paths are kept as bytes: every str made on the chip costs a look-up
        # in MicroPython's table of names (about 60 us at boot), bytes do not.
        self.files = files = {}
        self.dirs = dirs = {b"/": 1}
        for entry in f.read(size).split(b";"):
            path, length, crc = entry.split(b" ")
            length = int(length)
            files[b"/" + path] = (at, length, int(crc, 16))
            at += length
            cut = path.rfind(b"/")
            while cut > 0:
                path = path[:cut]
                dirs[b"/" + path] = 1
                cut = path.rfind(b"/")
        if end != at:
            raise ValueError("the pack is cut short or too long")

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()

    def stat(self, path):
        path = path.encode()
        if path in self.files:
            return FILE
        if path in self.dirs:
            return DIR
        raise OSError(2)

    def open(self, path, mode):
        entry = self.files.get(path.encode())
        if entry is None or mode not in ("r", "rb"):
            raise OSError(2)
        return Module(self.f, *entry)


def mount(package="companion"):
    """Serve the package's submodules from its pack, if it has one that is
    whole; True if it does."""
    global folder
    module = sys.modules[package]
    try:
        import vfs

        f = open(module.__path__ + "/" + NAME, "rb")
    except (ImportError, OSError, AttributeError, TypeError):
        return False  # no pack (or a port without vfs): the files
    try:
        vfs.mount(Pack(f), AT)
    except (OSError, ValueError, MemoryError):  # (a damaged index: the files)
        f.close()
        return False
    folder = module.__path__
    module.__path__ = AT
    return True


def unmount(package="companion"):
    """Back to the package's files (after a damaged module in the pack)."""
    global folder
    if folder is None:
        return
    import vfs

    sys.modules[package].__path__ = folder
    for name, module in sys.modules.items():
        path = getattr(module, "__path__", None)
        if name.startswith(package + ".") and path and path.startswith(AT):
            module.__path__ = folder + path[len(AT):]
    folder = None
    vfs.umount(AT)


def load(name, package="companion"):
    """The package's module `name`, imported from the pack or, if its bytes
    there are damaged, from the files."""
    try:
        __import__(package + "." + name)
    except OSError:
        unmount(package)
        __import__(package + "." + name)
    return sys.modules[package + "." + name]
