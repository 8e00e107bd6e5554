"""The board-game companion: rules core, app and hardware drivers."""

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
