"""Finding and opening a MicroPython board over USB serial, with one-line errors.

The talking is done by mpremote's own serial transport (the library behind
the `mpremote` command, pinned in pyproject.toml); this module only picks
the port and turns every way of failing into a DeviceError whose message
says what happened and what to do.
"""

import contextlib
import errno
import io
import os

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError
from mpremote.transport_serial import SerialTransport

from .virtual_device import registered_ports

HELP = "see docs/flashing.md"


class DeviceError(Exception):
    """Something about the board is wrong; str() is one line with the fix."""


def usb_ports():
    """Serial ports of USB devices (what `mpremote connect list` shows with a VID)."""
    return sorted((p for p in serial.tools.list_ports.comports() if p.vid is not None),
                  key=lambda p: p.device)


def describe(p):
    return "%s %04x:%04x %s %s" % (p.device, p.vid, p.pid or 0, p.manufacturer or "", p.product or "")


def boards():
    """(port, description) of every board this machine can flash."""
    found = [(p.device, describe(p)) for p in usb_ports()]
    found += [(port, "%s virtual MicroPython device" % port) for port in registered_ports()]
    return found


def choose_port(port=None):
    """The port to use: the one given, or the only board connected."""
    if port:
        if not os.path.exists(port):
            raise DeviceError("no device at %s: check the USB cable (a data cable, not charge-only) or run "
                              "`companion devices` to list connected boards" % port)
        return port
    found = boards()
    if not found:
        raise DeviceError("no device found: connect the board with a USB data cable (charge-only cables show "
                          "nothing) and check it runs MicroPython (%s), or name its port: PORT=/dev/ttyACM0 for make, "
                          "--port for companion" % HELP)
    if len(found) > 1:
        raise DeviceError("%d boards connected (%s): choose one with PORT=%s (make) or --port %s"
                          % (len(found), ", ".join(p for p, _ in found), found[0][0], found[0][0]))
    return found[0][0]


def check_free(port):
    """Raise DeviceError if the port cannot be opened for our exclusive use."""
    try:
        serial.Serial(port, 115200, exclusive=True).close()
    except (serial.SerialException, OSError) as e:
        code = e.errno if isinstance(e.errno, int) else None
        if code in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):
            raise DeviceError("port %s is busy: another program holds it (Thonny, screen, minicom, a serial "
                              "monitor or another mpremote); close it and retry" % port) from None
        if code == errno.EACCES:
            raise DeviceError("no permission to open %s: add yourself to the serial group "
                              "(sudo usermod -aG dialout $USER; then log out and in)" % port) from None
        if code == errno.ENOENT:
            raise DeviceError("no device at %s: it was unplugged or reset; run `companion devices`" % port) from None
        raise DeviceError("cannot open %s (%s): unplug and replug the board, then retry" % (port, e)) from None


def connect(port=None, soft_reset=True):
    """An mpremote SerialTransport in raw REPL mode on the chosen board."""
    port = choose_port(port)
    try:
        transport = SerialTransport(port, baudrate=115200)
    except TransportError:  # mpremote does not say why: open it once more to find out
        check_free(port)
        raise DeviceError("port %s is busy or gone: close other programs using it, replug the board, "
                          "then retry" % port) from None
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got on failure
            transport.enter_raw_repl(soft_reset=soft_reset)
    except (TransportError, OSError):
        transport.close()
        raise DeviceError("the device on %s does not answer like MicroPython: press its reset button (or replug "
                          "it) and retry; if it still fails, install MicroPython on it (%s)" % (port, HELP)) from None
    return transport


def disconnect(transport):
    """Leave the raw REPL and close the port; a link that is gone (a pulled cable)
    is closed without a word: what failed was said already, or is said by the caller."""
    try:
        if transport.in_raw_repl:
            transport.exit_raw_repl()
    except (TransportError, OSError, serial.SerialException):
        pass
    try:
        transport.close()
    except (TransportError, OSError, serial.SerialException):
        pass
