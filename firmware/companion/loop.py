"""The run loop: the only place with time.

`Loop.step(now_ms)` does one pass (scan the buttons, feed the events to the
app, expire a red flash, tick a game clock, animate the LEDs, sound the
app's tone on the buzzer, redraw the display if the app changed); it never
blocks, so the browser simulator calls it from a JavaScript timer, and
boot.run() on the device every SCAN_MS of time.ticks_ms. Boot (boot.py)
builds the Loop; a board that cannot start gets a Loop around `Halted`.
"""

import gc

from . import heap_lock, heap_unlock
from .hal.buttons import DOWN, LONG, age
from .hal.frame import Frame

SCAN_MS = 1  # device loop period: a settled press waits at most this (plus a step) for the loop
FLASH_MS = 700  # how long a refused press flashes red
TICK_MS = 1000  # how often a game UI's clock (UI.tick) is called
IDLE_MS = 1000  # no press for this long: the app's quiet-time flash work (App.idle)
SOON_MS = 100  # ... or this long when the log has no raw block ready (App.soon)
HURRY_MS = 40  # ... or at once, in this long after a release (and after boot) while nobody presses:
# a press is least likely then (a hand leaves its button; the board has just lit)
TIDY_PRESSES = 8  # ... and the heap is collected then after this many presses without a quiet second


