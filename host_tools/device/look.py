"""The look of a board's first game, which `companion flash` puts on a board
that holds no game: its first boot lights that look about 60 ms after reset
(main.py, companion/lit.py) instead of after the whole firmware has loaded
(about half a second on a Pico), as every later boot lights its saved game.

The look is made by the firmware itself, here on the PC: the new game booted
in a temporary folder from the board's own layout, rendered by the LED
driver with the profile's strip (colour order, current budget) at the
default brightness, packed with the layout's and profile's marks and the log
token of a board with nothing logged (lit.NEW). A look that the game's seed
would change is not made: boot then renders the game as before.
"""

import json
import tempfile
import zlib
from pathlib import Path

from companion import lit
from companion import boot
from companion.hal.leds import GRB, Leds
from companion.hal.sim import SimStrip
from companion.store.settings import FILE as SETTINGS

GAMES = "/games"  # boot.start_device's store_root
SAVED_LOOK = GAMES + "/" + lit.NAME
# what makes a board's next boot show something else than a new game at the default settings
NOT_NEW = (GAMES + "/log/", GAMES + "/" + lit.HAND_PUT, GAMES + "/" + SETTINGS)


def marks(layout_bytes, profile_bytes):
    """/board_layouts/checked.txt: the CRC-32s of the layout and profile `companion flash` checked."""
    return "%08x %08x\n" % (zlib.crc32(layout_bytes), zlib.crc32(profile_bytes))


def is_new(paths):
    """Whether a board holding these files boots a new game at the default settings."""
    return not any(p.startswith(NOT_NEW) for p in paths)


def _strip_bytes(layout, name, profile, seed):
    with tempfile.TemporaryDirectory() as tmp:
        layouts = Path(tmp, "board_layouts")
        layouts.mkdir()
        (layouts / (name + ".json")).write_text(json.dumps(layout))
        app = boot.boot_app(layout, str(Path(tmp, "games")), lambda: seed, str(layouts))
        spec = profile["leds"]
        leds = Leds(SimStrip(app.frame.n), app.frame.n, spec.get("max_ma", 500), order=GRB)  # hal/board.leds
        leds.render(app.frame, 0, app.brightness)
        return bytes(leds.strip.buf)


def new_game_look(board):
    """lit.bin's bytes for a board of this BoardData with no game on it, or
    None if its new game's look is not known before boot (it depends on the
    seed)."""
    profile = json.loads(board.profile_bytes)  # (checked: its "leds" have a pin)
    spec = profile["leds"]
    data = [_strip_bytes(board.data, board.layout, profile, seed) for seed in (1, 0x2545F491)]
    if data[0] != data[1]:
        return None
    key = marks(board.layout_bytes, board.profile_bytes).strip()  # as lit.saved reads checked.txt
    return lit.pack(spec["pin"], data[0], key, lit.NEW)
