"""`companion virtual-pico`: the emulated Pico (host_tools/chip) on a
pseudo-terminal, for mpremote and `companion flash` (docs/flashing.md)."""

import signal
import sys

from ..device.virtual_device import serve
from . import NoChip
from .serial_port import EmulatedPico


def register(sub):
    p = sub.add_parser("virtual-pico", help="run an emulated Pico (MicroPython's rp2 port in rp2040js) on a "
                                            "pseudo-terminal; needs COMPANION_PICO_UF2 and COMPANION_PICO_BOOTROM")
    p.set_defaults(func=run)


def run(args):
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop cleanly on kill too
    try:
        dev = EmulatedPico(register=True).start()
    except NoChip as e:
        print("companion virtual-pico: %s" % e, file=sys.stderr)
        return 2
    return serve(dev, "emulated Pico on %s (its flash lives as long as it runs); Ctrl-C stops it" % dev.port)
