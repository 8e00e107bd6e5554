"""The board-game companion: rules core, app and hardware drivers.

Also what CPython and MicroPython's ports provide differently, in one place:
`const`, `crc32` and the heap lock (and `locked`, which uses it). Every part
imports them from here (tests/test_layers.py checks it): the package's own
module, loaded with it anyway, so no module of its own to look up at boot
(each costs about 10 ms on a Pico). pack.py and lit.py import
binascii's crc32 themselves: they run at power-on before the rest loads.
"""

import sys

# MicroPython looks for an extensible built-in module (json, os, time, ...)
# on the file system at every import of it before it takes the built-in:
# about 4 ms of littlefs lookups each on a Pico, 20 of them at boot. Naming
# the built-ins in sys.modules makes those imports a lookup ("ujson" is
# always the built-in itself). Ports without one of them skip it.
if sys.implementation.name == "micropython":
    for _name in ("array", "binascii", "errno", "json", "machine", "os", "select", "socket", "struct",
                  "time"):
        if _name not in sys.modules:
            try:
                sys.modules[_name] = __import__("u" + _name)
            except ImportError:
                pass


try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


try:
    from binascii import crc32

    HAVE_CRC = True
except ImportError:  # a port without it: no CRC; callers check by HAVE_CRC (or a line count) instead
    HAVE_CRC = False

    def crc32(data, crc=0):
        return 0


try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython

    def heap_lock():
        pass

    def heap_unlock():
        return 0



def locked(fn, arg):
    """fn(arg) with the heap locked, if it allocates nothing (its function
    frames then go on the C stack, not the heap: on a chip, finding room for
    them in a fragmented heap costs more than the work); else again unlocked.
    For work a MemoryError leaves undone: a game event (core/game.py, act)."""
    heap_lock()
    try:
        return fn(arg)
    except MemoryError:
        pass
    finally:
        heap_unlock()
    return fn(arg)
