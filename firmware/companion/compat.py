"""What CPython and MicroPython's ports provide differently, in one place:
`const`, `crc32` and the heap lock (and `locked`, which uses it). (The tick clock's
arithmetic, `age`, is the hal's: hal/buttons.py.) Everything else imports
them from here (the layering test, tests/test_layers.py, checks it).

pack.py and store/lit.py import binascii's crc32 themselves: they run at
power-on before the package loads, and every real port has binascii.
"""

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
