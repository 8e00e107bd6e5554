# The browser page's handle on the firmware (runs in the MicroPython
# WebAssembly port, next to the unmodified firmware in the port's filesystem).
# It only starts the firmware's own run loop on the simulated HAL
# (companion.boot.start_sim) and passes bytes and presses through:
# no rules here, and none in the page.

import json

from companion.app import page
from companion.boot import start_sim
from companion.loop import Halted
from companion.store.files import saved_log
from companion.store.log_store import Store
from companion import ui
from companion.ui import lang


loops = {}
page_lang = ["en"]  # the page's language (the browser's, or the player's choice): every board's


def say(obj):
    """The firmware's words in the page's language (ui/lang, with the page's tables): a
    text, or the texts in a list or a dict's values."""
    if isinstance(obj, str):
        return lang.say(obj)
    if isinstance(obj, list) or isinstance(obj, tuple):
        return [say(x) for x in obj]
    if isinstance(obj, dict):
        return dict((k, say(v)) for k, v in obj.items())
    return obj


def language(code):
    """Speak `code` ("en", "de", "fr") on the page and on every board's display,
    kept in each board's settings as its menu keeps it; returns the page's own
    words in it (JSON {English: translation}; {} for English)."""
    page_lang[0] = code if code in lang.CODES else "en"
    lang.for_page()
    for name in loops:
        _apply(name)
    lang.use(page_lang[0])
    from companion.ui.lang import speak

    return json.dumps(dict(speak.entries(speak._t)))


def _apply(name):
    app = loops[name].app
    if not isinstance(app, Halted):
        n = lang.CODES.index(page_lang[0])
        app.settings.set("lang", n)  # (the App read its own at boot)
        app.language(n)
        lang.use(page_lang[0])
        app.changed()


def browser_seed():
    """32 bits from the browser's crypto.getRandomValues. The WebAssembly port has
    no os.urandom, and the firmware's fallback, the microsecond clock, counts
    whole milliseconds from the page's start: two tabs drew the same part of a
    remote game's seed, one anybody could guess from its commitment."""
    import js

    words = js.Uint32Array.new(1)
    js.crypto.getRandomValues(words)
    return words[0] & 0xFFFFFFFF


def boot(name, layout, root, seed=-1, now=0, sensed=""):
    """(Re)start the firmware on a fresh simulated HAL, reading the log in root
    (seed >= 0: the "lot" the firmware draws, for tests; else a random one);
    now: the page's clock, which steps it from then on; sensed: a sensing
    board's sticks as they stand (sensed_bits(), hex), kept by the page."""
    loops.pop(name, None)
    loops[name] = start_sim(layout, root, seed=(lambda: seed) if seed >= 0 else browser_seed, now=now,
                            sensed=bytes.fromhex(sensed) if sensed else None)
    towers_held.pop(name, None)
    if not sensed:
        _set_up(loops[name])
    _apply(name)
    return len(loops[name].leds.strip.buf) // 3


def step(name, now):
    """One run-loop pass; returns what the page redraws on a change of: the
    app's version (it grows when frame or text change) and the version the
    display last drew (a step after a press's light and log, on a chip)."""
    loop = loops[name]
    loop.step(now)
    return "%d %d" % (loop.app.version, loop.drawn)


def press(name, code, down):
    scanner = loops[name].buttons.scanner
    if down:
        scanner.press(code)
    else:
        scanner.release(code)


def sensing(name):
    """The names of the sensed elements, "|" between them ("" on a board
    without sensors): connections, cells, Duell's stone pockets (which have
    no button of their own)."""
    s = loops[name].app.sensing
    return "|".join(s.names) if s is not None else ""


towers_held = {}  # loop name -> the towers the page's player holds (Rukuni: lifted, not set down yet)


def _set_up(loop):
    """A page with no sensed board kept (its first start): the pieces stand
    as the game has them (Rukuni's towers on their corners), as a player
    sets up a real board before switching it on."""
    s = loop.app.sensing
    game = loop.app.game
    if s is None or game is None or not s.active:
        return
    chain = loop.sensors.scanner
    for k in range(s.n):
        piece = s.real(k)
        if piece == 3 and s.tall is not None:
            chain.put(s.tall[k], 1)
        elif piece:
            chain.put(s.bits[2 * k + (1 if piece == 2 and s.colours else 0)], 1)


