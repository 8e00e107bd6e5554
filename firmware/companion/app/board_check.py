"""The board check after a resume.

After power returns mid-game, the saved game may not match the real board
(a piece knocked over, a press that never reached the flash). The display
offers a check (the LEDs stay as they are); MENU walks it step by step (an
island and its connections, or a row), lighting only what should stand
there: TURN or MENU the next step, UNDO stops. Any other press skips the
offer and acts as usual (the players play on)."""

from ..hal.frame import DIM


class BoardCheck:
    """A part of App (play.py): self.checking is -1 (none), 0 (offered) or
    the step shown (1...)."""

    # A sensing board's input (app/sensing.attach sets it on the App): what the
    # board sees, as events; its comparison at boot replaces the check's offer.
    # Here, not in App.__init__ or App's class: one more name there grew the
    # App's table of names by 1.3 KB, which a boot on a tight heap missed.
    sensing = None

    def _offer_check(self):
        g = self.game
        if g.over() or not self.ui.check_steps():
            return
        for k in range(g.nreal):
            if g.s[k] or g.s[g.real_at + k]:
                self.checking = 0
                return

    def _check_key(self, code):
        """A press while the check is offered or shown; False: handle it as usual."""
        walking = self.checking > 0
        if code == self.menu_key or (walking and code == self.turn_key):
            self.checking += 1
            if self.checking > self.ui.check_steps():
                self.checking = -1
                self.message = self.shown(["Board checked"])
            return True
        self.checking = -1
        return walking and code == self.undo_key  # UNDO stops the walk; it undoes nothing

    def _check_leds(self, f):
        """Only the elements of the step shown keep their light; empty ones DIM."""
        keep = self.ui.check_leds(self.checking - 1)
        for i in range(f.n):
            if i not in keep:
                f.colour[i] = 0
                f.effect[i] = 0
            elif not f.colour[i]:
                f.colour[i] = DIM

    def _check_lines(self, lines):
        if self.checking == 0:
            return ["Check the board?", "MENU: yes"] + lines[2:]
        return ["Board check %d/%d" % (self.checking, self.ui.check_steps()),
                self.ui.check_name(self.checking - 1) + ": as lit?",
                "fix board/game", "TURN: next", "UNDO: stop"]

    def _check_status(self, out):
        """The check's words for the simulator's page (App.status)."""
        ui = self.ui
        if self.checking == 0:
            out["check"] = ("After a restart: does the real board match the saved game? MENU walks it "
                            "step by step, lighting what should stand there; any other press plays on")
        elif self.checking > 0:
            out["check"] = "Board check %d of %d: %s as lit? Fix the board or the game; TURN: next, UNDO: stop" % (
                self.checking, ui.check_steps(), ui.check_name(self.checking - 1))
            out["todo"] = []
            out["turn"] = "Board check %d of %d" % (self.checking, ui.check_steps())
