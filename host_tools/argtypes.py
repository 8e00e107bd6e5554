"""Argument types the sub-commands share: argparse says what is wrong with a
value (exit status 2) before any work starts."""

import argparse


MAX_GAMES = 100000  # selfplay and remote-soak --games: far above any useful run (the defaults: 100, 200)


def games(text):
    """A number of games to play, 1..MAX_GAMES (--games)."""
    n = _whole(text)
    if n is None or not 1 <= n <= MAX_GAMES:
        raise argparse.ArgumentTypeError("%r is not a number of games: give 1 to %d" % (text, MAX_GAMES))
    return n


def port(text):
    """A TCP port, 1..65535."""
    n = _whole(text)
    if n is None or not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError("%r is not a TCP port: give 1..65535" % text)
    return n


def port_or_free(text):
    """A TCP port, or 0: a free one."""
    return 0 if _whole(text) == 0 else port(text)


def whole_in(name, low, high):
    """An argument type: a whole number low..high, named `name` when refused."""
    def parse(text):
        n = _whole(text)
        if n is None or not low <= n <= high:
            raise argparse.ArgumentTypeError("%r is not %s: give %d to %d" % (text, name, low, high))
        return n
    return parse


def _whole(text):
    try:
        return int(text)
    except ValueError:
        return None
