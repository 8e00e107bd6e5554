"""A real game on the emulated Pico (docs/bench.md, "A real game"): a seeded
Kahuna game past 300 log lines, pressed as players press, with what the
bench's kind scenarios leave out: undos right after checkpoints, refused
presses, cascades, to-dos confirmed, presses that land in quiet-time work,
a New game and a press right after it; then its flash booted, with presses
from reset on, to find the earliest moment a press counts.

The presses are planned on the host: the same firmware on the simulated
HAL (boot.start_sim) plays the same log with the same press times, and
says what each press did (its kind) and which LEDs it changed. The chip
then gets the same presses; each is timed from contact to the first frame
in which one of those LEDs changes (a visible change: a frame that only
starts a blink in its dark phase does not count)."""

import json
import os
import random
import tempfile

from ..paths import LAYOUTS
from . import game as chipgame

HOLD = 80  # ms a press is held
GAP = 250  # ms from a release to the next contact, in play
PAUSE = 1600  # a pause: quiet time (IDLE_MS) has written its checkpoint, the look
IDLE_MS = 1000  # companion/loop.py: quiet time starts this long after the last press or release
QUIET_LAND = (3, 15, 40)  # ms into quiet time that a press lands, in turn
CHECK_EVERY = 24  # companion/app/saving.py: logged lines between checkpoints
SEEN_MS = 60  # after this the host has acted on a press (its LEDs, its log line)
CONFIRMS = ("took_off", "put_on", "tidy")

# After the flash is written the probe prints every press the debouncer counts.
COUNTED_PROBE = b"""
from companion.hal import buttons as _buttons

_get = _buttons.Buttons.get


def _counted(self):
    e = _get(self)
    if e >= 0 and e & 3 == _buttons.DOWN:
        print("DOWN %d" % (e >> 2))
    return e


_buttons.Buttons.get = _counted
"""


# The run loop's steps timed on the chip (as host_tools/bench/chip.py's STEP_PROBE),
# put in before boot runs so that the modules still come from the pack.
STEP_PROBE = b"""
import time as _time
from companion import loop as _loop

_step = _loop.Loop.step
_n = 0
_worst = 0


def _timed(self, now, locked=False):
    global _n, _worst
    t0 = _time.ticks_us()
    _step(self, now, locked)
    d = _time.ticks_diff(_time.ticks_us(), t0)
    if d > _worst:
        _worst = d
        print("WORST %d %d" % (now, d))
    _n += 1


_loop.Loop.step = _timed
"""


class Planner:
    """The firmware on the simulated HAL, pressed at the chip's times: each
    press's kind, the LEDs it changed and whether it landed in quiet time."""

    def __init__(self, log_text, start_ms):
        from companion.boot import start_sim

        self.dir = tempfile.TemporaryDirectory(prefix="bench-game-")
        root = os.path.join(self.dir.name, "games")
        os.mkdir(root)
        with open(os.path.join(root, "current.jsonl"), "w") as f:
            f.write(log_text)
        self.loop = start_sim("kahuna", root, str(LAYOUTS), lambda: 1234, 0)
        self.app = self.loop.app
        self.t = 0
        self.presses = []  # {kind, code, at, hold, leds, quiet, ops}
        self.buttons = chipgame.buttons()
        self.released = start_ms
        self._to(start_ms)

    def close(self):
        self.dir.cleanup()

    def _to(self, t):
        while self.t < t:
            self.t += 1
            self.loop.step(self.t)

    def _logged(self):
        return list(self.app.store.read(False) or ())

    def press(self, code, at, quiet=False, hold=HOLD):
        """Press code at `at` (ms) for hold ms; what it did is recorded."""
        app = self.app
        scanner = self.loop.buttons.scanner
        self._to(at)
        frame = (bytes(app.frame.colour), bytes(app.frame.effect))
        game = app.game
        rules = bytes(game.s[:game.nreal]) if game is not None else b""
        n = len(self._logged())
        scanner.press(code)
        turn = code == self.buttons["TURN"]
        self._to(at + (hold if turn else SEEN_MS))  # TURN acts at its release
        if turn:
            scanner.release(code)
            self._to(at + hold + SEEN_MS)
        after = (app.frame.colour, app.frame.effect)
        leds = [i for i in range(len(frame[0])) if frame[0][i] != after[0][i] or frame[1][i] != after[1][i]]
        refused = app.flashing
        self._to(at + hold)
        if not turn:
            scanner.release(code)
        self._to(at + hold + 2)
        self.released = at + hold
        lines = self._logged()
        ops = [json.loads(x)["op"] for x in lines[n:]] if app.game is game else ["new game"]
        self.presses.append({"kind": self._kind(ops, refused, game, rules), "code": code, "at": at, "hold": hold,
                             "leds": leds, "quiet": quiet, "ops": ops})
        return self.presses[-1]

    def _kind(self, ops, refused, game, rules):
        if not ops:
            return "refused" if refused else "menu"
        op = ops[0]
        if op == "new game":
            return "new game"
        if op in CONFIRMS:
            return "confirm"
        if op in ("undo", "remove"):
            return op
        if op == "end_turn":
            return "turn"
        changed = sum(1 for k in range(len(rules)) if rules[k] != game.s[k])
        return "cascade" if changed > 1 else "plain"

    def next_at(self, pause=0):
        return self.released + (pause or GAP)

    def lines(self):
        return len(self._logged())

    def checked(self):
        """Lines logged since the last checkpoint the app wrote."""
        return self.app.store.n - self.app.checked

    def choose(self, rng):
        """A press a player might make now: mostly a to-do confirmed, a stick
        put on a free connection or one of the other side's taken off;
        sometimes TURN, UNDO or a press the rules refuse (one's own stick)."""
        g = self.app.game
        b = self.buttons
        todo = [k for k in range(g.nreal) if g.todo_at(k)]
        r = rng.random()
        if todo and r < 0.85:
            return b[g.element_name(rng.choice(todo))]
        if r < 0.15:
            return b["TURN"]
        if r < 0.19:
            return b["UNDO"]
        free = [k for k in range(g.nconn) if not g.s[k]]
        if free and r < 0.7:
            return b[g.element_name(rng.choice(free))]
        return b[g.element_name(rng.choice([k for k in range(g.nconn) if g.s[k]]))]