def sense(name, element, other):
    """The page's sensing board: a click on an empty sensed element puts the
    player to move's stick there (other: the other colour's; Duell: the
    pocket's player's stone), a click on a stick lifts it; the chain's bits
    change as the hall switch's would.
    Rukuni: a click on a tower lifts it into the hand, the next click on an
    empty cell sets it down there."""
    loop = loops[name]
    s = loop.app.sensing
    chain = loop.sensors.scanner
    k = s.names.index(element)
    w = s.bits[2 * k]
    b = s.bits[2 * k + 1]
    t = s.tall[k] if s.tall is not None else None
    if chain.state[w] or chain.state[b] or t is not None and chain.state[t]:
        if t is not None and chain.state[t]:
            towers_held[name] = towers_held.get(name, 0) + 1
            chain.put(t, 0)
        chain.put(w, 0)
        chain.put(b, 0)
        return
    if t is not None and towers_held.get(name):
        towers_held[name] -= 1
        chain.put(t, 1)
        return
    game = loop.app.game
    black = game is not None and game.active() == 1
    if loop.app.game_name == "duell":
        black = s.who(k) == 1  # a pocket's own player's stone
    if other:
        black = not black
    chain.put(b if black else w, 1)


def sensed_bits(name):
    """The sensed board's chain bits, hex (the page keeps them across a reload)."""
    loop = loops[name]
    return bytes(loop.sensors.scanner.state).hex() if loop.sensors is not None else ""


def buttons_idle(name):
    """No button held or settling, no press waiting: the firmware has taken
    every press, and the display shows what it did."""
    loop = loops[name]
    b = loop.buttons
    s = loop.sensors
    return not b.busy and b.head == b.tail and loop.drawn == loop.app.version and (s is None or not s.busy)


def led_bytes(name):
    return loops[name].leds.strip.buf


def frame_codes(name):
    """The app's LED frame (frame.py): every LED's colour code, then every LED's effect code."""
    f = loops[name].app.frame
    return bytes(f.colour) + bytes(f.effect)


def todo_marks(name):
    """Per LED: 0, or what the real board still lacks there (the game's to-do):
    1 take off, 2 put on, 3 both. The page marks those elements (todo.js)."""
    app = loops[name].app
    out = bytearray(app.frame.n)
    g = getattr(app, "game", None)
    ui = getattr(app, "ui", None)
    if g is None or ui is None or not g.nreal or app.checking > 0:
        return out  # during the board check only the step's elements speak
    led = getattr(ui, "led", None) or getattr(ui, "site_led", None)
    for e in range(g.elements()):
        t = g.todo_at(e)
        if t and led is not None and led[e] < len(out):
            out[led[e]] = t
    step = getattr(ui, "_next", lambda: None)()  # solo Kahuna: the device's stick to put on or take off
    if step is not None and step[0] in (1, 2, 3) and led is not None:
        out[led[step[1]]] = 1 if step[0] == 2 else 2
    return out


def pixels(name):
    return loops[name].screen.display.buffer


def text(name):
    return "\n".join(loops[name].screen.lines)


def brightness(name):
    return getattr(loops[name].app, "brightness", 255)


def archive(root):
    """Set the running game aside (the firmware's own archive), before loading another."""
    Store(root).archive()


def titles():
    """The games' titles by file id, as the firmware names them (JSON)."""
    return json.dumps(ui.TITLES)


def names(name, codes):
    """The firmware's accessible name of each button ("ALOA-BARI: white stick"),
    for the comma-separated codes; JSON list, null where it has none."""
    app = loops[name].app
    halted = isinstance(app, Halted)
    return json.dumps([None if halted else say(page.describe(app, int(c))) for c in codes.split(",") if c])


def status(name):
    """The firmware's words for the page's side panel (App.status), JSON."""
    app = loops[name].app
    if isinstance(app, Halted):
        return json.dumps({"turn": " ".join(app.lines)})
    out = say(page.status(app))
    from companion.hal.leds import PALETTE

    if app.game is not None:
        from companion.ui import words

        out["result"] = say(words.result(app.game))  # the end: who won, and the points' breakdown
    k = 3 * out.get("colour", 0)
    out["rgb"] = list(PALETTE[k:k + 3])  # the LED colour of the player to play
    return json.dumps(out)


