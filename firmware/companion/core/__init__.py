"""Pure rules: no I/O, no clock, no hardware. Runs on CPython and MicroPython."""

from .. import const  # noqa: F401 - core's modules take it from here


class Illegal(Exception):
    """An event the rules do not allow; the message says why in plain words."""


class LayoutError(Exception):
    """A board layout the core cannot use; the message names the entry."""
