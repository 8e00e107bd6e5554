"""`companion`: the command line of the host tools."""

import argparse
import importlib
import sys

# Each module has register(subparsers), adding its sub-command(s).
COMMAND_MODULES = ("replay.command", "layout.command", "device.flash_command", "device.devices_command",
                   "device.virtual_device", "sim.server", "bench.command", "selfplay.command")


def build_parser():
    parser = argparse.ArgumentParser(prog="companion", description="The board-game companion's host tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module("host_tools." + name).register(sub)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
