"""Pure rules: no I/O, no clock, no hardware. Runs on CPython and MicroPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


class Illegal(Exception):
    """An event the rules do not allow; the message says why in plain words."""


class LayoutError(Exception):
    """A board layout the core cannot use; the message names the entry."""