class Loop:
    """One step: buttons, the app, then light first (and the tone of what the
    press did), then the log on flash, then at most one display page. LEDs
    are rendered only when the frame or an animation phase changed (and only
    what changed)."""

    sensors = None  # a sensing board's hal/sensors.Slots (boot); a class attribute: no board pays for it

    def __init__(self, app, buttons, leds, screen, buzzer=None, link=None):
        self.app = app
        self.buttons = buttons
        self.leds = leds
        self.screen = screen
        self.buzzer = buzzer  # hal/buzzer.py, or None: no buzzer fitted
        self.drawn = -1  # the app version the display was last updated to
        self.lit = -1  # the app version the LEDs last showed
        self.flash_at = 0
        self.ticker = None  # the clock last ticked; a new one (new game) ticks at once
        self.tick_at = 0
        self.press_at = None  # the last press, until App.idle() has run after it
        self.quiet = 0  # steps of quiet-time work left after App.idle()
        self.more = False  # App.idle() has more to do: it comes again after SOON_MS
        self.released_at = None  # the last release, if no press came after it
        self.hurry = False  # quiet-time work runs at once, until it is done or a press comes
        self.untidy = 0  # presses since the last collection
        self.look = None  # (LED pin, layout marks): the look is saved in quiet time (lit.py)
        self.looked = -1  # the app version last saved as the look
        self.link = link  # link.Link in a remote game: the broker, stepped like the store

    def step(self, now, locked=False):
        """locked: the caller locked the heap, so that this step's frame went
        on the C stack (run()); it is unlocked at once."""
        if locked:
            heap_unlock()
        app = self.app
        b = self.buttons
        heap_lock()  # (the callee unlocks: its frame too goes on the C stack)
        self._scan(now)
        pressed = False  # a press acted on in this step (its words wait for the next)
        e = b.get()
        while e >= 0:
            kind = e & 3
            if kind == DOWN:
                pressed = True
                app.down(e >> 2)
                self.untidy += 1
                self.released_at = None
                self.hurry = False
            else:
                app.up(e >> 2, kind == LONG)
                self.released_at = now
            self.press_at = now
            self.more = False  # a press: quiet time starts again after IDLE_MS
            if app.flashing:
                self.flash_at = now
            e = b.get()
        if self.sensors is not None and self.sensors.feed(app.sensing, now):  # as a press: a hand just left
            pressed = True
            self.press_at = self.released_at = now
            self.more = False
            if app.flashing:
                self.flash_at = now
        if app.flashing and age(now, self.flash_at) >= FLASH_MS:
            app.expire_flash()
        if app.ticker is not None and (app.ticker is not self.ticker or age(now, self.tick_at) >= TICK_MS):
            self.ticker = app.ticker
            self.tick_at = now
            app.tick(now)
        wrote = False  # this step wrote the LED strip
        if app.version != self.lit or self.leds.nanim:  # the frame changed, or an animation may move on
            self.leds.wrote = False  # (set when the render is due and writes the strip)
            heap_lock()
            self._render(now)
            wrote = self.leds.wrote
        bz = self.buzzer
        if app.tone:  # after the light: the tone of what the press did
            if bz is not None and app.volume:
                bz.play(app.tone, app.volume, now)
            app.tone = 0
        if bz is not None:
            bz.tick(now)
        beginning = app.header_due is not None and not app.pending  # a new game's log: a step at a time
        later = pressed or bool(app.pending)  # the display's text waits for the next step
        if app.pending or beginning and self.press_at != now:  # light first, then the log on flash
            app.flush()
        if self.link is not None:  # what is on flash goes out; what came in is shown
            self.link.step(now)
            if app.pending:
                app.flush()
        screen = self.screen
        if beginning:
            pass  # the display waits for a step without a new log's flash work (an erase each)
        elif app.version != self.drawn and not later:
            screen.update(app.lines)  # draws the changed lines; their pages go out one per step
            self.drawn = app.version
        elif screen.ndirty:
            if not b.settling:  # a press about to count goes first: a page takes 3-4 ms on a chip
                screen.step()
        elif wrote:
            pass  # quiet-time flash work (an erase at most) waits for a step without an LED write
        elif self.press_at is not None and self._work_due(now):
            self.press_at = None
            self.more = app.idle()
            if self.more:
                self.press_at = now  # more quiet-time work waits: its next step soon, unless a press comes
            else:
                self.quiet = 2
                self.hurry = False
        elif self.quiet:  # quiet time goes on, a step each: the board's look saved, then
            self.quiet -= 1  # the heap tidied (so that a press rarely meets a collection)
            if self.quiet:
                self._save_look()
            elif self.untidy:  # (boot collected its own garbage)
                self._tidy()
        elif self.untidy >= TIDY_PRESSES and self._hurried(now):
            self._tidy()  # before MicroPython must (a press makes about 6 KB of garbage), not at a press

    def booted(self, now):
        """Boot is done: its garbage (about 100 KB) collected now, not during
        the first presses; quiet-time work (a raw block, a checkpoint, the
        look) follows at once, while the players look at the board that just lit."""
        self._tidy()
        self.press_at = now
        self.hurry = True

    def _tidy(self):
        gc.collect()
        self.untidy = 0

    def _work_due(self, now):
        """Quiet-time work is due: after IDLE_MS without a press, or SOON_MS when
        the log wants a raw block; that work also at once just after a release
        or boot, when a press is least likely to meet its steps."""
        soon = self.more or self.app.soon()
        if soon and not self.hurry and self._hurried(now):
            self.hurry = True  # all of it now, a step after another, unless a press comes
        if self.hurry and not self.buttons.busy:
            return True
        return age(now, self.press_at) >= (SOON_MS if soon else IDLE_MS)

    def _hurried(self, now):
        """Just after a release, nobody pressing."""
        r = self.released_at
        return r is not None and age(now, r) < HURRY_MS and not self.buttons.busy

    def _save_look(self):
        """The LEDs' bytes as the saved game's look (lit.py), on a board whose
        layout `companion flash` checked, when the frame shows just the game."""
        app = self.app
        if (self.look is None or app.version == self.looked and app.store.lit or app.game is None
                or app.menu_open or app.flashing or app.held >= 0 or app.checking > 0 or app.pending
                or app.header_due is not None or app.unsaved):
            return
        try:
            app.store.save_lit(self.look[0], self.leds.strip.buf, self.look[1])
            self.looked = app.version
        except (OSError, MemoryError):
            pass  # no look saved (a full flash, a fragmented heap): boot renders the log

    # The scan and the LED render allocate nothing (tests/test_firmware_alloc.py),
    # so they run with the heap locked: MicroPython then puts the frames of the
    # functions they call on the C stack instead of the heap, where each such
    # call would be a gc_alloc, slow in a fragmented heap (on the emulated Pico,
    # 80% of an idle step). Should they want memory after all (a sampler giving
    # way to polling, a new frame's views), they run again unlocked. They are
    # entered with the heap locked (step() locks it), so that their own frames
    # go on the C stack too, as run() does for step(): a frame of 9 blocks or
    # more took a search of about 1,400 bytes of the allocation table each time
    # (50% of an idle step with a blinking LED, before).
    def _scan(self, now):
        try:
            self.buttons.scan(now)
            return
        except MemoryError:
            pass
        finally:
            heap_unlock()
        self.buttons.scan(now)

    def _render(self, now):
        try:
            self._render_due(now)
            return
        except MemoryError:
            pass
        finally:
            heap_unlock()
        self._render_due(now)

    def _render_due(self, now):
        """The LEDs, if the frame changed or an animation phase moved on."""
        app = self.app
        leds = self.leds
        if app.version != self.lit or leds.due(now):
            leds.render(app.frame, now, app.brightness)
            self.lit = app.version


class Halted:
    """Stands in for the App when boot cannot start: the reason on the
    display, every LED off, presses ignored."""

    flashing = False
    brightness = 0
    tone = 0
    volume = 0
    ticker = None
    version = 1
    pending = ()
    header_due = None

    def __init__(self, lines, n=0):
        self.lines = lines
        self.frame = Frame(n)

    def key(self, code, long=False):
        pass

    def down(self, code):
        pass

    def up(self, code, long):
        pass

    def expire_flash(self):
        pass

    def idle(self):
        pass

    def soon(self):
        return False


class NoButtons:
    settling = False

    def scan(self, now):
        pass

    def get(self):
        return -1


class NoLeds:
    nanim = 0
    wrote = False

    def due(self, now):
        return False

    def render(self, frame, now, brightness):
        pass
