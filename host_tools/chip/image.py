"""The emulated Pico's filesystem image: MicroPython's littlefs (v2, the rp2
port's parameters) holding exactly what `companion flash` copies: the
compiled firmware, the layout, the profile and /config.json, the new
game's look on a board without a game, and the folders it makes (/games)."""

import littlefs

from ..device import flash

BLOCK_SIZE = 4096
BLOCK_COUNT = 1408 * 1024 // BLOCK_SIZE  # RPI_PICO: MICROPY_HW_FLASH_STORAGE_BYTES
PROG_SIZE = 256  # the rp2 port's _boot.py: VfsLfs2(bdev, progsize=256)
READ_SIZE = 32
MPY_RP2 = 6 | 3 << 8 | 4 << 10  # sys.implementation._mpy of MicroPython 1.29 on armv6m: .mpy v6.3


def build(layout="kahuna", profile="pico", extra=()):
    """The image's bytes. extra: (path on the board, bytes) pairs, e.g. a saved game."""
    board = flash.BoardData(layout, profile)
    files = [(f.remote, f.data) for f in flash.firmware_files(board, MPY_RP2, "armv6m")]
    files += [(f.remote, f.data) for f in flash.first_look(board, [p for p, _ in extra])] + list(extra)
    fs = littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE,
                           read_size=READ_SIZE, lookahead_size=32)
    for remote, data in files:
        parts = remote.strip("/").split("/")
        for i in range(1, len(parts)):
            path = "/".join(parts[:i])
            try:
                fs.mkdir(path)
            except FileExistsError:
                pass  # exists
        with fs.open(remote.strip("/"), "wb") as f:
            f.write(data)
    for folder in flash.DEVICE_FOLDERS:
        try:
            fs.mkdir(folder.strip("/"))
        except FileExistsError:
            pass  # (a saved game among extra)
    return bytes(fs.context.buffer)


def _mounted(image):
    fs = littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE,
                           read_size=READ_SIZE, lookahead_size=32, mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    return fs


def read(image):
    """{path: bytes} of every file in an image (after the emulated board wrote to it)."""
    fs = _mounted(image)
    out = {}
    for top, dirs, files in fs.walk("/"):
        for name in files:
            path = top.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


def folders(image):
    """The paths of every folder in an image."""
    return sorted(top.rstrip("/") + "/" + name for top, dirs, files in _mounted(image).walk("/") for name in dirs)


def without(image, paths):
    """The image with these files removed (e.g. a checkpoint, to make a boot replay its log whole)."""
    fs = _mounted(image)
    for path in paths:
        fs.remove(path.strip("/"))
    return bytes(fs.context.buffer)


def with_files(image, files):
    """The image with these (path, bytes) files written over (e.g. a probe's main.py on a played flash)."""
    fs = _mounted(image)
    for remote, data in files:
        with fs.open(remote.strip("/"), "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)
