"""The player's settings (brightness, calm LEDs, sound, volume, language), kept across resets.

One small JSON file beside the game logs, written only when a setting is
changed in the menu (through a temporary file and a rename, so a power cut
leaves the old or the new settings). A missing or damaged file means the
defaults, and so does a value the menu cannot give: settings are a
comfort, never a reason not to start.
"""

import json
import os

FILE = "settings.json"
LONGEST = 256  # bytes: the file the menu writes is about 60; a longer one is not the menu's
DEFAULTS = {"brightness": 3, "calm": 0, "sound": 1, "volume": 2, "lang": 0}
# the menu's values; "lang": 0 English, 1 Deutsch, 2 Français (ui/lang CODES)
RANGES = {"brightness": (1, 5), "calm": (0, 1), "sound": (0, 1), "volume": (1, 3), "lang": (0, 2)}


class Settings:
    def __init__(self, root):
        self.path = root + "/" + FILE
        self.values = dict(DEFAULTS)
        self.damaged = False  # a file there that is not the menu's: the defaults (boot says so)
        try:
            with open(self.path, "rb") as f:
                data = f.read(LONGEST + 1)  # read with a bound: a huge file must not stop the board
        except OSError:
            return  # no file yet: the defaults
        try:
            if len(data) > LONGEST:
                raise ValueError("too long")
            saved = json.loads(data)
            for k in DEFAULTS:
                v = saved.get(k)
                if isinstance(v, int) and RANGES[k][0] <= v <= RANGES[k][1]:
                    self.values[k] = v  # (one out of range keeps its default)
        except (ValueError, AttributeError, TypeError, MemoryError, RuntimeError):
            self.damaged = True  # (RuntimeError: CPython's RecursionError) the defaults

    def __getitem__(self, key):
        return self.values[key]

    def set(self, key, value):
        if self.values[key] == value:
            return
        self.values[key] = value
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "w") as f:
                f.write(json.dumps(self.values))
            try:
                os.rename(tmp, self.path)  # LittleFS replaces the old file at once
            except OSError:  # FAT will not rename onto an existing file
                os.remove(self.path)
                os.rename(tmp, self.path)
        except OSError:
            pass  # flash full or failing: the setting holds until the next reset
