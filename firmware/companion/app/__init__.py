"""The app: play (App), how a game starts, the menu, the board check, saving:
what a press means and what the board shows.

The gate (below): who may make which event, and where an accepted one goes.
The App asks its gate at each point where remote play differs from a board
at its own table. `Gate` is that table: every event is this board's to make,
applied and logged here. Remote play plugs in by putting a Seat
(remote/seat.py, a Gate) on the App (remote.seat.join): the App itself never
imports remote play, and has no branch of its own for it. (Here, in the
package's own module: no module of its own to look up at boot.)
"""

from .. import locked


class Gate:
    """A board at its own table."""

    code = None  # the remote game's code (a Seat's); None at a table
    waiting = ""  # a line under the game while the board waits for something ("" if it does not)

    def own(self, ui):
        """A game's UI has started: which of its players is this board's (a Seat's business)."""

    def check(self, event):
        """Why this board may not make the event now, or None."""
        return None

    def accept(self, game, event):
        """Apply an event this board made (check() allowed it): what goes to
        the log (the event, or its line), or None if nothing does."""
        locked(game.apply, event)
        return event

    def turn(self):
        """TURN pressed: True if the gate took the press (and nothing else happens)."""
        return False

    def undo(self):
        """UNDO pressed: True (undo as at a table: the App checks what may be
        taken back), an undo event to make, None (nothing now, e.g. the other
        board was asked), or why not (a str)."""
        return True

    def new_game(self):
        """Why the menu's New game may not start here, or None."""
        return None