def play(log_text, start_ms, seed=44, presses=30):
    """The long game's presses from start_ms on, planned on the host: an
    UNDO right after the checkpoint the boot wrote; play, a press every GAP
    after a release; every eighth press lands in quiet-time work (QUIET_LAND
    ms into it); once CHECK_EVERY lines are logged since the last
    checkpoint, a pause (its quiet time writes one) and an UNDO right after
    it; the last press such an UNDO. Returns (the Planner's presses, the log's lines at the end)."""
    rng = random.Random(seed)
    p = Planner(log_text, start_ms)
    try:
        b = p.buttons
        p.press(b["UNDO"], start_ms)
        quiet = 0
        while True:
            if p.checked() >= CHECK_EVERY:  # a pause writes a checkpoint; an UNDO right after it
                p.press(b["UNDO"], p.next_at(PAUSE))
                if len(p.presses) >= presses:
                    break
            elif len(p.presses) % 8 == 7:
                p.press(p.choose(rng), p.next_at(IDLE_MS + QUIET_LAND[quiet % len(QUIET_LAND)]), quiet=True)
                quiet += 1
            else:
                p.press(p.choose(rng), p.next_at())
        return p.presses, p.lines()
    finally:
        p.close()


def new_game_presses(start_ms):
    """On the long game's flash: New game from the menu (white first; MENU
    to its line, TURN), a stick pressed 150 ms after that release and two
    more (tests/scenarios/device.py new_game). (kind,
    code, at, hold) as chipgame.example_presses gives them."""
    b = chipgame.buttons()
    out = [("turn", b["TURN"], start_ms, HOLD)]  # a move first: the boot's "Check the board?" gives way
    t = start_ms + HOLD + GAP
    for code in [b["MENU"], b["TURN"]] + [b["MENU"]] * 8:  # first: white; the menu's lines to New game
        out.append(("menu", code, t, HOLD))
        t += HOLD + GAP
    out.append(("new game", b["TURN"], t, HOLD))
    t += HOLD + 150
    for name in ("ALOA-BARI", "HUNA-IFFI", "ELAI-JOJO"):
        out.append(("plain", b[name], t, HOLD))
        t += HOLD + GAP
    return out


def visible_times(report, presses):
    """Per press: (kind, quiet, contact (TURN: release) -> the first frame in
    which one of its LEDs differs from the last frame before it, in ms; None
    if none did). A confirmation is left out: its blinking LED stops, and
    no frame tells that from a dark phase of the blink."""
    frames = report["frames"]
    out = []
    for p in presses:
        keys = [str(i) for i in p["leds"]]
        if not keys or p["kind"] == "confirm":  # a blink that stops: no frame tells it from a dark phase
            continue
        at = p["at"] + (p["hold"] if p["code"] == chipgame.buttons()["TURN"] else 0)  # TURN acts at release
        before = {}
        lit = None
        for f in frames:
            if f["t_ms"] <= at:
                before = f["on"]
            elif any(f["on"].get(k) != before.get(k) for k in keys):
                lit = f["t_ms"] - at
                break
        out.append((p["kind"], p["quiet"], lit))
    return out


def counted(console):
    """The codes the probe saw counted, in order."""
    return [int(x.split()[1]) for x in console.splitlines() if x.startswith("DOWN ")]


_MAIN = []


def _main_py():
    """main.py as `companion flash` writes it (a played image may hold a probe's)."""
    from . import image

    if not _MAIN:
        _MAIN.append(image.read(image.build())["/main.py"].decode())
    return _MAIN[0]


def probed(fs_image, *probes):
    """The image with these probes put in its main.py before boot runs (the
    modules still from the pack, as flashed)."""
    from . import image

    text = _main_py()
    at = text.index('pack.load("boot").run()')
    main = text[:at] + "".join(p.decode() + "\n" for p in probes) + text[at:]
    return image.with_files(fs_image, [("/main.py", main.encode())])


def worst_step(console):
    """(emulated ms at which the longest step began, its ms) from the step probe, or None."""
    lines = [x.split() for x in console.splitlines() if x.startswith("WORST ")]
    return (int(lines[-1][1]), int(lines[-1][2]) / 1000) if lines else None


def earliest_presses(times=(100, 150, 200, 250, 300, 350, 400, 500, 600, 800, 1000, 1200, 1400)):
    """Presses from reset on, each on its own element button (so that the
    debouncer's lock-out does not join them), held 15 ms: (code, at, hold).
    A dozen: a boot's presses come out of the backlog at once, two changes
    each, into the debouncer's queue of 32."""
    b = chipgame.buttons()
    codes = sorted(c for n, c in b.items() if n not in ("TURN", "UNDO", "MENU"))
    return [(codes[3 * i % len(codes)], t, 15) for i, t in enumerate(times)]


def earliest_counted(console, presses):
    """The earliest press time from which every later press counted, and the presses lost (their times)."""
    seen = counted(console)
    lost = []
    for code, at, hold in presses:  # a code pressed again later: counted in order
        if code in seen:
            seen.remove(code)
        else:
            lost.append(at)
    later = [at for code, at, hold in presses if not lost or at > max(lost)]
    return (later[0] if later else None), lost
