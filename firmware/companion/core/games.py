"""The games the companion knows, behind one small interface.

Every game is a `Game` (see game.py): built from a log header and a layout
dict, fed events with `apply`, read with `state`, `over` and `winner`.
Modules are imported only when their game is started, to save RAM.
"""

from . import Illegal

NAMES = ("kahuna", "rukuni", "duell", "kanaloa")


def new_game(header, layout, board=None):
    """board: the island board already made from this very layout (a New
    game on the same board: making it again took 12 ms on a Pico), or None."""
    name = header.get("game")
    if name == "kahuna":
        cards = header.get("cards", "physical")
        if cards == "digital":
            from .kahuna_cards import KahunaCards

            return KahunaCards(board or layout, header)
        if cards != "physical":
            raise Illegal('"cards" must be "physical" (the default) or "digital"')
        from .kahuna import Kahuna

        return Kahuna(board or layout, header)
    if name == "rukuni":
        from .rukuni import Rukuni

        return Rukuni(layout, header)
    if name == "duell":
        from .duell import Duell

        return Duell(layout, header)
    if name == "kanaloa":
        from .kanaloa import Kanaloa

        return Kanaloa(layout, header)
    raise Illegal("unknown game %r: this companion knows %s" % (name, ", ".join(NAMES)))