def buzzer(name):
    """The simulated buzzer's pitch (Hz), duty (0: silent) and change count."""
    bz = loops[name].buzzer
    if bz is None:
        return [0, 0, 0]
    return [bz.pwm.hz, bz.pwm.duty, bz.pwm.changes]


def log_text(root):
    """The running game's log as one JSON-lines text (the store keeps it in pieces)."""
    Store(root).read()  # a log loaded as current.jsonl is taken in first
    return saved_log(root).decode()


def archived(root):
    """The archived games' names, oldest first."""
    try:
        return Store(root).finished()
    except OSError:
        return []


def archived_text(root, name):
    return saved_log(root, name).decode()


def hands(name):
    """Kahuna's digital deck: each player's hand as text, for their covered panel
    (JSON: {"white": "ELAI FAAA", "black": ..., "device": "black" or null}); "" otherwise."""
    import json

    game = loops[name].app.game
    if game is None or not getattr(game, "deck", False):
        return ""
    names = game.board.island_names
    out = {"device": None if game.device < 0 else ("white", "black")[game.device]}
    for p in (0, 1):
        cards = []
        for i in range(game.nisland):
            cards += [names[i]] * game.hand(p, i)
        out[("white", "black")[p]] = " ".join(cards)
    return json.dumps(out)


def history(name, root):
    """The running game's log in the firmware's words (ui/words.py), JSON:
    {"moves": one sentence per log line, "scorings": [...], "result": [...]}."""
    from companion.ui import words

    text = log_text(root)
    lines = [l for l in text.split("\n") if l.strip()]
    if not lines:
        return json.dumps({"moves": [], "scorings": [], "result": [], "last": "", "undo": False})
    try:
        out = words.history(lines, loops[name].app.load_layout)
    except Exception as e:  # a log the firmware resumed only in part: its words up to there
        return json.dumps({"moves": [], "scorings": [], "result": [], "error": str(e), "last": "", "undo": False})
    out["last"], out["undo"] = newest_move(lines, out["moves"])
    return json.dumps(say(out))


def newest_move(lines, moves):
    """(the newest move's sentence, whether it is an UNDO) of a log and its words
    (one sentence per line), the real board's confirmations left out: the
    page's "Last:" line after a reload (the UI's own memory of the last press
    starts empty) and its "lift" marks after an UNDO (docs/simulator.md)."""
    for k in range(len(lines) - 1, 0, -1):
        try:
            op = json.loads(lines[k]).get("op")
        except (ValueError, AttributeError):
            continue
        if op not in ui.CONFIRMS:
            return (moves[k] if k < len(moves) else ""), op == "undo"
    return "", False


def chosen_card(name):
    """Kahuna's digital deck: the LED of the island whose card the player chose
    to pay with (ui/kahuna_cards.py UI.chosen), or -1. The page marks it
    plainly: the firmware's own light for it is a small pulse."""
    app = loops[name].app
    if isinstance(app, Halted) or app.game is None or not app.game.deck or app.ui.chosen < 0:  # (deck: the cards UI)
        return -1
    game = app.game
    return app.ui.led[game.nconn + app.ui.chosen]


def check_log(name, text):
    """Why the firmware would not resume this log on this board ("" if it
    would, all of it). Another game's log names the game to choose instead:
    the board would set it aside and start a game of its own."""
    from companion.core import log

    app = loops[name].app
    lines = [l for l in text.split("\n") if l.strip()]
    game, n, error = log.resume(lines, app.own_layout)
    if error is None:
        return ""
    try:
        other = json.loads(lines[0]).get("layout")
    except (ValueError, AttributeError, IndexError):  # (not JSON, not an object, no line)
        other = None
    if other != app.layout_name and other in ui.TITLES:
        return say("it is a game of %s: choose that game above (Game) and load it there" % ui.TITLES[other])
    return say(str(error))


def readable_text(name):
    """The display's text with its short words spelt out (for a screen reader)."""
    from companion.ui import words

    return words.readable(text(name))


def no_check(name):
    """A replayed step of the history is not a restart: no board check offered."""
    loops[name].app.checking = -1
    loops[name].app.changed()


def new_game(name):
    """The menu's New game (the running game goes to the archive)."""
    app = loops[name].app
    app.new_game()
    app.changed()
    return say(app.said)
