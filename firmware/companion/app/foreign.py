"""The App's surface for a plug-in that brings another board's game (remote
play: remote/seat.py): its header, its lines, a cut back to a common line.
The App never imports remote play: remote.seat.join(app, ...) puts a Seat on
the App as its gate (gate.py), and the Seat works the App through these
methods and say() / changed(). A mixin of App (play.py)."""

from ..core import Illegal, LayoutError
from ..core import log
from ..core.games import new_game


class Foreign:
    @property
    def remote(self):
        """The Seat of a remote game, or None at a board's own table."""
        return self.gate if self.gate.code is not None else None

    def leave_game(self):
        """Put the game on flash aside in memory (it stays on flash): the board
        waits for another board's header (begin_with)."""
        self.flush()
        del self.pending[:]
        self.game = self.ui = self.ticker = None

    def begin_with(self, text, header):
        """Start the game whose header line another board sent (text, parsed
        as header) and log that line: None, or why it cannot start."""
        try:
            layout = self.load_layout(header.get("layout", self.layout_name))
            game = new_game(header, layout)
            self.store.begin(text)
        except (Illegal, LayoutError, OSError, ValueError) as e:
            return "cannot start the host's game: %s" % e
        self.start(game, layout)
        self.checked = self.based = 0
        self.changed()
        return None

    def apply_foreign(self, text, event):
        """Another board's event (its log line text, parsed): applied to the
        game and logged, but this table has not moved yet, so the real board's
        image stays and the move is its to-do. None, or why the rules refuse
        it; the caller says it and calls changed()."""
        g = self.game
        ui = self.ui
        at = g.real_at
        image = bytes(g.s[at:at + g.nreal])
        ui.note_before()  # the move's words compare before and after
        try:
            g.apply(event)
        except Illegal as e:
            return str(e)
        except log.MALFORMED:
            return "a value has the wrong type or is out of range"
        g.s[at:at + g.nreal] = image
        self.pending.append(text)
        ui.accepted(event)
        self.tone = self._tone(event)
        return None

    def restart_from(self, n):
        """Keep the first n lines of the log and play on from there (a
        divergence healed from the other board's log)."""
        self.flush()
        del self.pending[:]
        self.store.truncate(n)
        try:
            game = log.replay(self.store.read() or [], self.load_layout)
            self.start(game, self.load_layout(self.layout_name))
        except (OSError, log.LogError, LayoutError):
            self.game = self.ui = self.ticker = None  # the header again from the host
        self.checked = self.based = 0
        self.changed()
