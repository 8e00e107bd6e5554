"""`companion`: the command line of the host tools."""

import argparse
import importlib
import os
import sys

# Each module has register(subparsers), adding its sub-command(s).
COMMAND_MODULES = ("replay.command", "layout.command", "device.flash_command", "device.devices_command",
                   "device.virtual_device", "sim.server", "bench.command", "selfplay.command", "review", "broker",
                   "soak.command", "chip.command")


def build_parser():
    parser = argparse.ArgumentParser(prog="companion", description="The board-game companion's host tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module("host_tools." + name).register(sub)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("\ncompanion %s: stopped" % args.command, file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `companion replay LOG --trace | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # the last net: a message, never a traceback (COMPANION_DEBUG=1 shows it)
        if os.environ.get("COMPANION_DEBUG"):
            raise
        print("companion %s: internal error (%s: %s): this is a bug in the companion; please report it with "
              "the command you ran (COMPANION_DEBUG=1 shows the traceback)"
              % (args.command, type(e).__name__, e), file=sys.stderr)
        return 1  # a failure of the tool, not of what was given (docs/flashing.md, "Exit status")


if __name__ == "__main__":
    sys.exit(main())
