"""`companion replay LOG --view PLAYER`: a Duell log as one player sees it."""

import sys

from companion.core import Illegal
from companion.core.duell_view import view_log
from companion.core.log import LogError

from ..paths import load_layout


def print_view(path, lines, viewer):
    try:
        out = view_log(lines, load_layout, viewer)
    except (LogError, Illegal) as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 2
    for line in out:
        print(line)
    return 0
