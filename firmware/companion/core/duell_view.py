"""A Duell log as one player may see it (the memory variant's secrecy).

In the memory variant only a stone's owner knows its value. The view of a
log for player X keeps every event but leaves the value out of the other
player's `put` events; swaps name sites only, so they stay as they are.
A mask stays secret until both are in: the other player's `mask` event
loses its "choice" unless it completed the duel. Each `mask` event that
completed a duel gets a "duel" entry with what both players saw then: the
site, the two values, the winner and the Migis paid.
The header gains "view": X. A view is a record for the player, not a log
to replay: the hidden values are gone.
"""

from . import Illegal
from .duell import PLACED, PLAYERS, placer
from .log import dump, parse_line, replay


def view_log(lines, load_layout, viewer):
    """The lines (JSON text) of a Duell log as `viewer` ("bison" or "wolf") sees it.

    Raises LogError for a log that does not replay, Illegal for a bad viewer
    or a log of another game.
    """
    if viewer not in PLAYERS:
        raise Illegal("unknown player %r for a view: expected bison or wolf" % (viewer,))
    header = None
    for i in range(len(lines)):
        if lines[i].strip():
            header = parse_line(lines[i], i + 1)
            break
    if header is None or header.get("game") != "duell":
        raise Illegal("a player's view is for Duell der Schamanen logs")
    out = []
    seen = [0]  # duels fought before the current event

    def each(game, event):
        e = dict(event)
        op = e.get("op")
        if op == "put" and game.memory:
            colour = e.get("player") or PLAYERS[placer(game.s[PLACED] - 1)]
            if colour != viewer:
                e.pop("value", None)
        if op == "mask":
            if game.duels() > seen[0]:
                e["duel"] = game.last_duel()
            elif e.get("player") != viewer:
                e.pop("choice", None)  # not revealed yet
        seen[0] = game.duels()
        out.append(dump(e))

    replay(lines, load_layout, each)
    header["view"] = viewer
    return [dump(header)] + out
