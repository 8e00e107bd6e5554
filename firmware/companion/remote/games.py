"""Which seats each game has in remote play (docs/remote.md, "Every game"):
its players, the host (who deals the header) first. Kahuna and Rukuni:
white and black; Duell der Schamanen: bison and wolf; Kanaloa: the three
or four colours the settings give ("seats")."""

from ..ui import title

# A game's seats: its players, the host first. Kanaloa's are the colours the
# settings give ("seats"), three or four; KANALOA_SEATS if they give none.
PLAYERS = {"kahuna": ("white", "black"), "rukuni": ("white", "black"), "duell": ("bison", "wolf")}
KANALOA_SEATS = ("red", "blue", "green", "yellow")


def seats_of(game_name, seats=None):
    """The seats (a tuple, the host first) of a remote game of game_name, and None; or
    None and why not. seats: the settings' own list ("seats"), for Kanaloa."""
    if game_name in PLAYERS:
        own = PLAYERS[game_name]
        if seats and tuple(seats) != own:
            return None, "the seats of %s are %s" % (title(game_name), ", ".join(own))
        return own, None
    if game_name == "kanaloa":
        from ..core.kanaloa_state import COLOURS

        seats = tuple(seats or KANALOA_SEATS)
        if not 3 <= len(seats) <= 4 or [1 for s in seats if s not in COLOURS or seats.count(s) > 1]:
            return None, "Kanaloa's seats are 3 or 4 colours of %s" % ", ".join(COLOURS)
        return seats, None
    return None, "no remote play for %s" % title(game_name)


def join_problem(game_name, seat, seats=None):
    """Why a board of game_name cannot take this seat (None: a spectator), or None."""
    own, why = seats_of(game_name, seats)
    if own is not None and seat is not None and seat not in own:
        why = "%s has no seat %r: its seats are %s" % (title(game_name), seat, ", ".join(own))
    return why
